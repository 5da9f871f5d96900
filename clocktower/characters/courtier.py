"""Courtier (Alternate Endings, Townsfolk).

"Once per game, at night, choose a character: they are drunk for 3 nights & 3 days."

How to Run:
1. Each night until they have chosen, wake the Courtier: they shake their head (a scenario
   writes `no`) or point at any character on the script (`Ann: imp` or `Ann: {character:
   imp}`). They are not told whether it worked.
2. If that character is in play, its player is drunk for three nights and three days,
   starting now: DRUNK 1 tonight, DRUNK 2 the next night, DRUNK 3 the night after; at dusk
   of the next night the drunkenness ends (the effect ends at dusk of night N+3 for a
   choice on night N) and the Courtier has no ability (NO ABILITY).
3. The drunkenness is tied to the Courtier's ability: while the Courtier is drunk,
   poisoned or dead, that player is sober; if the Courtier is sober and healthy again
   before the three nights and days are over, the player is drunk again.
4. After choosing, the Courtier is not woken again.

Rulings:
- A drunk or poisoned Courtier's choice is spent and makes nobody drunk, even if the
  Courtier is sober later (the almanac).
- The player made drunk stays drunk if their character changes hands later (the DRUNK
  reminder stays with the player).
- With copies of one character in play (other editions) only the first in seat order is
  drunk.
"""
from __future__ import annotations

from ..engine.ability import Ability, State
from ..engine.state import Effect
from ._common import team_characters


class Courtier(Ability):
    id = "courtier"
    kind = "malfunction"
    used = State(False)
    target: State[str] = State("")             # the drunk player (by name)
    until: State[int | None] = State(None)      # the night their drunkenness ends
    spent = State(False)

    def wakes(self, first: bool) -> bool:
        return not self.used

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        chosen = game.choose_character(me, team_characters(game), ability=self, optional=True,
                                       prompt="Courtier: choose a character to make drunk for "
                                              "3 nights & 3 days (once per game), or none")
        if chosen is None:
            return
        self.used = True
        if not self.functioning:
            self.no_effect("drunk")
            return
        target = next((p for p in game.players if p.character == chosen), None)
        if target is None:
            self.nothing_happens("storyteller", character=chosen)
            return
        self.target = target.name
        self.until = game.night + 3
        game.add_effect(Effect("drunk", target, self, ends=("dusk", game.night + 3)))
        self.reminder("Drunk 1", target)

    def on_dusk(self) -> None:
        game = self.game
        until = self.until
        if until is None or self.spent:
            return
        left = until - game.night
        if left > 0:
            self.reminder(f"Drunk {4 - left}", self.target)
        else:
            self.spent = True
            if self.player is not None:
                self.reminder("No Ability", self.player)
