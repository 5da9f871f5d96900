"""Huntsman (Carousel, Townsfolk).

"Once per game, at night, choose a living player: the Damsel, if chosen, becomes a
not-in-play Townsfolk. [+the Damsel]"

How to Run:
1. Setup: if the Damsel is not already in play, a Townsfolk token is replaced by the
   Damsel (data: `setup_change: {requires: damsel}`; the engine's bag builder adds her in
   place of a Townsfolk and never adds a second one).
2. Each night (the first too) until they have chosen, wake the Huntsman.
3. They may decline (a scenario writes `no`): nothing happens, the ability is kept.
4. If they point to a living player, the ability is spent (NO ABILITY reminder), whatever
   happens. If that player is the Damsel (true character) and the Huntsman's ability
   works, she becomes a not-in-play Townsfolk that the Storyteller chooses (keyed decision
   `huntsman`: a Townsfolk on the script that no player is and that is implemented; a
   scenario writes `storyteller: {huntsman: librarian}`); she is woken and shown YOU ARE and
   her new character (`game.change_character`), and has that ability from then on. A
   "you start knowing" Townsfolk (Librarian, Steward, Shugenja...) acts that very night
   (the engine's `fresh()`).

Rulings:
- A drunk or poisoned Huntsman: nothing happens, and the ability is spent.
- A drunk or poisoned Damsel still becomes a Townsfolk (the almanac says so).
- The new Townsfolk may be any not-in-play Townsfolk on the script, a Demon bluff or the
  Drunk's believed character included (the Storyteller's call); the automatic Storyteller
  is pointed away from the Drunk's believed character (`suggested`).
- If no Townsfolk on the script is out of play, nothing happens (`no_effect`).
"""
from __future__ import annotations

from ..engine.ability import Ability, State


class Huntsman(Ability):
    id = "huntsman"
    kind = "transformation"
    used = State(False)

    def wakes(self, first: bool) -> bool:
        return not self.used

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        chosen = game.choose_players(me, 1, ability=self, alive_only=True, optional=True,
                                     prompt="Huntsman: choose a living player (once per game), or none")
        if not chosen:
            return
        target = chosen[0]
        self.used = True
        self.reminder("No Ability", me)
        if not self.functioning:
            self.no_effect("character_change", target=target)
            return
        if target.character != "damsel":
            self.nothing_happens("storyteller", target=target)
            return
        options, suggested = self.townsfolk_options()
        if not options:
            self.no_effect("no not-in-play Townsfolk", target=target)
            return
        new = game.storyteller_choice("huntsman", options,
                                      "Huntsman found the Damsel: which not-in-play Townsfolk "
                                      "does she become?", player=target.name,
                                      suggested=suggested)
        game.change_character(target, new)

    def townsfolk_options(self) -> tuple[list[str], list[str]]:
        """(not-in-play Townsfolk on the script, the ones the automatic Storyteller picks)."""
        game = self.game
        in_play = {p.character for p in game.players} | set(game.in_play_extra)
        options = [c for c in game.script.of_team("townsfolk")
                   if c not in in_play and c in game.registry]
        believed = {p.thinks for p in game.players if p.thinks}
        suggested = [c for c in options if c not in believed]
        return options, suggested
