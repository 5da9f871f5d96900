"""Vizier & Courtier (reference/jinxes.md #24): if the Vizier loses their ability, they
are told so, and they still cannot die during the day.

Jinx point `immune_without_ability` of the Vizier: the day protection holds even while the
Vizier has no ability (drunk, poisoned). At each dawn a living Vizier who has lost their
ability since they were last told is told so: a `learn` event `{ability: vizier,
yes: false}` (a shake: "your ability does not work"); told again if they lose it again.
"""
from __future__ import annotations

from ..engine.ability import StateList
from ..engine.jinx import Jinx


class VizierCourtier(Jinx):
    pair = ("vizier", "courtier")
    told: StateList[str] = StateList()

    def adjust(self, ability, point, value):
        if ability.id == "vizier" and point == "immune_without_ability":
            return True
        return value

    def on_dawn(self) -> None:
        game = self.game
        told: list = self.told
        for p in game.players:
            for ab in p.held:
                if ab.id != "vizier" or ab.origin == "believed" or not p.alive:
                    continue
                if game.in_force(ab):
                    if p.name in told:
                        told.remove(p.name)
                    continue
                if p.name not in told:
                    told.append(p.name)
                    ab.learn(p, yes=False, reason="ability lost")
