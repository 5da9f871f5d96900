"""Spy & Damsel: "If a Spy is in play, or ever has been, the Damsel is poisoned."

The poison is on "the Damsel", not on the player: it comes from the Damsel's own ability and
is part of her character (`with_character`): it ends when she becomes another character (the
Huntsman turns her into a Townsfolk, who is sober), and a swap moves it with the Damsel.
Checked at setup and whenever a character changes (a Spy coming into play, a new Damsel).
Each Damsel ability is poisoned at most once.
"""
from __future__ import annotations

from ..engine.ability import Ability, StateList
from ..engine.jinx import Jinx
from ..engine.state import Effect


class SpyDamsel(Jinx):
    pair = ("spy", "damsel")
    poisoned: StateList[Ability] = StateList()   # the Damsel abilities poisoned

    def on_setup(self) -> None:
        self._poison()

    def on_character_change(self, player, old, new) -> None:
        if new in self.pair:
            self._poison()

    def _poison(self) -> None:
        game = self.game
        if not any(p.character == "spy" for p in game.players):
            return
        done = self.poisoned
        for me in game.players:
            ab = me.ability
            if me.character != "damsel" or ab is None or ab.id != "damsel" \
                    or any(ab is d for d in done):
                continue
            done.append(ab)
            # On "the Damsel": part of her character (`with_character`), so it moves with
            # the Damsel in a swap and ends when she becomes another character.
            if game.add_effect(Effect("poisoned", me, me, "damsel",
                                      data={"with_character": True})):
                self.jinxed("damsel", me, "poisoned")
