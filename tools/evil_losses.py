"""How the games the evil team loses end, and what evil's own choices did before: reasoning
bots on both sides, default Storyteller. For each game: the ending (who won, and how: the
Demon executed, shot by the Slayer, the Saint, the Mayor...); for a Slayer's hit, when the
Slayer claimed and how many nights the Demon had to kill the claimed Slayer; for the
Demon's execution, the day and the count alive; the Demon's night kills by the victim's
claim (a claimed Soldier is a wasted kill when true), the Poisoner's choices by the
target's claim, and the last days (five alive or fewer) by how many lived, how many of them
were evil, who was executed and who won. Seeds below 50000 for tuning (the bots are measured on 50000 and up).

    .venv/bin/python tools/evil_losses.py --players 8 --games 200 --start 1000
"""
from __future__ import annotations

import argparse
import collections

from clocktower import data as D
from clocktower.scripts import load_script
from evil_rates import played       # (tools/, this script's folder)

TEAMS = D.teams()


def one(g, char: dict, align: dict) -> dict:
    """The facts of one played game (see the module's text)."""
    demon = next((n for n in char if TEAMS.get(char[n]) == "demon"), None)
    claims: dict[str, str] = {}
    claim_day: dict[str, int] = {}
    alive = set(char)
    out: dict = {"kills": [], "poison": [], "slayer": None, "end": None, "shot": None}
    slayer = next((n for n in char if char[n] == "slayer"), None)
    days: list[tuple[int, int, str]] = []   # (alive, evil alive, executed: good/evil/none)
    for ev in g.log:
        t = ev["type"]
        if t == "day":
            start = (len(alive), sum(1 for n in alive if align.get(n) == "evil"))
        elif t == "day_end" or (t == "game_over" and ev["phase"] == "day"):
            ex = ev.get("executed") if t == "day_end" else next(
                (e["player"] for e in reversed(g.log) if e["type"] == "execution"
                 and e["number"] == ev["number"]), None)
            days.append((start[0], start[1], "none" if not ex else align.get(ex, "?")))
            if t == "game_over":
                out["end"] = ev
        elif t == "character_change":
            char[ev["player"]] = ev["new"]
            if TEAMS.get(ev["new"]) == "demon":
                demon = ev["player"]
        elif t == "claim" and ev["player"] not in claims:
            claims[ev["player"]] = ev["character"]
            claim_day[ev["player"]] = ev["number"]
        elif t == "claim":
            claims[ev["player"]] = ev["character"]
        elif t == "choice" and ev["phase"] == "night":
            who, ab = ev["player"], ev.get("ability")
            tg = (ev.get("players") or [None])[0]
            if tg is None or align.get(who) != "evil":
                continue
            kind = "kills" if TEAMS.get(ab) == "demon" else \
                "poison" if ab == "poisoner" else None
            if kind is None:
                continue
            c = claims.get(tg, "-")
            side = "self" if tg == who else "evil" if align.get(tg) == "evil" else "good"
            spent = ""
            if c == "slayer":
                spent = " (shot)" if out["shot"] else " (unused)"
            out[kind].append((side, c + spent if side == "good" else side, ev["number"],
                              char.get(tg) == c))
        elif t == "death":
            alive.discard(ev["player"])
        elif t in ("ability_triggered", "nothing_happens") and ev.get("ability") == "slayer":
            out["shot"] = ev
        elif t == "game_over":
            out["end"] = ev
    ends = out["end"] or {}
    out["winner"] = ends.get("winner")
    code = ends.get("code")
    how = code
    if code == "ability":
        how = f"ability ({ends.get('ability')})"
    if code == "demon_dead":
        last = [e for e in g.log if e["type"] == "death" and e["player"] == demon]
        cause = last[-1]["cause"] if last else "?"
        if cause == "ability" and last and last[-1].get("by") == slayer:
            cause = "slayer"
        if cause == "execution":
            day = last[-1]["number"]
            living = len(set(char)) - sum(1 for e in g.log if e["type"] == "death"
                                          and e["number"] <= day and e["player"] != demon
                                          and not (e["number"] == day and e["phase"] == "day"))
            cause = f"execution ({'final 3' if living <= 3 else 'day ' + str(day)})"
        how = f"Demon dead: {cause}"
        if cause == "slayer":
            d = claim_day.get(slayer)
            shot = last[-1]["number"]
            out["slayer"] = (claims.get(slayer) == "slayer", d, shot)
    out["how"] = how
    out["days"] = days
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--script", default="trouble-brewing")
    ap.add_argument("--players", type=int, default=8)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--start", type=int, default=1000, help="the first seed (below 50000)")
    a = ap.parse_args()
    sc = load_script(a.script)
    ends: collections.Counter = collections.Counter()
    kills: collections.Counter = collections.Counter()
    kill_loss: collections.Counter = collections.Counter()
    poison: collections.Counter = collections.Counter()
    slay: collections.Counter = collections.Counter()
    late: collections.Counter = collections.Counter()
    for s in range(a.start, a.start + a.games):
        g, char, align = played(sc, a.players, s)
        r = one(g, char, align)
        ends[(r["winner"], r["how"])] += 1
        for side, c, night, true in r["kills"]:
            kills[(c, true)] += 1
            if r["winner"] == "good":
                kill_loss[(c, true)] += 1
        for side, c, night, true in r["poison"]:
            poison[(c, true)] += 1
        for n, e, ex in r["days"]:
            if n <= 5:
                late[(n, e, ex, r["winner"])] += 1
        if r["slayer"]:
            claimed, day, shot = r["slayer"]
            slay[("claimed" if claimed else "unclaimed",
                  f"claimed day {day}" if day else "never claimed", f"shot day {shot}")] += 1
        g.dispose()
    print(f"{a.script}, {a.players} players, {a.games} games, seeds {a.start}+")
    print("endings:")
    for k, v in sorted(ends.items(), key=lambda kv: -kv[1]):
        print(f"  {str(k[0]):5s} {k[1]:40s} {v:5d}")
    print("Slayer hits: (the Slayer's claim, its day, the shot's day):")
    for k, v in sorted(slay.items(), key=lambda kv: -kv[1]):
        print(f"  {k} {v}")
    print("the Demon's night kills by the victim's claim (claim true?), all / in good's wins:")
    for k, v in sorted(kills.items(), key=lambda kv: -kv[1]):
        print(f"  {k[0]:22s} {str(k[1]):5s} {v:5d} {kill_loss[k]:5d}")
    print("late days (alive, evil alive, executed, the game's winner):")
    for k, v in sorted(late.items()):
        print(f"  {k} {v}")
    print("the Poisoner's choices by the target's claim (claim true?):")
    for k, v in sorted(poison.items(), key=lambda kv: -kv[1])[:15]:
        print(f"  {k[0]:22s} {str(k[1]):5s} {v:5d}")


if __name__ == "__main__":
    main()
