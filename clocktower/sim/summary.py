"""The summary of a run (`summary.json`), computed from its records in index order.

`FIELDS` documents every field; `clocktower simulate --help` prints it and
docs/simulator.md repeats it. Rates are shares of all games of the group (a game cut off by
the day limit, winner none, is neither team's win); every interval is the 95% Wilson score
interval (stats.py), a difference's is Newcombe's. Games whose setup failed are counted in
`unseated` and left out of everything else.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from ..data import teams as _teams
from . import baseline as B
from .record import IMPACT
from .stats import mantel_haenszel, newcombe, paired_difference, rate, wilson

FIELDS: list[tuple[str, str]] = [
    ("run", "what was run: script {name, characters, source} (null for the baseline), "
            "players (the counts), games (per player count and policy pair), travellers, "
            "seed, arms (the policies {good, evil, storyteller}; the first is the primary "
            "arm, which every table below but policy_table and sensitivity describes), "
            "sensitivity (null, or {games, arms}: the sensitivity panel's), baseline (null "
            "or random-execution), batch_size, format"),
    ("games", "games played for the primary pair, setups that failed included"),
    ("unseated", "games whose setup failed for their seed, {count, reasons: {message: n}}"),
    ("overall", "the primary pair's games at every count: games, good_wins, evil_wins, "
                "no_result, good_win_rate, good_win_ci [low, high]"),
    ("by_players", "one row per player count: players, games, good_wins, evil_wins, "
                   "no_result, good_win_rate, good_win_ci, endings {ending: games}, "
                   "final_three (games in which a day began with three alive), "
                   "final_three_rate, mean_days (days begun), reference {published, model} "
                   "(the baseline's published and exact good win rates, when known)"),
    ("endings", "ending -> games, every count together: demon_executed, demon_slain, "
                "demon_killed, demon_exiled, demon_died, demon_gone, two_alive, the "
                "characters' codes (saint_executed, mayor, goblin, damsel_guessed, ...), "
                "ability:<id>, no_result; the baseline adds no_good_left"),
    ("characters", "one row per character of the script (and Traveller seen): id, name, "
                   "team (good or evil; a Traveller's is its alignment in each game), "
                   "in_play (games it was in play), in_play_rate, team_wins (games its team "
                   "won when it was in play), team_win_rate, team_win_ci, "
                   "team_win_rate_without (its team's win rate in the games it was not in "
                   "play), fired (games in play in which its ability fired: any impact "
                   "count, or a setup ability), fired_rate, not_measured (why its effect "
                   "is not given, else null), effect and effect_ci (its effect on its "
                   "team's win rate within player count: the Mantel-Haenszel risk "
                   "difference over the counts with Sato's 95% interval; null when not "
                   "measured), effect_by_players (per count where it was both in and out of "
                   "play: players, in_play, team_wins, team_win_rate, without, "
                   "team_win_rate_without, effect, effect_ci (Newcombe)), effect_pooled "
                   "and effect_pooled_ci (the crude difference over every count together, "
                   "confounded by player count: for comparison only)"),
    ("not_measured", "the characters whose effect is not measured, each {id, name, why}: "
                     "never dealt, an ability that fired in under 1% of its games, or a "
                     "win condition never reached"),
    ("by_outsiders", "one row per number of Outsiders dealt: outsiders, games, good_wins, "
                     "good_win_rate, good_win_ci"),
    ("impact", "character -> metric -> {count (events in all games), games (games with "
               "at least one), rate_in_play (games / games it was in play; null when never "
               "dealt)}; the metrics: " + "; ".join(f"{k}: {v}" for k, v in IMPACT.items())),
    ("policy_table", "one row per policy pair (only when the run has several): good, evil, "
                     "storyteller, games, good_wins, good_win_rate, good_win_ci"),
    ("sensitivity", "the sensitivity panel (absent with --sensitivity 0): games (a count, "
                    "for each policy: the primary arm's first games, the same seeds), "
                    "primary {good, evil, storyteller}, alternatives [{good, evil, "
                    "storyteller}] (random bots; the Storyteller without its lean), "
                    "by_players (one row per count: players, primary {games, good_wins, "
                    "good_win_rate, good_win_ci} on those seeds, alternatives [the same, "
                    "with pairs (seeds both seated), difference (its good win rate minus "
                    "the primary's on the same seeds) and difference_ci (paired: Agresti-"
                    "Min)]) and overall (the same over every count)"),
    ("baseline", "the baseline's reference (baseline runs only): source, published "
                 "{players: rate}, model {players: exact rate}, and per player count "
                 "whether the published rate (give or take its rounding, 0.005) meets the "
                 "interval: agrees {players: bool}"),
]


FIRED_MIN = 0.01     # an ability that fired in fewer of its games is not measured
ALWAYS = "in play in every game"


def _sets_up(char: str) -> bool:
    """A character whose ability changes the setup: it acts in every game it is dealt."""
    from ..data import get
    try:
        return get(char).setup
    except Exception:
        return False


def _win_codes(char: str) -> frozenset[str]:
    """The game_over codes of the character's own win (or loss) condition, if it has one."""
    return _WIN_CODES.get(char) or _load_win_codes(char)


_WIN_CODES: dict[str, frozenset[str]] = {}


def _load_win_codes(char: str) -> frozenset[str]:
    from ..characters import REGISTRY
    try:
        codes = frozenset(REGISTRY[char].outcome_reasons)
    except Exception:
        codes = frozenset()
    _WIN_CODES[char] = codes
    return codes


def not_measured(char: str, in_play: int, fired: int, reached: int, no_contrast: bool) -> str | None:
    """Why a character's effect is not shown (None: it is): never dealt, an ability that
    (almost) never fired, a win condition never reached, or no game without it to compare."""
    if in_play == 0:
        return "never dealt"
    if fired < FIRED_MIN * in_play:
        return (f"its ability fired in {fired} of the {in_play} games it was in "
                f"(under {100 * FIRED_MIN:.0f}%)")
    codes = _win_codes(char.split(":")[0])
    if codes and reached == 0:
        return (f"its win condition ({', '.join(sorted(codes))}) was never reached in its "
                f"{in_play} games")
    if no_contrast:
        return f"{ALWAYS} at each player count: nothing to compare it with"
    return None


def _team_of(char: str, team: dict[str, str]) -> str:
    t = team.get(char, "")
    return "evil" if t in ("minion", "demon") else "good"


class _Tally:
    __slots__ = ("games", "good", "evil", "none")

    def __init__(self) -> None:
        self.games = self.good = self.evil = self.none = 0

    def add(self, winner: str) -> None:
        self.games += 1
        if winner == "good":
            self.good += 1
        elif winner == "evil":
            self.evil += 1
        else:
            self.none += 1

    def json(self) -> dict:
        return {"games": self.games, "good_wins": self.good, "evil_wins": self.evil,
                "no_result": self.none, "good_win_rate": rate(self.good, self.games),
                "good_win_ci": list(wilson(self.good, self.games))}


def _rate_json(k: int, n: int) -> dict:
    return {"games": n, "good_wins": k, "good_win_rate": rate(k, n),
            "good_win_ci": list(wilson(k, n))}


def sensitivity(spec_json: dict, sens: dict, counts: list[int],
                paired: dict[tuple[int, int, int], bool]) -> dict:
    """Good's win rate with each other policy on the primary arm's first games (the same
    seeds), per count and overall, and the paired difference from the primary arm."""
    n_arms = len(spec_json["arms"])
    alts = list(range(n_arms, n_arms + len(sens["arms"])))

    def block(ns: list[int]) -> dict:
        prim = [paired[0, n, g] for n in ns for g in range(sens["games"])
                if (0, n, g) in paired]
        row: dict[str, Any] = {"primary": _rate_json(sum(prim), len(prim)),
                               "alternatives": []}
        for a in alts:
            won = [paired[a, n, g] for n in ns for g in range(sens["games"])
                   if (a, n, g) in paired]
            pairs = [(paired[0, n, g], paired[a, n, g]) for n in ns
                     for g in range(sens["games"]) if (0, n, g) in paired and (a, n, g) in paired]
            b = sum(1 for p, q in pairs if q and not p)     # good won only with the other
            c = sum(1 for p, q in pairs if p and not q)     # ... only with the primary
            d, dci = paired_difference(b, c, len(pairs))
            row["alternatives"].append({**_rate_json(sum(won), len(won)), "pairs": len(pairs),
                                        "difference": d if pairs else None,
                                        "difference_ci": list(dci) if pairs else None})
        return row
    return {"games": sens["games"], "primary": spec_json["arms"][0],
            "alternatives": sens["arms"],
            "by_players": [{"players": n, **block([n])} for n in counts],
            "overall": block(list(counts))}


def summarise(spec_json: dict, records: Iterable[dict], script_chars: list[str]) -> dict:
    team = _teams()
    from ..data import get as char_data
    arms = [(a["good"], a["evil"]) for a in spec_json["arms"]]
    counts = spec_json["players"]
    sens = spec_json.get("sensitivity") or {"games": 0, "arms": []}
    n_arms = len(arms)
    cells = len(counts) * n_arms
    main_total = spec_json.get("games", 0) * cells
    s_cells = len(counts) * len(sens["arms"])
    paired: dict[tuple[int, int, int], bool] = {}   # (arm, players, g) -> good won (panel)
    overall = _Tally()
    by_n = {n: _Tally() for n in counts}
    endings_n: dict[int, Counter] = {n: Counter() for n in counts}
    final3: Counter = Counter()
    days: Counter = Counter()
    endings: Counter = Counter()
    unseated: Counter = Counter()
    games = 0
    by_out: dict[int, _Tally] = {}
    in_play: Counter = Counter()
    team_wins: Counter = Counter()
    in_play_n: Counter = Counter()          # (char, players) -> games in play
    team_wins_n: Counter = Counter()        # (char, players) -> its team's wins then
    team_total_n: Counter = Counter()       # (players, team) -> that team's wins
    fired: Counter = Counter()              # char -> games in play in which its ability fired
    reached: Counter = Counter()            # char -> games in play ended by its win condition
    char_team: dict[str, str] = {}
    team_total = {"good": 0, "evil": 0}     # wins per team over all seated games
    impact: dict[str, dict[str, list[int]]] = {}
    arm_tally = [_Tally() for _ in arms]
    for r in records:
        if r["arm"] >= n_arms:                      # the sensitivity panel's games
            if "error" not in r:
                g = (r["i"] - main_total) // s_cells
                paired[r["arm"], r["players"], g] = r["winner"] == "good"
            continue
        if "error" not in r:
            arm_tally[r["arm"]].add(r["winner"])
            if r["arm"] == 0 and sens["arms"]:
                g = r["i"] // cells
                if g < sens["games"]:
                    paired[0, r["players"], g] = r["winner"] == "good"
        if r["arm"] != 0:
            continue
        games += 1
        if "error" in r:
            unseated[r["error"]] += 1
            continue
        n, w = r["players"], r["winner"]
        overall.add(w)
        by_n[n].add(w)
        endings_n[n][r["ending"]] += 1
        endings[r["ending"]] += 1
        final3[n] += bool(r["final3"])
        days[n] += r["days"]
        if w in team_total:
            team_total[w] += 1
            team_total_n[n, w] += 1
        by_out.setdefault(r["outsiders"], _Tally()).add(w)
        seen = set()
        acted = r["impact"]
        for c, side in [(c, _team_of(c, team)) for c in r["chars"]] + [
                (f"{c}:{a}", a) for c, a in r["trav"]]:
            if c in seen:
                continue
            seen.add(c)
            char_team[c] = side
            in_play[c] += 1
            team_wins[c] += w == side
            in_play_n[c, n] += 1
            team_wins_n[c, n] += w == side
            base = c.split(":")[0]
            if base in acted or _sets_up(base):
                fired[c] += 1
            if r["code"] in _win_codes(base):
                reached[c] += 1
        for c, metrics in r["impact"].items():
            d = impact.setdefault(c, {})
            for m, k in metrics.items():
                x = d.setdefault(m, [0, 0])
                x[0] += k
                x[1] += 1
    seated = overall.games
    by_players = []
    for n in counts:
        t = by_n[n]
        row: dict[str, Any] = {"players": n, **t.json(),
                               "endings": dict(sorted(endings_n[n].items())),
                               "final_three": final3[n], "final_three_rate": rate(final3[n], t.games),
                               "mean_days": rate(days[n], t.games)}
        ref = {}
        if n in B.PUBLISHED:
            ref["published"] = B.PUBLISHED[n]
        ref["model"] = B.exact(n)
        row["reference"] = ref
        by_players.append(row)
    chars = []
    ids = list(dict.fromkeys(list(script_chars) + sorted(in_play)))
    for c in ids:
        base = c.split(":")[0]
        tm = char_team.get(c) or _team_of(base, team)
        k, n_in = team_wins[c], in_play[c]
        out_games = seated - n_in
        out_wins = team_total.get(tm, 0) - k
        try:
            name = char_data(base).name
        except Exception:
            name = base
        if ":" in c:
            name = f"{name} ({c.split(':')[1]})"
        strata = []
        per_count = []
        for n in counts:
            n1, a = in_play_n[c, n], team_wins_n[c, n]
            n0, c0 = by_n[n].games - n1, team_total_n[n, tm] - a
            strata.append((a, n1, c0, n0))
            if n1 and n0:
                per_count.append({"players": n, "in_play": n1, "team_wins": a,
                                  "team_win_rate": a / n1, "without": n0,
                                  "team_win_rate_without": c0 / n0,
                                  "effect": a / n1 - c0 / n0,
                                  "effect_ci": list(newcombe(a, n1, c0, n0))})
        mh = mantel_haenszel(strata)
        why = not_measured(c, n_in, fired[c], reached[c], mh is None)
        chars.append({"id": c, "name": name, "team": tm, "in_play": n_in,
                      "in_play_rate": rate(n_in, seated), "team_wins": k,
                      "team_win_rate": rate(k, n_in), "team_win_ci": list(wilson(k, n_in)),
                      "team_win_rate_without": rate(out_wins, out_games),
                      "fired": fired[c], "fired_rate": rate(fired[c], n_in),
                      "not_measured": why,
                      "effect": None if why or mh is None else mh[0],
                      "effect_ci": None if why or mh is None else list(mh[1]),
                      "effect_by_players": [] if why else per_count,
                      "effect_pooled": (k / n_in - out_wins / out_games)
                      if n_in and out_games else None,
                      "effect_pooled_ci": list(newcombe(k, n_in, out_wins, out_games))
                      if n_in and out_games else None})
    imp = {}
    for c in sorted(impact):
        n_in = in_play.get(c, 0)
        imp[c] = {m: {"count": v[0], "games": v[1], "rate_in_play": rate(v[1], n_in)}
                  for m, v in sorted(impact[c].items())}
    out: dict[str, Any] = {
        "run": spec_json,
        "games": games,
        "unseated": {"count": sum(unseated.values()), "reasons": dict(sorted(unseated.items()))},
        "overall": overall.json(),
        "by_players": by_players,
        "endings": dict(sorted(endings.items(), key=lambda kv: (-kv[1], kv[0]))),
        "characters": chars,
        "by_outsiders": [{"outsiders": k, **{f: v for f, v in t.json().items()
                                             if f in ("games", "good_wins", "good_win_rate",
                                                      "good_win_ci")}}
                         for k, t in sorted(by_out.items())],
        "impact": imp,
        "not_measured": [{"id": c["id"], "name": c["name"], "why": c["not_measured"]}
                         for c in chars if c["not_measured"] and not
                         c["not_measured"].startswith(ALWAYS)],
    }
    if len(arms) > 1:
        out["policy_table"] = [{**a, **{f: v for f, v in t.json().items()
                                        if f in ("games", "good_wins", "good_win_rate",
                                                 "good_win_ci")}}
                               for a, t in zip(spec_json["arms"], arm_tally)]
    if sens["arms"]:
        out["sensitivity"] = sensitivity(spec_json, sens, counts, paired)
    if spec_json.get("baseline"):
        agrees = {}
        for row in by_players:
            p = B.PUBLISHED.get(row["players"])
            if p is not None and row["games"]:
                lo, hi = row["good_win_ci"]
                agrees[str(row["players"])] = lo <= p + 0.005 and p - 0.005 <= hi
        out["baseline"] = {"source": B.SOURCE,
                           "published": {str(k): v for k, v in B.PUBLISHED.items()},
                           "model": {str(n): B.exact(n) for n in counts},
                           "agrees": agrees}
    return out
