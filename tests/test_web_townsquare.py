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
