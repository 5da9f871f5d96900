"""Balloonist (Townsfolk).

"Each night, you learn a player of a different character type than last night. [+0 or +1
Outsider]"

How to Run: during setup the Storyteller may add an Outsider (data:
`setup_change.outsiders_choice: [0, 1]`, the Storyteller decision `setup.balloonist` of a
random setup). While preparing the first night, mark any player with the KNOW reminder;
while preparing each later night, mark a player of a different character type than the
current one. Each night, wake the Balloonist and point to the player marked KNOW.

Rulings:
- The shown player may be alive or dead, good or evil, a Traveller (Traveller is a
  character type), or the Balloonist themself ("mark any player").
- Character types are as players register to the Balloonist: each player is asked how
  they register (a Recluse may register as a Minion, a Spy as a Townsfolk or Outsider).
  The KNOW reminder remembers the type the shown player registered as (`reminder` event,
  `note`: the type); the next night's player must register as a different type.
- A drunk or poisoned Balloonist may be shown any player, of the same type too; the
  reminder still moves to the shown player (their type is the one "last night"), so when
  the Balloonist is sober and healthy again the player shown differs in type from the
  previously shown player.
- If no player registers as a different type (which a legal setup never allows), the
  Balloonist may be shown any player.
"""
from __future__ import annotations

from ..engine.ability import State
from ..engine.world import World
from ._info import Information


class Balloonist(Information):
    id = "balloonist"
    kind = "information"
    last_type: State[str | None] = State(None)    # the type of the last player shown

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        regs = self.ask_registrations(game.players)
        world = self.world(regs, last_type=self.last_type)
        info = game.tell(me, self.truths(world),
                         lambda: [{"players": [p.name]} for p in game.players], self)
        if info:
            shown = info["players"][0]
            kind = world.registers_team(shown)
            self.last_type = kind
            self.reminder("Know", shown, note=kind)

    def truths(self, world: World, player: str | None = None) -> list[dict]:
        """Each player who registers as a character type other than last night's shown
        player's (the `last_type` mark; none on the first night: anyone)."""
        holder = self.holder(player)
        last = world.mark(holder, "last_type")
        fits = [p for p in world.players if last is None or world.registers_team(p.name) != last]
        if not fits:
            fits = list(world.players)
        return [{"players": [p.name]} for p in fits]
