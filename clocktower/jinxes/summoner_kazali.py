"""Summoner & Kazali: "If the Summoner creates a second living Demon, who dies that night
is the Storyteller's arbitrary choice."

A second living Demon can exist when the Kazali made a player the Summoner and that
Summoner summons on its third night. On that night (from the summon on) the Demons'
abilities do not kill (`stops_ability`: a Demon's attack does nothing tonight); at dawn the
Storyteller chooses who dies (key `kazali.summoner`: a living player, or `no`: nobody),
by the Demons (cause `demon`: protection still applies).
"""
from __future__ import annotations

from .. import data as D
from ..engine.ability import State
from ..engine.jinx import Jinx

TEAMS = D.teams()


class SummonerKazali(Jinx):
    pair = ("summoner", "kazali")
    summon_night: State[int | None] = State(None)

    def on_character_change(self, player, old, new) -> None:
        game = self.game
        if game.phase != "night" or TEAMS.get(new) != "demon":
            return
        summoned = any(e["type"] == "summon" and e["target"] == player.name
                       and e["number"] == game.night and e["phase"] == "night"
                       for e in reversed(game.log[-6:]))
        demons = [p for p in game.players if p.truly_alive and game.is_demon(p)]
        if summoned and len(demons) >= 2:
            self.summon_night = game.night
            self.jinxed("summoner", player, "storyteller_chooses_deaths")

    def _tonight(self) -> bool:
        game = self.game
        return game.phase == "night" and self.summon_night == game.night

    def stops_ability(self, ability) -> bool:
        return TEAMS.get(ability.id) == "demon" and ability.player is not None \
            and self._tonight()

    def on_dawn(self) -> None:
        game = self.game
        if not self._tonight():
            return
        living = [p.name for p in game.players if p.truly_alive]
        suggested = [n for n in living if not game.is_demon(game.by_name[n])]
        name = game.storyteller_choice("kazali.summoner", [None] + living,
                                       "Summoner–Kazali jinx: who dies tonight?",
                                       **({"suggested": suggested} if suggested else {}))
        self.summon_night = None
        if name is not None:
            game.kill(game.by_name[name], "demon", None)
