"""The table's tools in every view (`view.tools`): the nomination tracker, the vote history
the Storyteller shows or hides, a timer everyone sees, the end-of-game grimoire reveal with
the reminder tokens; set only by the Storyteller (`{"type": "table"}`)."""
from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from clocktower.web.app import create_app
from webclient import GRIMOIRE, SEATS, bearer, new_game

TRAVELLER = {"name": "Hal", "traveller": True}
HAL = {"name": "Hal", "character": "beggar", "alignment": "good"}


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "games.sqlite")) as c:
        yield c


def view(client, g, token=None) -> dict:
    r = client.get(f"/api/games/{g['game']}/view", headers=bearer(token or g["storyteller"]))
    assert r.status_code == 200, r.text
    return r.json()["view"]


def send(client, g, msg, token=None) -> dict:
    return client.post(f"/api/games/{g['game']}/send", json=msg,
                       headers=bearer(token or g["storyteller"])).json()


def to_day(client, g) -> dict:
    for _ in range(200):
        v = view(client, g)
        if v["over"] or v["phase"] == "day" and v["pending"]["shape"] == "day":
            return v
        assert send(client, g, {"type": "answer", "id": v["pending"]["id"], "option": 0}) \
            .get("ok"), v["pending"]
    raise AssertionError("no day")


def tokens(g) -> dict:
    return {"storyteller": g["storyteller"], "spectator": g["spectator"],
            **{s["name"]: s["token"] for s in g["seats"]}}


def test_only_the_storyteller_sets_the_tools_and_bad_values_are_one_error(client):
    g = new_game(client)
    ann = g["seats"][0]["token"]
    assert send(client, g, {"type": "table", "votes": "show"}, ann) == {
        "error": "only the Storyteller may set the table's tools"}
    assert "spectator only watches" in send(client, g, {"type": "table", "timer": 5},
                                            g["spectator"])["error"]
    for bad in ({"votes": "maybe"}, {"timer": -1}, {"timer": 86401}, {"timer": "soon"},
                {"timer": 5, "colour": "red"}, {}):
        r = send(client, g, {"type": "table", **bad})
        assert set(r) == {"error"} and "\n" not in r["error"], (bad, r)
    assert view(client, g)["tools"]["timer"] is None
    assert view(client, g, ann)["tools"]["votes_shown"] is False


def test_a_timer_everyone_sees(client):
    g = new_game(client)
    before = time.time()
    assert send(client, g, {"type": "table", "timer": 180}).get("ok")
    for who, tok in tokens(g).items():
        t = view(client, g, tok)["tools"]["timer"]
        assert t["seconds"] == 180 and before + 179 < t["ends_at"] < time.time() + 181, who
    assert send(client, g, {"type": "table", "timer": 0}).get("ok")
    assert all(view(client, g, tok)["tools"]["timer"] is None for tok in tokens(g).values())


def test_nomination_tracker_and_vote_history(client):
    g = new_game(client, players=SEATS + [TRAVELLER], grimoire=GRIMOIRE + [HAL])
    ann = g["seats"][0]["token"]
    to_day(client, g)
    assert send(client, g, {"type": "nominate", "by": "Ann", "target": "Eve",
                            "votes": ["Ann", "Bob", "Dan", "Eve", "Fay"]}).get("ok")
    assert send(client, g, {"type": "exile", "by": "Bob", "target": "Hal",
                            "votes": ["Ann", "Bob"]}).get("ok")
    v = view(client, g, ann)
    today = v["tools"]["nominations_today"]
    assert [(r["kind"], r["by"], r["target"], r["votes"], r["result"]) for r in today] == [
        ("nomination", "Ann", "Eve", 5, None), ("exile", "Bob", "Hal", 2, None)]
    assert today[0]["threshold"] == 4 and set(today[0]["voters"]) == {
        "Ann", "Bob", "Dan", "Eve", "Fay"}
    assert v["tools"]["vote_history"] is None and not v["tools"]["votes_shown"]
    assert view(client, g)["tools"]["vote_history"] == today      # the Storyteller's
    assert send(client, g, {"type": "end_day"}).get("ok")
    v = to_day(client, g)
    assert not v["over"]
    assert v["tools"]["nominations_today"] == []
    history = v["tools"]["vote_history"]
    assert [(r["day"], r["target"], r["result"]) for r in history] == [
        (1, "Eve", "executed"), (1, "Hal", None)]
    for who, tok in tokens(g).items():
        assert view(client, g, tok)["tools"]["vote_history"] == (
            history if who == "storyteller" else None), who
    assert send(client, g, {"type": "table", "votes": "show"}).get("ok")
    for who, tok in tokens(g).items():
        t = view(client, g, tok)["tools"]
        assert t["votes_shown"] and t["vote_history"] == history, who
    assert send(client, g, {"type": "table", "votes": "hide"}).get("ok")
    assert view(client, g, ann)["tools"]["vote_history"] is None


def test_the_grimoire_is_revealed_with_its_reminders_when_the_game_ends(client):
    g = new_game(client)
    ann = g["seats"][0]["token"]
    assert send(client, g, {"type": "reminder", "player": "Dan", "token": "suspicious"}).get("ok")
    v = to_day(client, g)
    for tok in tokens(g).values():
        assert view(client, g, tok)["tools"]["reveal"] is None
    # Ann nominates the Imp (Cat), who is executed at the day's end: good wins.
    assert send(client, g, {"type": "nominate", "by": "Ann", "target": "Cat",
                            "votes": ["Ann", "Bob", "Dan", "Eve", "Fay"]}).get("ok")
    assert send(client, g, {"type": "end_day"}).get("ok")
    v = view(client, g)
    assert v["over"] and v["over"]["winner"] == "good", v["over"]
    st_grim = {r["name"]: r for r in v["grimoire"]}
    for who, tok in tokens(g).items():
        reveal = view(client, g, tok)["tools"]["reveal"]
        rows = {r["name"]: r for r in reveal["grimoire"]}
        assert {n: r["character"] for n, r in rows.items()} == {
            n: r["character"] for n, r in st_grim.items()}, who
        assert rows["Cat"]["alignment"] == "evil" and not rows["Cat"]["alive"]
        assert "suspicious" in rows["Dan"]["reminders"], who
        assert reveal["bluffs"] == v["bluffs"] and len(reveal["bluffs"]) == 3
    assert view(client, g, ann)["tools"]["reveal"]["grimoire"][0]["name"] == "Ann"
