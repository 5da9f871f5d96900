"""Magician & Marionette: "While the Magician is alive, the Demon doesn't know which
neighbour is the Marionette."

Jinx point `neighbours_shown` of the Marionette: True while a Magician is alive. At the
Marionette's step the Demon is then shown both of its neighbours with the Marionette token
(`{players: [left, right], character: marionette}`): one of them is the Marionette, which
one is not said. A Magician dead by then: the Demon is shown the Marionette alone.
"""
from __future__ import annotations

from ..engine.jinx import Jinx


class MagicianMarionette(Jinx):
    pair = ("magician", "marionette")

    def adjust(self, ability, point, value):
        if ability.id == "marionette" and point == "neighbours_shown":
            return value or any(p.alive and p.character == "magician"
                                for p in self.game.players)
        return value
