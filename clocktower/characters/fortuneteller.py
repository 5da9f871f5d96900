"""Fortune Teller (Trouble Brewing, Townsfolk).

"Each night, choose 2 players: you learn if either is a Demon. There is a good player that
registers as a Demon to you."

How to Run: at setup the Storyteller marks any good player (even the Fortune Teller) as the
Red Herring. Each night the Fortune Teller points at any two players, alive or dead or
themself: nod if either is a Demon (a dead Demon too) or the Red Herring, else shake.
A Fortune Teller created mid-game gets a Red Herring (Storyteller's choice, key
`red_herring`) before their first choice.
"""
from __future__ import annotations

from ..engine.ability import Ability


class FortuneTeller(Ability):
    id = "fortuneteller"

    def on_setup(self) -> None:
        self._choose_red_herring()

    def _choose_red_herring(self) -> None:
        game = self.game
        good = [p.name for p in game.players if p.alignment == "good" and not p.traveller]
        self.state["red_herring"] = None
        if good:
            self.state["red_herring"] = game.storyteller_choice(
                "red_herring", good, "Which good player is the Fortune Teller's Red Herring?",
                player=self.player.name)
            game.emit("reminder", "storyteller", token="Red Herring",
                      player=self.state["red_herring"], ability=self.id)

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        if "red_herring" not in self.state:     # created mid-game (a Damsel the Huntsman found)
            self._choose_red_herring()
        picks = game.choose_players(me, 2, ability=self)
        if not picks:
            return
        yes = any(p.name == self.state.get("red_herring") or game.registers_as_demon(p, self.id)
                  for p in picks)
        game.tell(me, [{"yes": yes}], lambda: [{"yes": True}, {"yes": False}], self)
