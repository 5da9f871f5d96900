"""Soldier (Trouble Brewing, Townsfolk).

"You are safe from the Demon."

How to Run: if the Demon attacks the Soldier, the Soldier does not die. A drunk or poisoned
Soldier can die to the Demon.
"""
from __future__ import annotations

from ..engine.ability import Ability


class Soldier(Ability):
    id = "soldier"
    kind = "protection"
    # what the world solver's timeline models of it (docs/solver.md)
    world_rules = {"protect": "self"}

    def protects(self, target, cause, by) -> bool:
        return target is self.player and cause == "demon" and self.functioning
