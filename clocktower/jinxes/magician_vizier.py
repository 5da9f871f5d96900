"""Magician & Vizier: "If the Vizier is in play, the Magician has no ability. The Vizier's
ability can not be used on the Magician."

While a player is the Vizier, every Magician ability is stopped (`stops_ability`). The
Vizier's immediate execution of the Magician is immune (jinx point `immune` of the Vizier):
announced, and nothing happens (docs/scenarios.md).
"""
from __future__ import annotations

from ..engine.jinx import Jinx


class MagicianVizier(Jinx):
    pair = ("magician", "vizier")

    def stops_ability(self, ability) -> bool:
        return ability.id == "magician" and any(
            p.character == "vizier" for p in self.game.players)

    def adjust(self, ability, point, value):
        if ability.id == "vizier" and point == "immune" and value["target"].character == "magician":
            return {**value, "immune": True}
        return value
