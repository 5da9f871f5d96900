"""Digests of full game logs over a fixed matrix of scripts, player counts and seeds.

A refactor that must not change behaviour must not change these digests:

    python tools/logdigest.py > before.txt      # on the old commit
    python tools/logdigest.py > after.txt       # on the new one
    diff before.txt after.txt                   # empty: every game is byte-identical

Each line: script, players, Travellers, seed, events, sha256 of the log (canonical JSON,
keys sorted). `--games N` changes how many seeds per cell (default 12); `--field-order`
hashes each event's fields in the order they were written (a log file keeps that order,
so a helper that writes the same fields in another order changes the file).

`--bots reasoning` plays every seat with reasoning bots (`clocktower bench --bots
reasoning`'s games) over their own matrix, REASONING (Trouble Brewing at 7, 10 and 13
players, the other scripts at 8 and 12 (the Saga at 7 and 9), one case with Travellers): `--games` seeds for
Trouble Brewing, a quarter of them for the rest. `--cases SCRIPT:PLAYERS[+TRAVELLERS],...`
replaces either matrix.
"""
from __future__ import annotations

import argparse
import hashlib
import json

from clocktower.play import NAMES, play_game
from clocktower.sim.bench import bot_agents

MATRIX = [
    ("trouble-brewing", 5, 0), ("trouble-brewing", 10, 0), ("trouble-brewing", 15, 0),
    ("trouble-brewing", 8, 3),
    ("the-saga-of-the-summoner", 7, 0), ("the-saga-of-the-summoner", 9, 2),
    ("regalia", 6, 0), ("regalia", 12, 0), ("regalia", 12, 3), ("regalia", 15, 5),
    ("alternate-endings", 7, 0), ("alternate-endings", 13, 2),
    ("the-return-of-jafar", 8, 0), ("the-return-of-jafar", 12, 2),
]
# (script, players, Travellers, share of --games) for --bots reasoning.
REASONING = [
    ("trouble-brewing", 7, 0, 1.0), ("trouble-brewing", 10, 0, 1.0),
    ("trouble-brewing", 13, 0, 1.0), ("trouble-brewing", 8, 3, 0.25),
    ("the-saga-of-the-summoner", 7, 0, 0.25), ("the-saga-of-the-summoner", 9, 0, 0.25),
    ("regalia", 8, 0, 0.25), ("regalia", 12, 0, 0.25),
    ("alternate-endings", 8, 0, 0.25), ("alternate-endings", 12, 0, 0.25),
    ("the-return-of-jafar", 8, 0, 0.25), ("the-return-of-jafar", 12, 0, 0.25),
]


def parse_cases(text: str) -> list[tuple[str, int, int, float]]:
    out = []
    for part in text.split(","):
        script, _, count = part.strip().rpartition(":")
        players, _, travellers = count.partition("+")
        if not script or not players.isdigit() or (travellers and not travellers.isdigit()):
            raise SystemExit(f"error: --cases {part!r}: give SCRIPT:PLAYERS or "
                             "SCRIPT:PLAYERS+TRAVELLERS")
        out.append((script, int(players), int(travellers or 0), 1.0))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--field-order", action="store_true",
                    help="hash the fields in the order written, not sorted")
    ap.add_argument("--bots", choices=("random", "reasoning"), default="random",
                    help="the players' bots (reasoning: the REASONING matrix)")
    ap.add_argument("--cases", help="SCRIPT:PLAYERS[+TRAVELLERS],... instead of the matrix")
    args = ap.parse_args()
    matrix = parse_cases(args.cases) if args.cases else \
        REASONING if args.bots == "reasoning" else [(*c, 1.0) for c in MATRIX]
    for script, players, travellers, share in matrix:
        for seed in range(max(1, round(args.games * share))):
            agents = bot_agents(args.bots, NAMES[:players + travellers], seed)
            g = play_game(script, players, seed, travellers=travellers, agents=agents)
            h = hashlib.sha256()
            for ev in g.log:
                h.update(json.dumps(ev, sort_keys=not args.field_order).encode())
                h.update(b"\n")
            print(f"{script} {players} {travellers} {seed} {len(g.log)} {h.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
