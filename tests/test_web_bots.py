"""Bots that take their own day turns in a web game: a `bot_turn` input gives the next bot
seat one turn (a claim, a nomination with live hands, a day ability, or nothing), as its
policy plays in `clocktower play`; the Storyteller asks for one, or has the server pace
them (`bot_pace`). Inputs like any: re-run, undone, replayed."""
from __future__ import annotations

import json
import time

import pytest
from fastapi.testclient import TestClient

from clocktower.characters import REGISTRY
from clocktower.engine.replay import replay
from clocktower.scripts import load_script
from clocktower.web.app import create_app
from clocktower.web.driver import DayOpen, WebGame
from webclient import GRIMOIRE, SEATS, new_game, send, to_day, view

ACTS = ("claim", "nominate", "nomination", "claim_ability", "ability_used")


def dump(log):
    return [json.dumps(e, sort_keys=True) for e in log]


def bot_game(seed: int) -> WebGame:
    seats = [{"name": s["name"], "traveller": False, "bot": s["name"] != "Ann",
              "online": True} for s in SEATS]
    return WebGame(load_script("trouble-brewing"), seed, seats, GRIMOIRE, None, [],
                   bots="reasoning")


def settle(wg: WebGame) -> None:
    """Answer whatever waits (the Storyteller's and Ann's decisions) with the first option."""
    while not wg.over and not isinstance(wg.pending, DayOpen):
        wg.push({"kind": "answer", "by": "storyteller", "index": 0, "value": None})


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bot_turns_claim_and_nominate_and_rerun(seed):
    wg = bot_game(seed)
    settle(wg)
    acted = 0
    for _ in range(60):
        if wg.over:
            break
        if not isinstance(wg.pending, DayOpen):
            settle(wg)
            continue
        n = len(wg.game.log)
        wg.push({"kind": "bot_turn", "by": "storyteller"})
        new = wg.game.log[n:]
        acted += any(e["type"] in ACTS and e.get("visible_to") == "all" for e in new)
        # a bot's act is its own: the player named is a bot seat
        for e in new:
            if e["type"] == "decision" and e.get("kind") == "day_action":
                assert e["who"] != "Ann"
    assert acted >= 2, "bots claimed or nominated"
    again = WebGame(wg.script, wg.seed, wg.seats, wg.grimoire, wg.bluffs, wg.not_dealt,
                    wg.inputs, bots="reasoning")
    assert dump(again.game.log) == dump(wg.game.log)
    replay([json.loads(x) for x in dump(wg.game.log)], REGISTRY)


def test_no_bot_seat_no_bot_turn():
    seats = [{"name": s["name"], "traveller": False, "bot": False, "online": True}
             for s in SEATS]
    wg = WebGame(load_script("trouble-brewing"), 1, seats, GRIMOIRE, None, [])
    settle(wg)
    from clocktower.errors import ClocktowerError
    with pytest.raises(ClocktowerError, match="no bot seat"):
        wg.push({"kind": "bot_turn", "by": "storyteller"})


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "games.sqlite")) as c:
        yield c


BOT_SEATS = [{"name": s["name"], "bot": s["name"] != "Ann"} for s in SEATS]


def test_the_storyteller_asks_a_bot_turn_players_cannot(client):
    g = new_game(client, players=BOT_SEATS, bots="reasoning")
    to_day(client, g)
    ann = g["seats"][0]["token"]
    assert send(client, g, {"type": "bot_turn"}, token=ann).status_code == 403
    before = view(client, g)["inputs"]
    assert send(client, g, {"type": "bot_turn"}).status_code == 200
    assert view(client, g)["inputs"] == before + 1
    assert send(client, g, {"type": "undo"}).status_code == 200
    assert view(client, g)["inputs"] == before


def test_the_server_paces_bot_turns(client):
    g = new_game(client, players=BOT_SEATS, bots="reasoning", seed=2)
    to_day(client, g)
    start = view(client, g)["inputs"]
    assert send(client, g, {"type": "table", "bot_pace": 1}).status_code == 200
    assert view(client, g)["tools"]["bot_pace"] == 1
    seen = []
    deadline = time.time() + 8
    while time.time() < deadline:
        v = view(client, g)
        seen.append(v["inputs"] - start)
        if seen[-1] >= 3 or v["pending"] is None or v["pending"]["shape"] != "day":
            break
        time.sleep(0.2)
    assert seen[-1] >= 2, seen
    # paced: never more than one turn per second (plus the time of this loop)
    assert len(seen) >= 5
    assert send(client, g, {"type": "table", "bot_pace": 0}).status_code == 200
    n = view(client, g)["inputs"]
    time.sleep(1.5)
    assert view(client, g)["inputs"] == n
