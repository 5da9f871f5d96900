"""`clocktower bench`: player-count lists, a clear error for a bad one, and the batch GC
setting leaves games unchanged (performance itself is measured, never asserted)."""
import gc
import json

import pytest
from typer.testing import CliRunner

from clocktower.cli import app
from clocktower.errors import ClocktowerError
from clocktower.play import play_game
from clocktower.sim.bench import batch_gc, parse_counts


def test_player_counts_list():
    assert parse_counts("10") == [10]
    assert parse_counts("5, 10,15") == [5, 10, 15]
    for bad in ("4", "16", "5,,10", "ten", ""):
        with pytest.raises(ClocktowerError, match="player counts from 5 to 15"):
            parse_counts(bad)


def test_bench_runs_each_count():
    res = CliRunner().invoke(app, ["bench", "--players", "5,7", "--games", "3"])
    assert res.exit_code == 0, res.output
    assert "5 players: 3 games" in res.output and "7 players: 3 games" in res.output
    from clocktower import _compiled
    said = "compiled engine core" if _compiled.build().compiled else "pure Python"
    assert res.output.startswith(f"build: {said}"), res.output     # which build ran


def test_batch_gc_changes_no_game_and_restores_the_collector():
    before = gc.get_threshold()
    plain = [json.dumps(play_game("trouble-brewing", 8, s).log, sort_keys=True) for s in range(3)]
    with batch_gc():
        assert gc.get_threshold() != before
        tuned = [json.dumps(play_game("trouble-brewing", 8, s).log, sort_keys=True)
                 for s in range(3)]
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
    assert tuned == plain
