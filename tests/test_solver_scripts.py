"""The world solver on every script: its timeline reads each character's rules from its own
module (solver/rules.py), so in played games of all five scripts the true setup is always
consistent; a Regalia puzzle written from a game is solved; facts from a game follow the
seating as Travellers join and leave; and the one model of possible worlds
(solver/model.py) agrees with the bots' sampler where both apply."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from clocktower import data as D
from clocktower.agents.beliefs import Table
from clocktower.characters import REGISTRY
from clocktower.engine.replay import read_log
from clocktower.engine.runner import play
from clocktower.play import new_game
from clocktower.scenario.loader import load_file
from clocktower.scenario.runner import run_scenario
from clocktower.solver import (Claim, Problem, Seating, Traveller, load_problem,
                               problem_from_game, public_claims, solve, told_claims)
from clocktower.solver.core import Solver
from clocktower.solver.model import possible_worlds, problem_from_view
from clocktower.solver.rules import rules_of

ROOT = Path(__file__).resolve().parent.parent
PUZZLE = ROOT / "tests" / "puzzles-scripts" / "regalia-undertaker.yaml"
SCRIPTS = [("trouble-brewing", 7), ("trouble-brewing", 10), ("regalia", 7), ("regalia", 10),
           ("alternate-endings", 7), ("alternate-endings", 10), ("the-return-of-jafar", 7),
           ("the-return-of-jafar", 10), ("the-saga-of-the-summoner", 7),
           ("the-saga-of-the-summoner", 9)]


def until(game) -> tuple[str, int]:
    over = next(i for i, e in enumerate(game.log) if e["type"] == "game_over")
    e = [e for e in game.log[:over] if e["type"] in ("night", "day")][-1]
    return e["type"], e["number"]


def truth_of(game) -> tuple[str, ...]:
    chars = {p["name"]: p["character"] for p in game.log[0]["players"]}
    return tuple(chars[p.name] for p in game.players if not p.traveller)


@pytest.mark.parametrize("script,players", SCRIPTS)
def test_the_true_setup_is_consistent_on_every_script(script, players):
    """Random bots' games (Travellers seated in some, exiled in some): the true setup is a
    world of the whole record, read through every character's own rules."""
    for seed in range(9):
        game = new_game(script, players, seed, travellers=seed % 3)   # 0-2 Travellers seated
        play(game)
        pb = problem_from_game(game, told_claims(game), until=until(game))
        sv = Solver(pb)
        truth = truth_of(game)
        assert sv.allows(truth), (seed, truth)
        assert sv.check(truth) is not None, (seed, truth)


def test_a_regalia_puzzle_written_from_a_game_is_solved():
    pb = load_problem(PUZZLE)
    found = solve(pb)
    assert pb.solution is not None and pb.solution.matches(pb.seats, [w.characters for w in found])
    truth = dict(zip(pb.seats, ["monk", "imp", "fortuneteller", "king", "undertaker",
                                "recluse", "scarletwoman", "steward"]))
    assert tuple(truth.values()) in {w.characters for w in found}     # the game's own setup
    # ... and the same worlds under every rotation of the seating
    for k in range(1, len(pb.seats)):
        seats = pb.seats[k:] + pb.seats[:k]
        again = solve(Problem(pb.script, seats, pb.facts))
        assert {tuple(zip(seats, w.characters)) for w in again} == \
            {tuple(zip(pb.seats, w.characters)) for w in found} or \
            {frozenset(zip(seats, w.characters)) for w in again} == \
            {frozenset(zip(pb.seats, w.characters)) for w in found}


GAME_LOG = ROOT / "tests" / "data" / "regalia-seed16-reasoning.jsonl"


def test_the_puzzle_is_the_games_public_record():
    """The puzzle is the public record of the game it was written from: a reasoning-bot
    game (Regalia, 8 players, seed 16) whose log is kept in tests/data, since the bots have
    changed since and play that seed otherwise now. The log still replays identically with
    today's engine, and its claims and information are the puzzle's."""
    import clocktower
    log = read_log(GAME_LOG)
    game = clocktower.replay(log)
    assert game.log == log
    said = public_claims(game.log, until=until(game))
    pb = load_problem(PUZZLE)
    claims = {f.seat: f.character for f in said if isinstance(f, Claim)}
    assert claims == {f.seat: f.character for f in pb.facts if isinstance(f, Claim)}
    infos = {(f.night, f.seat, f.character, repr(sorted(f.answer.items())), f.choice)
             for f in said if f.__class__.__name__ == "Info"}
    assert infos == {(f.night, f.seat, f.character, repr(sorted(f.answer.items())), f.choice)
                     for f in pb.facts if f.__class__.__name__ == "Info"}


def test_facts_from_a_game_follow_the_seating():
    game = run_scenario(load_file(
        ROOT / "scenarios/seats/traveller-joins-by-day-sits-between-two-players.yaml")).game
    truth = truth_of(game)
    claims = {p.name: c if D.get(c).default_alignment == "good" else "chef"
              for p, c in zip([p for p in game.players if not p.traveller], truth)}
    pb = problem_from_game(game, claims)
    seatings = [f for f in pb.facts if isinstance(f, Seating)]
    assert [s.players for s in seatings] == [("Ann", "Bob", "Cat", "Dan", "Eve", "Hal", "Fay")]
    assert [f for f in pb.facts if isinstance(f, Traveller)] == [
        Traveller("Hal", "scapegoat", "evil", None)]
    # The Empath's 1 on night 2 counts Hal, who sits beside her since day 1: with the
    # seating at the game's end only (no Traveller) the true setup had no world.
    assert Solver(pb).check(truth) is not None
    without = Problem(pb.script, pb.seats, [f for f in pb.facts
                                            if not isinstance(f, (Seating, Traveller))])
    assert Solver(without).check(truth) is None


def test_the_solver_names_no_character():
    """Its rules come from the characters' modules (`world_rules`), not a list of roles."""
    for name in ("core.py", "solve.py", "model.py", "rules.py"):
        text = (ROOT / "clocktower" / "solver" / name).read_text()
        named = {c for c in REGISTRY if re.search(rf'"{c}"', text)}
        assert not named, (name, named)


def test_rules_are_read_from_the_modules():
    assert rules_of("imp") == {"kill": "chosen", "pass": "minion"}
    assert rules_of("poisoner") == {"droison": "one"}
    assert rules_of("witch") == {"kill": None}          # from its kind: not modelled
    assert rules_of("huntsman") == {"change": None}
    assert rules_of("washerwoman") == {}
    assert rules_of("pukka") == {"kill": None, "droison": "many"}


def test_the_model_agrees_with_the_bots_sampler_where_both_apply():
    """Claims alone (each a different Townsfolk): the bots' table weighs every evil team
    alike, and so does the model (exact: every consistent world)."""
    for players in (7, 10):
        names = [f"P{i}" for i in range(players)]
        game = new_game("trouble-brewing", names, 1)
        table = Table(game.view(names[0]))
        table.add(next(e for e in game.log if e.get("visible_to") == "all"))
        claims = [c for c in game.script.characters if D.get(c).team == "townsfolk"][:players]
        for n, c in zip(names, claims):
            table.add({"type": "claim", "phase": "day", "number": 1, "visible_to": "all",
                       "player": n, "character": c})
        pw = possible_worlds(Problem("trouble-brewing", names,
                                     [Claim(n, c) for n, c in zip(names, claims)]))
        assert pw.exact
        bots = {(names[d], frozenset(names[i] for i in evil)): w
                for d, evil, _mask, w in table.posterior()}
        total = sum(bots.values())
        teams = pw.teams()
        assert set(teams) == set(bots)
        for k, p in teams.items():
            assert p == pytest.approx(bots[k] / total)
        assert pw.demon() == pytest.approx(table.public_demon())
        assert pw.evil() == pytest.approx(table.public_evil())


def test_the_model_is_exact_when_small_and_sampled_when_large():
    from clocktower.agents.policies import bots_of
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
    game = new_game("regalia", names, 16, agents=bots_of("reasoning", 16, names))
    play(game)
    pb = problem_from_view(game, None, until=until(game))
    exact = possible_worlds(pb)
    assert exact.exact and exact.worlds
    sampled = possible_worlds(pb, random.Random(1), exact_limit=10, size=5)
    assert not sampled.exact and 0 < len(sampled.worlds) <= 5
    assert {w.characters for w in sampled.worlds} <= {w.characters for w in exact.worlds}
    assert truth_of(game) in {w.characters for w in exact.worlds}
    # a player's own view: the true setup stays possible
    for p in game.players:
        assert truth_of(game) in {w.characters for w in possible_worlds(
            problem_from_view(game, p.name, until=until(game))).worlds}
