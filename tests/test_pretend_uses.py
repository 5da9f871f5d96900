"""Pretended day uses (`Game.pretend_uses`): a player who claims a character with a day
ability they do not hold may pretend to use it (a Slayer bluffer's shot). The uses are
the claimed character's own rule code's (`Ability.pretend_options`), legal in a day action
but not among its options, and carried out as any pretended use."""
import pytest

from clocktower.characters import REGISTRY
from clocktower.engine.ability import Ability
from clocktower.engine.runner import act, day_action
from clocktower.play import new_game

SCRIPTS = ["trouble-brewing", "regalia", "alternate-endings", "the-return-of-jafar",
           "the-saga-of-the-summoner"]


def _day1(script="trouble-brewing", n=10, seed=3):
    g = new_game(script, n, seed)
    g.run_night()
    g.start_day()
    return g


def test_a_claimed_slayer_who_is_not_the_slayer_may_pretend_a_shot():
    g = _day1()
    p = next(x for x in g.players if x.character != "slayer" and x.alive)
    assert g.pretend_uses(p) == []                  # nothing claimed yet
    assert day_action(g, p).pretends == []
    g.claim(p, "slayer")
    pretends = g.pretend_uses(p)
    assert pretends == [{"ability": "slayer", "target": q.name} for q in g.players]
    d = day_action(g, p)
    assert d.pretends == pretends
    assert all(o is None or o not in pretends for o in d.options())    # not listed
    shot = pretends[0]
    assert d.is_legal(shot)
    assert g.view(p.name).pretend_uses() == pretends
    start = len(g.log)
    act(g, p, shot)
    kinds = [(e["type"], e["visible_to"]) for e in g.log[start:]]
    assert ("claim_ability", "all") in kinds and ("nothing_happens", "all") in kinds
    assert any(e["type"] == "no_effect" and e.get("effect") == "pretend"
               for e in g.log[start:])
    assert all(q.alive for q in g.players)


def test_the_real_holder_and_a_claim_without_day_uses_pretend_nothing():
    g = _day1()
    holders = [x for x in g.players if x.character == "slayer"]
    for x in holders:
        g.claim(x, "slayer")
        assert g.pretend_uses(x) == []              # the true Slayer uses the real thing
    q = next(x for x in g.players if x.character != "slayer")
    g.claim(q, "empath")
    assert g.pretend_uses(q) == []
    g.claim(q, "slayer")                            # the last claim counts, any day
    assert g.pretend_uses(q)
    g.day_over = True
    assert g.pretend_uses(q) == []


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_day_ability_offers_its_pretends_without_error(script):
    """A stand-in of every character with day uses answers `pretend_options` on a running
    game of every script (a dead pretender, too)."""
    g = _day1(script, 9, 5)
    day_chars = [c for c, cls in REGISTRY.items() if cls.day_options is not Ability.day_options]
    assert "slayer" in day_chars and len(day_chars) >= 8
    for p in g.players[:3]:
        for c in day_chars:
            g.claimed[p.name] = c
            for use in g.pretend_uses(p):
                assert use["ability"] == c and isinstance(use, dict)
    dead = g.players[0]
    dead.alive = False
    g.claimed[dead.name] = "slayer"
    assert g.pretend_uses(dead) == [] or dead.character == "slayer"
