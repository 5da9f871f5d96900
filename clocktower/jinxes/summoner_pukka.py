"""Summoner & Pukka (reference/jinxes.md #21): the Summoner may summon a Pukka on night 2
instead of night 3.

Jinx point `night_two_demons` of the Summoner: on its night 2 the Summoner may (optionally)
choose a player to become the Pukka; if it does not, night 3 is as usual. A Pukka made on
night 2 acts that night at its own place in the night order (the engine's rule for Demons
made at night).
"""
from __future__ import annotations

from ..engine.jinx import Jinx


class SummonerPukka(Jinx):
    pair = ("summoner", "pukka")

    def adjust(self, ability, point, value):
        if ability.id == "summoner" and point == "night_two_demons" \
                and "pukka" in ability.demon_options():
            return [*value, "pukka"]
        return value
