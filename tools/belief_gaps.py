"""Where the good bots' beliefs go wrong, measured in reasoning-bot games: how often the
public belief on the true Demon is near zero, and in which state of the game (the Demon
changed player, an alignment changed, neither); and which parts of the belief pull away
from the true evil team (each claimant's information, by the character claimed and what
the claimant truly is; the Outsider count; the evidence), as the log loss each part adds
given the rest (leave one out), at each day's execution (or the day's end). Tune on seeds
below 50000 (docs/bots.md, "(seventh session)"):

    .venv/bin/python tools/belief_gaps.py --script regalia --players 10 --games 200
"""
from __future__ import annotations

import argparse
import collections
import math

from clocktower import data as D
from clocktower.agents import beliefs as B
from clocktower.agents.policies import make_agents
from clocktower.engine.runner import play
from clocktower.play import NAMES, new_game
from clocktower.scripts import load_script

TEAMS = D.teams()
NEAR_ZERO = 0.02


class Gaps:
    """The counts over many games."""

    def __init__(self) -> None:
        self.states: collections.Counter = collections.Counter()      # (state, near zero)
        self.belief: collections.defaultdict = collections.defaultdict(lambda: [0.0, 0])
        self.loss: collections.defaultdict = collections.defaultdict(lambda: [0.0, 0])
        self.holds: collections.defaultdict = collections.defaultdict(lambda: [0, 0])
        self.games = 0
        self.good_wins = 0


def _loo(comp, w) -> float:
    """The log loss part `comp` (its factor per weighed hypothesis, `w` the weights with
    it) adds at the true hypothesis (index 0 of the arrays given last): -log of its
    factor there against its mean under the posterior without it."""
    import numpy as np
    comp = np.maximum(comp, 1e-300)
    rest = w / comp
    tot = float(rest.sum())
    if tot <= 0.0:
        return 0.0
    mean = float((rest * comp).sum()) / tot
    return -(math.log(float(comp[-1])) - math.log(max(mean, 1e-300)))


def one_game(sc, players: int, seed: int, out: Gaps) -> None:
    import numpy as np
    g = new_game(sc, players, seed, agents=make_agents(NAMES[:players], seed, "reasoning",
                                                        "reasoning"))
    play(g)
    out.games += 1
    char: dict[str, str] = {}
    align: dict[str, str] = {}
    t = B.Table(g.view("spectator"))
    setup_demon: set[str] = set()
    setup_evil: set[str] = set()
    measured = 0
    seen: set[int] = set()
    for ev in g.log:
        ty = ev["type"]
        if ty == "setup":
            for p in ev["players"]:
                char[p["name"]] = p["character"]
                align[p["name"]] = p["alignment"]
            setup_demon = {n for n, c in char.items() if TEAMS.get(c) == "demon"}
            setup_evil = {n for n, a in align.items() if a == "evil"}
        elif ty == "character_change":
            char[ev["player"]] = ev["new"]
        elif ty == "alignment_change":
            align[ev["player"]] = ev["new"]
        elif ty == "game_over":
            out.good_wins += ev.get("winner") == "good"
        if ev["visible_to"] == "all" and ty in ("execution", "day_end") \
                and measured != ev["number"]:
            measured = ev["number"]
            _measure(t, char, align, setup_demon, setup_evil, out, np, seen)
        if ev["visible_to"] == "all":
            t.add(ev)
    g.dispose()


def _measure(t, char, align, setup_demon, setup_evil, out: Gaps, np, seen: set) -> None:
    demons = {n for n, c in char.items() if TEAMS.get(c) == "demon"}
    evil = {n for n, a in align.items() if a == "evil"}
    if not demons:
        state = "no Demon"
    elif demons != setup_demon and evil != setup_evil:
        state = "Demon and alignment changed"
    elif demons != setup_demon:
        state = "Demon changed"
    elif evil != setup_evil:
        state = "alignment changed"
    else:
        state = "unchanged"
    pd = t.public_demon()
    p = sum(pd.get(d, 0.0) for d in demons)
    near = p < NEAR_ZERO
    out.states[(state, near)] += 1
    out.belief[state][0] += p
    out.belief[state][1] += 1
    if state != "unchanged":
        return
    # The true team's hypothesis (the setup team: unchanged).
    d = next(iter(demons))
    mask = sum(t.bit[n] for n in evil if n in t.bit)
    hyps = t.hypotheses()
    hi = next((i for i, h in enumerate(hyps) if h[0] == t.bit[d] and h[1] == mask), None)
    idx, w = t._weights()
    if hi is None or hi not in set(idx.tolist()):
        out.loss[("(true team not weighed)", "all")][1] += 1
        if hi is None:
            out.loss[("(true team not a hypothesis)", "all")][1] += 1
        return
    order = np.concatenate((idx[idx != hi], [hi]))
    wi = dict(zip(idx.tolist(), w.tolist()))
    ww = np.array([wi[i] for i in order.tolist()])
    tag = "near 0" if near else "all"
    # Each claimant's information (the claimants weighed in every hypothesis).
    for who, kept in t._per_claimant.items():
        said = t.claims.get(who, "?")
        truly = char.get(who, "?")
        kind = "evil" if align.get(who) == "evil" else \
            ("good, as claimed" if truly == said else f"good, truly {truly}")
        key = (f"{said}: {kind}", tag)
        out.loss[key][0] += _loo(kept[2][order], ww)
        out.loss[key][1] += 1
        if near:
            key = (f"{said}: {kind}", "all")
            out.loss[key][0] += _loo(kept[2][order], ww)
            out.loss[key][1] += 1
    ev = np.exp(t._evidence()[order]) if t.n_facts else None
    if ev is not None:
        for k in ((("(evidence)", tag),) + ((("(evidence)", "all"),) if near else ())):
            out.loss[k][0] += _loo(ev, ww)
            out.loss[k][1] += 1
    for name, part in _evidence_parts(t, np).items():
        comp = np.exp(part[order])
        for k in (((name, tag),) + (((name, "all"),) if near else ())):
            out.loss[k][0] += _loo(comp, ww)
            out.loss[k][1] += 1
    found = t._claim_masks
    if found[3] or found[4]:
        o = np.exp(t._outsiders(found[3], found[4])[order])
        for k in ((("(Outsider count)", tag),) + ((("(Outsider count)", "all"),) if near
                                                  else ())):
            out.loss[k][0] += _loo(o, ww)
            out.loss[k][1] += 1
    # Each good claimant's claims: hold in the true team's world?
    h = hyps[hi]
    for c in t.infos:
        if c.ability is None or align.get(c.who) == "evil" or c.who not in t.seat:
            continue
        if id(c) in seen:
            continue
        seen.add(id(c))
        truly = char.get(c.who, "?")
        kind = "as claimed" if truly == c.character else f"truly {truly}"
        f = t._factor(c, h)
        out.holds[(c.character, kind)][0] += f == 1.0
        out.holds[(c.character, kind)][1] += 1


def _evidence_parts(t, np) -> dict:
    """The evidence's parts (`Table._evidence`) each on its own, as log-factor arrays: the
    hands, the nominators, the catches, the claim timing (a late first claim, silence),
    the quiet nights."""
    from clocktower.agents import reads
    evil, demon = t._matrix()
    z = np.zeros(len(demon))
    out = {"(evidence: hands)": z.copy(), "(evidence: nominators)": z.copy(),
           "(evidence: catches)": z.copy(), "(evidence: late claims)": z.copy(),
           "(evidence: silent all day)": z.copy(), "(evidence: quiet nights)": z.copy()}
    for i in range(len(t.noms)):
        full = reads.vote_log(t, i, evil, demon)
        by, target = t.noms[i][0], t.noms[i][1]
        nom = z.copy()
        if by in t.seat and by != target:
            nom = evil[:, t.seat[by]] * evil[:, t.seat[target]] * reads.hand_table(t.sheet)[1]
        out["(evidence: nominators)"] += nom
        out["(evidence: hands)"] += full - nom
    for i in t.catch_noms:
        out["(evidence: catches)"] += reads.catch_log(t, i, evil, demon)
    for who, p_evil, p_good in t.timing:
        if who in t.seat and p_evil > 0.0 and p_good > 0.0:
            i = t.seat[who]
            silent = p_good == B.SILENT_GOOD
            minion = evil[:, i] if silent else evil[:, i] - (demon == i)
            out["(evidence: silent all day)" if silent else "(evidence: late claims)"] += \
                minion * np.log(p_evil / p_good)
    guards = [n for n, c in t.claims.items() if n in t.seat and B.protects(c)]
    for night in t.quiet_nights:
        alive = [t.seat[n] for n in guards if t.alive_at_night(n, night)]
        none_good = np.prod(evil[:, alive], axis=1) if alive else 1.0
        out["(evidence: quiet nights)"] += none_good * np.log(B.QUIET_UNEXPLAINED)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--script", default="regalia")
    ap.add_argument("--players", default="10")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--start", type=int, default=40000, help="the first seed (below 50000)")
    a = ap.parse_args()
    sc = load_script(a.script)
    out = Gaps()
    for n in [int(x) for x in a.players.split(",")]:
        for s in range(a.start, a.start + a.games):
            one_game(sc, n, s, out)
    print(f"{a.script} {a.players} players, {out.games} games, good wins "
          f"{out.good_wins / max(out.games, 1):.1%}")
    print(f"the public belief on the true Demon at each day's execution (or end), by state; "
          f"near zero: below {NEAR_ZERO}")
    for state, (s, k) in sorted(out.belief.items(), key=lambda x: -x[1][1]):
        z = out.states[(state, True)]
        print(f"  {state:30s} {k:5d} days, mean {s / k:.3f}, near zero {z} ({z / k:.1%})")
    print("log loss each part adds at the true team (leave one out), unchanged state; "
          "sum (per day), all days and the near-zero days")
    rows = collections.defaultdict(dict)
    for (name, tag), (s, k) in out.loss.items():
        rows[name][tag] = (s, k)
    for name, by in sorted(rows.items(), key=lambda x: -x[1].get("all", (0, 0))[0]):
        a_s, a_k = by.get("all", (0.0, 0))
        z_s, z_k = by.get("near 0", (0.0, 0))
        print(f"  {name:45s} all {a_s:8.1f} ({a_k:5d}, {a_s / max(a_k, 1):+.3f})   "
              f"near 0 {z_s:7.1f} ({z_k:4d})")
    print("good claimants' information (each claim once) holding in the true team's world")
    for (ch, kind), (y, k) in sorted(out.holds.items(), key=lambda x: -x[1][1]):
        print(f"  {ch:15s} {kind:22s} {y / k:5.2f} ({k})")


if __name__ == "__main__":
    main()
