"""Town Crier (Regalia / Sects & Violets, Townsfolk).

"Each night*, you learn if a Minion nominated today."

How to Run:

1. Each dawn, mark the Town Crier MINIONS NOT NOMINATED.
2. Each day, if any Minion makes a nomination, mark the Town Crier MINION NOMINATED.
3. Each night except the first, wake the Town Crier: nod (`{yes: true}`) if marked MINION
   NOMINATED, else shake (`{yes: false}`). The Town Crier learns neither who nor how many.

Rulings:

* The question is asked when the nomination is made (How to Run step 2): the nominator
  registers then (a Recluse may register as a Minion, a Spy as not a Minion; a scenario
  writes it as `registers:` in that day's `storyteller:`). So a Minion who nominated and
  later that day became the Demon (the Scarlet Woman) still counts as a Minion nominating.
  Once a Minion has nominated, later nominations that day are not asked about.
* Every nomination counts, including one that ends at once (a Virgin's nominator executed).
* A Town Crier created mid-game (the Huntsman's Damsel) learns about the whole of today:
  nominations made before they existed are asked about at their first night.
* A dead Town Crier is not woken (and nominations are not asked about while they are
  dead). A drunk or poisoned Town Crier may be told yes or no.
"""
from __future__ import annotations

from .. import data as D

from ..engine.ability import State
from ._info import Information


class TownCrier(Information):
    id = "towncrier"
    kind = "information"
    minion_nominated: State[int | None] = State(None)   # the day a Minion nominated
    born: State[int | None] = State(None)   # log length when made mid-game today
    asked: State["tuple[int, dict[str, tuple[str, str]]] | None"] = State(None)

    def on_nomination(self, nominator, nominee) -> None:
        game, me = self.game, self.player
        if not me.alive or self.minion_nominated == game.day:
            return
        if self._is_minion(nominator):
            self.minion_nominated = game.day
            self.reminder("Minion Nominated", me)

    def on_character_change(self, player, old, new) -> None:
        if player is self.player and player.ability is self:
            self.born = len(self.game.log)     # nominations before this were unseen

    def wakes(self, first: bool) -> bool:
        return not first

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        yes = self.minion_nominated == game.day
        born = self.born
        del self.born
        if not yes and born is not None:
            for e in game.log[:born]:
                if e["type"] == "nominate" and e["phase"] == "day" and e["number"] == game.day \
                        and self._is_minion(game.by_name[e["by"]]):
                    break
        asked = self.asked
        world = self.world(asked[1] if asked and asked[0] == game.day else None)
        game.tell(me, self.truths(world), lambda: [{"yes": True}, {"yes": False}], self)

    def truths(self, world, player=None) -> list[dict]:
        """Yes if any of today's nominators registers as a Minion (registrations are asked
        when the nomination is made)."""
        return [{"yes": any(world.registers_team(n) == "minion" for n in world.nominators)}]

    def _is_minion(self, nominator) -> bool:
        """Ask how `nominator` registers (recorded for today's world): a Minion?"""
        game = self.game
        reg = game.registration(nominator, self.id)
        asked: tuple[int, dict[str, tuple[str, str]]] | None = self.asked
        if not asked or asked[0] != game.day:
            asked = self.asked = (game.day, {})
        asked[1][nominator.name] = reg
        return D.get(reg[0]).team == "minion"
