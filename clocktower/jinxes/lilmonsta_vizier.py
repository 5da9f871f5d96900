"""Lil' Monsta & Vizier: "If the Vizier is babysitting Lil' Monsta, they die when
executed."

Jinx point `day_protection` of the Vizier: the day protection does not stop an execution
while the Vizier is the babysitter (the Demon through Lil' Monsta's `counts_as_demon`).
"""
from __future__ import annotations

from ..engine.jinx import Jinx


class LilMonstaVizier(Jinx):
    pair = ("lilmonsta", "vizier")

    def adjust(self, ability, point, value):
        if ability.id == "vizier" and point == "day_protection" \
                and value["cause"] == "execution" and ability.player is not None:
            sitter = any(ab.counts_as_demon(ability.player)
                         for ab in self.game.hooks("counts_as_demon") if ab.id == "lilmonsta")
            if sitter:
                return {**value, "protected": False}
        return value
