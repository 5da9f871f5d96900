"""Time our world solver beside Clockchecker on the same puzzles, in one run.

    python tools/solver_vs_clockchecker.py --clockchecker /tmp/cc --python python3.13 \
        tests/puzzles/*.yaml

Clockchecker (github.com/jndean/Clockchecker, Python 3.12+) is not a dependency: give a
checkout of it and an interpreter that can run it. Each puzzle file's `title` names the
Clockchecker puzzle (`NQT26` is its `puzzle_NQT26`). For each puzzle, alternately: our
`solve` (in this process) and Clockchecker's `solve(puzzle, num_processes=1)` (in a child
process), each timed as CPU seconds of the solving alone, best of `--rounds`; and whether
each found exactly the published solution.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
import puzzles
from clockchecker import solve
out = {}
for name in sys.argv[3:]:
    best, found = None, None
    for _ in range(int(sys.argv[2])):
        d = getattr(puzzles, "puzzle_" + name)()
        t = time.process_time()
        worlds = list(solve(d.puzzle, num_processes=1))
        dt = time.process_time() - t
        best = dt if best is None else min(best, dt)
        found = [[c.__name__ for c in w.initial_characters] for w in worlds]
        want = [[c.__name__ for c in s] for s in d.solutions]
    out[name] = {"seconds": best, "ok": sorted(found) == sorted(want)}
print(json.dumps(out))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("puzzles", nargs="+", type=Path)
    ap.add_argument("--clockchecker", type=Path, required=True, help="a Clockchecker checkout")
    ap.add_argument("--python", default="python3", help="an interpreter that runs it (3.12+)")
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    from clocktower.solver import load_problem, solve

    rows = []
    for path in a.puzzles:
        pb = load_problem(path)
        name = pb.title
        ours = None
        ok = False
        for _ in range(a.rounds):
            pb = load_problem(path)
            t = time.process_time()
            found = solve(pb)
            dt = time.process_time() - t
            ours = dt if ours is None else min(ours, dt)
            ok = pb.solution is not None and pb.solution.matches(pb.seats, [w.characters for w in found])
        res = subprocess.run([a.python, "-c", CHILD, str(a.clockchecker), str(a.rounds), name],
                             capture_output=True, text=True, cwd=a.clockchecker)
        if res.returncode != 0:
            sys.exit(f"Clockchecker failed on {name}: {res.stderr.strip().splitlines()[-1:]}")
        cc = json.loads(res.stdout)[name]
        rows.append((name, ours, ok, cc["seconds"], cc["ok"]))
        print(f"{name:16} ours {ours:7.3f} s {'ok' if ok else 'WRONG'}   "
              f"Clockchecker {cc['seconds']:7.3f} s {'ok' if cc['ok'] else 'WRONG'}   "
              f"ratio {cc['seconds'] / ours:6.1f}x", flush=True)
    tot_o = sum(r[1] for r in rows)
    tot_c = sum(r[3] for r in rows)
    print(f"{'total':16} ours {tot_o:7.3f} s        Clockchecker {tot_c:7.3f} s        "
          f"ratio {tot_c / tot_o:6.1f}x   ({len(rows)} puzzles, CPU seconds, best of {a.rounds})")


if __name__ == "__main__":
    main()
