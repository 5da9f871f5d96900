"""A random bot: answers its own decisions at random from the legal options, with a few
tendencies so that games move: it nominates sometimes (living players other than itself),
votes about half the time, and when it must choose one player it usually picks a living
player other than itself (any legal player otherwise)."""
from __future__ import annotations

import random
from typing import cast

from ..engine.decisions import DayActionChoice, Decision, PlayerChoice


class RandomBot:
    def __init__(self, seed: int = 0, name: str = "", nominate: float = 0.3,
                 vote: float = 0.45, use_ability: float = 0.3, decline: float = 0.15,
                 living: float = 0.9, exile: float = 0.05):
        self.rng = random.Random(f"bot:{seed}:{name}")
        self.p_nominate = nominate
        self.p_vote = vote
        self.p_ability = use_ability
        self.p_decline = decline
        self.p_living = living
        self.p_exile = exile

    def __call__(self, decision: Decision, game) -> object:
        rng = self.rng
        kind = decision.kind
        if kind == "vote":
            return rng.random() < self.p_vote
        if kind == "day_action":
            day = cast(DayActionChoice, decision)
            exiles = day.exiles
            if exiles and rng.random() < self.p_exile:
                return {"exile": exiles[rng.randrange(len(exiles))]}
            uses = day.uses
            if uses and rng.random() < self.p_ability:
                return uses[rng.randrange(len(uses))]
            if day.nominees and rng.random() < self.p_nominate:
                by_name = game.by_name
                living = [n for n in day.nominees
                          if by_name[n].alive and n != decision.who]
                if living:
                    return {"nominate": living[rng.randrange(len(living))]}
            return None
        if kind == "claim":         # a public claim when nominated: sometimes a bluff
            me = game.by_name[decision.who].character
            claims = [c for c in decision.options() if c is not None]
            if me in claims:
                return me if rng.random() < 0.5 else None
            return claims[rng.randrange(len(claims))] if rng.random() < 0.05 else None
        if getattr(decision, "optional", False) and rng.random() < self.p_decline:
            return None
        if getattr(decision, "count", 0) == 1:          # a PlayerChoice of one player
            pc = cast(PlayerChoice, decision)
            if pc.check is None and rng.random() < self.p_living:
                by_name = game.by_name
                living = [n for n in pc.candidates if by_name[n].alive and n != decision.who]
                if living:
                    return [living[rng.randrange(len(living))]]
        return decision.sample(rng)
