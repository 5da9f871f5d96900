"""Why the town's executions hit evil or miss, measured in reasoning-bot games (both sides):
for each execution by vote, the executed player's true team beside what the good voters
believed when the nomination was made (each living good player's own chances,
`Table.demon_chances` / `evil_chances` on a public table of the game's events, as the
good bots read), who nominated, and whose hands carried it. Splits the misses into "the
belief was wrong" (the good voters' likeliest evil player was good) and "the belief was
right but the execution went elsewhere" (evil's nomination, evil's hands, a nominee
near the top but not at it), and compares what executing the good voters' likeliest
Demon, or likeliest evil player, each day would have hit. Also the hit rate by the
executed player's claimed and true character, and by the day. Tune on seeds below 50000
(docs/bots.md, "Regalia's executions (eighth session)"):

    .venv/bin/python tools/exec_reads.py --script regalia --players 10 --games 200
"""
from __future__ import annotations

import argparse
import collections
import sys

from clocktower import data as D
from clocktower.agents import beliefs as B
from clocktower.scripts import load_script

TEAMS = D.teams()
MIX = (0.0, 0.1, 0.25, 0.5, 1.0)


def _played(sc, players: int, seed: int):
    from clocktower.agents.policies import make_agents
    from clocktower.engine.runner import play
    from clocktower.play import NAMES, new_game
    g = new_game(sc, players, seed, agents=make_agents(NAMES[:players], seed, "reasoning",
                                                        "reasoning"))
    play(g)
    return g


class Counts:
    def __init__(self) -> None:
        self.c: collections.Counter = collections.Counter()
        self.by: dict[str, collections.Counter] = collections.defaultdict(
            collections.Counter)

    def add(self, key: str, n: float = 1) -> None:
        self.c[key] += n

    def tab(self, table: str, key: object, hit: bool) -> None:
        self.by[table][(key, hit)] += 1


def _wins() -> frozenset:
    from clocktower.agents.reasoning import nominee_wins
    return nominee_wins()


def _mean(rows: list[dict[str, float]], names: list[str]) -> dict[str, float]:
    if not rows:
        return dict.fromkeys(names, 0.0)
    return {n: sum(r.get(n, 0.0) for r in rows) / len(rows) for n in names}


def one_game(sc, players: int, seed: int, out: Counts) -> None:
    g = _played(sc, players, seed)
    setup = next(e for e in g.log if e["type"] == "setup")
    char = {p["name"]: p["character"] for p in setup["players"]}
    align = {p["name"]: p["alignment"] for p in setup["players"]}
    alive = set(char)
    claims: dict[str, str] = {}
    endings: set[str] = set()           # who claimed a Goblin-like ending (ever)
    t = B.Table(g.view("spectator"))
    at_nom: dict[str, dict] = {}        # nominee -> what the good voters believed then
    day_first: dict | None = None
    noms_today: list[dict] = []
    executed_today: str | None = None
    flowed = False
    triggered = False
    out.add("games")
    for ev in g.log:
        ty = ev["type"]
        by_ability, triggered = triggered, ty == "ability_triggered"
        if ty == "character_change":
            char[ev["player"]] = ev["new"]
        elif ty == "alignment_change":
            align[ev["player"]] = ev["new"]
        elif ty == "death":
            alive.discard(ev["player"])
        elif ty == "revive":
            alive.add(ev["player"])
        elif ty == "day":
            at_nom = {}
            day_first = None
            noms_today: list[dict] = []
            executed_today: str | None = None
            flowed = False
        elif ty == "game_over":
            out.add("good wins", ev.get("winner") == "good")
            if day_first is not None and not flowed:
                # An execution that ended the game (the Demon's) ends the day with it.
                _flow(day_first, noms_today, executed_today, align, char, out)
                flowed = True
        if ev["visible_to"] != "all":
            continue
        if ty == "claim":
            claims[ev["player"]] = ev["character"]
            if ev["character"] in _wins():
                endings.add(ev["player"])
        if ty == "nominate":
            living = sorted(alive)
            voters = [n for n in living if align.get(n) == "good"]
            snap = {
                "demon": _mean([t.demon_chances(n) for n in voters], living),
                "evil": _mean([t.evil_chances(n) for n in voters], living),
                "by": ev["by"], "living": living,
            }
            at_nom[ev["target"]] = snap
            if day_first is None:
                day_first = snap
                _day_tops(snap, align, char, out)
        if ty == "nomination" and ev["target"] in at_nom:
            at_nom[ev["target"]]["voters"] = list(ev.get("voters", ()))
            at_nom[ev["target"]]["threshold"] = ev.get("threshold", 0)
            noms_today.append(ev)
        if ty == "day_end" and day_first is not None and not flowed:
            _flow(day_first, noms_today, ev.get("executed"), align, char, out)
            flowed = True
        if ty == "execution":
            executed_today = ev["player"]
        if ty == "execution" and not by_ability:
            _execution(ev, at_nom.get(ev["player"]), char, align, claims, endings, out)
        t.add(ev)
    g.dispose()


def _day_tops(snap: dict, align: dict, char: dict, out: Counts) -> None:
    """At the day's first nomination: would executing the good voters' likeliest Demon
    (or evil player) hit evil, and the random pick."""
    living = snap["living"]
    if not living:
        return
    out.add("days")
    out.add("days random", sum(align.get(n) == "evil" for n in living) / len(living))
    for kind in ("demon", "evil"):
        top = max(living, key=lambda n: snap[kind][n])
        out.add(f"days top {kind} evil", align.get(top) == "evil")
        out.add(f"days top {kind} demon", TEAMS.get(char.get(top, "")) == "demon")
    for w in MIX:
        top = max(living, key=lambda n: snap["demon"][n] + w * (snap["evil"][n]
                                                                 - snap["demon"][n]))
        out.tab("the day's top by Demon + w x Minion chance: w -> the Demon (evil share: "
                "evil)", w, TEAMS.get(char.get(top, "")) == "demon")
        out.tab("the day's top by Demon + w x Minion chance: w -> evil", w,
                align.get(top) == "evil")


def _flow(first: dict, noms: list[dict], executed: str | None, align: dict, char: dict,
          out: Counts) -> None:
    """What became of the day's top Demon suspect (the good voters' likeliest Demon at the
    day's first nomination): executed, nominated and beaten by a bigger count, nominated
    and short of the threshold, or never nominated (and by whom the day's nominations
    were made)."""
    living = first["living"]
    top = max(living, key=lambda n: first["demon"][n])
    evil = align.get(top) == "evil"
    mine = next((e for e in noms if e["target"] == top), None)
    if executed == top:
        fate = "executed"
    elif mine is None:
        fate = "not nominated" + (", someone else executed" if executed else "")
    elif mine["votes"] < mine["threshold"]:
        fate = "nominated, short of the threshold"
    else:
        fate = "nominated, beaten or tied"
    out.tab("the day's top Demon suspect (evil?) -> its fate", (evil, fate), evil)
    if evil:
        out.tab("the day's top Demon suspect evil: its character, executed?",
                char.get(top, "?"), executed == top)
    if mine is not None:
        good = [n for n in living if align.get(n) == "good"]
        gv = sum(1 for n in mine.get("voters", ()) if align.get(n) == "good")
        out.add("top nominated: good hands", gv)
        out.add("top nominated: good voters living", len(good))
        order = noms.index(mine)
        out.tab("the day's top suspect nominated: place in the day's nominations",
                min(order, 3), evil)
        out.tab("the day's top suspect nominated: by", align.get(mine["by"], "?"), evil)
        if evil and executed != top:
            bar = max([mine["threshold"]] + [e["votes"] + 1 for e in noms[:order]
                                              if e["votes"] >= e["threshold"]])
            short = bar - mine["votes"]
            out.tab("the day's top suspect evil, nominated, not executed: votes short of "
                    "the bar", min(short, 4), True)
            ev_hands = sum(1 for n in mine.get("voters", ()) if align.get(n) == "evil")
            out.tab("... evil hands on it", min(ev_hands, 3), True)
            beat = [e for e in noms[:order] if e["votes"] >= e["threshold"]]
            if beat:
                b = beat[-1]
                eh = sum(1 for n in b.get("voters", ()) if align.get(n) == "evil")
                out.tab("... the earlier count it had to beat: its nominee's team, "
                        "nominator's team, evil hands", (align.get(b["target"]),
                                                         align.get(b["by"]), eh), True)


def _execution(ev: dict, snap: dict | None, char: dict, align: dict, claims: dict,
               endings: set[str], out: Counts) -> None:
    who = ev["player"]
    evil = align.get(who) == "evil"
    out.add("executions")
    out.add("executions evil", evil)
    if snap is None:
        out.add("executions without a nomination seen")
        return
    living = snap["living"]
    out.add("random", sum(align.get(n) == "evil" for n in living) / len(living))
    # The random pick among the players the town may execute without losing: not a
    # claimant of a character whose execution wins for its team (the Goblin's claim).
    safe = [n for n in living if n not in endings]
    if safe:
        out.add("random safe", sum(align.get(n) == "evil" for n in safe) / len(safe))
    rank_d = sorted(living, key=lambda n: -snap["demon"][n]).index(who)
    rank_e = sorted(living, key=lambda n: -snap["evil"][n]).index(who)
    top_e = max(living, key=lambda n: snap["evil"][n])
    top_evil = align.get(top_e) == "evil"
    out.tab("rank of the executed by the good voters' Demon chance", min(rank_d, 3), evil)
    out.tab("rank of the executed by the good voters' evil chance", min(rank_e, 3), evil)
    # Whether the belief was right (its likeliest evil player is evil) and where the
    # execution went.
    where = "the top suspect" if rank_e == 0 else "another"
    out.tab("belief's top evil suspect evil? -> executed", (top_evil, where), evil)
    by = snap["by"]
    voters = snap.get("voters", [])
    ev_hands = sum(align.get(n) == "evil" for n in voters)
    good_hands = len(voters) - ev_hands
    thr = snap.get("threshold", 0)
    out.tab("nominator's team", align.get(by, "?"), evil)
    carried = "evil hands needed" if good_hands < thr else "good hands enough"
    out.tab("hands", carried, evil)
    b = snap["evil"][who]
    out.tab("good voters' evil chance of the executed", min(int(b * 5), 4) / 5, evil)
    truly = char.get(who, "?")
    said = claims.get(who, "-")
    out.tab("claimed character of the executed", said, evil)
    out.tab("true character of the executed", truly, evil)


def report(out: Counts) -> None:
    c = out.c
    n = c["executions"]
    print(f"games {c['games']}, good wins {c['good wins'] / max(1, c['games']):.1%}")
    print(f"executions by vote {n}: hit evil {c['executions evil'] / max(1, n):.1%}, "
          f"random living pick {c['random'] / max(1, n):.1%} (among those the town may "
          f"execute without losing, not claiming a Goblin-like ending: "
          f"{c['random safe'] / max(1, n):.1%})")
    d = max(1, c["days"])
    print(f"days {c['days']} (at the first nomination): random {c['days random'] / d:.1%}; "
          f"the good voters' likeliest Demon evil {c['days top demon evil'] / d:.1%} "
          f"(the Demon {c['days top demon demon'] / d:.1%}); their likeliest evil player "
          f"evil {c['days top evil evil'] / d:.1%} (the Demon "
          f"{c['days top evil demon'] / d:.1%})")
    if c["top nominated: good voters living"]:
        share = c["top nominated: good hands"] / c["top nominated: good voters living"]
        print(f"the day's top suspect nominated: good living voters' hands {share:.1%}")
    for table, counter in out.by.items():
        print(f"\n{table}: key -> executions (evil share)")
        keys = sorted({k for k, _ in counter}, key=lambda k: -(counter[(k, True)]
                                                              + counter[(k, False)]))
        for k in keys:
            hit, miss = counter[(k, True)], counter[(k, False)]
            print(f"  {str(k):45s} {hit + miss:6d}  {hit / max(1, hit + miss):6.1%}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--script", default="regalia")
    ap.add_argument("--players", type=int, default=10)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--start", type=int, default=40000, help="the first seed (below 50000)")
    a = ap.parse_args(argv)
    if a.start + a.games > 50000:
        print("error: --start: tune on seeds below 50000 (the bots are measured on 50000 "
              "and up)", file=sys.stderr)
        return 2
    try:
        sc = load_script(a.script)
    except Exception as e:         # noqa: a bad name is a one-line error
        print(f"error: --script {a.script}: {e}", file=sys.stderr)
        return 2
    out = Counts()
    for s in range(a.start, a.start + a.games):
        one_game(sc, a.players, s, out)
    print(f"{a.script}, {a.players} players, seeds {a.start}-{a.start + a.games - 1}")
    report(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
