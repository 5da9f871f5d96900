"""Alchemist & Spy: "If the Alchemist has the Spy ability, they do not have the Spy ability
& a Spy is in play. After each execution, a living Alchemist-Spy may publicly guess a
living player as the Spy. If correct, the Demon must choose the Spy tonight." (paraphrased
in ../shared/reference/jinxes.md)

What this module does: the Storyteller does not give the Alchemist the Spy ability while
this jinx is active (jinx point `minions` of the Alchemist), so an Alchemist-Spy never
comes up. The Alchemist-Spy's guess and the Demon's forced choice are not implemented.
"""
from __future__ import annotations

from ..engine.jinx import Jinx


class AlchemistSpy(Jinx):
    pair = ("alchemist", "spy")

    def adjust(self, ability, point, value):
        if ability.id == "alchemist" and point == "minions":
            return [c for c in value if c != "spy"]
        return value
