"""Spy & Damsel: "If a Spy is in play, or ever has been, the Damsel is poisoned."

The poison comes from the Damsel's own ability and lasts while she is the Damsel (it ends if
the Huntsman turns her into a Townsfolk). Checked at setup and whenever a character changes
(a Spy coming into play, a new Damsel). Each Damsel ability is poisoned at most once.
"""
from __future__ import annotations

from ..engine.jinx import Jinx
from ..engine.state import Effect


class SpyDamsel(Jinx):
    pair = ("spy", "damsel")

    def on_setup(self) -> None:
        self._poison()

    def on_character_change(self, player, old, new) -> None:
        if new in self.pair:
            self._poison()

    def _poison(self) -> None:
        game = self.game
        if not any(p.character == "spy" for p in game.players):
            return
        done = self.state.setdefault("poisoned", [])
        for me in game.players:
            ab = me.ability
            if me.character != "damsel" or ab is None or ab.id != "damsel" \
                    or any(ab is d for d in done):
                continue
            done.append(ab)
            if game.add_effect(Effect("poisoned", me, me, "damsel")):
                game.emit("jinx", "storyteller", ability="damsel", jinx="spy", player=me.name,
                          effect="poisoned")
