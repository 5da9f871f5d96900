"""Evil's night against what the town reads (eighth session, docs/bots.md "Evil's night
against the better reading (eighth session)"): the Demon's kill read against what the
town learns from the death (`reasoning.KILL_READ`), and the Poisoner's choice by what the
poison stops (`reasoning.POISON_STOPS`, `reasoning._stops`, the chooser's threat in
`_threats`). Both on constructed tables, each switch set by the test.
"""
import pytest

from clocktower.agents import reasoning as R
from clocktower.agents.reasoning import ReasoningBot, _stops

from beliefs_table import add_public, day_one_table, public_table


@pytest.fixture
def switch(monkeypatch):
    def set_(name, value):
        monkeypatch.setattr(R, name, value)
    return set_


# Ann is the Demon (a washerwoman bluff). Bob the Empath sits between Ann and Cat and says
# one of them is evil; Gus the Fortune Teller chose Ann and Fay and saw no Demon.
KILL_CLAIMS = {"Ann": "washerwoman", "Bob": "empath", "Cat": "mayor", "Dan": "saint",
               "Eve": "virgin", "Fay": "undertaker", "Gus": "fortuneteller"}


def _kill_table():
    return public_table("trouble-brewing", KILL_CLAIMS,
                        infos=[("Bob", 1, {"count": 1}, None),
                               ("Gus", 1, {"yes": False}, ["Ann", "Fay"])])


def test_the_demon_kill_read_against_what_the_death_confirms(switch):
    """A night death all but confirms its victim good, and the town then reads the record
    as the victim would: with Cat confirmed good, Bob's Empath 1 points at Ann (Cat's own
    view gives Ann the highest chance); with Gus confirmed, his Fortune Teller's "no" on
    Ann clears her (the lowest). KILL_READ 1 kills whose confirmation hurts the Demon
    least first (Gus), -1 the best reader first (Cat); 0 (the default) by trust alone
    (Fay, whom the town trusts most), as before."""
    switch("KILL_READ", 0)
    t = _kill_table()
    good = [n for n in KILL_CLAIMS if n != "Ann"]
    trust = t.public_evil()
    seen = {n: t.demon_chances(n)["Ann"] for n in good}
    assert min(seen, key=seen.get) == "Gus" and max(seen, key=seen.get) == "Cat"
    bot = ReasoningBot(0, "Ann")
    assert bot._targets(t, good, trust)[0] == "Fay"
    switch("KILL_READ", 1)
    assert bot._targets(t, good, trust)[:2] == ["Gus", "Fay"]
    switch("KILL_READ", -1)
    assert bot._targets(t, good, trust)[0] == "Cat"
    # what the kill is worth still comes first: a claimed Monk before any reading
    t2 = public_table("trouble-brewing", {**KILL_CLAIMS, "Eve": "monk"},
                      infos=[("Bob", 1, {"count": 1}, None),
                             ("Gus", 1, {"yes": False}, ["Ann", "Fay"])])
    switch("KILL_READ", 1)
    assert bot._targets(t2, good, t2.public_evil())[0] == "Eve"


POISON_CLAIMS = {"Ann": "washerwoman", "Bob": "chef", "Cat": "slayer", "Dan": "soldier",
                 "Eve": "ravenkeeper", "Fay": "saint", "Gus": "fortuneteller"}


def test_what_a_poison_stops_is_read_from_the_claimed_characters_rules():
    """1: an ability that still acts for good (an unfired Demon-shooter, an untested
    nomination test, a protector of others, every-night information); 2: an unclaimed
    player or another ability; 3: nothing (a self-protector, an ability that wakes on its
    holder's death, first-night information, a spent shot or test); 4: a poison that
    helps good (a Saint poisoned may be executed without loss)."""
    t = day_one_table("trouble-brewing", {"Bob": "chef", "Cat": "slayer", "Dan": "soldier",
                                          "Eve": "virgin", "Fay": "saint", "Gus": "monk"})
    got = {c: _stops(t, n, c) for n, c in [("Bob", "chef"), ("Cat", "slayer"),
                                           ("Dan", "soldier"), ("Eve", "virgin"),
                                           ("Fay", "saint"), ("Gus", "monk")]}
    assert got == {"chef": 3, "slayer": 1, "soldier": 3, "virgin": 1, "saint": 4, "monk": 1}
    assert _stops(t, "Ann", "") == 2
    assert _stops(t, "Ann", "empath") == 1 and _stops(t, "Ann", "ravenkeeper") == 3
    assert _stops(t, "Ann", "mayor") == 3
    add_public(t, type="claim_ability", player="Cat", character="slayer", target="Dan")
    add_public(t, type="nothing_happens", ability="slayer", player="Cat")
    add_public(t, type="nominate", by="Dan", target="Eve")
    assert _stops(t, "Cat", "slayer") == 3 and _stops(t, "Eve", "virgin") == 3


class _View:
    """What `_threats` and `_poison_targets` read of a Minion's view."""
    alignment = "evil"
    character = "poisoner"

    def alive(self, name):
        return True


def _poisoner():
    bot = ReasoningBot(0, "Bob")
    bot.team, bot.demons = {"Ann", "Bob"}, {"Ann"}
    return bot


def test_the_poisoner_poisons_a_fortune_teller_about_to_ping_its_demon(switch):
    """A Fortune Teller whose own reading puts the Demon among the players it suspects
    most would see it tonight: with POISON_STOPS its choice is read (as many players as
    its last claim chose, those it suspects most), and it is the Poisoner's first target;
    one whose suspects are elsewhere is not a threat. Then by what the poison stops: the
    unfired Slayer, then the Soldier and the Ravenkeeper (nothing stopped), the Saint last.
    Off (the seventh session's play): choosers are not read; every-night information (the Ravenkeeper's
    too) first, then protectors (the Soldier), then the rest."""
    hot = public_table("trouble-brewing", POISON_CLAIMS,
                       infos=[("Gus", 1, {"yes": True}, ["Ann", "Fay"])])
    cold = public_table("trouble-brewing", POISON_CLAIMS,
                        infos=[("Gus", 1, {"yes": True}, ["Cat", "Dan"])])
    good = ["Cat", "Dan", "Eve", "Fay", "Gus"]
    bot, view = _poisoner(), _View()
    switch("POISON_STOPS", False)
    assert bot._threats(view, hot, good) == set()
    off = bot._poison_targets(view, hot, good, dict.fromkeys(good, 0.1))
    assert off == ["Eve", "Gus", "Dan", "Cat", "Fay"]
    switch("POISON_STOPS", True)
    assert bot._threats(view, hot, good) == {"Gus"}
    assert bot._threats(view, cold, good) == set()
    on = bot._poison_targets(view, hot, good, dict.fromkeys(good, 0.1))
    assert on == ["Gus", "Cat", "Dan", "Eve", "Fay"]
    assert bot._poison_targets(view, cold, good, dict.fromkeys(good, 0.1)) == \
        ["Cat", "Gus", "Dan", "Eve", "Fay"]
