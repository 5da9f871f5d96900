"""Baron (Trouble Brewing, Minion).

"There are extra Outsiders in play. [+2 Outsiders]"

How to Run: at setup, two Townsfolk tokens are swapped for Outsiders. The setup change is
data (`setup_change: {outsiders: 2}`) applied by the engine; the Baron has no other hook.
"""
from __future__ import annotations

from ..engine.ability import Ability


class Baron(Ability):
    id = "baron"
    kind = "setup"
