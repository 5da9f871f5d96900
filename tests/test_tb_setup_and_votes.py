"""Trouble Brewing rules that a scenario cannot express: the Baron's random setup change,
and the Butler's restriction on agents' votes (written scenario votes are tallied as written)."""
import random

import pytest

from clocktower import data as D
from clocktower.engine.setup import build_bag
from clocktower.scenario.loader import load_text
from clocktower.scenario.runner import setup_game
from clocktower.scripts import load_script


def _pick(cid, options):
    return options[0]


@pytest.mark.parametrize("n", range(5, 16))
def test_baron_adds_two_outsiders(n):
    """[+2 Outsiders]: two Townsfolk are replaced by Outsiders whenever the Baron is dealt."""
    script = load_script("trouble-brewing")
    base = D.player_counts(n)
    seen_baron = seen_plain = False
    for seed in range(300):
        bag, _ = build_bag(script, n, random.Random(seed), _pick)
        teams = [D.get(c).team for c in bag]
        outsiders = teams.count("outsider")
        townsfolk = teams.count("townsfolk")
        assert len(bag) == n
        assert teams.count("minion") == base["minion"] and teams.count("demon") == 1
        if "baron" in bag:
            seen_baron = True
            assert outsiders == base["outsider"] + 2, (seed, bag)
            assert townsfolk == base["townsfolk"] - 2, (seed, bag)
        else:
            seen_plain = True
            assert outsiders == base["outsider"], (seed, bag)
    assert seen_baron and seen_plain


BUTLER = """
name: butler
script: trouble-brewing
players:
  - {name: Ann, character: butler}
  - {name: Bob, character: empath}
  - {name: Cat, character: imp}
  - {name: Dan, character: poisoner}
  - {name: Eve, character: chef}
  - {name: Fay, character: washerwoman}
bluffs: [investigator, soldier, mayor]
steps:
  - night: 1
    choices: {Dan: Fay, Ann: %s}
"""


def _butler_day(master: str, poisoned: str = "Fay"):
    sc = load_text((BUTLER % master).replace("Dan: Fay", f"Dan: {poisoned}"))
    game, answers = setup_game(sc)
    answers.step = sc.steps[0]
    game.run_night()
    answers.step = None
    game.start_day()
    return game


@pytest.mark.parametrize("master", ["Bob", "Fay"])   # after / before the Butler in the vote
def test_butler_votes_only_with_master(master):
    game = _butler_day(master)
    P = game.by_name
    # Everyone but the Master wants to vote: the Butler may not.
    ev = game.nominate(P["Cat"], P["Dan"], votes=lambda v: v.name != master)
    assert "Ann" not in ev["voters"]
    # Everyone wants to vote: the Butler may, wherever the Master sits.
    ev = game.nominate(P["Eve"], P["Cat"], votes=lambda v: True)
    assert "Ann" in ev["voters"] and master in ev["voters"]


def test_droisoned_butler_votes_freely():
    game = _butler_day("Bob", poisoned="Ann")
    P = game.by_name
    ev = game.nominate(P["Cat"], P["Dan"], votes=lambda v: v.name != "Bob")
    assert "Ann" in ev["voters"]


def test_written_butler_vote_is_tallied():
    game = _butler_day("Bob")
    P = game.by_name
    ev = game.nominate(P["Cat"], P["Dan"], votes=["Ann", "Cat"])
    assert ev["votes"] == 2 and "Ann" in ev["voters"]


def test_a_holder_only_vote_hook_is_asked_about_its_holder_alone(monkeypatch):
    from clocktower.characters.butler import Butler
    from clocktower.engine.voting import voter_hooks
    game = _butler_day("Bob")
    butler = game.by_name["Ann"].held[0]
    assert voter_hooks(game, "may_vote") == ([], {"Ann": [butler]})
    asked: list[str] = []
    real = Butler.may_vote

    def spy(self, voter, voters_so_far):
        asked.append(voter.name)
        return real(self, voter, voters_so_far)
    monkeypatch.setattr(Butler, "may_vote", spy)
    P = game.by_name
    ev = game.nominate(P["Cat"], P["Dan"], votes=lambda v: v.name != "Bob")
    assert set(asked) == {"Ann"} and "Ann" not in ev["voters"]
