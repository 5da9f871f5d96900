"""Zombuul (Bad Moon Rising, Demon).

"Each night*, if no-one died today, choose a player: they die. The 1st time you die, you
live but register as dead."

How to Run: the first time the Zombuul would die (for any reason: execution, a Demon
attack, an ability), it remains alive: the death is declared as usual (`game.fake_death`)
and from then on the Zombuul registers as dead (no vote but its ghost vote, cannot
nominate, not an alive neighbour) while the game goes on, it keeps attacking, and the game
continues if just two *other* players are alive. The second time it dies, it dies for real
and good wins. Each night except the first, the Zombuul wakes only if nobody died today
(a dead player executed does not die again, so that does not count; the Zombuul "dying"
by execution does count); it points at any player, who dies.

A drunk or poisoned Zombuul that would die really dies (its ability does not work). A
"dead" Zombuul that becomes drunk or poisoned is not announced as alive.

The would-die step is `protects`: this ability runs last among protections (priority), so
a Monk, Soldier, ... that stops the death leaves the Zombuul's first death unused.

Jinx (Summoner): a dead player whom the Summoner turns into the Zombuul counts as having
died once (`summoned_while_dead`, called by the jinx clocktower/jinxes/summoner_zombuul.py):
secretly alive, registering dead.
"""
from __future__ import annotations

from ..engine.ability import Ability, State


class Zombuul(Ability):
    id = "zombuul"
    kind = "killing"
    priority = 100          # the last word in the would-die step
    died_once = State(False)

    def acts_while_dead(self) -> bool:
        return self.player is not None and self.player.secretly_alive

    def wakes(self, first: bool) -> bool:
        if first:
            return False
        # "Today" is the day before this night; Storyteller sees DIED TODAY reminders.
        return not self.game.deaths_today

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        target = game.choose_players(me, 1, ability=self)
        if target:
            game.kill(target[0], "demon", me, source=self)

    def protects(self, target, cause, by) -> bool:
        game, me = self.game, self.player
        if target is not me or self.died_once or not me.alive:
            return False
        if not self.functioning:
            return False         # a drunk or poisoned Zombuul dies for real
        self.died_once = True
        # `apparent_death`: the death event that follows is the Zombuul's first, not real.
        self.reminder("Dead", me, note="registers as dead, secretly alive", apparent_death=True)
        game.fake_death(me, cause, by)
        return True

    def summoned_while_dead(self) -> None:
        """Summoner jinx: a dead player made the Zombuul counts as having died once."""
        me = self.player
        if me is None or me.alive:
            return
        self.died_once = True
        me.secretly_alive = True
        # `secretly_alive`: no death event follows; the dead player lives from here on
        self.reminder("Dead", me, note="counts as having died once (Summoner jinx)",
                      secretly_alive=True)
