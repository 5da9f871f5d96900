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

from .. import data as D
from ..engine.ability import State
from ._info import Information


class FortuneTeller(Information):
    id = "fortuneteller"
    kind = "information"
    # what the world solver's timeline models of it (docs/solver.md)
    world_rules = {"mark": "red_herring"}
    red_herring: State[str | None] = State(None)   # unset until chosen

    def on_setup(self) -> None:
        self._choose_red_herring()

    def _choose_red_herring(self) -> None:
        game = self.game
        good = [p.name for p in game.players if p.alignment == "good" and not p.traveller]
        self.red_herring = None
        if good:
            # Suggested: another good player (on the Fortune Teller themself, a red herring
            # is wasted unless they pick themselves).
            others = [n for n in good if n != self.player.name]
            self.red_herring = game.storyteller_choice(
                "red_herring", good, "Which good player is the Fortune Teller's Red Herring?",
                player=self.player.name, **({"suggested": others} if others else {}))
            self.reminder("Red Herring", self.red_herring)

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        if not self.has(FortuneTeller.red_herring):     # created mid-game (a Damsel the Huntsman found)
            self._choose_red_herring()
        picks = game.choose_players(me, 2, ability=self)
        if not picks:
            return
        # Registrations are asked pick by pick until the answer is yes: a pick that is the
        # red herring or "is the Demon" needs no question, and after a yes none is asked.
        herring = self.red_herring
        regs = {}
        for p in picks:
            if p.name == herring or any(ab.counts_as_demon(p)
                                        for ab in game.hooks("counts_as_demon")):
                break
            regs[p.name] = game.registration(p, self.id)
            if D.get(regs[p.name][0]).team == "demon":
                break
        world = self.world(regs, choice=[p.name for p in picks], red_herring=herring)
        game.tell(me, self.truths(world), lambda: [{"yes": True}, {"yes": False}], self)

    def truths(self, world, player=None) -> list[dict]:
        """Yes if either chosen player is the red herring or registers as a Demon."""
        me = self.holder(player)
        picks = world.choice(me)
        if not picks:
            return []
        herring = world.mark(me, "red_herring")
        return [{"yes": any(p == herring or world.registers_as_demon(p) for p in picks)}]
