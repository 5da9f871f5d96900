"""When who is the Demon changes, the win rules are asked at once (`Game.demon_change`):
the order of the log shows it where a scenario's expectations cannot."""
from pathlib import Path

from clocktower.scenario.runner import run_file

ROOT = Path(__file__).resolve().parent.parent


def test_the_evil_twins_veto_comes_at_the_change_not_at_the_end_of_the_day():
    r = run_file(ROOT / "scenarios/alternate-endings/eviltwin-demon-made-townsfolk-game-goes-on.yaml")
    assert r.ok and r.game is not None
    types = [e["type"] for e in r.game.log]
    change = types.index("character_change")
    assert types[change + 1] == "outcome_vetoed"
    assert types.index("day_end") > change + 1
