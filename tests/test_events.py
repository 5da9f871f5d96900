"""The event catalogue (clocktower/engine/events.py): every event of many games of every
playable script (with Travellers) is valid, and every `emit(` call site in the code uses a
catalogued type. (The scenario suite's logs are validated against the catalogue in
tests/test_scenario_contract.py.)"""
from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from clocktower.characters import REGISTRY
from clocktower.engine.events import CATALOGUE, validate_event
from clocktower.engine.runner import play
from clocktower.errors import SetupError
from clocktower.play import new_game
from clocktower.scripts import builtin_names, load_script
from logchecks import catalogued_types

ROOT = Path(__file__).resolve().parents[1]
PLAYABLE = [s for s in builtin_names() if all(c in REGISTRY for c in load_script(s).characters)]


def test_the_catalogue_is_consistent():
    assert len(CATALOGUE) >= 35
    for t in CATALOGUE.values():
        assert t.meaning and t.visibility
        assert set(t.visibility) <= {"storyteller", "all", "players"}
        names = [f.name for f in t.fields]
        assert len(names) == len(set(names)), t.type
        assert not set(names) & {"type", "phase", "number", "visible_to"}, t.type


def test_validate_event_names_the_problem():
    good = {"type": "death", "phase": "day", "number": 1, "visible_to": "all",
            "player": "Ann", "cause": "execution", "by": None}
    assert validate_event(good) == []
    assert validate_event({**good, "cause": "boredom"}) == \
        ["death: field 'cause' = 'boredom' is not one of demon, ability, execution, exile, other, left"]
    assert validate_event({**good, "colour": "red"}) == ["death: unknown field(s) colour"]
    assert validate_event({k: v for k, v in good.items() if k != "by"}) == \
        ["death: missing field 'by'"]
    assert validate_event({**good, "visible_to": ["Ann"]}) == \
        ["death: visible to players, expected all or storyteller"]
    assert validate_event({**good, "number": True})[0].startswith("death: number True")
    assert validate_event({**good, "type": "dusk"}) == ["unknown event type 'dusk'"]
    assert validate_event({"type": "learn", "phase": "night", "number": 1,
                           "visible_to": ["Ann"], "player": "Ann", "ability": "empath",
                           "count": "two"}) == ["learn: field 'count' = 'two' is not int"]


@pytest.mark.parametrize("script", PLAYABLE)
def test_every_event_of_many_games_is_in_the_catalogue(script):
    seen: set[str] = set()
    n_travellers = len(load_script(script).of_team("traveller")) or 5
    for seed in range(40):
        players = 5 + seed % 11
        try:
            game = new_game(script, players, seed, travellers=seed % (min(n_travellers, 5) + 1))
        except SetupError as e:     # a script that cannot seat this count (the Saga: 5-9)
            assert "cannot seat" in str(e)
            continue
        play(game)
        seen |= catalogued_types(game.log, f"{script} {players} players seed {seed}")
    assert {"setup", "night", "learn", "decision", "nomination", "game_over"} <= seen


def _emit_types(path: Path) -> list[tuple[int, object]]:
    """(line, first argument) of every `<x>.emit(...)`, `<x>.emit_fields(...)`,
    `<x>._event(...)` (the builder they share: inputs) and `<x>._ev0(...)` .. `_ev5(...)`
    (the frequent events built whole: decisions, choices, ...) call in a source file."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in ("emit", "emit_fields", "_event", "_ev0", "_ev1",
                                       "_ev2", "_ev3", "_ev4", "_ev5"):
            arg = node.args[0] if node.args else None
            if node.func.attr == "_event" and isinstance(arg, ast.Name) and arg.id == "etype":
                continue        # emit_fields handing its own type to the builder
            out.append((node.lineno, arg.value if isinstance(arg, ast.Constant) else arg))
    return out


def test_every_emit_call_site_uses_a_catalogued_type():
    sites = []
    for path in sorted((ROOT / "clocktower").rglob("*.py")):
        for line, etype in _emit_types(path):
            where = f"{path.relative_to(ROOT)}:{line}"
            assert isinstance(etype, str), f"{where}: the event type is not a literal string"
            assert etype in CATALOGUE, f"{where}: event type {etype!r} is not in the catalogue"
            sites.append(etype)
    assert len(sites) > 60
    # The decision event is made by Game.decide (and the inputs' and fast paths') itself.
    assert "decision" in sites
    # Every catalogued type is made somewhere (no dead vocabulary).
    assert set(CATALOGUE) == set(sites)


def test_events_command_prints_the_catalogue():
    from clocktower.cli import _register_subcommands, app
    _register_subcommands()
    r = CliRunner().invoke(app, ["events", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert [t["type"] for t in data] == list(CATALOGUE)
    death = next(t for t in data if t["type"] == "death")
    assert {"name": "cause", "type": "str", "required": True, "meaning": "why",
            "choices": ["demon", "ability", "execution", "exile", "other", "left"]} in death["fields"]
    r = CliRunner().invoke(app, ["events", "nomination"])
    assert r.exit_code == 0 and "threshold" in r.output
    r = CliRunner().invoke(app, ["events", "dusk"])
    assert r.exit_code == 2 and "unknown event type 'dusk'" in r.output


def test_events_command_lists_the_outcome_codes_with_game_over():
    from clocktower.cli import _register_subcommands, app
    _register_subcommands()
    r = CliRunner().invoke(app, ["events", "game_over"])
    assert r.exit_code == 0, r.output
    for code in ("demon_dead", "two_alive", "saint_executed", "goblin", "damsel_guessed"):
        assert code in r.output
    r = CliRunner().invoke(app, ["events", "nomination"])
    assert "saint_executed" not in r.output
