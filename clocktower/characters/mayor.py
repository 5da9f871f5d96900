"""Mayor (Trouble Brewing, Townsfolk).

"If only 3 players live & no execution occurs, your team wins. If you die at night, another
player might die instead."

How to Run: during the night, if the Mayor would die, the Storyteller chooses whether the
Mayor dies or another player dies instead (any other player: if it is a dead player, the
Soldier, or a player the Monk protects, nobody dies). At dusk (the end of the day), if
exactly three players are alive (Travellers count) and no player was executed today, the
game ends and the Mayor's team wins.
"""
from __future__ import annotations

from ..engine.ability import Ability
from ..engine.outcome import Outcome


class Mayor(Ability):
    id = "mayor"
    kind = "ending"
    # what the world solver's timeline models of it (docs/solver.md)
    world_rules = {"bounce": "kill"}
    outcome_reasons = {"mayor": "three players live and no execution occurred: the Mayor's team wins"}

    def redirect_death(self, target, cause, by):
        game, me = self.game, self.player
        if target is not me or game.phase != "night" or not self.functioning:
            return None
        others = [p.name for p in game.players if p is not me]
        # The automatic Storyteller's policy (docs/storyteller.md). Suggested: the Mayor,
        # or any other player but a Demon (a dead player chosen means nobody dies, as the
        # almanac says); good far behind: a living evil non-Demon, or nobody (a dead
        # player); evil far behind: the Mayor, or a living good player.
        demons = {p.name for p in game.players if game.is_demon(p)}
        living_good = [p.name for p in game.players if p is not me and p.alive
                       and p.alignment == "good" and p.name not in demons]
        for_good = [p.name for p in game.players if p is not me and p.name not in demons
                    and (not p.alive or p.alignment == "evil")]
        name = game.storyteller_choice("mayor", [None] + others,
                                       "The Mayor would die: who dies instead (None: the Mayor)?",
                                       suggested=[None] + [n for n in others if n not in demons],
                                       favours={"good": for_good, "evil": [None] + living_good})
        return game.by_name[name] if name else None

    def on_day_end(self) -> None:
        game = self.game
        alive = [p for p in game.players if p.alive]       # Travellers count for the Mayor
        if len(alive) == 3 and not game.execution_happened and self.functioning:
            game.end(Outcome(self.player.alignment, "mayor",
                             "three players live and no execution occurred (Mayor)", self.id))
