"""`clocktower simulate`: intervals, the baseline model, determinism across --jobs and
backends, Ctrl-C and --resume, bad input, and the files a run writes."""
import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from clocktower.agents.policies import (POLICIES, FastTeamPolicy, TeamPolicy, default_policy,
                                        make_agents, register_policy)
from clocktower.agents.random_bot import RandomBot
from clocktower.sim import baseline as B
from clocktower.sim.record import analyse
from clocktower.sim.report import CSV_FIELDS
from clocktower.sim.run import Spec, game_seed
from clocktower.sim.simulate import parse_players, simulate
from clocktower.sim.stats import newcombe, wilson
from clocktower.sim.summary import FIELDS
from clocktower.scripts import load_script

from test_cli import one_line_error


# ---- intervals --------------------------------------------------------------------------

@pytest.mark.parametrize("k,n,lo,hi", [
    (0, 10, 0.0, 0.2775), (5, 10, 0.2366, 0.7634), (50, 100, 0.4038, 0.5962),
    # Newcombe (1998), single proportion, method 3 (Wilson score), his examples
    (81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
])
def test_wilson_known_values(k, n, lo, hi):
    a, b = wilson(k, n)
    assert (round(a, 4), round(b, 4)) == (lo, hi)


@pytest.mark.parametrize("args,lo,hi", [
    # Newcombe (1998), difference of independent proportions, method 10, his examples
    ((56, 70, 48, 80), 0.0524, 0.3339), ((9, 10, 3, 10), 0.1705, 0.8090),
    ((5, 56, 0, 29), -0.0381, 0.1926), ((0, 10, 0, 20), -0.1611, 0.2775),
    ((10, 10, 0, 20), 0.6791, 1.0),
])
def test_newcombe_known_values(args, lo, hi):
    a, b = newcombe(*args)
    assert (round(a, 4), round(b, 4)) == (lo, hi)


def test_wilson_edges():
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == 1.0
    with pytest.raises(ValueError):
        wilson(11, 10)


# ---- the baseline -----------------------------------------------------------------------

def test_baseline_exact_model_rounds_to_the_published_table():
    assert {n: round(B.exact(n), 2) for n in B.PUBLISHED} == B.PUBLISHED


def test_baseline_simulation_reproduces_the_published_table(tmp_path):
    spec = Spec(script=None, counts=tuple(range(7, 16)), games=20_000, seed=11,
                arms=(("none", "none"),), baseline=B.NAME, batch_size=20_000)
    s = simulate(spec, tmp_path / "b", jobs=1, show=False)
    assert s["baseline"]["agrees"] == {str(n): True for n in range(7, 16)}
    for row in s["by_players"]:
        lo, hi = row["good_win_ci"]
        assert hi - lo < 0.015                  # tight: 20,000 games a count
        assert lo <= row["reference"]["model"] <= hi or abs(
            row["good_win_rate"] - row["reference"]["model"]) < 0.006
        assert sum(row["endings"].values()) == row["games"]
        assert set(row["endings"]) <= {"demon_executed", "two_alive", "no_good_left"}
    html = (tmp_path / "b" / "report.html").read_text()
    assert "Against the published table" in html and "RossFW" in html


def test_baseline_rules_in_small_cases():
    import random
    rng = random.Random(3)
    for n in (7, 8, 12, 15):
        for _ in range(200):
            r = B.play(n, rng)
            # executions at 3+ alive except 4: never more days than the table allows
            assert r["days"] <= n
            if r["code"] == "demon_executed":
                assert r["winner"] == "good"
            else:
                assert r["winner"] == "evil"
    # 8 players: days begin at 8, 6, 4 (nobody executed), 3 alive: good's chance exact
    assert abs(B.exact(8) - (1 - (7 / 8) * (5 / 6) * (2 / 3))) < 1e-12


# ---- determinism across jobs and backends, and resume -----------------------------------

SMALL = ["trouble-brewing", "--players", "7,10", "--games", "12", "--seed", "5",
         "--batch-size", "4", "--bots", "random"]


def _run_cli(args, out, **kw):
    return subprocess.run([sys.executable, "-c", "from clocktower.cli import main; main()",
                           "simulate", *args, "--out", str(out)],
                          capture_output=True, text=True, **kw)


@pytest.fixture(scope="module")
def reference_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("sim") / "jobs1"
    r = _run_cli(SMALL + ["--jobs", "1"], out, timeout=300)
    assert r.returncode == 0, r.stderr
    return out


def test_same_summary_at_jobs_1_and_2(reference_run, tmp_path):
    out = tmp_path / "jobs2"
    r = _run_cli(SMALL + ["--jobs", "2"], out, timeout=300)
    assert r.returncode == 0, r.stderr
    for f in ("summary.json", "games.csv"):
        assert (out / f).read_bytes() == (reference_run / f).read_bytes(), f


@pytest.mark.slow                   # starts a Ray cluster
def test_same_summary_with_the_ray_backend(reference_run, tmp_path):
    """A local Ray started by the command (2 CPUs) and shut down at its end."""
    out = tmp_path / "ray"
    r = _run_cli(SMALL + ["--jobs", "2", "--backend", "ray"], out, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "2 Ray jobs" in r.stdout
    for f in ("summary.json", "games.csv"):
        assert (out / f).read_bytes() == (reference_run / f).read_bytes(), f


CUT = ["trouble-brewing", "--players", "7,10", "--games", "100", "--seed", "8",
       "--batch-size", "2", "--bots", "random"]      # 100 small batches: time to interrupt


def _interrupt_after_two_batches(out, jobs: str):
    """`simulate CUT --jobs JOBS --out OUT` in a process, SIGINT once two batches are saved:
    (the process, its stderr)."""
    proc = subprocess.Popen([sys.executable, "-c", "from clocktower.cli import main; main()",
                             "simulate", *CUT, "--jobs", jobs, "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 120
    while time.time() < deadline and proc.poll() is None and (
            len(list((out / "batches").glob("*.jsonl")) if (out / "batches").is_dir() else [])
            < 2):
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    return proc, err


def test_interrupted_then_resumed_equals_uninterrupted(tmp_path):
    """Ctrl-C (SIGINT) after two batches are saved: exit 130, the batches kept; --resume
    plays only the missing ones, and the summary is the uninterrupted run's, byte for byte."""
    out = tmp_path / "cut"
    proc, err = _interrupt_after_two_batches(out, "1")
    assert proc.returncode == 130, err
    assert "interrupted" in err and "--resume" in err
    kept = len(list((out / "batches").glob("*.jsonl")))
    assert 2 <= kept < 100                         # 100 batches in all: 2 x 100 games / 2
    assert not (out / "summary.json").exists()
    again = _run_cli(CUT + ["--jobs", "1"], out, timeout=300)      # without --resume: refused
    assert again.returncode == 2 and "--resume" in again.stderr
    r = _run_cli(CUT + ["--jobs", "2", "--resume"], out, timeout=300)
    assert r.returncode == 0, r.stderr
    assert f"resuming: {kept} of 100 batches" in r.stdout
    sessions = [json.loads(x) for x in (out / "sessions.jsonl").read_text().splitlines()]
    assert sessions[-1]["batches"] == 100 - kept   # only the missing batches were played
    whole = tmp_path / "whole"
    spec = Spec(script=load_script("trouble-brewing"), counts=(7, 10), games=100, seed=8,
                arms=(("random", "random"),), batch_size=2)
    simulate(spec, whole, jobs=1, show=False)
    assert (out / "summary.json").read_bytes() == (whole / "summary.json").read_bytes()
    assert (out / "games.csv").read_bytes() == (whole / "games.csv").read_bytes()


def test_ctrl_c_with_a_process_pool_keeps_what_the_workers_finished(tmp_path):
    """SIGINT to a --jobs 2 run: pending batches are cancelled, running ones saved, exit 130;
    every saved batch equals the same batch of an uninterrupted run."""
    out = tmp_path / "pool"
    proc, err = _interrupt_after_two_batches(out, "2")
    assert proc.returncode == 130, err
    saved = sorted((out / "batches").glob("*.jsonl"))
    assert 2 <= len(saved) < 100
    spec = Spec(script=load_script("trouble-brewing"), counts=(7, 10), games=100, seed=8,
                arms=(("random", "random"),), batch_size=2)
    from clocktower.sim.run import run_batch
    for f in saved[:3]:
        b = int(f.stem)
        assert [json.loads(x) for x in f.read_text().splitlines()] == run_batch(spec, b)


def test_resume_refuses_another_run(reference_run, tmp_path):
    import shutil
    out = tmp_path / "copy"
    shutil.copytree(reference_run, out)
    r = _run_cli([a if a != "5" else "6" for a in SMALL] + ["--resume"], out, timeout=120)
    assert r.returncode == 2 and "seed: 5 then, 6 now" in r.stderr, r.stderr


# ---- the files --------------------------------------------------------------------------

def test_summary_and_csv_fields(reference_run):
    s = json.loads((reference_run / "summary.json").read_text())
    documented = {name for name, _ in FIELDS}
    assert set(s) <= documented
    assert set(s) >= documented - {"policy_table", "baseline"}
    assert s["run"]["players"] == [7, 10] and s["run"]["games"] == 12
    assert s["games"] == 24
    o = s["overall"]
    assert o["good_wins"] + o["evil_wins"] + o["no_result"] + s["unseated"]["count"] == 24
    for row in s["by_players"]:
        assert row["games"] == 12 and sum(row["endings"].values()) == 12
        lo, hi = row["good_win_ci"]
        assert lo <= row["good_win_rate"] <= hi
    with open(reference_run / "games.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0]) == CSV_FIELDS
    assert len(rows) == 24 and [int(r["index"]) for r in rows] == list(range(24))
    assert sum(r["winner"] == "good" for r in rows) == o["good_wins"]
    # a character's in-play count is the number of rows listing it
    for c in s["characters"]:
        assert c["in_play"] == sum(c["id"] in r["characters"].split() for r in rows), c["id"]
    assert sum(c["in_play"] for c in s["characters"] if c["id"] == "imp") == 24
    assert sum(r["games"] for r in s["by_outsiders"]) == 24
    for f in ("win_rate.png", "characters.png", "impact.png", "report.html", "manifest.json"):
        assert (reference_run / f).stat().st_size > 0
    html = (reference_run / "report.html").read_text()
    assert "data:image/png;base64," in html and "By player count" in html


def test_csv_seed_replays_the_game(reference_run):
    from clocktower import play_game
    with open(reference_run / "games.csv", newline="") as f:
        row = next(csv.DictReader(f))
    g = play_game("trouble-brewing", players=int(row["players"]), seed=int(row["seed"]))
    assert g.winner == row["winner"] and g.day == int(row["days"])
    assert int(row["seed"]) == game_seed(5, int(row["players"]), 0)


def test_help_documents_the_json_fields(cli):
    r = cli("simulate", "--help")
    assert r.exit_code == 0
    text = " ".join(r.output.split())
    for name, _ in FIELDS:
        assert f"{name}:" in text, name
    assert "good_win_ci" in text and "games.csv" in text


# ---- bad input --------------------------------------------------------------------------

@pytest.mark.parametrize("args,words", [
    (["no-such-script"], ["unknown script"]),
    (["trouble-brewing", "--players", "3-20"], ["--players", "5 to 15"]),
    (["trouble-brewing", "--players", "9-7"], ["--players"]),
    (["trouble-brewing", "--players", "x"], ["--players"]),
    (["trouble-brewing", "--games", "0"], ["--games"]),
    (["trouble-brewing", "--bots", "nobody"], ["unknown policy", "random"]),
    (["trouble-brewing", "--backend", "mpi"], ["--backend"]),
    (["--baseline", "coin-flip"], ["random-execution"]),
    ([], ["SCRIPT"]),
    (["the-saga-of-the-summoner", "--players", "14", "--games", "1"], ["14 players"]),
])
def test_bad_input_is_one_line_exit_2(cli, tmp_path, args, words):
    one_line_error(cli("simulate", *args, "--out", tmp_path / "o"), *words)


def test_unwritable_out(cli, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    one_line_error(cli("simulate", "trouble-brewing", "--games", "1", "--out",
                       blocker / "out"), "--out", "not a folder")


def test_ray_missing_says_how_to_install(cli, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)       # import ray raises ImportError
    one_line_error(cli("simulate", "trouble-brewing", "--backend", "ray", "--out",
                       tmp_path / "o"), "pip install", "clocktower[ray]")


def test_parse_players():
    assert parse_players("7-15") == tuple(range(7, 16))
    assert parse_players("5,7, 9") == (5, 7, 9)
    assert parse_players("10,5-6,10") == (5, 6, 10)


# ---- records ----------------------------------------------------------------------------

def _ev(t, **kw):
    return {"type": t, "phase": "day", "number": 1, "visible_to": "all", **kw}


def test_analyse_a_written_log():
    players = [{"name": n, "character": c, "alignment": a} for n, c, a in [
        ("A", "imp", "evil"), ("B", "poisoner", "evil"), ("C", "washerwoman", "good"),
        ("D", "drunk", "good"), ("E", "monk", "good"), ("F", "slayer", "good")]]
    log = [
        _ev("setup", script="x", seed=1, script_ids=[], players=players
            + [{"name": "T", "character": "thief", "alignment": None, "traveller": True}],
            not_dealt=[]),
        _ev("traveller_alignment", player="T", alignment="evil"),
        _ev("effect", kind="poisoned", target="C", source="B", ability="poisoner"),
        _ev("decision", kind="info", who="storyteller", answer={}, seq=1, player="C",
            ability="washerwoman", true=False),
        _ev("decision", kind="info", who="storyteller", answer={}, seq=2, player="D",
            ability="washerwoman", true=False),
        _ev("death_prevented", player="C", cause="demon", by="A", protector="monk"),
        _ev("day"),
        _ev("death", player="E", cause="demon", by="A"),
        _ev("death", player="T", cause="exile", by=None),
        _ev("day"),
        _ev("death", player="C", cause="execution", by=None),
        _ev("death", player="D", cause="demon", by="A"),
        _ev("day"),                                          # A, B, F alive: a final three
        _ev("death", player="A", cause="ability", by="F"),
        _ev("game_over", winner="good", reason="r", code="demon_dead"),
    ]
    r = analyse(log)
    assert r["chars"] == ["imp", "poisoner", "washerwoman", "drunk", "monk", "slayer"]
    assert r["trav"] == [["thief", "evil"]] and r["outsiders"] == 1
    assert r["ending"] == "demon_slain" and r["winner"] == "good" and r["days"] == 3
    assert r["final3"] is True
    assert r["impact"] == {"drunk": {"false_info": 1}, "imp": {"kills": 2},
                           "monk": {"kills_prevented": 1}, "poisoner": {"droisonings": 1},
                           "slayer": {"kills": 1}, "washerwoman": {"false_info": 1}}


def test_endings_agree_with_codes_in_real_games():
    from clocktower import play_game
    for seed in range(12):
        g = play_game("trouble-brewing", players=8, seed=seed, travellers=seed % 2)
        r = analyse(g.log)
        assert r["winner"] == g.winner and r["days"] == g.day
        if r["code"] == "demon_dead":
            assert r["ending"].startswith("demon_")
        else:
            assert r["ending"] == r["code"] or r["ending"] == f"ability:{r['ability']}"


# ---- policies ---------------------------------------------------------------------------

class _Recorder(RandomBot):
    """A random bot that notes the alignment its view showed at each decision."""
    seen: list = []

    def __call__(self, decision, view):
        _Recorder.seen.append((view.name, view.alignment, self.team))
        return super().__call__(decision, view)


def _recorder(team):
    def make(seed, name):
        b = _Recorder(seed, name)
        b.team = team
        return b
    return make


def test_policies_registry_and_default():
    assert "random" in POLICIES and isinstance(POLICIES["random"](1, "Ann"), RandomBot)
    assert default_policy() == ("reasoning" if "reasoning" in POLICIES else "random")
    agents = make_agents(["Ann", "Bob"], 3, "random", "random")
    assert all(isinstance(a, RandomBot) for a in agents.values())


def test_team_policy_answers_with_the_bot_of_the_players_own_alignment():
    from clocktower.play import new_game
    from clocktower.engine.runner import play
    register_policy("test-good", _recorder("good"))
    register_policy("test-evil", _recorder("evil"))
    try:
        names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
        agents = make_agents(names, 4, "test-good", "test-evil")
        assert all(type(a) is TeamPolicy for a in agents.values())   # no fast path: __call__
        _Recorder.seen = []
        play(new_game("trouble-brewing", 8, 4, agents=agents))
        assert _Recorder.seen
        assert {team for _, _, team in _Recorder.seen} == {"good", "evil"}
        assert all(align == team for _, align, team in _Recorder.seen)
        fast = make_agents(names, 4, "random", "test-evil")
        assert all(type(a) is TeamPolicy for a in fast.values())
        register_policy("random-2", lambda seed, name: RandomBot(seed + 1, name))
        both = make_agents(names, 4, "random", "random-2")
        assert all(type(a) is FastTeamPolicy for a in both.values())
    finally:
        for k in ("test-good", "test-evil", "random-2"):
            POLICIES.pop(k, None)


def test_policy_table_plays_every_pair_on_the_same_setups(tmp_path):
    register_policy("random-2", lambda seed, name: RandomBot(seed + 1, name))
    try:
        spec = Spec(script=load_script("trouble-brewing"), counts=(7,), games=6, seed=2,
                    arms=(("random", "random"), ("random", "random-2"),
                          ("random-2", "random"), ("random-2", "random-2")), batch_size=8)
        s = simulate(spec, tmp_path / "p", jobs=1, show=False)
    finally:
        POLICIES.pop("random-2", None)
    assert [(r["good"], r["evil"], r["games"]) for r in s["policy_table"]] == [
        ("random", "random", 6), ("random", "random-2", 6), ("random-2", "random", 6),
        ("random-2", "random-2", 6)]
    assert s["games"] == 6                                  # the tables: the primary pair
    with open(tmp_path / "p" / "games.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    by_arm = {}
    for r in rows:
        by_arm.setdefault((r["good_policy"], r["evil_policy"]), []).append(
            (r["seed"], r["characters"]))
    assert len(set(map(tuple, by_arm.values()))) == 1       # same seeds, same setups
    assert "Good policy × evil policy" in (tmp_path / "p" / "report.html").read_text()
