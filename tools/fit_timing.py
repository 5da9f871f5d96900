"""Fit the beliefs' claim-timing factors on the bots' own games (docs/bots.md, "(seventh
session)"): play games of reasoning bots on both sides, keep their logs, and re-read each
game's public record with observer tables whose timing factors differ, scoring each by the
log loss of the good players' beliefs on the true evil players:

- *Demon*: the mean of -ln (a living good player's chance on the true Demon), at each day's
  execution (or its end), over the living good players (as the sixth session fitted
  `VOTE_WEIGHT`);
- *evil*: the mean over the same players and moments of the Bernoulli log loss of their
  chance that each other player is evil.

It also counts the rates the factors stand for, read from the same logs: how often a first
claim comes among the day's last (as many as the evil team) for a Minion, the Demon and a
good player, against the share the read assumes for a good player; and how often a living
player is still unclaimed at a day's end, by kind.

    .venv/bin/python tools/fit_timing.py --players 7,10,13 --games 300 --seed 40000 \\
        --late 0.3,0.4,0.5 --silent 1,2,5

`--late`: values of `beliefs.LATE_MINION`; `--silent`: values of the silence ratio
`SILENT_MINION / SILENT_GOOD` (1: silence says nothing), `--demon-silent` the Demon's
(`SILENT_DEMON / SILENT_GOOD`; default: the Minion's). `--story` reads with the story,
the vote's weight (0.45) and the night-1 frame on (bots and observers alike).
Pure build only (it sets the beliefs module's constants).
"""
from __future__ import annotations

import argparse
import math
import sys

from clocktower import data as D
from clocktower.agents import beliefs as B
from clocktower.agents import reasoning as R

EPS = 1e-6


class _Seating:
    def __init__(self, script, players: list[str], travellers: set[str]):
        self.script = script
        self.players = players
        self._t = travellers

    def traveller(self, name: str) -> bool:
        return name in self._t


def play_logs(players: int, games: int, seed: int) -> list[tuple]:
    """(seating view stand-in, the game's log) for each game."""
    from clocktower.engine.runner import play
    from clocktower.play import NAMES, new_game
    from clocktower.agents.policies import make_agents
    from clocktower.scripts import load_script
    sc = load_script("trouble-brewing")
    names = NAMES[:players]
    out = []
    for i in range(games):
        game = new_game(sc, players, seed + i, agents=make_agents(names, seed + i,
                                                                  "reasoning", "reasoning"))
        v = game.view("spectator")
        seat = _Seating(v.script, list(v.players), {n for n in v.players if v.traveller(n)})
        play(game)
        out.append((seat, list(game.log)))
        game.dispose()
    return out


def score(logs: list[tuple], story: bool) -> tuple[float, float, int]:
    """(Demon log loss, evil log loss, moments) of observer tables reading `logs`."""
    demon_loss = evil_loss = 0.0
    n_demon = n_evil = 0
    for seat, log in logs:
        t = B.Table(seat)
        if story:
            t.story, t.vote_weight = True, 0.45
        char: dict[str, str] = {}
        align: dict[str, str] = {}
        for ev in log:
            if ev["type"] == "setup":
                for p in ev["players"]:
                    char[p["name"]] = p["character"]
                    align[p["name"]] = p["alignment"]
                break
        measured = 0
        for ev in log:
            t_ = ev["type"]
            if t_ == "character_change":
                char[ev["player"]] = ev["new"]
            elif t_ == "alignment_change":
                align[ev["player"]] = ev["new"]
            if ev["visible_to"] != "all":
                continue
            if (t_ == "execution" or t_ == "day_end") and measured != ev["number"]:
                measured = ev["number"]
                demons = {n for n, c in char.items() if D.get(c).team == "demon"}
                living = [n for n in t.seated if n not in t.died]
                for me in living:
                    if align.get(me) != "good":
                        continue
                    p = t.demon_chances(me)
                    d = sum(p.get(x, 0.0) for x in demons if x not in t.died)
                    if d > 0.0 or any(x not in t.died for x in demons):
                        demon_loss -= math.log(max(d, EPS))
                        n_demon += 1
                    e = t.evil_chances(me)
                    for n in t.seated:
                        if n == me:
                            continue
                        q = min(max(e.get(n, 0.0), EPS), 1 - EPS)
                        evil_loss -= math.log(q if align.get(n) == "evil" else 1 - q)
                        n_evil += 1
            t.add(ev)
    return demon_loss / max(n_demon, 1), evil_loss / max(n_evil, 1), n_demon


def rates(logs: list[tuple]) -> dict[str, list[int]]:
    """kind -> [late first claims, first claims read, the good share's sum x 1000] and
    silence: kind -> [unclaimed at a day's end, living at a day's end]."""
    out: dict[str, list[int]] = {}
    for seat, log in logs:
        t = B.Table(seat)
        char: dict[str, str] = {}
        for ev in log:
            if ev["type"] == "setup":
                char = {p["name"]: p["character"] for p in ev["players"]}
                break
        for ev in log:
            if ev["type"] == "character_change":
                char[ev["player"]] = ev["new"]
            if ev["visible_to"] != "all":
                continue
            kind_of = lambda n: {"minion": "minion", "demon": "demon"}.get(
                D.get(char[n]).team, "good") if n in char else "good"
            if ev["type"] == "claim" and ev["player"] not in t.claims \
                    and ev["player"] in t.bit and ev["player"] not in t.travellers:
                pool, k = t.day_pool, 1 + t.n_minions
                if pool > k:
                    late = t._unclaimed() - 1 < k
                    r = out.setdefault("first:" + kind_of(ev["player"]), [0, 0, 0])
                    r[0] += late
                    r[1] += 1
                    r[2] += round(1000 * k / pool)
            if ev["type"] == "day_end":
                for n in t.seated:
                    if n not in t.died:
                        r = out.setdefault("silent:" + kind_of(n), [0, 0, 0])
                        r[0] += n not in t.claims
                        r[1] += 1
            t.add(ev)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", default="7,10,13")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=40000)
    ap.add_argument("--late", default="0.5")
    ap.add_argument("--silent", default="5")
    ap.add_argument("--demon-silent", default=None,
                    help="values of the Demon's silence ratio (default: the Minion's)")
    ap.add_argument("--story", action="store_true")
    a = ap.parse_args()
    if a.seed + a.games > 50000:
        print("error: --seed/--games: tune below 50000 (50000+ is for measuring)",
              file=sys.stderr)
        sys.exit(2)
    if a.story:
        B.STORY, B.VOTE_WEIGHT, R.FRAME_DAY1 = True, 0.45, True
    defaults = (B.LATE_MINION, B.SILENT_MINION, B.SILENT_DEMON, B.SILENT_GOOD)
    for n in [int(x) for x in a.players.split(",")]:
        # the games are played with the module's own factors (the grid below sets them)
        B.LATE_MINION, B.SILENT_MINION, B.SILENT_DEMON, B.SILENT_GOOD = defaults
        logs = play_logs(n, a.games, a.seed)
        print(f"## {n} players, {a.games} games, seeds {a.seed}-{a.seed + a.games - 1}")
        for key, (k, m, g) in sorted(rates(logs).items()):
            extra = f", the read's good share {g / 1000 / m:.3f}" if key.startswith("first") \
                else ""
            print(f"  {key}: {k}/{m} = {k / m:.3f}{extra}")
        for late in [float(x) for x in a.late.split(",")]:
            for silent, demon_silent in [
                    (float(x), float(y) if y != "same" else float(x))
                    for x in a.silent.split(",")
                    for y in (a.demon_silent or "same").split(",")]:
                B.LATE_MINION = late
                B.SILENT_MINION, B.SILENT_GOOD = 0.5, 0.5 / silent
                B.SILENT_DEMON = B.SILENT_GOOD * demon_silent
                d, e, m = score(logs, a.story)
                print(f"  LATE_MINION {late:.2f} silence x{silent:g} (Demon x{demon_silent:g}): "
                      f"Demon {d:.4f}  evil {e:.4f}  ({m} beliefs)", flush=True)


if __name__ == "__main__":
    main()
