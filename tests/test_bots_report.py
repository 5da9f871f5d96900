"""`clocktower bots report`: the measures of how the bots play (clocktower/agents/report.py)."""
import json

import pytest
from conftest import one_line_error

from clocktower.agents.policies import make_agents
from clocktower.agents.report import CountResult, _Observer, analyse, measure
from clocktower.engine.runner import play
from clocktower.play import NAMES, new_game


def _setup(chars):
    return {"type": "setup", "phase": "setup", "number": 0, "visible_to": "storyteller",
            "players": [{"name": n, "character": c,
                         "alignment": "evil" if c in ("imp", "poisoner", "spy") else "good"}
                        for n, c in chars]}


def test_execution_accuracy_and_the_random_living_pick_rate():
    chars = [("Ann", "imp"), ("Bob", "poisoner"), ("Cat", "chef"), ("Dan", "saint"),
             ("Eve", "slayer")]
    log = [
        _setup(chars),
        # Day 1: five alive, two evil (2/5); the Saint is executed (good).
        {"type": "execution", "phase": "day", "number": 1, "visible_to": "all",
         "player": "Dan", "votes": 3},
        {"type": "death", "phase": "day", "number": 1, "visible_to": "all",
         "player": "Dan", "cause": "execution", "by": None},
        {"type": "death", "phase": "night", "number": 2, "visible_to": "storyteller",
         "player": "Cat", "cause": "demon", "by": "Ann"},
        # Day 2: three alive, two evil (2/3); Bob (evil) executed.
        {"type": "nomination", "phase": "day", "number": 2, "visible_to": "all",
         "by": "Eve", "target": "Bob", "votes": 2, "threshold": 2,
         "voters": ["Eve", "Ann"]},
        {"type": "execution", "phase": "day", "number": 2, "visible_to": "all",
         "player": "Bob", "votes": 2},
        {"type": "claim_ability", "phase": "day", "number": 2, "visible_to": "all",
         "player": "Ann", "character": "slayer", "target": "Eve"},
        {"type": "game_over", "phase": "day", "number": 2, "visible_to": "all",
         "winner": "evil", "code": "saint_executed", "reason": "x"},
    ]
    res = CountResult(5)
    analyse(log, res)
    s = res.summary()
    assert s["executions"] == 2 and s["execution_accuracy"] == 0.5
    assert s["random_pick_rate"] == pytest.approx((2 / 5 + 2 / 3) / 2)
    assert s["good_wins"] == 0 and s["games"] == 1
    ev = s["events"]
    assert ev["saint_executed"]["count"] == 1 and ev["saint_executed"]["per_100"] == 100
    assert ev["fake_slayer"]["count"] == 1          # an evil player's Slayer shot
    assert ev["monk_block"]["games"] == 0 and ev["monk_block"]["per_100"] is None
    assert s["evil_votes"] == 1 and s["evil_votes_on_evil"] == 1.0     # Ann for Bob


def test_scarlet_woman_catches_and_minions_giving_themselves_up_are_counted():
    chars = [("Ann", "imp"), ("Bob", "scarletwoman"), ("Cat", "chef"), ("Dan", "poisoner"),
             ("Eve", "slayer")]
    log = [
        {**_setup(chars), "players": [
            {"name": n, "character": c,
             "alignment": "evil" if c in ("imp", "scarletwoman", "poisoner") else "good"}
            for n, c in chars]},
        # A Minion claims the Demon (gives itself up); a good player's claim of it is not.
        {"type": "claim", "phase": "day", "number": 1, "visible_to": "all",
         "player": "Dan", "character": "imp"},
        {"type": "claim", "phase": "day", "number": 1, "visible_to": "all",
         "player": "Cat", "character": "imp"},
        {"type": "character_change", "phase": "day", "number": 1, "visible_to": "storyteller",
         "player": "Bob", "old": "scarletwoman", "new": "imp"},
        {"type": "game_over", "phase": "day", "number": 2, "visible_to": "all",
         "winner": "evil", "code": "two_alive", "reason": "x"},
    ]
    res = CountResult(5)
    analyse(log, res)
    ev = res.summary()["events"]
    assert ev["sw_catch"]["count"] == 1 and ev["sw_catch"]["per_100"] == 100
    assert ev["sacrifice"]["count"] == 1 and ev["sacrifice"]["games"] == 1


def test_measuring_a_game_does_not_change_it():
    names = NAMES[:10]
    for seed in (3, 4):
        a = new_game("trouble-brewing", 10, seed,
                     agents=make_agents(names, seed, "reasoning", "reasoning"))
        play(a)
        b = new_game("trouble-brewing", 10, seed,
                     agents=make_agents(names, seed, "reasoning", "reasoning"))
        res = CountResult(10)
        b.on_event = _Observer(b, res, True)
        play(b)
        assert a.log == b.log
        assert sum(k for _s, k in res.belief_by_day.values()) > 0
        assert sum(res.cal_n) > 0


def test_beliefs_on_the_demon_are_chances_and_bins_add_up():
    [res] = measure("trouble-brewing", [7], 6, 0, "reasoning", "reasoning")
    s = res.summary()
    assert s["games"] == 6
    for v in s["belief_on_demon_by_day"].values():
        assert v is None or 0.0 <= v <= 1.0
    for c in s["calibration"]:
        if c["n"]:
            lo, hi = c["bin"]
            assert lo <= c["mean_belief"] <= hi + 1e-9
            assert 0.0 <= c["demon_rate"] <= 1.0


def test_report_command_prints_and_writes(cli, tmp_path):
    out = tmp_path / "rep"
    r = cli("bots", "report", "trouble-brewing", "--players", "7,8", "--games", 4,
            "--seed", 11, "--out", out)
    assert r.exit_code == 0, r.output
    for words in ("good wins", "random", "true Demon", "calibration", "Slayer hits",
                  "star-passes", "Mayor wins"):
        assert words in r.output
    data = json.loads((out / "report.json").read_text())
    assert [s["players"] for s in data["by_players"]] == [7, 8]
    assert data["by_players"][0]["games"] == 4
    assert (out / "reliability.png").read_bytes()[:4] == b"\x89PNG"
    again = cli("bots", "report", "trouble-brewing", "--players", "7,8", "--games", 4,
                "--seed", 11, "--out", out)
    assert json.loads((out / "report.json").read_text()) == data     # same seeds, same report
    assert again.output == r.output


def test_report_with_random_good_bots_has_no_beliefs(cli):
    r = cli("bots", "report", "trouble-brewing", "--players", "7", "--games", 3,
            "--good-bots", "random")
    assert r.exit_code == 0, r.output
    assert "good random, evil reasoning" in r.output and "true Demon" not in r.output


def test_report_bad_input(cli, tmp_path):
    one_line_error(cli("bots", "report", "trouble-brewing", "--players", "4"), "--players")
    one_line_error(cli("bots", "report", "trouble-brewing", "--games", 0), "--games")
    one_line_error(cli("bots", "report", "no-such-script"), "unknown script")
    one_line_error(cli("bots", "report", "trouble-brewing", "--evil-bots", "nope"),
                   "--evil-bots")
    one_line_error(cli("bots", "report", "trouble-brewing", "--storyteller", "lazy"),
                   "--storyteller")
    f = tmp_path / "file"
    f.write_text("x")
    one_line_error(cli("bots", "report", "trouble-brewing", "--out", f), "--out")


def test_report_with_a_storyteller_that_does_not_lean(cli, monkeypatch):
    """`--storyteller neutral`: the automatic Storyteller seeing every game as even; a choice
    offering to favour the team behind is never leaned on."""
    from clocktower.agents.report import neutral_storyteller
    from clocktower.storyteller import estimate
    st = neutral_storyteller(3)
    assert st.standing(None) == 0.0 and st.p_false(None) == 0.5
    called = []
    monkeypatch.setattr(estimate, "standing", lambda g: called.append(g) or 1 / 0)
    r = cli("bots", "report", "trouble-brewing", "--players", "7", "--games", 3,
            "--storyteller", "neutral")
    assert r.exit_code == 0, r.output
    assert "Storyteller without lean" in r.output and not called


def _four(first: str, first_team: str) -> list[dict]:
    """A four-player setup record: `first` (Ann), a Chef, an Imp and a Monk."""
    return [{"type": "setup", "players": [
        {"name": "Ann", "character": first, "alignment": first_team},
        {"name": "Bob", "character": "chef", "alignment": "good"},
        {"name": "Cat", "character": "imp", "alignment": "evil"},
        {"name": "Dan", "character": "monk", "alignment": "good"}]}]


def _ability_execution_then_the_imp(log: list[dict], random_voted: float) -> None:
    """Bob executed by an ability, then the Imp by a vote: half the executions hit evil,
    all of the voted ones; the voted random-pick rate is `random_voted`."""
    from clocktower.agents.report import CountResult, analyse
    res = CountResult(4)
    analyse(log, res)
    s = res.summary()
    assert s["executions"] == 2 and s["execution_accuracy"] == 0.5
    assert s["ability_executions"] == 1 and s["execution_accuracy_voted"] == 1.0
    assert abs(s["random_pick_rate_voted"] - random_voted) < 1e-9


def test_executions_by_vote_leave_out_the_virgins():
    """The Virgin's execution of her nominator counts in the raw accuracy (a miss here) and
    not in the 'voted' one."""
    _ability_execution_then_the_imp(_four("virgin", "good") + [
        {"type": "ability_triggered", "ability": "virgin", "player": "Ann", "target": "Bob"},
        {"type": "execution", "player": "Bob", "number": 1},
        {"type": "death", "player": "Bob", "cause": "execution", "phase": "day", "number": 1},
        {"type": "day_end", "number": 1},
        {"type": "execution", "player": "Cat", "number": 2},
        {"type": "game_over", "winner": "good", "number": 2},
    ], 1 / 3)


def test_executions_by_vote_leave_out_the_viziers():
    """The Vizier's immediate execution is an ability's, not a vote's; a vote's execution
    later the same day after another ability's trigger (not directly after it) stays a
    vote's."""
    _ability_execution_then_the_imp(_four("vizier", "evil") + [
        {"type": "claim_ability", "player": "Ann", "character": "vizier"},
        {"type": "ability_triggered", "ability": "vizier", "player": "Ann", "target": "Bob"},
        {"type": "execution", "player": "Bob", "number": 1},
        {"type": "death", "player": "Bob", "cause": "execution", "phase": "day", "number": 1},
        {"type": "day_end", "number": 1},
        {"type": "ability_triggered", "ability": "snakecharmer", "player": "Dan"},
        {"type": "nomination", "nominator": "Dan", "target": "Cat", "voters": ["Dan", "Ann"]},
        {"type": "execution", "player": "Cat", "number": 2},
        {"type": "game_over", "winner": "good", "number": 2},
    ], 2 / 3)
