"""Steward (Regalia / Carousel, Townsfolk).

"You start knowing 1 good player."

How to Run: while preparing the first night, put the KNOW reminder by any good character
token; during the first night wake the Steward and point to the player marked KNOW. The
Steward learns a player, not their character. If created mid-game, the Steward learns
this that night (the engine's `fresh()` night: see `Game.change_character`).

Rulings (the text leaves these open):

* Registration applies: each other player is asked how they register (a Recluse may
  register evil and so not be a "good player" to show; a Spy may register good and be
  shown). A Traveller whose alignment is good is a good player.
* The Steward is not shown themself: "1 good player" is someone the Steward learns about,
  and their own token would tell them nothing. (If no other player registers good, which
  cannot happen with a legal setup, the players who truly are good are used.)
* A drunk or poisoned Steward may be shown any other player.
"""
from __future__ import annotations

from ._info import Information


class Steward(Information):
    id = "steward"
    kind = "information"

    def wakes(self, first: bool) -> bool:
        return first            # first is also True on a mid-game Steward's first night

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        others = [p for p in game.players if p is not me]
        world = self.world(self.ask_registrations(others))
        info = game.tell(me, self.truths(world),
                         lambda: [{"players": [p.name]} for p in others], self)
        if info:
            self.reminder("Know", info["players"][0])

    def truths(self, world, player=None) -> list[dict]:
        """Each other player who registers good (if none does, each who is good)."""
        me = self.holder(player)
        others = [p for p in world.players if p.name != me]
        good = [p for p in others if world.registers_alignment(p) == "good"] \
            or [p for p in others if p.alignment == "good"]
        return [{"players": [p.name]} for p in good]

    def shows(self, world, answer: dict, player=None) -> bool:
        """As `answer in truths(...)`, reading only the players it needs: the named player
        registering good is shown; one registering evil only when no other player
        registers good (the fallback to the truly good), found at the first who does."""
        names = answer.get("players")
        if answer.keys() != {"players"} or not isinstance(names, list) or len(names) != 1:
            return answer in self.truths(world, player)
        me, name = self.holder(player), names[0]
        if name == me or not isinstance(name, str):
            return False
        try:
            if world.registers_alignment(name) == "good":
                return True
            target = world.player(name)
        except ValueError:
            return False
        for p in world.players:
            if p.name != me and world.registers_alignment(p) == "good":
                return False
        return target.alignment == "good"
