"""Decision support's speed: time to the first figure for every option group of a pending
Storyteller decision, and to N rollouts per group, in a pool of worker processes.

    python tools/advise_bench.py [--players 10] [--seed 3] [--rollouts 200] [--workers 2]

Plays a reasoning-bot Trouble Brewing game, then advises on its first information decision
(night 1: every rollout plays a whole game) and on the first Storyteller decision of day 2
or later (a shorter rest of the game). Wall-clock seconds and CPU load as they are: the
machine may be shared.
"""
from __future__ import annotations

import argparse
import os
import time

from clocktower.agents.policies import make_agents
from clocktower.play import NAMES, play_game
from clocktower.storyteller.advise import advise_log
from clocktower.storyteller.forecast import Point, run_serial


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=10)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--rollouts", type=int, default=200)
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()
    game = play_game("trouble-brewing", a.players, a.seed,
                     agents=make_agents(NAMES[:a.players], a.seed, "reasoning", "reasoning"))
    events = list(game.log)
    st = [e for e in events if e.get("type") == "decision" and e["who"] == "storyteller"]
    first_info = next(e for e in st if e["kind"] == "info")
    later = next((e for e in st if e.get("phase") in ("day", "night") and e.get("number", 0) >= 2
                  and e["seq"] > first_info["seq"]), None)
    print(f"load average {os.getloadavg()[0]:.1f}; {a.players} players, seed {a.seed}, "
          f"{a.workers} workers, {a.rollouts} rollouts a group")
    for rec in (first_info, later):
        if rec is None:
            continue
        t = time.monotonic()
        adv = advise_log(events, rec["seq"], rollouts=a.rollouts, workers=a.workers)
        wall = time.monotonic() - t
        per = sum(x.n for x in adv.tallies) + adv.standing.n
        c = time.process_time()
        run_serial(Point(events, rec["seq"]), range(30))
        cpu = (time.process_time() - c) / 30
        print(f"decision {rec['seq']} ({rec['kind']}, {rec.get('phase')} {rec.get('number')}): "
              f"{len(adv.groups)} groups + the standing; first figure for every group "
              f"{adv.first:.2f} s; {a.rollouts} per group {adv.seconds:.1f} s "
              f"({per} rollouts, {wall:.1f} s with the probe); "
              f"{1000 * cpu:.1f} CPU ms a rollout in one process, so {per} rollouts are "
              f"{per * cpu / a.workers:.1f} s on {a.workers} free cores")


if __name__ == "__main__":
    main()
