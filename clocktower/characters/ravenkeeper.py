"""Ravenkeeper (Trouble Brewing, Townsfolk).

"If you die at night, you are woken to choose a player: you learn their character."

How to Run: if the Ravenkeeper died tonight, wake them; they point at any player (alive or
dead, even themself) and are shown that player's character token (as that player
registers: the Drunk as the Drunk, the Spy/Recluse as the Storyteller chooses). A
Ravenkeeper executed by day, or attacked but kept alive, is not woken. A drunk or poisoned
Ravenkeeper is still woken and may be shown any character.
"""
from __future__ import annotations

from ._common import team_characters
from ._info import Information


class Ravenkeeper(Information):
    id = "ravenkeeper"

    def acts_while_dead(self) -> bool:
        return self.player in self.game.deaths_tonight

    def wakes(self, first: bool) -> bool:
        return not self.player.alive and self.player in self.game.deaths_tonight

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        pick = game.choose_players(me, 1, ability=self)
        if not pick:
            return
        target = pick[0]
        world = self.world(self.ask_registrations([target]), choice=[target.name])
        game.tell(me, self.truths(world),
                  lambda: [{"character": c, "players": [target.name]} for c in team_characters(game)],
                  self)

    def truths(self, world, player=None) -> list[dict]:
        """The character the chosen player registers as."""
        pick = world.choice(self.holder(player))
        if not pick:
            return []
        return [{"character": world.registers(pick[0])[0], "players": [pick[0]]}]
