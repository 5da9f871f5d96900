"""Magician (Carousel, Townsfolk).

"The Demon thinks you are a Minion. Minions think you are a Demon."

How to Run (7 or more players, where Minion and Demon info happen):
1. Minion info: the Minions are shown the Demon and the Magician as "the Demon" (the
   Magician is among `players` of each Minion's `minioninfo` learn event).
2. Demon info: the Demon is shown its Minions and the Magician as "your Minions" (among
   `players` of the `demoninfo` learn event), and the three bluffs as usual.
3. This replaces the normal Minion and Demon info; the Magician does not wake.

The engine's evil-info table (`engine/evilinfo.py`) passes through `evil_info(table)`: the
Magician is added to what every row is shown; the players are listed in seat order, so
nothing tells which one is the Magician. A drunk or poisoned Magician has no ability: the
evil players get the normal info. A Magician created after the evil info (e.g. a Damsel the
Huntsman turns into the Magician) changes nothing: there is no later evil info to change.

Jinxes (`clocktower/jinxes/`): Spy (the Spy's Grimoire lacks the Demon's and the
Magician's tokens), Lil' Monsta (while the Magician lives, the Storyteller, not the Minions,
picks which Minion babysits).
"""
from __future__ import annotations

from ..engine.ability import Ability


class Magician(Ability):
    id = "magician"
    kind = "deception"

    def wakes(self, first: bool) -> bool:
        return False

    def evil_info(self, table) -> None:
        # Shown to the Minions as the Demon and to the Demon as a Minion (seat order hides it).
        if self.functioning:
            table.show(self.player)
