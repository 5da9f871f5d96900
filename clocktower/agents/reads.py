"""What the good bots read in the public record beyond claims: the table's evidence terms
for votes, nominations, a Demon's confession and a Minion's catch (`beliefs.Table` calls
these; each returns the log of a likelihood ratio per hypothesis, as numpy arrays over
`Table._matrix()`'s rows).

Each term compares what an evil player does with what a good player does in the same
spot, so a good player's own behaviour never says anything about them. The rates are the
evil bots' own (`reasoning._evil_vote`, `_sacrifice`, the Scarlet Woman's catch), measured
in their games (docs/bots.md, "Reading evil's plays"): evil votes as a good player reading
the public record would, except

* **for its own Demon** less often than the table (its hand never carries the vote to the
  execution bar): `DEMON_SHIFT` on the log-odds of a hand against the vote's share;
* **for a teammate Minion** about as often as the table (a little more: it buses a Minion
  the vote puts to death anyway): `MINION_SHIFT`;
* **while a teammate is about to die** (today's tallies), for a good nominee at the
  measured share `SAVE_HAND` (since the fourth session's evil play, as a good player
  would: no longer a hand for any good nominee);
* **with few alive** (`ENDGAME` or fewer) for any good nominee (`ENDGAME_HAND`);
* **for a teammate giving itself up** (a self-nomination of a player who claims a Demon,
  `_sacrifice`) always (`CONFESS_HAND`);
* and otherwise for a good nominee a little more often than the table (`GOOD_SHIFT`).

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
# Measured by `tools/evil_rates.py --players 10 --games 300` (seeds 9000-9299) on the evil
# bots' play of the fourth session, whose hands on teammates follow a good player's
# (docs/bots.md, "Evil votes as good votes"): re-measure after a change to evil's play.
GOOD_SHIFT = 0.69
DEMON_SHIFT = -1.86
MINION_SHIFT = 0.25
SAVE_HAND = 0.45
ENDGAME_HAND = 0.69
ENDGAME = 4
NOMINATE_TEAMMATE = 0.376
# A teammate's hand for a Minion giving itself up for the Demon (`_sacrifice`): always.
CONFESS_HAND = 0.95
CONFESSING_DEMON = 0.1
# Hand rates are kept within these bounds (no vote is ever certain).
Q_MIN, Q_MAX = 0.05, 0.95

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


def doomed(tallies: list[tuple[str, int, int]]) -> str | None:
    """The nominee about to die from today's tallies (target, votes, threshold): the
    engine's rule (the most votes at or over the threshold, no tie)."""
    best, top, tie = None, 0, False
    for target, votes, threshold in tallies:
        if votes >= threshold:
            if votes > top:
                best, top, tie = target, votes, False
            elif votes == top:
                tie = True
    return None if tie else best


def _logit(p: float) -> float:
    from math import log
    return log(p / (1.0 - p))


def _sig(x: Any) -> Any:
    import numpy as np
    return 1.0 / (1.0 + np.exp(-x))


def vote_log(table, i: int, evil: Any, demon: Any) -> Any:
    """The log-likelihood ratio of nomination `i` (`table.noms[i]`, its context in
    `table.nom_ctx[i]`) in every hypothesis: its voters' hands and its nominator."""
    import numpy as np
    by, target, voters, could = table.noms[i]
    about, n_living, confessing = table.nom_ctx[i]
    seat = table.seat
    t = seat[target]
    logw = np.zeros(len(demon))
    k_all = could.bit_count()
    if k_all:
        q = min(max(voters.bit_count() / k_all, 0.1), 0.9)
        lq = _logit(q)
        is_demon = (demon == t).astype(float)
        is_minion = evil[:, t] - is_demon
        good = 1.0 - evil[:, t]
        if n_living <= ENDGAME:
            p_good = np.full(len(demon), ENDGAME_HAND)
        else:
            p_good = np.full(len(demon), float(_sig(lq + GOOD_SHIFT)))
            if about is not None and about != target and about in seat:
                save = evil[:, seat[about]]
                p_good = p_good * (1.0 - save) + SAVE_HAND * save
        p_mate = CONFESS_HAND if confessing else float(_sig(lq + MINION_SHIFT))
        p = good * p_good + is_minion * p_mate + is_demon * float(_sig(lq + DEMON_SHIFT))
        p = np.clip(p, Q_MIN, Q_MAX)
        k1 = evil @ table._vec(voters)
        k0 = evil @ table._vec(could & ~voters)
        logw += k1 * (np.log(p) - np.log(q)) + k0 * (np.log(1.0 - p) - np.log(1.0 - q))
    if by in seat and by != target:
        logw += evil[:, seat[by]] * evil[:, t] * np.log(NOMINATE_TEAMMATE)
    return logw


def catch_log(table, i: int, evil: Any, demon: Any) -> Any:
    """The correction for nomination `i` whose nominee was executed with five or more alive
    and the game went on, on a script with a catcher: in the hypotheses where the nominee
    was evil (the Demon then) and the nominator or a voter is the Demon now, the nomination
    and the hand were the catch, not a teammate's rare slip (`vote_log`'s terms for that
    seat taken back)."""
    import numpy as np
    by, target, voters, could = table.noms[i]
    seat = table.seat
    t = seat[target]
    logw = np.zeros(len(demon))
    mate = evil[:, t]
    bit_of_demon = np.left_shift(1, demon)
    if by in seat and by != target:
        logw -= mate * (demon == seat[by]) * np.log(NOMINATE_TEAMMATE)
    k_all = could.bit_count()
    if k_all:
        q = min(max(voters.bit_count() / k_all, 0.1), 0.9)
        p = min(max(float(_sig(_logit(q) + MINION_SHIFT)), Q_MIN), Q_MAX)
        voted = (np.bitwise_and(bit_of_demon, voters) != 0).astype(float)
        # The catcher's hand: as likely as anyone's (the term it had taken back).
        logw -= mate * voted * (np.log(p) - np.log(q))
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
