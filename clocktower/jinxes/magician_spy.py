"""Magician & Spy: "When the Spy sees the Grimoire, the Demon and Magician's character
tokens are removed."

Jinx point `grimoire` of the Spy: the Demon's and the Magician's entries lose their
`character` and `alignment` (None) before the Spy sees them.
"""
from __future__ import annotations

from .. import data as D
from ..engine.jinx import Jinx


class MagicianSpy(Jinx):
    pair = ("magician", "spy")

    def adjust(self, ability, point, value):
        if ability.id == "spy" and point == "grimoire":
            for g in value:
                if D.get(g["character"]).team == "demon" or g["character"] == "magician":
                    g["character"] = g["alignment"] = None
        return value
