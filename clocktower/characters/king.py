"""King (Regalia / Carousel, Townsfolk).

"Each night, if the dead equal or outnumber the living, you learn 1 alive character. The
Demon knows you are the King."

How to Run:

1. During the first night, wake the Demon: show THIS PLAYER IS, the King token, and point
   at the King. (A `learn` event for the Demon: `{players: [King], character: king}`; the
   `wake` event of this step names the Demon, not the King.)
2. When the dead equal or outnumber the living, the King gets a night token.
3. Each night, if so, wake the King and show one alive character token (good or evil, the
   same one again allowed): the character of a living player (`{character: id}`).

The Demon's information comes from the King's ability, so it is reliable only while the
King is sober and healthy: a drunk or poisoned King (or the Drunk who thinks they are the
King) may be pointed out wrongly, as any player. A drunk or poisoned King may be shown any
character on the script.

Rulings:

* Created mid-game, the King's Demon learns who the King is that night (at the King's
  first-night place, or right away if that has passed; by day, the coming night). That
  night the King also learns an alive character if the dead equal or outnumber the living
  (at the same moment, not at the King's usual later place).
* Only the Demon(s) alive at that moment are told: a player who becomes the Demon later
  (a star-pass, the Scarlet Woman) is not told who the King is.
* "The dead" and "the living" are all players, Travellers included (a Traveller is a
  player; the "Travellers don't count" rule is only for the two-players-left game end).
  Dead means registering dead. The count is taken at the King's step, tonight's deaths
  included.
* "1 alive character": each living player registers per query (a living Recluse may be
  shown as a Minion or Demon, a living Spy as a Townsfolk or Outsider); the Drunk is
  shown as the Drunk.
"""
from __future__ import annotations

from ..data import get as get_data
from ._common import CHARACTER_TEAMS, team_characters
from ._info import Information


class King(Information):
    id = "king"
    kind = "information"

    @classmethod
    def describe_info(cls, info: dict) -> str | None:
        if set(info) == {"character"}:        # the King's own information
            return f"an alive character: the {get_data(info['character']).name}"
        return None                           # the Demon's: "<player> is the King"

    # ---- the Demon learns the King ------------------------------------------------------
    def on_character_change(self, player, old, new) -> None:
        game = self.game
        if player is self.player and player.ability is self and game.phase != "setup":
            # A King created mid-game acts as on a first night (the Demon learns the King).
            game.mark_fresh(self)

    def _demons(self, first: bool) -> list:
        if not first:
            return []
        game = self.game
        return [p for p in game.players if p.alive and p is not self.player and game.is_demon(p)]

    def _tell_demons(self, demons: list) -> None:
        game, me = self.game, self.player
        if not demons:
            return
        world = self.world()
        for d in demons:
            game.tell(d, self.truths(world, d.name),
                      lambda: [{"players": [p.name], "character": self.id}
                               for p in game.players], self)

    # ---- the King learns an alive character ---------------------------------------------
    def _late(self) -> bool:
        game = self.game
        alive = sum(1 for p in game.players if p.alive)
        return len(game.players) - alive >= alive

    def truths(self, world, player=None) -> list[dict]:
        """Shown to the King: each alive player's registered character, if the dead equal or
        outnumber the living (else nothing). Shown to a Demon: this player is the King."""
        # Without a holder (a check of a claim: the claimant is the King) `player` is it.
        me = self.player.name if self.player is not None else player
        if player is not None and player != me:
            return [{"players": [me], "character": self.id}] if world.is_demon(player) else []
        alive = [p for p in world.players if p.alive]
        if len(world.players) - len(alive) < len(alive):
            return []
        out: list[dict] = []
        for p in alive:
            o = {"character": world.registers(p)[0]}
            if o not in out:
                out.append(o)
        return out

    def wakes(self, first: bool) -> bool:
        return bool(self._demons(first)) or self._late()

    def woken(self, first: bool) -> list:
        return self._demons(first) + ([self.player] if self._late() else [])

    def night(self, first: bool) -> None:
        self._tell_demons(self._demons(first))
        if self._late():
            self._learn()

    def _learn(self) -> None:
        game, me = self.game, self.player
        world = self.world(self.ask_registrations(p for p in game.players if p.alive))
        game.tell(me, self.truths(world), lambda: [{"character": c} for c in
                                       team_characters(game, *CHARACTER_TEAMS, "traveller")],
                  self)
