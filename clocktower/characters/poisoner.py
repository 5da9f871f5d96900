"""Poisoner (Trouble Brewing, Minion).

"Each night, choose a player: they are poisoned tonight and tomorrow day."

How to Run: each night the Poisoner chooses a player, who is poisoned until dusk of the
next night. The poison ends early if the Poisoner dies or loses the ability (becoming
another character, e.g. the Imp after a star-pass, loses it: `Game.change_character`).
"""
from __future__ import annotations

from ..engine.ability import Ability
from ..engine.state import Effect


class Poisoner(Ability):
    id = "poisoner"
    kind = "malfunction"
    # what the world solver's timeline models of it (docs/solver.md)
    world_rules = {"droison": "one"}

    def night(self, first: bool) -> None:
        game = self.game
        target = game.choose_players(self.player, 1, ability=self)
        if target:
            game.add_effect(Effect("poisoned", target[0], self,
                                   ends=("dusk", game.night + 1)), by=self)
