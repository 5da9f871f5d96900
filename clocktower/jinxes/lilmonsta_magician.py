"""Lil' Monsta & Magician: "While the Magician is alive, the Storyteller (not the Minions)
decides which Minion babysits Lil' Monsta." (The older "only 1 in play" is obsolete.)

Jinx point `storyteller_picks` of Lil' Monsta: True while a Magician is alive. Lil' Monsta
then neither wakes the Minions nor shows them the babysitter, and the legal babysitters are
the living Minions.
"""
from __future__ import annotations

from ..engine.jinx import Jinx


class LilMonstaMagician(Jinx):
    pair = ("lilmonsta", "magician")

    def adjust(self, ability, point, value):
        if ability.id == "lilmonsta" and point == "storyteller_picks":
            return value or any(p.alive and p.character == "magician"
                                for p in self.game.players)
        return value
