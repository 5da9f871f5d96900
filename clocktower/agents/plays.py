"""Per-character plays of the reasoning bots: what a bot does because of one character, as
one small function keyed by the character's id. Adding a character's play is adding one
entry here; the bots (`reasoning.py`) look the character up and fall back to their general
play when it has none.

* `PRETENDS`: an evil bot that claims a character whose day ability it does not hold
  pretends to use it (`Game.pretend_uses` lists the uses the claimed character's own rule
  code offers; the table sees a use that did nothing). `play(bot, view, table, uses)` ->
  one of `uses`, or None for not now. A bluffed character with an entry here is one an evil
  bot likes to claim when nobody has (`pretend_bluffs`).
"""
from __future__ import annotations

from typing import Any, Callable

from ..engine.rand import randrange

Play = Callable[[Any, Any, Any, list[dict]], "dict | None"]

# The chance an evil bot pretends its claimed Slayer's shot on day 1, on day 2; from day 3
# it does in any case (a good Slayer bot shoots by its belief, mostly on days 1-3).
PRETEND_DAY1 = 0.4
PRETEND_DAY2 = 0.6


def _slayer(bot, view, table, uses: list[dict]) -> dict | None:
    """A pretended Slayer's shot (once): a Minion shoots its Demon (nothing happens, so the
    table believes the Demon is not the Demon unless it doubts the shooter); a Demon shoots
    the good player the table suspects least (a shot that clears nobody who mattered)."""
    if "slayer" in bot.pretended:
        return None
    day = view.day
    r = bot.rng.random()
    if (day == 1 and r >= PRETEND_DAY1) or (day == 2 and r >= PRETEND_DAY2):
        return None
    by_target = {u.get("target"): u for u in uses}
    team = bot._teammates(view)
    demons = [d for d in sorted(bot.demons, key=table.seat.__getitem__)
              if d != bot.name and view.alive(d) and d in by_target]
    if demons:
        return by_target[demons[0]]
    p = table.public_demon(fresh=False)
    good = [n for n in view.living if n not in team and n in by_target]
    if not good:
        return None
    least = min(p.get(n, 0.0) for n in good)
    pool = [n for n in good if p.get(n, 0.0) <= least + 1e-9]
    return by_target[pool[randrange(bot.rng, len(pool))]]


PRETENDS: dict[str, Play] = {
    "slayer": _slayer,
}


def pretend_bluffs() -> frozenset[str]:
    """Characters an evil bot would rather bluff, when nobody claimed them: it has a play
    pretending their day ability."""
    return frozenset(PRETENDS)


# ---- a bot's own day abilities ---------------------------------------------------------------
# `USES`: character -> (bot, view, table, uses) -> one of `uses` (the bot's own ability's
# listed uses) or None; a character without an entry is used by the general rule
# (`ReasoningBot._day_use`: a targeted use at the top suspect).

# The Alsaahir guesses the evil team it believes likeliest when at least this sure of it,
# from day 3 at ALSAAHIR_LATER, and with four alive or fewer in any case.
ALSAAHIR_SURE = 0.5
ALSAAHIR_LATER = 0.3


def _alsaahir(bot, view, table, uses: list[dict]) -> dict | None:
    """Guess the whole evil team (good wins if right) when the belief is sure enough of
    one team: the likeliest hypothesis of the bot's belief, among the offered guesses."""
    if bot._evil(view):
        return None
    best = table.likeliest_team(bot.name)
    if best is None:
        return None
    (demon, minions), chance = best
    late = view.day >= 3 and chance >= ALSAAHIR_LATER
    if chance < ALSAAHIR_SURE and not late and len(view.living) > 4:
        return None
    want = {"minions": sorted(minions), "demons": [demon]}
    for u in uses:
        if sorted(u.get("minions", ())) == want["minions"] and u.get("demons") == [demon]:
            return u
    return None


# A good Cult Leader calls its cult when the chance that any of its living neighbours is
# evil (whose alignment it takes) is at most this, by its belief.
CULT_SAFE = 0.25


def _cultleader(bot, view, table, uses: list[dict]) -> dict | None:
    """Form a cult (every good player joining wins for the Cult Leader's team): an evil
    Cult Leader (told so at night) every day; a good one when its neighbours, whose
    alignment it takes, are probably good (the good bots then join)."""
    if not uses:
        return None
    mine = [info.get("alignment") for _n, ab, info, _c in bot.learned
            if ab == "cultleader" and "alignment" in info]
    evil_now = (mine[-1] == "evil") if mine else bot._evil(view)
    if evil_now:
        return uses[0]
    if view.day < 2:
        return None
    if cult_risk(bot, view, table, bot.name) <= CULT_SAFE:
        return uses[0]
    return None


def cult_risk(bot, view, table, leader: str) -> float:
    """The chance, by `bot`'s belief, that the Cult Leader `leader` or a living neighbour
    of theirs is evil (its alignment follows theirs at night)."""
    e = table.evil_chances(bot.name)
    names = [leader] + [n for n in _alive_neighbours(view, table, leader) if n != bot.name]
    ok = 1.0
    for n in names:
        if n != bot.name:
            ok *= 1.0 - e.get(n, 0.0)
    return 1.0 - ok


def _alive_neighbours(view, table, name: str) -> list[str]:
    seats = [n for n in table.players]
    i = table.seat[name]
    out = []
    for step in (-1, 1):
        for k in range(1, len(seats)):
            q = seats[(i + step * k) % len(seats)]
            if q != name and view.alive(q):
                out.append(q)
                break
    return out


USES: dict[str, Play] = {
    "alsaahir": _alsaahir,
    "cultleader": _cultleader,
}


# ---- votes an ability asks for ------------------------------------------------------------
# `VOTES`: a vote's context key -> (bot, view, table, context) -> the hand. Votes on a
# nomination (and exiles) are the general rule's.

def _cult(bot, view, table, context: dict) -> bool:
    """Join a cult: an evil bot when its teammate leads it (evil wins) and never otherwise;
    a good bot when the leader is probably good (its team's win), by its belief."""
    leader = context.get("cult")
    if not isinstance(leader, str) or leader not in table.seat:
        return False
    if bot._evil(view):
        return leader in bot._teammates(view)
    return cult_risk(bot, view, table, leader) <= CULT_SAFE


VOTES: dict[str, Callable[[Any, Any, Any, dict], bool]] = {
    "cult": _cult,
}


# ---- characters that change the ending ---------------------------------------------------
# Characters whose ability swaps the winner of every ending for everyone (the Heretic:
# "Whoever wins, loses & whoever loses, wins"): with one claimed by a player believed good,
# each team's bots play for the other's ending (`ReasoningBot._flipped`).
FLIPPERS: frozenset[str] = frozenset({"heretic"})

# Good characters whose team wins when only three live and nobody is executed that day (the
# Mayor): good bots let nobody die then if they trust the claimant (`_peace_wins`).
PEACEMAKERS: frozenset[str] = frozenset({"mayor"})
