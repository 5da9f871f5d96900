"""The public entry points import from `clocktower` itself."""
import doctest
import json
import subprocess
import sys

import pytest

import clocktower


def test_the_docstring_example_runs():
    result = doctest.testmod(clocktower, verbose=False)
    assert result.attempted >= 4 and result.failed == 0


def test_every_public_name_imports_and_is_the_real_thing():
    from clocktower import (REGISTRY, AutoStoryteller, ClocktowerError, Game, RandomBot,
                            ReplayMismatch, Script, Session, load_script, new_game,
                            play_game, read_log, replay, view)
    from clocktower.engine.runner import play
    from clocktower.engine.game import Game as EngineGame
    from clocktower.scripts import Script as ScriptsScript
    assert Game is EngineGame and Script is ScriptsScript
    assert issubclass(ReplayMismatch, ClocktowerError)
    assert "imp" in REGISTRY and callable(Session) and callable(view)
    s = load_script("trouble-brewing")
    assert isinstance(s, Script) and "imp" in s.characters
    g = new_game(s, 5, seed=3, storyteller=AutoStoryteller(3))
    assert isinstance(g, Game)
    assert play(g).winner in ("good", "evil")
    assert play_game("trouble-brewing", 5, 3).log == g.log
    mine = new_game(s, 5, seed=3, agents={"Ann": RandomBot(3, "Ann")})   # a bot of one's own
    assert play(mine).winner in ("good", "evil")
    for name in clocktower.__all__:
        assert getattr(clocktower, name) is not None, name


def test_replay_takes_a_path_or_events(tmp_path):
    from clocktower import ReplayMismatch, play_game, replay
    game = play_game("trouble-brewing", 6, 2)
    path = tmp_path / "g.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in game.log))
    assert replay(path).log == game.log
    assert replay(str(path)).log == game.log
    events = [dict(e) for e in game.log]
    events[0]["script"] = "Regalia"         # another built-in's title: not its characters
    with pytest.raises(ReplayMismatch, match="setup event differs at script"):
        replay(events)


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        clocktower.Nope  # noqa: B018
    with pytest.raises(ImportError):
        exec("from clocktower import Nope")


def test_import_clocktower_stays_cheap():
    code = ("import sys, clocktower\n"
            "print(sorted(m for m in sys.modules if m.startswith('clocktower.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    # _compiled: the choice of build (stdlib only; it checks nothing until an engine module
    # is imported)
    assert out.strip() == "['clocktower._compiled', 'clocktower.errors']"
