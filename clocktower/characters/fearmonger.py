"""Fearmonger (Minion).

"Each night, choose a player: if you nominate & execute them, their team loses. All players
know if you choose a new player."

How to Run: each night the Fearmonger points at any player, who is marked FEAR. If that
player was not already marked FEAR, the Storyteller declares "The Fearmonger has chosen a
player" (on the first night always): an `announcement` event to all, which names nobody. If
the Fearmonger nominates the player marked FEAR and that nomination results in their
execution, the game ends and that player's team loses.

Rulings:
- Only the current FEAR player counts; a player chosen before does not.
- The execution counts even if the player does not die ("executed but does not die").
- The execution must come from the Fearmonger's nomination of that player: the nominee who
  was about to die. If another player is executed instead (the Scapegoat), it does not count.
- A drunk or poisoned Fearmonger's choice does nothing: the FEAR reminder does not move and
  nothing is announced (the announcement is the ability's). Whether the ability works at the
  execution is checked then: a Fearmonger drunk, poisoned or dead by then wins nothing.
- A dead Fearmonger does not wake.
"""
from __future__ import annotations

from ..engine.outcome import Outcome, opposing
from ..engine.ability import Ability, State


class Fearmonger(Ability):
    id = "fearmonger"
    kind = "ending"
    outcome_reasons = {"fearmonger": "the Fearmonger nominated and executed their chosen "
                                     "player: that player's team loses"}
    fear: State[str | None] = State(None)     # the player chosen

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        picks = game.choose_players(me, 1, ability=self)
        if not picks:
            return
        target = picks[0]
        if not self.functioning:
            self.no_effect("fear", target=target)
            return
        new = self.fear != target.name
        self.fear = target.name
        if new:
            self.reminder("Fear", target)
        if new or first:
            game.emit("announcement", "all", ability=self.id,
                      words="The Fearmonger has chosen a player.")

    def on_executed(self, executed, died: bool) -> None:
        # Died or not: the engine checks the base win only after this (`Game.execute`).
        self._executed(executed)

    def _executed(self, p) -> None:
        game, me = self.game, self.player
        about = game.about_to_die      # the nominee, not another executed instead
        if self.fear != p.name or about is None or about.name != p.name:
            return
        nominated = any(e["target"] == p.name and e["by"] == me.name
                        for e in game.nominations_today)
        if not nominated:
            return
        if not game.in_force(self):
            self.no_effect("loss", target=p)
            return
        self.triggered(target=p)
        game.end(Outcome(opposing(p.alignment), "fearmonger",
                         f"the Fearmonger ({me.name}) nominated and executed {p.name}, their "
                         f"chosen player: {p.alignment} loses", self.id))
