"""Summoner & Courtier: "If the living Summoner has no ability, the Storyteller has the
Summoner ability."

Jinx point `storyteller_summons` of the Summoner, asked when the Summoner would summon but
their ability does not work: True while the Summoner is alive (made drunk by the Courtier,
or drunk or poisoned otherwise). The Storyteller then makes the summon (keyed decision
`summoner`: `{player: Name, character: id}`), and it works. A dead Summoner summons nobody.
"""
from __future__ import annotations

from ..engine.jinx import Jinx


class SummonerCourtier(Jinx):
    pair = ("summoner", "courtier")

    def adjust(self, ability, point, value):
        if ability.id != "summoner" or point != "storyteller_summons" or value:
            return value
        me = ability.player
        if me is None or not me.alive or ability.functioning:
            return value
        self.jinxed("summoner", me, "the Storyteller summons")
        return True
