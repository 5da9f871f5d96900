"""Chef (Trouble Brewing, Townsfolk). Not in the seeds; ability in our own words:

"You start knowing how many pairs of evil players sit next to each other."

On the first night the Chef learns a number: the count of neighbouring pairs around the
whole circle (alive or dead) in which both players register as evil.
"""
from __future__ import annotations

from ._info import Information


class Chef(Information):
    id = "chef"
    kind = "information"

    def wakes(self, first: bool) -> bool:
        return first

    def truths(self, world, player=None) -> list[dict]:
        evil = [world.registers_alignment(p) == "evil" for p in world.players]
        n = len(evil)
        pairs = sum(1 for i in range(n) if evil[i] and evil[(i + 1) % n]) if n > 2 else 0
        return [{"count": pairs}]

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        world = self.world(self.ask_registrations(game.players))
        n = len(game.players)
        game.tell(me, self.truths(world), lambda: [{"count": k} for k in range(n + 1)], self)
