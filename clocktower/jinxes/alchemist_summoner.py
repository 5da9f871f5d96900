"""Alchemist & Summoner: an Alchemist-Summoner gets no bluffs, chooses which Demon but not
which player, and evil wins if the Alchemist dies before the summon; setup keeps the
Summoner's [No Demon] (paraphrased in ../shared/reference/jinxes.md).

What this module does: the Storyteller does not give the Alchemist the Summoner ability
while this jinx is active (jinx point `minions` of the Alchemist), so an
Alchemist-Summoner never comes up. Its rules are not implemented.
"""
from __future__ import annotations

from ..engine.jinx import Jinx


class AlchemistSummoner(Jinx):
    pair = ("alchemist", "summoner")

    def adjust(self, ability, point, value):
        if ability.id == "alchemist" and point == "minions":
            return [c for c in value if c != "summoner"]
        return value
