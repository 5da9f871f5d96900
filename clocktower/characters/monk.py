"""Monk (Trouble Brewing, Townsfolk).

"Each night*, choose a player (not yourself): they are safe from the Demon tonight."

How to Run: each night except the first the Monk chooses another player, marked SAFE until
dawn. If the Demon attacks that player, nobody dies. The protection stops every harmful
effect of the Demon's ability on that player. A drunk or poisoned Monk protects nobody.
"""
from __future__ import annotations

from ..engine.ability import Ability
from ..engine.state import Effect


class Monk(Ability):
    id = "monk"
    kind = "protection"
    # what the world solver's timeline models of it (docs/solver.md)
    world_rules = {"protect": "chosen"}
    may_choose_self = False     # the Amnesiac's Self-Monk variant may (characters/_variants.py)

    def wakes(self, first: bool) -> bool:
        return not first

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        target = game.choose_players(me, 1, ability=self, allow_self=self.may_choose_self)
        if target:
            game.add_effect(Effect("safe", target[0], self, ends=("dawn", game.night)),
                            by=self)

    def protects(self, target, cause, by) -> bool:
        if cause != "demon":
            return False
        return any(e.kind == "safe" and e.source is self
                   and self.game.effect_active(e) for e in target.effects)
