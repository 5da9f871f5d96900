"""Gunslinger (Trouble Brewing, Traveller).

"Each day, after the 1st vote has been tallied, you may choose a player that voted: they die."

How to Run: each day, immediately after the first vote for execution is tallied, the
Gunslinger may publicly point at a player who voted in it: that player dies (cause
`ability`, by the Gunslinger). Whether or not they shoot, they cannot kill again that day.

Rulings:
- The window is from the day's first tally until the next nomination: once a second
  nomination is made (or the day ends) it is closed. Exile votes are not votes for
  execution (they are not nominations) and neither open nor close it.
- "A player that voted" is anyone whose hand was counted in that first vote, the
  Gunslinger included; a dead voter (ghost vote) may be chosen and nothing happens.
- A drunk or poisoned Gunslinger may shoot: nothing happens, and the day's shot is spent.
- A dead or exiled Gunslinger has no ability.
"""
from __future__ import annotations

from ..engine.ability import Ability, State


class Gunslinger(Ability):
    id = "gunslinger"
    kind = "killing"
    shot_day: State[int | None] = State(None)

    def on_vote_tallied(self, nominee, voters) -> None:
        game = self.game
        if len(game.nominations_today) == 1 and self.day_options():
            game.prompt_now.append(self.player)     # bots: shoot now or never

    def day_options(self) -> list[dict]:
        game = self.game
        if not self.player.alive or self.shot_day == game.day:
            return []
        noms = game.nominations_today
        if len(noms) != 1:
            return []
        return [{"target": n} for n in noms[0]["voters"]]

    def day_ability(self, args: dict) -> None:
        game, me = self.game, self.player
        self.shot_day = game.day
        target = game.player(args["target"])
        if not target.truly_alive:      # publicly: nothing happens (the engine says so)
            if not self.functioning:
                self.no_effect("death", target=target)
            return
        game.kill(target, "ability", me, source=self)
