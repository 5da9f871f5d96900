"""Recluse (Trouble Brewing, Outsider).

"You might register as evil & as a Minion or Demon, even if dead."

How to Run: each time the Recluse is the subject of an ability that detects or affects evil
characters, the Storyteller chooses the character and alignment the Recluse registers as.
"""
from __future__ import annotations

from ._common import RegistersFalsely


class Recluse(RegistersFalsely):
    id = "recluse"
    kind = "deception"
    registers_when_dead = True
    false_teams = ("minion", "demon")
    false_alignment = "evil"
