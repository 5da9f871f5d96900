"""Empath (Trouble Brewing, Townsfolk). Not in the seeds; ability in our own words:

"Each night, you learn how many of your 2 alive neighbours are evil."

Each night the Empath learns 0, 1 or 2: how many of the nearest living player on each side
register as evil. Dead players are skipped over.
"""
from __future__ import annotations

from ._info import Information


class Empath(Information):
    id = "empath"
    kind = "information"

    @staticmethod
    def _each_once(left, right) -> list:
        # Left then right, each once (with two players alive they are the same player):
        # a list, not a set, so the Storyteller's registration questions come in seat order.
        seen = [q for q in (left, right) if q is not None]
        if len(seen) == 2 and seen[0] == seen[1]:
            seen.pop()
        return seen

    def truths(self, world, player=None) -> list[dict]:
        seen = self._each_once(*world.neighbours(self.holder(player), alive_only=True))
        return [{"count": sum(1 for q in seen if world.registers_alignment(q) == "evil")}]

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        world = self.world(self.ask_registrations(
            self._each_once(*game.neighbours(me, alive_only=True))))
        game.tell(me, self.truths(world), lambda: [{"count": k} for k in range(3)], self)
