"""tools/sweep.py, the rules sweep: a few games pass, a failure is found and reported with
its reproduction, and the game it checks is the game `clocktower play` plays."""
import importlib.util
import sys
from pathlib import Path

import pytest

from conftest import log_text

from clocktower.agents.policies import make_agents
from clocktower.play import NAMES, play_game

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("sweep", ROOT / "tools" / "sweep.py")
sweep = sys.modules["sweep"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sweep)

SMALL = ["--games", "2", "--reasoning", "1", "--script", "trouble-brewing", "--players", "5",
         "--travellers", "0,1", "--replay-every", "1", "--start", "3"]


def test_a_small_sweep_passes(capsys):
    assert sweep.main(SMALL) == 0
    out = capsys.readouterr().out
    assert "no failures" in out
    total = next(line for line in out.splitlines() if line.strip("│ ").startswith("total"))
    assert total.split("│")[3].strip() == "6"      # 2 cells x (2 random + 1 reasoning)


def test_a_crash_is_reported_with_its_reproduction(capsys, monkeypatch):
    real = sweep.play

    def broken(game):
        if game.seed == 4:
            raise KeyError("boom")
        return real(game)
    monkeypatch.setattr(sweep, "play", broken)
    assert sweep.main(SMALL) == 1
    out = capsys.readouterr().out
    assert "crash: KeyError at test_sweep.py" in out
    assert "trouble-brewing:5:0:4:random" in out
    assert "clocktower play --script trouble-brewing --players 5 --travellers 0 --seed 4 " \
           "--bots random" in out


def test_a_failed_check_is_reported(capsys, monkeypatch):
    def check(game, seed):
        assert seed != 3, "a broken rule"
    monkeypatch.setattr(sweep, "check_movers", check)
    assert sweep.main(SMALL) == 1
    out = capsys.readouterr().out
    assert "check: AssertionError at test_sweep.py" in out and "a broken rule" in out


def test_the_checked_game_is_the_game_clocktower_play_plays(monkeypatch):
    # The sweep wraps every answerer to check its answers (no fast path): same game.
    seen = {}
    real = sweep.check_log

    def keep(game, script, travellers):
        seen["log"] = log_text(game)
        real(game, script, travellers)
    monkeypatch.setattr(sweep, "check_log", keep)
    for bots in ("random", "reasoning"):
        for seed in (1, 2):
            agents = make_agents(NAMES[:7], seed, bots, bots) if bots == "reasoning" else None
            plain = play_game("regalia", 6, seed, travellers=1, agents=agents)
            assert sweep.play_one(sweep.Game("regalia", 6, 1, seed, bots), None) == []
            assert seen["log"] == log_text(plain)


def test_only_replays_one_game_and_refuses_bad_input(capsys):
    assert sweep.main(["--only", "trouble-brewing:5:1:3:reasoning"]) == 0
    assert capsys.readouterr().out.strip() == "trouble-brewing:5:1:3:reasoning: ok"
    for bad in ("trouble-brewing:5:0:x:random", "nowhere:5:0:1:random",
                "the-saga-of-the-summoner:12:0:1:random", "regalia:5:0:1:clever"):
        with pytest.raises(SystemExit) as err:
            sweep.main(["--only", bad])
        assert err.value.code == 2
        assert "--only" in capsys.readouterr().err
