"""What the good bots read in the public record beyond claims: the table's evidence terms
for votes, nominations, a Demon's confession and a Minion's catch (`beliefs.Table` calls
these; each returns the log of a likelihood ratio per hypothesis, as numpy arrays over
`Table._matrix()`'s rows).

Each term compares what an evil player does with what a good player does in the same
spot, so a good player's own behaviour never says anything about them. The rates are the
evil bots' own, measured in their games (`tools/evil_rates.py --hands`, seeds below 50000,
kept in `clocktower/data/hands.json`; docs/bots.md, "Reading votes by the count").

**A hand** is read in its spot (`spot`): the phase (more than `ENDGAME` alive, or not),
where the count stood for this voter (the hands of the others against the votes the
nominee needed to be put to death: short of it even with this hand, carried by this hand,
or over it without), and the share of the others' hands (`Q_BINS` bins). Evil votes as a
good player reading the public record would, but its hand never carries its own Demon to
the execution bar (nor, mostly, a Minion), and it follows the public beliefs without a
good player's own doubts: so a hand withheld from a nominee who went over the bar anyway,
or raised for a nominee few others wanted, is what tells. A living voter's hand in a spot
weighs the measured evil share against the good share in that spot, by the nominee's kind
in the hypothesis (good, a teammate Minion, its Demon); the evil share is drawn towards
the good one by `PRIOR_HANDS` pseudo-votes, so a thin spot says little. A ghost vote is
spent only when it counts, by either side: not read. For a teammate giving itself up (a
self-nomination of a player who claims a Demon, `_sacrifice`), a hand always
(`CONFESS_HAND`).

An evil player nominates a teammate at the measured share `NOMINATE_TEAMMATE` (the table's
top suspect when it is a Minion, a catch), unless the
nominee's death may make the nominator the Demon (a Minion whose own rule code reacts to a
death, on the script: the Scarlet Woman), when the nominee was executed with five or more
alive and the game went on (a catch explains the nomination and the hand).

A player who claims a Demon or a Minion is evil (the structure's x0.02 for a good
claimant), and a Minion rather than the Demon: a Demon does not give itself up, a Minion
does to save it, and a Goblin claims itself when nominated (`CONFESSING_DEMON` for the
hypotheses in which the claimant is the Demon).
"""
from __future__ import annotations

from typing import Any

from .. import data as D

TEAMS = D.teams()
ENDGAME = 4             # this many alive or fewer: the last days (their own spots)
Q_BINS = 5              # bins of the share of the other voters' hands
PRIOR_HANDS = 20.0      # pseudo-votes drawing a spot's evil share towards the good one
KINDS = ("good", "minion", "demon")     # the nominee, for an evil voter
# Measured by `tools/evil_rates.py` (7 / 10 / 13 players, 500 games a count, seeds
# 40000-40499): the likelihood ratio of a nomination of an evil player by an evil
# nominator against a good nominator's (0.424 before the fifth session's evil nominating
# from its own seat's doubts; measured again on that play: 0.233, then 0.231).
NOMINATE_TEAMMATE = 0.233
# A teammate's hand for a Minion giving itself up for the Demon (`_sacrifice`): always.
CONFESS_HAND = 0.95
CONFESSING_DEMON = 0.1
# Hand rates are kept within these bounds (no vote is ever certain).
Q_MIN, Q_MAX = 0.03, 0.97

_CATCHERS: dict[tuple, bool] = {}


def catchers(script: list[str]) -> bool:
    """Whether the script has a Minion whose own rule reacts to a death (its class
    overrides the engine's `on_death` hook: the Scarlet Woman, who becomes the Demon)."""
    key = tuple(script)
    found = _CATCHERS.get(key)
    if found is None:
        from ..characters import REGISTRY
        from ..engine.ability import Ability
        found = False
        for c in script:
            cls = REGISTRY.get(c)
            if cls is not None and TEAMS.get(c) == "minion" \
                    and cls.on_death is not Ability.on_death:
                found = True
        _CATCHERS[key] = found
    return found


def bar(tallies: list[tuple[str, int, int]], threshold: int) -> int:
    """The votes the next nomination needs to put its nominee to death, after today's
    tallies (target, votes, threshold): its threshold, and one more than the most votes
    of a nominee already at or over their threshold (a tie puts nobody to death)."""
    top = max((v for _t, v, th in tallies if v >= th), default=0)
    return max(threshold, top + 1)


def spot(count: int, share: float, needed: int, n_living: int) -> str:
    """A hand's spot: "phase pivot q" with the phase "mid" or "end" (`ENDGAME` or fewer
    alive), the pivot where the count stood for this voter ("short": the others' votes
    `count` and this hand short of `needed`, the votes the nominee needed, `bar`; "carry":
    this hand puts the nominee there; "over": the others' votes did), and q the bin of
    `share`, the share of hands among the other voters who could."""
    phase = "end" if n_living <= ENDGAME else "mid"
    pivot = "carry" if count < needed <= count + 1 else \
        "over" if count >= needed else "short"
    q = min(max(int(share * Q_BINS), 0), Q_BINS - 1)
    return f"{phase} {pivot} {q}"


# The measured tables: clocktower/data/hands.json (Trouble Brewing's games: every script
# without a table of its own), and hands-SCRIPT.json for a script whose bots' hands were
# measured in its own games (since the seventh session: Regalia, The Return of Jafar), found
# by the script's characters (`characters` in the file): sheet -> (the hands' logs, the
# nominator's log-ratio for a teammate).
_HANDS: dict[frozenset, tuple[dict[tuple[str, str], tuple[float, float]], float]] = {}
_TABLES: list[tuple[frozenset, dict]] | None = None
_BY_SHEET: dict[int, tuple[Any, tuple[dict[tuple[str, str], tuple[float, float]], float]]] = {}
_POWERS: dict[frozenset, float | None] = {}


def _tables() -> list[tuple[frozenset, dict]]:
    """[(the script's characters, or an empty set for the default table, the file)]."""
    global _TABLES
    if _TABLES is None:
        import json
        from importlib import resources
        found: list[tuple[frozenset, dict]] = []
        folder = resources.files("clocktower.data")
        for f in sorted(folder.iterdir(), key=lambda x: x.name):
            name = f.name
            if name == "hands.json" or (name.startswith("hands-") and name.endswith(".json")):
                raw = json.loads(f.read_text())
                chars = frozenset(raw.get("characters") or ()) if name != "hands.json" \
                    else frozenset()
                found.append((chars, raw))
        _TABLES = found
    return _TABLES


def hand_table(sheet: tuple | list = ()) -> tuple[dict[tuple[str, str], tuple[float, float]],
                                                  float]:
    """The evil bots' measured rates for the script of characters `sheet`: ((nominee's
    kind, spot) -> (log of an evil voter's hand rate over a good voter's, the same for a
    hand not raised), the log of NOMINATE_TEAMMATE's ratio), from the script's own table
    (hands-SCRIPT.json) or the default one (clocktower/data/hands.json,
    `tools/evil_rates.py --hands`); a spot not measured reads as nothing."""
    by_id = _BY_SHEET.get(id(sheet))
    if by_id is not None and by_id[0] is sheet:
        return by_id[1]
    key = frozenset(sheet)
    found = _HANDS.get(key)
    if found is None:
        found = _HANDS[key] = _hand_table(key)
    if len(_BY_SHEET) > 64:
        _BY_SHEET.clear()
    _BY_SHEET[id(sheet)] = (sheet, found)
    return found


def _hand_table(key: frozenset) -> tuple[dict[tuple[str, str], tuple[float, float]], float]:
    """`hand_table` for the script of characters `key`, computed."""
    from math import log
    tables = _tables()
    raw = next((r for chars, r in tables if chars and chars == key), None) \
        or next(r for chars, r in tables if not chars)
    out = {}
    for spot_key, by in raw["spots"].items():
        up, n = by.get("good voter", (0, 0))
        pg = min(max((up + 1) / (n + 2), Q_MIN), Q_MAX)
        for kind in KINDS:
            up, n = by.get("evil voter, " + kind + " nominee", (0, 0))
            pe = min(max((up + PRIOR_HANDS * pg) / (n + PRIOR_HANDS), Q_MIN), Q_MAX)
            out[(kind, spot_key)] = (log(pe / pg), log((1.0 - pe) / (1.0 - pg)))
    mate = raw.get("nominate_teammate")
    return out, log(float(mate) if isinstance(mate, (int, float)) and mate > 0
                    else NOMINATE_TEAMMATE)


def hand_power(sheet: tuple | list = ()) -> float | None:
    """The power at which a nomination's evidence is counted on the script of `sheet`, as
    fitted in its own games (`vote_power` in its hands-SCRIPT.json, written by
    `tools/vote_power.py`: the power that minimises the log loss of the good bots' Demon
    chances; a nomination's hands are not independent, every voter reading the same public
    record), or None for a script without one (the beliefs' `VOTE_WEIGHT` then)."""
    key = frozenset(sheet)
    if key in _POWERS:
        return _POWERS[key]
    raw = next((r for chars, r in _tables() if chars and chars == key), None)
    power = raw.get("vote_power") if raw is not None else None
    found = float(power) if isinstance(power, (int, float)) and power > 0 else None
    _POWERS[key] = found
    return found


def hand_logs(sheet: tuple | list = ()) -> dict[tuple[str, str], tuple[float, float]]:
    """(nominee's kind, spot) -> the hands' log-ratios for the script of `sheet` (the
    default table's for any script without its own: `hand_table`)."""
    return hand_table(sheet)[0]


def _hand_terms(table, i: int) -> tuple[int, int, dict[str, tuple[float, float]]]:
    """Nomination `i`'s living voters and living voters who did not raise a hand (seat
    masks) and, by the nominee's kind, the log-ratios of a raised hand and of a hand not
    raised in their spots (`spot`)."""
    _by, _target, voters, could = table.noms[i]
    needed, votes, living, confessing = table.nom_ctx[i]
    n_living = living.bit_count()
    k = could.bit_count() - 1
    up = voters.bit_count()
    logs = hand_logs(table.sheet)
    raised = spot(votes - 1, (up - 1) / k if k > 0 else 0.5, needed, n_living)
    kept = spot(votes, up / k if k > 0 else 0.5, needed, n_living)
    terms = {}
    for kind in KINDS:
        lh = logs.get((kind, raised), (0.0, 0.0))[0]
        ln = logs.get((kind, kept), (0.0, 0.0))[1]
        if kind == "minion" and confessing:
            # A teammate's hand for the sacrifice, against the nomination's share; a hand
            # not raised is not read (before the spots it was, at 1 - CONFESS_HAND).
            from math import log
            lh, ln = log(CONFESS_HAND / min(max(up / max(k + 1, 1), Q_MIN), Q_MAX)), 0.0
        terms[kind] = (lh, ln)
    return voters & living, could & living & ~voters, terms


def vote_log(table, i: int, evil: Any, demon: Any) -> Any:
    """The log-likelihood ratio of nomination `i` (`table.noms[i]`, its context in
    `table.nom_ctx[i]`) in every hypothesis: its living voters' hands in their spots, by
    the nominee's kind, and its nominator."""
    import numpy as np
    by, target, _voters, could = table.noms[i]
    seat = table.seat
    t = seat[target]
    logw = np.zeros(len(demon))
    if could.bit_count() > 1:
        up, down, terms = _hand_terms(table, i)
        k1 = evil @ table._vec(up)
        k0 = evil @ table._vec(down)
        is_demon = (demon == t).astype(float)
        is_minion = evil[:, t] - is_demon
        for kind, m in (("good", 1.0 - evil[:, t]), ("minion", is_minion),
                        ("demon", is_demon)):
            lh, ln = terms[kind]
            logw += m * (k1 * lh + k0 * ln)
    if by in seat and by != target:
        logw += evil[:, seat[by]] * evil[:, t] * hand_table(table.sheet)[1]
    return logw


def catch_log(table, i: int, evil: Any, demon: Any) -> Any:
    """The correction for nomination `i` whose nominee was executed with five or more alive
    and the game went on, on a script with a catcher: in the hypotheses where the nominee
    was evil (the Demon then) and the nominator or a voter is the Demon now, the nomination
    and the hand were the catch, not a teammate's rare slip (`vote_log`'s terms for that
    seat taken back)."""
    import numpy as np
    by, target, _voters, could = table.noms[i]
    seat = table.seat
    t = seat[target]
    logw = np.zeros(len(demon))
    mate = evil[:, t]
    bit_of_demon = np.left_shift(1, demon)
    if by in seat and by != target:
        logw -= mate * (demon == seat[by]) * hand_table(table.sheet)[1]
    if could.bit_count() > 1:
        up, _down, terms = _hand_terms(table, i)
        voted = (np.bitwise_and(bit_of_demon, up) != 0).astype(float)
        # The catcher's hand: as likely as anyone's (the term it had taken back).
        logw -= mate * voted * terms["minion"][0]
    return logw


def confessions(table, evil: Any, demon: Any) -> Any | None:
    """Hypotheses in which a player who claims an evil character (now) is the Demon: x
    CONFESSING_DEMON (a Minion gives itself up for its Demon claiming the Demon, a Goblin
    claims the Goblin; a Demon does neither)."""
    import numpy as np
    out = None
    for who, cid in table.claims.items():
        if TEAMS.get(cid) not in ("demon", "minion") or who not in table.seat \
                or who in table.travellers:
            continue
        if out is None:
            out = np.zeros(len(demon))
        out += (demon == table.seat[who]) * np.log(CONFESSING_DEMON)
    return out
