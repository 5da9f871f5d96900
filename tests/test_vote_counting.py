"""The good bots' vote counting and aim, measured in the eighth session and left off
(agents/reasoning.py `HOLD_NEAR`, `GHOST_CARRY`, `MINION_AIM` / `EVIL_AIMS`; docs/bots.md
"Regalia's executions (eighth session)"): each does what it says when switched on, on
constructed views and tables; off, the bot reads as before."""
from __future__ import annotations

import pytest

from clocktower.agents import reasoning as R

from beliefs_table import add_public, day_one_table

REGALIA = {"Ann": "steward", "Bob": "librarian", "Cat": "monk", "Dan": "soldier",
           "Eve": "fortuneteller", "Fay": "undertaker", "Gus": "slayer"}
NAMES = list(REGALIA)


class _View:
    """A day's public state, as much as the vote's helpers read."""

    def __init__(self, dead=(), nominees=(), nominators=(), hands_up=(), nominations=(),
                 ghosts=()):
        self.players = list(NAMES)
        self.dead = set(dead)
        self.nominees = frozenset(nominees)
        self.nominators = frozenset(nominators)
        self.hands_up = list(hands_up)
        self.nominations = list(nominations)
        self.ghosts = set(ghosts)

    @property
    def living(self):
        return [n for n in self.players if n not in self.dead]

    def alive(self, n):
        return n not in self.dead

    def ghost_vote(self, n):
        return n in self.ghosts


def _bot(name="Ann"):
    return R.ReasoningBot(1, name)


def test_a_hand_is_held_for_a_likelier_player_still_to_be_nominated():
    """Bob is nominated at 0.2; Cat, not nominated today, is at 0.4: with HOLD_NEAR 0.8 Ann
    keeps her hand down (0.4 > 0.2 / 0.8) while someone may still nominate Cat; not once
    Cat was nominated, nor when Cat is only a little likelier, nor when everyone living
    has nominated."""
    bot = _bot()
    p = {"Bob": 0.2, "Cat": 0.4, "Dan": 0.1}
    view = _View(nominees=["Bob"], nominators=["Gus"])
    with pytest.MonkeyPatch.context() as m:
        m.setattr(R, "HOLD_NEAR", 0.8)
        assert bot._held(view, p, "Bob", 0.2)
        assert not bot._held(_View(nominees=["Bob", "Cat"], nominators=["Gus", "Eve"]), p,
                             "Bob", 0.2)
        assert not bot._held(view, {"Bob": 0.2, "Cat": 0.24}, "Bob", 0.2)
        everyone = _View(nominees=["Bob"], nominators=[n for n in NAMES if n != "Ann"])
        assert not bot._held(everyone, p, "Bob", 0.2)


def test_a_ghost_vote_is_spent_when_it_carries_the_likeliest_demon():
    """Ann is dead with her ghost vote; Bob is nominated, her likeliest Demon at 0.5, with
    GHOST_CARRY 0.4. Seven players, six alive: the bar is 3. The vote starts at Bob's left
    (Cat) and Ann votes after the five living before her, Bob last: two hands up, hers
    carries the vote (with Bob's expected at the share so far, 0.4, short without it), so
    she spends it; with three up it is not needed, with none it does not carry, and below
    GHOST_CARRY, for a nominee who is not her likeliest, or with her ghost vote spent, she
    keeps it."""
    bot = _bot("Ann")
    t = day_one_table("regalia", REGALIA)      # (not read: typed for the compiled build)
    with pytest.MonkeyPatch.context() as m:
        m.setattr(R, "GHOST_CARRY", 0.4)
        two = _View(dead=["Ann"], ghosts=["Ann"], hands_up=["Cat", "Dan"])
        assert bot._ghost_carries(two, t, "Bob", 0.5, 0.5)
        three = _View(dead=["Ann"], ghosts=["Ann"], hands_up=["Cat", "Dan", "Eve"])
        assert not bot._ghost_carries(three, t, "Bob", 0.5, 0.5)
        none = _View(dead=["Ann"], ghosts=["Ann"], hands_up=[])
        assert not bot._ghost_carries(none, t, "Bob", 0.5, 0.5)
        assert not bot._ghost_carries(two, t, "Bob", 0.3, 0.3)
        assert not bot._ghost_carries(two, t, "Bob", 0.5, 0.6)
        spent = _View(dead=["Ann"], hands_up=["Cat", "Dan"])
        assert not bot._ghost_carries(spent, t, "Bob", 0.5, 0.5)


class _Seat:
    """A good player's view of the table for the aim: alignment and nothing read yet."""
    alignment = "good"
    character = "steward"
    claims: dict = {}


def _aim_table():
    t = day_one_table("regalia", REGALIA)
    add_public(t, type="claim", player="Eve", character="fortuneteller", night=1,
               info={"yes": True}, chose=["Bob", "Cat"])
    return t


def test_the_aim_adds_a_share_of_the_minion_chance():
    """With MINION_AIM w a good bot's aim is its Demon chance d plus w (e - d), e its evil
    chance; off, its Demon chance; an evil bot's aim from its seat (`good_aim`) follows it
    with EVIL_AIMS and not without."""
    t = _aim_table()
    bot = _bot("Ann")
    view = _Seat()
    d = t.target_chances("Ann")
    e = t.evil_chances("Ann")
    assert bot._aim(view, t) == d
    assert R.good_aim(t, "Ann") == t.demon_chances("Ann")
    with pytest.MonkeyPatch.context() as m:
        m.setattr(R, "MINION_AIM", 0.3)
        aim = bot._aim(view, t)
        for n in NAMES:
            assert aim[n] == pytest.approx(d[n] + 0.3 * max(e[n] - d[n], 0.0))
        assert any(aim[n] > d[n] + 0.01 for n in NAMES)
        assert bot._belief(view, t) == d            # the Slayer's shot keeps the Demon's
        seat = R.good_aim(t, "Ann")
        assert seat == pytest.approx(aim)
        m.setattr(R, "EVIL_AIMS", False)
        assert R.good_aim(t, "Ann") == t.demon_chances("Ann")


def test_a_risky_nominee_is_guarded_by_the_demon_chance_whatever_the_aim():
    """A nominee whose execution may lose (here Bob, who claimed the Goblin today) needs
    SURE_RISKY on the Demon chance: the aim's Minion share does not lift a likely Minion
    over it; Cat, who claimed nothing of the kind, may be executed at the same aim."""
    t = _aim_table()
    bot = _bot("Ann")
    view = _Seat()
    view.claims = {"Bob": "goblin"}
    with pytest.MonkeyPatch.context() as m:
        m.setattr(R, "MINION_AIM", 0.9)
        assert bot._belief(view, t)["Bob"] < R.SURE_RISKY
        assert not bot._may_execute(view, t, "Bob", 0.99)
        assert bot._may_execute(view, t, "Cat", 0.99)
