"""Librarian (Trouble Brewing, Townsfolk).

"You start knowing that 1 of 2 players is a particular Outsider. (Or that zero are in play.)"

How to Run: during the first night, show an Outsider token and two players, one of whom
is that Outsider (the Drunk is shown as the Drunk); with no Outsiders in play, show zero.
"""
from __future__ import annotations

from ..engine.ability import Ability
from ._info import one_of_two


class Librarian(Ability):
    id = "librarian"

    def wakes(self, first: bool) -> bool:
        return first

    def night(self, first: bool) -> None:
        one_of_two(self, "outsider", zero_allowed=True)
