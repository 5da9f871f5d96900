"""Choirboy (Regalia / Carousel, Townsfolk).

"If the Demon kills the King, you learn which player is the Demon. [+the King]"

How to Run:

1. Setup: if the King is not already in play, a Townsfolk token is replaced by the King
   (data-driven: `setup_change: {requires: king}`; a scenario's setup is as written).
2. Each night except the first, if the Demon killed the King, wake the Choirboy (after the
   Demon) and point to the Demon player: `{players: [Demon]}`. The Choirboy learns the
   player, not the character.

Only a death caused by the Demon's ability counts (cause `demon`, by a player who is the
Demon): not the King's execution (even if the Demon nominated), not a Minion's kill, and
not a Demon attack the King survives (Monk, Soldier): no death, no information. The
Choirboy must be alive (a dead Choirboy is not woken). "The King" is the player whose
character is the King: the Drunk who thinks they are the King is not. A drunk or poisoned
Choirboy is still woken when the King is killed, and may be shown any player.

Ruling: the player shown is the Demon who killed the King. A death by the Demon's ability
by day (no Regalia Demon kills by day) would be learned the following night.
"""
from __future__ import annotations

from ..engine.ability import State
from ._info import Information


class Choirboy(Information):
    id = "choirboy"
    kind = "information"
    demon: State[str | None] = State(None)   # the Demon who killed the King; unset when none

    def on_death(self, dead, cause, by) -> None:
        game = self.game
        if dead is self.player:
            del self.demon
        elif dead.character == "king" and cause == "demon" and by is not None \
                and game.is_demon(by):
            self.demon = by.name

    def wakes(self, first: bool) -> bool:
        return self.has(Choirboy.demon)

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        demon = self.demon
        del self.demon
        game.tell(me, self.truths(self.world(king_killer=demon)),
                  lambda: [{"players": [p.name]} for p in game.players], self)

    def truths(self, world, player=None) -> list[dict]:
        """The Demon who killed the King (mark `king_killer`), if the Demon did."""
        killer = world.mark(self.holder(player), "king_killer")
        return [{"players": [killer]}] if killer is not None else []
