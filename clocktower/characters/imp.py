"""Imp (Trouble Brewing, Demon).

"Each night*, choose a player: they die. If you kill yourself this way, a Minion becomes the Imp."

How to Run: each night except the first, the Imp chooses a player, who dies. If the Imp
chose themself and dies, the Storyteller picks a living Minion to become the Imp (woken
and shown the Imp token). With no living Minion the Imp simply dies and good wins.
A Scarlet Woman, whose ability reacts first, takes precedence over the star-pass.
A player who becomes the Imp during the night because a Demon died tonight (star-pass,
Scarlet Woman) does not act that night: "This new Imp does not act that same night". A
player made the Imp at night in any other way (a Demon-creating ability) acts that night.
Both are the engine's rule for every Demon made at night (`Game._new_at_night`).
"""
from __future__ import annotations

from .. import data as D
from ..engine.ability import Ability, State
from ._common import last_day_nominees


class Imp(Ability):
    id = "imp"
    kind = "killing"
    # what the world solver's timeline models of it (docs/solver.md)
    world_rules = {"kill": "chosen", "pass": "minion"}
    self_kill_night: State[int | None] = State(None)

    def wakes(self, first: bool) -> bool:
        # A successor made tonight (star-pass, Scarlet Woman) waits: the engine's one rule
        # for Demons made at night (`Game._new_at_night`).
        return not first

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        target = game.choose_players(me, 1, ability=self)
        if not target:
            return
        if target[0] is me:
            self.self_kill_night = game.night
        game.kill(target[0], "demon", me, source=self)

    def on_death(self, dead, cause, by) -> None:
        game, me = self.game, self.player
        if dead is not me or by is not me or self.self_kill_night != game.night:
            return
        if any(p.truly_alive and game.is_demon(p) for p in game.players):
            return      # someone already took over (a Scarlet Woman)
        minions = [p for p in game.players
                   if p.alive and D.get(p.character).team == "minion"]
        if not minions:
            return
        # Evil far behind: a Minion nobody nominated on the last day; good far behind: a
        # nominated one (docs/storyteller.md). Else any.
        seen = last_day_nominees(game)
        names = [m.name for m in minions]
        name = game.storyteller_choice("imp", names, "Which Minion becomes the Imp?",
                                       favours={"evil": [n for n in names if n not in seen],
                                                "good": [n for n in names if n in seen]})
        heir = game.by_name[name]
        game.emit("star_pass", "storyteller", player=me.name, to=heir.name)
        game.change_character(heir, "imp")
