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
