"""What the dead say: a player with nothing to do by day (dead without a day ability, or
alive having nominated) gets a turn to talk when their answerer speaks (`runner.talk_turn`,
`SpeakChoice`): a dead Ravenkeeper tells what it learned at its death. A pass is neither
numbered nor logged, so answerers that never speak (random bots) play the same games."""
from __future__ import annotations

import json

import pytest

from clocktower.agents import beliefs as B
from clocktower.agents.random_bot import RandomBot, random_bots
from clocktower.agents.reasoning import ReasoningBot, acts_for
from clocktower.characters import REGISTRY
from clocktower.engine.decisions import SpeakChoice
from clocktower.engine.driver import drive
from clocktower.engine.replay import replay
from clocktower.engine.runner import BOT_DAYS, play
from clocktower.play import NAMES, new_game, play_game

from test_fork import Until, dump, first


def reasoning_game(seed: int, players: int = 7, script: str = "trouble-brewing"):
    return play_game(script, players, seed,
                     agents={n: ReasoningBot(seed, n) for n in NAMES[:players]})


def dead_at(game, i: int) -> set[str]:
    """Who is dead when event `i` of the log happens."""
    dead: set[str] = set()
    for e in game.log[:i]:
        if e["type"] == "death":
            dead.add(e["player"])
    return dead


def test_a_dead_ravenkeeper_bot_tells_what_it_learned_at_its_death():
    # Gus, the Ravenkeeper, is killed on night 3 (seed 99's Fay on night 3 before the
    # eighth session's aim at evil players; seed 35's Ann on night 2 before the seventh
    # session: the Demon now kills a claimed Ravenkeeper last, `night_worth`)
    game = reasoning_game(77)
    learned = [e for e in game.log if e["type"] == "learn" and e.get("ability") == "ravenkeeper"]
    assert [(e["player"], e["number"]) for e in learned] == [("Gus", 3)]
    told = [(i, e) for i, e in enumerate(game.log) if e["type"] == "claim"
            and e["player"] == "Gus" and "info" in e]
    assert told, "the dead Ravenkeeper says what it learned"
    i, claim = told[0]
    assert "Gus" in dead_at(game, i)
    assert claim["night"] == 3 and claim["chose"] == learned[0]["players"]
    assert all(learned[0][k] == v for k, v in claim["info"].items())
    # asked on a turn to talk (it has no day action), and logged as that turn's answer
    said = game.log[i - 1]
    assert said["type"] == "decision" and said["kind"] == "speak" and said["who"] == "Gus"
    assert said["answer"]["claim"] == "ravenkeeper"


def test_the_good_bots_read_a_dead_players_claim_as_a_living_ones():
    game = reasoning_game(77)
    i = next(i for i, e in enumerate(game.log) if e["type"] == "claim"
             and e["player"] == "Gus" and "info" in e)
    named = game.log[i]["info"]["players"][0]
    assert game.log[i]["info"]["character"] == "imp"
    table = B.Table(game.view("Bob"))
    for e in game.log[:i]:
        if e["visible_to"] == "all":
            table.add(e)
    before = table.public_demon()[named]
    table.add(game.log[i])
    assert any(c.who == "Gus" for c in table.infos)
    assert table.public_demon()[named] > before + 0.2     # 0.39 -> 0.66


class Talker(RandomBot):
    """A random bot that says it speaks, and passes every turn to talk."""

    speaks = True

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.asked = 0

    def fast_vote(self, view):
        return super().fast_vote(view)

    def fast_day_action(self, view, nominees, uses, exiles):
        return super().fast_day_action(view, nominees, uses, exiles)

    def __call__(self, decision, view):
        if decision.kind == "speak":
            self.asked += 1
            assert isinstance(decision, SpeakChoice) and decision.options() == [None]
        return super().__call__(decision, view)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_answerers_that_pass_or_never_speak_play_the_same_game(seed):
    names = NAMES[:10]
    plain = play(new_game("trouble-brewing", 10, seed, agents=random_bots(seed, names)))
    rng = random_bots(seed, names)[names[0]].rng
    talkers = {n: Talker(seed, n, rng=rng) for n in names}
    talked = play(new_game("trouble-brewing", 10, seed, agents=talkers))
    assert sum(t.asked for t in talkers.values()) > 0
    assert dump(talked) == dump(plain)
    assert not any(e.get("kind") == "speak" for e in plain.log)


def test_a_bot_that_nominated_still_claims_on_a_turn_to_talk():
    spoke = []
    for seed in range(12):
        game = reasoning_game(seed, 10)
        for i, e in enumerate(game.log):
            if e["type"] == "decision" and e.get("kind") == "speak" \
                    and e["who"] not in dead_at(game, i):
                nominated = [x for x in game.log[:i] if x["type"] == "nominate"
                             and x["by"] == e["who"] and x["number"] == game.log[i + 1]["number"]]
                spoke.append(bool(nominated))
    assert spoke and all(spoke)     # a living player is given a turn to talk once it nominated


@pytest.mark.parametrize("script,players", [("trouble-brewing", 10), ("regalia", 9),
                                            ("the-return-of-jafar", 8)])
def test_games_with_turns_to_talk_replay(script, players):
    seen = 0
    for seed in range(6):
        agents = {n: (ReasoningBot(seed, n) if i else RandomBot(seed, n))
                  for i, n in enumerate(NAMES[:players])}
        game = play_game(script, players, seed, agents=agents)
        log = json.loads(json.dumps(game.log))
        seen += sum(1 for e in log if e.get("kind") == "speak")
        assert replay(log, REGISTRY).log == log
    assert seen


def talker(decision, view):
    """A stateless answerer that speaks: claims the Ravenkeeper once a day on a turn to
    talk (as the first option of everything else)."""
    if decision.kind == "speak":
        return None if view.name in view.claims else {"claim": "ravenkeeper"}
    return first(decision, view)


talker.speaks = True        # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", range(3))
def test_a_fork_with_turns_to_talk_goes_on_as_the_game_would(seed):
    players = NAMES[:10]
    game = new_game("trouble-brewing", 10, seed, storyteller=first,
                    agents={n: talker for n in players})
    drive(game, Until(3))
    if game.winner is not None:
        pytest.skip("over before night 3")
    clone = game.fork({"storyteller": first, **{n: talker for n in players}})
    drive(clone, BOT_DAYS)
    drive(game, BOT_DAYS)
    assert dump(clone) == dump(game)
    assert any(e.get("kind") == "speak" for e in game.log)


def test_what_a_bluff_learned_keeps_to_when_its_ability_acts():
    game = new_game("trouble-brewing", 7, 0)
    t = B.Table(game.view("Ann"))
    t.add({"type": "dawn", "visible_to": "all", "phase": "day", "number": 2,
           "deaths": ["Bob"]})
    t.add({"type": "death", "visible_to": "all", "phase": "day", "number": 2,
           "player": "Cat", "cause": "execution"})
    assert acts_for(t, "ravenkeeper", "Bob", 2)             # killed that night: wakes
    assert not acts_for(t, "ravenkeeper", "Bob", 3)
    assert not acts_for(t, "ravenkeeper", "Dan", 2)         # alive: does not
    assert not acts_for(t, "empath", "Bob", 2)              # killed: an every-night role not
    assert acts_for(t, "empath", "Cat", 2) and not acts_for(t, "empath", "Cat", 3)
    assert acts_for(t, "empath", "Dan", 3)


def test_no_claim_says_what_a_dead_ability_learned():
    """Every information claim of a reasoning game (evil bluffs too) is for a night on
    which the claimed ability would have acted for its claimant: a dead evil "Empath" says
    nothing more, a living "Ravenkeeper" nothing at all."""
    n_claims = n_dead = 0
    for seed in range(30):
        game = reasoning_game(seed, 7 + seed % 7)
        table = B.Table(game.view(game.players[0].name))
        for i, e in enumerate(game.log):
            if e["visible_to"] == "all":
                table.add(e)
            if e["type"] == "claim" and "info" in e:
                n_claims += 1
                n_dead += e["player"] in dead_at(game, i)
                assert acts_for(table, e["character"], e["player"], e["night"]), (seed, e)
    assert n_claims > 100 and n_dead > 0


def test_a_dead_llm_player_is_asked_to_talk_and_can_claim(monkeypatch):
    """An LLM player (agents/llm.py) with nothing to do by day is given the turn to talk,
    with the claims of a day action among its options; what it says replays."""
    from fakellm import FakeLLM, enum_of, hashed_pick, tool_reply
    from clocktower.agents.policies import make_agents

    asked = []

    def responder(body):
        text = body["messages"][1]["content"] if len(body["messages"]) > 1 else ""
        if "nothing to do but talk" in text:
            labels = enum_of(body)
            asked.append(labels)
            claims = [x for x in labels if "say what you learned" in x] \
                or [x for x in labels if x.startswith("claim")]
            return tool_reply("answer", {"choice": claims[0]})
        return hashed_pick(body)

    with FakeLLM(responder) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "test-key")
        monkeypatch.setenv("CLOCKTOWER_LLM_MODEL", "fake-model")
        game = new_game("trouble-brewing", 7, 4,
                        agents=make_agents(NAMES[:7], 4, "llm", "reasoning"))
        play(game)
    assert asked and all(labels[0].startswith("pass") for labels in asked)
    spoken = [(i, e) for i, e in enumerate(game.log)
              if e["type"] == "decision" and e.get("kind") == "speak"]
    good = {p.name for p in game.players if p.alignment == "good"}
    assert any(e["who"] in good and e["who"] in dead_at(game, i) for i, e in spoken)
    log = json.loads(json.dumps(game.log))
    assert replay(log, REGISTRY).log == log


def test_a_web_games_bot_seat_talks_and_the_game_reruns_and_replays():
    """A web game's bot seat (`runner.one_turn`, a `bot_turn` input) with nothing else to
    do is given its turn to talk too; the game re-runs from its inputs and replays."""
    from clocktower.web.driver import DayOpen, WebGame
    from test_web_bots import bot_game, settle

    spoke = 0
    for seed in range(1, 6):
        wg = bot_game(seed)
        settle(wg)
        for k in range(120):
            if wg.over:
                break
            if not isinstance(wg.pending, DayOpen):
                settle(wg)
                continue
            wg.push({"kind": "end_day", "by": "storyteller"} if k % 20 == 19
                    else {"kind": "bot_turn", "by": "storyteller"})
        said = sum(1 for e in wg.game.log if e.get("kind") == "speak")
        if not said:
            continue
        spoke += said
        again = WebGame(wg.script, wg.seed, wg.seats, wg.grimoire, wg.bluffs, wg.not_dealt,
                        wg.inputs, bots="reasoning")
        assert dump(again.game) == dump(wg.game)
        log = json.loads(json.dumps(wg.game.log))
        replay(log, REGISTRY)
    assert spoke
