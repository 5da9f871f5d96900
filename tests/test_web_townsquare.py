"""The town square game state both ways (issue 22 item 19): characters townsquare lacks
written as whole roles (its loader drops an `{id}` it does not know) and their reminders with
a team icon; Good/Evil markers; our `Thinks:` note and townsquare's own markers read back;
roles townsquare re-exported with numbered keys read back; the Thief's token written once."""
from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from clocktower import data as D
from clocktower.web import townsquare
from clocktower.web.app import create_app
from webclient import bearer, new_game

SEATS = [{"name": n} for n in ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")]


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "games.sqlite")) as c:
        yield c


def export(client, g) -> dict:
    r = client.get(f"/api/games/{g['game']}/townsquare", headers=bearer(g["storyteller"]))
    assert r.status_code == 200, r.text
    return r.json()


def import_(client, state) -> dict:
    r = client.post("/api/townsquare/import", json={"state": state})
    assert r.status_code == 200, r.text
    return r.json()


def st_view(client, g) -> dict:
    return client.get(f"/api/games/{g['game']}/view",
                      headers=bearer(g["storyteller"])).json()["view"]


def regalia_game(client) -> tuple[dict, list[dict]]:
    """A Regalia game with characters townsquare lacks, an evil Traveller and a believer."""
    seats = SEATS + [{"name": "Hal", "traveller": True}, {"name": "Ivy", "traveller": True}]
    regalia = {c["id"]: c for c in client.get("/api/scripts/regalia").json()["characters"]}
    lacking = [c for c in regalia if c not in townsquare.townsquare_knows()]
    assert lacking, "Regalia has characters townsquare lacks"
    deal = client.post("/api/bag/deal", json={"script": {"name": "regalia"}, "players": seats,
                                              "seed": 3}).json()
    grimoire = deal["grimoire"]
    travellers = [c for c in regalia if regalia[c]["team"] == "traveller"]
    grimoire[-2] = {"name": "Hal", "character": travellers[0], "alignment": "evil"}
    grimoire[-1] = {"name": "Ivy", "character": travellers[1], "alignment": "good"}
    g = new_game(client, script={"name": "regalia"}, players=seats, grimoire=grimoire,
                 bluffs=deal["bluffs"], not_dealt=deal["not_dealt"])
    return g, grimoire


def test_the_data_file_lists_townsquare_s_roles():
    knows = townsquare.townsquare_knows()
    assert {"imp", "washerwoman", "gunslinger", "thief", "djinn"} <= knows
    assert not {"shugenja", "vizier", "kazali", "alsaahir", "highpriestess"} & knows


def test_characters_townsquare_lacks_are_written_whole(client):
    g, grimoire = regalia_game(client)
    state = export(client, g)
    assert state["edition"]["id"] == "custom"
    knows = townsquare.townsquare_knows()
    for role in state["roles"]:
        if role["id"] in knows:
            assert role == {"id": role["id"]}
        else:       # what townsquare's loader needs to keep it: name, ability, team
            c = D.get(role["id"])
            assert role["name"] == c.name and role["ability"] == c.ability
            assert role["team"] == c.team and role["imageAlt"] in (
                "good", "outsider", "minion", "evil", "fabled", "custom")
    listed = {r["id"] for r in state["roles"]}
    assert {p["character"] for p in grimoire} | set(state["bluffs"]) <= listed
    # A reminder of such a character names an icon townsquare has.
    for p in state["players"]:
        for r in p["reminders"]:
            if r["role"] not in knows and r["role"] not in ("good", "evil", "custom"):
                assert r.get("imageAlt"), r


def test_a_traveller_townsquare_lacks_is_written_with_its_spelling():
    assert "gnome" not in townsquare.townsquare_knows()
    assert townsquare.full_role("gnome")["team"] == "traveler"
    assert townsquare.full_role("shugenja")["team"] == "townsfolk"


def test_alignments_and_beliefs_survive_the_round_trip(client):
    g, grimoire = regalia_game(client)
    state = export(client, g)
    hal = next(p for p in state["players"] if p["name"] == "Hal")
    assert {"role": "evil", "name": "Evil"} in hal["reminders"]
    ivy = next(p for p in state["players"] if p["name"] == "Ivy")
    assert {"role": "good", "name": "Good"} in ivy["reminders"]
    h = import_(client, state)
    assert not any("alignment: good" in w for w in h["warnings"]), h["warnings"]
    before = {r["name"]: r for r in st_view(client, g)["grimoire"]}
    after = {r["name"]: r for r in st_view(client, h)["grimoire"]}
    assert list(after) == list(before)
    for name in before:
        for key in ("character", "alignment", "thinks", "traveller"):
            assert after[name][key] == before[name][key], (name, key)
    assert st_view(client, h)["bluffs"] == st_view(client, g)["bluffs"]
    again = export(client, h)
    for key in ("edition", "roles", "bluffs"):
        assert again[key] == state[key], key


def test_a_drunk_comes_back_believing_what_they_believed(client):
    grimoire = [{"name": "Ann", "character": "drunk", "thinks": "slayer"},
                {"name": "Bob", "character": "empath"}, {"name": "Cat", "character": "imp"},
                {"name": "Dan", "character": "baron"}, {"name": "Eve", "character": "monk"},
                {"name": "Fay", "character": "chef"}, {"name": "Gus", "character": "saint"}]
    g = new_game(client, grimoire=grimoire)
    state = export(client, g)
    ann = state["players"][0]
    assert {"role": "custom", "name": "Thinks: Slayer"} in ann["reminders"]
    h = import_(client, state)
    assert st_view(client, h)["grimoire"][0]["thinks"] == "slayer"
    assert not any("taken to think" in w for w in h["warnings"]), h["warnings"]


def test_townsquare_s_own_reexport_is_read_back(client):
    """townsquare re-exports a custom role with numbered keys (its `customRolesStripped`):
    one of ours is taken as ours; a homebrew one is still refused."""
    g, _ = regalia_game(client)
    state = export(client, g)
    keys = list(townsquare.CUSTOM_ROLE_KEYS)
    stripped = []
    for role in state["roles"]:
        if len(role) == 1:
            stripped.append(role)
        else:
            stripped.append({str(keys.index(k)): v for k, v in role.items() if k in keys})
    assert any("0" in r for r in stripped)
    h = import_(client, {**state, "roles": stripped})
    assert [r["character"] for r in st_view(client, h)["grimoire"]] == \
        [r["character"] for r in st_view(client, g)["grimoire"]]
    home = {**state, "roles": stripped + [{"0": "hedgewizard", "1": "Hedge Wizard",
                                           "3": "Does things.", "12": "townsfolk"}]}
    r = client.post("/api/townsquare/import", json={"state": home})
    assert r.status_code == 400 and "homebrew" in r.json()["error"], r.text


def test_the_thief_s_token_is_written_once(client):
    grimoire = [{"name": "Ann", "character": "washerwoman"}, {"name": "Bob", "character": "empath"},
                {"name": "Cat", "character": "imp"}, {"name": "Dan", "character": "poisoner"},
                {"name": "Eve", "character": "soldier"}, {"name": "Fay", "character": "chef"},
                {"name": "Gus", "character": "monk"},
                {"name": "Hal", "character": "thief", "alignment": "evil"}]
    g = new_game(client, players=SEATS + [{"name": "Hal", "traveller": True}],
                 grimoire=grimoire)
    for _ in range(40):
        v = st_view(client, g)
        p = v["pending"]
        if p["shape"] == "day":
            break
        option = 0
        if p["who"] == "Hal":
            option = next(o["i"] for o in p["options"] if o["value"] == ["Bob"]) \
                if p["shape"] == "players" else 0
        r = client.post(f"/api/games/{g['game']}/send", headers=bearer(g["storyteller"]),
                        json={"type": "answer", "id": p["id"], "option": option})
        assert r.status_code == 200, r.text
    state = export(client, g)
    bob = next(p for p in state["players"] if p["name"] == "Bob")
    thief = [r for r in bob["reminders"] if r["role"] == "thief"]
    assert len(thief) == 1, bob["reminders"]
    json.dumps(state)


def play_to_day_two(client, g) -> dict:
    """Every decision answered with its first option until day 2 opens; the view. Day 1: a
    ruling kills Bob, Cat nominates Eve and Bob spends his ghost vote on it."""
    for day in (1, 2):
        for _ in range(200):
            v = st_view(client, g)
            if v["phase"] == "day" and v["pending"]["shape"] == "day":
                break
            r = client.post(f"/api/games/{g['game']}/send", headers=bearer(g["storyteller"]),
                            json={"type": "answer", "id": v["pending"]["id"], "option": 0})
            assert r.status_code == 200, r.text
        if day == 2:
            return v
        for msg in ({"type": "ruling", "ruling": {"action": "kill", "player": "Bob"}},
                    {"type": "nominate", "by": "Cat", "target": "Eve", "votes": ["Bob"]},
                    {"type": "reminder", "player": "Eve", "token": "Watch her"},
                    {"type": "reminder", "player": "Ann", "token": "Is the Drunk",
                     "ability": "drunk"},
                    {"type": "end_day"}):
            r = client.post(f"/api/games/{g['game']}/send", headers=bearer(g["storyteller"]),
                            json=msg)
            assert r.status_code == 200, (msg, r.text)
    raise AssertionError("no day 2")


def test_a_game_under_way_survives_the_round_trip(client):
    """ours -> townsquare -> ours keeps every seat, alignment, belief, death, ghost vote,
    reminder and bluff (issue 22 item 19)."""
    grimoire = [{"name": "Ann", "character": "drunk", "thinks": "slayer"},
                {"name": "Bob", "character": "empath"}, {"name": "Cat", "character": "imp"},
                {"name": "Dan", "character": "baron"}, {"name": "Eve", "character": "monk"},
                {"name": "Fay", "character": "fortuneteller"}, {"name": "Gus", "character": "saint"},
                {"name": "Hal", "character": "thief", "alignment": "evil"}]
    g = new_game(client, players=SEATS + [{"name": "Hal", "traveller": True}],
                 grimoire=grimoire, bluffs=["chef", "virgin", "mayor"])
    before = play_to_day_two(client, g)
    dead = {p["name"] for p in before["grimoire"] if not p["alive"]}
    assert "Bob" in dead, dead                 # by ruling (and whoever night 2 killed)
    assert not next(p for p in before["grimoire"] if p["name"] == "Bob")["ghost_vote"]
    state = export(client, g)
    h = import_(client, state)
    assert not any("not taken" in w or "alive" in w for w in h["warnings"]), h["warnings"]
    after = st_view(client, h)
    assert [p["name"] for p in after["grimoire"]] == [p["name"] for p in before["grimoire"]]
    for b, a in zip(before["grimoire"], after["grimoire"]):
        for key in ("character", "alignment", "thinks", "traveller", "alive", "ghost_vote"):
            assert a[key] == b[key], (b["name"], key, a[key], b[key])
    assert after["bluffs"] == before["bluffs"] == ["chef", "virgin", "mayor"]
    # The players' and spectators' table shows the deaths too.
    table = {p["name"]: p for p in after["table"]["players"]}
    assert {n for n, p in table.items() if not p["alive"]} == dead
    assert table["Bob"]["ghost_vote"] is False
    # Every reminder comes back, with its character: the file written again is the same.
    again = export(client, h)
    for p, q in zip(state["players"], again["players"]):
        key = lambda r: json.dumps(r, sort_keys=True)      # noqa: E731
        assert sorted(map(key, q["reminders"])) == sorted(map(key, p["reminders"])), p["name"]
        for k in ("name", "role", "isDead", "isVoteless"):
            assert q[k] == p[k], (p["name"], k)
    eve = next(p for p in again["players"] if p["name"] == "Eve")
    assert {"role": "custom", "name": "Watch her"} in eve["reminders"]
    ann = next(p for p in again["players"] if p["name"] == "Ann")
    assert {"role": "drunk", "name": "Is the Drunk"} in ann["reminders"]
    for key in ("edition", "roles", "bluffs"):
        assert again[key] == state[key], key
    # The imported game goes on from there: the dead stay dead, a dead player without a
    # ghost vote cannot vote.
    assert after["phase"] == "night" or after["pending"] is not None


def test_an_imported_game_replays_from_its_log(client, tmp_path):
    from clocktower.engine.inputs import replay_written
    from clocktower.characters import REGISTRY
    g = new_game(client)
    to = client.post(f"/api/games/{g['game']}/send", headers=bearer(g["storyteller"]),
                     json={"type": "reminder", "player": "Bob", "token": "Mine", "ability": "imp"})
    assert to.status_code == 200, to.text
    state = export(client, g)
    state["players"][1]["isDead"] = True
    state["players"][1]["isVoteless"] = True
    state["players"][2]["isDead"] = True
    h = import_(client, state)
    log = client.get(f"/api/games/{h['game']}/log", headers=bearer(h["storyteller"])).json()
    setup = next(e for e in log if e["type"] == "setup")
    assert setup["dead"] == ["Bob", "Cat"] and setup["voteless"] == ["Bob"]
    seating = next(e for e in log if e["type"] == "seating")
    assert seating["dead"] == ["Bob", "Cat"] and seating["voteless"] == ["Bob"]
    game = replay_written(log, REGISTRY)
    assert [p.alive for p in game.players][:3] == [True, False, False]
    assert game.by_name["Bob"].ghost_vote is False and game.by_name["Cat"].ghost_vote is True
    assert any(e["type"] == "reminder" and e.get("ability") == "imp" for e in game.log)


def test_a_file_whose_demon_is_dead_gives_a_game_already_won(client):
    """The win rules hold for a grimoire written mid-game: a dead Demon (no Scarlet Woman to
    take over) is good's win as soon as the game runs."""
    from webclient import GRIMOIRE
    state = {"edition": {"id": "tb"}, "roles": "", "bluffs": [], "fabled": [],
             "players": [{"name": x["name"], "role": x["character"], "id": "", "reminders": [],
                          "isDead": x["character"] == "imp", "isVoteless": False}
                         for x in GRIMOIRE]}
    h = import_(client, state)
    for _ in range(20):
        v = st_view(client, h)
        if v["over"]:
            break
        r = client.post(f"/api/games/{h['game']}/send", headers=bearer(h["storyteller"]),
                        json={"type": "answer", "id": v["pending"]["id"], "option": 0})
        assert r.status_code == 200, r.text
    assert v["over"] == {"winner": "good", "reason": "the Demon is dead"}
