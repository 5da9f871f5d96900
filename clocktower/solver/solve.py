"""solve, sample, marginals: the solver's entry points (see docs/solver.md)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Iterator

from .. import data as D
from .core import Solver, World_
from .problem import Problem


def worlds(problem: Problem | Solver) -> Iterator[World_]:
    """Every consistent world, lazily, in a fixed order (each starting grimoire once)."""
    sv = problem if isinstance(problem, Solver) else Solver(problem)
    for setup in sv.setups():
        w = sv.check(setup)
        if w is not None:
            yield w


def solve(problem: Problem | Solver, limit: int | None = None) -> list[World_]:
    """All consistent worlds (exact), or the first `limit` of them."""
    out = []
    for w in worlds(problem):
        out.append(w)
        if limit is not None and len(out) >= limit:
            break
    return out


def sample(problem: Problem | Solver, rng, n: int, tries: int = 200_000) -> list[World_]:
    """`n` consistent worlds drawn with `rng` (a `random.Random`): rejection sampling.

    Each draw walks the setups with every seat's characters in a random order and keeps
    the first consistent one; that is not exactly uniform over worlds (a world reached by
    fewer branches is drawn less often): use `solve` when exact frequencies matter. Draws
    are independent, so a world may come back more than once. `tries` bounds the setups
    checked in all; fewer than `n` worlds come back when it runs out (or none exists)."""
    sv = problem if isinstance(problem, Solver) else Solver(problem)
    out: list[World_] = []
    budget = tries
    while len(out) < n and budget > 0:
        order = list(range(sv.n))
        rng.shuffle(order)
        found = None
        for setup in sv.setups(order=order, rng=rng):
            budget -= 1
            found = sv.check(setup)
            if found is not None or budget <= 0:
                break
        if found is None:
            break
        out.append(found)
    return out


@dataclass
class Marginals:
    """Per seat: the probability of each character, of being evil, of being the Demon,
    over the given worlds (each world counted once: uniform over worlds)."""
    seats: list[str]
    character: list[dict[str, float]]
    evil: list[float]
    demon: list[float]
    worlds: int

    def table(self) -> list[dict]:
        return [{"seat": s, "evil": e, "demon": d,
                 "characters": dict(sorted(c.items(), key=lambda kv: -kv[1]))}
                for s, c, e, d in zip(self.seats, self.character, self.evil, self.demon)]


def marginals(problem: Problem | Solver, found: Iterable[World_] | None = None) -> Marginals:
    """Marginals over `found` (default: every consistent world, `solve`)."""
    sv = problem if isinstance(problem, Solver) else Solver(problem)
    ws = list(found) if found is not None else solve(sv)
    n = sv.n
    counts = [Counter() for _ in range(n)]       # type: list[Counter]
    for w in ws:
        for i, c in enumerate(w.characters):
            counts[i][c] += 1
    total = len(ws) or 1
    chars = [{c: k / total for c, k in cnt.items()} for cnt in counts]
    evil = [sum(p for c, p in ch.items() if D.get(c).default_alignment == "evil") for ch in chars]
    demon = [sum(p for c, p in ch.items() if D.get(c).team == "demon") for ch in chars]
    return Marginals(list(sv.names), chars, evil, demon, len(ws))
