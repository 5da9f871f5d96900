"""Good's win rate for each good policy x evil policy (random or reasoning bots).

    .venv/bin/python tools/bot_matrix.py --games 2000 --players 10 --script trouble-brewing

Each cell plays the same seeds (start..start+games-1); the bots of each team are chosen by
the team each player is dealt (the deal depends on the seed only). Prints a markdown table
with Wilson 95% intervals (speed: `clocktower bench --bots random,reasoning`).
"""
from __future__ import annotations

import argparse
import sys

from clocktower.agents.policies import POLICIES
from clocktower.play import new_game, play_game
from clocktower.sim.stats import wilson


def agents(script: str, players: int, seed: int, good: str, evil: str) -> dict:
    dealt = new_game(script, players, seed)
    return {p.name: POLICIES[evil if p.alignment == "evil" else good](seed, p.name)
            for p in dealt.players}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, default=10)
    ap.add_argument("--script", default="trouble-brewing")
    ap.add_argument("--start", type=int, default=100_000)
    ap.add_argument("--policies", default="random,reasoning",
                    help="comma-separated policies, each a row (good) and a column (evil); "
                         "the llm policy needs CLOCKTOWER_LLM_MODEL")
    a = ap.parse_args()
    names = [n.strip() for n in a.policies.split(",") if n.strip()]
    unknown = [n for n in names if n not in POLICIES]
    if unknown:
        print(f"error: unknown policy {', '.join(unknown)} (known: {', '.join(POLICIES)})",
              file=sys.stderr)
        sys.exit(2)
    print(f"{a.script}, {a.players} players, {a.games} games a cell (seeds {a.start}-"
          f"{a.start + a.games - 1}); good's win rate, Wilson 95% interval\n")
    print("| good \\ evil | " + " | ".join(names) + " |")
    print("|---" * (len(names) + 1) + "|")
    for good in names:
        row = [good]
        for evil in names:
            wins = 0
            for s in range(a.start, a.start + a.games):
                g = play_game(a.script, a.players, s,
                              agents=agents(a.script, a.players, s, good, evil))
                wins += g.winner == "good"
            lo, hi = wilson(wins, a.games)
            row.append(f"{wins / a.games:.1%} ({lo:.1%}-{hi:.1%})")
        print("| " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
