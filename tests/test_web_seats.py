"""Seats during play in the web grimoire: a Traveller joins (a new seat and link) or leaves,
a player leaves the table; Storyteller-only messages, seen by everyone as the engine says
(engine/seats.py), undone with their seat, kept across a restart."""
from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from clocktower.engine.replay import replay
from clocktower.characters import REGISTRY
from clocktower.web.app import create_app
from webclient import bearer, new_game, send, to_day, view


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "games.sqlite")) as c:
        yield c


def links(client, g) -> dict[str, str]:
    r = client.get(f"/api/games/{g['game']}/links", headers=bearer(g["storyteller"]))
    assert r.status_code == 200, r.text
    return {s["name"]: s["token"] for s in r.json()["seats"]}


JOIN = {"type": "join", "player": "Hal", "character": "beggar", "alignment": "evil", "seat": 2}


def test_a_traveller_joins_with_a_new_link_and_everyone_sees_it(client):
    g = new_game(client)
    ann = g["seats"][0]["token"]
    to_day(client, g)
    # Storyteller only; a spectator or player is refused and nothing changes
    before = view(client, g)
    assert send(client, g, JOIN, token=ann).status_code == 403
    assert send(client, g, JOIN, token=g["spectator"]).status_code == 403
    assert view(client, g) == before
    # bad joins: a taken name, not a Traveller, a seat out of the circle
    for bad, word in (({"player": "Ann"}, "Ann"), ({"player": "Hal", "character": "imp"},
                      "not a Traveller"), ({"seat": 40}, "seat")):
        r = send(client, g, {**JOIN, **bad})
        assert r.status_code == 400 and word in r.json()["error"], r.text
    assert view(client, g) == before
    # a ruling message cannot seat anyone (no link would be made)
    r = send(client, g, {"type": "ruling", "ruling": {"action": "join", "player": "Hal",
                                                      "character": "beggar"}})
    assert r.status_code == 400 and "own message" in r.json()["error"]
    r = send(client, g, JOIN)
    assert r.status_code == 200, r.text
    v = view(client, g)
    names = [row["name"] for row in v["grimoire"]]
    assert names == ["Ann", "Bob", "Hal", "Cat", "Dan", "Eve", "Fay", "Gus"]
    hal = next(row for row in v["grimoire"] if row["name"] == "Hal")
    assert hal["character"] == "beggar" and hal["alignment"] == "evil" and hal["traveller"]
    # the town square for everyone: Hal sits between Bob and Cat, a public Traveller
    sv = view(client, g, g["spectator"])
    assert [p["name"] for p in sv["table"]["players"]] == names
    assert sv["table"]["travellers"] == {"Hal": "beggar"}
    assert any(e["type"] == "traveller_joined" and e["player"] == "Hal" for e in sv["events"])
    assert not any(e["type"] == "traveller_alignment" for e in sv["events"])
    # Hal's own link: their character, alignment, and (evil) who the Demon is
    tok = links(client, g)["Hal"]
    hv = view(client, g, tok)
    assert hv["name"] == "Hal" and hv["character"] == "beggar" and hv["alignment"] == "evil"
    assert any(e["type"] == "learn" and e.get("players") == ["Cat"] for e in hv["events"])
    assert client.get(f"/api/join/{tok}").json()["name"] == "Hal"
    # Ann does not see Hal's alignment nor what Hal learned
    av = view(client, g, ann)
    assert not any(e.get("player") == "Hal" and e["type"] in ("learn", "traveller_alignment")
                   for e in av["events"])
    # undo takes the join back, and its link with it
    assert send(client, g, {"type": "undo"}).status_code == 200
    assert view(client, g) == before
    assert "Hal" not in links(client, g)
    r = client.get(f"/api/games/{g['game']}/view", headers=bearer(tok))
    assert r.status_code == 403


def test_a_traveller_leaves_and_a_player_leaves_the_table(client, tmp_path):
    g = new_game(client)
    to_day(client, g)
    assert send(client, g, {**JOIN, "alignment": "good"}).status_code == 200
    tok = links(client, g)["Hal"]
    assert send(client, g, {"type": "leave", "player": "Hal"}, token=tok).status_code == 403
    r = send(client, g, {"type": "leave", "player": "Hal"})
    assert r.status_code == 200, r.text
    v = view(client, g)
    assert [row["name"] for row in v["grimoire"]] == ["Ann", "Bob", "Cat", "Dan", "Eve",
                                                       "Fay", "Gus"]
    sv = view(client, g, g["spectator"])
    assert sv["table"]["travellers"] == {}
    assert not any(e["type"] == "death" and e["player"] == "Hal" for e in sv["events"])
    # Hal's link still opens: they watch, and may no longer act
    hv = view(client, g, tok)
    assert hv.get("left") is True and hv["day_actions"] is None
    r = send(client, g, {"type": "nominate", "target": "Cat"}, token=tok)
    assert r.status_code in (400, 403)
    r = send(client, g, {"type": "nominate", "by": "Hal", "target": "Cat", "votes": []})
    assert r.status_code == 400 and "left the game" in r.json()["error"]
    r = send(client, g, {"type": "leave", "player": "Hal"})
    assert r.status_code == 400 and "already left" in r.json()["error"]
    # a player who is not a Traveller leaves the table: dead, no ghost vote, seat kept
    r = send(client, g, {"type": "leave", "player": "Eve"})
    assert r.status_code == 200, r.text
    v = view(client, g)
    eve = next(row for row in v["grimoire"] if row["name"] == "Eve")
    assert not eve["alive"] and not eve["ghost_vote"]
    assert any(e["type"] == "left_table" and e["player"] == "Eve"
               for e in view(client, g, g["spectator"])["events"])
    # the whole game replays from its exported log, and re-runs after a restart
    log = [{k: x for k, x in e.items() if k not in ("i", "line")} for e in v["events"]]
    replay(log, REGISTRY)
    with TestClient(create_app(tmp_path / "games.sqlite")) as again:
        assert view(again, g) == v
        assert links(again, g)["Hal"] == tok


def test_a_traveller_joins_at_dusk_and_answers_on_their_phone(client):
    g = new_game(client)
    to_day(client, g)
    assert send(client, g, {"type": "end_day"}).status_code == 200
    v = view(client, g)
    assert v["phase"] == "night" and v["rulings_open"]
    r = send(client, g, {"type": "join", "player": "Hal", "character": "bureaucrat",
                         "alignment": "good"})
    assert r.status_code == 200, r.text
    tok = links(client, g)["Hal"]
    # the Bureaucrat wakes tonight: their choice waits on their phone
    for _ in range(30):
        v = view(client, g)
        p = v["pending"]
        if p is None or v["phase"] != "night":
            break
        if p["who"] == "Hal":
            d = view(client, g, tok)["decision"]
            assert d is not None and d["context"].get("ability") == "bureaucrat"
            r = send(client, g, {"type": "answer", "id": d["id"], "value": ["Ann"]}, token=tok)
            assert r.status_code == 200, r.text
            break
        assert send(client, g, {"type": "answer", "id": p["id"], "option": 0}).status_code == 200
    else:
        raise AssertionError("the night did not end")
    assert any(e["type"] == "choice" and e.get("player") == "Hal"
               for e in view(client, g, tok)["events"])
