"""A random bot: answers its own decisions uniformly from the legal options, with a few
tendencies so that games move (it nominates sometimes, votes about half the time)."""
from __future__ import annotations

import random

from ..engine.decisions import Decision


class RandomBot:
    def __init__(self, seed: int = 0, name: str = "", nominate: float = 0.3,
                 vote: float = 0.45, use_ability: float = 0.3, decline: float = 0.15):
        self.rng = random.Random(f"bot:{seed}:{name}")
        self.p_nominate = nominate
        self.p_vote = vote
        self.p_ability = use_ability
        self.p_decline = decline

    def __call__(self, decision: Decision, game) -> object:
        rng = self.rng
        kind = decision.kind
        if kind == "vote":
            return rng.random() < self.p_vote
        if kind == "day_action":
            opts = decision.options()
            noms = [o for o in opts if o and "nominate" in o
                    and game.by_name[o["nominate"]].alive]
            abil = [o for o in opts if o and "ability" in o]
            if abil and rng.random() < self.p_ability:
                return abil[rng.randrange(len(abil))]
            if noms and rng.random() < self.p_nominate:
                return noms[rng.randrange(len(noms))]
            return None
        if getattr(decision, "optional", False) and rng.random() < self.p_decline:
            return None
        return decision.sample(rng)
