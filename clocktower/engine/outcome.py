"""How a game ends: an outcome is a small value, and abilities can veto, change or decide it.

An `Outcome` is the winning team (`good`, `evil`, or `none` when a game is stopped without
a result), a reason from the enumeration `REASONS` below, the words the table hears, the
ability that decided it (if one did), and per-player results where they differ from the
team's (the Politician wins alone).

The way to an outcome has hook points (on `Ability`), asked by `Game.end` in this order:

1. `veto_outcome(outcome)`: True stops the game from ending this way now ("good can't win
   if you both live": the Evil Twin); the game goes on, and may end another way.
2. `alter_outcome(outcome)`: returns the outcome as this ability changes it (the Heretic
   flips the winner; the Politician adds a per-player result); chained in hook order.

Abilities that end the game propose an outcome with `Game.end(Outcome(...))`, or from the
`check_win` hook, with a reason code their class declares (`Ability.outcome_reasons`); the
base rules (the Demon is dead, two players alive) do the same.

The `game_over` event carries `winner`, `reason` (the words: the contract of
the scenario format, docs/scenarios.md), `code` (the enumeration), and `ability` / `results` when set.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any


class GameOver(Exception):
    """Raised inside the engine when the game ends; caught by the phase runners."""


# The enumeration of ways a game ends: code -> what it means. The base rules' codes are
# here; a character whose ability ends the game declares its own codes
# (`Ability.outcome_reasons`), registered when its module is imported, so the engine names
# no character. `clocktower events game_over` lists them all.
REASONS: dict[str, str] = {
    "demon_dead": "no Demon is alive (executed, killed, or left play) and none is to come",
    "two_alive": "just two players (not counting Travellers) are truly alive",
    "ability": "an ability ended the game (its id in `ability`)",
    "no_result": "the game was stopped without a result (a simulation's day limit)",
}


def register_reason(code: str, meaning: str) -> None:
    """Add a way a game can end (a character's own); a code means one thing only."""
    if REASONS.get(code, meaning) != meaning:
        raise ValueError(f"outcome reason {code!r} is already registered with another meaning")
    REASONS[code] = meaning


@dataclass(frozen=True)
class Outcome:
    winner: str                       # "good", "evil" or "none"
    code: str                         # a key of REASONS
    reason: str                       # what the table hears
    ability: str | None = None        # the ability that decided it, if one did
    results: dict[str, str] = field(default_factory=dict)   # player -> "win" / "lose"

    def __post_init__(self):
        if self.winner not in ("good", "evil", "none"):
            raise ValueError(f"an outcome's winner is good, evil or none, not {self.winner!r}")
        if self.code not in REASONS:
            raise ValueError(f"unknown outcome reason {self.code!r}")

    def with_winner(self, winner: str, ability: str | None = None) -> "Outcome":
        return replace(self, winner=winner, ability=ability or self.ability)

    def with_result(self, player: str, result: str) -> "Outcome":
        return replace(self, results={**self.results, player: result})

    def result(self, name: str, alignment: str) -> str:
        """'win' or 'lose' for the player `name` of `alignment`."""
        if name in self.results:
            return self.results[name]
        return "win" if alignment == self.winner else "lose"

    def fields(self) -> dict[str, Any]:
        """The `game_over` event's fields."""
        out: dict[str, Any] = {"winner": self.winner, "reason": self.reason, "code": self.code}
        if self.ability:
            out["ability"] = self.ability
        if self.results:
            out["results"] = dict(sorted(self.results.items()))
        return out


def opposing(alignment: str) -> str:
    return "evil" if alignment == "good" else "good"
