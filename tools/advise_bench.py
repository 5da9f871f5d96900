"""Decision support's speed: time to the first figure for every option group of a pending
Storyteller decision, and to N rollouts per group, in a pool of worker processes; the CPU a
rollout costs, beside a whole reasoning-bot game measured in the same run.

    python tools/advise_bench.py [--players 10] [--seeds 3,6] [--rollouts 200] [--workers 2]
                                 [--repeat 1] [--decisions info,later]

For each seed, plays a reasoning-bot Trouble Brewing game, then advises on its first
information decision (night 1: every rollout plays a whole game) and on its first Storyteller
decision of night 2 or later (a shorter rest of the game), if it has one; `--decisions setup`
(or `setup,info,later`) advises on its first Storyteller decision instead (or too): at setup,
every rollout a whole game (the seed-3 game's has 10 options, one group each). Each line says:

- the load average (1 minute) before and after: the machine may be shared;
- the wall-clock seconds to the first figure for every group (from the call, the rebuild of
  the decision from the log included) and to N rollouts a group;
- the CPU seconds the worker processes used (`RUSAGE_CHILDREN`), per rollout, and the
  parent's own; then, in this process, the CPU of one rollout (40 serial) and of one whole
  reasoning-bot game at the same count (20 games, seeds 60000+), measured right after, so
  the two stand side by side under the same load.
"""
from __future__ import annotations

import argparse
import os
import resource
import sys
import time

from clocktower.agents.policies import make_agents
from clocktower.play import NAMES, play_game
from clocktower.sim.bench import batch_gc
from clocktower.storyteller.advise import Advice, advise_log
from clocktower.storyteller.forecast import Point, run_serial


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _game(players: int, seed: int):
    return play_game("trouble-brewing", players, seed,
                     agents=make_agents(NAMES[:players], seed, "reasoning", "reasoning"))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=10)
    ap.add_argument("--seeds", default="3,6")
    ap.add_argument("--rollouts", type=int, default=200)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--decisions", default="info,later",
                    help="which decisions of each game: setup, info, later (comma-separated)")
    a = ap.parse_args()
    kinds = [k.strip() for k in a.decisions.split(",")]
    if not kinds or any(k not in ("setup", "info", "later") for k in kinds):
        print(f"error: --decisions {a.decisions!r}: give setup, info or later, separated by "
              "commas", file=sys.stderr)
        raise SystemExit(2)
    print(f"{a.players} players, {a.workers} workers, {a.rollouts} rollouts a figure "
          f"(the standing and each group); {os.cpu_count()} cores")
    for seed in (int(s) for s in a.seeds.split(",")):
        events = list(_game(a.players, seed).log)
        st = [e for e in events if e.get("type") == "decision" and e["who"] == "storyteller"]
        first_info = next(e for e in st if e["kind"] == "info")
        later = next((e for e in st if e.get("phase") == "night" and e.get("number", 0) >= 2
                      and e["seq"] > first_info["seq"]), None)
        chosen = {"setup": st[0], "info": first_info, "later": later}
        for kind in kinds:
            rec = chosen[kind]
            if rec is None:
                print(f"seed {seed}: no Storyteller decision from night 2 on")
                continue
            for rep in range(a.repeat):
                _measure(a, seed, events, rec, rep)


def _measure(a, seed: int, events: list[dict], rec: dict, rep: int) -> None:
    load0 = os.getloadavg()[0]
    first: list[float] = []
    t0 = time.monotonic()

    def update(adv: Advice) -> None:
        if not first and adv.standing.n and all(t.n for t in adv.tallies):
            first.append(time.monotonic() - t0)
    c0, p0 = _children_cpu(), time.process_time()
    adv = advise_log(events, rec["seq"], rollouts=a.rollouts, workers=a.workers,
                     on_update=update)
    wall = time.monotonic() - t0
    workers_cpu, parent_cpu = _children_cpu() - c0, time.process_time() - p0
    n = adv.standing.n + sum(t.n for t in adv.tallies)
    with batch_gc():
        c = time.process_time()
        run_serial(Point(events, rec["seq"]), range(40))
        one = (time.process_time() - c) / 40
        c = time.process_time()
        for i in range(20):
            _game(a.players, 60000 + 20 * rep + i).dispose()
        whole = (time.process_time() - c) / 20
    print(f"seed {seed}, decision {rec['seq']} ({rec['kind']}, {rec.get('phase')} "
          f"{rec.get('number')}), load {load0:.1f} -> {os.getloadavg()[0]:.1f}: "
          f"{len(adv.groups)} groups + the standing; first figure for every one "
          f"{first[0] if first else float('nan'):.2f} s (with the rebuild); "
          f"{a.rollouts} each {wall:.1f} s ({n} rollouts); workers' CPU {workers_cpu:.1f} s "
          f"({1000 * workers_cpu / n:.1f} ms a rollout), parent's {parent_cpu:.2f} s; in one "
          f"process a rollout {1000 * one:.1f} ms, a whole game {1000 * whole:.1f} ms "
          f"(so {n} rollouts are {n * one / a.workers:.1f} s on {a.workers} free cores)",
          flush=True)


if __name__ == "__main__":
    main()
