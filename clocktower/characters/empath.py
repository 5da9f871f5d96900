"""Empath (Trouble Brewing, Townsfolk). Not in the seeds; ability in our own words:

"Each night, you learn how many of your 2 alive neighbours are evil."

Each night the Empath learns 0, 1 or 2: how many of the nearest living player on each side
register as evil. Dead players are skipped over.
"""
from __future__ import annotations

from ..engine.ability import Ability


class Empath(Ability):
    id = "empath"

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        left, right = game.neighbours(me, alive_only=True)
        # Left then right, each once (with two players alive they are the same player):
        # a list, not a set, so the Storyteller's registration questions come in seat order.
        seen = [q for q in (left, right) if q is not None]
        if len(seen) == 2 and seen[0] is seen[1]:
            seen.pop()
        count = sum(1 for q in seen if game.registration(q, self.id)[1] == "evil")
        game.tell(me, [{"count": count}], lambda: [{"count": k} for k in range(3)], self)
