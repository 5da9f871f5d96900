"""The evil bots' behaviour that the good bots' beliefs model, measured in bot games: the
rates behind `agents/reads.py` (hands raised by evil and good living voters in each spot,
`reads.spot`: the phase, where the count stood for the voter, the others' share of hands;
an evil voter's by its nominee's kind; written to `clocktower/data/hands.json` with
`--hands`; and the share of evil nominators' nominations on a teammate) and
`beliefs.EPS_INFO` / `EVIL_TRUE` / `EVIL_FALSE` (how often a claimant's information holds
in the world of the true evil team). Re-measure after a change to the bots' play
(docs/bots.md, "Reading votes by the count"), on seeds below 50000 (the bots are measured
on 50000 and up):

    .venv/bin/python tools/evil_rates.py --players 7,10,13 --games 500 --start 40000 \
        --hands clocktower/data/hands.json

A script whose bots vote otherwise has a table of its own, found by its characters
(`reads.hand_table`; docs/bots.md "(seventh session)"):

    .venv/bin/python tools/evil_rates.py --script regalia --players 7,10,13 --games 300 \
        --start 40000 --hands clocktower/data/hands-regalia.json

and its power fitted again after (`tools/vote_power.py --write`; a table's `vote_power` is
kept when the table is written again).
"""
from __future__ import annotations

import argparse
import collections

from clocktower import data as D
from clocktower.agents import beliefs as B
from clocktower.agents.policies import make_agents
from clocktower.agents import reads
from clocktower.engine.runner import play
from clocktower.play import NAMES, new_game
from clocktower.scripts import load_script

TEAMS = D.teams()


def played(sc, players: int, seed: int) -> tuple:
    """(the game, name -> character, name -> alignment at setup) of one reasoning-bot game
    (both sides) of script `sc` at `players`, seed `seed`, played to its end."""
    g = new_game(sc, players, seed, agents=make_agents(NAMES[:players], seed, "reasoning",
                                                        "reasoning"))
    play(g)
    setup = next(e for e in g.log if e["type"] == "setup")
    char = {p["name"]: p["character"] for p in setup["players"]}
    align = {p["name"]: p["alignment"] for p in setup["players"]}
    return g, char, align


def measure(script: str, players: int, seeds: range) -> tuple[dict, dict, dict]:
    """(hands: spot -> voter -> [raised, could], nominations: nominator -> [on an evil
    nominee, all], information: (claimant's kind, holds) -> claims) in the games of
    `seeds` (reasoning bots both sides)."""
    sc = load_script(script)
    hands: dict = collections.defaultdict(lambda: collections.defaultdict(lambda: [0, 0]))
    noms: collections.Counter = collections.Counter()
    info: collections.Counter = collections.Counter()
    for s in seeds:
        g, char, align = played(sc, players, s)
        alive = set(char)
        today: list[tuple[str, int, int]] = []
        claims: dict[str, str] = {}
        changed = False
        for ev in g.log:
            t = ev["type"]
            if t == "character_change":
                char[ev["player"]] = ev["new"]
                changed = True
            elif t == "alignment_change":
                align[ev["player"]] = ev["new"]
                changed = True
            elif t == "death":
                alive.discard(ev["player"])
            elif t == "revive":
                alive.add(ev["player"])
            elif t == "day":
                today = []
            elif t == "claim":
                claims[ev["player"]] = ev["character"]
            elif t == "nomination":
                target, by = ev["target"], ev["by"]
                if by != target and by in align:
                    side = "evil" if align[by] == "evil" else "good"
                    noms[(side, "evil" if align[target] == "evil" else "good")] += 1
                voters = set(ev.get("voters", ())) - {target}
                could = (alive | voters) - {target}
                k, up, votes = len(could) - 1, len(voters), int(ev["votes"])
                bar = reads.bar(today, int(ev["threshold"]))
                kind = "good" if align[target] != "evil" else \
                    "demon" if TEAMS.get(char[target]) == "demon" else "minion"
                # A teammate giving itself up (`reads.CONFESS_HAND`) and ghost votes: not read.
                confessing = by == target and TEAMS.get(claims.get(target, "")) == "demon"
                for v in (alive - {target}) if not confessing else ():
                    raised = v in voters
                    key = reads.spot(votes - raised, (up - raised) / k if k > 0 else 0.5,
                                     bar, len(alive))
                    who = "good voter" if align[v] != "evil" else \
                        f"evil voter, {kind} nominee"
                    hands[key][who][0] += raised
                    hands[key][who][1] += 1
                today.append((target, votes, int(ev["threshold"])))
        if not changed:
            _info(g, char, align, info)
        g.dispose()
    return hands, dict(noms), dict(info)


def _info(g, char: dict, align: dict, out: collections.Counter) -> None:
    """Whether each information claim holds in the world of the true evil team."""
    t = B.Table(g.view("spectator"))
    for ev in g.log:
        if ev["visible_to"] == "all":
            t.add(ev)
    demon = next((n for n in char if TEAMS.get(char[n]) == "demon"), None)
    if demon is None:
        return
    mask = sum(t.bit[n] for n in char if align[n] == "evil" and n in t.bit)
    h = next((h for h in t.hypotheses() if h[0] == t.bit[demon] and h[1] == mask), None)
    if h is None:
        return
    for c in t.infos:
        if c.ability is None:
            continue
        kind = "evil" if align[c.who] == "evil" else \
            "believes another (Drunk)" if char[c.who] != c.character else "good"
        out[(kind, t._factor(c, h) == 1.0)] += 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--script", default="trouble-brewing")
    ap.add_argument("--players", default="10", help="player counts, e.g. 7,10,13")
    ap.add_argument("--games", type=int, default=300, help="games a count")
    ap.add_argument("--start", type=int, default=40000, help="the first seed (below 50000)")
    ap.add_argument("--hands", help="write the hands' counts to this JSON file "
                    "(clocktower/data/hands.json)")
    a = ap.parse_args()
    counts = [int(x) for x in a.players.split(",")]
    hands: dict = collections.defaultdict(lambda: collections.defaultdict(lambda: [0, 0]))
    noms: collections.Counter = collections.Counter()
    info: collections.Counter = collections.Counter()
    for n in counts:
        h, nm, inf = measure(a.script, n, range(a.start, a.start + a.games))
        for key, by in h.items():
            for who, (up, k) in by.items():
                hands[key][who][0] += up
                hands[key][who][1] += k
        noms.update(nm)
        info.update(inf)
    print("hands raised by living voters: spot (phase, count, others' share) -> voter: "
          "share (voters)")
    for key in sorted(hands):
        print(f"  {key:14s} " + "  ".join(f"{who}: {up / k:4.2f} ({k})"
                                          for who, (up, k) in sorted(hands[key].items())))
    ne, ng = [noms.get((s, "evil"), 0) for s in ("evil", "good")]
    te, tg = [noms.get((s, "evil"), 0) + noms.get((s, "good"), 0) for s in ("evil", "good")]
    mate = None
    if te and ng:
        # The likelihood ratio of a nomination of an evil player by an evil nominator (a
        # teammate) against a good nominator's: evil's share over good's.
        mate = max(ne, 1) / te / (ng / tg)
        print(f"  NOMINATE_TEAMMATE = {mate:.3f}")
    print("information claims holding in the true team's world:")
    for kind in ("good", "evil", "believes another (Drunk)"):
        yes, no = info.get((kind, True), 0), info.get((kind, False), 0)
        if yes + no:
            print(f"  {kind:28s} {yes / (yes + no):5.2f} ({yes + no} claims)")
    if a.hands:
        import json
        out = {"about": "hands raised by living voters in each spot (agents/reads.py, "
                        "`reads.spot`), [raised, could]: tools/evil_rates.py",
               "script": a.script, "players": counts,
               "seeds": [a.start, a.start + a.games - 1],
               # the script's characters: a table of these finds this file (reads.hand_table)
               "characters": sorted(load_script(a.script).characters),
               "nominate_teammate": round(mate, 3) if mate is not None else None,
               # the power fitted by tools/vote_power.py, kept from the file it replaces
               "vote_power": _kept_power(a.hands),
               "spots": {key: {who: list(v) for who, v in sorted(by.items())}
                         for key, by in sorted(hands.items())}}
        if out["vote_power"] is None:
            del out["vote_power"]
        spots = out.pop("spots")
        text = json.dumps(out, indent=1)[:-2] + ',\n "spots": {\n' + ",\n".join(
            f"  {json.dumps(key)}: {json.dumps(by)}" for key, by in spots.items()) + "\n }\n}\n"
        assert json.loads(text)["spots"] == spots
        with open(a.hands, "w") as f:
            f.write(text)
        print(f"wrote {a.hands}")


def _kept_power(path: str) -> float | None:
    """The `vote_power` of the hands table at `path` (tools/vote_power.py), if it has one."""
    import json
    import os
    if not os.path.exists(path):
        return None
    with open(path) as f:
        power = json.load(f).get("vote_power")
    return power if isinstance(power, (int, float)) else None


def _logit(p: float) -> float:
    import math
    p = min(max(p, 0.01), 0.99)
    return math.log(p / (1.0 - p))


if __name__ == "__main__":
    main()
