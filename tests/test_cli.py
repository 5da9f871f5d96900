"""The command line: bad input gets a one-line error and exit code 2, never a traceback."""
import json
from conftest import one_line_error as _one_line_error




def one_line_error(result, *words):
    return _one_line_error(result, *words, usage=True)     # typer's usage errors too


def test_play_quiet(cli):
    r = cli("play", "--players", 10, "--seed", 7, "--quiet")
    assert r.exit_code == 0, r.output
    assert "wins" in r.output


def test_play_narrated_shows_nights_days_and_result(cli):
    r = cli("play", "--players", 10, "--seed", 7)
    assert r.exit_code == 0, r.output
    for word in ("Night 1", "Day 1", "nominates", "votes", "WINS"):
        assert word in r.output


def test_play_json_is_the_event_log(cli):
    r = cli("play", "--players", 7, "--seed", 2, "--json")
    assert r.exit_code == 0
    events = [json.loads(line) for line in r.output.splitlines()]
    assert events[0]["type"] == "setup" and events[-1]["type"] == "game_over"


def test_unknown_script(cli):
    one_line_error(cli("play", "--script", "no-such-script", "--quiet"), "unknown script")


def test_bad_player_count(cli):
    one_line_error(cli("play", "--players", 4, "--quiet"), "player count 4")
    one_line_error(cli("play", "--players", 16, "--quiet"), "player count 16")


def test_unknown_character_in_script_file(cli, tmp_path):
    f = tmp_path / "s.json"
    f.write_text(json.dumps([{"id": "_meta", "name": "x"}, "washerwoman", "impp"]))
    one_line_error(cli("play", "--script", f, "--quiet"), "impp", "imp")


def test_not_implemented_characters_are_listed(cli, tmp_path):
    # Homebrew characters (script JSON objects not official characters): refused, each named.
    f = tmp_path / "s.json"
    f.write_text(json.dumps(["washerwoman", "chef", "empath", "monk", "butler", "poisoner",
                             "imp",
                             {"id": "hedgewizard", "name": "Hedge Wizard", "team": "townsfolk",
                              "ability": "Each night, learn nothing."},
                             {"id": "goontwo", "name": "Goon Two", "team": "outsider",
                              "ability": "Nothing."}]))
    one_line_error(cli("play", "--script", f, "--quiet"), "not implemented", "hedgewizard",
                   "goontwo")


def test_not_implemented_data_file_character_is_listed(cli, tmp_path, unimplemented):
    f = tmp_path / "s.json"
    f.write_text(json.dumps(["washerwoman", "chef", "empath", "monk", "butler", "poisoner",
                             "imp", unimplemented]))
    one_line_error(cli("play", "--script", f, "--quiet"), "not implemented", unimplemented)


def test_replay_of_a_broken_file(cli, tmp_path):
    f = tmp_path / "broken.jsonl"
    f.write_text('{"type": "setup"\n')
    one_line_error(cli("replay", f), "broken.jsonl:1")


def test_scenario_missing_path(cli):
    one_line_error(cli("scenario", "run", "nope/does-not-exist.yaml"), "does-not-exist")


def test_player_view_hides_other_players_secrets(cli):
    r = cli("play", "--players", 7, "--seed", 3, "--json")
    events = [json.loads(line) for line in r.output.splitlines()]
    from clocktower.engine.views import view
    mine = view(events, "Ann")
    assert mine and all(e["visible_to"] == "all" or e["visible_to"] == ["Ann"] for e in mine)
    assert not any(e["type"] == "setup" for e in mine)
    assert any(e["type"] == "learn" and e["player"] == "Ann" for e in mine)
    spectator = view(events, "spectator")
    assert all(e["visible_to"] == "all" for e in spectator)
    r2 = cli("play", "--players", 7, "--seed", 3, "--view", "Ann")
    assert r2.exit_code == 0 and "you are the" in r2.output


def test_view_of_an_unknown_player(cli):
    one_line_error(cli("play", "--players", 7, "--view", "Zed"), "--view")


def test_storyteller_ask_takes_answers_from_the_terminal(cli):
    from typer.testing import CliRunner
    from clocktower.cli import app
    r = CliRunner().invoke(app, ["play", "--players", "5", "--seed", "1", "--storyteller", "ask"],
                           input="1\n" * 400)
    assert r.exit_code == 0, r.output[-2000:]
    assert "Storyteller decision" in r.output and "WINS" in r.output


def test_narration_of_many_games_never_fails():
    import io
    from rich.console import Console
    from clocktower.narrate import Narrator
    from clocktower.play import new_game
    from clocktower.engine.runner import play
    for script, counts in (("trouble-brewing", (5, 8, 12, 15)),
                           ("the-saga-of-the-summoner", (5, 7, 9))):
        for n in counts:
            for seed in range(15):
                buf = io.StringIO()
                narrator = Narrator(Console(file=buf, width=100))
                play(new_game(script, n, seed, on_event=narrator))
                assert "WINS" in buf.getvalue()
