"""Summoner & Zombuul: "If the Summoner turns a dead player into the Zombuul, the Zombuul
counts as having died once."

Jinx point `summoned_dead` of the Summoner (the player it made a Demon was dead): a Zombuul
so made counts as having died once (the Zombuul's own `summoned_while_dead`).
"""
from __future__ import annotations

from ..engine.jinx import Jinx


class SummonerZombuul(Jinx):
    pair = ("summoner", "zombuul")

    def adjust(self, ability, point, value):
        if ability.id == "summoner" and point == "summoned_dead" and value.ability is not None \
                and value.ability.id == "zombuul":
            value.ability.summoned_while_dead()
        return value
