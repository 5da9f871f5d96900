"""The night order comes from the data file, or from a script's own _meta order."""
from pathlib import Path

import pytest

from clocktower.characters import REGISTRY
from clocktower.engine.game import Game
from clocktower.scenario import ScenarioError, load_file, run_scenario
from clocktower.scripts import load_script

ROOT = Path(__file__).resolve().parents[1]
CUSTOM = ROOT / "scenarios" / "base-rules" / "custom-night-order.json"


def test_built_in_scripts_use_the_official_order():
    game = Game(load_script("trouble-brewing"), REGISTRY)
    assert game.custom_night_order(True) is None and game.custom_night_order(False) is None


def test_custom_order_lists_first_then_the_rest_dusk_first_dawn_last():
    game = Game(load_script(str(CUSTOM)), REGISTRY)
    first = game.custom_night_order(True)
    ordered = sorted(first, key=first.get)
    assert ordered[:5] == ["dusk", "minioninfo", "demoninfo", "empath", "poisoner"]
    assert ordered[-1] == "dawn"
    # Characters the script does not list follow in the official order.
    rest = ordered[5:-1]
    assert rest.index("washerwoman") < rest.index("chef") < rest.index("butler") < rest.index("spy")
    other = game.custom_night_order(False)
    assert other["empath"] < other["poisoner"] < other["imp"] < other["monk"]


def test_with_the_custom_order_the_empath_is_told_before_being_poisoned(tmp_path):
    text = (ROOT / "scenarios" / "base-rules" / "custom-night-order-from-script-meta.yaml").read_text()
    path = tmp_path / "s.yaml"
    (tmp_path / "custom-night-order.json").write_text(CUSTOM.read_text())
    path.write_text(text.replace("Ann: {count: 1}", "Ann: {count: 0}")
                    .replace("count: 1}", "count: 0}"))
    with pytest.raises(ScenarioError, match="not legal"):
        run_scenario(load_file(path))
