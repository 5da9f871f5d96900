"""Investigator (Trouble Brewing, Townsfolk).

"You start knowing that 1 of 2 players is a particular Minion."

How to Run: while preparing the first night, mark any Minion (MINION) and any other player
(WRONG); wake the Investigator, point to both and show the MINION character. The marked
player is whoever registers as that Minion (the Recluse may; the Spy may register as good);
the WRONG player may be anyone else. First night only.
"""
from __future__ import annotations

from ._info import OneOfTwo


class Investigator(OneOfTwo):
    id = "investigator"
    kind = "information"
    team = "minion"

    def wakes(self, first: bool) -> bool:
        return first

