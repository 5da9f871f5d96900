"""Beggar (Trouble Brewing, Traveller).

"You must use a vote token to vote. If a dead player gives you theirs, you learn their
alignment. You are sober & healthy."

How to Run: the Beggar cannot raise a hand to vote for an execution unless they hold a vote
token, and each vote spends one (one per vote). During the day a dead player may declare
that they give their vote token (their ghost vote) to the Beggar: the token moves to the
Beggar, that player can no longer vote, and the Storyteller privately tells the Beggar
that player's alignment (as they register: a Spy or Recluse may register otherwise).
The Beggar cannot be made drunk or poisoned.

Rulings:
- The gift is offered to every dead player who still has a ghost vote, while the Beggar
  lives and has the ability (scenario: `ability: {by: <dead player>, character: beggar,
  target: <Beggar>}`). Nobody else, the Beggar included, can move a token.
- The Beggar nominates freely and votes for an exile freely (exiles ignore abilities).
- If the Beggar dies they lose the tokens they were given and get one ghost vote, like
  anyone; a dead (or exiled) Beggar's ability stops. Tokens are public (the gift is).
"""
from __future__ import annotations

from ..engine.ability import State
from ._info import Information

REFUSED = ("drunk", "poisoned")


class Beggar(Information):
    id = "beggar"
    kind = "voting"
    holder_only = frozenset({"cannot_vote"})  # about the Beggar's own hand only

    tokens = State(0)       # vote tokens

    def _active(self) -> bool:
        return self.game.in_force(self)      # held by a living player ("sober & healthy")

    def cannot_vote(self, voter):
        if voter is self.player and self._active() and self.tokens <= 0:
            return f"{voter.name} is the Beggar and has no vote token"
        return None

    def on_vote_tallied(self, nominee, voters) -> None:
        me = self.player
        if self._active() and any(v is me for v in voters) and self.tokens > 0:
            self.tokens = self.tokens - 1
            self.game.emit("vote_token", "all", player=me.name, spent=1, tokens=self.tokens)

    def offers_day_action(self, player) -> list[dict]:
        me = self.player
        if player is me or player.alive or not player.ghost_vote or not self._active():
            return []
        return [{"target": me.name}]

    def offered_action(self, player, args: dict) -> None:
        game, me = self.game, self.player
        player.ghost_vote = False
        self.tokens = self.tokens + 1
        game.emit("vote_token", "all", player=me.name, given_by=player.name, tokens=self.tokens)
        world = self.world(self.ask_registrations([player]), given_by=player.name)
        game.tell(me, self.truths(world),
                  lambda: [{"players": [player.name], "alignment": a} for a in ("good", "evil")],
                  self)

    def truths(self, world, player=None) -> list[dict]:
        """The alignment the dead player who gave a vote token (mark `given_by`) registers as."""
        giver = world.mark(self.holder(player), "given_by")
        if giver is None:
            return []
        return [{"players": [giver], "alignment": world.registers_alignment(giver)}]

    def on_death(self, dead, cause, by) -> None:
        if dead is self.player and self.tokens:
            self.tokens = 0
            self.game.emit("vote_token", "all", player=dead.name, lost=True, tokens=0)

    def refuses_effect(self, effect) -> bool:
        return effect.kind in REFUSED and effect.target is self.player and self._active()
