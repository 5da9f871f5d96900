"""The evil bots' behaviour that the good bots' beliefs model, measured in bot games: the
rates behind `agents/reads.py` (hands raised by evil and good voters, by nominee and by
who was about to die) and `beliefs.EPS_INFO` / `EVIL_TRUE` / `EVIL_FALSE` (how often a
claimant's information holds in the world of the true evil team). Re-measure after a
change to the evil bots' play (docs/bots.md, "Reading evil's plays").

    .venv/bin/python tools/evil_rates.py --script trouble-brewing --players 10 --games 300
"""
from __future__ import annotations

import argparse
import collections

from clocktower import data as D
from clocktower.agents import beliefs as B
from clocktower.agents.policies import make_agents
from clocktower.agents.reads import doomed
from clocktower.engine.runner import play
from clocktower.play import NAMES, new_game
from clocktower.scripts import load_script

TEAMS = D.teams()


def measure(script: str, players: int, seeds: range) -> tuple[dict, dict]:
    sc = load_script(script)
    hands: dict = collections.defaultdict(lambda: [0, 0])
    noms: collections.Counter = collections.Counter()
    info: collections.Counter = collections.Counter()
    for s in seeds:
        g = new_game(sc, players, s, agents=make_agents(NAMES[:players], s, "reasoning",
                                                          "reasoning"))
        play(g)
        setup = next(e for e in g.log if e["type"] == "setup")
        char = {p["name"]: p["character"] for p in setup["players"]}
        align = {p["name"]: p["alignment"] for p in setup["players"]}
        alive = set(char)
        dead: set[str] = set()
        today: list[tuple[str, int, int]] = []
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
                dead.add(ev["player"])
            elif t == "day":
                today = []
            elif t == "nomination":
                target = ev["target"]
                about = doomed(today)
                by = ev["by"]
                if by != target and by in align:
                    side = "evil" if align[by] == "evil" else "good"
                    noms[(side, "evil" if align[target] == "evil" else "good")] += 1
                voters = set(ev.get("voters", ()))
                nominee = "good" if align[target] == "good" else TEAMS.get(char[target], "?")
                saving = "none" if about is None or about == target else align[about]
                phase = "end" if len(alive) <= 4 else "mid"
                for v in alive | (voters & dead):
                    if v == target:
                        continue
                    key = (align[v], nominee, saving, phase)
                    hands[key][0] += v in voters
                    hands[key][1] += 1
                today.append((target, int(ev["votes"]), int(ev["threshold"])))
        if not changed:
            _info(g, char, align, info)
        g.dispose()
    for side in ("evil", "good"):
        hands[("nominations", side + " nominator", "evil nominee", "")] = \
            [noms[(side, "evil")], noms[(side, "evil")] + noms[(side, "good")]]
    return dict(hands), dict(info)


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
    ap.add_argument("--players", type=int, default=10)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--start", type=int, default=9000)
    a = ap.parse_args()
    hands, info = measure(a.script, a.players, range(a.start, a.start + a.games))
    print("hands raised: voter, nominee (for an evil voter: its teammate or not), "
          "who was about to die, phase -> share (voters)")
    for key in sorted(hands):
        up, n = hands[key]
        print(f"  {' / '.join(key):40s} {up / n:5.2f} ({n})")
    print("reads.py's rates from these (shifts: the log-odds of an evil voter's hand less "
          "a good voter's, nominee's own kind, nobody about to die, more than four alive):")
    for name, kind in (("GOOD_SHIFT", "good"), ("MINION_SHIFT", "minion"),
                       ("DEMON_SHIFT", "demon")):
        e, g = hands.get(("evil", kind, "none", "mid")), hands.get(("good", kind, "none", "mid"))
        if e and g and e[1] and g[1]:
            print(f"  {name} = {_logit(e[0] / e[1]) - _logit(g[0] / g[1]):.2f}")
    save = hands.get(("evil", "good", "evil", "mid"))
    if save and save[1]:
        print(f"  SAVE_HAND = {save[0] / save[1]:.2f}")
    end = [hands.get(("evil", "good", s, "end")) for s in ("none", "good", "evil")]
    up, n = sum(h[0] for h in end if h), sum(h[1] for h in end if h)
    if n:
        print(f"  ENDGAME_HAND = {up / n:.2f}")
    ne = hands.get(("nominations", "evil nominator", "evil nominee", ""))
    ng = hands.get(("nominations", "good nominator", "evil nominee", ""))
    if ne and ng and ne[1] and ng[0]:
        # The likelihood ratio of a nomination of an evil player by an evil nominator (a
        # teammate) against a good nominator's: evil's share over good's.
        print(f"  NOMINATE_TEAMMATE = {max(ne[0], 1) / ne[1] / (ng[0] / ng[1]):.3f}")
    print("information claims holding in the true team's world:")
    for kind in ("good", "evil", "believes another (Drunk)"):
        yes, no = info.get((kind, True), 0), info.get((kind, False), 0)
        if yes + no:
            print(f"  {kind:28s} {yes / (yes + no):5.2f} ({yes + no} claims)")


def _logit(p: float) -> float:
    import math
    p = min(max(p, 0.01), 0.99)
    return math.log(p / (1.0 - p))


if __name__ == "__main__":
    main()
