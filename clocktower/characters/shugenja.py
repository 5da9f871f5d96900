"""Shugenja (Regalia / Carousel, Townsfolk).

"You start knowing if your closest evil player is clockwise or anti-clockwise. If
equidistant, this info is arbitrary."

How to Run: during the first night wake the Shugenja and point clockwise or anticlockwise,
towards the closest evil player; if the two closest evil players are equidistant, point
either way (the Storyteller's choice: both answers are true). The Shugenja does not learn
how far away the evil player is. A Shugenja created mid-game learns that night.

Information: `{direction: clockwise}` or `{direction: anticlockwise}`. Seats are clockwise
in seating order.

Rulings:

* Steps count every player in the circle, alive or dead, and a dead evil player is still an
  evil player: the text counts "steps" to "your closest evil player" and, unlike the Empath
  or the Chef, does not say "alive". (This only matters for a Shugenja created mid-game.)
  A Traveller whose alignment is evil is an evil player.
* Registration applies: each other player is asked how they register (a Recluse may
  register evil and be the closest evil player; a Spy may register good and be skipped).
* A drunk or poisoned Shugenja may be pointed either way.
"""
from __future__ import annotations

from ._info import Information

DIRECTIONS = ("clockwise", "anticlockwise")


class Shugenja(Information):
    id = "shugenja"
    kind = "information"

    def wakes(self, first: bool) -> bool:
        return first            # first is also True on a mid-game Shugenja's first night

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        world = self.world(self.ask_registrations(p for p in game.players if p is not me))
        game.tell(me, self.truths(world), lambda: [{"direction": d} for d in DIRECTIONS], self)

    def truths(self, world, player=None) -> list[dict]:
        """The direction(s) of the closest player registering evil (each truly evil one if
        none registers evil)."""
        me = world.player(self.holder(player))
        n = len(world.players)
        others = [p for p in world.players if p.name != me.name]
        evil = [p for p in others if world.registers_alignment(p) == "evil"] \
            or [p for p in others if p.alignment == "evil"]
        if not evil:    # nobody is evil (not a legal game): either way is as true as the other
            return [{"direction": d} for d in DIRECTIONS]
        cw = min((p.seat - me.seat) % n for p in evil)
        acw = min((me.seat - p.seat) % n for p in evil)
        return [{"direction": d} for d, ok in zip(DIRECTIONS, (cw <= acw, acw <= cw)) if ok]

    def shows(self, world, answer: dict, player=None) -> bool:
        """As `answer in truths(...)`, reading only the players it needs: from the holder
        outwards, a step at a time both ways, to the nearest player registering evil (the
        fallback to the truly evil, when nobody registers evil, lists the truths)."""
        d = answer.get("direction")
        if answer.keys() != {"direction"} or d not in DIRECTIONS:
            return answer in self.truths(world, player)
        try:
            me = world.player(self.holder(player))
        except ValueError:
            return False
        n = len(world.players)
        by_seat = {p.seat: p for p in world.players}
        for step in range(1, n):
            cw, acw = by_seat.get((me.seat + step) % n), by_seat.get((me.seat - step) % n)
            hit = tuple(q is not None and q.name != me.name
                        and world.registers_alignment(q) == "evil" for q in (cw, acw))
            if any(hit):
                return hit[DIRECTIONS.index(d)]
        return answer in self.truths(world, player)
