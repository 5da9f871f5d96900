"""Each connection receives only its own view: whole games played over WebSockets against a
live server, connected as the Storyteller, every player and a spectator; no message to a
player or a spectator holds anything outside their view."""
from __future__ import annotations

import asyncio

import httpx
import pytest

from clocktower.engine.views import visible
from clocktower.narrate import event_lines
from clocktower.web.app import create_app
from webclient import live_server, play_game, strings

ST_ONLY_KEYS = ("grimoire", "pending", "nightsheet", "bluffs", "not_dealt", "can_undo")
# What the engine offers the player as their own legal options (a Philosopher may choose
# any good character): checked to be theirs, not scanned for others' characters.
OWN_OPTIONS = ("options", "candidates", "day_actions", "parts")


def _plain(ev: dict) -> dict:
    return {k: v for k, v in ev.items() if k not in ("i", "line")}


def held_characters(log: list[dict]) -> dict[str, set[str]]:
    """Every character each player held or believed during the game (the Storyteller's log)."""
    out: dict[str, set[str]] = {}
    setup = next(e for e in log if e["type"] == "setup")
    for p in setup["players"]:
        out.setdefault(p["name"], set()).add(p["character"])
    for name, c in (setup.get("thinks") or {}).items():
        out[name].add(c)
    for e in log:
        if e["type"] == "character_change" and isinstance(e.get("player"), str):
            for key in ("character", "new", "to"):
                if isinstance(e.get(key), str):
                    out.setdefault(e["player"], set()).add(e[key])
    return out


def check_secrets(result: dict) -> int:
    st = result["storyteller"]
    log = [_plain(e) for e in st.events]
    assert log and log[-1]["type"] in ("game_over", "day_end", "dawn") or st.view["over"]
    assert [e["line"] for e in st.events] == event_lines(log, player_view=False)
    held = held_characters(log)
    viewers = dict(result["players"])
    viewers["spectator"] = result["spectator"]
    checked = reveals = 0
    for name, client in viewers.items():
        assert not client.errors, client.errors
        expected = [e for e in log if visible(e, name)]
        assert [_plain(e) for e in client.events] == expected, name
        # Each event's words: the narration's, built from this viewer's own events only.
        assert [e["line"] for e in client.events] == event_lines(expected, player_view=True)
        seen_ok = strings(expected)
        if name != "spectator":
            told = {e.get("character") for e in expected if e["type"] == "learn"
                    and e.get("player") == name}
            seen_ok |= {c for c in told if c}
        held_events: list[dict] = []
        for msg in client.messages:
            if msg["type"] == "state":
                held_events = list(msg["view"]["events"])
            elif msg["type"] == "update":
                held_events = held_events[:msg["from"]] + msg["events"]
            if "view" in msg and not any(e["type"] == "game_over" for e in held_events):
                # Deaths on the town square only once announced (a night's at dawn, or
                # when the game ends).
                announced = {e["player"] for e in held_events if e["type"] == "death"}
                announced |= {n for e in held_events if e["type"] == "dawn"
                              for n in e.get("deaths", [])}
                for row in msg["view"]["table"]["players"]:
                    assert row["alive"] or row["name"] in announced, (
                        f"{name} sees {row['name']} dead before it was announced")
            for key in ST_ONLY_KEYS:
                assert key not in msg.get("view", {}), (name, key)
            # the Storyteller's decision support (web/advice.py) is the Storyteller's alone
            assert not msg["type"].startswith("advice"), (name, msg["type"])
            view = msg.get("view", {})
            for ev in view.get("events", []) + msg.get("events", []):
                assert visible(ev, name), (name, ev)
            day = view.get("day_actions") or {}
            for use in day.get("uses", []):
                assert use["ability"] in seen_ok, (name, "offered an unknown ability", use)
            # The table's tools: the grimoire revealed only once the game is over, the vote
            # history only while the Storyteller shows it.
            tools = view.get("tools")
            if "view" in msg:
                assert tools is not None, (name, "no tools in the view")
                over_now = any(e["type"] == "game_over" for e in held_events)
                assert tools["reveal"] is None or over_now, (name, "revealed before the end")
                assert tools["vote_history"] is None or tools["votes_shown"], name
                reveals += tools["reveal"] is not None
                msg = {**msg, "view": {**view, "tools": {**tools, "reveal": None}}}
            found = strings(msg, skip=OWN_OPTIONS)
            for other, chars in held.items():
                if other == name:
                    continue
                for c in chars:
                    if c in found:
                        assert c in seen_ok, (f"{name} was sent {other}'s character {c!r}, "
                                              f"which no event visible to them shows", msg)
            checked += 1
        if name != "spectator":
            assert client.view["name"] == name
            # The end-of-game reveal: every seat's character, as the Storyteller's grimoire.
            final = {r["name"]: r["character"] for r in st.view["grimoire"]}
            assert {r["name"]: r["character"] for r in client.view["tools"]["reveal"]
                    ["grimoire"]} == final
            # their own decisions only
            for msg in client.messages:
                d = msg.get("view", {}).get("decision")
                if d:
                    assert set(d["context"]) <= {"ability", "nominee", "nominator", "exile",
                                                 "form"}
    assert reveals >= len(viewers), "each viewer was shown the grimoire at the end"
    return checked


async def _game(tmp_path, body: dict, seed: int, seat_changes: bool = False) -> dict:
    app = create_app(tmp_path / "games.sqlite")
    async with live_server(app) as host:
        async with httpx.AsyncClient(base_url=f"http://{host}") as http:
            r = await http.post("/api/games", json=body)
            assert r.status_code == 200, r.text
            created = r.json()
            result = await play_game(host, created, seed, seat_changes=seat_changes)
            for c in [result["storyteller"], result["spectator"], *result["players"].values()]:
                await c.close()
    return result


TB_SEATS = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cat", "online": False},
            {"name": "Dan"}, {"name": "Eve"}, {"name": "Fay", "bot": True}, {"name": "Gus"},
            {"name": "Hal"}, {"name": "Ivy"}, {"name": "Joe", "traveller": True}]
TB_GRIMOIRE = [
    {"name": "Ann", "character": "washerwoman"},
    {"name": "Bob", "character": "drunk", "thinks": "chef"},
    {"name": "Cat", "character": "empath"},
    {"name": "Dan", "character": "spy"},
    {"name": "Eve", "character": "fortuneteller"},
    {"name": "Fay", "character": "recluse"},
    {"name": "Gus", "character": "imp"},
    {"name": "Hal", "character": "monk"},
    {"name": "Ivy", "character": "undertaker"},
    {"name": "Joe", "character": "gunslinger", "alignment": "evil"},
]


@pytest.mark.parametrize("seed", [1, 2])
def test_trouble_brewing_no_player_is_sent_anothers_secrets(tmp_path, seed):
    body = {"script": {"name": "trouble-brewing"}, "players": TB_SEATS,
            "grimoire": TB_GRIMOIRE, "seed": seed, "bots": "random"}
    result = asyncio.run(_game(tmp_path, body, seed))
    st = result["storyteller"]
    assert st.view["over"] is not None, "the game was played to its end"
    assert check_secrets(result) > 100
    # Players answered on their own devices: the Monk's choice, votes around the circle.
    shapes = {(name, m["view"]["decision"]["shape"]) for name, c in result["players"].items()
              for m in c.messages if m.get("view", {}).get("decision")}
    assert ("Hal", "players") in shapes
    assert any(shape == "vote" for _, shape in shapes)
    assert not any(name in ("Cat", "Fay") for name, _ in shapes), "offline seat, bot seat"
    # The Drunk was told the Chef, never the Drunk.
    bob = result["players"]["Bob"]
    assert bob.view["character"] == "chef"
    assert all("drunk" not in strings(m, skip=OWN_OPTIONS + ("reveal",)) for m in bob.messages)
    # ... until the end of the game, when the grimoire is revealed.
    assert {"name": "Bob", "character": "drunk", "thinks": "chef"}.items() <= \
        bob.view["tools"]["reveal"]["grimoire"][1].items()


def test_seats_changing_during_play_no_secrets(tmp_path):
    """A Traveller joins (evil: told the Demon, on their own new link) and leaves, a player
    leaves the table: every viewer still receives only their own view."""
    body = {"script": {"name": "trouble-brewing"}, "players": TB_SEATS,
            "grimoire": TB_GRIMOIRE, "seed": 1, "bots": "random"}
    result = asyncio.run(_game(tmp_path, body, 1, seat_changes=True))
    st = result["storyteller"]
    log = [_plain(e) for e in st.events]
    kinds = [e["type"] for e in log]
    assert {"traveller_joined", "traveller_left", "left_table"} <= set(kinds), "3 days played"
    assert check_secrets(result) > 100
    zed = result["players"]["Zed"]
    assert zed.view["character"] == "beggar" and zed.view["alignment"] == "evil"
    assert any(e["type"] == "learn" and e.get("players") == ["Gus"] for e in zed.events)
    for name, c in result["players"].items():
        if name != "Zed":
            assert not any(e["type"] == "learn" and e.get("player") == "Zed" for e in c.events)
    assert not any(e["type"] == "traveller_alignment" for e in result["spectator"].events)


def test_a_dealt_game_of_another_script_no_secrets(tmp_path):
    seats = [{"name": n} for n in ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")]
    seats.append({"name": "Ivy", "traveller": True})

    async def run():
        app = create_app(tmp_path / "games.sqlite")
        async with live_server(app) as host:
            async with httpx.AsyncClient(base_url=f"http://{host}") as http:
                deal = (await http.post("/api/bag/deal", json={
                    "script": {"name": "the-return-of-jafar"}, "players": seats,
                    "seed": 4})).json()
                r = await http.post("/api/games", json={
                    "script": {"name": "the-return-of-jafar"}, "players": seats,
                    "grimoire": deal["grimoire"], "bluffs": deal["bluffs"],
                    "not_dealt": deal["not_dealt"], "seed": 4})
                assert r.status_code == 200, r.text
                result = await play_game(host, r.json(), 4)
                for c in [result["storyteller"], result["spectator"],
                          *result["players"].values()]:
                    await c.close()
        return result

    result = asyncio.run(run())
    assert check_secrets(result) > 50
