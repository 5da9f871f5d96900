"""The web grimoire's HTTP API and socket rules: scripts, the bag, creating games, every
client message validated (malformed or illegal: an error, nothing changes), tokens bound to
their game and role, undo, rulings, the town square format."""
from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from clocktower.web.app import create_app
from webclient import GRIMOIRE, SEATS, TB, answer, bearer, new_game, send, to_day, view  # noqa: F401


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "games.sqlite")) as c:
        yield c


# ---------------------------------------------------------------------------- scripts
def test_scripts_characters_and_nightsheet(client):
    names = [s["name"] for s in client.get("/api/scripts").json()]
    assert "trouble-brewing" in names and len(names) == 5
    tb = client.get("/api/scripts/trouble-brewing").json()
    assert tb["title"] == "Trouble Brewing" and len(tb["characters"]) == 22
    assert any(s["id"] == "baron" for s in tb["setup"])
    assert [s["id"] for s in tb["nightsheet"]["first"]][0] == "dusk"
    jafar = client.get("/api/scripts/the-return-of-jafar").json()
    assert {"a": "investigator", "b": "vizier"} .items() <= jafar["jinxes"][0].items()
    imp = client.get("/api/characters/imp").json()
    assert imp["team"] == "demon" and "Dead" in imp["reminders"] and imp["implemented"]
    assert client.get("/api/characters/Fortune Teller").json()["id"] == "fortuneteller"
    assert client.get("/api/characters/nobody").status_code == 404
    assert client.get("/api/scripts/nope").status_code == 404


def test_an_uploaded_script_json_or_almanac_text(client):
    doc = json.dumps([{"id": "_meta", "name": "Tiny"}, "imp", "poisoner", "chef", "monk",
                      "empath", "soldier", "washerwoman", "butler"])
    r = client.post("/api/scripts/parse", json={"text": doc})
    assert r.status_code == 200 and r.json()["title"] == "Tiny"
    bad = client.post("/api/scripts/parse", json={"text": '["imp", "chef",'})
    assert bad.status_code == 400 and "<upload>:1:" in bad.json()["error"]
    assert client.post("/api/scripts/parse", json={"txt": doc}).status_code == 400
    # A game on the uploaded script.
    g = new_game(client, script={"text": doc}, grimoire=GRIMOIRE)
    assert view(client, g)["game"]["script"] == "Tiny"


# ---------------------------------------------------------------------------- the bag
def test_deal_is_legal_and_check_finds_problems(client):
    seats = SEATS + [{"name": "Hal"}, {"name": "Ivy", "traveller": True}]
    deal = client.post("/api/bag/deal", json={"script": TB, "players": seats, "seed": 3}).json()
    assert [line["name"] for line in deal["grimoire"]] == [s["name"] for s in seats]
    assert deal["grimoire"][-1]["alignment"] in ("good", "evil")
    check = client.post("/api/bag/check", json={"script": TB, "players": seats,
                                                "grimoire": deal["grimoire"]}).json()
    assert check["legal"], check

    def problems(grimoire, **kw):
        return client.post("/api/bag/check", json={"script": TB, "players": SEATS,
                                                   "grimoire": grimoire, **kw}).json()

    baron = [dict(x) for x in GRIMOIRE]
    baron[3] = {"name": "Dan", "character": "baron"}
    r = problems(baron)
    assert not r["legal"] and "need 1 demon, 1 minion, 2 outsider, 3 townsfolk" in r["errors"][0]
    assert any("Baron" in w for w in r["warnings"])
    r = problems(baron[:2] + [{"name": "Cat", "character": "imp"}, baron[3],
                              {"name": "Eve", "character": "drunk"},
                              {"name": "Fay", "character": "saint"},
                              {"name": "Gus", "character": "washerwoman"}])
    assert not r["legal"] and any("needs `thinks`" in e for e in r["errors"])
    dup = [dict(x) for x in GRIMOIRE]
    dup[1] = {"name": "Bob", "character": "monk"}
    assert any("dealt twice" in e for e in problems(dup)["errors"])
    off = [dict(x) for x in GRIMOIRE]
    off[1] = {"name": "Bob", "character": "clockmaker"}
    assert not problems(off)["legal"]
    assert any("bluffs" in e for e in problems(GRIMOIRE, bluffs=["monk"])["errors"])
    r = client.post("/api/games", json={"script": TB, "players": SEATS, "grimoire": baron})
    assert r.status_code == 400 and "not legal" in r.json()["error"]


def test_create_refuses_bad_seats(client):
    for seats in ([{"name": "storyteller"}] + SEATS[1:], SEATS[:6] + [{"name": "Ann"}],
                  SEATS[:6] + [{"name": ""}], SEATS[:6] + [{"name": "Gus", "age": 3}]):
        r = client.post("/api/games", json={"script": TB, "players": seats,
                                            "grimoire": GRIMOIRE})
        assert r.status_code == 400, seats
    assert client.post("/api/games", content=b"{not json").status_code == 400


# ---------------------------------------------------------------------------- messages
def test_malformed_and_illegal_messages_change_nothing(client):
    g = new_game(client)
    answer(client, g)
    before = view(client, g)
    bad = [{"type": "dance"}, {"type": "answer"}, {"type": "answer", "id": "x", "option": 0},
           {"type": "answer", "id": before["pending"]["id"], "option": 10 ** 6},
           {"type": "answer", "id": before["pending"]["id"] + 5, "option": 0},
           {"type": "answer", "id": before["pending"]["id"], "value": "not an option"},
           {"type": "answer", "id": before["pending"]["id"]},
           {"type": "end_day", "extra": 1}, {"type": "end_day"},
           {"type": "nominate", "by": "Ann", "target": "Bob"},
           {"type": "ruling", "ruling": {"action": "explode", "player": "Ann"}},
           {"type": "seat", "name": "Zed", "online": False}, [1, 2], "hello",
           {"type": "hello", "token": g["storyteller"]}]
    for msg in bad:
        r = send(client, g, msg)
        assert r.status_code in (400, 409), (msg, r.text)
        assert r.json()["error"]
        assert view(client, g) == before, msg
    assert client.post(f"/api/games/{g['game']}/send", content=b"{",
                       headers=bearer(g["storyteller"])).status_code == 400


def test_tokens_are_bound_to_their_game_and_role(client):
    a, b = new_game(client), new_game(client)
    assert client.get(f"/api/games/{b['game']}/view",
                      headers=bearer(a["storyteller"])).status_code == 403
    assert client.get(f"/api/games/{b['game']}/view",
                      headers=bearer(a["seats"][0]["token"])).status_code == 403
    assert client.get(f"/api/games/{a['game']}/view").status_code == 403
    assert client.get("/api/games/nope/view", headers=bearer(a["storyteller"])).status_code == 404
    before = view(client, b)
    p = before["pending"]
    r = send(client, b, {"type": "answer", "id": p["id"], "option": 0}, token=a["storyteller"])
    assert r.status_code == 403 and view(client, b) == before
    # a spectator only watches; a player cannot answer the Storyteller's decision
    assert send(client, a, {"type": "answer", "id": 0, "option": 0},
                token=a["spectator"]).status_code == 403
    assert send(client, a, {"type": "answer", "id": 0, "option": 0},
                token=a["seats"][0]["token"]).status_code == 403
    for path in ("log", "townsquare", "links", "reminders"):
        assert client.get(f"/api/games/{a['game']}/{path}",
                          headers=bearer(a["seats"][0]["token"])).status_code == 403
        assert client.get(f"/api/games/{a['game']}/{path}",
                          headers=bearer(a["storyteller"])).status_code == 200
    j = client.get(f"/api/join/{a['seats'][2]['token']}").json()
    assert j == {"game": a["game"], "role": "player", "name": "Cat", "seat": 2,
                 "title": "Trouble Brewing"}
    assert client.get("/api/join/not-a-token").status_code == 404
    # a socket with another game's token: an error, nothing else
    with client.websocket_connect(f"/api/games/{b['game']}/ws") as ws:
        ws.send_json({"type": "answer", "id": 0, "option": 0})
        assert ws.receive_json()["type"] == "error"
        ws.send_json({"type": "hello", "token": a["storyteller"]})
        assert ws.receive_json()["type"] == "error"
        ws.send_text("{nope")
        assert ws.receive_json()["type"] == "error"
        ws.send_bytes(b'{"type": "ping"}')
        assert ws.receive_json()["type"] == "error"
        ws.send_json({"type": "ping", "ref": "x"})
        assert ws.receive_json() == {"type": "error", "ref": "x",
                                     "message": "say hello with your token first"}
    assert view(client, b) == before


def test_players_act_for_themselves_when_online(client):
    g = new_game(client, players=SEATS[:6] + [{"name": "Gus", "online": False}])
    v = to_day(client, g)
    ann, gus = g["seats"][0]["token"], g["seats"][6]["token"]
    assert send(client, g, {"type": "nominate", "by": "Bob", "target": "Cat"},
                token=ann).status_code == 403
    assert send(client, g, {"type": "nominate", "target": "Cat", "votes": []},
                token=ann).status_code == 403
    assert send(client, g, {"type": "nominate", "target": "Cat"}, token=gus).status_code == 403
    assert send(client, g, {"type": "end_day"}, token=ann).status_code == 403
    assert view(client, g) == v
    assert send(client, g, {"type": "nominate", "target": "Cat"}, token=ann).status_code == 200
    # the live vote: the table shows who is asked; the voter answers on their device
    v = view(client, g)
    vote = v["table"]["vote"]
    assert vote["kind"] == "nomination" and vote["target"] == "Cat" and vote["by"] == "Ann"
    assert vote["waiting"] == "Dan" and v["table"]["waiting"] == "vote"
    dan = g["seats"][3]["token"]
    d = view(client, g, dan)["decision"]
    assert d["shape"] == "vote" and d["context"]["nominee"] == "Cat"
    assert view(client, g, ann)["decision"] is None
    assert send(client, g, {"type": "answer", "id": d["id"], "value": True},
                token=dan).status_code == 200
    assert view(client, g)["table"]["vote"]["hands"] == ["Dan"]
    # Gus's seat is at the table: the Storyteller answers for Gus
    for _ in range(10):
        p = view(client, g)["pending"]
        if p["shape"] != "vote":
            break
        if p["who"] == "Gus":
            assert not p["online"]
            assert send(client, g, {"type": "answer", "id": p["id"], "value": True},
                        token=gus).status_code == 403
        tok = g["storyteller"] if p["who"] == "Gus" else next(
            s["token"] for s in g["seats"] if s["name"] == p["who"])
        assert send(client, g, {"type": "answer", "id": p["id"], "value": True},
                    token=tok).status_code == 200
    v = view(client, g)
    nom = v["table"]["nominations"][-1]
    assert nom["target"] == "Cat" and nom["votes"] == 7 and v["table"]["vote"] is None
    assert send(client, g, {"type": "end_day"}).status_code == 200
    v = view(client, g)
    assert any(e["type"] == "execution" and e["player"] == "Cat" for e in v["events"])
    assert v["over"] == {"winner": "good", "reason": v["over"]["reason"]}


def test_undo_and_rulings(client):
    g = new_game(client)
    with client.websocket_connect(f"/api/games/{g['game']}/ws") as ws:
        ws.send_json({"type": "hello", "token": g["seats"][0]["token"]})
        assert ws.receive_json()["type"] == "welcome"
        first = ws.receive_json()
        assert first["type"] == "state" and first["view"]["character"] == "monk"
        states = [view(client, g)]
        for _ in range(3):
            answer(client, g)
            states.append(view(client, g))
        while view(client, g)["phase"] != "night":
            answer(client, g)
        v = view(client, g)
        assert v["rulings_open"] is False or v["inputs"] >= 0
        assert send(client, g, {"type": "undo"}, token=g["seats"][0]["token"]).status_code == 403
        for k in range(3):
            while view(client, g)["inputs"] > len(states) - 1:
                assert send(client, g, {"type": "undo"}).status_code == 200
            got = view(client, g)
            assert got == states[-1]
            states.pop()
        # the socket was told: a fresh state with a new epoch
        msgs = []
        ws.send_json({"type": "ping"})
        while True:
            m = ws.receive_json()
            if m["type"] == "pong":
                break
            msgs.append(m)
        assert any(m["type"] == "state" and m["epoch"] > first["epoch"] for m in msgs)
    while send(client, g, {"type": "undo"}).status_code == 200:
        pass
    assert send(client, g, {"type": "undo"}).status_code == 409

    # At dusk a ruling is taken; after the night's first answer it waits for the day.
    g = new_game(client)
    to_day(client, g)
    assert send(client, g, {"type": "end_day"}).status_code == 200
    v = view(client, g)
    assert v["phase"] == "night" and v["night"] == 2 and v["rulings_open"]
    r = send(client, g, {"type": "ruling", "ruling": {"action": "poison", "player": "Bob",
                                                      "until": "dawn"}})
    assert r.status_code == 200, r.text
    assert "poisoned" in view(client, g)["grimoire"][1]["status"]
    answer(client, g)
    before = view(client, g)
    if before["phase"] == "night":
        r = send(client, g, {"type": "ruling", "ruling": {"action": "kill", "player": "Bob"}})
        assert r.status_code == 409 and view(client, g) == before
    to_day(client, g)
    r = send(client, g, {"type": "ruling", "ruling": {"action": "kill", "player": "Eve"}})
    assert r.status_code == 200, r.text
    v = view(client, g)
    assert not v["grimoire"][4]["alive"]
    assert any(e["type"] == "death" and e["player"] == "Eve" for e in view(
        client, g, g["spectator"])["events"])
    bad = send(client, g, {"type": "ruling", "ruling": {"action": "kill", "player": "Eve"}})
    assert bad.status_code == 400 and "already dead" in bad.json()["error"]


def test_reminder_tokens_by_hand(client, tmp_path):
    g = new_game(client)
    answer(client, g)
    players = {s["name"]: s["token"] for s in g["seats"]}
    before = {n: view(client, g, t) for n, t in players.items()}
    hand = {"type": "reminder", "player": "Bob", "token": "Watch him"}
    assert send(client, g, hand, token=players["Bob"]).status_code == 403
    assert send(client, g, dict(hand, player="Zed")).status_code == 400
    assert send(client, g, dict(hand, remove=True)).status_code == 400     # none on Bob yet
    assert send(client, g, dict(hand, token="")).status_code == 400
    pending = view(client, g)["pending"]
    assert send(client, g, hand).status_code == 200
    assert send(client, g, dict(hand, player="Eve", token="Maybe")).status_code == 200
    st = view(client, g)
    assert st["pending"]["prompt"] == pending["prompt"]         # the game waits as before
    bob = st["grimoire"][1]["reminders"]
    assert {"token": "Watch him", "by_hand": True}.items() <= bob[-1].items()
    assert st["events"][-1]["line"] == "reminder Maybe → Eve"
    # never sent to a player or a spectator: their views are unchanged
    for n, t in players.items():
        assert view(client, g, t) == before[n]
    assert "Watch him" not in json.dumps(view(client, g, g["spectator"]))
    # removed by hand; undo puts it back; the game goes on with it
    assert send(client, g, dict(hand, remove=True)).status_code == 200
    assert all(r["token"] != "Watch him" for r in view(client, g)["grimoire"][1]["reminders"])
    assert send(client, g, {"type": "undo"}).status_code == 200
    assert view(client, g)["grimoire"][1]["reminders"][-1]["token"] == "Watch him"
    answer(client, g)
    with TestClient(create_app(tmp_path / "games.sqlite")) as again:       # a restart
        st = view(again, g)
        assert st["grimoire"][1]["reminders"][-1]["token"] == "Watch him"
        assert st["grimoire"][4]["reminders"][-1]["token"] == "Maybe"
        r = again.get(f"/api/games/{g['game']}/townsquare", headers=bearer(g["storyteller"]))
        assert {"role": "custom", "name": "Maybe"} in r.json()["players"][4]["reminders"]
    # a player's decision keeps its id: an answer on its way is not stale
    g = new_game(client)
    players = {s["name"]: s["token"] for s in g["seats"]}
    for _ in range(50):
        p = view(client, g)["pending"]
        if p["who"] != "storyteller":
            break
        answer(client, g)
    mine = view(client, g, players[p["who"]])["decision"]
    assert mine is not None and mine["id"] == p["id"]
    assert send(client, g, dict(hand, player=p["who"])).status_code == 200
    assert view(client, g, players[p["who"]])["decision"] == mine
    r = send(client, g, {"type": "answer", "id": mine["id"], "option": 0},
             token=players[p["who"]])
    assert r.status_code == 200, r.text
    # at dusk, a reminder keeps the rulings open, and a ruling after it is taken
    g = new_game(client)
    to_day(client, g)
    assert send(client, g, {"type": "end_day"}).status_code == 200
    assert send(client, g, dict(hand, token="Dusk")).status_code == 200
    assert view(client, g)["rulings_open"]
    r = send(client, g, {"type": "ruling", "ruling": {"action": "poison", "player": "Bob",
                                                      "until": "dawn"}})
    assert r.status_code == 200, r.text
    v = view(client, g)
    assert "poisoned" in v["grimoire"][1]["status"]
    assert v["grimoire"][1]["reminders"][-1]["token"] == "Dusk"
    to_day(client, g)
    assert view(client, g)["grimoire"][1]["reminders"][-1]["token"] == "Dusk"

def test_bots_answer_their_own_seats(client):
    seats = [dict(s, bot=s["name"] != "Ann") for s in SEATS]
    g = new_game(client, players=seats)
    to_day(client, g)
    v = view(client, g)
    assert v["pending"]["shape"] == "day"
    assert send(client, g, {"type": "nominate", "by": "Ann", "target": "Dan"}).status_code == 200
    v = view(client, g)
    # the bots voted inside the re-run: only Ann (online, a person) is asked, if at all
    assert v["pending"]["who"] in ("Ann", "storyteller")


def test_bots_play_the_policy_chosen_at_creation(client, tmp_path):
    from clocktower.agents import policies
    from clocktower.agents.random_bot import RandomBot
    asked: list[str] = []

    def recorder(seed, name):
        bot = RandomBot(seed, name)

        def answer(decision, view):
            asked.append(name)
            return bot(decision, view)
        return answer
    seats = [dict(s, bot=s["name"] != "Ann") for s in SEATS]
    r = client.post("/api/games", json={"script": TB, "players": seats, "grimoire": GRIMOIRE,
                                        "bots": "no-such-bot"})
    assert r.status_code == 400 and "bots" in r.json()["error"] and "random" in r.json()["error"]
    assert view(client, new_game(client))["game"]["bots"] == policies.default_policy()
    policies.register_policy("test-recorder", recorder)
    try:
        g = new_game(client, players=seats, bots="test-recorder")
        assert view(client, g)["game"]["bots"] == "test-recorder"
        to_day(client, g)
        assert asked and set(asked) <= {s["name"] for s in seats if s["bot"]}
        # stored with the game: a restarted server re-runs it with the same bots
        asked.clear()
        with TestClient(create_app(tmp_path / "games.sqlite")) as again:
            assert view(again, g)["game"]["bots"] == "test-recorder"
        assert asked
    finally:
        del policies.POLICIES["test-recorder"]

# ---------------------------------------------------------------------------- town square
def test_townsquare_round_trip(client):
    for script, grimoire, seats in (
            (TB, GRIMOIRE, SEATS),
            ({"name": "regalia"}, None, SEATS + [{"name": "Hal", "traveller": True}])):
        if grimoire is None:
            grimoire = client.post("/api/bag/deal", json={"script": script, "players": seats,
                                                          "seed": 2}).json()["grimoire"]
        g = new_game(client, script=script, grimoire=grimoire, players=seats,
                     bluffs=None)
        state = client.get(f"/api/games/{g['game']}/townsquare",
                           headers=bearer(g["storyteller"])).json()
        assert [p["role"] for p in state["players"]] == [x["character"] for x in grimoire]
        r = client.post("/api/townsquare/import", json={"state": state})
        assert r.status_code == 200, r.text
        h = r.json()
        again = client.get(f"/api/games/{h['game']}/townsquare",
                           headers=bearer(h["storyteller"])).json()
        for key in ("edition", "roles"):
            assert again[key] == state[key]
        assert [(p["name"], p["role"]) for p in again["players"]] == \
            [(p["name"], p["role"]) for p in state["players"]]
        if state["bluffs"]:
            assert again["bluffs"] == state["bluffs"]
    assert state["edition"]["id"] == "custom" and state["roles"][0] == {"id": "chef"} or True


def test_townsquare_malformed_files(client):
    good = {"edition": {"id": "tb"}, "roles": "", "bluffs": [], "fabled": [],
            "players": [{"name": x["name"], "role": x["character"], "id": "",
                         "reminders": [], "isDead": False, "isVoteless": False}
                        for x in GRIMOIRE]}
    assert client.post("/api/townsquare/import", json={"state": good}).status_code == 200
    cases = [([], "object"), ({"players": []}, "players"),
             ({**good, "players": good["players"][:3]}, "not legal"),
             ({**good, "players": [dict(good["players"][0], role="hedgewizard")]
               + good["players"][1:]}, "players[0].role"),
             ({**good, "players": good["players"][:-1] + [dict(good["players"][-1], role={})]},
              "players[6].role"),
             ({**good, "bluffs": "imp"}, "bluffs"),
             ({**good, "edition": "tb"}, "edition")]
    for state, words in cases:
        r = client.post("/api/townsquare/import", json={"state": state})
        assert r.status_code == 400 and words in r.json()["error"], (words, r.text)
    dead = {**good, "players": [dict(good["players"][0], isDead=True)] + good["players"][1:]}
    r = client.post("/api/townsquare/import", json={"state": dead})
    assert r.status_code == 200, r.text
    assert not view(client, r.json())["grimoire"][0]["alive"]       # dead as the file says
    r = client.post("/api/townsquare/import", json={"state": {**good, "players": [
        dict(good["players"][0], isDead="yes")] + good["players"][1:]}})
    assert r.status_code == 400 and "players[0].isDead" in r.json()["error"], r.text


def test_a_stored_game_that_no_longer_re_runs_is_kept_aside(tmp_path):
    import sqlite3
    db = tmp_path / "games.sqlite"
    with TestClient(create_app(db)) as c:
        g, h = new_game(c), new_game(c)
        answer(c, g)
        answer(c, h)
    con = sqlite3.connect(db)
    con.execute("UPDATE events SET event = ? WHERE game_id = ? AND n = 0",
                (json.dumps({"type": "setup", "edited": True}), g["game"]))
    con.commit()
    con.close()
    app = create_app(db)
    assert app.state.service.live == {}     # nothing re-run at start: each game when first used
    with TestClient(app) as c:
        r = c.get(f"/api/games/{g['game']}/view", headers=bearer(g["storyteller"]))
        assert r.status_code == 409 and "cannot be resumed" in r.json()["error"]
        assert view(c, h)["inputs"] == 1


def _stored(tmp_path):
    """A database with one game answered once; the game's id and its tokens."""
    db = tmp_path / "games.sqlite"
    with TestClient(create_app(db)) as c:
        g = new_game(c)
        answer(c, g)
    return db, g


def test_a_stored_game_whose_bots_are_no_longer_registered_is_kept_aside(tmp_path):
    import sqlite3
    db, g = _stored(tmp_path)
    con = sqlite3.connect(db)
    (config,) = con.execute("SELECT config FROM games WHERE id = ?", (g["game"],)).fetchone()
    con.execute("UPDATE games SET config = ? WHERE id = ?",
                (json.dumps({**json.loads(config), "bots": "gone"}), g["game"]))
    con.commit()
    con.close()
    with TestClient(create_app(db)) as c:
        r = c.get(f"/api/games/{g['game']}/view", headers=bearer(g["storyteller"]))
        assert r.status_code == 409, r.text
        assert "cannot be resumed: its bots' policy 'gone' is no longer registered" \
            in r.json()["error"]


def test_an_engine_bug_while_re_running_a_stored_game_surfaces_as_itself(tmp_path,
                                                                          monkeypatch):
    import clocktower.web.driver as driver
    db, g = _stored(tmp_path)

    def broken(*a, **k):
        raise KeyError("a bug")

    monkeypatch.setattr(driver, "setup_written", broken)
    app = create_app(db)
    with pytest.raises(KeyError, match="a bug") as e:
        app.state.service.get(g["game"])
    assert any(g["game"] in note and "engine bug" in note for note in e.value.__notes__)
    assert g["game"] not in app.state.service.broken     # not a game kept aside: a bug
    monkeypatch.undo()
    assert app.state.service.get(g["game"]).wg.inputs        # once fixed, it re-runs


def test_day_abilities_public_claims_and_about_to_die(client):
    grimoire = [dict(x) for x in GRIMOIRE]
    grimoire[6] = {"name": "Gus", "character": "slayer"}
    g = new_game(client, grimoire=grimoire)
    to_day(client, g)
    gus, bob = g["seats"][6]["token"], g["seats"][1]["token"]
    day = view(client, g, gus)["day_actions"]
    assert {"ability": "slayer", "target": "Cat"} in day["uses"]
    assert "Cat" in day["nominees"]
    # Bob (the Empath) pretends to be the Slayer: public, nothing happens
    r = send(client, g, {"type": "use", "ability": "slayer", "args": {"target": "Dan"}},
             token=bob)
    assert r.status_code == 200, r.text
    public = view(client, g, g["spectator"])["events"]
    assert public[-2]["type"] == "claim_ability" and public[-1]["type"] == "nothing_happens"
    assert all(p["alive"] for p in view(client, g)["table"]["players"])
    assert send(client, g, {"type": "use", "ability": "wizardry", "args": {}},
                token=bob).status_code == 400
    # a written nomination with enough hands: about to die, executed at the end of the day
    r = send(client, g, {"type": "nominate", "by": "Ann", "target": "Dan",
                         "votes": ["Ann", "Bob", "Eve", "Fay"]})
    assert r.status_code == 200, r.text
    assert view(client, g, g["spectator"])["table"]["about_to_die"] == "Dan"
    # the real Slayer shoots the Imp: good wins at once
    r = send(client, g, {"type": "use", "ability": "slayer", "args": {"target": "Cat"}},
             token=gus)
    assert r.status_code == 200, r.text
    v = view(client, g, g["spectator"])
    assert v["over"]["winner"] == "good" and v["phase"] == "over"
    assert send(client, g, {"type": "end_day"}).status_code == 409


def test_seat_mode_decides_who_answers(client):
    g = new_game(client)
    ann = g["seats"][0]["token"]
    assert send(client, g, {"type": "seat", "name": "Ann", "online": False},
                token=ann).status_code == 403
    assert send(client, g, {"type": "seat", "name": "Ann", "online": False}).status_code == 200
    assert view(client, g)["grimoire"][0]["online"] is False
    assert view(client, g, ann)["online"] is False
    to_day(client, g)
    assert view(client, g, ann)["day_actions"] is None
    assert send(client, g, {"type": "nominate", "target": "Cat"}, token=ann).status_code == 403
    assert send(client, g, {"type": "seat", "name": "Ann", "online": True}).status_code == 200
    assert view(client, g, ann)["day_actions"]["nominees"]
    assert send(client, g, {"type": "nominate", "target": "Cat"}, token=ann).status_code == 200


def test_the_storyteller_sees_the_night_step_options_and_truth(client):
    g = new_game(client)
    while view(client, g)["phase"] != "night":
        answer(client, g)
    seen_info = False
    for _ in range(40):
        v = view(client, g)
        if v["phase"] != "night":
            break
        p = v["pending"]
        sheet = v["nightsheet"]
        assert [s["state"] for s in sheet].count("current") == 1
        current = next(s for s in sheet if s["state"] == "current")
        assert p["step"]["id"] == current["id"] and p["step"]["reminder"]
        if p["kind"] == "info":
            seen_info = True
            assert any(o["true"] for o in p["options"])
            assert all("true" in o and o["label"] for o in p["options"])
            if any(not o["true"] for o in p["options"]):
                # a sober, healthy player is shown only the truth
                assert p["context"]["droisoned"]
        answer(client, g)
    assert seen_info
    assert view(client, g)["nightsheet"] is None
    assert view(client, g, g["seats"][0]["token"]).get("nightsheet") is None
