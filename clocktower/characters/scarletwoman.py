"""Scarlet Woman (Trouble Brewing, Minion).

"If there are 5 or more players alive & the Demon dies, you become the Demon. (Travellers
don't count.)"

How to Run: if the Demon dies and five or more players (not Travellers) were alive just
before (as they register: a Zombuul already registering as dead does not count), the
Scarlet Woman becomes that same Demon character and is told so that night.
Her reaction comes before the Imp's star-pass.
"""
from __future__ import annotations

from .. import data as D
from ..engine.ability import Ability


class ScarletWoman(Ability):
    id = "scarletwoman"
    kind = "transformation"
    # what the world solver's timeline models of it (docs/solver.md)
    world_rules = {"change": "catch"}
    priority = -5

    def wakes(self, first: bool) -> bool:
        # Her night-sheet step is only for telling a new Demon "you are": once she has
        # become the Demon she holds that Demon's ability, and the engine tells a player
        # whose character changed during the day at the next dusk. As herself she never wakes.
        return False

    def on_death(self, dead, cause, by) -> None:
        game, me = self.game, self.player
        if dead is me or not me.alive or not self.functioning:
            return
        if D.get(dead.character).team != "demon":
            return
        if any(p.truly_alive and game.is_demon(p) for p in game.players):
            return
        # Players alive just before the Demon died, as they register: the dying Demon
        # counts unless it already registered as dead (a Zombuul dying for the 2nd time
        # "counts as a dead player in almost every way").
        already_dead = next((e.get("already_registered_dead", False) for e in reversed(game.log)
                             if e["type"] == "death" and e["player"] == dead.name), False)
        alive_before = sum(1 for p in game.players if p.alive and not p.traveller) \
            + (0 if already_dead or dead.traveller else 1)
        if alive_before < 5:
            return
        self.triggered("storyteller", demon=dead.name)
        game.change_character(me, dead.character)
