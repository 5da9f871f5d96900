"""Heretic (Outsider).

"Whoever wins, loses & whoever loses, wins, even if you are dead."

How to Run: if the game ends and the evil team would have won, declare that the good team
wins and the evil team loses; if the good team would have won, declare that evil wins.

Every way the game ends goes through `Game.end`, so the Heretic flips them all: the Demon
dead, two players alive, and any ability's win or loss (Saint, Mayor, Goblin, Damsel, Klutz,
Fearmonger, Evil Twin, Cult Leader, Alsaahir). It works while the Heretic is dead, not while
drunk or poisoned (`in_force(..., even_if_dead=True)`). A game stopped without a result
(`none`) is not flipped.

Rulings:
- The outcome is flipped after any veto (the Evil Twin's "good can't win" stops a proposed
  good win before the Heretic turns it around; see `eviltwin.py`), and before the
  Politician's judgement, which looks at the final result (`politician.py`).
- Two Heretics flip twice (each is an ability that changes the outcome): the winner stands.
- Setup: only one of the Heretic and the Baron, or the Heretic and the Spy, can be in play:
  setup data (`clocktower/data/jinxes.py`), honoured by the bag builder.
"""
from __future__ import annotations

from ..engine.ability import Ability
from ..engine.outcome import Outcome, opposing


class Heretic(Ability):
    id = "heretic"
    kind = "ending"

    def alter_outcome(self, outcome: Outcome) -> Outcome:
        if outcome.winner not in ("good", "evil"):
            return outcome
        if not self.game.in_force(self, even_if_dead=True):
            return outcome
        flipped = opposing(outcome.winner)
        words = (f"{outcome.reason}, but the Heretic ({self.player.name}) turns it around: "
                 f"{outcome.winner} loses and {flipped} wins")
        out = outcome.with_winner(flipped, self.id)
        return Outcome(out.winner, out.code, words, out.ability, out.results)
