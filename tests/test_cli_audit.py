"""Bad input to the commands added today (simulate, solve, serve): one line, exit code 2."""
from conftest import one_line_error


def test_simulate_resume_with_no_run_saved_is_refused_and_creates_nothing(cli, tmp_path):
    out = tmp_path / "nothing-here"
    r = cli("simulate", "trouble-brewing", "--players", 5, "--games", 1, "--resume",
            "--out", out)
    one_line_error(r, "--resume", "no run to continue")
    assert not out.exists()


def test_simulate_unknown_bots_names_the_option_given(cli, tmp_path):
    r = cli("simulate", "trouble-brewing", "--players", 5, "--games", 1, "--bots", "nope",
            "--out", tmp_path / "o")
    out = one_line_error(r, "--bots 'nope'", "unknown policy")
    assert "--good-bots" not in out
    r = cli("simulate", "trouble-brewing", "--players", 5, "--games", 1, "--evil-bots", "nah",
            "--out", tmp_path / "o")
    one_line_error(r, "--evil-bots 'nah'")


def test_solve_malformed_yaml_is_one_line_with_its_line_number(cli, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: x\nseats: [\n")
    out = one_line_error(cli("solve", bad), "bad.yaml:3:", "not valid YAML")
    assert len(out.splitlines()) == 1, out


def test_serve_with_a_db_in_a_missing_folder(cli, tmp_path):
    db = tmp_path / "no" / "such" / "games.sqlite"
    out = one_line_error(cli("serve", "--db", db, "--port", 8799), "--db", "does not exist")
    assert len(out.splitlines()) == 1, out
    assert not db.parent.exists()


def test_solve_show_must_not_be_negative(cli):
    r = cli("solve", "tests/puzzles/nqt47.yaml", "--show", -1)
    assert r.exit_code == 2 and "--show" in r.output and "Traceback" not in r.output


def test_every_option_of_every_command_says_what_it_is_for():
    import typer.main
    from clocktower.cli import app

    missing = []

    def walk(cmd, path):
        for p in cmd.params:
            if p.param_type_name == "option" and p.name != "help" and not p.help:
                missing.append(f"{path} {p.opts[-1]}")
        for name, sub in getattr(cmd, "commands", {}).items():
            walk(sub, f"{path} {name}")

    walk(typer.main.get_command(app), "clocktower")
    assert not missing, missing


def test_output_that_cannot_be_written_is_one_line_not_a_traceback():
    """`clocktower play > /dev/full`: the output itself fails: one line, exit 2; a piped
    reader that leaves (`| head -1`): nothing on stderr."""
    import os
    import subprocess
    import sys
    if not os.path.exists("/dev/full"):
        import pytest
        pytest.skip("no /dev/full on this system")
    cmd = [sys.executable, "-c", "from clocktower.cli import main; main()",
           "play", "--players", "5", "--seed", "1"]
    with open("/dev/full", "w") as full:
        r = subprocess.run(cmd, stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert r.stderr.strip() == "error: could not write the output: No space left on device"
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert p.stdout is not None and p.stdout.readline()
    p.stdout.close()                        # the reader leaves after one line
    err = p.stderr.read() if p.stderr else ""
    p.wait(timeout=120)         # click's convention for a closed pipe: quietly, status 1
    assert err == "", err
