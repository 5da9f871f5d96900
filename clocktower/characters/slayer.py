"""Slayer (Trouble Brewing, Townsfolk).

"Once per game, during the day, publicly choose a player: if they are the Demon, they die."

How to Run: during the day the Slayer may declare the ability and point at any player. If
the chosen player is an alive Demon (or registers as one: the Recluse might), they die.
Otherwise nothing happens. Used while drunk or poisoned, the ability is spent.
"""
from __future__ import annotations

from ..engine.ability import Ability, State


class Slayer(Ability):
    id = "slayer"
    kind = "killing"
    # what the world solver's timeline models of it (docs/solver.md)
    world_rules = {"shoot": "demon"}
    used = State(False)

    def day_options(self) -> list[dict]:
        if self.used or not self.player.alive:
            return []
        return [{"target": p.name} for p in self.game.players]

    def day_ability(self, args: dict) -> None:
        game, me = self.game, self.player
        self.used = True
        target = game.player(args["target"])
        if not self.functioning or not target.truly_alive:
            self.no_effect("death", target=target)
            return
        if game.registers_as_demon(target, self.id):
            game.kill(target, "ability", me)
        # else: nothing happens (the engine announces it, as for a pretend)
