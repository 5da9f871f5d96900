"""Innkeeper (Bad Moon Rising; The Return of Jafar, Townsfolk).

"Each night*, choose 2 players: they can't die tonight, but 1 is drunk until dusk."

How to Run: each night except the first, wake the Innkeeper; they point at any two players.
Mark both SAFE: they cannot die tonight (from any cause: the Demon, a Minion, a Townsfolk,
an Outsider, a Traveller). One of them, the Storyteller's choice (key `innkeeper`, e.g.
`storyteller: {innkeeper: Bob}`), is marked DRUNK. Remove SAFE at dawn, DRUNK at dusk.

Rulings:
- Two different players, alive or dead, the Innkeeper included.
- Both marks are tied to the Innkeeper's ability: while the Innkeeper is drunk, poisoned or
  dead, nobody is safe and the drunk player is sober (the general rule: an ability that
  stops working stops affecting others). So an Innkeeper who chose themself and is made
  the drunk one protects nobody (the almanac) and may die tonight.
- A drunk or poisoned Innkeeper still chooses; nothing happens (nobody is safe or drunk,
  and the Storyteller is not asked which one is drunk).
- The protection is for the night only: a day death (execution, a day ability) is not
  stopped.
- The automatic Storyteller makes a good player drunk when it can ("will almost always be
  good"), other than the Innkeeper when the other one is good too: the decision suggests
  those.
"""
from __future__ import annotations

from ..engine.ability import Ability
from ..engine.state import Effect


class Innkeeper(Ability):
    id = "innkeeper"
    kind = "protection"
    # what the world solver's timeline models of it (docs/solver.md)
    world_rules = {"protect": None, "droison": "many"}

    def wakes(self, first: bool) -> bool:
        return not first

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        picks = game.choose_players(me, 2, ability=self,
                                    prompt="Innkeeper: choose 2 players who can't die "
                                           "tonight (1 of them is drunk until dusk)")
        if not picks:
            return
        if not game.in_force(self):
            self.no_effect("safe")
            return
        for p in picks:
            game.add_effect(Effect("safe", p, self, ends=("dawn", game.night)), by=self)
            self.reminder("Safe", p)
        names = [p.name for p in picks]
        good = [p.name for p in picks if p.alignment == "good"]
        suggested = [n for n in good if n != me.name] or good or names
        # Good far behind: an evil player is the one drunk (harmless to good); evil far
        # behind: a good player other than the Innkeeper (docs/storyteller.md).
        evil = [p.name for p in picks if p.alignment == "evil"]
        drunk = game.storyteller_choice("innkeeper", names,
                                        "Which of the Innkeeper's players is drunk until "
                                        "dusk?", player=me.name, suggested=suggested,
                                        favours={"good": evil,
                                                 "evil": [n for n in good if n != me.name]})
        target = game.by_name[drunk]
        game.add_effect(Effect("drunk", target, self, ends=("dusk", game.night + 1)), by=self)
        self.reminder("Drunk", drunk)

    def protects(self, target, cause, by) -> bool:
        game = self.game
        if game.phase != "night":
            return False
        return any(e.kind == "safe" and e.source is self and game.effect_active(e)
                   for e in target.effects)
