"""Side-by-side speed of two builds of the engine: `clocktower bench` of each, alternately.

    git worktree add /work/bench-base 80308c9          # the commit to compare against
    (cd /work/bench-base && make install)              # its own .venv
    .venv/bin/python tools/bench_compare.py --base /work/bench-base/.venv \\
        --cases trouble-brewing:5,trouble-brewing:10,trouble-brewing:15,regalia:10 \\
        --games 400 --rounds 3 --instructions 10

Each round runs `clocktower bench` of the base build, then of this one (the interpreter
running this tool, or `--new VENV`), for every case; the two sides alternate so that a
machine busy with something else slows both alike. It prints games per CPU second per
round and the ratio of the medians (new / base). Wall-clock figures on a shared machine
vary by 20%; the ratio of alternated runs is steadier, and instruction counts steadier
still: `--instructions K` counts (valgrind's callgrind) the instructions of K games
(seeds 0..K-1) per case on each side, less those of starting Python and loading the script;
each game is disposed of as `clocktower bench` does, where the build has `Game.dispose`.
Games must be identical on both sides for a fair comparison: check with tools/logdigest.py
(since the automatic Storyteller's policy and the bots' shared generator changed, the same
seeds give other games than the starting commit's: compare per game over many seeds).
Instruction ratios overstate wall-clock ones for the compiled build: it misses the
instruction cache more often per instruction (docs/architecture.md, Performance).
`--bots reasoning` benches games of reasoning bots (`clocktower bench --bots reasoning`)
on both sides; `--pure` runs both sides as pure Python (CLOCKTOWER_PURE=1).
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

GAMES_RE = re.compile(r"\(([\d.]+) s CPU\)")
COUNT_RE = re.compile(r"Collected\s*:\s*(\d+)")

PLAY = """
import sys
from clocktower.play import NAMES, play_game
from clocktower.scripts import load_script
script, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
bots = sys.argv[4]
sc = load_script(script)
for seed in range(games):
    agents = None
    if bots == "reasoning":
        from clocktower.agents.reasoning import ReasoningBot
        agents = {n: ReasoningBot(seed, n) for n in NAMES[:players]}
    g = play_game(sc, players, seed, agents=agents)
    dispose = getattr(g, "dispose", None)      # as `clocktower bench` does, where it exists
    if dispose is not None:
        dispose()
"""


def venv_bin(venv: str, name: str) -> str:
    p = Path(venv)
    if p.is_file():                 # an interpreter was given
        p = p.parent.parent
    exe = p / "bin" / name
    if not exe.exists():
        sys.exit(f"error: {exe} not found (is {venv} a virtual environment with clocktower?)")
    return str(exe)


ENV: dict[str, str] = {}        # set for both sides (--pure)


def bench(venv: str, script: str, players: int, games: int, bots: str = "random") -> float:
    """Games per CPU second from one `clocktower bench` run."""
    out = subprocess.run([venv_bin(venv, "clocktower"), "bench", "--script", script,
                          "--players", str(players), "--games", str(games), "--seed", "0",
                          "--bots", bots],
                         capture_output=True, text=True,
                         env={**os.environ, **ENV, "COLUMNS": "200"},
                         cwd=tempfile.gettempdir())   # not this checkout: `-c` imports from cwd
    if out.returncode != 0:
        sys.exit(f"error: bench failed in {venv}:\n{out.stderr or out.stdout}")
    m = GAMES_RE.search(out.stdout)
    if not m:
        sys.exit(f"error: no CPU time in the bench output of {venv}:\n{out.stdout}")
    return games / float(m.group(1))


def instructions(venv: str, script: str, players: int, games: int, bots: str = "random") -> int:
    """Instructions (callgrind) of `games` games, less Python's start and the script load."""
    def count(n: int) -> int:
        with tempfile.TemporaryDirectory() as tmp:
            out = subprocess.run(["valgrind", "--tool=callgrind",
                                  f"--callgrind-out-file={tmp}/cg.out",
                                  venv_bin(venv, "python"), "-c", PLAY, script, str(players),
                                  str(n), bots], capture_output=True, text=True, cwd=tmp,
                                 env={**os.environ, **ENV, "PYTHONHASHSEED": "0"})
        m = COUNT_RE.search(out.stderr)
        if out.returncode != 0 or not m:
            sys.exit(f"error: callgrind failed in {venv}:\n{out.stderr[-2000:]}")
        return int(m.group(1))
    return count(games) - count(0)


def parse_cases(text: str) -> list[tuple[str, int]]:
    cases = []
    for item in text.split(","):
        script, _, n = item.strip().rpartition(":")
        if not script or not n.isdigit():
            sys.exit(f"error: case {item!r} is not SCRIPT:PLAYERS (e.g. trouble-brewing:10)")
        cases.append((script, int(n)))
    return cases


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", required=True, help="venv (or its python) of the base build")
    ap.add_argument("--new", default=sys.prefix, help="venv of the new build (default: this one)")
    ap.add_argument("--cases", default="trouble-brewing:5,trouble-brewing:10,"
                    "trouble-brewing:15,regalia:10", help="SCRIPT:PLAYERS,...")
    ap.add_argument("--games", type=int, default=400, help="games per bench run")
    ap.add_argument("--rounds", type=int, default=3, help="alternated runs per side")
    ap.add_argument("--instructions", type=int, default=0, metavar="K",
                    help="also count instructions of K games per case with callgrind")
    ap.add_argument("--bots", choices=("random", "reasoning"), default="random",
                    help="the bots of the benched games (both sides)")
    ap.add_argument("--pure", action="store_true", help="both sides as pure Python")
    args = ap.parse_args()
    if args.pure:
        ENV["CLOCKTOWER_PURE"] = "1"
    cases = parse_cases(args.cases)
    rates: dict[tuple[str, int], dict[str, list[float]]] = {c: {"base": [], "new": []} for c in cases}
    for r in range(args.rounds):
        for case in cases:
            for side, venv in (("base", args.base), ("new", args.new)):
                rates[case][side].append(bench(venv, case[0], case[1], args.games, args.bots))
            b, n = rates[case]["base"][-1], rates[case]["new"][-1]
            print(f"round {r + 1} {case[0]}:{case[1]}: base {b:.0f}, new {n:.0f} games/s "
                  f"({n / b:.2f}x)", flush=True)
    print()
    print(f"{'case':<24}{'base g/s':>10}{'new g/s':>10}{'ratio':>8}", end="")
    print(f"{'base Minstr':>13}{'new Minstr':>12}{'ratio':>8}" if args.instructions else "")
    for case in cases:
        b = statistics.median(rates[case]["base"])
        n = statistics.median(rates[case]["new"])
        line = f"{case[0] + ':' + str(case[1]):<24}{b:>10.0f}{n:>10.0f}{n / b:>7.2f}x"
        if args.instructions:
            k = args.instructions
            ib = instructions(args.base, case[0], case[1], k, args.bots) / k / 1e6
            inew = instructions(args.new, case[0], case[1], k, args.bots) / k / 1e6
            line += f"{ib:>13.2f}{inew:>12.2f}{ib / inew:>7.2f}x"
        print(line, flush=True)
    print(f"\n(games per CPU second: median of {args.rounds} alternated `clocktower bench` runs "
          f"of {args.games} games; instructions: millions per game"
          + (f", {args.instructions} games per case)" if args.instructions else ")"))


if __name__ == "__main__":
    main()
