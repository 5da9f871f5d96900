"""Ravenkeeper (Trouble Brewing, Townsfolk).

"If you die at night, you are woken to choose a player: you learn their character."

How to Run: if the Ravenkeeper died tonight, wake them; they point at any player (alive or
dead, even themself) and are shown that player's character token (as that player
registers: the Drunk as the Drunk, the Spy/Recluse as the Storyteller chooses). A
Ravenkeeper executed by day, or attacked but kept alive, is not woken. A drunk or poisoned
Ravenkeeper is still woken and may be shown any character; so is one the Pukka killed, who
is still poisoned until woken (`resolving_death`, see the Pukka).
"""
from __future__ import annotations

from ..engine.ability import State
from ._common import team_characters
from ._info import Information


class Ravenkeeper(Information):
    id = "ravenkeeper"
    kind = "information"
    # what the world solver's timeline models of it (docs/solver.md)
    world_rules = {"wake": "died_tonight"}
    woken_night: State[int | None] = State(None)   # the night it woke after its death

    def acts_while_dead(self) -> bool:
        return self.player in self.game.deaths_tonight

    def wakes(self, first: bool) -> bool:
        return not self.player.alive and self.player in self.game.deaths_tonight

    def resolving_death(self) -> bool:
        """Died tonight and not yet woken to choose (the Pukka's poison is still on them)."""
        return (self.acts_while_dead() and not self.player.alive
                and self.woken_night != self.game.night)

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        try:
            pick = game.choose_players(me, 1, ability=self)
            if not pick:
                return
            target = pick[0]
            world = self.world(self.ask_registrations([target]), choice=[target.name])
            game.tell(me, self.truths(world),
                      lambda: [{"character": c, "players": [target.name]}
                               for c in team_characters(game)], self)
        finally:
            self.woken_night = game.night    # what the death triggered is resolved

    def truths(self, world, player=None) -> list[dict]:
        """The character the chosen player registers as."""
        pick = world.choice(self.holder(player))
        if not pick:
            return []
        return [{"character": world.registers(pick[0])[0], "players": [pick[0]]}]
