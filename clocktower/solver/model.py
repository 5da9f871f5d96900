"""One model of the possible worlds: exact when small, sampled when large.

The world solver, the bots' beliefs and the Storyteller's estimates can ask the same
question of the same model (docs/solver.md, "One model of the possible worlds"):

    from clocktower.solver.model import possible_worlds, problem_from_view
    pw = possible_worlds(problem)                      # or problem_from_view(...)
    pw.exact, len(pw.worlds)                           # every world, or a sample
    pw.demon()          # {seat: P(starting Demon)}
    pw.evil()           # {seat: P(evil)}
    pw.teams()          # {(Demon's seat, evil seats): P}: the bots' hypotheses
    pw.marginals()      # per seat and character (solve.Marginals)

A world is a starting grimoire consistent with the facts (`Solver.check`: the setup rules,
the claims, every character's own rules on the timeline). When the setups the static facts
allow number at most `exact_limit`, every one is checked and the answer is exact (uniform
over the consistent worlds); otherwise `size` worlds are drawn uniformly without
replacement (`solve.sample`), and the answer is their frequencies.

`problem_from_view(game, viewer)` is what a bot would ask: the public record (deaths,
executions, shots, every claim and claimed information) plus what `viewer` saw (its own
information, its choices; an evil player's team). `problem_from_view(game, None)` is the
Storyteller's: the whole log.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from .. import data as D
from .core import Solver, World_
from .facts import Claim, Info
from .fromgame import facts_from_events, public_claims
from .problem import Problem
from .solve import Marginals, marginals, sample

EXACT_LIMIT = 20_000        # setups checked one by one for an exact answer, at most
SAMPLE_SIZE = 64            # worlds drawn when there are more


@dataclass
class PossibleWorlds:
    """The consistent worlds of a problem, every one (`exact`) or a uniform sample."""
    problem: Problem
    solver: Solver
    worlds: list[World_]
    exact: bool

    def _share(self, test) -> dict[str, float]:
        n = len(self.worlds) or 1
        names = self.solver.names
        got = Counter(names[i] for w in self.worlds for i, c in enumerate(w.characters)
                      if test(c))
        return {x: got[x] / n for x in names}

    def demon(self) -> dict[str, float]:
        """Each seat's probability of starting as the Demon."""
        return self._share(lambda c: D.get(c).team == "demon")

    def evil(self) -> dict[str, float]:
        """Each seat's probability of being evil (its starting character's alignment)."""
        return self._share(lambda c: D.get(c).default_alignment == "evil")

    def teams(self) -> dict[tuple[str, frozenset[str]], float]:
        """The evil teams, (the Demon's seat, every evil seat), with their probability:
        the hypotheses of the bots' beliefs (agents/beliefs.py)."""
        names = self.solver.names
        got: Counter = Counter()
        for w in self.worlds:
            demon = next((names[i] for i, c in enumerate(w.characters)
                          if D.get(c).team == "demon"), "")
            got[(demon, frozenset(names[i] for i, c in enumerate(w.characters)
                                  if D.get(c).default_alignment == "evil"))] += 1
        n = len(self.worlds) or 1
        return {k: v / n for k, v in got.items()}

    def marginals(self) -> Marginals:
        return marginals(self.solver, self.worlds)


def possible_worlds(problem: Problem | Solver, rng: Any = None,
                    exact_limit: int = EXACT_LIMIT, size: int = SAMPLE_SIZE) -> PossibleWorlds:
    """The model's answer for `problem`: exact when its setups number at most
    `exact_limit`, else `size` worlds sampled with `rng` (default: seeded from the seats,
    so the same problem gives the same answer)."""
    sv = problem if isinstance(problem, Solver) else Solver(problem)
    setups = sv.setup_list(exact_limit)
    if setups is not None:
        found = [w for w in map(sv.check, setups) if w is not None]
        return PossibleWorlds(sv.pb, sv, found, True)
    rng = rng if rng is not None else random.Random("|".join(sv.names))
    return PossibleWorlds(sv.pb, sv, sample(sv, rng, size), False)


def problem_from_view(game: Any, viewer: str | None, until: tuple[str, int] | None = None,
                      **options: Any) -> Problem:
    """The problem a player (or, with `viewer` None, the Storyteller) can pose from a game:
    the public timeline and claims (`public_claims`), and what the viewer saw. The
    claimed information of the viewer itself is left out (its own is known)."""
    events = game.view(viewer).events if viewer is not None else game.log
    facts = facts_from_events(events, viewer, until)
    said = public_claims(game.log if viewer is None else events, until)
    facts += [f for f in said if not (isinstance(f, (Claim, Info)) and f.seat == viewer)]
    seats = [p.name for p in game.players if not p.traveller]
    return Problem(game.script, seats, facts, **options)
