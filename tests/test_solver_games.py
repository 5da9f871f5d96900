"""The world solver against the engine: in played games, the true setup is always among the
worlds the solver finds (its rules of the timeline cover what the engine did), from the
whole table's shared information and from one player's own view."""
from __future__ import annotations

import random

import pytest

from clocktower import data as D
from clocktower.engine.runner import play
from clocktower.play import new_game
from clocktower.solver import Belief, facts_from_events, problem_from_game, solve, told_claims


def until(game) -> tuple[str, int]:
    """The phase the game ended in (facts stop before it: the solver's worlds go on)."""
    over = next(i for i, e in enumerate(game.log) if e["type"] == "game_over")
    e = [e for e in game.log[:over] if e["type"] in ("night", "day")][-1]
    return e["type"], e["number"]


def played(players: int, seed: int):
    game = new_game("trouble-brewing", players, seed)
    play(game)
    return game, tuple(p["character"] for p in game.log[0]["players"])


CASES = [(n, s) for n in (5, 6, 7, 8) for s in range(6)]


@pytest.mark.parametrize("players,seed", CASES)
def test_the_true_setup_is_a_world_of_the_shared_record(players, seed):
    game, truth = played(players, seed)
    pb = problem_from_game(game, told_claims(game), until=until(game))
    found = {w.characters for w in solve(pb)}
    assert truth in found


@pytest.mark.parametrize("seed", range(4))
def test_the_true_setup_is_a_world_of_each_players_view(seed):
    game, truth = played(7, seed)
    claims = told_claims(game)
    for p in game.players:
        pb = problem_from_game(game, claims, viewer=p.name, until=until(game))
        worlds = solve(pb)
        assert truth in {w.characters for w in worlds}, p.name
        me = [p.name for p in game.players].index(p.name)
        if p.alignment == "evil":       # an evil player knows the evil team
            evil = {i for i, c in enumerate(truth) if D.get(c).default_alignment == "evil"}
            assert all({i for i, a in enumerate(w.alignments()) if a == "evil"} == evil
                       for w in worlds)
        else:
            assert all(w.alignments()[me] == "good" for w in worlds)


def test_facts_from_a_log_read_the_timeline():
    game, _ = played(7, 3)
    facts = facts_from_events(game.log, until=until(game))
    kinds = {f.__class__.__name__ for f in facts}
    assert {"Info", "NightDeaths"} <= kinds
    deaths = [e for e in game.log if e["type"] == "dawn" and e["number"] >= 2]
    assert len([f for f in facts if f.__class__.__name__ == "NightDeaths"]) <= len(deaths)


def test_a_belief_keeps_consistent_worlds_through_a_game():
    game, truth = played(7, 5)
    end = until(game)
    facts = facts_from_events(game.log, until=("day", 1))
    pb = problem_from_game(game, told_claims(game), until=("day", 1))
    exact = Belief(pb, random.Random(1), exact=True)
    sampled = Belief(pb, random.Random(1), size=6)
    assert truth in {w.characters for w in exact.worlds}
    for day in range(1, end[1] + (0 if end[0] == "night" else 1)):
        later = facts_from_events(game.log, until=("day", day + 1) if ("day", day + 1) <= end
                                  else end)
        new, facts = later[len(facts):], later
        exact.add(new)
        sampled.add(new)
        assert truth in {w.characters for w in exact.worlds}
        all_worlds = {w.characters for w in solve(exact.problem)}
        assert {w.characters for w in exact.worlds} == all_worlds
        assert {w.characters for w in sampled.worlds} <= all_worlds
    m = exact.marginals()
    assert abs(sum(m.demon) - 1) < 1e-9
