"""Reminder tokens in the web grimoire (issue 22 item 20): a token that marks an effect goes
when the effect ends. The Thief: "Each night, choose a player (not yourself): their vote
counts negatively tomorrow." Night 1's NEGATIVE VOTE is off its player by day 2."""
from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from clocktower.web.app import create_app

SEATS = [{"name": n} for n in ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")] + [
    {"name": "Tom", "traveller": True}]
GRIMOIRE = [{"name": "Ann", "character": "monk"}, {"name": "Bob", "character": "empath"},
            {"name": "Cat", "character": "imp"}, {"name": "Dan", "character": "poisoner"},
            {"name": "Eve", "character": "soldier"}, {"name": "Fay", "character": "chef"},
            {"name": "Gus", "character": "washerwoman"},
            {"name": "Tom", "character": "thief", "alignment": "evil"}]


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "games.sqlite")) as c:
        yield c


def test_the_thiefs_token_leaves_at_the_next_dusk(client):
    r = client.post("/api/games", json={"script": {"name": "trouble-brewing"},
                                        "players": SEATS, "grimoire": GRIMOIRE, "seed": 1})
    assert r.status_code == 200, r.text
    g = r.json()
    auth = {"Authorization": f"Bearer {g['storyteller']}"}

    def view():
        return client.get(f"/api/games/{g['game']}/view", headers=auth).json()["view"]

    def send(msg):
        r = client.post(f"/api/games/{g['game']}/send", json=msg, headers=auth)
        assert r.status_code == 200, r.text

    def tokens(v):
        return {row["name"]: [t["token"] for t in row["reminders"]] for row in v["grimoire"]}

    def run_night(thief_picks: str):
        for _ in range(200):
            v = view()
            p = v["pending"]
            if v["phase"] == "day" and p["shape"] == "day":
                return v
            if p["who"] == "Tom" and p["shape"] == "players":
                send({"type": "answer", "id": p["id"], "value": [thief_picks]})
            else:
                send({"type": "answer", "id": p["id"], "option": 0})
        raise AssertionError("no day")

    day1 = run_night("Ann")
    assert tokens(day1)["Ann"].count("Negative Vote") == 1
    assert {"kind": "negative_vote", "source": "thief"} in \
        next(r for r in day1["grimoire"] if r["name"] == "Ann")["effects"]
    send({"type": "end_day"})
    day2 = run_night("Bob")
    assert day2["day"] == 2
    assert "Negative Vote" not in tokens(day2)["Ann"], tokens(day2)
    assert tokens(day2)["Bob"].count("Negative Vote") == 1
    assert not any(e["kind"] == "negative_vote"
                   for e in next(r for r in day2["grimoire"] if r["name"] == "Ann")["effects"])
    # the same player twice: one token, not two
    send({"type": "end_day"})
    day3 = run_night("Bob")
    if day3["phase"] != "over" and any(r["name"] == "Tom" and r["alive"]
                                       for r in day3["grimoire"]):
        assert tokens(day3)["Bob"].count("Negative Vote") == 1
    # the log keeps every token placed: only the view changed
    log = client.get(f"/api/games/{g['game']}/log", headers=auth).json()
    placed = [e["player"] for e in log if e["type"] == "reminder"
              and e.get("token") == "Negative Vote"]
    assert placed[:2] == ["Ann", "Bob"]
