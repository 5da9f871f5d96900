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
from clocktower.sim.stats import mantel_haenszel, newcombe, paired_difference, wilson
from clocktower.sim.summary import FIELDS, summarise
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


def test_mantel_haenszel_against_a_hand_computed_example():
    """Two strata (a wins of n1 in play, c of n0 not): (8, 10, 30, 50) and (20, 40, 4, 10).
    Weights n1 n0 / N: 500/60 = 8.3333 and 400/50 = 8; the strata's differences 0.2 and
    0.1; RD = (8.3333 x 0.2 + 8 x 0.1) / 16.3333 = 2.4667 / 16.3333 = 0.151020.
    Sato: P1 = (100 x 30 - 2500 x 8 + 500 x 40 / 2) / 3600 = -7000 / 3600 = -1.944444,
    P2 = (1600 x 4 - 100 x 20 + 400 x (-30) / 2) / 2500 = -1600 / 2500 = -0.64,
    Q1 = (8 x 20 + 30 x 2) / 120 = 1.833333, Q2 = (20 x 6 + 4 x 20) / 100 = 2;
    Var = (0.151020 x (-2.584444) + 3.833333) / 16.3333^2 = 3.443029 / 266.7778 = 0.0129058;
    half-width 1.96 x 0.113604 = 0.222660."""
    rd, (lo, hi) = mantel_haenszel([(8, 10, 30, 50), (20, 40, 4, 10)])
    assert round(rd, 6) == 0.151020
    assert (round(lo, 4), round(hi, 4)) == (-0.0716, 0.3737)
    # one stratum: the plain difference, and Sato's variance is the binomial one
    rd, (lo, hi) = mantel_haenszel([(8, 10, 30, 50)])
    half = 1.959963984540054 * (0.8 * 0.2 / 10 + 0.6 * 0.4 / 50) ** 0.5
    assert abs(rd - 0.2) < 1e-12 and abs(hi - lo - 2 * half) < 1e-12
    # a stratum with nobody on one side weighs nothing; none left: no estimate
    assert mantel_haenszel([(8, 10, 30, 50), (5, 9, 0, 0)])[0] == rd
    assert mantel_haenszel([(5, 9, 0, 0), (0, 0, 3, 4)]) is None
    with pytest.raises(ValueError):
        mantel_haenszel([(11, 10, 0, 5)])


def test_paired_difference():
    # Agresti and Min's adjusted Wald: 1/2 added to each cell of the paired table
    d, (lo, hi) = paired_difference(15, 5, 100)
    assert d == 0.1
    bb, cc, nn = 15.5, 5.5, 102
    half = 1.959963984540054 * (((bb + cc) - (bb - cc) ** 2 / nn) / nn ** 2) ** 0.5
    assert abs(lo - ((bb - cc) / nn - half)) < 1e-12 and abs(hi - ((bb - cc) / nn + half)) < 1e-12
    assert paired_difference(0, 0, 50)[0] == 0 and paired_difference(0, 0, 50)[1][0] < 0


SPEC = {"arms": [{"good": "random", "evil": "random", "storyteller": "auto"}],
        "players": [7, 10], "baseline": None}


def _rec(n, winner, chars, code="demon_dead", impact=None, **designer):
    return {"arm": 0, "players": n, "winner": winner, "code": code, "ending": "demon_executed",
            "final3": False, "days": 3, "outsiders": 0, "chars": chars, "trav": [],
            "impact": impact if impact is not None else {c: {"acted": 1} for c in chars},
            "confirmed": 0, "confirmed_day": None, "outsiders_public": None, "misinfo": 0,
            "final_day": False, **designer}


def _games(n, with_chef, wins_with, without, wins_without):
    out = []
    for k in range(with_chef):
        out.append(_rec(n, "good" if k < wins_with else "evil", ["imp", "chef"]))
    for k in range(without):
        out.append(_rec(n, "good" if k < wins_without else "evil", ["imp", "empath"]))
    return out


def test_effects_are_compared_within_player_count():
    """Simpson: good wins about 70% at 7 players and 30% at 10; the Chef is dealt in 900
    of 1000 games at 7 and 100 of 1000 at 10, and costs good 10 points at each count.
    Pooled, the Chef looks like +22 points (560/1000 with it, 340/1000 without: it is
    mostly dealt where good wins anyway); within player count it is -10, at each count and
    overall, and both intervals exclude 0."""
    recs = _games(7, 900, 540, 100, 70) + _games(10, 100, 20, 900, 270)
    s = summarise(SPEC, recs, ["chef", "empath", "imp"])
    chef = next(c for c in s["characters"] if c["id"] == "chef")
    assert round(chef["effect_pooled"], 6) == 0.22
    assert chef["effect_pooled_ci"][0] > 0                      # "significant", and wrong
    assert round(chef["effect"], 6) == -0.1
    assert -0.2 < chef["effect_ci"][0] < -0.1 < chef["effect_ci"][1] < 0
    assert [(e["players"], round(e["effect"], 6)) for e in chef["effect_by_players"]] == [
        (7, -0.1), (10, -0.1)]
    imp = next(c for c in s["characters"] if c["id"] == "imp")
    assert imp["effect"] is None and imp["not_measured"].startswith("in play in every game")


def test_not_measured_characters():
    """Never dealt, an ability that fired in under 1% of its games, a win condition never
    reached: listed, and no effect given."""
    recs = []
    for k in range(200):
        chars = ["imp", "goblin", "monk"] if k % 2 else ["imp", "empath"]
        impact = {"imp": {"kills": 1}, "goblin": {"acted": 1}} if k % 2 else {
            "imp": {"kills": 1}, "empath": {"acted": 1}}
        if k == 1:
            impact["monk"] = {"kills_prevented": 1}       # fired once in 100: 1%, measured
        if k == 3:
            impact["monk"] = {"acted": 1}
        recs.append(_rec(7 if k % 4 < 2 else 10, "good" if k % 3 else "evil", chars,
                         impact=impact))
    s = summarise(SPEC, recs, ["monk", "empath", "goblin", "chef", "imp"])
    why = {w["id"]: w["why"] for w in s["not_measured"]}
    assert set(why) == {"chef", "goblin"}
    assert why["chef"] == "never dealt"
    assert "win condition (goblin) was never reached in its 100 games" in why["goblin"]
    rows = {c["id"]: c for c in s["characters"]}
    assert rows["goblin"]["effect"] is None and rows["goblin"]["effect_by_players"] == []
    assert rows["monk"]["fired"] == 2 and rows["monk"]["effect"] is not None
    recs = [dict(r, impact={k: v for k, v in r["impact"].items() if k != "monk"})
            for r in recs]
    s = summarise(SPEC, recs, ["monk", "empath", "goblin", "imp"])
    why = {w["id"]: w["why"] for w in s["not_measured"]}
    assert why["monk"] == "its ability fired in 0 of the 100 games it was in (under 1%)"
    assert {c["id"]: c["effect"] for c in s["characters"]}["monk"] is None


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


@pytest.mark.slow
def test_same_summary_on_a_two_node_ray_cluster(reference_run, tmp_path):
    """--backend ray --ray-address: a cluster of two nodes on this machine (a head and a
    worker node, one CPU each, as `ray start --head` and `ray start --address` would make
    them), the command connecting to it as to a real cluster: the same files as --jobs 1."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    from ray.cluster_utils import Cluster
    cluster = Cluster(initialize_head=True, connect=False,
                      head_node_args={"num_cpus": 1, "include_dashboard": False})
    try:
        cluster.add_node(num_cpus=1)
        cluster.wait_for_nodes()
        out = tmp_path / "cluster"
        r = _run_cli(SMALL + ["--backend", "ray", "--ray-address", cluster.address], out,
                     timeout=600)
        assert r.returncode == 0, r.stderr
        for f in ("summary.json", "games.csv"):
            assert (out / f).read_bytes() == (reference_run / f).read_bytes(), f
        session = json.loads((out / "sessions.jsonl").read_text().splitlines()[-1])
        rows = (out / "games.csv").read_text().count("\n") - 1
        assert session["backend"] == "ray" and session["games"] == rows > 24
    finally:
        cluster.shutdown()


CUT = ["trouble-brewing", "--players", "7,10", "--games", "100", "--seed", "8",
       "--batch-size", "2", "--bots", "random", "--sensitivity", "0"]      # 100 small batches: time to interrupt


def _interrupt_after_two_batches(out, jobs: str, command=("simulate", *CUT)):
    """`clocktower COMMAND --jobs JOBS --out OUT` (default: `simulate CUT`) in a process,
    SIGINT once two batches are saved: (the process, its stderr)."""
    proc = subprocess.Popen([sys.executable, "-c", "from clocktower.cli import main; main()",
                             *command, "--jobs", jobs, "--out", str(out)],
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
    assert len(sessions) == 2                      # the interrupted invocation, the resumed one
    assert sessions[0]["interrupted"] is True and sessions[0]["batches"] == kept
    assert sessions[-1]["interrupted"] is False
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


def test_resume_of_another_script_says_what_differs_in_one_line(reference_run, cli, tmp_path):
    import shutil
    out = tmp_path / "copy"
    shutil.copytree(reference_run, out)
    r = cli("simulate", *(["regalia"] + SMALL[1:]), "--resume", "--out", out)
    one_line_error(r, "script: Trouble Brewing then, Regalia now (23 characters differ)")
    assert len(r.output) < 300, r.output
    edited = tmp_path / "tb-witch.json"
    sc = load_script("trouble-brewing")
    edited.write_text(json.dumps([{"id": "_meta", "name": sc.name}]
                                 + [c if c != "poisoner" else "witch" for c in sc.characters]))
    r = cli("simulate", *([str(edited)] + SMALL[1:]), "--resume", "--out", out)
    one_line_error(r, "script characters: +witch, -poisoner")
    r = cli("simulate", *(SMALL + ["--sensitivity", "0", "--storyteller", "neutral"]),
            "--resume", "--out", out)
    one_line_error(r, "policies: good random/evil random/Storyteller auto then, good "
                      "random/evil random/Storyteller neutral now", "sensitivity: 2 games a "
                      "count then, none now")


@pytest.mark.parametrize("files", [["games.csv"], ["report.html", "notes.txt"], ["mine"]])
def test_out_holding_files_the_simulator_did_not_write_is_refused(cli, tmp_path, files):
    out = tmp_path / "o"
    out.mkdir()
    for f in files:
        (out / f).write_text("the user's own\n")
    one_line_error(cli("simulate", "trouble-brewing", "--games", "1", "--out", out),
                   "--out", "did not write", files[0], "new or empty folder")
    assert sorted(p.name for p in out.iterdir()) == sorted(files)       # nothing touched
    assert all((out / f).read_text() == "the user's own\n" for f in files)


def test_an_empty_out_folder_is_used(tmp_path):
    out = tmp_path / "empty"
    out.mkdir()
    spec = Spec(script=load_script("trouble-brewing"), counts=(7,), games=1, seed=1,
                arms=(("random", "random"),), batch_size=1)
    simulate(spec, out, jobs=1, show=False)
    assert (out / "summary.json").exists()


# ---- the files --------------------------------------------------------------------------

def test_summary_and_csv_fields(reference_run):
    s = json.loads((reference_run / "summary.json").read_text())
    documented = {name for name, _ in FIELDS}
    assert set(s) <= documented
    assert set(s) >= documented - {"policy_table", "baseline", "compare", "where"}
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
    # then the sensitivity panel's: 2 games a count (12 // 5) with the neutral Storyteller
    # (the bots are random already), on the primary's first seeds
    panel = rows[24:]
    rows = rows[:24]
    assert [int(r["index"]) for r in rows + panel] == list(range(28))
    assert {r["storyteller"] for r in rows} == {"auto"} and {r["storyteller"] for r in panel} == {"neutral"}
    assert sorted(r["seed"] for r in panel) == sorted(r["seed"] for r in rows[:4])
    assert s["sensitivity"]["games"] == 2
    assert [a["storyteller"] for a in s["sensitivity"]["alternatives"]] == ["neutral"]
    for row in s["sensitivity"]["by_players"]:              # the panel, from the CSV
        n = str(row["players"])
        prim = {r["seed"]: r["winner"] == "good" for r in rows[:4] if r["players"] == n}
        alt = {r["seed"]: r["winner"] == "good" for r in panel if r["players"] == n}
        assert row["primary"]["good_wins"] == sum(prim.values())
        a = row["alternatives"][0]
        assert a["good_wins"] == sum(alt.values()) and a["pairs"] == 2
        assert a["difference"] == (sum(alt.values()) - sum(prim.values())) / 2
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


def _replay_row(cli, row, tmp_path):
    """Run the row's `command` (clocktower play ...) with --log, and read the log's record."""
    import shlex
    words = shlex.split(row["command"])
    assert words[:2] == ["clocktower", "play"]
    log = tmp_path / f"replay-{row['index']}.jsonl"
    r = cli(*words[1:], "--quiet", "--log", log)
    assert r.exit_code == 0, r.output
    return analyse([json.loads(x) for x in log.read_text().splitlines()])


def _same_game(rec, row):
    assert rec["winner"] == row["winner"] and rec["days"] == int(row["days"])
    assert " ".join(rec["chars"]) == row["characters"]
    assert rec["ending"] == row["ending"] and rec["code"] == row["reason"]


def test_csv_commands_replay_their_games(reference_run, cli, tmp_path):
    """Sampled rows of games.csv, each replayed by its own command: the same game (setup,
    winner, ending, length), for both Storytellers of the run."""
    with open(reference_run / "games.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert int(rows[0]["seed"]) == game_seed(5, int(rows[0]["players"]), 0)
    sample = rows[::7] + [r for r in rows if r["storyteller"] == "neutral"][:2]
    assert {r["storyteller"] for r in sample} == {"auto", "neutral"}
    for row in sample:
        assert row["command"].startswith("clocktower play --script trouble-brewing --players ")
        assert f"--good-bots {row['good_policy']} --evil-bots {row['evil_policy']} " \
               f"--storyteller {row['storyteller']} --seed {row['seed']}" in row["command"]
        _same_game(_replay_row(cli, row, tmp_path), row)


def test_csv_commands_replay_mixed_bots_and_travellers(cli, tmp_path):
    """Reasoning good against random evil, with a Traveller: the row's command replays it."""
    spec = Spec(script=load_script("trouble-brewing"), counts=(7,), games=2, seed=3,
                travellers=1, arms=(("reasoning", "random", "auto"),), batch_size=2)
    simulate(spec, tmp_path / "m", jobs=1, show=False)
    with open(tmp_path / "m" / "games.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        assert "--travellers 1 --good-bots reasoning --evil-bots random" in row["command"]
        rec = _replay_row(cli, row, tmp_path)
        _same_game(rec, row)
        assert " ".join(f"{c}:{a}" for c, a in rec["trav"]) == row["traveller_characters"]


AB = ["trouble-brewing", "--players", "7,10", "--games", "12", "--seed", "5", "--batch-size",
      "5", "--bots", "random", "--sensitivity", "0", "--swap", "poisoner=witch"]


@pytest.fixture(scope="module")
def ab_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("ab") / "jobs1"
    r = _run_cli(AB + ["--jobs", "1", "--where", "baron & drunk"], out, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "A/B: good's win rate on the same seeds" in r.stdout
    return out


def test_swap_plays_both_scripts_on_the_same_seeds(ab_run, cli, tmp_path):
    """--swap poisoner=witch: script B on the same seeds as A (the same seating, the same
    setup with the Witch where A dealt the Poisoner); the paired difference per count is
    B's wins minus A's on those seeds; B's rows replay from the script written beside."""
    s = json.loads((ab_run / "summary.json").read_text())
    cmp = s["compare"]
    assert cmp["removed"] == ["poisoner"] and cmp["added"] == ["witch"]
    assert cmp["swap"] == [["poisoner", "witch"]]
    with open(ab_run / "games.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    a = {(r["players"], r["seed"]): r for r in rows if r["script"] == "A"}
    b = {(r["players"], r["seed"]): r for r in rows if r["script"] == "B"}
    assert set(a) == set(b) and len(a) == 24
    for k, ra in a.items():
        assert rb["characters"] == ra["characters"].replace("poisoner", "witch") \
            if (rb := b[k]) else False
        assert "poisoner" not in rb["characters"]
    for row in cmp["by_players"] + [{"players": None, **cmp["overall"]}]:
        keys = [k for k in a if row["players"] in (None, int(k[0]))]
        only_b = sum(b[k]["winner"] == "good" and a[k]["winner"] != "good" for k in keys)
        only_a = sum(a[k]["winner"] == "good" and b[k]["winner"] != "good" for k in keys)
        d, dci = paired_difference(only_b, only_a, len(keys))
        assert row["pairs"] == len(keys) and row["difference"] == d
        assert row["difference_ci"] == list(dci)
        assert row["b"]["good_wins"] == sum(b[k]["winner"] == "good" for k in keys)
    ids = {c["id"]: c for c in cmp["characters"]}
    assert ids["poisoner"]["b"] is None and ids["witch"]["a"] is None
    assert ids["imp"]["a"]["in_play"] == ids["imp"]["b"]["in_play"] == 24
    # the tables describe A alone; B's games are not in them
    assert s["games"] == 24 and sum(c["id"] == "witch" for c in s["characters"]) == 0
    assert (ab_run / "script-b.json").exists()
    row = next(r for r in rows if r["script"] == "B" and "witch" in r["characters"])
    assert f"--script {ab_run / 'script-b.json'} " in row["command"]
    _same_game(_replay_row(cli, row, tmp_path), row)
    # --where: good's win rate in the games with the setup, from the rows
    w = s["where"][0]
    assert w["characters"] == "baron & drunk"
    match = [r for r in a.values() if {"baron", "drunk"} <= set(r["characters"].split())]
    assert w["overall"]["games"] == len(match)
    assert w["overall"]["good_wins"] == sum(r["winner"] == "good" for r in match)
    # designer measures: the CSV's columns summed
    d = s["designer"]["overall"]
    assert d["confirmed"]["games"] == sum(int(r["confirmed"]) > 0 for r in a.values())
    assert d["final_day"]["games"] == sum(r["final_day"] == "1" for r in a.values())
    assert d["misinfo_mean"] == sum(int(r["misinfo"]) for r in a.values()) / 24
    html = (ab_run / "report.html").read_text()
    assert "A/B: " in html and "Designer measures" in html and "Setups" in html


def test_an_ab_run_is_the_same_at_jobs_2_and_after_resume(ab_run, tmp_path):
    out = tmp_path / "ab2"
    r = _run_cli(AB + ["--jobs", "2", "--where", "baron & drunk"], out, timeout=300)
    assert r.returncode == 0, r.stderr
    assert (out / "summary.json").read_bytes() == (ab_run / "summary.json").read_bytes()
    # B's rows replay from OUT/script-b.json: the same but for the folder's name
    assert (out / "games.csv").read_text() == (ab_run / "games.csv").read_text().replace(
        str(ab_run), str(out))
    # --where is not part of the run: a finished run resumed with another setup re-reads it
    r = _run_cli(AB + ["--resume", "--where", "imp & !spy"], out, timeout=300)
    assert r.returncode == 0, r.stderr
    s = json.loads((out / "summary.json").read_text())
    assert [w["characters"] for w in s["where"]] == ["imp & !spy"]
    # another swap is another run
    r = _run_cli([x if x != "poisoner=witch" else "poisoner=vizier" for x in AB] + ["--resume"],
                 out, timeout=120)
    assert r.returncode == 2 and "compare: swap poisoner=witch then" in r.stderr


def test_compare_a_script_file(tmp_path, cli):
    """--compare B.json: B as a file; the rows of B replay from its path."""
    from clocktower.scripts import dump_script
    tb = load_script("trouble-brewing")
    b = tmp_path / "b.json"
    b.write_text(dump_script(tb))
    r = cli("simulate", "trouble-brewing", "--players", "7", "--games", "4", "--bots",
            "random", "--sensitivity", "0", "--compare", b, "--jobs", "1", "--out",
            tmp_path / "o")
    assert r.exit_code == 0, r.output
    s = json.loads((tmp_path / "o" / "summary.json").read_text())
    # the same script both ways: every seed plays the same game, the difference is 0
    assert s["compare"]["overall"]["difference"] == 0.0
    assert s["compare"]["overall"]["good_only_in_a"] == s["compare"]["overall"]["good_only_in_b"] == 0
    rows = list(csv.DictReader(open(tmp_path / "o" / "games.csv", newline="")))
    assert [r["script"] for r in rows] == ["A", "B"] * 4
    assert all(f"--script {b} " in r["command"] for r in rows if r["script"] == "B")


@pytest.mark.parametrize("args,words", [
    (["--swap", "chef=pukka"], ["chef", "Demon", "Townsfolk", "--compare"]),
    (["--swap", "gambler=chef"], ["gambler", "not on Trouble Brewing"]),
    (["--swap", "poisoner=nobody"], ["nobody", "not an official character"]),
    (["--swap", "poisoner=godfather"], ["Godfather", "not implemented yet", "one of the 71"]),
    (["--swap", "poisoner=spy"], ["Spy", "on the script already"]),
    (["--swap", "poisoner=gunslinger"], ["Gunslinger", "Traveller"]),
    (["--swap", "poisoner"], ["OLD=NEW"]),
    (["--swap", "poisoner=witch", "--compare", "regalia"], ["--compare and --swap"]),
    (["--where", "baron & "], ["--where", "ends too soon"]),
    (["--where", "baron & pukka"], ["--where", "'pukka' is not a character of the script"]),
    (["--where", "(baron"], ["--where", "not closed"]),
])
def test_ab_and_where_refusals_are_one_line(cli, tmp_path, args, words):
    one_line_error(cli("simulate", "trouble-brewing", "--players", "7", "--games", "2",
                       *args, "--out", tmp_path / "o"), *words)
    assert not (tmp_path / "o").exists()


def test_unplayable_script_is_refused_before_out_is_made(cli, tmp_path):
    """A script with a character the engine does not play: one line, and no out folder
    (the refusal used to leave an empty batches folder behind)."""
    f = tmp_path / "s.json"
    f.write_text(json.dumps([{"id": "_meta", "name": "Unplayable"}, "washerwoman", "chef",
                             "empath", "investigator", "librarian", "monk", "soldier",
                             "butler", "saint", "poisoner", "imp", "noble"]))
    one_line_error(cli("simulate", str(f), "--players", "7", "--games", "2",
                       "--out", tmp_path / "o"), "not implemented yet", "noble")
    assert not (tmp_path / "o").exists()


def test_baseline_refuses_compare_swap_where(cli, tmp_path):
    for args in (["--compare", "regalia"], ["--swap", "a=b"], ["--where", "imp"]):
        one_line_error(cli("simulate", "--baseline", "random-execution", *args, "--out",
                           tmp_path / "o"), "--baseline", args[0])


def test_where_expressions_and_pairs_by_hand():
    """Synthetic games: good's win rate with a setup, with brackets and negation, and the
    pairs table (a pair listed once in play together and apart in PAIR_MIN games each)."""
    from clocktower.sim.summary import PAIR_MIN, parse_where
    chars = ["imp", "baron", "drunk", "spy", "chef"]
    text, tree = parse_where(" Baron&(drunk | !Spy) ", chars)
    assert text == "baron & (drunk | !spy)"
    recs = ([_rec(7, "good", ["imp", "baron", "drunk"])] * 40
            + [_rec(7, "evil", ["imp", "baron", "spy"])] * 40
            + [_rec(7, "evil", ["imp", "chef"])] * 20 + [_rec(7, "good", ["imp", "chef"])] * 20
            + [_rec(7, "good", ["imp", "drunk", "chef"])] * 10
            + [_rec(7, "evil", ["imp", "drunk", "chef"])] * 10)
    spec = {"players": [7], "games": 140, "arms": [{"good": "random", "evil": "random",
                                                     "storyteller": "auto"}]}
    s = summarise(spec, recs, chars, where=["baron & (drunk | !spy)", "!baron"])
    w, nb = s["where"]
    assert (w["overall"]["games"], w["overall"]["good_wins"]) == (40, 40)
    assert w["overall"]["without"]["games"] == 100
    assert abs(w["overall"]["difference"] - (1 - 30 / 100)) < 1e-12
    assert (nb["overall"]["games"], nb["overall"]["good_wins"]) == (60, 30)
    pairs = {tuple(p["pair"]): p for p in s["pairs"]["rows"]}
    assert PAIR_MIN <= 40
    assert pairs[("baron", "drunk")]["games"] == 40
    assert abs(pairs[("baron", "drunk")]["difference"] - (1 - 30 / 100)) < 1e-12
    # left out: the Imp is in every game (the pair is the other's own effect), the Spy only
    # with the Baron (the same), the Drunk and the Chef together in too few games
    assert ("imp", "baron") not in pairs and ("baron", "spy") not in pairs
    assert ("drunk", "chef") not in pairs and list(pairs) == [("baron", "drunk")]


def test_help_is_the_options_and_help_json_the_fields(cli):
    r = cli("simulate", "--help")
    assert r.exit_code == 0
    assert "<bool>" not in r.output                         # flags show no value type
    assert "good_win_ci" not in r.output and "--help-json" in r.output
    for opt in ("--games", "--bots", "--storyteller", "--sensitivity", "--jobs", "--out"):
        assert opt in r.output
    for default in ("default: reasoning", "default: auto", "default: every core",
                    "default: 1000", "default: a fifth of --games"):
        assert default in " ".join(r.output.replace("│", " ").split()), default
    r = cli("simulate", "--help-json")
    assert r.exit_code == 0
    text = " ".join(r.output.split())
    for name, _ in FIELDS:
        assert f"{name}:" in text, name
    assert "good_win_ci" in text and "games.csv" in text and "command" in text
    doc = (Path(__file__).parent.parent / "docs" / "simulator.md").read_text()
    for name, _ in FIELDS:
        assert f"| `{name}` |" in doc, name
    for col in CSV_FIELDS:
        assert col in doc, col


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
    (["--baseline", "random-execution", "--bots", "random"], ["--baseline", "--bots"]),
    (["--baseline", "random-execution", "--storyteller", "auto"], ["--storyteller"]),
    (["--baseline", "random-execution", "--sensitivity", "5"], ["--sensitivity"]),
    (["--baseline", "random-execution", "--good-bots", "random", "--policy-table", "all"],
     ["--good-bots", "--policy-table"]),
    (["trouble-brewing", "--bots", "random", "--good-bots", "random", "--evil-bots",
      "random"], ["--bots", "ignored"]),
    (["trouble-brewing", "--ray-address", "auto"], ["--ray-address", "--backend ray"]),
    (["trouble-brewing", "--storyteller", "lenient"], ["--storyteller", "neutral"]),
    (["trouble-brewing", "--games", "10", "--sensitivity", "11"], ["--sensitivity", "10"]),
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
        _ev("game_over", winner="good", reason="r", code="demon_dead",
            results={"E": "lose"}),
    ]
    r = analyse(log)
    assert r["chars"] == ["imp", "poisoner", "washerwoman", "drunk", "monk", "slayer"]
    assert r["trav"] == [["thief", "evil"]] and r["outsiders"] == 1
    assert r["ending"] == "demon_slain" and r["winner"] == "good" and r["days"] == 3
    assert r["final3"] is True
    assert r["impact"] == {"drunk": {"false_info": 1}, "imp": {"kills": 2},
                           "monk": {"kills_prevented": 1, "own_result": 1},
                           "poisoner": {"acted": 1, "droisonings": 1},
                           "slayer": {"kills": 1}, "washerwoman": {"false_info": 1}}
    # designer measures: the shot that killed the Demon ended the game in that phase, so
    # nobody was confirmed while the game went on; the Drunk and the Poisoner are the
    # sources of misinformation; decided on a day that began with three alive
    assert r["confirmed"] == 0 and r["confirmed_day"] is None
    assert r["misinfo"] == 2 and r["final_day"] is True and r["outsiders_public"] is None


def _designer_log(script_ids, extra_day1, end_day=3):
    players = [{"name": n, "character": c, "alignment": a} for n, c, a in [
        ("A", "imp", "evil"), ("B", "baron", "evil"), ("C", "virgin", "good"),
        ("D", "saint", "good"), ("E", "chef", "good"), ("F", "slayer", "good"),
        ("G", "recluse", "good")]]
    claims = [_ev("claim", player=n, character=c) for n, c in [
        ("A", "chef"), ("B", "monk"), ("C", "virgin"), ("D", "saint"), ("E", "chef"),
        ("F", "slayer")]]
    return [_ev("setup", script="x", seed=1, script_ids=script_ids, players=players,
                not_dealt=[]),
            _ev("night", phase="night"), _ev("dawn", phase="night", deaths=[]),
            _ev("day"), *claims, *extra_day1,
            _ev("claim", player="G", character="recluse"),      # everyone has claimed now
            _ev("night", phase="night", number=2),
            _ev("death", phase="night", number=2, player="E", cause="demon", by="A",
                visible_to="storyteller"),
            _ev("day", number=2),
            _ev("game_over", number=end_day, winner="good", reason="r", code="demon_dead")]


def test_designer_measures_from_public_events():
    """Hard-confirmed by public facts: the Virgin whose trigger executed her nominator (and
    the nominator, a Townsfolk, when no character of the script can register as one
    falsely: the Spy can); a public Slayer shot that killed. The Outsider count is public
    once everyone has claimed and the Outsider claimants are exactly the Outsiders dealt."""
    virgin = [_ev("nominate", by="E", target="C"),
              _ev("ability_triggered", ability="virgin", player="C", target="E"),
              _ev("execution", player="E", votes=None)]
    tb_no_spy = ["imp", "baron", "virgin", "saint", "chef", "slayer", "recluse", "monk"]
    r = analyse(_designer_log(tb_no_spy, virgin))
    assert r["confirmed"] == 2 and r["confirmed_day"] == 1
    assert r["outsiders_public"] == 1          # D (Saint) and G (Recluse): the Outsiders dealt
    r = analyse(_designer_log(tb_no_spy + ["spy"], virgin))
    assert r["confirmed"] == 1                 # the Spy might have registered as a Townsfolk
    # the Slayer's public shot that killed its target; a shot followed by nothing proves
    # nothing, and neither does a death that is not the shot's
    shot = [_ev("claim_ability", player="F", character="slayer", target="B"),
            _ev("death", player="B", cause="ability", by="F")]
    assert analyse(_designer_log(tb_no_spy, shot))["confirmed"] == 1
    miss = [_ev("claim_ability", player="F", character="slayer", target="B"),
            _ev("nothing_happens", ability="slayer", player="F", target="B"),
            _ev("death", player="B", cause="ability", by="F")]
    assert analyse(_designer_log(tb_no_spy, miss))["confirmed"] == 0
    # an evil claimant of an Outsider: the claims no longer give the Outsider count
    lie = [_ev("claim", player="B", character="saint")]
    r = analyse(_designer_log(tb_no_spy, lie))
    assert r["outsiders_public"] is None and r["confirmed"] == 0
    assert r["misinfo"] == 0 and r["final_day"] is False      # 6 alive on the last day


def test_designer_measures_in_real_games_agree_with_their_definitions():
    """Reasoning bots on Trouble Brewing: a Virgin's public trigger confirms its holder; a
    game with a Drunk never has its Outsider count public (the Drunk claims a Townsfolk)."""
    from clocktower.engine.runner import play
    from clocktower.play import NAMES, new_game
    seen_confirmed = seen_public = 0
    for seed in range(8):
        g = new_game(load_script("trouble-brewing"), 9, seed,
                     agents=make_agents(NAMES[:9], seed, "reasoning", "reasoning"))
        play(g)
        r = analyse(g.log)
        public = [e for e in g.log if e["visible_to"] == "all"]
        triggers = [e for e in public if e["type"] == "ability_triggered"
                    and e["ability"] == "virgin"]
        if triggers and public[-1]["number"] > triggers[0]["number"]:
            assert r["confirmed"] >= 1
        if "drunk" in r["chars"]:
            assert r["outsiders_public"] is None
        seen_confirmed += r["confirmed"] > 0
        seen_public += r["outsiders_public"] is not None
    assert seen_confirmed and seen_public


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

def test_the_neutral_storyteller_takes_every_game_as_even():
    from clocktower import play_game
    from clocktower.storyteller import AutoStoryteller, storyteller_policy
    g = play_game("trouble-brewing", players=9, seed=3)
    auto, neutral = storyteller_policy("auto", 3), storyteller_policy("neutral", 3)
    assert type(auto) is AutoStoryteller and auto.lean and not neutral.lean
    assert auto.standing(g) != 0                        # a finished game is not even
    assert neutral.standing(g) == 0 and neutral.good_ahead(g) == 0
    assert neutral.p_false(g) == 0.5 and neutral.p_misregister(g) == 0.25
    with pytest.raises(ValueError):
        storyteller_policy("ask", 3)


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


def test_workers_fork_warm_without_other_threads_else_spawn():
    """`start_pool` forks its workers (the engine imported already) while this process has
    no other thread, and spawns them while one runs (a fork then could deadlock)."""
    import sys
    import threading
    from clocktower.sim.run import start_pool
    if threading.active_count() != 1 or not sys.platform.startswith("linux"):
        pytest.skip("needs Linux and a process with one thread")
    with start_pool(1) as ex:
        assert ex._mp_context.get_start_method() == "fork"
        assert ex.submit(sum, [1, 2]).result() == 3
    stop = threading.Event()
    t = threading.Thread(target=stop.wait)
    t.start()
    try:
        with start_pool(1) as ex:
            assert ex._mp_context.get_start_method() == "spawn"
    finally:
        stop.set()
        t.join()


def test_final_day_counts_the_truly_alive_not_the_zombuuls_seeming_death():
    """The Zombuul's first death is declared but it lives (its reminder says
    `apparent_death`): a day that began with two players publicly alive and the Zombuul is a
    day with three truly alive, the final day, on which the execution gave evil its win
    (the Summoner's script: most of its evil wins were counted as decided early)."""
    players = [{"name": n, "character": c, "alignment": a} for n, c, a in [
        ("A", "zombuul", "evil"), ("B", "chef", "good"), ("C", "monk", "good"),
        ("D", "empath", "good"), ("E", "slayer", "good")]]
    log = [_ev("setup", script="x", seed=1, players=players, not_dealt=[]),
           _ev("night", phase="night"), _ev("day"),
           _ev("execution", player="A", votes=3),
           _ev("reminder", token="Dead", player="A", ability="zombuul",
               visible_to="storyteller", apparent_death=True),
           _ev("death", player="A", cause="execution", by=None),
           _ev("night", phase="night", number=2),
           _ev("death", phase="night", number=2, player="B", cause="demon", by="A",
               visible_to="storyteller"),
           _ev("day", number=2),                        # A (seemingly dead), C, D, E
           _ev("execution", player="E", votes=2),
           _ev("death", player="E", cause="execution", by=None),
           _ev("night", phase="night", number=3),     # somebody died today: no kill
           _ev("day", number=3),                        # A, C, D: publicly two alive
           _ev("execution", player="D", votes=1),
           _ev("death", player="D", cause="execution", by=None),
           _ev("game_over", number=3, winner="evil", reason="r", code="two_alive")]
    r = analyse(log)
    assert r["final_day"] is True and r["final3"] is True


def test_a_dead_player_summoned_into_the_zombuul_counts_as_truly_alive():
    """The Summoner-Zombuul jinx: the summoned dead player lives from the summoning on (its
    reminder says `secretly_alive`; no death event follows), so the day after begins with
    five truly alive and is not a final day."""
    players = [{"name": n, "character": c, "alignment": a} for n, c, a in [
        ("A", "summoner", "evil"), ("B", "chef", "good"), ("C", "monk", "good"),
        ("D", "empath", "good"), ("E", "slayer", "good"), ("F", "mayor", "good")]]
    log = [_ev("setup", script="x", seed=1, players=players, not_dealt=[]),
           _ev("night", phase="night"), _ev("day"),
           _ev("execution", player="B", votes=3),
           _ev("death", player="B", cause="execution", by=None),
           _ev("night", phase="night", number=2), _ev("day", number=2),
           _ev("execution", player="C", votes=3),
           _ev("death", player="C", cause="execution", by=None),
           _ev("night", phase="night", number=3),
           _ev("character_change", player="B", old="chef", new="zombuul",
               visible_to="storyteller"),
           _ev("reminder", token="Dead", player="B", ability="zombuul",
               visible_to="storyteller", secretly_alive=True),
           _ev("day", number=3),                        # A, D, E, F and B secretly alive
           _ev("execution", player="F", votes=3),
           _ev("death", player="F", cause="execution", by=None),
           _ev("game_over", number=3, winner="evil", reason="r", code="x")]
    r = analyse(log)
    assert r["final_day"] is False          # five truly alive when day 3 began
    log[11:12] = []                         # without the reminder: four, a final day
    assert analyse(log)["final_day"] is True
