"""clocktower.env (docs/agents.md): PettingZoo's API, seed and max-cycles tests; the same
log as `clocktower play`; no observation holds what its player may not see; day talk."""
from __future__ import annotations

import json
import types

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, max_cycles_test, seed_test    # noqa: E402

from clocktower.cli import _dump                                     # noqa: E402
from clocktower.engine.views import visible                          # noqa: E402
from clocktower.env import (STORYTELLER, ClocktowerEnv, bot_agents, env,  # noqa: E402
                            parallel_env, random_agents)
from clocktower.errors import IllegalAnswer                          # noqa: E402
from clocktower.play import new_game                                 # noqa: E402
from clocktower.engine.runner import play                            # noqa: E402

SCRIPTS = ["trouble-brewing", "the-return-of-jafar", "the-saga-of-the-summoner", "regalia",
           "alternate-endings"]


def run(e: ClocktowerEnv, agents: dict, check=None) -> int:
    steps = 0
    for a in e.agent_iter():
        obs, _r, term, trunc, _info = e.last()
        if term or trunc:
            e.step(None)
            continue
        if check is not None:
            check(e, a, obs)
        e.step(agents[a].act(e, a))
        steps += 1
    return steps


def test_api():
    api_test(ClocktowerEnv(players=7), num_cycles=300)
    api_test(ClocktowerEnv(players=5, travellers=1, storyteller="agent", talk=1),
             num_cycles=300)


def test_seed():
    seed_test(lambda: ClocktowerEnv(players=8), num_cycles=100)
    seed_test(lambda: ClocktowerEnv(players=6, storyteller="agent", talk=1), num_cycles=100)


def test_max_cycles():
    mod = types.SimpleNamespace(env=lambda **kw: env(illegal="wrap", **kw),
                                parallel_env=lambda **kw: parallel_env(illegal="wrap", **kw))
    max_cycles_test(mod)


@pytest.mark.parametrize("seed,players,travellers", [(3, 10, 0), (11, 7, 2), (5, 15, 0)])
def test_same_log_as_play(tmp_path, seed, players, travellers):
    from typer.testing import CliRunner
    from clocktower.cli import app
    out = tmp_path / "play.jsonl"
    r = CliRunner().invoke(app, ["play", "--seed", str(seed), "--players", str(players),
                                 "--travellers", str(travellers), "--quiet",
                                 "--log", str(out)])
    assert r.exit_code == 0, r.output
    e = ClocktowerEnv(players=players, travellers=travellers)
    e.reset(seed=seed)
    run(e, random_agents(e))
    assert "".join(_dump(ev) + "\n" for ev in e.game.log) == out.read_text()


def _no_leak(e: ClocktowerEnv, agent: str, obs: dict) -> None:
    game = e.game
    view = obs["view"]
    assert obs["action_mask"].sum() >= 1
    d = view["decision"]
    assert d is not None and d["who"] == agent
    if agent == STORYTELLER:
        return
    mine = [ev for ev in game.log if visible(ev, agent)]
    assert view["events"] == mine
    assert all(ev["visible_to"] == "all" or agent in ev["visible_to"]
               for ev in view["events"])
    assert view["character"] == e.view(agent).character
    assert view["table"] == e.view(agent).table()
    assert view["alignment"] == e.view(agent).alignment
    json.dumps(view)                    # JSON-able
    # the rendered text is made from those events only: no other player's secret
    secret = {p.name: p.character for p in game.players if p.name != agent}
    told = {ev.get("character") for ev in mine}
    for name, c in secret.items():
        if c not in told and c != view["character"]:
            assert f"({c})" not in obs["text"]


@pytest.mark.parametrize("script", SCRIPTS)
def test_observations_hold_only_the_players_view(script):
    for seed in (1, 2):
        e = ClocktowerEnv(script=script, players=5 + seed, travellers=seed - 1,
                          storyteller="agent" if seed == 2 else "auto", talk=seed - 1)
        e.reset(seed=seed)
        agents = {**random_agents(e)}
        if STORYTELLER in e.possible_agents:
            from clocktower.storyteller import AutoStoryteller
            from clocktower.env import BotAgent
            agents[STORYTELLER] = BotAgent(AutoStoryteller(seed))
        assert run(e, agents, _no_leak) > 10
        assert e.game.winner is not None


def _whole(obs: dict) -> dict:
    return {k: (v.tolist() if hasattr(v, "tolist") else v) for k, v in obs.items()}


@pytest.mark.parametrize("script,storyteller,players,travellers,talk,seed",
                         [("trouble-brewing", "auto", 7, 0, 0, 6),
                          ("regalia", "agent", 7, 2, 1, 6),       # a Demon bluff's options
                          ("alternate-endings", "agent", 6, 1, 1, 1)])    # a setup change
def test_an_observation_read_later_is_that_of_its_moment(script, storyteller, players,
                                                         travellers, talk, seed):
    """Observations are made when first read, from what `observe` kept of its moment: read
    at the end of the game they equal the same steps' observations read at once (also
    during setup, whose log is not only appended to, and for a decision that the engine
    asked again with fewer options)."""
    def game(read_at_once: bool) -> list:
        e = ClocktowerEnv(script=script, players=players, travellers=travellers,
                          storyteller=storyteller, talk=talk)
        e.reset(seed=seed)
        agents = {**random_agents(e)}
        if STORYTELLER in e.possible_agents:
            from clocktower.storyteller import AutoStoryteller
            from clocktower.env import BotAgent
            agents[STORYTELLER] = BotAgent(AutoStoryteller(seed))
        kept = []
        for a in e.agent_iter():
            obs, _r, term, trunc, _info = e.last()
            kept.append(_whole(obs) if read_at_once else obs)
            e.step(None if term or trunc else agents[a].act(e, a))
        return kept if read_at_once else [_whole(o) for o in kept]
    now, later = game(True), game(False)
    assert len(now) > 50 and now == later


def test_rewards_by_team():
    e = ClocktowerEnv(players=7, rewards=(2.0, -3.0, 0.0))
    e.reset(seed=4)
    agents = random_agents(e)
    got = {}
    for a in e.agent_iter():
        obs, r, term, trunc, _ = e.last()
        if term or trunc:
            got[a] = r
            e.step(None)
        else:
            e.step(agents[a].act(e, a))
    g = e.game
    assert got == {p.name: 2.0 if p.alignment == g.winner else -3.0 for p in g.players}


def test_index_and_answer_actions():
    e = ClocktowerEnv(players=6, agents=["Ann"], bots="reasoning")
    e.reset(seed=1)
    a = e.agent_selection
    assert a == "Ann"
    obs = e.observe(a)
    n = int(obs["action_mask"].sum())
    with pytest.raises(IllegalAnswer):
        e.step(n + 5)                   # outside the mask: refused, nothing changed
    assert e.agent_selection == "Ann" and e.observe(a)["view"]["decision"] is not None
    e.step(0)
    assert e.steps == 1


def test_max_cycles_hands_over_to_the_bot():
    e = ClocktowerEnv(players=7, max_cycles=3)
    e.reset(seed=2)
    counts = {a: 0 for a in e.possible_agents}
    for a in e.agent_iter():
        _o, _r, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        counts[a] += 1
        e.step(int(e.observe(a)["action_mask"].nonzero()[0][0]))
    assert max(counts.values()) == 3


def test_talk_whispers_are_seen_only_by_their_hearers():
    e = ClocktowerEnv(players=7, talk=1, agents=["Ann", "Bob", "Cat"])
    e.reset(seed=5)
    said = False
    for a in e.agent_iter():
        obs, _r, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        d = obs["view"]["decision"]
        if d["kind"] == "talk" and not said and a == "Ann":
            e.step({"whisper": ["Bob"], "say": "I am the Chef [bold]"})
            said = True
            continue
        if d["kind"] == "talk" and a == "Cat":
            e.step({"say": "hello"})
            continue
        e.step(int(obs["action_mask"].nonzero()[0][0]))
    assert said
    log = e.game.log
    w = [ev for ev in log if ev["type"] == "whisper"]
    assert w and w[0]["visible_to"] == ["Ann", "Bob"] and w[0]["text"] == "I am the Chef [bold]"
    seen = [ev for ev in log if ev["type"] == "whispered"]
    assert seen[0]["visible_to"] == "all" and "text" not in seen[0]
    assert any(ev["type"] == "statement" and ev["player"] == "Cat" for ev in log)
    cat = e.view("Cat").events
    assert not any(ev["type"] == "whisper" for ev in cat)
    assert any(ev["type"] == "whispered" for ev in cat)


def test_talk_order_is_shuffled_each_day_from_the_seed_and_replays():
    from clocktower.characters import REGISTRY
    from clocktower.engine.replay import replay
    from clocktower.agents.policies import make_agents
    from clocktower.play import NAMES
    for seed in range(9, 20):           # a game of two days or more
        g = new_game("trouble-brewing", 8, seed,
                     agents=make_agents(NAMES[:8], seed, "reasoning", "reasoning"))
        play(g, talk=2)
        talks = [ev for ev in g.log if ev["type"] == "talk"]
        if len(talks) >= 2:
            break
    assert len(talks) >= 2 and talks[0]["order"] != talks[1]["order"]
    assert any(ev["type"] == "decision" and ev["kind"] == "talk" for ev in g.log)
    replay(json.loads(json.dumps(g.log)), REGISTRY)


def test_no_talk_logs_as_before():
    a = new_game("trouble-brewing", 9, 4)
    play(a)
    b = new_game("trouble-brewing", 9, 4)
    play(b, talk=0)
    assert a.log == b.log and not any(ev["type"] == "talk" for ev in a.log)


def test_bot_agents_against_reasoning():
    e = ClocktowerEnv(players=7, agents=["Ann", "Bob"], bots="reasoning")
    e.reset(seed=8)
    run(e, bot_agents(e, "reasoning"))
    assert e.game.winner is not None


def test_the_docs_example_runs(capsys):
    import re
    from pathlib import Path
    text = Path(__file__).parent.parent.joinpath("docs", "agents.md").read_text()
    part = text.split("## Evaluating an agent against the reasoning bots")[1]
    code = re.search(r"```python\n(.*?)```", part, re.S).group(1)
    assert len(code.strip().splitlines()) <= 20     # the "20-line example"
    exec(compile(code.replace("range(50)", "range(3)"), "agents.md", "exec"), {})
    out = capsys.readouterr().out
    assert sum(int(m) for m in re.findall(r"of (\d+)", out)) == 3


def test_play_with_talk_on_the_command_line_replays(tmp_path):
    from typer.testing import CliRunner
    from clocktower.cli import app
    out = tmp_path / "talk.jsonl"
    r = CliRunner().invoke(app, ["play", "--seed", "2", "--players", "7", "--talk", "1",
                                 "--bots", "reasoning", "--quiet", "--log", str(out)])
    assert r.exit_code == 0, r.output
    events = [json.loads(line) for line in out.read_text().splitlines()]
    assert any(ev["type"] == "talk" for ev in events)
    r = CliRunner().invoke(app, ["replay", str(out)])
    assert r.exit_code == 0 and "identical" in r.output, r.output


def test_an_observation_kept_past_reset_is_still_that_of_its_game():
    """An observation of one game, read after the next `reset` (and after that game's
    observations were read), is the one read at once; and the next game's observations
    are not changed by it (each game narrates on its own)."""
    def games(keep: bool) -> tuple[list, list]:
        e = ClocktowerEnv(players=7)
        first, second = [], []
        for seed, out in ((4, first), (5, second)):
            e.reset(seed=seed)
            agents = random_agents(e)
            for a in e.agent_iter():
                obs, _r, term, trunc, _info = e.last()
                out.append(obs if keep and seed == 4 else _whole(obs))
                e.step(None if term or trunc else agents[a].act(e, a))
        return [_whole(o) for o in first], second       # (the kept ones read only now)
    now_first, now_second = games(False)
    later_first, later_second = games(True)
    assert len(now_first) > 50
    assert now_second == later_second and now_first == later_first


def test_reset_disposes_of_a_finished_game_nobody_was_handed():
    """`reset` frees the last game at once (`Game.dispose`) when it ended and was not
    handed out; `env.game`, `env.view` or `env.session` keep it whole."""
    def last_game(hand) -> object:
        e = ClocktowerEnv(players=6)
        e.reset(seed=2)
        agents = random_agents(e)
        for a in e.agent_iter():
            _obs, _r, term, trunc, _info = e.last()
            e.step(None if term or trunc else agents[a].act(e, a))
        g = e._core.session.game           # (not handing it out)
        hand(e)
        n = len(g.log)
        e.reset(seed=3)
        return g, n
    g, n = last_game(lambda e: None)
    assert g.winner is not None and g.log == [] and g.players == []
    for hand in (lambda e: e.game, lambda e: e.view("Ann"), lambda e: e.session):
        g, n = last_game(hand)
        assert len(g.log) == n > 0 and len(g.players) == 6
