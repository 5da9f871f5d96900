"""Saint (Trouble Brewing, Outsider).

"If you die by execution, your team loses."

How to Run: if the Saint dies by execution, the game ends and the Saint's team loses (evil
wins for a good Saint). A drunk or poisoned Saint's execution is an ordinary death.
"""
from __future__ import annotations

from ..engine.ability import Ability
from ..engine.outcome import Outcome, opposing


class Saint(Ability):
    id = "saint"
    kind = "ending"
    # what the world solver's timeline models of it (docs/solver.md)
    world_rules = {"executed": "evil_wins"}
    outcome_reasons = {"saint_executed": "the Saint died by execution: their team loses"}

    def on_death(self, dead, cause, by) -> None:
        game, me = self.game, self.player
        if dead is me and cause == "execution" and game.in_force(self, even_if_dead=True):
            game.end(Outcome(opposing(me.alignment), "saint_executed",
                             "the Saint died by execution", self.id))
