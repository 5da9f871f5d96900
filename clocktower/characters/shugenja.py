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

from ..engine.ability import Ability
from ._common import registering_alignment

DIRECTIONS = ("clockwise", "anticlockwise")


class Shugenja(Ability):
    id = "shugenja"

    def wakes(self, first: bool) -> bool:
        return first            # first is also True on a mid-game Shugenja's first night

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        n = len(game.players)
        others = [p for p in game.players if p is not me]
        evil = registering_alignment(game, others, "evil", self.id)
        if evil:
            cw = min((p.seat - me.seat) % n for p in evil)
            acw = min((me.seat - p.seat) % n for p in evil)
            truths = [{"direction": d} for d, ok in zip(DIRECTIONS, (cw <= acw, acw <= cw)) if ok]
        else:       # nobody is evil (not a legal game): either way is as true as the other
            truths = [{"direction": d} for d in DIRECTIONS]
        game.tell(me, truths, lambda: [{"direction": d} for d in DIRECTIONS], self)
