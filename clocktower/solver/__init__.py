"""The world solver: the assignments of characters to seats consistent with the setup
rules, the public claims and private information (docs/solver.md).

    from clocktower.solver import Problem, Claim, Info, Execution, solve, marginals
    pb = Problem("trouble-brewing", ["Ann", "Bob", ...], [Claim("Ann", "empath"),
                 Info(1, "Ann", "empath", {"count": 0}), ...])
    worlds = solve(pb)              # exact: every consistent starting grimoire
    m = marginals(pb)               # per seat: P(character), P(evil), P(Demon)
    sample(pb, random.Random(1), 20)  # sampled worlds, for large problems

`load_problem(path)` reads a puzzle file; `clocktower solve PUZZLE.yaml` solves one.
"""
from .belief import Belief
from .core import Solver, World_ as World
from .facts import (Alignment, Chose, Claim, Died, Execution, Fact, Info, Is, IsNot,
                    NightDeaths, NotInPlay, Seating, SlayerShot, Team, Traveller, VirginTrigger)
from .fromgame import facts_from_events, problem_from_game, public_claims, told_claims
from .problem import Problem, SolverInputError, load_problem, problem_from_dict
from .solve import Marginals, marginals, sample, solve, worlds

__all__ = ["Belief", "Problem", "Solver", "World", "Fact", "Is", "IsNot", "Alignment", "NotInPlay",
           "Team", "Claim", "Died", "Execution", "NightDeaths", "SlayerShot", "VirginTrigger",
           "Info", "Chose", "Seating", "Traveller",
           "SolverInputError", "load_problem", "problem_from_dict", "solve", "sample",
           "marginals", "worlds", "Marginals", "facts_from_events", "problem_from_game", "public_claims",
           "told_claims"]
