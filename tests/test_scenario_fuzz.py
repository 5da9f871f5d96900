"""Bad input never gives a traceback: mutated scenario files either run or fail with a
ScenarioError (file, line, reason)."""
from __future__ import annotations

import copy
import io

from hypothesis import HealthCheck, given, settings, strategies as st
from ruamel.yaml import YAML

from clocktower.errors import ClocktowerError
from clocktower.scenario import load_text, run_scenario

BASE = {
    "name": "fuzz base",
    "script": "trouble-brewing",
    "seed": 3,
    "players": [
        {"name": "Ann", "character": "monk"},
        {"name": "Bob", "character": "drunk", "thinks": "empath"},
        {"name": "Cat", "character": "imp"},
        {"name": "Dan", "character": "poisoner"},
        {"name": "Eve", "character": "fortuneteller"},
        {"name": "Fay", "character": "recluse"},
        {"name": "Gil", "character": "slayer"},
    ],
    "bluffs": ["chef", "mayor", "soldier"],
    "storyteller": {"red_herring": "Ann"},
    "steps": [
        {"night": 1, "choices": {"Dan": "Ann", "Eve": ["Bob", "Cat"]},
         "storyteller": {"registers": {"Fay": {"alignment": "evil"}}}},
        {"day": 1, "actions": [
            {"nominate": {"by": "Ann", "target": "Dan", "votes": ["Ann", "Bob", "Cat", "Gil"]}},
            {"ability": {"by": "Gil", "character": "slayer", "target": "Cat"}}]},
        {"night": 2, "choices": {"Ann": "Bob", "Cat": "Bob"},
         "expect": [{"died_tonight": []}]},
    ],
    "expect": [{"winner": "good"}, {"dead": ["Cat"]}],
}

scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 20), st.text(max_size=8),
                    st.sampled_from(["Ann", "Zed", "imp", "no", "yes", "night", "day", "players",
                                     "character", "Bob", "registers", "monk", "nobody"]))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6) | st.sampled_from(
        ["name", "character", "night", "day", "votes", "by", "target", "player"]), inner,
        max_size=3)), max_leaves=6)


def paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, prefix + (i,))


ALL_PATHS = [p for p in paths(BASE) if p]


def dump(doc) -> str:
    y = YAML()
    buf = io.StringIO()
    y.dump(doc, buf)
    return buf.getvalue()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(ALL_PATHS), values, st.booleans()), min_size=1,
                max_size=3))
def test_mutated_scenarios_never_crash(mutations):
    doc = copy.deepcopy(BASE)
    for path, value, delete in mutations:
        node = doc
        try:
            for k in path[:-1]:
                node = node[k]
            if delete and isinstance(node, dict):
                node.pop(path[-1], None)
            elif isinstance(node, (dict, list)):
                node[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    text = dump(doc)
    try:
        run_scenario(load_text(text, "fuzz.yaml"))
    except ClocktowerError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_arbitrary_text_never_crashes(text):
    try:
        run_scenario(load_text(text, "fuzz.yaml"))
    except ClocktowerError:
        pass


def test_the_fuzz_base_is_a_passing_scenario():
    result = run_scenario(load_text(dump(BASE), "base.yaml"))
    assert result.ok, [(f.expectation, f.found) for f in result.failures]
