"""Recluse (Trouble Brewing, Outsider).

"You might register as evil & as a Minion or Demon, even if dead."

How to Run: each time the Recluse is the subject of an ability that detects or affects evil
characters, the Storyteller chooses the character and alignment the Recluse registers as.
"""
from __future__ import annotations

from .. import data as D
from ..engine.ability import Ability


class Recluse(Ability):
    id = "recluse"
    registers_when_dead = True

    def false_registrations(self):
        game = self.game
        evil = [c for c in game.script.characters if c not in game.script.homebrew
                and D.get(c).team in ("minion", "demon")]
        out = [(self.player.character, "evil")]
        out += [(c, "evil") for c in evil]
        return out
