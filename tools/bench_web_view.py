"""Input to view late in a long web game: one Storyteller client, in process.

    python tools/bench_web_view.py [--events 2600] [--last 60]

A 15-seat Trouble Brewing web game (every seat at the table: the Storyteller answers every
decision, option 0, and ends each day) is played through `Service.handle` (the engine step
and the SQLite commit, as a socket message is) and `Service.message_for` (the view message
a connected Storyteller is sent, JSON-encoded) until the log has `--events` events. Prints
the medians of the last `--last` inputs: handle (wall, and its CPU), the view, and both.
To compare two commits, run it with each on PYTHONPATH, alternated, in one session.
"""
from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time

from clocktower.scripts import load_script
from clocktower.web.protocol import parse_client
from clocktower.web.service import Conn, Service
from clocktower.web.store import Store

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lu",
         "Max", "Ned", "Oz"]
CHARS = ["imp", "poisoner", "spy", "scarletwoman", "drunk", "saint", "chef", "empath", "monk",
         "soldier", "washerwoman", "librarian", "investigator", "fortuneteller", "undertaker"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, default=2600)
    ap.add_argument("--last", type=int, default=60)
    args = ap.parse_args()
    svc = Service(Store(tempfile.mkdtemp() + "/bench.db"))
    grim = [{"name": n, "character": c} for n, c in zip(NAMES, CHARS)]
    grim[4]["thinks"] = "mayor"
    out = svc.create(load_script("trouble-brewing"), "trouble-brewing",
                     [{"name": n, "online": False} for n in NAMES], grim, None, None, 3,
                     "bench")
    live = svc.get(out["game"])
    wg = live.wg
    conn = Conn(send=None, role="storyteller", name=None)
    svc.message_for(live, conn)
    rows: list[tuple[float, float, float]] = []
    while not wg.over and len(wg.game.log) < args.events:
        msg = {"type": "end_day"} if wg.day_open() else \
            {"type": "answer", "id": wg.decision_id(), "option": 0}
        m = parse_client(msg)
        t0, c0 = time.perf_counter(), time.process_time()
        svc.handle(live, "storyteller", None, m)
        t1, c1 = time.perf_counter(), time.process_time()
        got = svc.message_for(live, conn)
        if got is not None:
            json.dumps(got, default=str)
        rows.append((t1 - t0, c1 - c0, time.perf_counter() - t1))
    last = rows[-args.last:]

    def med(k: int) -> float:
        return statistics.median(r[k] for r in last) * 1000
    both = statistics.median(r[0] + r[2] for r in last) * 1000
    print(f"{len(rows)} inputs, {len(wg.game.log)} events; last {len(last)} inputs, medians: "
          f"handle {med(0):.2f} ms (CPU {med(1):.2f}), view {med(2):.2f} ms, "
          f"input to view {both:.2f} ms")


if __name__ == "__main__":
    main()
