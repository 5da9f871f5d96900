"""Alchemist & Spy: "If the Alchemist has the Spy ability, they do not, and a Spy is in
play. Each day, after the execution phase, the living Alchemist may publicly guess a
living player as the Spy. If correct, the Demon must choose the Spy tonight."

- Jinx point `minions` of the Alchemist: the Spy is among the Minions the Storyteller may
  give the Alchemist only while a Spy is in play.
- Jinx point `has_minion_ability`: an Alchemist-Spy is told "Spy" on the first night but
  gains no ability.
- At the end of each day (`on_day_end`, after the execution phase), a living Alchemist-Spy
  may guess a living player (a `day_choice`, optional; a scenario writes it under the day
  step's `choices:`, `Ann: Dan`, and an unwritten one is not made). The guess is public (a
  `claim_ability` event). If that player is the Spy and the Alchemist's ability works, the
  Demon must choose the Spy tonight (the engine's `must_choose` hook, for every Demon
  ability choosing players tonight, while the Spy is among its candidates).

Rulings: a drunk or poisoned Alchemist may guess, and a right guess does nothing.
"""
from __future__ import annotations

from .. import data as D
from ..engine.ability import State
from ..engine.jinx import Jinx


class AlchemistSpy(Jinx):
    pair = ("alchemist", "spy")
    forced: State[dict | None] = State(None)

    def adjust(self, ability, point, value):
        if ability.id != "alchemist":
            return value
        if point == "minions" and not self.game.in_play("spy"):
            return [c for c in value if c != "spy"]
        if point == "has_minion_ability" and ability.declared("minion") == "spy":
            return False
        return value

    def on_day_end(self) -> None:
        game = self.game
        for me in list(game.players):
            al = next((a for a in me.held if a.id == "alchemist"
                       and a.declared("minion") == "spy"), None)
            if al is None or not me.alive or game.winner is not None:
                continue
            guess = game.choose_players(me, 1, ability=al, alive_only=True, optional=True,
                                        kind="day_choice",
                                        prompt="Alchemist-Spy: publicly guess a living player "
                                               "as the Spy, or none")
            if not guess:
                continue
            target = guess[0]
            al.claimed(target, guess="spy")
            if target.character != "spy":
                continue
            if not al.functioning:
                al.no_effect("the Demon must choose the Spy", target)
                continue
            self.forced = {"night": game.day + 1, "spy": target.name}
            self.jinxed("alchemist", me, f"the Demon must choose {target.name}, the Spy, tonight")

    def must_choose(self, chooser) -> list[str]:
        forced = self.forced
        game = self.game
        if forced is None or game.phase != "night" or forced["night"] != game.night:
            return []
        if D.get(chooser.id).team != "demon" or chooser.player is None \
                or not game.is_demon(chooser.player):
            return []
        return [forced["spy"]]
