"""Oracle (Sects & Violets; The Return of Jafar, Townsfolk).

"Each night*, you learn how many dead players are evil."

How to Run: each night except the first, wake the Oracle and show fingers equal to the
number of dead evil players: those dead when dawn breaks (the Oracle acts after the Demon),
counting evil Travellers and good characters turned evil (upside-down tokens).

Rulings:
- Registration applies: each dead player counts as the alignment they register as to the
  Oracle (a dead Recluse may count as evil, a dead Spy as good), asked in seat order.
- A drunk or poisoned Oracle may be shown any number from 0 to the number of dead players.
"""
from __future__ import annotations

from ._info import Information


class Oracle(Information):
    id = "oracle"
    kind = "information"

    def wakes(self, first: bool) -> bool:
        return not first

    def truths(self, world, player=None) -> list[dict]:
        """How many dead players register as evil."""
        return [{"count": sum(1 for p in world.players
                              if not p.alive and world.registers_alignment(p) == "evil")}]

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        dead = [p for p in game.players if not p.alive]
        world = self.world(self.ask_registrations(dead))
        game.tell(me, self.truths(world),
                  lambda: [{"count": k} for k in range(len(dead) + 1)], self)

    @classmethod
    def describe_info(cls, info: dict) -> str | None:
        n = info.get("count")
        if not isinstance(n, int) or set(info) - {"count"}:
            return None
        if n == 0:
            return "no dead player is evil"
        return f"{n} dead player{' is' if n == 1 else 's are'} evil"
