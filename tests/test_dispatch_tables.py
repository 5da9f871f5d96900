"""The tables keyed by type: the scenario runner checks exactly the expectation keys the
loader accepts, and the narration says only event types the catalogue has."""
from clocktower.engine.events import CATALOGUE
from clocktower.narrate import _SAY
from clocktower.scenario.loader import EXPECT_KEYS
from clocktower.scenario.runner import _EXPECT


def test_every_expectation_key_the_loader_accepts_is_checked():
    assert set(_EXPECT) | {"options"} == EXPECT_KEYS      # `options`: asked of the decisions


def test_the_narration_says_catalogued_event_types():
    assert set(_SAY) <= set(CATALOGUE), set(_SAY) - set(CATALOGUE)
