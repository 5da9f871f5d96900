"""The power at which a nomination's evidence (its hands and its nominator) is best counted
in a script's games: reasoning-bot games (both sides) are played once, and at each day's
execution (or its end), while the Demon has not changed player, every living good player's
chance on the true Demon is computed on public tables of the game's events read with each
power of a grid (`Table.vote_weight`); the power with the lowest mean log loss
(-ln chance, floored) is the fit. `--write FILE` stores it as `vote_power` in a script's
hands table (`clocktower/data/hands-SCRIPT.json`, `reads.hand_power`). Tune on seeds below
50000 (docs/bots.md, "Regalia's executions (eighth session)"):

    .venv/bin/python tools/vote_power.py --script regalia --players 7,10,13 --games 100 \
        --start 42000 --write clocktower/data/hands-regalia.json
"""
from __future__ import annotations

import argparse
import json
import math
import sys

from clocktower import data as D
from clocktower.agents import beliefs as B
from clocktower.scripts import load_script

TEAMS = D.teams()
GRID = (0.3, 0.45, 0.6, 0.8, 1.0)
FLOOR = 1e-3


def game_losses(sc, players: int, seed: int, grid: tuple[float, ...]) -> list[list[float]]:
    """For one game: for each power of `grid`, the log losses of the good players' chances
    on the true Demon at each day's execution or end."""
    from evil_rates import played       # tools/: one reasoning-bot game and its setup
    g, char, align = played(sc, players, seed)
    demon = next((n for n, c in char.items() if TEAMS.get(c) == "demon"), None)
    tables = []
    for w in grid:
        t = B.Table(g.view("spectator"))
        t.vote_weight = w
        tables.append(t)
    out: list[list[float]] = [[] for _ in grid]
    alive = set(char)
    measured = 0
    for ev in g.log:
        ty = ev["type"]
        if ty in ("character_change", "alignment_change"):
            break                       # the Demon or a team changed: stop reading
        if ty == "death":
            alive.discard(ev["player"])
        if ev["visible_to"] != "all":
            continue
        if ty in ("execution", "day_end") and measured != ev["number"] and demon in alive:
            measured = ev["number"]
            good = [n for n in alive if align.get(n) == "good"]
            for k, t in enumerate(tables):
                for me in good:
                    p = t.demon_chances(me).get(demon, 0.0)
                    out[k].append(-math.log(max(p, FLOOR)))
        for t in tables:
            t.add(ev)
    g.dispose()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--script", default="regalia")
    ap.add_argument("--players", default="7,10,13", help="player counts, e.g. 7,10,13")
    ap.add_argument("--games", type=int, default=100, help="games a count")
    ap.add_argument("--start", type=int, default=42000, help="the first seed (below 50000)")
    ap.add_argument("--grid", default=",".join(str(w) for w in GRID),
                    help="the powers tried, e.g. 0.3,0.45,1")
    ap.add_argument("--write", help="store the best power as `vote_power` in this hands "
                    "table (clocktower/data/hands-SCRIPT.json)")
    a = ap.parse_args(argv)
    try:
        counts = [int(x) for x in a.players.split(",")]
        grid = tuple(float(x) for x in a.grid.split(","))
    except ValueError:
        print("error: --players / --grid: comma-separated numbers", file=sys.stderr)
        return 2
    if a.start + a.games > 50000:
        print("error: --start: tune on seeds below 50000", file=sys.stderr)
        return 2
    try:
        sc = load_script(a.script)
    except Exception as e:         # noqa: a bad name is a one-line error
        print(f"error: --script {a.script}: {e}", file=sys.stderr)
        return 2
    total = [0.0] * len(grid)
    n = 0
    for players in counts:
        sums = [0.0] * len(grid)
        k = 0
        for s in range(a.start, a.start + a.games):
            losses = game_losses(sc, players, s, grid)
            for i, ls in enumerate(losses):
                sums[i] += sum(ls)
            k += len(losses[0])
        print(f"{players} players ({k} chances): " + "  ".join(
            f"{w}: {sums[i] / max(k, 1):.4f}" for i, w in enumerate(grid)))
        total = [x + y for x, y in zip(total, sums)]
        n += k
    best = min(range(len(grid)), key=lambda i: total[i])
    print("all: " + "  ".join(f"{w}: {total[i] / max(n, 1):.4f}" for i, w in enumerate(grid))
          + f"  -> best {grid[best]}")
    if a.write:
        with open(a.write) as f:
            text = f.read()
        raw = json.loads(text)
        if raw.get("characters") != sorted(sc.characters):
            print(f"error: --write {a.write}: not {a.script}'s hands table", file=sys.stderr)
            return 2
        old = raw.get("vote_power")
        line = f' "vote_power": {grid[best]},\n'
        if old is None:
            text = text.replace(' "spots": {', line + ' "spots": {', 1)
        else:
            text = "\n".join(f' "vote_power": {grid[best]},' if ln.startswith(' "vote_power"')
                             else ln for ln in text.split("\n"))
        assert json.loads(text)["vote_power"] == grid[best]
        with open(a.write, "w") as f:
            f.write(text)
        print(f"wrote vote_power {grid[best]} to {a.write}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
