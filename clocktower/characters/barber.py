"""Barber (The Return of Jafar, Outsider).

"If you died today or tonight, the Demon may choose 2 players (not another Demon) to swap
characters."

How to Run: when the Barber dies (by day or by night) they are marked HAIRCUTS TONIGHT.
That night, at the Barber's place in the night order, the Demon is woken, shown the Barber
token, and either shakes their head (a scenario writes `barber: no`) or points to two
players (`Cat: {imp: Ann, barber: [Eve, Dan]}`, or `Cat: {barber: [Eve, Dan]}` on a night
the Demon has no other choice). The two swap characters, not alignments
(`Game.swap_characters`), and each is woken and told their new character.

Rulings:
- The Barber's ability must be in force as they die (a drunk or poisoned Barber gives no
  haircuts), and still at the swap (a Barber poisoned after death, e.g. still poisoned by
  the Pukka, gives none: the swap does nothing).
- The Demon may choose themself, and dead players; not another Demon. With more than one
  living Demon the Storyteller chooses which one swaps (keyed `barber.demon`).
- A Demon who swaps themself with a dead player makes that dead player the Demon: if no
  living player is the Demon then, the game ends at once and good wins, before the rest of
  the night (the swap is the engine's `demon_change` step; scenario
  `barber-demon-swaps-itself-with-dead-player-good-wins-at-once.yaml`).
- A player who dies and then becomes the Barber gives no haircut that night (the Barber
  was not theirs as they died).
- A swapped player gains the new ability, even a "you start knowing" one or a used
  once-per-game one (its state travels with it, as the engine moves abilities).
"""
from __future__ import annotations

from ..engine.ability import Ability, State


class Barber(Ability):
    id = "barber"
    kind = "transformation"
    haircuts: State[int | None] = State(None)     # the night of the haircuts its death set off

    def on_death(self, dead, cause, by) -> None:
        game = self.game
        if dead is not self.player or not game.in_force(self, even_if_dead=True):
            return
        night = game.night if game.phase == "night" else game.night + 1
        self.haircuts = night
        self.reminder("Haircuts tonight", dead)

    def acts_while_dead(self) -> bool:
        return self.haircuts == self.game.night

    def resolving_death(self) -> bool:
        """HAIRCUTS TONIGHT is marked and the swap is still to come."""
        return self.has(Barber.haircuts)

    def _demon(self):
        game = self.game
        demons = [p for p in game.players if p.alive and game.is_demon(p)]
        if len(demons) > 1:
            name = game.storyteller_choice("barber.demon", [p.name for p in demons],
                                           "Which Demon may swap two players?")
            return game.by_name[name]
        return demons[0] if demons else None

    def wakes(self, first: bool) -> bool:
        return self.haircuts == self.game.night and self._demon_now() is not None

    def _demon_now(self):
        game = self.game
        return next((p for p in game.players if p.alive and game.is_demon(p)), None)

    def woken(self, first: bool) -> list:
        return []       # the Demon is woken in `night`, once it is known which Demon

    def night(self, first: bool) -> None:
        game = self.game
        demon = self._demon()
        if demon is None:
            del self.haircuts
            return
        self.wake(demon)
        others = [p for p in game.players if p is not demon and game.is_demon(p)]
        pick = game.choose_players(demon, 2, ability=self, optional=True, exclude=others,
                                   prompt="Choose 2 players (not another Demon) to swap "
                                          "characters, or nobody.")
        works = self.functioning        # while HAIRCUTS TONIGHT is still marked
        del self.haircuts
        if not pick:
            return
        if not works:
            self.no_effect("swap", target=pick[0])
            return
        a, b = pick
        game.swap_characters(a, b)
