"""Good's win rate per script and player count, with Wilson 95% intervals.

    python tools/winrates.py --games 3000 > rates.txt
    python tools/winrates.py --games 3000 --bots reasoning    # the bots helper's ReasoningBot

Plays `--games` seeded bot games (seeds 0..N-1) per cell: the five built-in scripts at 7,
10 and 13 players, with the automatic Storyteller. Used to measure how a Storyteller policy
moves the balance (docs/storyteller.md, "Balance-minded choices"). A rich progress bar on
stderr; the table on stdout.
"""
from __future__ import annotations

import argparse
import importlib
import sys

from rich.progress import Progress

from clocktower.errors import ClocktowerError
from clocktower.play import NAMES, play_game
from clocktower.scripts import load_script
from clocktower.sim.stats import wilson

SCRIPTS = ["trouble-brewing", "the-saga-of-the-summoner", "regalia", "alternate-endings",
           "the-return-of-jafar"]
COUNTS = [7, 10, 13]
# The Saga of the Summoner seats 5 to 9 players (6 Townsfolk, one more with the Summoner).
COUNTS_FOR = {"the-saga-of-the-summoner": [7, 8, 9]}



def bot_class(kind: str):
    """The bot class named `module.Class` (None for random bots); exit 2 if there is none."""
    if kind == "random":
        return None
    module, _, cls = kind.rpartition(".")
    try:
        return getattr(importlib.import_module(module), cls)
    except (ImportError, AttributeError, ValueError) as e:
        print(f"error: --bots {kind!r}: no such bot class ({e})", file=sys.stderr)
        sys.exit(2)


def agents_for(bot, players: int, seed: int) -> dict | None:
    if bot is None:
        return None
    return {n: bot(seed, n) for n in NAMES[:players]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--scripts", nargs="*", default=SCRIPTS)
    ap.add_argument("--players", nargs="*", type=int, default=None,
                    help="player counts (default 7 10 13; 7 8 9 for the Summoner's script)")
    ap.add_argument("--bots", default="random",
                    help="random, or module.Class of a bot taking (seed, name)")
    args = ap.parse_args()
    bot = bot_class(args.bots)
    for script in args.scripts:
        try:
            load_script(script)
        except ClocktowerError as e:
            print(f"error: --scripts {script!r}: {e}", file=sys.stderr)
            sys.exit(2)
    cells = [(s, n) for s in args.scripts
             for n in (args.players or COUNTS_FOR.get(s, COUNTS))]
    print(f"# bots: {args.bots}; {args.games} games a cell (seeds 0..{args.games - 1})")
    print(f"{'script':28} {'players':>7} {'good wins':>9} {'rate':>6}  95% Wilson")
    with Progress(transient=True, console=None) as progress:
        task = progress.add_task("games", total=len(cells) * args.games)
        for script, players in cells:
            good = 0
            for seed in range(args.games):
                try:
                    g = play_game(script, players, seed, agents=agents_for(bot, players, seed))
                except ClocktowerError as e:
                    print(f"error: {script} at {players} players: {e}", file=sys.stderr)
                    sys.exit(2)
                good += g.winner == "good"
                progress.advance(task)
            lo, hi = wilson(good, args.games)
            print(f"{script:28} {players:7d} {good:9d} {good / args.games:6.3f}  "
                  f"[{lo:.3f}, {hi:.3f}]", flush=True)


if __name__ == "__main__":
    main()
