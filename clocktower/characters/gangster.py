"""Gangster (Traveller).

"Once per day, you may choose to kill an alive neighbor, if your other alive neighbor agrees."

How to Run: once per day the Gangster may declare that they use their ability. If an alive
neighbour agrees, the other alive neighbour dies. If both agree, the Gangster chooses
which one dies; if neither agrees, the Gangster may not use the ability today. Dead
neighbours are skipped: the two alive neighbours are the nearest living players clockwise
and anticlockwise.

A use is one public day action naming both neighbours (scenario: `ability: {by: Gil,
character: gangster, target: Fay, agree: Hal}`): `target` dies (cause `ability`, by the
Gangster), `agree` is the other alive neighbour, whose agreement the Storyteller heard and
confirmed. The agreement is part of the action as the table saw it (a bot Gangster's use
stands for the deal being struck).

Rulings:
- Once an agreement is reached the day's use is spent, even if the target does not die
  (protected, or the Gangster is drunk or poisoned: nothing happens).
- With fewer than two other living players there is no deal to make (the two alive
  neighbours must be two different players).
- A dead or exiled Gangster has no ability.
"""
from __future__ import annotations

from ..engine.ability import Ability, State


class Gangster(Ability):
    id = "gangster"
    kind = "killing"
    used_day: State[int | None] = State(None)

    def day_options(self) -> list[dict]:
        game, me = self.game, self.player
        if not me.alive or self.used_day == game.day:
            return []
        left, right = game.neighbours(me)
        if left is None or right is None or left is right:
            return []
        return [{"target": left.name, "agree": right.name},
                {"target": right.name, "agree": left.name}]

    def day_ability(self, args: dict) -> None:
        game, me = self.game, self.player
        self.used_day = game.day
        game.kill(game.player(args["target"]), "ability", me, source=self)

    @classmethod
    def describe_use(cls, args: dict) -> str | None:
        if "target" in args and "agree" in args:
            return f"kills {args['target']}, with {args['agree']} agreeing (the Gangster)"
        return None
