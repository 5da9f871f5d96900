"""Lil' Monsta & Scarlet Woman: "If Lil' Monsta dies with 5 or more players alive, the
Scarlet Woman babysits Lil' Monsta for the rest of the game."

When the babysitter dies (Lil' Monsta dies) and no other player is the Demon, with 5 or
more non-Traveller players alive just before the death, a living, working Scarlet Woman
becomes the babysitter, and the Minions no longer choose (Lil' Monsta's `locked` field).
"""
from __future__ import annotations

from typing import Any

from ..engine.jinx import Jinx


class LilMonstaScarletWoman(Jinx):
    pair = ("lilmonsta", "scarletwoman")

    def on_death(self, dead, cause, by) -> None:
        game = self.game
        # Lil' Monsta's own ability (its `set_babysitter`; no import: jinxes load with the
        # characters).
        monstas: list[Any] = [a for a in game.free_abilities if a.id == "lilmonsta"]
        for lm in monstas:
            if dead.name != lm.sitter:
                continue
            if any(p.truly_alive and game.is_demon(p) for p in game.players if p is not dead):
                return
            alive_before = sum(1 for p in game.players if p.alive and not p.traveller) + 1
            if alive_before < 5:
                return
            for sw in game.players:
                if sw is dead or sw.character != "scarletwoman" or not sw.alive:
                    continue
                if not game.functioning(sw, sw.ability):
                    continue
                game.emit("ability_triggered", "storyteller", ability="scarletwoman",
                          player=sw.name, demon=lm.id, jinx=lm.id)
                lm.locked = True
                lm.set_babysitter(sw)
                return
