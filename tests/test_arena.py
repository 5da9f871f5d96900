"""`clocktower arena` (clocktower/sim/arena.py): mirrored seeds, ratings, event counts, logs
kept and replayable, resume, jobs, the Storyteller benchmark, llm agents on a fake endpoint."""
from __future__ import annotations

import csv
import json
import math

import pytest

from clocktower.sim.arena import ELO, ArenaSpec, fit_ratings, lies, ratings

from conftest import one_line_error
from fakellm import FakeLLM


def rows(out):
    with open(out / "games.csv", newline="") as f:
        return list(csv.DictReader(f))


def summary(out):
    return json.loads((out / "summary.json").read_text())


def test_mirrored_seeds_and_every_log_replays(cli, tmp_path):
    out = tmp_path / "a"
    r = cli("arena", "--agents", "reasoning,random", "--games", 6, "--players", 7,
            "--jobs", 1, "--batch-size", 4, "--out", out)
    assert r.exit_code == 0, r.output
    games = rows(out)
    assert len(games) == 6                      # 3 seeds, each twice
    by_seed: dict[str, list[dict]] = {}
    for g in games:
        by_seed.setdefault(g["seed"], []).append(g)
    assert len(by_seed) == 3
    for pair in by_seed.values():
        assert sorted((g["good"], g["evil"]) for g in pair) == [("random", "reasoning"),
                                                              ("reasoning", "random")]
    for g in games[:2]:                          # the logs are kept, and replay
        r = cli("replay", out / g["log"], "--quiet")
        assert r.exit_code == 0 and "identical" in r.output, r.output
    s = summary(out)
    assert s["violations"] == 0 and s["played"] == 6
    a = s["agents"]["reasoning"]
    assert a["good"]["games"] == 3 and a["evil"]["games"] == 3
    assert a["overall"]["games"] == 6
    assert set(s["ratings"]["agents"]) == {"reasoning", "random"}
    assert (out / "report.html").read_text().count("<img") >= 2
    assert "Leaderboard" in (out / "report.html").read_text()


def test_jobs_and_resume_give_the_same_results(cli, tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    args = ("arena", "--agents", "reasoning,random", "--games", 4, "--players", 6,
            "--batch-size", 2)
    assert cli(*args, "--jobs", 1, "--out", one).exit_code == 0
    assert cli(*args, "--jobs", 2, "--out", two).exit_code == 0
    assert summary(one) == summary(two)
    # a batch lost (an interrupted run) is played again by --resume, identically
    first = (one / "batches" / "000001.jsonl").read_text()
    (one / "batches" / "000001.jsonl").unlink()
    r = cli(*args, "--jobs", 1, "--out", one, "--resume")
    assert r.exit_code == 0 and "resuming: 1 of 2" in r.output, r.output
    assert (one / "batches" / "000001.jsonl").read_text() == first
    # the same folder without --resume, or another run in it, is refused in one line
    one_line_error(cli(*args, "--jobs", 1, "--out", one), "--resume")
    one_line_error(cli("arena", "--agents", "reasoning,random", "--games", 6, "--players",
                       6, "--batch-size", 2, "--out", one, "--resume"), "games")


def test_storyteller_benchmark_on_the_same_seeds(cli, tmp_path):
    out = tmp_path / "st"
    r = cli("arena", "--agents", "random", "--storytellers", "auto,neutral,random",
            "--games", 5, "--players", 7, "--jobs", 1, "--out", out)
    assert r.exit_code == 0, r.output
    s = summary(out)
    assert [x["storyteller"] for x in s["storytellers"]] == ["auto", "neutral", "random"]
    for x in s["storytellers"]:
        assert x["games"] == 5 and x["violations"] == 0
        assert x["distance_from_50"] == abs(x["good"]["rate"] - 0.5)
    seeds = {}
    for g in rows(out):
        seeds.setdefault(g["storyteller"], []).append(g["seed"])
    assert seeds["auto"] == seeds["neutral"] == seeds["random"]
    assert (out / "storytellers.png").exists()
    assert "ratings" not in s          # one agent: no leaderboard


def test_several_scripts(cli, tmp_path):
    out = tmp_path / "sc"
    r = cli("arena", "--agents", "random", "--script", "trouble-brewing,regalia",
            "--games", 2, "--players", 7, "--jobs", 1, "--out", out)
    assert r.exit_code == 0, r.output
    assert [x["script"] for x in summary(out)["storytellers"]] == ["Trouble Brewing",
                                                                  "Regalia"]


def test_bad_input_is_a_one_line_error(cli, tmp_path):
    one_line_error(cli("arena", "--agents", "reasoning,nobody", "--out", tmp_path / "x"),
                   "--agents", "nobody")
    one_line_error(cli("arena", "--storytellers", "auto,lenient", "--out", tmp_path / "x"),
                   "--storytellers", "lenient")
    one_line_error(cli("arena", "--agents", "random,random", "--out", tmp_path / "x"),
                   "twice")
    one_line_error(cli("arena", "--players", 3, "--out", tmp_path / "x"), "--players")


def test_llm_agent_in_the_arena(cli, tmp_path, monkeypatch):
    out = tmp_path / "llm"
    with FakeLLM() as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "k")
        r = cli("arena", "--agents", "llm,random", "--games", 2, "--players", 5,
                "--llm-model", "fake", "--out", out)
    assert r.exit_code == 0, r.output
    s = summary(out)
    u = s["agents"]["llm"]["llm"]
    assert u["games"] == 2 and u["calls_per_game"] > 0 and u["fallbacks"] == 0
    assert s["run"]["llm_model"] == "fake"
    assert s["violations"] == 0


def test_ratings_recover_a_known_strength():
    # A beats B three times in four on each side: the rating gap is logit(0.75) in Elo
    games = [(0, 1, 1)] * 300 + [(0, 1, 0)] * 100 + [(1, 0, 0)] * 300 + [(1, 0, 1)] * 100
    r, h = fit_ratings(games, 2)
    assert abs(h) < 1e-6
    assert abs(ELO * (r[0] - r[1]) - ELO * math.log(3)) < 10      # the ridge pulls a little
    assert abs(r[0] + r[1]) < 1e-9


def test_rating_intervals_cover_the_estimate():
    recs = []
    for g in range(40):
        recs.append({"script": 0, "storyteller": "auto", "g": g, "good": "a", "evil": "b",
                     "winner": "good" if g % 3 else "evil"})
        recs.append({"script": 0, "storyteller": "auto", "g": g, "good": "b", "evil": "a",
                     "winner": "evil" if g % 4 else "good"})
    out = ratings(recs, ["a", "b"])
    for a in ("a", "b"):
        x = out["agents"][a]
        assert x["ci"][0] <= x["rating"] <= x["ci"][1] and x["ci"][0] < x["ci"][1]
    assert out["agents"]["a"]["rating"] > 1500 > out["agents"]["b"]["rating"]


def test_lies_are_claims_of_what_one_is_not_nor_believes():
    log = [{"type": "setup", "players": [
        {"name": "A", "character": "imp", "alignment": "evil"},
        {"name": "B", "character": "drunk", "alignment": "good"},
        {"name": "C", "character": "chef", "alignment": "good"}]},
        {"type": "learn", "player": "B", "ability": "setup", "character": "empath"},
        {"type": "claim", "player": "A", "character": "chef"},
        {"type": "claim", "player": "A", "character": "monk"},       # one liar, once
        {"type": "claim", "player": "B", "character": "empath"},     # believes it: no lie
        {"type": "claim", "player": "C", "character": "slayer"},     # a good bluff
        {"type": "execution", "player": "A"}]
    told, caught = lies(log)
    assert told == {"evil": 1, "good": 1} and caught == {"evil": 1}


@pytest.mark.slow
def test_ray_backend_gives_the_same_results(cli, tmp_path):
    pytest.importorskip("ray")
    a, b = tmp_path / "p", tmp_path / "r"
    args = ("arena", "--agents", "reasoning,random", "--games", 4, "--players", 6,
            "--batch-size", 2)
    assert cli(*args, "--jobs", 1, "--out", a).exit_code == 0
    r = cli(*args, "--jobs", 2, "--backend", "ray", "--out", b)
    assert r.exit_code == 0, r.output
    assert summary(a) == summary(b)
    for p in (a / "logs").iterdir():
        assert (b / "logs" / p.name).read_text() == p.read_text()


CUT = ["arena", "--agents", "random", "--players", "6", "--games", "300", "--seed", "5",
       "--batch-size", "1"]      # 300 one-game batches: time to interrupt (60 were played
#                                  before the interrupt came, at times, in the compiled build)


def test_ctrl_c_then_resume_equals_an_uninterrupted_run(cli, tmp_path):
    from test_sim import _interrupt_after_two_batches
    out = tmp_path / "cut"
    proc, err = _interrupt_after_two_batches(out, "1", CUT)
    assert proc.returncode == 130, err
    assert "interrupted" in err and "--resume" in err
    kept = len(list((out / "batches").glob("*.jsonl")))
    assert 2 <= kept < 300 and not (out / "summary.json").exists()
    # every saved batch's logs were written before it
    for b in (out / "batches").glob("*.jsonl"):
        assert (out / "logs" / f"{int(b.stem):06d}.jsonl").exists()
    r = cli(*CUT, "--jobs", "1", "--out", out, "--resume")
    assert r.exit_code == 0 and f"resuming: {kept} of 300" in r.output, r.output
    whole = tmp_path / "whole"
    assert cli(*CUT, "--jobs", "1", "--out", whole).exit_code == 0
    assert summary(out) == summary(whole)
    assert (out / "games.csv").read_text().replace(str(out), "") == \
        (whole / "games.csv").read_text().replace(str(whole), "")


def test_llm_storyteller_in_the_benchmark(cli, tmp_path, monkeypatch):
    out = tmp_path / "llmst"
    with FakeLLM() as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("CLOCKTOWER_LLM_MODEL", "fake")
        r = cli("arena", "--agents", "random", "--storytellers", "auto,llm", "--games", 3,
                "--players", 6, "--out", out)
    assert r.exit_code == 0, r.output
    rows_ = summary(out)["storytellers"]
    assert [x["storyteller"] for x in rows_] == ["auto", "llm"]
    assert "llm" not in rows_[0] and rows_[1]["llm"]["calls_per_game"] > 0
    assert summary(out)["violations"] == 0


def test_a_clean_sweep_has_an_open_interval_not_a_point():
    # a won every game, on both sides: the data bound a's rating from below only (and b's
    # from above only); the bootstrap cannot vary a sweep, so the interval is the profile
    # likelihood's: one end open (None), the other where the likelihood has fallen by
    # chi-squared(1)/2
    recs = []
    for g in range(20):
        recs.append({"script": 0, "storyteller": "auto", "g": g, "good": "a", "evil": "b",
                     "winner": "good"})
        recs.append({"script": 0, "storyteller": "auto", "g": g, "good": "b", "evil": "a",
                     "winner": "evil"})
    out = ratings(recs, ["a", "b"])
    a, b = out["agents"]["a"], out["agents"]["b"]
    assert a["ci"][1] is None and b["ci"][0] is None
    # 40 games won: P(a beats b) >= exp(-1.92 / 40) = 0.953, a gap of at least 3.0 logits,
    # half of it each side of 1500
    gap = math.log(math.exp(-1.92 / 40) / (1 - math.exp(-1.92 / 40)))
    assert abs(a["ci"][0] - (1500 + ELO * gap / 2)) < 5
    assert abs(b["ci"][1] - (1500 - ELO * gap / 2)) < 5
    assert a["ci"][0] < a["rating"] and b["rating"] < b["ci"][1]


def test_an_ordinary_run_keeps_its_bootstrap_interval():
    # a beaten once on each side is enough for both ends to be bounded: none left open
    recs = []
    for g in range(10):
        recs.append({"script": 0, "storyteller": "auto", "g": g, "good": "a", "evil": "b",
                     "winner": "good" if g else "evil"})
        recs.append({"script": 0, "storyteller": "auto", "g": g, "good": "b", "evil": "a",
                     "winner": "evil" if g != 3 else "good"})
    out = ratings(recs, ["a", "b"])
    assert all(x is not None for a in ("a", "b") for x in out["agents"][a]["ci"])
