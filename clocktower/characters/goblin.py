"""Goblin (Carousel, Minion).

"If you publicly claim to be the Goblin when nominated & are executed that day, your team
wins."

How to Run:
1. If the Goblin claims to be the Goblin when nominated (before voting), the claim is
   declared to all (the engine's `claim` event) and the Goblin is marked CLAIMED.
2. If the Goblin is executed that same day and is marked CLAIMED, the Goblin's team wins
   (evil, for an evil Goblin).

The claim is made on the nomination (`game.claim`, recorded in `game.claims_today`, which
starts empty each day): a scenario writes `nominate: {by, target, votes, claim: goblin}`;
every nominee among bots is offered the claim (`nomination_claim`: any player may claim to
be the Goblin, so a claim does not tell who the Goblin is; the random bots claim it half
the time when they are the Goblin, rarely otherwise).

Rulings:
- A claim made on an earlier day does not count ("telling the group yesterday doesn't").
- Anyone may claim to be the Goblin; a non-Goblin who claims and is executed just dies
  (the Storyteller pretends to move a reminder: nothing in the Grimoire).
- A drunk or poisoned Goblin (at the execution) is executed like anyone: no win.
- A dead Goblin has no ability: executing them wins nothing.
- The win comes at the execution (one `on_executed` hook, died or not), before the
  Demon-dead check (an executed Goblin who "is the Demon", e.g. babysitting Lil' Monsta,
  still wins for evil) and before the other reactions to the execution (`hook_priority`:
  a Fearmonger who nominated their chosen Goblin does not make evil lose first). An
  executed Goblin who does not die still wins: the text asks for an execution, not a
  death.
"""
from __future__ import annotations

from ..engine.ability import Ability
from ..engine.outcome import Outcome


class Goblin(Ability):
    id = "goblin"
    kind = "ending"
    outcome_reasons = {"goblin": "the Goblin claimed to be the Goblin and was executed: their team wins"}

    nomination_claim = True     # with a Goblin on the script, any nominee may claim it

    def claimed_today(self) -> bool:
        return self.game.claims_today.get(self.player.name) == self.id

    def on_vote_tallied(self, nominee, voters) -> None:
        if nominee is self.player and self.claimed_today() and self.player.alive:
            self.reminder("Claimed", self.player)

    # The win comes first among the reactions to an execution (before a Fearmonger's loss).
    hook_priority = {"on_executed": -1}

    def on_executed(self, executed, died: bool) -> None:
        # Died or not: the engine checks the base win only after this (`Game.execute`). A
        # Goblin already dead before the execution has no ability.
        if executed is self.player and (died or executed.alive):
            self._win()

    def _win(self) -> None:
        game, me = self.game, self.player
        if not self.claimed_today():
            return
        if not game.in_force(self, even_if_dead=True):
            self.no_effect("win")
            return
        self.triggered()
        game.end(Outcome(me.alignment, "goblin",
                         f"the Goblin ({me.name}) claimed and was executed", self.id))
