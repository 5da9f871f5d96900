"""Storyteller policies: answerers for decisions whose `who` is "storyteller"."""
from typing import Any

from .auto import AutoStoryteller

__all__ = ["AutoStoryteller", "STORYTELLERS", "storyteller_policy"]

# The automatic Storyteller's policies by name (`play --storyteller`, `simulate
# --storyteller`): `auto` leans towards the team far behind (docs/storyteller.md), `neutral`
# is the same Storyteller taking the game as always even (no lean).
STORYTELLERS = {
    "auto": "the automatic Storyteller, leaning towards the team far behind",
    "neutral": "the automatic Storyteller without its lean (the game always taken as even)",
    "random": "every Storyteller decision uniformly at random among its legal options "
              "(a floor for the Storyteller benchmark)",
    "llm": "a chat model as the Storyteller (docs/agents.md; the automatic Storyteller "
           "answers what it cannot)",
}


def storyteller_policy(name: str, seed: int) -> Any:
    """The automatic Storyteller of policy `name` (a key of STORYTELLERS) for a game's seed."""
    if name == "auto":
        return AutoStoryteller(seed)
    if name == "neutral":
        return AutoStoryteller(seed, lean=False)
    if name == "random":
        from .random_st import RandomStoryteller
        return RandomStoryteller(seed)
    if name == "llm":
        from ..agents.llm import llm_storyteller
        return llm_storyteller(seed)
    raise ValueError(f"unknown Storyteller policy {name!r}: {', '.join(STORYTELLERS)}")
