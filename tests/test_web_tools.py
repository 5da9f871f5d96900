"""The table's tools in every view (`view.tools`): the nomination tracker, the vote history
the Storyteller shows or hides, a timer everyone sees, the end-of-game grimoire reveal with
the reminder tokens; set only by the Storyteller (`{"type": "table"}`)."""
from __future__ import annotations

import json
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


# ---------------------------------------------------------------------------- picking parts
PICK_SEATS = [("Ann", "washerwoman"), ("Bob", "empath"), ("Cat", "imp"), ("Dan", "spy"),
              ("Eve", "fortuneteller"), ("Fay", "chef"), ("Gus", "drunk"), ("Hal", "librarian"),
              ("Ivy", "saint")]


def picking_game(client) -> dict:
    return new_game(client, players=[{"name": n} for n, _ in PICK_SEATS],
                    grimoire=[{"name": n, "character": c,
                               **({"thinks": "undertaker"} if c == "drunk" else {})}
                              for n, c in PICK_SEATS])


def check(client, g, body, token=None):
    return client.post(f"/api/games/{g['game']}/check", json=body,
                       headers=bearer(token or g["storyteller"]))


def test_many_options_are_answered_by_their_parts(client):
    """The Washerwoman's information (the Spy may register as a Townsfolk: 40 options) is
    offered as its parts: a character and two players; the server says whether the answer
    picked is legal, which option it is and whether it is true."""
    g = picking_game(client)
    for _ in range(20):
        p = view(client, g)["pending"]
        if p["kind"] == "info" and p["n_options"] >= 16:
            break
        assert p["parts"] is None or p["n_options"] >= 16, p
        assert send(client, g, {"type": "answer", "id": p["id"], "option": 0}).get("ok")
    else:
        raise AssertionError("no information with many options")
    parts = {part["key"]: part for part in p["parts"]}
    assert parts["character"]["kind"] == "character" and parts["character"]["length"] is None
    assert parts["players"]["kind"] == "player" and parts["players"]["length"] == 2
    assert parts["players"]["values"] == [n for n, _ in PICK_SEATS]     # in seat order
    options = [o["value"] for o in p["options"]]
    assert set(parts["character"]["values"]) == {o["character"] for o in options}
    truth = {json.dumps(o["value"], sort_keys=True): o["true"] for o in p["options"]}
    # Every option is found, its players picked in either order; nothing else is legal.
    for o in options[:10]:
        for players in (o["players"], o["players"][::-1]):
            r = check(client, g, {"id": p["id"], "value": {**o, "players": players}}).json()
            assert r["legal"] and options[r["option"]] == o
            assert r["true"] == truth[json.dumps(o, sort_keys=True)]
    r = check(client, g, {"id": p["id"], "value": {"character": "imp",
                                                   "players": ["Ann", "Bob"]}}).json()
    assert r == {"legal": False, "option": None, "true": None,
                 "label": "one of Ann and Bob is the Imp"}
    # Checking changes nothing; the option found answers.
    pick = check(client, g, {"id": p["id"], "value": options[3]}).json()
    assert view(client, g)["pending"]["id"] == p["id"]
    assert send(client, g, {"type": "answer", "id": p["id"], "option": pick["option"]}).get("ok")
    told = [e for e in view(client, g)["events"] if e["type"] == "decision"][-1]
    assert told["answer"] == options[3]


def test_checking_an_answer_is_refused_clearly(client):
    g = picking_game(client)
    p = view(client, g)["pending"]
    for body, token, status, says in (
            ({"id": p["id"] + 1, "value": 1}, None, 409, "is not the one waiting"),
            ({"id": p["id"]}, None, 400, "value"),
            ({"id": p["id"], "value": 1, "x": 2}, None, 400, "x"),
            ({"id": p["id"], "value": 1}, g["spectator"], 403, "storyteller or player"),
            ({"id": p["id"], "value": 1}, g["seats"][0]["token"], 403, "not yours")):
        r = check(client, g, body, token)
        assert r.status_code == status and says in r.json()["error"], (body, r.text)
    r = check(client, g, {"id": p["id"], "value": {"deeply": [[["nested"]]]}}).json()
    assert r["legal"] is False and r["option"] is None


def test_a_players_own_decision_has_parts_without_truth(client):
    """A player checks an answer to their own decision: legal or not, never whether true."""
    tb = client.get("/api/scripts/trouble-brewing").json()["characters"]
    script = json.dumps([c["id"] for c in tb] + ["philosopher"])     # 14 + 4 good characters
    seats = [("Ann", "philosopher"), ("Bob", "empath"), ("Cat", "imp"), ("Dan", "poisoner"),
             ("Eve", "soldier"), ("Fay", "chef"), ("Gus", "monk")]
    g = new_game(client, script={"text": script}, players=[{"name": n} for n, _ in seats],
                 grimoire=[{"name": n, "character": c} for n, c in seats])
    ann = g["seats"][0]["token"]
    for _ in range(10):
        p = view(client, g)["pending"]
        if p["who"] == "Ann":
            break
        assert send(client, g, {"type": "answer", "id": p["id"], "option": 0}).get("ok")
    d = view(client, g, ann)["decision"]
    assert d is not None and d["parts"] is not None and d["parts"][0]["kind"] == "character"
    assert set(d["parts"][0]["values"]) <= {o["value"] for o in d["options"]} | {None}
    r = check(client, g, {"id": d["id"], "value": d["options"][1]["value"]}, ann).json()
    assert r["legal"] and r["option"] == 1 and r["true"] is None


def test_the_tools_survive_a_restart(tmp_path):
    """The settings are stored with the game: a restarted server shows the history as it
    was shown and the same timer."""
    db = tmp_path / "games.sqlite"
    with TestClient(create_app(db)) as c:
        g = new_game(c)
        assert send(c, g, {"type": "table", "votes": "show", "timer": 600}).get("ok")
        timer = view(c, g)["tools"]["timer"]
    with TestClient(create_app(db)) as c:
        t = view(c, g, g["seats"][0]["token"])["tools"]
        assert t["votes_shown"] is True and t["timer"] == timer
        assert send(c, g, {"type": "table", "timer": 0}).get("ok")
    with TestClient(create_app(db)) as c:
        t = view(c, g)["tools"]
        assert t["votes_shown"] is True and t["timer"] is None
