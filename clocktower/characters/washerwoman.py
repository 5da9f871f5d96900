"""Washerwoman (Trouble Brewing, Townsfolk).

"You start knowing that 1 of 2 players is a particular Townsfolk."

How to Run: during the first night, show the Washerwoman a Townsfolk character token and
two players, one of whom is that character (as they register: the Spy may register as a
Townsfolk). A drunk or poisoned Washerwoman may be shown anything.
"""
from __future__ import annotations

from ..engine.ability import Ability
from ._common import any_pair_infos, pair_infos
from ._info import one_of_two


class Washerwoman(Ability):
    id = "washerwoman"

    def wakes(self, first: bool) -> bool:
        return first or self.state.get("created_mid_game", False)

    def night(self, first: bool) -> None:
        one_of_two(self, "townsfolk")
