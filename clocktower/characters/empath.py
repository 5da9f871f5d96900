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
        seen = {q for q in (left, right) if q is not None}
        count = sum(1 for q in seen if game.registration(q, self.id)[1] == "evil")
        game.tell(me, [{"count": count}], lambda: [{"count": k} for k in range(3)], self)
