"""Digests of full game logs over a fixed matrix of scripts, player counts and seeds.

A refactor that must not change behaviour must not change these digests:

    python tools/logdigest.py > before.txt      # on the old commit
    python tools/logdigest.py > after.txt       # on the new one
    diff before.txt after.txt                   # empty: every game is byte-identical

Each line: script, players, Travellers, seed, events, sha256 of the log (canonical JSON,
keys sorted). `--games N` changes how many seeds per cell (default 12); `--field-order`
hashes each event's fields in the order they were written (a log file keeps that order,
so a helper that writes the same fields in another order changes the file).
"""
from __future__ import annotations

import argparse
import hashlib
import json

from clocktower.play import play_game

MATRIX = [
    ("trouble-brewing", 5, 0), ("trouble-brewing", 10, 0), ("trouble-brewing", 15, 0),
    ("trouble-brewing", 8, 3),
    ("the-saga-of-the-summoner", 7, 0), ("the-saga-of-the-summoner", 9, 2),
    ("regalia", 6, 0), ("regalia", 12, 0), ("regalia", 12, 3), ("regalia", 15, 5),
    ("alternate-endings", 7, 0), ("alternate-endings", 13, 2),
    ("the-return-of-jafar", 8, 0), ("the-return-of-jafar", 12, 2),
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--field-order", action="store_true",
                    help="hash the fields in the order written, not sorted")
    args = ap.parse_args()
    for script, players, travellers in MATRIX:
        for seed in range(args.games):
            g = play_game(script, players, seed, travellers=travellers)
            h = hashlib.sha256()
            for ev in g.log:
                h.update(json.dumps(ev, sort_keys=not args.field_order).encode())
                h.update(b"\n")
            print(f"{script} {players} {travellers} {seed} {len(g.log)} {h.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
