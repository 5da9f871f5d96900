"""Huntsman [+the Damsel] at setup, and rulings of the Huntsman, Damsel, Magician and Goblin
that a scenario file cannot state as an expectation (illegal choices, what bots are offered).
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from clocktower import data as D
from clocktower.characters import REGISTRY
from clocktower.engine.game import Game
from clocktower.engine.runner import day_action
from clocktower.engine.setup import build_bag, finish_setup
from clocktower.scenario.loader import ScenarioError
from clocktower.scripts import load_script
from conftest import scenario


def _bags(n: int, seeds: range):
    script = load_script("regalia")
    for seed in seeds:
        rng = random.Random(seed)
        bag, not_dealt = build_bag(script, n, rng, lambda cid, options: options[0])
        yield bag, not_dealt


@pytest.mark.parametrize("n", range(5, 16))
def test_regalia_bag_with_huntsman_has_the_damsel(n):
    """Whenever the Huntsman is dealt, so is the Damsel: in place of a Townsfolk if she was
    not drawn anyway, else as one of the table's Outsiders ("If a Damsel is already in
    play, the Huntsman doesn't add a second Damsel"); the other counts are the table's
    (the Baron's +2 Outsiders included)."""
    table = D.player_counts(n)
    with_huntsman = 0
    layouts = set()
    for bag, not_dealt in _bags(n, range(300)):
        assert not not_dealt
        assert len(bag) == n and len(set(bag)) == n, bag
        teams = Counter(D.get(c).team for c in bag)
        baron = 2 if "baron" in bag else 0
        huntsman = "huntsman" in bag
        with_huntsman += huntsman
        if huntsman:
            assert "damsel" in bag, bag
        assert teams["demon"] == table["demon"], bag
        assert teams["minion"] == table["minion"], bag
        extra = teams["outsider"] - table["outsider"] - baron
        assert extra in ((0, 1) if huntsman else (0,)), bag
        assert teams["townsfolk"] == table["townsfolk"] - baron - extra, bag
        if huntsman:
            layouts.add(extra)
    assert with_huntsman > 0        # the case was exercised
    if table["outsider"] + 2 <= 4:  # room for the Damsel among the drawn Outsiders
        assert layouts == {0, 1}, layouts


def test_regalia_damsel_may_be_dealt_without_huntsman():
    seen = False
    for n in (8, 9, 12):
        for bag, _ in _bags(n, range(300)):
            if "damsel" in bag and "huntsman" not in bag:
                seen = True
                table = D.player_counts(n)
                baron = 2 if "baron" in bag else 0
                assert Counter(D.get(c).team for c in bag)["outsider"] == table["outsider"] + baron
    assert seen


# ---- illegal choices written in scenarios ---------------------------------------------------
HEAD = """
script: regalia
players:
  - {name: Ann, character: huntsman}
  - {name: Bob, character: monk}
  - {name: Cat, character: imp}
  - {name: Dan, character: poisoner}
  - {name: Eve, character: damsel}
  - {name: Fay, character: soldier}
bluffs: [steward, librarian, slayer]
"""


def _run(text: str):
    return scenario(text, "test.yaml")


def test_huntsman_may_not_choose_a_dead_player():
    text = "name: dead player\n" + HEAD + """
steps:
  - night: 1
    choices: {Dan: Fay, Ann: no}
  - day: 1
    actions:
      - nominate: {by: Ann, target: Eve, votes: [Ann, Bob, Fay]}
  - night: 2
    choices: {Dan: Fay, Cat: Fay, Bob: Fay, Ann: Eve}
"""
    with pytest.raises(ScenarioError, match="illegal"):
        _run(text)


def test_huntsman_damsel_becomes_only_a_not_in_play_townsfolk():
    ok = "name: ok\n" + HEAD + """
steps:
  - night: 1
    choices: {Dan: Fay, Ann: Eve}
    storyteller: {huntsman: fortuneteller}
    expect:
      - character: {Eve: fortuneteller}
"""
    assert _run(ok).ok
    in_play = ok.replace("huntsman: fortuneteller", "huntsman: monk")
    with pytest.raises(ScenarioError, match="huntsman"):
        _run(in_play)
    outsider = ok.replace("huntsman: fortuneteller", "huntsman: butler")
    with pytest.raises(ScenarioError, match="huntsman"):
        _run(outsider)


def test_huntsman_options_exclude_in_play_townsfolk():
    res = _run("name: options\n" + HEAD + """
steps:
  - night: 1
    choices: {Dan: Fay, Ann: Eve}
""")
    game = res.game
    ab = game.by_name["Ann"].ability
    options, suggested = ab.townsfolk_options()
    assert "huntsman" not in options and "monk" not in options and "soldier" not in options
    assert game.by_name["Eve"].character not in options     # she is that Townsfolk now
    assert all(D.get(c).team == "townsfolk" and c in REGISTRY for c in options)


def test_lilmonsta_magician_jinx_babysitter_must_be_a_minion():
    base = """
name: jinx
script: [lilmonsta, magician, poisoner, scarletwoman, soldier, monk, chef, empath, slayer]
players:
  - {name: Ann, character: magician}
  - {name: Bob, character: soldier}
  - {name: Cat, character: scarletwoman}
  - {name: Dan, character: poisoner}
  - {name: Eve, character: chef}
  - {name: Fay, character: empath}
steps:
  - night: 1
    choices: {Dan: Bob}
    storyteller: {lilmonsta: Bob}
"""
    with pytest.raises(ScenarioError, match="lilmonsta"):
        _run(base)
    # Without the Magician, the Minions may pick anyone.
    free = base.replace("lilmonsta, magician,", "lilmonsta,").replace(
        "character: magician", "character: monk")
    assert _run(free).ok


# ---- what bots are offered ---------------------------------------------------------------
def _game(chars: dict[str, str], answer=None) -> Game:
    script = load_script("regalia")
    game = Game(script, REGISTRY, seed=1, default_answerer=answer or (lambda d, g: d.default))
    for name, c in chars.items():
        game.add_player(name, c)
    finish_setup(game, ["steward", "librarian", "slayer"])
    return game


def test_damsel_guess_offered_to_minions_only_while_unused():
    game = _game({"Ann": "monk", "Bob": "soldier", "Cat": "imp", "Dan": "poisoner",
                  "Eve": "damsel", "Fay": "goblin"})
    game.night = 1
    game.start_day()

    def guesses(name):
        return [u for u in day_action(game, game.by_name[name]).uses if u["ability"] == "damsel"]

    assert {u["target"] for u in guesses("Dan")} == set(game.by_name)
    assert guesses("Fay") and not guesses("Cat") and not guesses("Ann") and not guesses("Eve")
    game.use_day_ability(game.by_name["Dan"], "damsel", {"target": "Ann"})
    assert game.winner is None
    assert not guesses("Dan") and not guesses("Fay")


def test_every_nominee_is_asked_whether_to_claim_the_goblin():
    """Any player may claim to be the Goblin when nominated: bots are asked whoever they
    are (a claim does not give the Goblin away); only the real Goblin's claim wins."""
    asked = []

    def answer(d, g):
        if d.kind == "claim":
            asked.append((d.who, d.options()))
            return "goblin"
        if d.kind == "vote":
            return d.context["nominee"] == "Dan"
        return d.default

    game = _game({"Ann": "monk", "Bob": "soldier", "Cat": "imp", "Dan": "goblin",
                  "Eve": "damsel"}, answer)
    game.night = 1
    game.start_day()
    game.nominate(game.by_name["Ann"], game.by_name["Bob"])       # not the Goblin: asked too
    assert asked == [("Bob", [None, "goblin"])]
    game.nominate(game.by_name["Bob"], game.by_name["Dan"])
    assert asked[1] == ("Dan", [None, "goblin"])
    assert game.claims_today == {"Bob": "goblin", "Dan": "goblin"}
    game.end_day()
    assert game.winner == "evil"
