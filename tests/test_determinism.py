"""Same script, seed, seating and answers: the same game, byte for byte."""
import json
from pathlib import Path

import pytest

from clocktower.characters import REGISTRY
from clocktower.engine.replay import read_log, replay
from clocktower.errors import ReplayMismatch
from clocktower.play import play_game
from conftest import log_text as dump


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


def test_replay_detects_a_tampered_log():
    game = play_game("trouble-brewing", 8, 3)
    events = [dict(e) for e in game.log]
    # Lower the first hand raised: the vote's one record is its nomination event, which
    # replay answers every hand from; the replayed tally then differs from the logged one.
    i, nom = next((i, e) for i, e in enumerate(events)
                  if e["type"] == "nomination" and e["voters"])
    nom["voters"] = nom["voters"][1:]
    with pytest.raises(ReplayMismatch) as info:
        replay(events, REGISTRY)
    msg = str(info.value)
    first, log_line = msg.splitlines()[:2]
    assert first == f"event {i + 1} differs:"
    assert json.loads(log_line.split("log:", 1)[1]) == nom


def test_a_game_logs_no_hand_and_records_each_vote_once():
    """A hand is a numbered decision, never a logged one: the vote's record (nomination,
    exile_vote) lists the hands."""
    game = play_game("trouble-brewing", 7, 5, travellers=2)
    assert not [e for e in game.log if e["type"] == "decision" and e["kind"] == "vote"]
    assert any(e["type"] == "nomination" and e["voters"] for e in game.log)
    assert any(e["type"] == "exile_vote" and e["voters"] for e in game.log)
    seqs = [e["seq"] for e in game.log if e["type"] == "decision"]
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)


OLD_LOG = Path(__file__).parent / "data" / "pre-one-record-votes.jsonl"


def test_a_log_from_before_votes_had_one_record_replays():
    """A log written by the engine before votes had one record (a decision event per raised
    hand, 7 players, 2 Travellers, exiles too) replays; the replayed game's log is that
    log without the per-hand events, and nothing else differs."""
    old = read_log(OLD_LOG)
    hands = [e for e in old if e["type"] == "decision" and e["kind"] == "vote"]
    assert hands and any(e["type"] == "exile_vote" for e in old)
    again = replay(old, REGISTRY)
    assert again.log == [e for e in old if not (e["type"] == "decision" and e["kind"] == "vote")]
    assert dump(again) == dump(play_game("trouble-brewing", 7, 5, travellers=2))


def test_cli_replays_a_log_from_before_votes_had_one_record(cli):
    r = cli("replay", OLD_LOG, "--quiet")
    assert r.exit_code == 0, r.output
    n = sum(1 for e in read_log(OLD_LOG) if e["type"] == "decision" and e["kind"] == "vote")
    assert "identical" in r.output and f"its {n} per-hand vote events" in r.output


def test_an_old_logged_hand_the_vote_does_not_count_is_refused(tmp_path, cli):
    lines = OLD_LOG.read_text().splitlines(keepends=True)
    events = [json.loads(line) for line in lines]
    i = next(i for i, e in enumerate(events) if e["type"] == "decision" and e["kind"] == "vote")
    end = next(e for e in events[i:] if e["type"] in ("nomination", "exile_vote"))
    other = next(p["name"] for p in events[0]["players"] if p["name"] not in end["voters"])
    lines[i] = json.dumps(dict(events[i], who=other), sort_keys=True) + "\n"
    path = tmp_path / "old.jsonl"
    path.write_text("".join(lines))
    r = cli("replay", path, "--quiet")
    assert r.exit_code == 2
    assert r.output.startswith(f"error: {path}:{i + 1}: a raised hand ({other}) that the vote's")


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
    tampered = caught = 0
    for trial in range(300):
        events = [dict(e) for e in base]
        for _ in range(rng.randint(1, 3)):
            ev = events[rng.randrange(len(events))]
            key = rng.choice(sorted(ev))
            if rng.random() < 0.2:
                del ev[key]
            else:
                ev[key] = rng.choice(junk)
        if events == base:
            continue                    # the junk happened to equal what was there
        tampered += 1
        try:
            replay(events, REGISTRY)
        except ClocktowerError as e:
            assert str(e).strip(), e
            caught += 1
    # Every changed log is refused with a ClocktowerError: none replays as identical.
    assert tampered > 250 and caught == tampered


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


def _log_file(tmp_path, script="trouble-brewing", players=8, seed=3, edit=None):
    game = play_game(script, players, seed)
    events = [json.loads(json.dumps(e)) for e in game.log]
    if edit:
        edit(events[0])
    path = tmp_path / "game.jsonl"
    path.write_text("".join(json.dumps(e, sort_keys=True) + "\n" for e in events))
    return path, events


def _undrawn(setup, team_ids):
    drawn = {p["character"] for p in setup["players"]} | set(setup["not_dealt"])
    return next(c for c in setup["script_ids"] if c in team_ids and c not in drawn)


@pytest.mark.parametrize("what", ["swap", "title_of_characters"])
def test_replay_detects_an_edited_script_in_the_setup_event(tmp_path, cli, what):
    from clocktower.scripts import load_script
    townsfolk = load_script("trouble-brewing").of_team("townsfolk")

    def edit(setup):
        if what == "swap":            # a Townsfolk nobody drew: the deal stays the same
            ids = setup["script_ids"]
            ids[ids.index(_undrawn(setup, townsfolk))] = "king"
        else:                           # the title of another built-in script
            setup["script"] = "Regalia"

    path, events = _log_file(tmp_path, edit=edit)
    with pytest.raises(ReplayMismatch) as info:
        replay(read_log(path), REGISTRY)
    msg = str(info.value)
    assert msg.startswith(f"{path}:1: the setup event differs at ")
    if what == "swap":
        assert "the log has 'king', the replayed game" in msg and "script_ids[" in msg
    else:
        assert "at script_ids" in msg and "'Regalia' (by its title)" in msg
    r = cli("replay", path, "--quiet")
    assert r.exit_code == 2 and "the setup event differs" in r.output
    assert "identical" not in r.output


def test_a_built_in_scripts_characters_under_another_title_replay(tmp_path, cli):
    """Issue 22 item 17: a game on a script file (an imported almanac text) whose
    characters are a built-in script's, under another title, replays from the characters
    its log lists (it was refused: "the setup event differs at script"). A log whose title
    alone was edited is such a game, and replays so too."""
    from clocktower.scripts import dump_script, load_script
    s = load_script("alternate-endings")
    s.name = "001_78af26e932c05cb9"         # an almanac text without a title: its file name
    f = tmp_path / "imported.json"
    f.write_text(dump_script(s))
    log = tmp_path / "g.jsonl"
    r = cli("play", "--script", f, "--players", 8, "--seed", 1, "--log", log, "--quiet")
    assert r.exit_code == 0, r.output
    r = cli("replay", log, "--quiet")
    assert r.exit_code == 0 and "identical" in r.output, r.output
    assert replay(read_log(log), REGISTRY).log[0]["script"] == "001_78af26e932c05cb9"
    path, events = _log_file(tmp_path, edit=lambda setup: setup.update(script="Trouble Brewed"))
    assert replay(read_log(path), REGISTRY).log[0]["script"] == "Trouble Brewed"


def test_replay_of_a_script_file_game_with_the_file(tmp_path, cli):
    """A game on a script file replays from the ids it logs, or with --script FILE."""
    from clocktower.scripts import dump_script, load_script
    s = load_script("trouble-brewing")
    s.name = "My Brew"
    s.characters = [c for c in s.characters if c != "investigator"]
    f = tmp_path / "mine.json"
    f.write_text(dump_script(s))
    log = tmp_path / "g.jsonl"
    r = cli("play", "--script", f, "--players", 8, "--seed", 2, "--log", log, "--quiet")
    assert r.exit_code == 0, r.output
    assert cli("replay", log, "--quiet").exit_code == 0
    assert cli("replay", log, "--quiet", "--script", f).exit_code == 0
    r = cli("replay", log, "--quiet", "--script", "trouble-brewing")
    assert r.exit_code == 2 and "the setup event differs at script" in r.output


def test_a_truncated_log_names_the_file_and_where_it_ends(tmp_path, cli):
    path, events = _log_file(tmp_path, players=10, seed=5)
    lines = path.read_text().splitlines(keepends=True)
    # Cut just before a decision that has no default (a choice the game cannot skip).
    game = replay(read_log(path), REGISTRY)
    assert game.log[-1]["type"] == "game_over"
    cut = next(i for i, e in enumerate(events) if i > len(events) // 2
               and e["type"] == "decision" and e["kind"] == "night_choice")
    short = tmp_path / "short.jsonl"
    short.write_text("".join(lines[:cut]))
    r = cli("replay", short, "--quiet")
    assert r.exit_code == 2, r.output
    assert r.output.startswith(f"error: {short}: the log ends at line {cut}, but the game asks "
                               f"decision {events[cut]['seq']} ({events[cut]['kind']} by "
                               f"{events[cut]['who']}): the log is truncated"), r.output


def test_a_log_cut_mid_line_says_so(tmp_path, cli):
    path, _ = _log_file(tmp_path)
    text = path.read_text()
    short = tmp_path / "short.jsonl"
    short.write_text(text[:len(text) // 2])
    n = short.read_text().count("\n") + 1
    r = cli("replay", short, "--quiet")
    assert r.exit_code == 2
    assert r.output.startswith(f"error: {short}:{n}: not a JSON event")
    assert "the log is truncated" in r.output


def test_a_decision_mismatch_names_the_line(tmp_path, cli):
    path, events = _log_file(tmp_path)
    i = next(i for i, e in enumerate(events) if e["type"] == "decision")
    lines = path.read_text().splitlines(keepends=True)
    ev = dict(events[i], kind="claim")
    lines[i] = json.dumps(ev, sort_keys=True) + "\n"
    path.write_text("".join(lines))
    r = cli("replay", path, "--quiet")
    assert r.exit_code == 2
    assert r.output.startswith(f"error: {path}:{i + 1}: decision {ev['seq']}: log has claim by")
