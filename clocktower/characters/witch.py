"""Witch (The Return of Jafar, Minion).

"Each night, choose a player: if they nominate tomorrow, they die. If just 3 players live,
you lose this ability."

How to Run: each night the Witch chooses a player, marked CURSED (an effect `cursed`
tied to the Witch's ability, ending at the next dusk). The next day, if the cursed player
nominates, they die at once (cause `ability`, by the Witch); the nomination still counts
and the vote goes on.

Rulings:
- A drunk or poisoned Witch curses nobody (the effect is not made); a curse whose Witch is
  drunk, poisoned or dead by the time of the nomination does nothing (the curse's source
  must work then).
- "Just 3 players live": three or fewer living players, Travellers not counted (as the
  base rules count players for the game's end). From then on the Witch has no ability: it
  does not wake, and a curse already made does nothing.
- The curse lasts for the next day only; the Witch may curse the same player every night.
"""
from __future__ import annotations

from ..engine.ability import Ability
from ..engine.state import Effect


class Witch(Ability):
    id = "witch"
    kind = "killing"

    def lost(self) -> bool:
        """Just 3 (or fewer) non-Traveller players live: the Witch loses the ability."""
        return sum(1 for p in self.game.players if p.alive and not p.traveller) <= 3

    def wakes(self, first: bool) -> bool:
        return not self.lost()

    def night(self, first: bool) -> None:
        game = self.game
        target = game.choose_players(self.player, 1, ability=self)
        if target:
            game.add_effect(Effect("cursed", target[0], self,
                                   ends=("dusk", game.night + 1)), by=self)

    def on_nomination(self, nominator, nominee) -> None:
        game = self.game
        if game.phase != "day" or not nominator.alive:
            return
        if not any(e.kind == "cursed" and e.source is self and game.effect_active(e)
                   for e in nominator.effects):
            return
        if self.lost():
            self.no_effect("death", target=nominator)
            return
        game.kill(nominator, "ability", self.player, source=self)
