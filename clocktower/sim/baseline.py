"""The zero-information baseline (`clocktower simulate --baseline random-execution`).

A small model of its own, not the engine: what good wins with no information at all.

- No abilities. One Demon, the setup table's Minion count for the player count, everyone
  else good (Townsfolk and Outsiders alike).
- No kill on night 1.
- Each day one living player, chosen uniformly at random (the Demon and the Minions
  included), is executed, except that with exactly four alive nobody is (the usual advice:
  executing at four leaves three, and the Demon's kill then ends the game).
- Each night the Demon kills one living good player (never a Minion, never itself).
- Good wins when the Demon is executed. Evil wins when fewer than three players are alive
  or no good player is left.

RossFW's BotC_Probability published good's win rate under these rules: 54, 51, 59, 49, 59,
54, 59, 53, 62 % at 7-15 players (`PUBLISHED`). `exact(n)` is the model's probability
computed exactly (a recursion over the living Minions and good players), `play(n, rng)`
one simulated game; tests/test_sim_baseline.py checks that both reproduce the table.
"""
from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache

from ..data import player_counts
from ..engine.rand import randbelow

NAME = "random-execution"
PUBLISHED = {7: 0.54, 8: 0.51, 9: 0.59, 10: 0.49, 11: 0.59, 12: 0.54, 13: 0.59, 14: 0.53,
             15: 0.62}
SOURCE = "RossFW, BotC_Probability (GitHub): good's win rate with random executions"


def minions(n: int) -> int:
    return player_counts(n)["minion"]


def play(n: int, rng: random.Random) -> dict:
    """One game at `n` players: winner, code, days, whether a day began with three alive."""
    m, g = minions(n), n - 1 - minions(n)
    days = 0
    final3 = False
    while True:
        days += 1                                   # night 1 has no kill: a day comes first
        alive = 1 + m + g
        if alive == 3:
            final3 = True
        if alive != 4:
            r = randbelow(rng, alive)               # 0: the Demon; then Minions; then good
            if r == 0:
                return {"winner": "good", "code": "demon_executed", "days": days,
                        "final3": final3}
            if r <= m:
                m -= 1
            else:
                g -= 1
            if 1 + m + g < 3:
                return {"winner": "evil", "code": "two_alive", "days": days, "final3": final3}
            if g == 0:
                return {"winner": "evil", "code": "no_good_left", "days": days,
                        "final3": final3}
        g -= 1                                      # the night: the Demon kills a good player
        if 1 + m + g < 3:
            return {"winner": "evil", "code": "two_alive", "days": days, "final3": final3}
        if g == 0:
            return {"winner": "evil", "code": "no_good_left", "days": days, "final3": final3}


@lru_cache(maxsize=None)
def _day(m: int, g: int) -> Fraction:
    """P(good wins) at the start of a day with the Demon, m Minions and g good alive."""
    alive = 1 + m + g
    if alive != 4:
        p = Fraction(1, alive)
        if m:
            p += Fraction(m, alive) * _after_day(m - 1, g)
        if g:
            p += Fraction(g, alive) * _after_day(m, g - 1)
        return p
    return _after_day(m, g)


def _after_day(m: int, g: int) -> Fraction:
    if 1 + m + g < 3 or g == 0:
        return Fraction(0)
    g -= 1                                          # the night's kill
    if 1 + m + g < 3 or g == 0:
        return Fraction(0)
    return _day(m, g)


def exact(n: int) -> float:
    """The model's exact probability that good wins at `n` players."""
    m = minions(n)
    return float(_day(m, n - 1 - m))
