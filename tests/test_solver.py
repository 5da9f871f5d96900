"""The world solver (clocktower/solver): published puzzles, the API, bad input."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from clocktower import data as D
from clocktower.cli import app, _register_subcommands
from clocktower.solver import (Alignment, Belief, Chose, Claim, Execution, Info, Is, IsNot,
                               NightDeaths, Problem, Solver, SolverInputError, load_problem,
                               marginals, problem_from_dict, sample, solve)

PUZZLES = sorted((Path(__file__).parent / "puzzles").glob("*.yaml"))


def test_there_are_published_puzzles():
    assert len(PUZZLES) >= 15


@pytest.mark.parametrize("path", PUZZLES, ids=[p.stem for p in PUZZLES])
def test_published_puzzle_has_the_published_unique_solution(path):
    pb = load_problem(path)
    assert pb.solution is not None, "a puzzle file gives its published solution"
    found = solve(pb)
    assert pb.solution.matches(pb.seats, [w.characters for w in found])
    if pb.solution.worlds:
        assert sorted(w.characters for w in found) == sorted(pb.solution.worlds)


SEATS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]


def small_problem(**kw) -> Problem:
    facts = [Claim("Ann", "empath"), Claim("Bob", "chef"), Claim("Cat", "washerwoman"),
             Claim("Dan", "saint"), Claim("Eve", "monk"), Claim("Fay", "soldier"),
             Claim("Gus", "librarian"), Alignment("Ann", "good"),
             Info(1, "Ann", "empath", {"count": 1}), Info(1, "Bob", "chef", {"count": 0})]
    return Problem("trouble-brewing", SEATS, facts, **kw)


def test_every_world_satisfies_the_facts_and_the_setup():
    pb = small_problem()
    found = solve(pb)
    assert found
    sv = Solver(pb)
    for w in found:
        assert sv.counts_ok(w.characters)
        assert w.characters[0] in ("empath", "drunk")
        assert len(set(w.characters)) == len(w.characters)
        evil = [i for i, a in enumerate(w.alignments()) if a == "evil"]
        assert len(evil) == 2
        if w.characters[0] == "empath" and "poisoner" not in w.characters:
            # a sober Empath: exactly one of Gus and Bob is evil
            assert (6 in evil) + (1 in evil) == 1


def test_adding_a_fact_only_removes_worlds():
    pb = small_problem()
    before = {w.characters for w in solve(pb)}
    after = {w.characters for w in solve(pb.with_facts([Is("Gus", "imp")]))}
    assert after and after < before
    assert all(w[6] == "imp" for w in after)


def test_marginals_are_probabilities():
    pb = small_problem()
    m = marginals(pb)
    assert m.worlds == len(solve(pb))
    for seat in range(len(SEATS)):
        assert abs(sum(m.character[seat].values()) - 1) < 1e-9
    assert abs(sum(m.demon) - 1) < 1e-9          # one Demon in every world
    assert abs(sum(m.evil) - 2) < 1e-9           # two evil players at 7
    assert m.evil[0] == 0


def test_sample_gives_consistent_worlds_reproducibly():
    pb = small_problem()
    exact = {w.characters for w in solve(pb)}
    got = sample(pb, random.Random(3), 10)
    assert len(got) == 10 and all(w.characters in exact for w in got)
    again = sample(pb, random.Random(3), 10)
    assert [w.characters for w in got] == [w.characters for w in again]


def test_a_night_death_needs_a_demon_that_can_kill():
    # Nobody can protect, nobody is dead yet, nobody poisons: a night without a death is
    # impossible unless the Imp was poisoned.
    facts = [Claim(s, c) for s, c in zip(SEATS, ["empath", "chef", "washerwoman", "saint",
                                                 "ravenkeeper", "virgin", "librarian"])]
    pb = Problem("trouble-brewing", SEATS, facts + [NightDeaths(2, ())])
    assert all("poisoner" in w.characters for w in solve(pb))
    pb2 = Problem("trouble-brewing", SEATS, facts + [Execution(1, "Dan"), NightDeaths(2, ())])
    assert any("poisoner" not in w.characters for w in solve(pb2))


def test_bad_puzzles_say_what_and_where(tmp_path):
    with pytest.raises(SolverInputError, match="seats"):
        problem_from_dict({"seats": "Ann"})
    with pytest.raises(SolverInputError, match=r"seats\[0\].*unknown key"):
        problem_from_dict({"seats": [{"name": "A", "colour": 1}] + [{"name": str(i)} for i in range(6)]})
    with pytest.raises(SolverInputError, match="no seat named 'Zed'"):
        problem_from_dict({"seats": [{"name": str(i)} for i in range(7)],
                           "days": {1: [{"execute": "Zed"}]}})
    with pytest.raises(SolverInputError, match="Imps"):
        problem_from_dict({"seats": [{"name": str(i), "claim": "Imps"} for i in range(7)]})
    bad = tmp_path / "bad.yaml"
    bad.write_text("seats: [\n")
    _register_subcommands()
    r = CliRunner().invoke(app, ["solve", str(bad)])
    assert r.exit_code == 2 and "bad.yaml" in r.output and "Traceback" not in r.output
    binary = tmp_path / "binary.yaml"
    binary.write_bytes(b"\xff\xfe\x00seats")      # not UTF-8: was a traceback
    with pytest.raises(SolverInputError, match="binary.yaml: not a UTF-8 text file"):
        load_problem(binary)
    with pytest.raises(SolverInputError, match="missing.yaml: cannot read"):
        load_problem(tmp_path / "missing.yaml")


def test_cli_solves_a_puzzle():
    _register_subcommands()
    r = CliRunner().invoke(app, ["solve", str(PUZZLES[0])])
    assert r.exit_code == 0, r.output
    assert "a unique world" in r.output and "matches the published solution" in r.output


def test_cli_json_and_marginals():
    import json
    _register_subcommands()
    r = CliRunner().invoke(app, ["solve", str(PUZZLES[0]), "--json", "--marginals"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["worlds"] == 1 and out["matches_published"] is True
    assert len(out["marginals"]) == len(out["solutions"][0])
    assert all(abs(sum(row["characters"].values()) - 1) < 1e-9 for row in out["marginals"])


def test_a_recluse_between_two_evil_players_shows_the_chef_0_or_2():
    # The engine's ruling (one registration per player per use), which the solver inherits
    # through the Chef's truths: 1 is impossible here, whatever the Recluse registers as.
    seats = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    base = [Is("Ann", "chef"), Is("Bob", "imp"), Is("Cat", "recluse"), Is("Dan", "baron"),
            Is("Eve", "saint")]
    for count, worlds in ((0, 1), (1, 0), (2, 1)):
        pb = Problem("trouble-brewing", seats, base + [Info(1, "Ann", "chef", {"count": count})])
        assert len(solve(pb)) == worlds, count


def test_a_belief_drops_worlds_a_new_static_fact_excludes():
    pb = small_problem()
    b = Belief(pb, random.Random(2), exact=True)
    sv = Solver(pb)
    assert all(sv.allows(w.characters) for w in b.worlds)
    demon_seats = {w.characters.index("imp") for w in b.worlds}
    assert len(demon_seats) > 1
    b.add([Is("Gus", "imp")])
    assert b.worlds and all(w.characters[6] == "imp" for w in b.worlds)
    assert {w.characters for w in b.worlds} == {w.characters for w in solve(b.problem)}
    small = Belief(pb, random.Random(2), size=5)
    small.add([IsNot("Gus", "imp")])
    assert all(w.characters[6] != "imp" for w in small.worlds)


SIX = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


@pytest.mark.parametrize("first", range(len(SIX)))
def test_a_recluse_registers_only_as_evil_whoever_sits_first(first):
    # The Recluse "might register as evil & as a Minion or Demon": never as the Investigator,
    # even when the seat written first is the Investigator (issue 17, item 5: the Recluse's
    # registrations began with seat 0's candidate character). The sober Washerwoman cannot
    # have seen "Bob or Dan is the Investigator": there is no Poisoner.
    facts = [Is("Ann", "investigator"), Is("Bob", "recluse"), Is("Cat", "washerwoman"),
             Is("Dan", "chef"), Is("Eve", "imp"), Is("Fay", "spy"),
             Info(1, "Cat", "washerwoman", {"character": "investigator",
                                            "players": ["Bob", "Dan"]})]
    seats = SIX[first:] + SIX[:first]
    assert solve(Problem("trouble-brewing", seats, facts)) == []
    # ... but he may register as the Imp to an Investigator-like check of the Demon.
    ok = facts[:-1] + [Info(1, "Ann", "investigator", {"character": "spy",
                                                       "players": ["Bob", "Cat"]})]
    assert len(solve(Problem("trouble-brewing", seats, ok))) == 1


@pytest.mark.parametrize("first", range(len(SIX)))
def test_a_spy_registers_only_as_good_whoever_sits_first(first):
    # The Spy "might register as good & as a Townsfolk or Outsider": never as the Imp, even
    # when seat 0 is the Imp. The Ravenkeeper, killed on night 2, chose the Spy.
    facts = [Is("Ann", "imp"), Is("Bob", "spy"), Is("Cat", "ravenkeeper"), Is("Dan", "chef"),
             Is("Eve", "empath"), Is("Fay", "saint"), NightDeaths(2, ("Cat",))]
    seats = SIX[first:] + SIX[:first]
    wrong = Info(2, "Cat", "ravenkeeper", {"character": "imp"}, ("Bob",))
    assert solve(Problem("trouble-brewing", seats, facts + [wrong])) == []
    right = Info(2, "Cat", "ravenkeeper", {"character": "empath"}, ("Bob",))
    assert len(solve(Problem("trouble-brewing", seats, facts + [right]))) == 1


# ---- issue 17, item 6: choices, two alive, solutions, how

SEVEN_CLAIMS = [Claim(s, c) for s, c in zip(SEATS, ["empath", "chef", "washerwoman", "saint",
                                                    "monk", "soldier", "librarian"])]


def test_a_monk_whose_choice_died_was_droisoned_or_not_the_monk():
    base = SEVEN_CLAIMS + [NightDeaths(2, ("Cat",))]
    before = solve(Problem("trouble-brewing", SEATS, base))
    assert any(w.characters[4] == "monk" and "poisoner" not in w.characters for w in before)
    after = solve(Problem("trouble-brewing", SEATS, base + [Chose(2, "Eve", "monk", ("Cat",))]))
    assert after and {w.characters for w in after} < {w.characters for w in before}
    for w in after:   # a sober Monk protected Cat: Cat could not die
        assert w.characters[4] != "monk" or any(
            x["night"] == 2 and x["seat"] == "Eve" for x in w.witness["poisoned"])


def test_a_monks_protection_explains_no_death_only_for_the_attacked_player():
    base = SEVEN_CLAIMS + [Is("Gus", "imp"), NightDeaths(2, ()),
                           Chose(2, "Gus", "imp", ("Ann",), known=True)]
    saved = solve(Problem("trouble-brewing", SEATS, base + [Chose(2, "Eve", "monk", ("Ann",))]))
    assert any("poisoner" not in w.characters for w in saved)
    other = solve(Problem("trouble-brewing", SEATS, base + [Chose(2, "Eve", "monk", ("Bob",))]))
    assert other and all("poisoner" in w.characters for w in other)   # the Imp was poisoned
    # a Monk may not choose themself, nor choose on night 1: a good Monk would not say so
    for bad in (Chose(2, "Eve", "monk", ("Eve",)), Chose(1, "Eve", "monk", ("Ann",))):
        assert all(w.characters[4] != "monk"
                   for w in solve(Problem("trouble-brewing", SEATS, base + [bad])))


def test_a_known_poisoner_choice_is_the_nights_poison():
    pb = small_problem()
    for target in ("Ann", "Bob"):
        found = solve(pb.with_facts([Chose(1, "Gus", "poisoner", (target,), known=True)]))
        assert found
        for w in found:
            assert w.characters[6] == "poisoner"           # known: Gus is the Poisoner
            assert w.witness["poisoned"] == [{"night": 1, "seat": target}]
    # said by the seat, an evil Poisoner's word constrains nothing
    said = solve(pb.with_facts([Chose(1, "Gus", "poisoner", ("Ann",))]))
    assert {w.characters for w in said} == {w.characters for w in solve(pb)}


def test_a_chosen_pair_is_the_fortune_tellers_question():
    seats = SEATS
    claims = [Claim(s, c) for s, c in zip(seats, ["fortuneteller", "chef", "washerwoman",
                                                  "saint", "monk", "soldier", "librarian"])]
    with_choice = Info(1, "Ann", "fortuneteller", {"yes": False}, ("Bob", "Cat"))
    a = solve(Problem("trouble-brewing", seats, claims + [with_choice]))
    b = solve(Problem("trouble-brewing", seats, claims + [
        Info(1, "Ann", "fortuneteller", {"yes": False}),
        Chose(1, "Ann", "fortuneteller", ("Cat", "Bob"))]))
    assert {w.characters for w in a} == {w.characters for w in b}
    with pytest.raises(SolverInputError, match="is not the choice"):
        Solver(Problem("trouble-brewing", seats, claims + [
            with_choice, Chose(1, "Ann", "fortuneteller", ("Dan", "Bob"))]))


def test_the_game_is_over_at_two_alive():
    seats = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    facts = [Execution(1, "Ann"), NightDeaths(2, ("Bob",)), Execution(2, "Cat")]
    Problem("trouble-brewing", seats, facts)           # ends there: fine
    with pytest.raises(SolverInputError, match="Cat left just two players alive.*night 3"):
        Problem("trouble-brewing", seats, facts + [Info(3, "Dan", "empath", {"count": 0})])
    with pytest.raises(SolverInputError, match="two players alive.*Eve"):
        problem_from_dict({"seats": [{"name": s} for s in seats],
                           "days": {1: [{"execute": "Ann"}, {"execute": "Bob"}],
                                    2: [{"execute": "Eve"}]},
                           "nights": {2: {"deaths": ["Cat"]}}})


def test_puzzle_chose_entries():
    doc = {"seats": [{"name": "Ann", "claim": "Monk", "chose": {2: ["Cat"], 3: "Bob"}},
                     {"name": "Bob", "is": "Poisoner",
                      "chose": {1: {"players": ["Ann"], "known": True}}},
                     {"name": "Cat", "claim": "Courtier", "chose": {1: {"character": "Imp"}}},
                     {"name": "Dan", "claim": "Butler",
                      "chose": {1: [{"players": ["Ann"]}, {"players": ["Cat"], "as": "Monk"}]}},
                     {"name": "Eve"}],
           "script": "trouble-brewing"}
    got = [f for f in problem_from_dict(doc).facts if isinstance(f, Chose)]
    assert got == [Chose(2, "Ann", "monk", ("Cat",)), Chose(3, "Ann", "monk", ("Bob",)),
                   Chose(1, "Bob", "poisoner", ("Ann",), known=True),
                   Chose(1, "Cat", "courtier", (), "imp"),
                   Chose(1, "Dan", "butler", ("Ann",)), Chose(1, "Dan", "monk", ("Cat",))]
    for bad, msg in (({"name": "Eve", "chose": {2: ["Zed"]}, "claim": "Monk"}, "no seat named"),
                     ({"name": "Eve", "chose": {2: ["Ann"]}}, "whose ability"),
                     ({"name": "Eve", "chose": {2: {"player": "Ann"}}, "claim": "Monk"},
                      "unknown key"),
                     ({"name": "Eve", "chose": {2: {"as": "Monk"}}}, "nobody chosen"),
                     ({"name": "Eve", "chose": ["Ann"], "claim": "Monk"}, "mapping")):
        with pytest.raises(SolverInputError, match=msg):
            problem_from_dict({**doc, "seats": doc["seats"][:4] + [bad]})


def test_a_solution_of_several_worlds_or_only_the_demon():
    from ruamel.yaml import YAML
    doc = YAML(typ="safe", pure=True).load(PUZZLES[0].read_text(encoding="utf-8"))
    world = doc["solution"]
    demon = doc["seats"][[D.get(c).team for c in world].index("demon")]["name"]
    found = [w.characters for w in solve(problem_from_dict(doc))]
    for sol, ok in (({"demon": demon}, True), ([world], True),
                    ({"worlds": [world], "demon": demon}, True),
                    ({"demon": doc["seats"][0]["name"]}, False),
                    ([world, list(reversed(world))], False)):
        pb = problem_from_dict({**doc, "solution": sol})
        assert pb.solution.matches(pb.seats, found) is ok, sol
    with pytest.raises(SolverInputError, match="no seat named"):
        problem_from_dict({**doc, "solution": {"demon": "Zed"}})
    with pytest.raises(SolverInputError, match=r"solution\[1\]"):
        problem_from_dict({**doc, "solution": [world, world[:-1]]})


def test_cli_json_says_how_each_world_happened():
    import json
    _register_subcommands()
    path = next(p for p in PUZZLES if p.stem == "nqt33")
    r = CliRunner().invoke(app, ["solve", str(path), "--json"])
    assert r.exit_code == 0, r.output
    how = json.loads(r.output)["how"]
    assert len(how) == 1
    assert how[0]["poisoned"] and all(set(p) == {"night", "seat"} for p in how[0]["poisoned"])
    assert how[0]["red_herring"] and "Tom" not in how[0]["red_herring"]   # Tom: the Imp
    assert [s for s in how[0]["steps"] if s["what"] == "killed"]
    text = CliRunner().invoke(app, ["solve", str(path)]).output
    assert "red herring:" in text and "poisoned" in text
