"""Recluse (Trouble Brewing, Outsider).

"You might register as evil & as a Minion or Demon, even if dead."

How to Run: each time the Recluse is the subject of an ability that detects or affects evil
characters, the Storyteller chooses the character and alignment the Recluse registers as.
"""
from __future__ import annotations

from ..engine.ability import Ability
from ._common import false_registrations


class Recluse(Ability):
    id = "recluse"
    kind = "deception"
    registers_when_dead = True

    def false_registrations(self):
        return false_registrations(self, ("minion", "demon"), "evil")
