"""Kazali (Demon).

"Each night*, choose a player: they die. [You choose which players are which Minions. -? to
+? Outsiders]"

How to Run: while setting up, remove all Minion tokens and add Townsfolk or Outsider tokens
(data: `setup_change.minions_chosen_by_demon` and `outsiders_any`: the Minion slots are
dealt as Townsfolk, and the Storyteller may change the Outsider count, the decision
`setup.kazali` of a random setup: a delta from minus the Outsiders to plus the former
Minion slots). During the first night, wake the Kazali: they point at a player and a
Minion on the character sheet; that player becomes that Minion (evil), is woken and shown
"you are", the Minion token and a thumbs down (a `learn` with `character` and
`alignment`). Repeat until the normal number of Minions (the setup table's) exist. Each
night except the first, the Kazali points at a player, who dies.

Each pick is one decision (`kind: night_choice`, `form: player_character`, like the
Summoner's summon) whose options are every {player, character} pair still open; a scenario
writes `Cat: {player: Dan, character: poisoner}` or a list of such mappings, one per
Minion (docs/scenarios.md).

Rulings:
- Only Minions on the script (and implemented), each at most once ("duplicate Minion
  characters are not allowed"); only living, non-Traveller players other than the Kazali,
  each at most once. A chosen player's old character leaves play.
- The Kazali chooses only if it was dealt at setup and no Minion is in play on night 1
  (a written grimoire that already deals Minions: the Kazali does not choose). A Kazali
  created mid-game does not choose new Minions.
- The choice is part of setup ("technically both during setup and during the first
  night"): it works even if the Kazali were drunk or poisoned.
- Minion and Demon info come after the Kazali's step in the night order, so they show the
  chosen Minions. If a script's own night order puts an evil-info step before the Kazali,
  that step is held back (`evil_info` hook: `skip`) and given right after the choice.
- A Minion made this way acts tonight at its own place in the night order if that is
  still to come (the Poisoner poisons on night 1).
- The bluffs are the game's (chosen at setup); the Kazali's kills are ordinary Demon kills.

Jinx (clocktower/jinxes/summoner_kazali.py): if a Summoner the Kazali made creates a second
living Demon, who dies that night is the Storyteller's choice. Jinx
(clocktower/jinxes/marionette_kazali.py): the Kazali may make the Marionette only of a good
neighbour, who is not told and keeps believing their old character.
"""
from __future__ import annotations

from typing import Any

from .. import data as D
from ..engine.ability import Ability, State, StateList
from ..engine.decisions import Choice
from ..engine.evilinfo import evil_info as give_evil_info
from ..engine.jinx import adjusted


class Kazali(Ability):
    id = "kazali"
    kind = "killing"
    # what the world solver's timeline models of it (docs/solver.md)
    world_rules = {"kill": None, "change": None}
    chooses = State(False)
    held_back: StateList[Any] = StateList()   # evil-info steps held back
    pick: State[str | None] = State(None)   # the Minion character picked last

    def __init__(self, game, player):
        super().__init__(game, player)
        # Only a Kazali in play from setup chooses its Minions.
        self.chooses = game.phase == "setup"
        self.held_back = []

    def _will_choose(self) -> bool:
        game = self.game
        return (game.night == 1 and bool(self.chooses)
                and self.player is not None and self.player.alive
                and not any(D.get(p.character).team == "minion" for p in game.players))

    def wakes(self, first: bool) -> bool:
        return self._will_choose() if first else True

    def night(self, first: bool) -> None:
        if first:
            self.choose_minions()
            return
        game, me = self.game, self.player
        target = game.choose_players(me, 1, ability=self)
        if target:
            game.kill(target[0], "demon", me, source=self)

    def minion_options(self) -> list[str]:
        game = self.game
        return [c for c in game.script.of_team("minion") if c in game.registry
                and not game.in_play(c)]

    def choose_minions(self) -> None:
        game, me = self.game, self.player
        self.chooses = False
        wanted = D.player_counts(sum(1 for p in game.players if not p.traveller))["minion"]
        chosen: list[str] = []
        for _ in range(wanted):
            players = [p for p in game.players if p is not me and p.alive and not p.traveller
                       and p.name not in chosen]
            minions = self.minion_options()
            options = [{"player": p.name, "character": c} for p in players for c in minions]
            # Jinx point: the Marionette–Kazali jinx allows the Marionette only beside the
            # Kazali (clocktower/jinxes/marionette_kazali.py).
            options = adjusted(self, "minion_picks", options)
            if not options:
                break
            ans = game.decide(Choice("night_choice", me.name, options,
                                     "Choose a player and a Minion: they become that Minion.",
                                     {"ability": self.id, "player": me.name,
                                      "form": "player_character"}))
            chosen.append(ans["player"])
            self.chose(me, players=[ans["player"]], character=ans["character"])
            # Jinx point: a Marionette made so is not told (the Marionette–Kazali jinx).
            self.pick = ans["character"]
            game.change_character(game.by_name[ans["player"]], ans["character"],
                                  alignment="evil", tell=adjusted(self, "tells_pick", True))
        for step in self.held_back:
            give_evil_info(game, step)
        self.held_back = []

    def evil_info(self, table) -> None:
        """An evil-info step before the Kazali has chosen (a script's own night order): held
        back and given right after the choice."""
        if self._will_choose():
            self.held_back.append(table.step)
            table.skip("the Kazali has not chosen its Minions yet")
