"""The Storyteller's decision support (storyteller/forecast.py, advise.py, calibrate.py)."""
from __future__ import annotations

import json
import pytest

from clocktower.agents.policies import make_agents
from clocktower.engine.views import sees_everything
from clocktower.play import NAMES, play_game
from clocktower.storyteller.advise import advise, advise_log, groups
from clocktower.storyteller.calibrate import calibrate
from clocktower.storyteller.forecast import (Bots, Point, Tally, dawns, day_points,
                                             overlap_tiers, play_rollout, probe, probe_next,
                                             rollout)


def _game(seed: int = 3, players: int = 10):
    return play_game("trouble-brewing", players, seed,
                     agents=make_agents(NAMES[:players], seed, "reasoning", "reasoning"))


@pytest.fixture(scope="module")
def game():
    return _game()


def _st(events):
    return [e for e in events if e.get("type") == "decision" and e["who"] == "storyteller"]


def test_probe_rebuilds_the_game_to_each_storyteller_decision(game):
    events = list(game.log)
    for rec in _st(events):
        d, g = probe(Point(events, rec["seq"]))
        assert d is not None and (d.kind, d.who) == (rec["kind"], rec["who"])
        assert d.is_legal(rec["answer"])
        # the rebuilt game's log is the original's, event for event, up to that decision
        assert g.log == events[:len(g.log)]
        assert events[len(g.log)] is rec or events[len(g.log)] == rec


def test_a_rollout_answers_the_decision_with_the_option_then_bots_with_their_own_views(game):
    events = list(game.log)
    rec = next(e for e in _st(events) if e["kind"] == "info")
    d, _ = probe(Point(events, rec["seq"]))
    other = next(d.option(i) for i in range(d.n_options()) if d.option(i) != rec["answer"])
    g = play_rollout(Point(events, rec["seq"]), 0, other)
    logged = next(e for e in g.log if e.get("type") == "decision" and e["seq"] == rec["seq"])
    assert logged["answer"] == other
    assert g.winner in ("good", "evil")
    for p in g.players:
        assert not sees_everything(g.answerers[p.name])
    assert sees_everything(g.answerers["storyteller"])


def test_rollouts_are_seeded(game):
    events = list(game.log)
    p = Point(events, _st(events)[4]["seq"])
    a = [rollout(p, i) for i in range(6)]
    assert a == [rollout(p, i) for i in range(6)]
    assert play_rollout(p, 2).log == play_rollout(p, 2).log
    # another seed plays other games
    assert [play_rollout(p, i, seed=1).log for i in range(3)] != \
        [play_rollout(p, i).log for i in range(3)]


def test_rollouts_from_a_warm_table_play_the_games_of_a_cold_one(game):
    """The bots' public table read and weighed once at the point and copied into each
    rollout (`forecast._warm`, `beliefs.fork_table`) changes no game: each rollout's log is
    the one a table read from nothing gives, from setup, night 1, a mid-game and a late
    dawn, and for an option answered at the point."""
    from clocktower.agents import beliefs
    events = list(game.log)
    ups = [0, next(e for e in _st(events) if e["kind"] == "info")["seq"]]
    ds = dawns(events)
    ups += [ds[len(ds) // 2][1], ds[-1][1]]
    for upto in ups:
        cold = Point(events, upto)
        cold.warm = False
        warm = Point(events, upto)
        for i in range(4):
            a, b = play_rollout(cold, i), play_rollout(warm, i)
            assert a.log == b.log, (upto, i)
            a.dispose()
            b.dispose()
        assert warm.warm[0] > 0 and isinstance(warm.warm[1], beliefs.Table)
    d, _ = probe(Point(events, ups[1]))
    opt = d.option(d.n_options() - 1)
    cold = Point(events, ups[1])
    cold.warm = False
    assert play_rollout(cold, 5, opt).log == play_rollout(Point(events, ups[1]), 5, opt).log


def test_a_forked_table_weighs_as_its_original_and_apart_from_it(game):
    from clocktower.agents import beliefs
    events = list(game.log)
    view = game.view(game.players[0].name)
    half = [e for e in events[:len(events) // 2] if e["visible_to"] == "all"]
    t = beliefs.Table(view)
    for ev in half:
        t.add(ev)
    before = t.public_demon()
    f = beliefs.fork_table(t)
    assert f is not t and f.infos is not t.infos and f.claims == t.claims
    assert all(a is not b and a.who == b.who for a, b in zip(f.infos, t.infos))
    assert f.public_demon() == before
    rest = [e for e in events[len(events) // 2:] if e["visible_to"] == "all"]
    for ev in rest:
        f.add(ev)
    assert t.public_demon() == before and t.n_public == len(half)
    # read on, the copy weighs as the original read on does, to the last bit (a table read
    # cold to the same point agrees to the float error of its other order of products)
    for ev in rest:
        t.add(ev)
    assert f.public_demon() == t.public_demon()
    assert all(f.demon_chances(p.name) == t.demon_chances(p.name) for p in game.players)
    cold = beliefs.Table(view)
    for ev in half + rest:
        cold.add(ev)
    c = cold.public_demon()
    assert all(abs(f.public_demon()[k] - c[k]) < 1e-12 for k in c)


def test_the_pool_gives_the_figures_of_one_process(game):
    events = list(game.log)
    rec = next(e for e in _st(events) if e["kind"] == "info")
    a = advise_log(events, rec["seq"], rollouts=6, workers=2)
    b = advise_log(events, rec["seq"], rollouts=6, workers=0)
    assert a.done and b.done
    assert [(t.good, t.n) for t in a.tallies] == [(t.good, t.n) for t in b.tallies]
    assert (a.standing.good, a.standing.n) == (b.standing.good, b.standing.n) == \
        (a.standing.good, 6)
    assert "reasoning bots" in a.standing.basis and "of 6 rollouts" in a.standing.basis


def test_info_groups_partition_the_options_by_what_they_point_at(game):
    events = list(game.log)
    for rec in _st(events):
        if rec["kind"] != "info":
            continue
        d, g = probe(Point(events, rec["seq"]))
        gs, how = groups(d, g)
        allopts = [d.option(i) for i in range(d.n_options())]
        assert sorted(map(repr, (o for gr in gs for o in gr.options))) == \
            sorted(map(repr, allopts))
        n_true = d.n_true or 0
        for gr in gs:
            for o in gr.options:
                assert gr.label.startswith("true" if allopts.index(o) < n_true else "false") \
                    or how == "each option"
                if "points at an evil player" in gr.label:
                    assert any(g.by_name[p].alignment == "evil" for p in o.get("players", [])
                               if p != d.context.get("player"))
                if "not in play" in gr.label:
                    assert not g.in_play(o["character"])


def test_a_finished_game_has_nothing_to_forecast(game):
    from clocktower.errors import ClocktowerError
    with pytest.raises(ClocktowerError, match="the game is over"):
        advise(game, rollouts=1, workers=0)


def test_overlapping_intervals_share_a_tier():
    def t(k, n):
        x = Tally()
        x.good, x.evil = k, n - k
        return x
    # 90/100 and 85/100 overlap; 20/100 does not overlap either
    assert overlap_tiers([t(90, 100), t(20, 100), t(85, 100)]) == [0, 1, 0]
    assert overlap_tiers([t(50, 100), t(52, 100)]) == [0, 0]


def test_advise_a_live_game_at_a_storyteller_decision():
    """`advise(game, decision)` from inside the Storyteller's answerer (as `--storyteller
    ask` and the web call it): the point is the decision being asked."""
    from clocktower.play import new_game
    from clocktower.storyteller.auto import AutoStoryteller
    from clocktower.engine.runner import play

    got = []

    class Asking(AutoStoryteller):
        def __call__(self, decision, view):
            if not got and decision.kind == "info":
                got.append(advise(view.game, decision, rollouts=3, workers=0))
            return super().__call__(decision, view)

    g = new_game("trouble-brewing", 7, 5, storyteller=Asking(5),
                 agents=make_agents(NAMES[:7], 5, "reasoning", "reasoning"))
    play(g)
    assert got and got[0].groups and all(t.n == 3 for t in got[0].tallies)
    assert got[0].standing.n == 3


def test_dawns_and_calibration_scores():
    g = _game(4, 7)
    ds = dawns(list(g.log))
    assert [d for d, _ in ds] == list(range(1, len(ds) + 1))
    assert all(a < b for (_, a), (_, b) in zip(ds, ds[1:]))
    cal = calibrate("trouble-brewing", [7], 2, 3, Bots(), 0, base_games=4, workers=0)
    s = cal.summary(7)
    rows = cal.rows
    assert s["dawns"] == len(rows) > 0
    assert s["brier"] == pytest.approx(
        sum((r["forecast"] - r["won"]) ** 2 for r in rows) / len(rows), abs=1e-4)
    rate = cal.base_rate(7)
    assert s["base_brier"] == pytest.approx(
        sum((rate - r["won"]) ** 2 for r in rows) / len(rows), abs=1e-4)
    # 3 rollouts a dawn: k of 3 good wins adds k(3-k)/(9*2) of sampling variance
    assert s["rollout_noise"] == pytest.approx(
        sum(round(r["forecast"] * 3) * (3 - round(r["forecast"] * 3)) / 18 for r in rows)
        / len(rows), abs=1e-4)


def test_the_reliability_plot_draws_counts_or_runs_of_three(tmp_path, monkeypatch):
    from clocktower.sim import report
    from clocktower.storyteller.calibrate import Calibration, count_ranges, plot
    assert count_ranges([9, 7, 8]) == [[7], [8], [9]]
    assert count_ranges(list(range(7, 16))) == [[7, 8, 9], [10, 11, 12], [13, 14, 15]]
    cal = Calibration("the-return-of-jafar", Bots(), 4)
    cal.rows = [{"players": n, "seed": s, "day": 1, "forecast": (s % 5) / 4, "won": s % 2}
                for n in range(7, 16) for s in range(12)]
    drawn = {}
    monkeypatch.setattr(report, "plot_reliability",
                        lambda series, x, y, title, path: drawn.update(series=series, title=title))
    plot(cal, tmp_path / "r.png")
    assert [label for label, _ in drawn["series"]] == [
        "7-9 players (36 dawns)", "10-12 players (36 dawns)", "13-15 players (36 dawns)",
        "all, 7-15 players (108 dawns)"]
    assert drawn["title"] == "Standing forecast, The Return of Jafar 7-15\n(108 games, " \
        "4 rollouts a dawn)"


def test_calibration_records_the_leans_features_and_the_lean_is_fitted_to_the_forecast():
    """Each dawn's row has the lean's features as the game stood there (the rebuilt game at
    the dawn's decision); the lean's model fitted to rows reproduces their forecasts' trend
    (a logistic fit: a made-up forecast that rises with the living good share gives a
    positive weight to it)."""
    from clocktower.storyteller.calibrate import fit_lean
    from clocktower.storyteller.estimate import FEATURES, features
    neutral = Bots(lean=False)
    cal = calibrate("trouble-brewing", [7], 2, 2, neutral, 0, base_games=2, workers=0)
    assert cal.rows and all(set(r["features"]) == set(FEATURES) for r in cal.rows)
    r = cal.rows[0]
    g = _game(r["seed"], 7)         # not the same game (other Storyteller): shape only
    assert len(features(g)) == len(FEATURES)
    assert r["features"]["day"] == r["day"] and r["features"]["players"] == 7
    rows = [{"forecast": min(1.0, max(0.0, 0.5 + 2 * a)),
             "features": {**dict.fromkeys(FEATURES, 0.0), "players": 7.0, "alive": a,
                          "day": float(k % 3 + 1)}}
            for k, a in enumerate([-0.2, -0.1, 0.0, 0.1, 0.2] * 4)]
    coef = fit_lean(rows)
    assert len(coef) == len(FEATURES) + 1 and coef[1 + FEATURES.index("alive")] > 1


def test_the_neutral_storyteller_plays_the_calibration_and_its_rollouts():
    from clocktower.storyteller.forecast import Tally, play_rollout
    neutral = Bots(lean=False)
    assert "neutral" in Tally(bots=neutral).basis and "neutral" not in Tally().basis
    g = _game(4, 7)
    st = [e for e in g.log if e.get("type") == "decision" and e["who"] == "storyteller"]
    r = play_rollout(Point(list(g.log), st[0]["seq"]), 0, bots=neutral)
    assert r.answerers["storyteller"].lean is False


def test_calibration_resumes_from_its_record(tmp_path):
    rec = tmp_path / "games.jsonl"
    a = calibrate("trouble-brewing", [7], 2, 2, Bots(), 0, base_games=2, workers=0, record=rec)
    assert len(rec.read_text().splitlines()) == 4
    played = []
    b = calibrate("trouble-brewing", [7], 3, 2, Bots(), 0, base_games=2, workers=0, record=rec,
                  on_game=lambda: played.append(1))
    assert len(rec.read_text().splitlines()) == 5         # one more game, the rest read back
    assert b.rows[:len(a.rows)] == a.rows and b.base == a.base
    fresh = calibrate("trouble-brewing", [7], 3, 2, Bots(), 0, base_games=2, workers=0)
    assert fresh.rows == b.rows


def test_cli_advise_json_and_errors(tmp_path, game, cli):
    from conftest import one_line_error
    log = tmp_path / "g.jsonl"
    log.write_text("".join(json.dumps(e) + "\n" for e in game.log))
    rec = next(e for e in _st(game.log) if e["kind"] == "info")
    r = cli("advise", log, "--decision", rec["seq"], "--rollouts", 3, "--day-rollouts", 2,
            "--workers", 0, "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["bots"] == "reasoning bots" and out["days"]
    assert out["decision"]["seq"] == rec["seq"]
    assert all(o["rollouts"] == 3 for o in out["decision"]["options"])
    r = cli("advise", log, "--rollouts", 2, "--day-rollouts", 1, "--workers", 0)
    assert r.exit_code == 0 and "the game is over" in r.output
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{}\n")
    one_line_error(cli("advise", bad), "bad.jsonl")
    one_line_error(cli("advise", log, "--bots", "nobody"), "nobody")
    one_line_error(cli("advise", log, "--decision", 10 ** 6, "--no-days"), "ends before")


def test_storyteller_ask_shows_each_options_effect_on_request(cli):
    from typer.testing import CliRunner
    from clocktower.cli import app
    r = CliRunner().invoke(app, ["play", "--players", "5", "--seed", "1", "--storyteller", "ask",
                                 "--advise-rollouts", "2"], input="e\n" + "1\n" * 400)
    assert r.exit_code == 0, r.output[-2000:]
    out = r.output
    assert "type e to see each option's effect" in out
    assert "good's chance after each option: Demon bluff 1 of 3" in out
    assert "random bots" in out                     # the game's bots play the rollouts
    assert "tier 1" in out and "WINS" in out
    one = cli("play", "--storyteller", "ask", "--advise-rollouts", 0)
    assert one.exit_code == 2 and "--advise-rollouts" in one.output


def test_a_web_game_is_rebuilt_exactly_at_each_storyteller_decision():
    """A web game (written grimoire, the table's inputs, rulings at dusk, reminders by hand)
    rebuilt from its log to each pending Storyteller decision: the same decision, the same
    log (but the hand-placed reminders, which change nothing); rollouts from there finish."""
    import random
    from test_web_driver import an_input, new
    from clocktower.errors import ClocktowerError
    from clocktower.storyteller.forecast import point_of
    from clocktower.web.driver import DayOpen

    def game_events(log):
        return [e for e in log if e["type"] not in ("reminder", "reminder_removed")
                or not e.get("by_hand")]

    checked = rolled = 0
    for seed in range(3):
        rng = random.Random(seed)
        wg = new(seed)
        steps = 0
        while not wg.over and steps < 300:
            steps += 1
            d = wg.pending
            if d is not None and not isinstance(d, DayOpen) and d.who == "storyteller":
                g = wg.game
                point = point_of(g, g.n_decisions - 1)
                pd, pg = probe(point)
                assert pd is not None and (pd.kind, pd.who) == (d.kind, d.who)
                assert [pd.option(i) for i in range(pd.n_options())] == \
                    [d.option(i) for i in range(d.n_options())]
                assert game_events(pg.log) == game_events(g.log)
                checked += 1
                if checked % 5 == 0:
                    assert rollout(point, 0, d.option(d.n_options() - 1)) in ("good", "evil",
                                                                               "none")
                    rolled += 1
            try:
                wg.push(an_input(wg, rng))
            except ClocktowerError:
                pass
    assert checked > 10 and rolled >= 2


def test_advise_a_session_paused_at_a_storyteller_decision():
    from clocktower.engine.session import Session
    from clocktower.play import new_game

    s = Session(lambda answerers: new_game(
        "trouble-brewing", 7, 2, storyteller=answerers["storyteller"],
        agents=make_agents(NAMES[:7], 2, "reasoning", "reasoning")), outside={"storyteller"})
    d = s.pending()
    while d is not None and d.n_options() > 12:
        d = s.answer(d.option(0))
    assert d is not None and d.who == "storyteller"
    before = list(s.game.log)
    a = advise(s, rollouts=3, workers=0)
    assert a.decision is d and len(a.groups) == d.n_options()
    assert all(t.n == 3 for t in a.tallies) and a.done
    assert s.game.log == before and s.pending() is d      # the game itself is untouched
    s.answer(d.option(0))


def test_cli_advise_calibrate_errors(cli):
    from conftest import one_line_error
    one_line_error(cli("advise-calibrate", "no-such-script", "--games", 1), "no-such-script")
    one_line_error(cli("advise-calibrate", "trouble-brewing", "--players", "4"))
    one_line_error(cli("advise-calibrate", "trouble-brewing", "--games", 0), "--games")


def test_the_next_decision_of_a_log_cut_at_a_storyteller_prompt(game):
    """A game stopped at a Storyteller prompt (Ctrl-C at `--storyteller ask`): its log ends
    before that decision, and player decisions answered with their default (unlogged) may
    come first: the next decision is the Storyteller's."""
    events = list(game.log)
    n = 0
    for i, e in enumerate(events):
        if e.get("type") == "decision" and e["who"] == "storyteller":
            seq, d, _g = probe_next(events[:i])
            assert (seq, d.kind, d.who) == (e["seq"], e["kind"], "storyteller")
            n += 1
    assert n >= 5
    pts = day_points(events)
    assert [w for _, w, _ in pts][:2] == ["dawn", "dusk"]
    assert [u for _, _, u in pts] == sorted(u for _, _, u in pts)


def test_a_group_opened(game, cli):
    from conftest import one_line_error
    events = list(game.log)
    rec = next(e for e in _st(events) if e["kind"] == "info" and e["ability"] == "washerwoman")
    d, g = probe(Point(events, rec["seq"]))
    gs, _ = groups(d, g)
    big = max(gs, key=lambda x: len(x.options))
    inner, how = groups(d, g, big.options)
    assert len(inner) == min(12, len(big.options)) and all(len(x.options) == 1 for x in inner)
    assert all(x.options[0] in big.options for x in inner)
    log = game.log
    import tempfile, pathlib
    with tempfile.TemporaryDirectory() as t:
        p = pathlib.Path(t) / "g.jsonl"
        p.write_text("".join(json.dumps(e) + "\n" for e in log))
        r = cli("advise", p, "--no-days", "--decision", rec["seq"], "--open", big.label,
                "--rollouts", 1, "--workers", 0, "--json")
        assert r.exit_code == 0, r.output
        out = json.loads(r.stdout)["decision"]
        assert len(out["options"]) == len(inner)
        one_line_error(cli("advise", p, "--no-days", "--decision", rec["seq"], "--open", "zz"),
                       "no such group")


def test_a_game_with_day_talk_is_rebuilt_with_its_talk():
    from clocktower.engine.runner import play
    from clocktower.play import new_game
    g = new_game("trouble-brewing", 7, 2,
                 agents=make_agents(NAMES[:7], 2, "reasoning", "reasoning"))
    play(g, talk=1)
    events = list(g.log)
    assert any(e["type"] == "talk" for e in events)
    recs = _st(events)
    for rec in recs:
        d, rebuilt = probe(Point(events, rec["seq"]))
        assert d is not None and d.kind == rec["kind"]
        assert rebuilt.log == events[:len(rebuilt.log)]
    after = play_rollout(Point(events, recs[-1]["seq"]), 0)
    assert any(e["type"] == "talk" for e in after.log[len(events) // 2:])


def test_work_stops_when_asked_and_leaves_no_worker(game):
    import multiprocessing
    events = list(game.log)
    rec = next(e for e in _st(events) if e["kind"] == "info")
    seen = []
    a = advise_log(events, rec["seq"], rollouts=50, workers=2,
                   should_stop=lambda: len(seen) >= 1, on_update=lambda adv: seen.append(1))
    assert not a.done and len(seen) == 1
    assert a.standing.n + sum(t.n for t in a.tallies) == 1
    assert multiprocessing.active_children() == []
    b = advise_log(events, rec["seq"], rollouts=50, workers=2, budget=0.0)
    assert not b.done and multiprocessing.active_children() == []


def test_a_web_game_with_bot_turns_is_rebuilt_with_them():
    """A web game's bot seats' day turns (`bot_turn` inputs) are carried out in a rebuild as
    a replay carries them out: the rebuilt game is the web game at each Storyteller
    decision after them."""
    from test_web_bots import bot_game, settle
    from clocktower.storyteller.forecast import point_of
    from clocktower.web.driver import DayOpen

    wg = bot_game(2)
    settle(wg)
    turns = checked = taken = today = 0
    for _ in range(300):
        if wg.over:
            break
        d = wg.pending
        if isinstance(d, DayOpen):
            if today == wg.game.day and taken >= 4:
                wg.push({"kind": "end_day", "by": "storyteller"})
                continue
            taken = taken + 1 if today == wg.game.day else 1
            today = wg.game.day
            wg.push({"kind": "bot_turn", "by": "storyteller"})
            turns += 1
            continue
        if d.who == "storyteller" and turns:
            g = wg.game
            pd, pg = probe(point_of(g, g.n_decisions - 1))
            assert (pd.kind, pd.who) == (d.kind, d.who) and pg.log == g.log
            checked += 1
        wg.push({"kind": "answer", "by": d.who, "index": 0, "value": None})
    assert turns and checked


def test_a_web_game_longer_than_the_bots_day_limit_is_rolled_out(monkeypatch):
    """A rollout of a web game gets the bots' day limit past the log's days, not counted
    from the game's start: a web game with more days than the limit is rolled out (here the
    limit is set to 1 and the point is on day 2 or later)."""
    import random
    from test_web_driver import an_input, new
    from clocktower.engine import inputs
    from clocktower.errors import ClocktowerError
    from clocktower.storyteller.forecast import play_rollout, point_of
    from clocktower.web.driver import DayOpen

    monkeypatch.setattr(inputs, "MAX_DAYS", 1)
    rolled = 0
    for seed in range(6):
        rng = random.Random(seed)
        wg = new(seed)
        for _ in range(400):
            if wg.over:
                break
            d = wg.pending
            if d is not None and not isinstance(d, DayOpen) and d.who == "storyteller" \
                    and wg.game.day >= 2:
                g = wg.game
                point = point_of(g, g.n_decisions - 1)
                days = sum(1 for e in point.events if e.get("type") == "day"
                           and e.get("phase") == "day")
                r = play_rollout(point, 0)
                assert r.day <= days + 1
                assert r.winner is not None and (r.winner != "none" or r.day == days + 1), \
                    (r.winner, r.day, days)
                rolled += 1
                break
            try:
                wg.push(an_input(wg, rng))
            except ClocktowerError:
                pass
        if rolled >= 2:
            break
    assert rolled >= 2


def test_storyteller_ask_opens_a_group_of_options(game, monkeypatch):
    """At the terminal (`play --storyteller ask`), `e` shows each group's effect and `o K`
    opens group K: its options figured one by one (or a seeded sample), numbered as in the
    whole list, then a number still chooses."""
    from rich.console import Console
    from clocktower.storyteller import human
    from clocktower.storyteller.advise import terminal_advisor
    events = list(game.log)
    rec = next(e for e in _st(events) if e["kind"] == "info" and e["ability"] == "washerwoman")
    d, g = probe(Point(events, rec["seq"]))
    opts = d.options()
    big = [x for x in groups(d, g)[0] if len(x.options) > 1]
    assert big                          # the Washerwoman's options come grouped
    console = Console(record=True, width=200, color_system=None)
    asked = []
    real = terminal_advisor(console, Bots(), rollouts=1, workers=0)

    def advisor(decision, view, within=None):
        asked.append(within)
        return real(decision, view, within=within)
    answers = iter(["o 1", "e", "o 9", "o 1", "3"])
    monkeypatch.setattr(human.Prompt, "ask", lambda *a, **k: next(answers))
    st = human.TerminalStoryteller(console, advisor=advisor)
    from types import SimpleNamespace
    assert st(d, SimpleNamespace(game=g)) == opts[2]      # the advisor reads view.game
    out = console.export_text()
    assert asked[0] is None and asked[1] == big[0].options
    assert f"o 1: open “{big[0].label}” ({len(big[0].options)} options)" in out
    assert "open a group: o and a number from 1 to" in out
    assert f"{big[0].label}: its options one by one" in out
    opened = out.split("its options one by one")[1]
    # the opened group's options (a seeded sample of 12 when it holds more), each with its
    # own figure, numbered as in the whole list
    inner = groups(d, g, big[0].options)[0]
    assert len(inner) == min(12, len(big[0].options))
    lines = [ln.strip() for ln in opened.splitlines() if ", tier " in ln]
    assert sorted(int(ln.split(".")[0]) for ln in lines) == \
        sorted(opts.index(x.options[0]) + 1 for x in inner)
    # before `e`, `o` opens nothing: said, not chosen
    assert "choose a number from 1 to" in out.split("o 1: open")[0]


def test_a_forked_table_keeps_checks_that_read_the_sheet():
    """A Dreamer's check reads the script's sheet (`beliefs._SheetOnly`): a forked table's
    claims keep the same checks, so the copy weighs as the original on a script with one
    (The Return of Jafar, a game with a Dreamer's claimed information)."""
    from clocktower.agents import beliefs
    for seed in range(40):
        g = play_game("the-return-of-jafar", 10, seed,
                      agents=make_agents(NAMES[:10], seed, "reasoning", "reasoning"))
        public = [e for e in g.log if e["visible_to"] == "all"]
        if any(e["type"] == "claim" and e.get("character") == "dreamer" and "info" in e
               for e in public):
            break
    else:
        pytest.skip("no Dreamer claim in 40 games")
    t = beliefs.Table(g.view(g.players[0].name))
    cut = next(i for i, e in enumerate(public)
               if e["type"] == "claim" and e.get("character") == "dreamer" and "info" in e)
    for ev in public[:cut + 1]:
        t.add(ev)
    f = beliefs.fork_table(t)
    assert all(a.ability is b.ability for a, b in zip(f.infos, t.infos))
    for ev in public[cut + 1:]:
        t.add(ev)
        f.add(ev)
    assert f.public_demon() == t.public_demon()
