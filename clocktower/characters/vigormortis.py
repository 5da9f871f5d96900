"""Vigormortis (The Return of Jafar, Demon).

"Each night*, choose a player: they die. Minions you kill keep their ability & poison 1
Townsfolk neighbor. [-1 Outsider]"

How to Run: each night except the first the Vigormortis chooses a player, who dies. A Minion
killed this way is marked HAS ABILITY: their ability stays in force while they are dead
(the `keeps_in_force` hook), for as long as the Vigormortis's own ability works. The
closest Townsfolk clockwise or anticlockwise of that Minion (dead or alive; Outsiders,
Minions, Demons and Travellers are skipped) becomes poisoned: the Storyteller chooses
which of the two (keyed `vigormortis`, with the Minion named in the decision; a scenario
writes `vigormortis: Eve` or `vigormortis: {Dan: Eve}`). Once chosen it stays chosen.

Rulings:
- The poison is the killed Minion's: it lasts while that Minion keeps their ability. It
  ends when the Vigormortis dies or stops working (drunk, poisoned), and while the dead
  Minion is drunk or poisoned, or once they are no longer a Minion ("If a dead Minion
  becomes a non-Minion character, they no longer poison a Townsfolk and have no
  ability"): a change of character takes their ability away, and a swap (the Barber)
  hands it to someone else, whom the poison does not follow (the effect is `held_by` the
  Minion: engine `effect_active`). A Minion swapped into another Minion character still
  keeps that character's ability while dead, but the neighbour's poison was their old
  ability's and ends with it.
- A dead Minion who keeps their ability acts at night as if alive (a dead Witch still
  curses, a dead Poisoner still poisons). Every Minion the Vigormortis killed keeps theirs,
  not only the latest.
- A Minion whose death was prevented is not killed, so keeps nothing.
- The [-1 Outsider] setup change is data (`setup_change`).
"""
from __future__ import annotations

from .. import data as D
from ..engine.ability import Ability, State, StateList
from ..engine.state import Effect

TEAMS = D.teams()


class Vigormortis(Ability):
    id = "vigormortis"
    kind = "killing"
    # what the world solver's timeline models of it (docs/solver.md)
    world_rules = {"kill": None, "droison": "many"}
    kept: StateList[str] = StateList()   # the Minions it killed who keep their ability
    _asking = State(False)

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        target = game.choose_players(me, 1, ability=self)
        if not target:
            return
        victim = target[0]
        minion = TEAMS[victim.character] == "minion"
        died = game.kill(victim, "demon", me, source=self)
        if died and minion and not victim.alive:
            self.keep(victim)

    def keep(self, minion) -> None:
        """`minion`, killed by this Vigormortis, keeps their ability and poisons a Townsfolk
        neighbour."""
        game = self.game
        kept: list[str] = self.kept
        if minion.name not in kept:
            kept.append(minion.name)
        self.reminder("Has ability", minion)
        options = self.townsfolk_neighbours(minion)
        if not options:
            return
        name = game.storyteller_choice("vigormortis", options,
                                       f"Which Townsfolk neighbour of {minion.name} is "
                                       "poisoned?", about=minion.name)
        own = minion.ability
        # The dead Minion's poison (`held_by`): it lasts while they hold their ability, not
        # wherever that ability goes (a Barber swap hands it to a living player).
        game.add_effect(Effect("poisoned", game.by_name[name], own,
                               data={"vigormortis": minion.name, "held_by": minion.name}),
                        by=own)

    def townsfolk_neighbours(self, minion) -> list[str]:
        """The closest Townsfolk anticlockwise and clockwise (dead or alive), skipping
        other teams and Travellers; one name when both directions find the same player."""
        game = self.game
        n = len(game.players)
        out: list[str] = []
        for sign in (-1, 1):
            for step in range(1, n):
                q = game.players[(minion.seat + sign * step) % n]
                if q is minion:
                    break
                if not q.traveller and TEAMS[q.character] == "townsfolk":
                    if q.name not in out:
                        out.append(q.name)
                    break
        return out

    def keeps_in_force(self, ability) -> bool:
        p = ability.player
        if p is None or p.alive or p.name not in self.kept:
            return False
        if ability not in p.held or ability.origin == "believed" \
                or TEAMS[p.character] != "minion" or ability.id != p.character:
            return False
        if self._asking:
            return False
        self._asking = True
        try:
            return self.game.in_force(self)
        finally:
            self._asking = False
