"""Virgin (Trouble Brewing, Townsfolk). Not in the seeds; ability in our own words:

"The 1st time you are nominated, if the nominator is a Townsfolk, they are executed immediately."

The first nomination of the Virgin spends the ability, even if the Virgin is drunk or
poisoned. If it works and the nominator registers as a Townsfolk (the Spy may), the
nominator is executed at once: that is the day's execution, and there is no vote.
"""
from __future__ import annotations

from .. import data as D
from ..engine.ability import Ability, State


class Virgin(Ability):
    id = "virgin"
    kind = "killing"
    # what the world solver's timeline models of it (docs/solver.md)
    world_rules = {"nominated": "townsfolk_dies"}
    used = State(False)

    def on_nominated(self, nominator) -> None:
        if self.used:
            return
        self.used = True
        game = self.game
        if not self.functioning:
            return
        char = game.registration(nominator, self.id)[0]
        if D.get(char).team == "townsfolk":
            self.triggered(target=nominator)
            game.execute(nominator)
