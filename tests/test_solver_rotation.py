"""The world solver does not depend on which seat is written first: every puzzle in
tests/puzzles/ gives the same worlds (name -> character) under every rotation of its
seating (issue 17, item 5: the Spy's and Recluse's registrations were once worked out from
seat 0's candidate character)."""
from __future__ import annotations

import copy
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from clocktower.solver import problem_from_dict, solve

PUZZLES = sorted((Path(__file__).parent / "puzzles").glob("*.yaml"))


def worlds_by_name(doc: dict) -> set[frozenset]:
    pb = problem_from_dict(doc)
    return {frozenset(zip(pb.seats, w.characters)) for w in solve(pb)}


def rotated(doc: dict, k: int) -> dict:
    """The same puzzle with the seating started at seat k (the seats keep their names and
    neighbours; the published solution, a list in seat order, is rotated with them)."""
    d = copy.deepcopy(doc)
    d["seats"] = d["seats"][k:] + d["seats"][:k]
    if d.get("solution") is not None:
        d["solution"] = d["solution"][k:] + d["solution"][:k]
    return d


@pytest.mark.parametrize("path", PUZZLES, ids=[p.stem for p in PUZZLES])
def test_every_rotation_of_the_seating_gives_the_same_worlds(path):
    doc = YAML(typ="safe", pure=True).load(path.read_text(encoding="utf-8"))
    expected = worlds_by_name(doc)
    assert expected
    for k in range(1, len(doc["seats"])):
        assert worlds_by_name(rotated(doc, k)) == expected, f"rotation by {k}"
