"""Spy (Trouble Brewing, Minion).

"Each night, you see the Grimoire. You might register as good & as a Townsfolk or Outsider,
even if dead."

How to Run: each night wake the Spy and show the Grimoire. Each time the Spy is the subject
of an ability that detects good characters, the Storyteller chooses how the Spy registers.

Jinx (Magician on the script): the Demon's and the Magician's character tokens are taken
out of the Grimoire before the Spy sees it (their `character` and `alignment` are None):
`clocktower/jinxes/magician_spy.py`, at the Spy's jinx point `grimoire`.
"""
from __future__ import annotations

from ..engine.jinx import adjusted
from ._common import RegistersFalsely


class Spy(RegistersFalsely):
    id = "spy"
    kind = "information"
    registers_when_dead = True
    false_teams = ("townsfolk", "outsider")
    false_alignment = "good"

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        grimoire = [{"name": g["name"], "character": g["character"], "alignment": g["alignment"],
                     "alive": g["alive"], "status": g["status"], "thinks": g["thinks"]}
                    for g in game.snapshot()]
        grimoire = adjusted(self, "grimoire", grimoire)     # jinx point (the Magician's)
        # Seeing the Grimoire is not information the Storyteller can falsify.
        self.learn(me, grimoire=grimoire)
