"""Alternate endings: Heretic, Politician, Evil Twin, Klutz, Alsaahir, Cult Leader, Fearmonger.

The rulings themselves are scenario files (scenarios/alternate-endings/); this file checks
what scenarios cannot: many simulated bot games of a script with all seven (no exception,
well-formed events, invariants of each ending, replay), the Heretic's setup jinxes in dealt
games, the Politician's automatic judgement, and the written forms' errors.
"""
from __future__ import annotations

import collections
import random
import textwrap

import pytest

from clocktower.agents import RandomBot
from clocktower.characters import REGISTRY
from clocktower.characters.politician import responsibility
from clocktower.engine.events import validate_event
from clocktower.engine.outcome import REASONS
from clocktower.engine.replay import replay
from clocktower.engine.runner import play
from clocktower.engine.setup import build_bag
from clocktower.play import new_game, play_game
from clocktower.scenario import ScenarioError, load_text, run_scenario
from clocktower.scripts import Script

MINE = ["heretic", "politician", "eviltwin", "klutz", "alsaahir", "cultleader", "fearmonger"]
SCRIPT = MINE + ["slayer", "mayor", "chef", "empath", "washerwoman", "monk", "soldier",
                 "fortuneteller", "investigator", "saint", "recluse", "damsel", "imp",
                 "poisoner", "goblin", "scarletwoman", "scapegoat"]


def test_each_character_declares_its_reasons():
    for code in ("eviltwin", "klutz", "alsaahir", "cultleader", "fearmonger"):
        assert code in REASONS
    for cid in MINE:
        assert cid in REGISTRY


def _twins(g):
    ab = next((a for p in g.players for a in p.held if a.id == "eviltwin"), None)
    return ab


@pytest.mark.parametrize("start", [0, 60, 120])
def test_bot_games_with_every_ending(start):
    codes: collections.Counter = collections.Counter()
    for seed in range(start, start + 60):
        travellers = 1 if seed % 5 == 0 else 0
        g = play_game(SCRIPT, 5 + seed % 11, seed=seed, travellers=travellers)
        assert g.outcome is not None
        for ev in g.log:
            assert not validate_event(ev), (seed, validate_event(ev), ev)
        over = [e for e in g.log if e["type"] == "game_over"]
        assert len(over) == 1
        out = g.outcome
        codes[out.code] += 1
        # A Politician's result is set only when the Storyteller judged them responsible,
        # and then they are on the winning team.
        for name, res in out.results.items():
            p = g.by_name[name]
            assert p.character == "politician" and res == "win" and p.alignment == out.winner
        # Good never wins while an Evil Twin in force and their opposing twin both live.
        et = _twins(g)
        if et is not None and out.winner == "good" and out.code != "no_result" \
                and out.ability != "heretic":
            t = et.twin()
            assert not (t is not None and t.alignment != et.player.alignment
                        and et.player.truly_alive and t.truly_alive and g.in_force(et)), seed
        # The Heretic turned it around only if a Heretic is in play.
        if out.ability == "heretic":
            assert any(p.character == "heretic" for p in g.players)
        # Every cult vote is public and names players.
        for e in g.log:
            if e["type"] == "cult_vote":
                assert e["visible_to"] == "all" and set(e["voters"]) <= set(g.by_name)
        # A Fearmonger announcement names nobody.
        for e in g.log:
            if e["type"] == "announcement":
                assert set(e) == {"type", "phase", "number", "visible_to", "ability", "words"}
    assert sum(codes.values()) == 60


def test_bot_games_replay_identically():
    for seed in (3, 17, 29, 41, 58, 77):
        g = play_game(SCRIPT, 6 + seed % 9, seed=seed)
        replay(g.log, REGISTRY)


def test_endings_occur_in_simulation():
    """Over many games each new ending happens (the bots reach them), so the code paths
    that end a game are exercised by bot games, not just by scenarios."""
    codes: collections.Counter = collections.Counter()
    for seed in range(300):
        g = play_game(SCRIPT, 5 + seed % 11, seed=seed)
        codes[g.outcome.code] += 1
        if g.outcome.ability == "heretic":
            codes["heretic"] += 1
        if g.outcome.results:
            codes["politician"] += 1
    for code in ("eviltwin", "klutz", "fearmonger", "alsaahir", "heretic"):
        assert codes[code] > 0, codes


class Joiner(RandomBot):
    """A bot who always joins a cult."""

    def __call__(self, decision, game):
        if decision.kind == "vote" and "cult" in decision.context:
            return True
        return super().__call__(decision, game)


def test_a_cult_every_bot_joins_wins_for_the_cult_leaders_team():
    wins = 0
    for seed in range(200):
        names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]
        g = new_game(["cultleader", "chef", "empath", "monk", "soldier", "mayor", "saint",
                      "recluse", "imp", "poisoner"], names, seed=seed,
                     agents={n: Joiner(seed, n) for n in names})
        if not any(p.character == "cultleader" for p in g.players):
            continue
        play(g)
        if g.outcome.code == "cultleader":
            wins += 1
            leader = next(p for p in g.players if p.character == "cultleader")
            assert g.outcome.winner == leader.alignment
    assert wins > 0


def test_cult_leader_takes_an_alive_neighbours_alignment_each_night():
    told = 0
    for seed in range(40):
        g = new_game(["cultleader", "chef", "empath", "monk", "mayor", "saint", "recluse",
                      "butler", "imp", "poisoner", "baron", "spy"], 7 + seed % 5, seed=seed)

        def seen(e, g=g):
            nonlocal told
            if e["type"] != "learn" or e.get("ability") != "cultleader":
                return
            told += 1
            assert set(e) - {"type", "phase", "number", "visible_to", "player",
                             "ability"} == {"alignment"}
            leader = g.by_name[e["player"]]
            possible = set()
            for n in g.neighbours(leader):
                if n is not None:
                    possible.add(n.alignment)
                    possible |= {"evil"} if n.character == "recluse" else set()
                    possible |= {"good"} if n.character == "spy" else set()
            assert e["alignment"] in possible and leader.alignment == e["alignment"]
        g.on_event = seen
        play(g)
    assert told > 5


# ---- the Heretic's setup jinxes -----------------------------------------------------------
def test_dealt_games_never_hold_the_heretic_with_the_baron_or_the_spy():
    chars = ["chef", "empath", "monk", "soldier", "slayer", "mayor", "virgin", "washerwoman",
             "heretic", "saint", "recluse", "butler", "imp", "baron", "spy", "poisoner"]
    heretic = 0
    for seed in range(150):
        g = new_game(chars, 7 + seed % 8, seed=seed)
        dealt = {p.character for p in g.players} | {p.thinks for p in g.players if p.thinks}
        assert not {"heretic", "baron"} <= dealt and not {"heretic", "spy"} <= dealt, dealt
        heretic += "heretic" in dealt
    assert heretic > 5


def test_without_the_heretic_on_the_script_baron_and_spy_deal_together():
    sc = Script("t", ["chef", "empath", "monk", "soldier", "slayer", "mayor", "virgin",
                      "washerwoman", "saint", "recluse", "butler", "imp", "baron", "spy"])
    both = sum({"baron", "spy"} <= set(build_bag(sc, 10, random.Random(s),
                                                 lambda c, o: o[0])[0]) for s in range(200))
    assert both > 0


# ---- the Politician's judgement ----------------------------------------------------------------
POLITICIAN = """\
name: politician policy
script: alternate-endings
bluffs: [general, artist, courtier]
players:
  - {name: Ann, character: politician}
  - {name: Bob, character: slayer}
  - {name: Cat, character: imp}
  - {name: Dan, character: poisoner}
  - {name: Eve, character: saint}
  - {name: Fay, character: mayor}
steps:
  - night: 1
    choices:
      Dan: Bob
  - day: 1
    actions:
%s
"""


def politician_game(actions: str):
    return run_scenario(load_text(POLITICIAN % textwrap.indent(actions, "      "))).game


def test_the_automatic_storyteller_judges_the_politician_from_the_log():
    # Ann nominated the Saint and voted: most responsible among good players.
    g = politician_game("- nominate: {by: Ann, target: Eve, votes: [Ann, Cat, Dan]}")
    assert g.winner == "evil" and g.by_name["Ann"].alignment == "evil"
    assert g.outcome.results == {"Ann": "win"}
    assert "most responsible" in g.outcome.reason
    # Bob nominated, Ann only voted with Bob: not more responsible than Bob.
    g = politician_game("- nominate: {by: Bob, target: Eve, votes: [Ann, Bob, Dan]}")
    assert g.winner == "evil" and g.by_name["Ann"].alignment == "good"
    assert not g.outcome.results
    # Ann did nothing: not responsible.
    g = politician_game("- nominate: {by: Cat, target: Eve, votes: [Cat, Dan, Fay]}")
    assert g.by_name["Ann"].alignment == "good"


def test_responsibility_points():
    g = politician_game("- nominate: {by: Bob, target: Eve, votes: [Ann, Bob, Dan]}")
    score = responsibility(g, "good")
    # The ending execution counts double: nominating 4, a hand 2.
    assert score["Bob"] == 6 and score["Ann"] == 2 and score["Dan"] == 2 and score["Fay"] == 0


def test_the_politician_decision_suggests_with_a_reason():
    seen = []

    def st(decision, game):
        if decision.context.get("key") == "politician":
            seen.append(decision.context)
        return decision.options()[0]
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]
    for seed in range(60):
        g = new_game(["politician", "chef", "empath", "monk", "mayor", "saint", "imp",
                      "poisoner", "baron", "recluse"], names, seed=seed, storyteller=st)
        play(g)
    assert seen
    for ctx in seen:
        assert ctx["suggested"] in ([None], [ctx["player"]]) and ctx["reason"]


# ---- written forms ------------------------------------------------------------------------------
ALSAAHIR = """\
name: alsaahir guess
script: alternate-endings
bluffs: [general, artist, courtier]
players:
  - {name: Ann, character: alsaahir}
  - {name: Bob, character: slayer}
  - {name: Cat, character: imp}
  - {name: Dan, character: poisoner}
  - {name: Eve, character: mayor}
steps:
  - night: 1
    choices:
      Dan: Bob
  - day: 1
    actions:
      - ability: {by: Ann, character: alsaahir, %s}
"""


@pytest.mark.parametrize("guess", ["minions: [Dan, Cat], demons: [Cat]", "minions: [Dan]",
                                   "demons: []"])
def test_an_ill_formed_alsaahir_guess_is_an_error_with_its_line(guess):
    with pytest.raises(ScenarioError) as e:
        run_scenario(load_text(ALSAAHIR % guess, "a.yaml"))
    assert e.value.line == 16 and "cannot use alsaahir" in e.value.reason


def test_a_cult_vote_naming_a_stranger_is_an_error():
    text = ALSAAHIR.replace("alsaahir, %s", "cultleader, votes: [Zed]").replace(
        "character: alsaahir}", "character: cultleader}")
    with pytest.raises(ScenarioError) as e:
        load_text(text, "c.yaml")
    assert "unknown player name 'Zed'" in e.value.reason


def test_the_klutz_cannot_choose_a_dead_player():
    text = """\
name: klutz dead target
script: alternate-endings
bluffs: [general, artist, courtier]
players:
  - {name: Ann, character: klutz}
  - {name: Bob, character: slayer}
  - {name: Cat, character: imp}
  - {name: Dan, character: poisoner}
  - {name: Eve, character: mayor}
  - {name: Fay, character: saint}
steps:
  - night: 1
    choices:
      Dan: Bob
  - day: 1
    actions:
      - nominate: {by: Cat, target: Eve, votes: [Cat, Dan, Fay, Bob]}
  - night: 2
    choices:
      Dan: Bob
      Cat: Ann
  - day: 2
    actions:
      - ability: {by: Ann, character: klutz, target: Eve}
"""
    with pytest.raises(ScenarioError) as e:
        run_scenario(load_text(text, "k.yaml"))
    assert "cannot use klutz" in e.value.reason


def test_reasons_read_as_words():
    for code in ("eviltwin", "klutz", "alsaahir", "cultleader", "fearmonger"):
        assert REASONS[code] and not REASONS[code].startswith(code)


def test_the_automatic_storyteller_avoids_a_traveller_twin():
    chosen = 0
    for seed in range(40):
        g = new_game(["eviltwin", "chef", "empath", "monk", "mayor", "slayer", "washerwoman",
                      "saint", "recluse",
                      "butler", "imp", "poisoner"], 7, seed=seed, travellers=2)
        et = _twins(g)
        if et is None:
            continue
        chosen += 1
        t = et.twin()
        assert t is not None and not t.traveller and t.alignment != et.player.alignment
    assert chosen > 5


def test_an_outside_storyteller_answers_the_politician_one_decision_at_a_time():
    """The Politician's judgement is asked inside the game's end: a turn-based session (a
    person answering from outside) re-runs to it and gets the same game as one go."""
    import json

    from clocktower.engine.session import Session

    def last_option(decision, game):
        return decision.options()[-1]

    chars = ["politician", "heretic", "chef", "empath", "monk", "mayor", "slayer", "saint",
             "imp", "poisoner", "baron", "recluse"]
    for seed in range(40):
        direct = play(new_game(chars, 7, seed, storyteller=last_option))
        asked = [e for e in direct.log if e["type"] == "decision" and e.get("key") == "politician"]
        if asked:
            break
    assert asked and direct.outcome.results

    def build(answerers):
        return new_game(chars, 7, seed, storyteller=answerers["storyteller"])

    s = Session(build, outside={"storyteller"})
    while (d := s.pending()) is not None:
        s.answer(d.options()[-1])
    assert [json.dumps(e, sort_keys=True) for e in s.game.log] == \
        [json.dumps(e, sort_keys=True) for e in direct.log]


def test_goblin_reacts_to_an_execution_with_one_hook():
    """The Goblin's win is one `on_executed` hook (died or not), first among the reactions
    to an execution; it no longer pairs `on_death` with `on_executed`."""
    from clocktower.characters.goblin import Goblin
    from clocktower.engine.ability import Ability
    assert "on_death" not in Goblin.overrides and Goblin.on_death is Ability.on_death
    assert "on_executed" in Goblin.overrides
    assert Goblin.hook_priority.get("on_executed", 0) < 0
