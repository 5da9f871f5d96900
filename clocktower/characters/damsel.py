"""Damsel (Carousel, Outsider).

"All Minions know a Damsel is in play. If a Minion publicly guesses you (once), your team
loses."

How to Run:
1. During the first night (at the Damsel's step, in games of any size) wake each Minion and
   show the Damsel token: each Minion gets a `learn` event with `character: damsel`.
2. At any time, if a Minion publicly guesses which player is the Damsel and is wrong, mark
   the Damsel GUESS USED: later guesses by any Minion have no effect (one guess in total).
3. If a Minion publicly guesses the Damsel correctly, the game ends: the Damsel's team
   loses (evil wins for a good Damsel).

The guess is offered to Minions by day (`offers_day_action`: `{target: name}`, any player,
alive or dead, while the guess is unused and the Damsel lives). A scenario writes
`ability: {by: Dan, character: damsel, target: Eve}`. Anyone else "guessing" (the Demon
pretending to be a Minion, a good player) is a pretend: nothing happens and the guess is
not used (the engine's `use_day_ability` answers it with `no_effect: pretend`).

Rulings where the text is open:
- Who is a Minion: a player whose true character is a Minion (a Recluse does not guess as
  a Minion). A dead Minion may still guess ("Minions may make a guess at any time").
- A dead Damsel has lost her ability: guesses do nothing and do not use the guess (none is
  offered).
- A drunk or poisoned Damsel has no ability: a correct guess does nothing, but the Minions'
  one guess is spent all the same (GUESS USED), as a once-per-game ability used while
  malfunctioning is spent. The Minions are still shown the Damsel token on the first night
  (what they are shown is true: a Damsel is in play).
- If the Huntsman turns the Damsel into a Townsfolk on the first night before her step,
  she is no longer the Damsel and the Minions are not shown a Damsel.
- After the Damsel's night-sheet step on later nights ("if the Huntsman chose the Damsel,
  show YOU ARE and her new character"), the engine's `change_character` already tells
  her at once, so the Damsel itself wakes only on the first night.

Jinx (Spy): if a Spy is in play, or ever has been, the Damsel is poisoned: a poison effect
from the Damsel's own ability, part of her character (`with_character`): it ends if the
Huntsman turns her into a Townsfolk (who is sober), and a swap moves it with the Damsel.
The rule is in `clocktower/jinxes/spy_damsel.py`.
"""
from __future__ import annotations

from .. import data as D
from ..engine.ability import State
from ..engine.outcome import Outcome, opposing
from ._info import Information


class Damsel(Information):
    id = "damsel"
    kind = "ending"
    outcome_reasons = {"damsel_guessed": "a Minion guessed the Damsel: the Damsel's team loses"}

    # ---- first night: the Minions learn a Damsel is in play ---------------------------------
    guessed = State(False)    # a Minion has guessed
    def minions(self) -> list:
        return [p for p in self.game.players if D.get(p.character).team == "minion"]

    def wakes(self, first: bool) -> bool:
        return first

    def woken(self, first: bool) -> list:
        return self.minions()       # her step wakes the Minions, not her

    def night(self, first: bool) -> None:
        game = self.game
        minions = self.minions()
        world = self.world() if minions else None
        for m in minions:
            game.tell(m, self.truths(world, m.name), None, ability=self)

    def truths(self, world, player=None) -> list[dict]:
        """Shown to a Minion: a Damsel is in play (nothing to anyone else)."""
        if player is None or world.player(player).team != "minion":
            return []
        return [{"character": self.id}] if any(p.character == self.id for p in world.players) \
            else []

    # ---- the Minions' guess ---------------------------------------------------------------
    @classmethod
    def describe_use(cls, args: dict) -> str | None:
        if set(args) == {"target"}:
            return f"guesses that {args['target']} is the Damsel"
        return None

    def guess_used(self) -> bool:
        return bool(self.guessed)

    def offers_day_action(self, player) -> list[dict]:
        if self.guess_used() or not self.player.alive or player is self.player:
            return []
        if D.get(player.character).team != "minion":
            return []
        return [{"target": p.name} for p in self.game.players]

    def offered_action(self, player, args: dict) -> None:
        game, me = self.game, self.player
        target = game.player(args["target"])
        self.guessed = True
        works = self.functioning
        if target is me and works:
            self.triggered(guessed_by=player.name)
            game.end(Outcome(opposing(me.alignment), "damsel_guessed",
                             f"a Minion ({player.name}) guessed the Damsel ({me.name})", self.id))
            return
        self.reminder("Guess Used", me, guessed_by=player.name, target=target.name)
        if target is me:        # right, but the Damsel is drunk or poisoned
            self.no_effect("win", target=target, guessed_by=player.name)
        # Publicly nothing happens either way (the engine announces it, as for a pretend).
