"""Undertaker (Trouble Brewing, Townsfolk).

"Each night*, you learn which character died by execution today."

How to Run: each night except the first, if a player died by execution today, wake the
Undertaker and show that player's character token (the Drunk is shown as the Drunk). If
nobody died by execution (no execution, or the executed player was already dead), the
Undertaker is not woken.
"""
from __future__ import annotations

from ..engine.world import executed_today
from ._common import team_characters
from ._info import Information


class Undertaker(Information):
    id = "undertaker"
    kind = "information"
    # what the world solver's timeline models of it (docs/solver.md)
    world_rules = {"wake": "after_execution"}

    def _executed_dead(self):
        name = executed_today(self.game)
        return self.game.by_name[name] if name is not None else None

    def wakes(self, first: bool) -> bool:
        return not first and self._executed_dead() is not None

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        dead = self._executed_dead()
        world = self.world(self.ask_registrations([dead]))
        game.tell(me, self.truths(world),
                  lambda: [{"character": c, "players": [dead.name]}
                           for c in team_characters(game)], self)

    def truths(self, world, player=None) -> list[dict]:
        """The character the player who died by execution today registers as."""
        if world.executed is None:
            return []
        return [{"character": world.registers(world.executed)[0], "players": [world.executed]}]

