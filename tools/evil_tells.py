"""Where the evil team gives its Demon away: each public event of reasoning-bot games read
in order into a fresh public table (`beliefs.Table`, as the good bots read), and the change
in the log of the public chance on the true Demon that the event made, summed by the kind
of event (a claim with information by a good / an evil claimant, by the claimed character;
a vote; a night's deaths; an execution; a day's silences...). A positive sum: that kind of
evidence moves the town onto the true Demon (a tell for evil to answer). Also, in games
evil lost, how and on which day the Demon died, and how often the Demon's bluff was a
character a living good player also claimed (a double claim). Seeds below 50000 only.

    .venv/bin/python tools/evil_tells.py --players 10 --games 300 --start 1000
"""
from __future__ import annotations

import argparse
import collections
import math

from clocktower import data as D
from clocktower.agents import beliefs as B
from clocktower.scripts import load_script
from evil_rates import played       # (tools/, this script's folder)

TEAMS = D.teams()
FLOOR = 1e-4


def _kind(ev: dict, align: dict, char: dict, demon: str) -> str | None:
    t = ev["type"]
    if t == "claim":
        who = ev["player"]
        side = "Demon" if who == demon else "evil" if align.get(who) == "evil" else \
            "good"
        info = "info" in ev
        return f"claim by {side}{' with info' if info else ''}" \
            + (f" ({ev['character']})" if info and side == "good" else "")
    if t == "nomination":
        tg = ev["target"]
        return "votes (on the Demon)" if tg == demon else \
            "votes (on a Minion)" if align.get(tg) == "evil" else "votes (on a good player)"
    if t == "dawn":
        return "night deaths / quiet night"
    if t == "death":
        return f"death ({ev.get('cause')})"
    if t in ("ability_triggered", "nothing_happens"):
        return f"{t} ({ev.get('ability')})"
    if t == "day_end":
        return "silence at day's end"
    if t == "nominate":
        return None
    return None


def measure(script: str, players: int, seeds: range) -> dict:
    sc = load_script(script)
    moves: collections.Counter = collections.Counter()
    count: collections.Counter = collections.Counter()
    ends: collections.Counter = collections.Counter()
    doubles = collections.Counter()
    for s in seeds:
        g, char, align = played(sc, players, s)
        demon = next((n for n in char if TEAMS.get(char[n]) == "demon"), None)
        if demon is None:
            g.dispose()
            continue
        t = B.Table(g.view("spectator"))
        p = None
        claims: dict[str, str] = {}
        dead: set[str] = set()
        demon_died = None
        winner = next((e.get("winner") for e in g.log if e["type"] == "game_over"), None)
        for ev in g.log:
            if ev["type"] in ("character_change", "alignment_change"):
                break                   # the Demon changed: stop reading this game
            if ev["visible_to"] != "all":
                continue
            if ev["type"] == "claim":
                claims[ev["player"]] = ev["character"]
            k = _kind(ev, align, char, demon)
            if ev["type"] == "death":
                dead.add(ev["player"])
                if ev["player"] == demon and demon_died is None:
                    demon_died = (ev.get("cause"), ev.get("phase"), ev.get("number"))
            if ev["type"] == "dawn":
                dead.update(ev.get("deaths", ()))
            t.add(ev)
            if demon in dead:
                break                   # the Demon is dead: the rest is not its tells
            if k is None:
                continue
            q = max(t.public_demon().get(demon, 0.0), FLOOR)
            if p is not None:
                moves[k] += math.log(q) - math.log(p)
                count[k] += 1
            p = q
        bl = claims.get(demon)
        if bl is not None:
            twin = any(n != demon and c == bl and align.get(n) != "evil"
                       for n, c in claims.items())
            doubles[(winner, twin)] += 1
        if winner == "good":
            ends[demon_died[:2] if demon_died else ("other", None)] += 1
        else:
            ends[("evil won", None)] += 1
        g.dispose()
    return {"moves": moves, "count": count, "ends": ends, "doubles": doubles}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--script", default="trouble-brewing")
    ap.add_argument("--players", type=int, default=10)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--start", type=int, default=1000, help="the first seed (below 50000)")
    a = ap.parse_args()
    r = measure(a.script, a.players, range(a.start, a.start + a.games))
    print(f"{a.players} players, {a.games} games, seeds {a.start}+")
    print("evidence: sum of d ln p(true Demon) over games / events / mean per event")
    for k, v in sorted(r["moves"].items(), key=lambda kv: -kv[1]):
        print(f"  {k:55s} {v / a.games:+.3f} a game  {r['count'][k]:6d}  "
              f"{v / max(1, r['count'][k]):+.3f}")
    print("how the Demon died in good's wins (cause, phase):", dict(r["ends"]))
    print("Demon's bluff also claimed by a good player (winner, double):",
          dict(r["doubles"]))


if __name__ == "__main__":
    main()
