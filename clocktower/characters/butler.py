"""Butler (Trouble Brewing, Outsider).

"Each night, choose a player (not yourself): tomorrow, you may only vote if they are voting too."

How to Run: each night the Butler points at any other player, marked MASTER. During a
nomination the Butler may only raise a hand if the Master's hand is raised or the Master's
vote has been counted. An illegal Butler vote written as counted (a scenario's `votes:`)
is tallied anyway; written as a hand tried (`hands:`) it is refused; agents are only
offered a legal vote. Seating is not important: a Butler whose
Master votes later in the circle is asked once the other hands are up.
"""
from __future__ import annotations

from ..engine.ability import Ability, State


class Butler(Ability):
    id = "butler"
    kind = "voting"
    holder_only = frozenset({"may_vote"})     # limits the Butler's own hand only
    master: State[str | None] = State(None)

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        pick = game.choose_players(me, 1, ability=self, allow_self=False)
        if pick:
            self.master = pick[0].name
            self.reminder("Master", pick[0])

    def may_vote(self, voter, voters_so_far) -> bool:
        # The cheap tests first (asked once or twice a nomination): the Master's hand, then
        # whether the ability works (`functioning` reads the grimoire's effects and hooks).
        if voter is not self.player:
            return True
        master = self.master
        if master is None:
            return True
        for v in voters_so_far:
            if v.name == master:
                return True
        return not self.functioning
