"""A Storyteller that answers every decision uniformly at random among its legal options:
the benchmark's floor (`clocktower arena --storytellers`), not a Storyteller to play with.
Every answer is legal by construction (`Decision.sample`), so its games are rule-abiding
games, only badly run (information true or false by a coin's fall, bluffs anything)."""
from __future__ import annotations

from typing import Any

from ..engine.rand import seeded


class RandomStoryteller:
    sees_everything = True      # as a Storyteller does (engine/views.py)

    def __init__(self, seed: int = 0):
        self.rng = seeded(f"random-storyteller:{seed}")

    def __call__(self, decision: Any, view: Any) -> object:
        return decision.sample(self.rng)
