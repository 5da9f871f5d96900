"""A belief kept through a live game: a set of consistent worlds, updated as facts arrive.

    belief = Belief(problem, rng, size=24)      # sampled worlds (or every world, if few)
    belief.add([NightDeaths(2, ("Cat",)), Info(2, "Ann", "empath", {"count": 1})])
    belief.marginals()                          # per seat: P(character), P(evil), P(Demon)

`add` builds the solver for the grown problem (its memo of information checks is carried
over: facts are only ever appended; so is the list of setups when no static fact was
added), keeps the worlds still consistent and draws new ones (uniformly, `sample`) to
fill up to `size`. With `exact=True` the belief holds every consistent world.
"""
from __future__ import annotations

from typing import Iterable

from .core import Solver, World_
from .facts import Alignment, Claim, Fact, Is, IsNot, NotInPlay, Team

STATIC = (Is, IsNot, Team, Alignment, NotInPlay, Claim)     # facts that change the setups
from .problem import Problem
from .solve import Marginals, marginals, sample


class Belief:
    def __init__(self, problem: Problem, rng, size: int = 24, exact: bool = False):
        self.problem = problem
        self.rng = rng
        self.size = size
        self.solver = Solver(problem)
        self.exact = exact
        self.worlds: list[World_] = []
        self._fill()

    def _fill(self) -> None:
        sv = self.solver
        if self.exact:
            self.worlds = [w for w in map(sv.check, sv.setups()) if w is not None]
            return
        need = self.size - len(self.worlds)
        if need > 0:
            held = {w.characters for w in self.worlds}
            self.worlds += sample(sv, self.rng, need, tries=self.size * 200, exclude=held)

    def add(self, facts: Iterable[Fact]) -> None:
        """New facts (of any kind): keep the worlds still consistent, refill."""
        facts = list(facts)
        if not facts:
            return
        old = self.solver
        self.problem = self.problem.with_facts(facts)
        self.solver = sv = Solver(self.problem)
        sv.adopt_memo(old)
        if not any(isinstance(f, STATIC) for f in facts):
            sv.share_setups(old)        # the same setups: only the timeline grew
            kept = self.worlds
        else:
            kept = [w for w in self.worlds if sv.allows(w.characters)]
        self.worlds = [w for w in (sv.check(x.characters) for x in kept) if w is not None]
        self._fill()

    def marginals(self) -> Marginals:
        return marginals(self.solver, self.worlds)
