"""The front door (issue 22 item 13): every bad input is one `error:` line and exit code 2,
usage errors (typer's) and bind errors (uvicorn's) included; `--version`."""
import json
import socket
import subprocess
import sys

import pytest
from conftest import one_line_error
from typer.testing import CliRunner

from clocktower.cli import app


def one_line(result, *words) -> str:
    out = one_line_error(result, *words)
    assert len(out.splitlines()) == 1, out
    assert "╭" not in out and "Usage:" not in out, out
    return out


@pytest.mark.parametrize("args,words", [
    (("play", "--seed", "abc"), ("--seed", "integer", "play --help")),
    (("play", "--players", 0), ("--players", "5 to 15", "not 0")),
    (("play", "--players", 16), ("--players", "5 to 15", "not 16")),
    (("play", "--travellers", -1), ("--travellers",)),
    (("serve", "--port", 70000), ("--port", "65535")),
    (("solve", "tests/puzzles/nqt47.yaml", "--show", -1), ("--show",)),
    (("play", "extra"), ("unexpected extra argument", "extra")),
    (("play", "--nope"), ("--nope",)),
    (("nosuch",), ("No such command", "nosuch", "--help")),
    (("--bogus",), ("--bogus",)),
    (("scenario", "run"), ("Missing argument",)),
    (("replay",), ("Missing argument",)),
])
def test_usage_errors_are_one_line(cli, args, words):
    one_line(cli(*args), *words)


def test_players_help_says_5_to_15(cli):
    r = cli("play", "--help")
    assert r.exit_code == 0 and "5 to 15" in r.output


def test_groups_alone_still_show_their_help(cli):
    for args in ((), ("scenario",), ("script",)):
        r = cli(*args)
        assert "Usage" in r.output and "error:" not in r.output, args


def test_version(cli):
    from importlib.metadata import version
    r = cli("--version")
    assert r.exit_code == 0 and r.output == f"clocktower {version('clocktower')}\n"


def test_serve_on_a_busy_port_or_an_unknown_host(cli, tmp_path):
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    port = busy.getsockname()[1]
    try:
        one_line(cli("serve", "--port", port, "--db", tmp_path / "g.sqlite"),
                 f"127.0.0.1:{port}", "in use", "--port")
    finally:
        busy.close()
    one_line(cli("serve", "--host", "no-such-host.invalid", "--db", tmp_path / "g.sqlite"),
             "--host no-such-host.invalid")
    one_line(cli("serve", "--host", "192.0.2.1", "--db", tmp_path / "g.sqlite"),
             "192.0.2.1", "not an address of this machine")
    one_line(cli("serve", "--allow-origin", "evil.example", "--db", tmp_path / "g.sqlite"),
             "--allow-origin", "scheme://host")
    assert not (tmp_path / "g.sqlite").exists()


def test_the_installed_command_prints_one_line_too(tmp_path):
    """Through `main()` (the console script), not only the test runner."""
    r = subprocess.run([sys.executable, "-c", "from clocktower.cli import main; main()",
                        "play", "--seed", "abc"], capture_output=True, text=True)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith("error: ") and len(r.stderr.splitlines()) == 1, r.stderr


# ---------------------------------------------------------------------------- item 14
def test_storyteller_ask_speaks_to_people_and_keeps_the_game_at_end_of_input(cli, tmp_path):
    log = tmp_path / "so-far.jsonl"
    r = CliRunner().invoke(app, ["play", "--players", "7", "--seed", "3", "--storyteller",
                                 "ask", "--log", str(log)], input="1\n" * 5)
    assert r.exit_code == 130, r.output
    asked = [line for line in r.output.splitlines() if "Storyteller decision" in line]
    assert len(asked) == 6, r.output          # five answered, the sixth not
    for word in ("key=", "droisoned", "=False", "=True", "purpose", "judgement"):
        assert word not in r.output, word
    assert any("Demon bluff" in a for a in asked)
    assert any("registers to the" in a or "learns from the" in a for a in asked), asked
    assert "no more answers: the game so far" in r.output and str(log) in r.output
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert events and events[0]["type"] == "setup"


def test_describe_decision_has_no_internal_keys():
    from clocktower.engine.decisions import Choice as Decision
    from clocktower.storyteller.human import describe_decision
    d = Decision(kind="info", who="storyteller", options=[1],
                 context={"player": "Dan", "ability": "washerwoman", "droisoned": True})
    title, notes = describe_decision(d)
    assert title == "what Dan learns from the Washerwoman"
    assert notes == ["Dan is drunk or poisoned: false information is legal"]
    d = Decision(kind="storyteller", who="storyteller", options=["a"],
                 prompt="Demon bluff 1 of 3", context={"key": "bluff", "suggested": ["chef"]})
    assert describe_decision(d) == ("Demon bluff 1 of 3", ["suggested: Chef"])


def test_ctrl_c_at_a_storyteller_prompt_exits_130_with_the_log_so_far(tmp_path):
    import os
    import signal
    import time
    log = tmp_path / "so-far.jsonl"
    p = subprocess.Popen([sys.executable, "-c", "from clocktower.cli import main; main()",
                          "play", "--players", "7", "--seed", "3", "--storyteller", "ask",
                          "--log", str(log)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env={**os.environ, "COLUMNS": "100"})
    try:
        out = ""
        deadline = time.monotonic() + 60
        while "choose" not in out and time.monotonic() < deadline:
            out += p.stdout.read(1)
        assert "choose" in out, out
        p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=30)
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == 130, err
    assert "interrupted: the game so far" in err and "Traceback" not in err, err
    assert log.read_text().startswith('{"')
