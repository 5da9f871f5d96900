"""Chef (Trouble Brewing, Townsfolk). Not in the seeds; ability in our own words:

"You start knowing how many pairs of evil players sit next to each other."

On the first night the Chef learns a number: the count of neighbouring pairs around the
whole circle (alive or dead) in which both players register as evil.
"""
from __future__ import annotations

from ..engine.ability import Ability


class Chef(Ability):
    id = "chef"

    def wakes(self, first: bool) -> bool:
        return first

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        evil = [game.registration(p, self.id)[1] == "evil" for p in game.players]
        n = len(evil)
        pairs = sum(1 for i in range(n) if evil[i] and evil[(i + 1) % n]) if n > 2 else 0
        game.tell(me, [{"count": pairs}], lambda: [{"count": k} for k in range(n + 1)], self)
