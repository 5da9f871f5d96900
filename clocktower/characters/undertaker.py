"""Undertaker (Trouble Brewing, Townsfolk).

"Each night*, you learn which character died by execution today."

How to Run: each night except the first, if a player died by execution today, wake the
Undertaker and show that player's character token (the Drunk is shown as the Drunk). If
nobody died by execution (no execution, or the executed player was already dead), the
Undertaker is not woken.
"""
from __future__ import annotations

from ..engine.ability import Ability
from ._common import team_characters


class Undertaker(Ability):
    id = "undertaker"

    def _executed_dead(self):
        game = self.game
        for e in reversed(game.log):
            if e["type"] == "night" and e["number"] == game.night:
                continue
            if e["type"] == "day":
                return None
            if e["type"] == "death" and e["cause"] == "execution" and e["phase"] == "day":
                return game.by_name[e["player"]]
        return None

    def wakes(self, first: bool) -> bool:
        return not first and self._executed_dead() is not None

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        dead = self._executed_dead()
        char = game.registration(dead, self.id)[0]
        game.tell(me, [{"character": char, "players": [dead.name]}],
                  lambda: [{"character": c, "players": [dead.name]}
                           for c in team_characters(game)], self)

