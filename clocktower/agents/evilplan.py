"""The evil team's framing plan, shared with no word exchanged.

An evil bot that invents information frames good players as its team (`Table.invent`: the
bluff's own `truths` in the world where the framed players are the Demon and its Minions).
A frame works only if the framed world agrees with what the good players have said: an
Empath who sits beside the framed Demon and said 0 refutes it, and a claim that frames a
refuted team shows its claimant lying. So from day 2 the team frames the evil team the
public record finds likeliest among the teams with none of its members (the public
posterior's best hypothesis without a teammate): the world the town already half
believes, where every good claim so far is true.

Every member must frame the same players, and the members speak at different moments of a
day. So the fake team is read from the public record as it stood when the day began (the
`day` event): the same prefix of the record for every member, hence the same answer. The
game's shared public table (`beliefs.table_for`) reads each public event once, in order;
whichever reasoning bot feeds it the `day` event takes the snapshot
(`ReasoningBot._read` calls `on_day`) for every evil team that registered with the table
(`register`: an evil bot, once it knows its team). On day 1 nothing has been said: the
plan's seeded frames stand (`ReasoningBot._plan`), unless the team frames from night 1
(`reasoning.FRAME_DAY1`): then `night_one` draws its fake team privately.

Night 1 (`night_one`): a frame the good players' claims refute shows its claimant lying
(the seeded frame of before was refuted by the first good claim that read it), and a team
that frames nobody says 0, "no", nothing, which reads as evil. So when the team's first
member invents its night-1 information, the team draws its fake team from the public
posterior as it stands then (the teams with none of its members, the FRAME_RANKS likeliest,
each with its weight): a team the good claims said so far agree with, drawn with a
generator seeded from the game's seed and the team (what every member knows), recorded for
the day so every member frames the same one. The team knows which claimants are good
(everyone outside it), so a team whose world a good player's night-1 claim makes false is
all but left out (`beliefs.FRAME_MISS`, `Table.night_one_frames`), and with
`reasoning.FRAME_WAIT` a member that speaks before the town has spoken says its character
then and its night-1 information later, so the draw comes after the good players' claims:
a frame none of them refutes. The good players cannot compute the draw, only the
distribution it comes from: they read the team's night-1 claims together as that mixture
(`beliefs.Table._joint`; each claim on its own with `beliefs.JOINT` off: `_mixture`).
"""
from __future__ import annotations

from typing import Any

from ..engine.rand import seeded

# id(table) -> (table, {team mask: {day: (Demon, Minions...) or ()}})
_PLANS: dict[int, tuple[Any, dict[int, dict[int, tuple[str, ...]]]]] = {}


def register(table, team: set[str]) -> None:
    """An evil team (its members' names) that wants the day's fake team of `table`."""
    mask = 0
    for n in team:
        mask |= table.bit.get(n, 0)
    if not mask:
        return
    found = _PLANS.get(id(table))
    if found is None or found[0] is not table:
        if len(_PLANS) > 64:
            for k in list(_PLANS)[:32]:
                del _PLANS[k]
        found = _PLANS[id(table)] = (table, {})
    found[1].setdefault(mask, {})


def on_day(table, day: int) -> None:
    """The `day` event of `day` was just read by `table`: record, for each registered team,
    the likeliest evil team of the public record without any of its members."""
    found = _PLANS.get(id(table))
    if found is None or found[0] is not table or day < 2:
        return
    teams = found[1]
    post = table.posterior()
    names = table.players
    for mask, days in teams.items():
        best, best_w = None, 0.0
        for dseat, seats, hmask, w in post:
            if hmask & mask or w <= best_w:
                continue
            best, best_w = (dseat, seats), w
        if best is None:
            days[day] = ()
            continue
        dseat, seats = best
        days[day] = (names[dseat],) + tuple(names[i] for i in seats if i != dseat)


def fake_team(table, team: set[str], day: int) -> tuple[str, ...] | None:
    """(the framed Demon, the framed Minions) for `team` on `day`, as of the day's start; None
    when not recorded (day 1, or the team registered after the day began), () when no
    team without a member is possible."""
    found = _PLANS.get(id(table))
    if found is None or found[0] is not table:
        return None
    mask = 0
    for n in team:
        mask |= table.bit.get(n, 0)
    return found[1].get(mask, {}).get(day)


def night_one(table, team: set[str], key: str) -> tuple[str, ...]:
    """(the framed Demon, the framed Minions) of `team` for night 1: drawn, when a member
    first asks, from the public posterior as it stands (the FRAME_RANKS likeliest teams
    with none of its members, by weight, those the good players' claims so far refute
    all but left out: `Table.night_one_frames`) with a generator seeded by `key` (the
    game's seed and the team: the same for every member); then the same for the rest of
    the day. () when no such team is possible."""
    register(table, team)
    found = _PLANS.get(id(table))
    mask = 0
    for n in team:
        mask |= table.bit.get(n, 0)
    if found is None or found[0] is not table or not mask:
        return ()
    days = found[1].setdefault(mask, {})
    kept = days.get(1)
    if kept is not None:
        return kept
    names = table.players
    # The FRAME_RANKS likeliest teams without a member, those the good players' claims
    # refute all but left out (`Table.night_one_frames`: the team knows its own claims).
    idx, weights = table.night_one_frames(mask)
    hyps = table.hypotheses()
    out: tuple[str, ...] = ()
    if idx:
        total = sum(weights)
        r = seeded(key).random() * total
        pick = idx[-1]
        for hi, w in zip(idx, weights):
            r -= w
            if r < 0.0:
                pick = hi
                break
        dseat, seats = hyps[pick][3], hyps[pick][4]
        out = (names[dseat],) + tuple(names[i] for i in seats if i != dseat)
    days[1] = out
    return out
