"""Investigator (Trouble Brewing, Townsfolk).

"You start knowing that 1 of 2 players is a particular Minion."

How to Run: during the first night, show a Minion token and two players, one of whom is
that Minion (as they register: the Recluse may register as a Minion).
"""
from __future__ import annotations

from ..engine.ability import Ability
from ._info import one_of_two


class Investigator(Ability):
    id = "investigator"

    def wakes(self, first: bool) -> bool:
        return first

    def night(self, first: bool) -> None:
        one_of_two(self, "minion")
