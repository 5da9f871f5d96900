"""The summary of a run (`summary.json`), computed from its records in index order.

`FIELDS` documents every field; `clocktower simulate --help` prints it and
docs/simulator.md repeats it. Rates are shares of all games of the group (a game cut off by
the day limit, winner none, is neither team's win); every interval is the 95% Wilson score
interval (stats.py), a difference's is Newcombe's. Games whose setup failed are counted in
`unseated` and left out of everything else.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
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
            "sensitivity (null, or {games, arms}: the sensitivity panel's), compare (null, "
            "or script B of an A/B run: {script {name, characters, source}, swap [[old, "
            "new]] or null}), baseline (null or random-execution), batch_size, format"),
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
                   "count, or a setup or evil-info ability), fired_rate, not_measured (why its effect "
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
    ("designer", "the designer measures of the primary arm's games (not for the "
                 "baseline): by_players (one row per count) and overall, each: games, "
                 "confirmed {games, rate, ci} (games in which a player, not a Traveller, was "
                 "hard-confirmed by public facts alone while the game went on), "
                 "confirmed_players_mean, confirmed_day_mean (the day of the first, in "
                 "those games), outsiders_public {games, rate, ci} (games in which the "
                 "Outsider count became public: every player had claimed a character and "
                 "those claiming an Outsider were exactly those dealt one), misinfo_mean "
                 "and misinfo_games {sources: games} (sources of misinformation at work: "
                 "abilities that droisoned a player, characters registered falsely as, "
                 "characters in play whose holder believes another), false_info {games, "
                 "rate, ci} (games in which someone was shown false information), "
                 "final_day {games, rate, ci} (decided on a day that began with 3 or 4 "
                 "truly alive, or in the night after)"),
    ("pairs", "good's win rate for pairs of the script's characters in play together "
              "(not for the baseline): min_games (a pair is listed when in play together "
              "in this many games and apart in this many, and neither is in play whenever "
              "the other is, as the Demon of a one-Demon script), rows [{pair [a, b], names, "
              "games, good_wins, good_win_rate, good_win_ci, good_win_rate_without, "
              "difference, difference_ci (with the pair minus without, within player "
              "count: Mantel-Haenszel)}], the best for good first"),
    ("where", "with --where: one entry per setup: expression (as given), characters (in "
              "ids), by_players (one row per count: players, games, good_wins, "
              "good_win_rate, good_win_ci for the games with the setup; without {the same "
              "for the others}; difference, difference_ci (Newcombe)) and overall (the "
              "same, the difference within player count: Mantel-Haenszel)"),
    ("compare", "an A/B run's (--compare, --swap): a and b {name, characters (b: and "
                "source)}, swap, removed and added (characters of A not in B, of B not in "
                "A), unseated_b, by_players (one row per count: players, a and b {games, "
                "good_wins, good_win_rate, good_win_ci}, pairs (seeds seated both ways), "
                "good_only_in_a, good_only_in_b, difference (B's good win rate minus A's on "
                "those seeds), difference_ci (paired: Agresti-Min)), overall (the same over "
                "every count), characters (one row per character of either: id, name, team, "
                "a and b {in_play, in_play_rate, team_win_rate, fired_rate, not_measured, "
                "effect, effect_ci} or null when not on that script), designer (B's "
                "designer measures)"),
    ("baseline", "the baseline's reference (baseline runs only): source, published "
                 "{players: rate}, model {players: exact rate}, and per player count "
                 "whether the published rate (give or take its rounding, 0.005) meets the "
                 "interval: agrees {players: bool}"),
]


FIRED_MIN = 0.01     # an ability that fired in fewer of its games is not measured
ALWAYS = "in play in every game"


@lru_cache(maxsize=None)
def _sets_up(char: str) -> bool:
    """A character whose ability acts in every game it is dealt without an event naming it:
    one that changes the setup, or one that rewrites the evil team's first-night information
    (its rule overrides the `evil_info` hook: the Magician)."""
    from ..characters import REGISTRY
    from ..data import get
    try:
        if get(char).setup:
            return True
    except Exception:
        return False
    rule = REGISTRY.get(char)
    return rule is not None and "evil_info" in getattr(rule, "overrides", ())


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


class _Effects:
    """Each character's team win rate in play and not, per player count, over one script's
    seated games of the primary arm; `rows` gives the `characters` table."""

    def __init__(self, counts: list[int], team: dict[str, str]):
        self.counts, self.team = counts, team
        self.by_n: Counter = Counter()          # players -> seated games
        self.seated = 0
        self.in_play: Counter = Counter()
        self.team_wins: Counter = Counter()
        self.in_play_n: Counter = Counter()     # (char, players) -> games in play
        self.team_wins_n: Counter = Counter()   # (char, players) -> its team's wins then
        self.team_total_n: Counter = Counter()  # (players, team) -> that team's wins
        self.fired: Counter = Counter()         # char -> games in play its ability fired
        self.reached: Counter = Counter()       # char -> games ended by its win condition
        self.char_team: dict[str, str] = {}
        self.team_total = {"good": 0, "evil": 0}

    def add(self, r: dict) -> None:
        n, w = r["players"], r["winner"]
        self.seated += 1
        self.by_n[n] += 1
        if w in self.team_total:
            self.team_total[w] += 1
            self.team_total_n[n, w] += 1
        seen = set()
        acted = r["impact"]
        for c, side in [(c, _team_of(c, self.team)) for c in r["chars"]] + [
                (f"{c}:{a}", a) for c, a in r["trav"]]:
            if c in seen:
                continue
            seen.add(c)
            self.char_team[c] = side
            self.in_play[c] += 1
            self.team_wins[c] += w == side
            self.in_play_n[c, n] += 1
            self.team_wins_n[c, n] += w == side
            base = c.split(":")[0]
            if base in acted or _sets_up(base):
                self.fired[c] += 1
            if r["code"] in _win_codes(base):
                self.reached[c] += 1

    def rows(self, script_chars: list[str]) -> list[dict]:
        from ..data import get as char_data
        chars = []
        ids = list(dict.fromkeys(list(script_chars) + sorted(self.in_play)))
        for c in ids:
            base = c.split(":")[0]
            tm = self.char_team.get(c) or _team_of(base, self.team)
            k, n_in = self.team_wins[c], self.in_play[c]
            out_games = self.seated - n_in
            out_wins = self.team_total.get(tm, 0) - k
            try:
                name = char_data(base).name
            except Exception:
                name = base
            if ":" in c:
                name = f"{name} ({c.split(':')[1]})"
            strata = []
            per_count = []
            for n in self.counts:
                n1, a = self.in_play_n[c, n], self.team_wins_n[c, n]
                n0, c0 = self.by_n[n] - n1, self.team_total_n[n, tm] - a
                strata.append((a, n1, c0, n0))
                if n1 and n0:
                    per_count.append({"players": n, "in_play": n1, "team_wins": a,
                                      "team_win_rate": a / n1, "without": n0,
                                      "team_win_rate_without": c0 / n0,
                                      "effect": a / n1 - c0 / n0,
                                      "effect_ci": list(newcombe(a, n1, c0, n0))})
            mh = mantel_haenszel(strata)
            why = not_measured(c, n_in, self.fired[c], self.reached[c], mh is None)
            chars.append({"id": c, "name": name, "team": tm, "in_play": n_in,
                          "in_play_rate": rate(n_in, self.seated), "team_wins": k,
                          "team_win_rate": rate(k, n_in), "team_win_ci": list(wilson(k, n_in)),
                          "team_win_rate_without": rate(out_wins, out_games),
                          "fired": self.fired[c], "fired_rate": rate(self.fired[c], n_in),
                          "not_measured": why,
                          "effect": None if why or mh is None else mh[0],
                          "effect_ci": None if why or mh is None else list(mh[1]),
                          "effect_by_players": [] if why else per_count,
                          "effect_pooled": (k / n_in - out_wins / out_games)
                          if n_in and out_games else None,
                          "effect_pooled_ci": list(newcombe(k, n_in, out_wins, out_games))
                          if n_in and out_games else None})
        return chars


def _share(k: int, n: int) -> dict:
    return {"games": k, "rate": rate(k, n), "ci": list(wilson(k, n))}


class _Measures:
    """The designer measures (record.py: confirmed, outsiders_public, misinfo, final_day),
    per player count, over one script's seated games of the primary arm."""

    def __init__(self, counts: list[int]):
        self.counts = counts
        self.c: dict[int, Counter] = {n: Counter() for n in counts}
        self.misinfo: dict[int, Counter] = {n: Counter() for n in counts}

    def add(self, r: dict) -> None:
        c = self.c[r["players"]]
        c["games"] += 1
        c["confirmed"] += r["confirmed"] > 0
        c["confirmed_players"] += r["confirmed"]
        if r["confirmed_day"] is not None:
            c["confirmed_day"] += r["confirmed_day"]
        c["outsiders_public"] += r["outsiders_public"] is not None
        c["misinfo_sum"] += r["misinfo"]
        self.misinfo[r["players"]][r["misinfo"]] += 1
        c["false_info"] += any(m.get("false_info") for m in r["impact"].values())
        c["final_day"] += bool(r["final_day"])

    @staticmethod
    def _row(c: Counter, mis: Counter) -> dict:
        g = c["games"]
        return {"games": g, "confirmed": _share(c["confirmed"], g),
                "confirmed_players_mean": rate(c["confirmed_players"], g),
                "confirmed_day_mean": rate(c["confirmed_day"], c["confirmed"]),
                "outsiders_public": _share(c["outsiders_public"], g),
                "misinfo_mean": rate(c["misinfo_sum"], g),
                "misinfo_games": {str(k): v for k, v in sorted(mis.items())},
                "false_info": _share(c["false_info"], g),
                "final_day": _share(c["final_day"], g)}

    def json(self) -> dict:
        total: Counter = Counter()
        mis: Counter = Counter()
        for n in self.counts:
            total.update(self.c[n])
            mis.update(self.misinfo[n])
        return {"by_players": [{"players": n, **self._row(self.c[n], self.misinfo[n])}
                               for n in self.counts],
                "overall": self._row(total, mis)}


# ---- setups: --where and character pairs -------------------------------------------------

class WhereError(ValueError):
    pass


def parse_where(text: str, script_chars: list[str]) -> tuple[str, Any]:
    """A setup expression: character ids or names joined by & (and), | (or), ! (not) and
    brackets ("baron & drunk", "imp & !(poisoner | spy)"). Returns (the expression in ids,
    its tree); WhereError (one line) for bad syntax or a character not on the script."""
    import re
    from ..data import normalise_id
    tokens = [t.strip() for t in re.findall(r"[()&|!]|[^()&|!]+", text) if t.strip()]
    if not tokens:
        raise WhereError(f"--where {text!r}: give characters joined by &, | and !")
    pos = 0

    def peek() -> str | None:
        return tokens[pos] if pos < len(tokens) else None

    def take() -> str:
        nonlocal pos
        pos += 1
        return tokens[pos - 1]

    def expr() -> Any:
        left = term()
        while peek() == "|":
            take()
            left = ("or", left, term())
        return left

    def term() -> Any:
        left = factor()
        while peek() == "&":
            take()
            left = ("and", left, factor())
        return left

    def factor() -> Any:
        t = peek()
        if t is None:
            raise WhereError(f"--where {text!r}: ends too soon")
        if t == "!":
            take()
            return ("not", factor())
        if t == "(":
            take()
            inner = expr()
            if peek() != ")":
                raise WhereError(f"--where {text!r}: a bracket is not closed")
            take()
            return inner
        if t in ")&|":
            raise WhereError(f"--where {text!r}: {t!r} where a character was expected")
        take()
        cid = normalise_id(t)
        if cid not in script_chars:
            raise WhereError(f"--where {text!r}: {t!r} is not a character of the script")
        return ("is", cid)

    tree = expr()
    if pos != len(tokens):
        raise WhereError(f"--where {text!r}: {tokens[pos]!r} is not expected there")
    return _where_text(tree), tree


def _where_text(tree: Any) -> str:
    """The expression in ids, with brackets only where they are needed."""
    op = tree[0]
    if op == "is":
        return tree[1]
    if op == "not":
        inner = _where_text(tree[1])
        return "!" + (inner if tree[1][0] in ("is", "not") else f"({inner})")
    return f" {'&' if op == 'and' else '|'} ".join(
        _where_text(t) if t[0] in ("is", "not", op) else f"({_where_text(t)})"
        for t in tree[1:])


def where_holds(tree: Any, chars: set[str]) -> bool:
    op = tree[0]
    if op == "is":
        return tree[1] in chars
    if op == "not":
        return not where_holds(tree[1], chars)
    if op == "and":
        return where_holds(tree[1], chars) and where_holds(tree[2], chars)
    return where_holds(tree[1], chars) or where_holds(tree[2], chars)


def _setup_block(counts: list[int], tally: Counter) -> dict:
    """Good's win rate in the games with a setup and without, per count (Newcombe) and
    within count over all (Mantel-Haenszel). `tally`: (players, with?, good won?) -> games."""
    rows, strata = [], []
    for n in counts:
        n1, a = tally[n, True, True] + tally[n, True, False], tally[n, True, True]
        n0, c = tally[n, False, True] + tally[n, False, False], tally[n, False, True]
        strata.append((a, n1, c, n0))
        rows.append({"players": n, **_rate_json(a, n1),
                     "without": _rate_json(c, n0),
                     "difference": a / n1 - c / n0 if n1 and n0 else None,
                     "difference_ci": list(newcombe(a, n1, c, n0)) if n1 and n0 else None})
    mh = mantel_haenszel(strata)
    a, n1 = sum(s[0] for s in strata), sum(s[1] for s in strata)
    c, n0 = sum(s[2] for s in strata), sum(s[3] for s in strata)
    return {"by_players": rows,
            "overall": {**_rate_json(a, n1), "without": _rate_json(c, n0),
                        "difference": None if mh is None else mh[0],
                        "difference_ci": None if mh is None else list(mh[1])}}


PAIR_MIN = 30       # a pair is listed when both were in play in this many games, and not in


class _Pairs:
    """Good's win rate for every pair of the script's characters in play together."""

    def __init__(self, script_chars: list[str]):
        self.order = {c: i for i, c in enumerate(script_chars)}
        self.t: Counter = Counter()         # (a, b, players, good won) -> games
        self.n: Counter = Counter()         # (players, good won) -> games
        self.single: Counter = Counter()    # char -> games in play

    def add(self, r: dict) -> None:
        n, good = r["players"], r["winner"] == "good"
        self.n[n, good] += 1
        cs = sorted({c for c in r["chars"] if c in self.order}, key=self.order.__getitem__)
        self.single.update(cs)
        t = self.t
        for i, a in enumerate(cs):
            for b in cs[i + 1:]:
                t[a, b, n, good] += 1

    def json(self, counts: list[int]) -> dict:
        from ..data import get as char_data
        both: dict[tuple[str, str], Counter] = {}
        for (a, b, n, good), k in self.t.items():
            both.setdefault((a, b), Counter())[n, True, good] = k
        rows = []
        for (a, b), tally in both.items():
            for n in counts:
                for good in (True, False):
                    tally[n, False, good] = self.n[n, good] - tally[n, True, good]
            block = _setup_block(counts, tally)
            o = block["overall"]
            if o["games"] < PAIR_MIN or o["without"]["games"] < PAIR_MIN \
                    or o["difference"] is None \
                    or o["games"] in (self.single[a], self.single[b]):
                continue        # (one in play whenever the other is: the other's own effect)
            rows.append({"pair": [a, b],
                         "names": [char_data(a).name, char_data(b).name],
                         "games": o["games"], "good_wins": o["good_wins"],
                         "good_win_rate": o["good_win_rate"], "good_win_ci": o["good_win_ci"],
                         "good_win_rate_without": o["without"]["good_win_rate"],
                         "difference": o["difference"], "difference_ci": o["difference_ci"]})
        rows.sort(key=lambda r: (-r["difference"], r["pair"]))
        return {"min_games": PAIR_MIN, "rows": rows}


def layout(spec_json: dict) -> tuple[int, int, int]:
    """(cells, main_total, the panel's cells) of the run's game indices (run.Spec)."""
    counts = spec_json["players"]
    sens = spec_json.get("sensitivity") or {"games": 0, "arms": []}
    cells = len(counts) * (len(spec_json["arms"]) + bool(spec_json.get("compare")))
    return cells, spec_json.get("games", 0) * cells, len(counts) * len(sens["arms"])


def summarise(spec_json: dict, records: Iterable[dict], script_chars: list[str],
              where: list[str] | None = None, variant_chars: list[str] | None = None) -> dict:
    """The summary of a run from its records in index order. `script_chars`: the script's
    characters (Travellers left out) for the characters table; `where`: setup expressions
    (`parse_where`); `variant_chars`: script B's, for an A/B run."""
    team = _teams()
    arms = [(a["good"], a["evil"]) for a in spec_json["arms"]]
    counts = spec_json["players"]
    sens = spec_json.get("sensitivity") or {"games": 0, "arms": []}
    n_arms = len(arms)
    cells, main_total, s_cells = layout(spec_json)
    compare = spec_json.get("compare")
    paired: dict[tuple[int, int, int], bool] = {}   # (arm, players, g) -> good won (panel)
    ab: dict[tuple[int, int, int], bool] = {}       # (0 A / 1 B, players, g) -> good won
    overall = _Tally()
    by_n = {n: _Tally() for n in counts}
    endings_n: dict[int, Counter] = {n: Counter() for n in counts}
    final3: Counter = Counter()
    days: Counter = Counter()
    endings: Counter = Counter()
    unseated: Counter = Counter()
    games = 0
    by_out: dict[int, _Tally] = {}
    effects = _Effects(counts, team)
    measures = _Measures(counts)
    effects_b = _Effects(counts, team)
    measures_b = _Measures(counts)
    unseated_b: Counter = Counter()
    wheres = [(w, *parse_where(w, script_chars)) for w in (where or [])]
    where_t: list[Counter] = [Counter() for _ in wheres]
    pairs = _Pairs(script_chars)
    impact: dict[str, dict[str, list[int]]] = {}
    arm_tally = [_Tally() for _ in arms]
    for r in records:
        if r["arm"] >= n_arms:                      # the sensitivity panel's games
            if "error" not in r:
                g = (r["i"] - main_total) // s_cells
                paired[r["arm"], r["players"], g] = r["winner"] == "good"
            continue
        if r.get("variant"):                        # script B's games (an A/B run)
            if "error" in r:
                unseated_b[r["error"]] += 1
                continue
            ab[1, r["players"], r["i"] // cells] = r["winner"] == "good"
            effects_b.add(r)
            measures_b.add(r)
            continue
        if "error" not in r:
            arm_tally[r["arm"]].add(r["winner"])
            if r["arm"] == 0 and (compare or sens["arms"]):
                g = r["i"] // cells
                if compare:
                    ab[0, r["players"], g] = r["winner"] == "good"
                if sens["arms"] and g < sens["games"]:
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
        by_out.setdefault(r["outsiders"], _Tally()).add(w)
        effects.add(r)
        if spec_json.get("baseline") is None:
            measures.add(r)
            pairs.add(r)
        if wheres:
            in_play = set(r["chars"])
            for k, (_, _, tree) in enumerate(wheres):
                where_t[k][n, where_holds(tree, in_play), w == "good"] += 1
        for c, metrics in r["impact"].items():
            d = impact.setdefault(c, {})
            for m, k in metrics.items():
                x = d.setdefault(m, [0, 0])
                x[0] += k
                x[1] += 1
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
    chars = effects.rows(script_chars)
    imp = {}
    for c in sorted(impact):
        n_in = effects.in_play.get(c, 0)
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
    if spec_json.get("baseline") is None:
        out["designer"] = measures.json()
        out["pairs"] = pairs.json(counts)
    if wheres:
        out["where"] = [{"expression": text, "characters": canon, **_setup_block(counts, t)}
                        for (text, canon, _), t in zip(wheres, where_t)]
    if len(arms) > 1:
        out["policy_table"] = [{**a, **{f: v for f, v in t.json().items()
                                        if f in ("games", "good_wins", "good_win_rate",
                                                 "good_win_ci")}}
                               for a, t in zip(spec_json["arms"], arm_tally)]
    if sens["arms"]:
        out["sensitivity"] = sensitivity(spec_json, sens, counts, paired)
    if compare:
        out["compare"] = compare_section(spec_json, counts, ab, chars,
                                         effects_b.rows(variant_chars or []),
                                         measures_b.json(), unseated_b)
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


def compare_section(spec_json: dict, counts: list[int], ab: dict[tuple[int, int, int], bool],
                    chars_a: list[dict], chars_b: list[dict], measures_b: dict,
                    unseated_b: Counter) -> dict:
    """Script B against A on the same seeds: good's win rate with each, per count and over
    all, the paired difference B - A (Agresti-Min), and the character effects side by side."""
    games = spec_json["games"]

    def block(ns: list[int]) -> dict:
        a = [ab[0, n, g] for n in ns for g in range(games) if (0, n, g) in ab]
        b = [ab[1, n, g] for n in ns for g in range(games) if (1, n, g) in ab]
        both = [(ab[0, n, g], ab[1, n, g]) for n in ns for g in range(games)
                if (0, n, g) in ab and (1, n, g) in ab]
        only_b = sum(1 for x, y in both if y and not x)
        only_a = sum(1 for x, y in both if x and not y)
        d, dci = paired_difference(only_b, only_a, len(both))
        return {"a": _rate_json(sum(a), len(a)), "b": _rate_json(sum(b), len(b)),
                "pairs": len(both), "good_only_in_a": only_a, "good_only_in_b": only_b,
                "difference": d if both else None,
                "difference_ci": list(dci) if both else None}

    cmp = spec_json["compare"]
    sa, sb = spec_json["script"], cmp["script"]
    ea = {c["id"]: c for c in chars_a}
    eb = {c["id"]: c for c in chars_b}

    def side(c: dict | None) -> dict | None:
        if c is None:
            return None
        return {f: c[f] for f in ("in_play", "in_play_rate", "team_win_rate", "fired_rate",
                                  "not_measured", "effect", "effect_ci")}
    ids = list(dict.fromkeys(list(ea) + list(eb)))
    return {"a": {"name": sa["name"], "characters": sa["characters"]},
            "b": {"name": sb["name"], "characters": sb["characters"],
                  "source": sb.get("source")},
            "swap": cmp.get("swap"),
            "removed": [c for c in sa["characters"] if c not in sb["characters"]],
            "added": [c for c in sb["characters"] if c not in sa["characters"]],
            "unseated_b": {"count": sum(unseated_b.values()),
                           "reasons": dict(sorted(unseated_b.items()))},
            "by_players": [{"players": n, **block([n])} for n in counts],
            "overall": block(list(counts)),
            "characters": [{"id": i, "name": (ea.get(i) or eb[i])["name"],
                            "team": (ea.get(i) or eb[i])["team"],
                            "a": side(ea.get(i)), "b": side(eb.get(i))} for i in ids],
            "designer": measures_b}
