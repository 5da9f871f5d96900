"""The LLM players (clocktower/agents/llm.py) against a fake endpoint on loopback
(tests/fakellm.py): no network. Malformed, illegal and slow replies; the fallback to the
reasoning bot; the count of calls and tokens; the same replies give the same game."""
from __future__ import annotations

import itertools
import json
import logging

import pytest

from clocktower.agents import llm
from clocktower.agents.llm import LLMConfig, LLMPlayer, LLMUsage, labelled, usage_of
from clocktower.agents.policies import make_agents
from clocktower.engine.decisions import PlayerChoice, VoteChoice
from clocktower.engine.runner import play
from clocktower.engine.talk import TalkChoice
from clocktower.play import NAMES, new_game

from conftest import one_line_error
from fakellm import FakeLLM, Slow, content_reply, enum_of, hashed_pick, tool_name, tool_reply


@pytest.fixture
def env(monkeypatch):
    """The llm policy's environment, pointed at a fake server (given by the test)."""
    def point(server: FakeLLM, timeout: float = 5, retries: int = 2) -> None:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "test-key")
        monkeypatch.setenv("CLOCKTOWER_LLM_MODEL", "fake-model")
        monkeypatch.setenv("CLOCKTOWER_LLM_TIMEOUT", str(timeout))
        monkeypatch.setenv("CLOCKTOWER_LLM_RETRIES", str(retries))
    return point


def llm_game(seed: int = 3, players: int = 7, good: str = "llm", evil: str = "llm"):
    game = new_game("trouble-brewing", players, seed,
                    agents=make_agents(NAMES[:players], seed, good, evil))
    play(game)
    return game


def one_player(server: FakeLLM, timeout: float = 5, retries: int = 2):
    """A 5-player game set up (not played) and an LLM player for Ann, on `server`."""
    game = new_game("trouble-brewing", 5, 1)
    cfg = LLMConfig(model="fake", base_url=server.base_url, api_key="k", timeout=timeout,
                    retries=retries)
    return game, LLMPlayer(1, "Ann", cfg, LLMUsage())


def test_a_whole_game_with_llm_players_counts_calls_and_tokens(env):
    with FakeLLM() as server:
        env(server)
        game = llm_game()
        u = usage_of(game.answerers)
    assert game.winner in ("good", "evil")
    assert u is not None and u.calls == len(server.requests) > 20
    assert u.prompt_tokens == 10 * u.calls and u.completion_tokens == 5 * u.calls
    assert u.fallbacks == [] and u.notes > 0      # notes rewritten each night after the first
    first = server.requests[0]
    assert first["model"] == "fake-model" and first["tool_choice"]["function"]["name"]
    system = first["messages"][0]["content"]
    assert "Blood on the Clocktower" in system and "Your character's ability:" in system
    # every decision was answered by the model: the logged player answers are its choices
    answers = [e for e in game.log if e["type"] == "decision" and e.get("who") in NAMES]
    assert answers


def test_notes_are_shown_in_later_prompts(env):
    with FakeLLM() as server:
        env(server)
        llm_game()
    notes = [r for r in server.requests if tool_name(r) == "write_notes"]
    assert notes
    later = [r for r in server.requests if tool_name(r) == "answer"
             and "notes " in r["messages"][1]["content"].split("\n\n")[0]]
    assert later, "the rewritten notes appear in the next prompts"


def test_same_replies_same_game(env):
    logs = []
    for _ in range(2):
        with FakeLLM() as server:
            env(server)
            logs.append(json.dumps(llm_game(seed=11, good="llm", evil="reasoning").log,
                                   sort_keys=True))
    assert logs[0] == logs[1]


def test_an_llm_game_replays_from_its_log(env):
    from clocktower.characters import REGISTRY
    from clocktower.engine.replay import replay
    with FakeLLM() as server:
        env(server)
        game = llm_game(seed=4)
    again = replay(json.loads(json.dumps(game.log)), REGISTRY)
    assert again.log == json.loads(json.dumps(game.log))


def test_malformed_replies_fall_back_to_the_reasoning_bot(caplog):
    with FakeLLM(lambda body: b"{not json") as server:
        game, ann = one_player(server, retries=2)
        with caplog.at_level(logging.WARNING, logger="clocktower.llm"):
            answer = ann(VoteChoice("Ann", {"nominator": "Bob", "nominee": "Cat"}),
                         game.view("Ann"))
    assert answer in (True, False)
    assert len(server.requests) == 3            # the first try and two retries
    assert ann.usage.failures == 3 and ann.usage.retries == 2
    assert ann.usage.fallbacks == [{"player": "Ann", "kind": "vote",
                                    "reason": ann.usage.fallbacks[0]["reason"]}]
    assert "reasoning bot" in caplog.text


def test_content_without_a_tool_call_is_read_when_it_is_an_option():
    replies = iter([content_reply("I think yes, probably"), content_reply('{"choice": "no"}')])
    with FakeLLM(lambda body: next(replies)) as server:
        game, ann = one_player(server)
        answer = ann(VoteChoice("Ann", {"nominator": "Bob", "nominee": "Cat"}),
                     game.view("Ann"))
    assert answer is False and ann.usage.retries == 1 and not ann.usage.fallbacks
    told = server.requests[1]["messages"][-1]["content"]
    assert "could not be used" in told and "not one of the options" in told


def test_an_illegal_choice_is_retried_then_a_legal_one_taken():
    def responder(body):
        if len(server.requests) == 1:
            return tool_reply("answer", {"choice": "Zed"})     # not a candidate
        return tool_reply("answer", {"choice": enum_of(body)[-1]})
    with FakeLLM(responder) as server:
        game, ann = one_player(server)
        d = PlayerChoice("choose", "Ann", ["Bob", "Cat", "Dan"], prompt="Choose a player")
        answer = ann(d, game.view("Ann"))
    assert answer == ["Dan"] and ann.usage.retries == 1 and not ann.usage.fallbacks
    assert "'Zed' is not one of the options" in server.requests[1]["messages"][-1]["content"]


def test_a_pick_the_check_refuses_is_not_taken():
    # a checked pick: the labels list only legal answers; an answer outside them, even a
    # list of real players, is refused and the reasoning bot answers at last
    d = PlayerChoice("choose", "Ann", ["Bob", "Cat", "Dan"], count=2,
                     check=lambda pick: "Bob" in pick)
    with FakeLLM(lambda body: tool_reply("answer", {"choice": "Cat, Dan"})) as server:
        game, ann = one_player(server, retries=1)
        assert "Cat, Dan" not in labelled(d.options())
        answer = ann(d, game.view("Ann"))
    assert d.is_legal(answer) and "Bob" in answer
    assert len(ann.usage.fallbacks) == 1 and len(server.requests) == 2


def test_a_slow_reply_times_out_and_falls_back():
    with FakeLLM(lambda body: Slow(1.5, tool_reply("answer", {"choice": "yes"}))) as server:
        game, ann = one_player(server, timeout=0.3, retries=1)
        answer = ann(VoteChoice("Ann", {"nominator": "Bob", "nominee": "Cat"}),
                     game.view("Ann"))
    assert answer in (True, False)
    assert ann.usage.failures == 2 and len(ann.usage.fallbacks) == 1
    assert "Timeout" in ann.usage.fallbacks[0]["reason"]


def test_many_players_are_asked_by_name():
    from clocktower.agents import llm
    names = [f"P{i}" for i in range(30)]
    d = PlayerChoice("choose", "Ann", names, count=3)
    assert d.n_options() > llm.MAX_LABELS
    with FakeLLM(lambda body: tool_reply("answer", {"players": ["P9", "P2", "P4"]})) as s:
        game, ann = one_player(s)
        answer = ann(d, game.view("Ann"))
        tool = s.requests[0]["tools"][0]["function"]["parameters"]["properties"]
    assert answer == ["P2", "P4", "P9"] and tool["players"]["minItems"] == 3


def test_play_with_llm_good_and_reasoning_evil(cli, env):
    with FakeLLM() as server:
        env(server)
        r = cli("play", "--players", 7, "--seed", 2, "--good-bots", "llm",
                "--evil-bots", "reasoning", "--quiet")
    assert r.exit_code == 0, r.output
    assert "wins" in r.output and "llm:" in r.output and "tokens" in r.output
    assert server.requests


def test_play_bots_llm_model_option(cli, env):
    with FakeLLM() as server:
        env(server)
        r = cli("play", "--players", 5, "--seed", 1, "--bots", "llm", "--llm-model", "other",
                "--quiet")
    assert r.exit_code == 0, r.output
    assert {b["model"] for b in server.requests} == {"other"}


def test_play_llm_without_a_model_is_a_one_line_error(cli, monkeypatch):
    monkeypatch.delenv("CLOCKTOWER_LLM_MODEL", raising=False)
    one_line_error(cli("play", "--players", 5, "--bots", "llm", "--quiet"),
                   "CLOCKTOWER_LLM_MODEL")


def test_each_game_counts_its_own_calls(env):
    """Two games' usage records are their own (the usage is made per game)."""
    with FakeLLM() as server:
        env(server)
        a = usage_of(llm_game(seed=1, players=5).answerers)
        n = len(server.requests)
        b = usage_of(llm_game(seed=2, players=5).answerers)
    assert a is not None and b is not None
    assert a.calls == n and a.calls + b.calls == len(server.requests)


def test_an_llm_storyteller_answers_with_legal_options_or_the_automatic_one(env):
    from clocktower.storyteller import storyteller_policy
    from clocktower.characters import REGISTRY
    from clocktower.engine.replay import replay
    with FakeLLM() as server:
        env(server)
        st = storyteller_policy("llm", 6)
        game = new_game("trouble-brewing", 7, 6, storyteller=st)
        play(game)
    u = usage_of({"storyteller": st})
    assert u is not None and u.calls == len(server.requests) > 3 and not u.fallbacks
    system = server.requests[0]["messages"][0]["content"]
    assert "You are the Storyteller" in system
    assert "The grimoire:" in server.requests[0]["messages"][1]["content"]
    log = json.loads(json.dumps(game.log))
    assert replay(log, REGISTRY).log == log


def test_an_llm_storyteller_that_never_answers_well_leaves_it_to_the_automatic_one(env):
    from clocktower.storyteller import storyteller_policy
    with FakeLLM(lambda body: b"<html>") as server:
        env(server, retries=0)
        st = storyteller_policy("llm", 6)
        game = new_game("trouble-brewing", 7, 6, storyteller=st)
        play(game)
    assert game.winner in ("good", "evil")
    assert len(st.usage.fallbacks) == len(server.requests) == st.usage.failures > 0


def test_play_with_an_llm_storyteller(cli, env):
    with FakeLLM() as server:
        env(server)
        r = cli("play", "--players", 7, "--seed", 2, "--storyteller", "llm", "--quiet")
    assert r.exit_code == 0, r.output
    assert "llm:" in r.output and server.requests
    assert "You are the Storyteller" in server.requests[0]["messages"][0]["content"]


def test_a_player_can_claim_what_its_ability_learned(env):
    """Day options include claims of the player's own `learn` events in the bots'
    structured form; picked, they are logged as claims with their information."""
    def responder(body):
        info = [x for x in enum_of(body) if "say what you learned" in x]
        return tool_reply("answer", {"choice": info[0]}) if info else hashed_pick(body)
    with FakeLLM(responder) as server:
        env(server)
        game = llm_game(seed=5, players=8, good="llm", evil="reasoning")
    said = [e for e in game.log if e["type"] == "claim" and "info" in e
            and e["player"] in {p.name for p in game.players if p.alignment == "good"}]
    assert said
    for e in said:      # each is what that player learned that night, as logged
        learned = [x for x in game.log if x["type"] == "learn" and x.get("player") == e["player"]
                   and x.get("number") == e["night"] and x.get("ability") == e["character"]]
        assert learned and all(learned[0][k] == v for k, v in e["info"].items())


def test_the_system_message_holds_the_told_characters_almanac_text():
    """The prompt has the almanac text of the character the player was told (its paragraphs
    and Examples & Notes, `data.almanac_text`); nothing for one the almanac lacks."""
    from clocktower import data as D
    from clocktower.agents.llm import almanac
    for seed in range(1, 6):
        game = new_game("trouble-brewing", 7, seed)
        for name in NAMES[:7]:
            view = game.view(name)
            entry = D.almanac_text(view.character)
            system = LLMPlayer(seed, name, LLMConfig(model="m"))._system(view)
            if entry is None:
                assert "The almanac on" not in system
                continue
            assert f"The almanac on the {entry['name']}:" in system
            assert entry["almanac"][0] in system
            assert all(n in system for n in entry["notes"])
    assert almanac("chef") == "" and D.almanac_text("chef") is None
    assert "Imp" in almanac("imp") and "kills a player each night" in almanac("imp")


def talk_game(env, responder, seed: int = 2, players: int = 5):
    with FakeLLM(responder) as server:
        env(server)
        game = new_game("trouble-brewing", players, seed,
                        agents=make_agents(NAMES[:players], seed, "llm", "llm"))
        play(game, talk=1)
    return game, server


def asker(body: dict) -> str:
    """The player a request is for (its system message's "You are NAME.")."""
    return body["messages"][0]["content"].split("\n\nYou are ", 1)[1].split(".", 1)[0]


def is_talk(body: dict) -> bool:
    return tool_name(body) == "answer" and "text" in \
        body["tools"][0]["function"]["parameters"]["properties"]


SPOKEN = itertools.count()


def speaks(body: dict) -> dict:
    """A talk turn's reply that says or whispers (by a hash of the request), words that
    name the request; other requests as `hashed_pick`."""
    if not is_talk(body):
        return hashed_pick(body)
    args = json.loads(hashed_pick(body)["choices"][0]["message"]["tool_calls"][0]
                      ["function"]["arguments"])
    h = len(json.dumps(body["messages"]))
    args["choice"] = enum_of(body)[-1 - h % 2]      # a whisper or a statement
    args["text"] = f"secret words #{next(SPOKEN)}#"  # (each said once)
    return tool_reply("answer", args)


def test_llm_players_take_their_day_talk_turns(env):
    """With day talk (`play(game, talk=1)`), each talk turn is asked of the model with its
    options (nothing, a claim of a character on the script, what the player's ability
    learned, a statement, a whisper) and the fields for words and hearers; the game ends."""
    with FakeLLM() as server:
        env(server)
        game = new_game("trouble-brewing", 5, 2,
                        agents=make_agents(NAMES[:5], 2, "llm", "llm"))
        play(game, talk=1)
    assert game.winner in ("good", "evil")
    asked = [r for r in server.requests if is_talk(r)]
    assert asked, "no talk turn reached the model"
    for r in asked:
        assert "Say something?" in r["messages"][1]["content"].split("\n\n")[-1]
        labels = enum_of(r)
        assert labels[0] == "pass / decline" and labels[-2:] == [llm.SAY, llm.WHISPER]
        props = r["tools"][0]["function"]["parameters"]["properties"]
        assert props["text"]["maxLength"] == llm.TALK_CHARS
        speaker = asker(r)
        assert speaker not in props["to"]["items"]["enum"]
        assert sorted(props["to"]["items"]["enum"] + [speaker]) == sorted(NAMES[:5])


def test_llm_statements_and_whispers_are_logged_and_whispers_kept_secret(env):
    """An LLM player's statement is heard by all; its whisper's words only by the speaker
    and its hearers (their views and their later prompts), while the table sees that it
    happened; nobody else's view or prompt holds the words."""
    game, server = talk_game(env, speaks, seed=2, players=6)
    assert game.winner in ("good", "evil") and not usage_of(game.answerers).fallbacks
    said = [e for e in game.log if e["type"] == "statement"]
    whispers = [e for e in game.log if e["type"] == "whisper"]
    assert said and whispers
    assert all(e["visible_to"] == "all" and e["text"].startswith("secret words")
               for e in said)
    names = [p.name for p in game.players]
    heard_in_prompts = 0
    for w in whispers:
        ear = {w["player"], *w["to"]}
        assert w["visible_to"] == [w["player"], *w["to"]] and w["player"] not in w["to"]
        seen = [e for e in game.log if e["type"] == "whispered" and e["player"] == w["player"]
                and e["to"] == w["to"]]
        assert seen and seen[0]["visible_to"] == "all" and "text" not in seen[0]
        for n in names:
            heard = any(e.get("text") == w["text"] for e in game.view(n).events)
            assert heard == (n in ear), (n, w)
        # the later prompts: the words only in the hearers' and the speaker's
        for r in server.requests:
            who = asker(r)
            if who not in ear:
                assert w["text"] not in r["messages"][1]["content"], who
        told = [r for r in server.requests if w["text"] in r["messages"][1]["content"]]
        assert all(asker(r) in ear for r in told)
        heard_in_prompts += len(told)
    assert heard_in_prompts     # (the hearers' later prompts hold the words)


def talk_turn(game) -> TalkChoice:
    chars = list(game.script.characters)
    return TalkChoice("Ann", [n for n in NAMES[:5] if n != "Ann"], chars, {"player": "Ann"})


@pytest.mark.parametrize("args, why", [
    ({"choice": llm.SAY}, "needs your words in `text`"),
    ({"choice": llm.SAY, "text": "   "}, "needs your words in `text`"),
    ({"choice": llm.SAY, "text": "x" * (llm.TALK_CHARS + 1)},
     f"has {llm.TALK_CHARS + 1} characters; at most {llm.TALK_CHARS}"),
    ({"choice": llm.WHISPER, "text": "psst"}, "needs its hearers in `to`"),
    ({"choice": llm.WHISPER, "text": "psst", "to": []}, "needs its hearers in `to`"),
    ({"choice": llm.WHISPER, "text": "psst", "to": ["Ann"]}, "'Ann' cannot hear"),
    ({"choice": llm.WHISPER, "text": "psst", "to": ["Bob", "Zed"]}, "'Zed' cannot hear"),
    ({"choice": llm.WHISPER, "text": "psst", "to": ["Bob", "Bob"]}, "names a hearer twice"),
    ({"choice": llm.WHISPER, "text": "psst", "to": [3]}, "needs its hearers in `to`"),
])
def test_an_unusable_statement_or_whisper_is_retried_with_the_reason(args, why):
    def responder(body):
        if len(server.requests) == 1:
            return tool_reply("answer", args)
        return tool_reply("answer", {"choice": llm.WHISPER, "text": " the Imp is Cat ",
                                     "to": ["Dan", "Bob"]})
    with FakeLLM(responder) as server:
        game, ann = one_player(server)
        d = talk_turn(game)
        answer = ann(d, game.view("Ann"))
    assert answer == {"say": "the Imp is Cat", "whisper": ["Dan", "Bob"]}
    assert d.is_legal(answer) and ann.usage.retries == 1 and not ann.usage.fallbacks
    assert why in server.requests[1]["messages"][-1]["content"]


def test_a_statement_is_taken_and_a_malformed_talk_reply_falls_back(caplog):
    with FakeLLM(lambda body: tool_reply("answer", {"choice": llm.SAY,
                                                    "text": "I am the Chef"})) as server:
        game, ann = one_player(server)
        assert ann(talk_turn(game), game.view("Ann")) == {"say": "I am the Chef"}
    with FakeLLM(lambda body: b"{not json") as server:
        game, ann = one_player(server, retries=1)
        d = talk_turn(game)
        with caplog.at_level(logging.WARNING, logger="clocktower.llm"):
            answer = ann(d, game.view("Ann"))
    assert d.is_legal(answer) and len(server.requests) == 2
    assert ann.usage.fallbacks[0]["kind"] == "talk" and "reasoning bot" in caplog.text
