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


SETUP_LIST_LIMIT = 200_000     # setups listed (for uniform sampling) when at most this many


def sample(problem: Problem | Solver, rng, n: int, tries: int = 200_000,
           exclude: frozenset | set = frozenset()) -> list[World_]:
    """`n` different consistent worlds drawn with `rng` (a `random.Random`): rejection
    sampling, uniform over the consistent worlds.

    The setups (every assignment the setup rules and static facts allow: cheap to list,
    `Solver.setup_list`) are walked in a random order and each is checked until `n`
    consistent ones are found: a uniform draw without replacement. When there are more
    than `SETUP_LIST_LIMIT` setups, each draw walks the setups depth-first with every seat's
    characters in a random order and keeps the first consistent one (not exactly uniform:
    a world reached by fewer branches is drawn less often). `tries` bounds the setups
    checked; fewer than `n` worlds come back when it runs out or when there are no more.
    `exclude`: setups (character tuples) not to draw."""
    sv = problem if isinstance(problem, Solver) else Solver(problem)
    out: list[World_] = []
    setups = sv.setup_list(SETUP_LIST_LIMIT)
    if setups is not None:
        for k in _permutation(rng, len(setups)):
            if len(out) >= n or tries <= 0:
                break
            if setups[k] in exclude:
                continue
            tries -= 1
            w = sv.check(setups[k])
            if w is not None:
                out.append(w)
        return out
    seen = set(exclude)
    while len(out) < n and tries > 0:
        order = list(range(sv.n))
        rng.shuffle(order)
        found = None
        for setup in sv.setups(order=order, rng=rng):
            if setup in seen:
                continue
            tries -= 1
            found = sv.check(setup)
            if found is not None or tries <= 0:
                break
        if found is None:
            break
        seen.add(found.characters)
        out.append(found)
    return out


def _permutation(rng, n: int) -> Iterator[int]:
    """A uniformly random permutation of range(n), drawn lazily (Fisher-Yates with the
    swaps kept in a dict): k draws cost O(k), whatever n is."""
    swapped: dict[int, int] = {}
    for i in range(n):
        j = i + int(rng.random() * (n - i))
        a, b = swapped.get(j, j), swapped.get(i, i)
        swapped[j] = b
        yield a


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
