"""Philosopher (Alternate Endings, Townsfolk).

"Once per game, at night, choose a good character: gain that ability. If this character
is in play, they are drunk."

How to Run:
1. Each night until they have chosen, wake the Philosopher: they shake their head (a
   scenario writes `no`) or point at a Townsfolk or Outsider on the script (a `character`
   choice: `Ann: chef` or `Ann: {character: chef}`).
2. They gain that character's ability (`Game.grant`; IS THE PHILOSOPHER): it acts at its
   own night position, tonight if that is still to come; a "you start knowing" ability
   acts tonight as on a first night. They do not become that character.
3. If the chosen character is in play, its player is drunk (DRUNK reminder) for as long as
   the Philosopher's ability works: sober while the Philosopher is dead, drunk or poisoned,
   drunk again when the Philosopher is sober and healthy (the effect is tied to the
   Philosopher's ability). A character not in play then but in play later is drunk from
   then on.
4. The choice is once per game: the Philosopher is not woken again.

Rulings:
- A drunk or poisoned Philosopher's choice is spent and gains nothing (the ability was
  used while it did not work), like the Courtier's.
- The options are the good characters on the script that are implemented, the Philosopher
  excepted.
- The drunkenness is the chosen character's: a player who stops being it (a Fang Gu jumps
  into them, a Barber or Snake Charmer swap) is sober, and whoever becomes it is drunk.
- If the Philosopher's character moves to another player (the Philosopher with the Snake
  Charmer ability swapping with the Demon), the ability they gained moves with it: "the
  Demon becomes a poisoned Philosopher" with the gained ability, poisoned.
"""
from __future__ import annotations

from .. import data as D
from ..engine.ability import Ability, State, StateList
from ..engine.state import Effect


class Philosopher(Ability):
    id = "philosopher"
    kind = "transformation"
    # what the world solver's timeline models of it (docs/solver.md)
    world_rules = {"change": None, "droison": "many"}
    used = State(False)
    chosen: State[str | None] = State(None)
    gained: State["Ability | None"] = State(None)
    drunk: StateList[str] = StateList()   # the players it made drunk

    def wakes(self, first: bool) -> bool:
        return not self.used

    def options(self) -> list[str]:
        game = self.game
        return [c for c in game.script.characters
                if c in game.registry and c != self.id and c not in game.script.homebrew
                and D.get(c).team in ("townsfolk", "outsider")]

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        chosen = game.choose_character(me, self.options(), ability=self, optional=True,
                                       prompt="Philosopher: choose a good character to gain "
                                              "its ability (once per game), or none")
        if chosen is None:
            return
        self.used = True
        if not self.functioning:
            self.no_effect("ability_granted")
            return
        self.chosen = chosen
        self.gained = game.grant(me, chosen, source=self)
        self.reminder("Is the Philosopher", me, character=chosen)
        for p in game.players:
            if p.character == chosen and p is not me:
                self._make_drunk(p)

    def _make_drunk(self, p) -> None:
        done = self.drunk
        if p.name in done:
            return
        done.append(p.name)
        self.game.add_effect(Effect("drunk", p, self))

    def on_character_change(self, player, old, new) -> None:
        gained = self.gained
        if gained is None:
            return
        me = self.player
        if gained.active and gained.player is not me and me is not None:
            # The Philosopher's character moved (a swap): what it gained goes with it.
            self.game.move_ability(gained, me)
        if new == self.chosen and player is not me:
            self._make_drunk(player)
        elif old == self.chosen and new != old:
            # "If this character is in play, they are drunk": the character is, so a
            # player who is no longer it is sober (drunk again if they become it again).
            done = self.drunk
            if player.name in done:
                done.remove(player.name)
                player.effects = [e for e in player.effects
                                  if not (e.source is self and e.kind == "drunk")]
