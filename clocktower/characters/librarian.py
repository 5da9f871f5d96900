"""Librarian (Trouble Brewing, Townsfolk).

"You start knowing that 1 of 2 players is a particular Outsider. (Or that zero are in play.)"

How to Run: while preparing the first night, mark any Outsider (OUTSIDER) and any other
player (WRONG); wake the Librarian, point to both and show the OUTSIDER character. The Drunk
is shown as the Drunk, not the Townsfolk they think they are; the Spy may register as an
Outsider, the Recluse as a Minion (not an Outsider). With no player registering as an
Outsider, the Librarian learns zero (`count: 0`). First night only.
"""
from __future__ import annotations

from ._info import OneOfTwo


class Librarian(OneOfTwo):
    id = "librarian"
    kind = "information"
    team = "outsider"
    zero_allowed = True

    @classmethod
    def describe_info(cls, info: dict) -> str | None:
        if info == {"count": 0}:
            return "no Outsiders are in play"
        return None

    def wakes(self, first: bool) -> bool:
        return first

