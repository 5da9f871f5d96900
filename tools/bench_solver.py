"""The world solver at bot size: belief updates through real 10-player games.

    python tools/bench_solver.py --players 10 --games 10

For each seeded Trouble Brewing game (random bots, played to the end): the public claims
are every good player's character as they were told it (the Drunk's Townsfolk) and a
Demon bluff for each evil player; every player's information is shared as they learned it.
A `Belief` is built on night 1's facts and then given each later night's and day's facts
(one update a day, as a bot would), until the phase the game ended in. Reports CPU time
per update (mean, median, max), the worlds held, whether the true setup was among them,
the belief's probability of the true Demon's seat at the end, and the time of an exact
`solve` of the last problem.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from clocktower import data as D
from clocktower.engine.runner import play
from clocktower.play import new_game
from clocktower.solver import Belief, Claim, Problem, facts_from_events, solve, told_claims


def last_phase(game) -> int:
    """The number of the last night whose whole night and day precede the game's end."""
    over = next(i for i, e in enumerate(game.log) if e["type"] == "game_over")
    marks = [e for e in game.log[:over] if e["type"] in ("night", "day")]
    return marks[-1]["number"] - (1 if marks[-1]["type"] == "night" else 0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=10)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--size", type=int, default=16, help="worlds a belief holds")
    ap.add_argument("--exact", action="store_true", help="also time an exact solve")
    a = ap.parse_args()
    updates: list[float] = []
    first: list[float] = []
    exact: list[float] = []
    held: list[int] = []
    p_demon: list[float] = []
    truth_kept = 0
    for seed in range(a.games):
        game = new_game("trouble-brewing", a.players, seed)
        play(game)
        truth = tuple(p["character"] for p in game.log[0]["players"])
        seats = [p.name for p in game.players]
        claims = [Claim(n, c) for n, c in told_claims(game).items()]
        end = last_phase(game)
        prev: list = []
        t = time.process_time()
        belief = Belief(Problem(game.script, seats, claims + facts_from_events(
            game.log, until=("day", 1))), random.Random(seed), size=a.size)
        first.append(time.process_time() - t)
        prev = facts_from_events(game.log, until=("day", 1))
        for day in range(1, end + 1):
            now = facts_from_events(game.log, until=("night", day + 1)) if day < end else \
                facts_from_events(game.log, until=("day", end))
            now = facts_from_events(game.log, until=("day", day + 1)) if day < end else now
            new = now[len(prev):]
            prev = now
            t = time.process_time()
            belief.add(new)
            updates.append(time.process_time() - t)
        held.append(len(belief.worlds))
        demon = next(i for i, c in enumerate(truth) if D.get(c).team == "demon")
        p_demon.append(belief.marginals().demon[demon])
        truth_kept += truth in {w.characters for w in belief.worlds}
        if a.exact:
            t = time.process_time()
            found = solve(belief.problem)
            exact.append(time.process_time() - t)
            assert truth in {w.characters for w in found}, seed
    ms = [u * 1000 for u in updates]
    print(f"Trouble Brewing, {a.players} players, {a.games} games, belief of {a.size} worlds")
    print(f"  first belief (claims + night 1): mean {statistics.mean(first) * 1000:.1f} ms")
    print(f"  update (a day and a night of facts): {len(ms)} updates, mean "
          f"{statistics.mean(ms):.1f} ms, median {statistics.median(ms):.1f} ms, "
          f"max {max(ms):.1f} ms")
    print(f"  worlds held at the end: mean {statistics.mean(held):.1f}; true setup among "
          f"them in {truth_kept}/{a.games} games; P(the true Demon's seat) mean "
          f"{statistics.mean(p_demon):.2f} (uniform: {1 / a.players:.2f})")
    if exact:
        print(f"  exact solve of the last problem: mean {statistics.mean(exact) * 1000:.0f} ms, "
              f"max {max(exact) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
