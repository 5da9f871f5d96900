"""Alchemist & Summoner: "If the Alchemist has the Summoner ability, the Alchemist gets no
bluffs, and chooses which Demon but not which player. If the Alchemist dies before this
happens, evil wins. [No Demon]" (paraphrased in characters.json's jinxes)

The Alchemist-Summoner is a Summoner ability granted by the Alchemist (`Game.grant`). This
jinx answers the Summoner's jinx points for it: `bluffs` (none: not woken on its first
night for them) and `storyteller_places` (the Alchemist chooses a Demon, a `character`
choice; the Storyteller chooses the player: keyed decision `summoner.player`). If the
Alchemist dies before summoning, evil wins (outcome code `alchemist_summoner`). [No Demon]:
the Summoner's setup change applies to the grimoire as the Storyteller writes it (a random
game never gives the Alchemist a Minion that changes setup: the bag is drawn first).
"""
from __future__ import annotations

from ..engine.jinx import Jinx
from ..engine.outcome import Outcome, register_reason

register_reason("alchemist_summoner",
                "the Alchemist-Summoner died before summoning a Demon: evil wins (jinx)")


def alchemist_summoner(ability) -> bool:
    """Is `ability` a Summoner ability the Alchemist has?"""
    src = ability.source
    return ability.id == "summoner" and src is not None and src.id == "alchemist"


class AlchemistSummoner(Jinx):
    pair = ("alchemist", "summoner")

    def adjust(self, ability, point, value):
        if not alchemist_summoner(ability):
            return value
        if point == "bluffs":
            return False
        if point == "storyteller_places":
            return True
        return value

    def check_win(self):
        for p in self.game.players:
            if p.truly_alive:
                continue
            for ab in p.held:
                if alchemist_summoner(ab) and ab.active and not ab.declared("spent"):
                    return Outcome("evil", "alchemist_summoner",
                                   f"the Alchemist-Summoner ({p.name}) died before summoning "
                                   "a Demon", "alchemist")
        return None
