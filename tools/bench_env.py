"""Random agents through `clocktower.env` against `clocktower bench`'s random bots, side by
side: alternated rounds on the same seeds, games per CPU second (docs/agents.md).

    python tools/bench_env.py --players 10 --games 300 --rounds 3

Each round runs `sim.bench.run_bench` (what `clocktower bench` runs) and then the same
games through the environment: every seat an agent, `random_agents(env)` answering from
`env.decision`/`env.view`, `env.last()` (the observation) read at every step, under the
same garbage-collection tuning (`batch_gc`). The logs are the same games (tests/test_env.py).
"""
from __future__ import annotations

import argparse
import io
import statistics
import time

from rich.console import Console

from clocktower.env import ClocktowerEnv, random_agents
from clocktower.sim.bench import batch_gc, build_line, run_bench


def env_rate(script: str, players: int, games: int, seed: int) -> float:
    e = ClocktowerEnv(script=script, players=players)
    with batch_gc():
        cpu0 = time.process_time()
        for i in range(games):
            e.reset(seed=seed + i)
            agents = random_agents(e)
            for a in e.agent_iter():
                _obs, _r, term, trunc, _info = e.last()
                e.step(None if term or trunc else agents[a].act(e, a))
        cpu = time.process_time() - cpu0
    return games / cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--script", default="trouble-brewing")
    ap.add_argument("--players", type=int, default=10)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    print(build_line())
    ratios = []
    for r in range(a.rounds):
        quiet = Console(file=io.StringIO())
        bench = run_bench(a.script, a.players, a.games, a.seed, quiet)["games_per_cpu_second"]
        env = env_rate(a.script, a.players, a.games, a.seed)
        ratios.append(env / bench)
        print(f"round {r + 1}: bench {bench:.0f} games per CPU s, env {env:.0f} "
              f"({env / bench:.3f}x)", flush=True)
    print(f"median ratio {statistics.median(ratios):.3f}x")


if __name__ == "__main__":
    main()
