"""Washerwoman (Trouble Brewing, Townsfolk).

"You start knowing that 1 of 2 players is a particular Townsfolk."

How to Run: while preparing the first night, mark any Townsfolk (TOWNSFOLK) and any other
player (WRONG); wake the Washerwoman, point to both and show the TOWNSFOLK character. The
marked player is whoever registers as that Townsfolk (the Spy may); the WRONG player may be
anyone else, evil players and the Washerwoman included. A drunk or poisoned Washerwoman (or
the Drunk who thinks they are one) may be shown anything. First night only.
"""
from __future__ import annotations

from ._info import OneOfTwo


class Washerwoman(OneOfTwo):
    id = "washerwoman"
    kind = "information"
    team = "townsfolk"

    def wakes(self, first: bool) -> bool:
        return first

