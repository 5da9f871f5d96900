"""Same script, seed, seating and answers: the same game, byte for byte."""
import json

import pytest

from clocktower.characters import REGISTRY
from clocktower.engine.replay import read_log, replay
from clocktower.errors import ReplayMismatch
from clocktower.play import play_game


def dump(game) -> str:
    return "".join(json.dumps(e, sort_keys=True) + "\n" for e in game.log)


@pytest.mark.parametrize("seed", [1, 7, 42])
@pytest.mark.parametrize("players", [5, 10, 15])
def test_same_seed_same_game(seed, players):
    a = dump(play_game("trouble-brewing", players, seed))
    b = dump(play_game("trouble-brewing", players, seed))
    assert a == b


def test_different_seeds_differ():
    assert dump(play_game("trouble-brewing", 10, 1)) != dump(play_game("trouble-brewing", 10, 2))


@pytest.mark.parametrize("script,players,seed",
                         [("trouble-brewing", 5 + s, s) for s in range(11)]
                         + [("the-saga-of-the-summoner", 5 + s % 5, s) for s in range(10)])
def test_replay_from_log_is_identical(tmp_path, script, players, seed):
    game = play_game(script, players, seed)
    path = tmp_path / "game.jsonl"
    path.write_text(dump(game))
    again = replay(read_log(path), REGISTRY)
    assert dump(again) == path.read_text()


def test_replay_detects_a_tampered_log(tmp_path):
    game = play_game("trouble-brewing", 8, 3)
    events = [dict(e) for e in game.log]
    # Flip the first vote recorded in the log.
    for e in events:
        if e["type"] == "decision" and e["kind"] == "vote":
            e["answer"] = not e["answer"]
            break
    with pytest.raises(ReplayMismatch):
        replay(events, REGISTRY)


def test_cli_play_log_then_replay(cli, tmp_path):
    log = tmp_path / "g.jsonl"
    r = cli("play", "--players", 9, "--seed", 4, "--log", log, "--quiet")
    assert r.exit_code == 0, r.output
    r2 = cli("replay", log, "--quiet")
    assert r2.exit_code == 0, r2.output
    assert "identical" in r2.output


def test_tampered_logs_give_clear_errors_never_tracebacks(tmp_path):
    import random
    from clocktower.errors import ClocktowerError
    game = play_game("trouble-brewing", 8, 5)
    base = [dict(e) for e in game.log]
    rng = random.Random(0)
    junk = [None, 0, -1, "x", [], {}, ["Zed"], {"a": 1}, True, 99999]
    for trial in range(300):
        events = [dict(e) for e in base]
        for _ in range(rng.randint(1, 3)):
            ev = events[rng.randrange(len(events))]
            key = rng.choice(sorted(ev))
            if rng.random() < 0.2:
                del ev[key]
            else:
                ev[key] = rng.choice(junk)
        try:
            replay(events, REGISTRY)
        except ClocktowerError:
            pass


def test_same_game_across_processes_and_hash_seeds():
    """Set order and memory layout differ between processes: the game must not."""
    import os
    import subprocess
    import sys
    code = ("import json,sys\n"
            "from clocktower.play import play_game\n"
            "for script, n in (('trouble-brewing', 10), ('trouble-brewing', 13), "
            "('the-saga-of-the-summoner', 8)):\n"
            "    for seed in range(25):\n"
            "        g = play_game(script, n, seed)\n"
            "        sys.stdout.write(''.join(json.dumps(e, sort_keys=True) for e in g.log))\n")
    outs = []
    for hash_seed in ("1", "2", "random"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        outs.append(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                   text=True, check=True).stdout)
    assert outs[0] == outs[1] == outs[2]
