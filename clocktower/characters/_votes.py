"""Shared by the Thief and the Bureaucrat: 'their vote counts as N tomorrow'."""
from __future__ import annotations

from ..engine.ability import Ability
from ..engine.state import Effect


class VoteMarker(Ability):
    """Each night, choose a player (not yourself): their vote counts as `factor` tomorrow.

    The mark is an effect from the marker's ability lasting until the next dusk; it counts
    only while that ability works (a dead, exiled, drunk or poisoned marker: a normal vote).
    Weights multiply, so a vote marked by both the Thief (x -1) and the Bureaucrat (x 3)
    counts -3. Exile votes are never weighted (the engine does not ask `vote_weight`).
    """
    factor = 1
    effect = ""         # the mark's effect kind
    token = ""

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        pick = game.choose_players(me, 1, ability=self, allow_self=False)
        if not pick:
            return
        target = pick[0]
        if game.add_effect(Effect(self.effect, target, self, ends=("dusk", game.night + 1)),
                           by=self):
            self.reminder(self.token, target)

    def marks(self, voter) -> bool:
        return any(e.kind == self.effect and e.source is self
                   and self.game.effect_active(e) for e in voter.effects)

    def vote_weight(self, voter, weight: int) -> int:
        return weight * self.factor if self.marks(voter) else weight
