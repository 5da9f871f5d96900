"""Voudon (Traveller).

"Only you & the dead can vote. They don't need a vote token to do so. A 50% majority isn't
required."

How to Run: during votes for execution, only dead players and the Voudon may raise their
hand. The dead may vote even without a vote token, and voting does not use one. If a
nominee gets at least one vote, they are about to die by execution until a different
player gets more votes.

The three rules are the engine's voting hooks (`engine/voting.py`):

- `cannot_vote`: a living player other than the Voudon may not raise a hand (a written
  vote by one is an error: "their hands must stay down");
- `ghost_vote_needed`: a dead voter needs no ghost vote and spends none;
- `vote_threshold`: one vote is enough. The rest of the about-to-die rule stands: more
  votes than any earlier nominee that day, a tie with the top clears it.

Rulings:
- Only while the ability is in force: a drunk or poisoned, dead or exiled Voudon changes
  nothing (everyone votes as normal, and the dead spend their ghost votes). A player about
  to die when the Voudon is exiled stays about to die; later nominations need the usual
  threshold (the engine tallies each nomination with the hooks in force at that moment).
- Nominations are unchanged (living players nominate). Exile votes are not nominations:
  all players may vote on an exile (the engine's exile rule ignores vote hooks).
"""
from __future__ import annotations

from ..engine.ability import Ability


class Voudon(Ability):
    id = "voudon"
    kind = "voting"

    def _on(self) -> bool:
        return self.game.in_force(self)

    def cannot_vote(self, voter):
        if voter.alive and voter is not self.player and self._on():
            return f"{voter.name} is alive and cannot vote while the Voudon is in play"
        return None

    def ghost_vote_needed(self, voter, needed: bool) -> bool:
        return False if self._on() else needed

    def vote_threshold(self, threshold: int) -> int:
        return 1 if self._on() else threshold
