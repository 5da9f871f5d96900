"""`clocktower replay` reads a web game's exported log (`GET /api/games/<id>/log`, one JSON
array): live votes (each hand an answer), reminder tokens placed by hand, rulings, a game
that ends by day (the table does not end that day), a game still being played (identical
as far as its log goes)."""
from __future__ import annotations

import json
import random

import pytest
from fastapi.testclient import TestClient

from clocktower import replay
from clocktower.engine.replay import read_log
from clocktower.errors import ClocktowerError, ReplayMismatch
from clocktower.scripts import load_script
from clocktower.web.app import create_app
from clocktower.web.driver import DayOpen, WebGame
from webclient import bearer, new_game

SEATS = [("Ann", "washerwoman"), ("Bob", "empath"), ("Cat", "imp"), ("Dan", "poisoner"),
         ("Eve", "monk"), ("Fay", "slayer"), ("Gus", "butler"), ("Hal", "beggar")]


def web_game(seed: int, bots=("Bob", "Gus"), traveller: bool = True) -> WebGame:
    seats = [{"name": n, "traveller": c == "beggar", "bot": n in bots, "online": True}
             for n, c in SEATS if traveller or c != "beggar"]
    grimoire = [{"name": n, "character": c, **({"alignment": "evil"} if c == "beggar" else {})}
                for n, c in SEATS if traveller or c != "beggar"]
    return WebGame(load_script("trouble-brewing"), seed, seats, grimoire, None, [])


def a_ruling(rng: random.Random, names: list[str]) -> dict:
    return {"action": rng.choice(("poison", "drunk", "sober")), "player": rng.choice(names)}


def an_input(wg: WebGame, rng: random.Random) -> dict:
    """A random input of any kind the table gives (nominations and exiles with live votes,
    reminder tokens by hand, rulings by day and at dusk)."""
    names = [p.name for p in wg.game.players]
    if rng.random() < 0.1:
        return {"kind": "reminder", "by": "storyteller", "player": rng.choice(names),
                "token": "noted", "remove": False}
    if wg.game.phase == "night" and wg.rulings_open() and rng.random() < 0.3:
        return {"kind": "ruling", "by": "storyteller", "ruling": a_ruling(rng, names)}
    if isinstance(wg.pending, DayOpen):
        r = rng.random()
        if r < 0.4:
            return {"kind": "day_action", "by": "storyteller", "who": rng.choice(names),
                    "action": {"nominate": rng.choice(names)}}
        if r < 0.5:
            return {"kind": "day_action", "by": "storyteller", "who": rng.choice(names),
                    "action": {"exile": "Hal"}}
        if r < 0.55:
            return {"kind": "day_action", "by": "storyteller", "who": "Fay",
                    "action": {"ability": "slayer", "target": rng.choice(names)}}
        if r < 0.6:
            return {"kind": "ruling", "by": "storyteller", "ruling": a_ruling(rng, names)}
        return {"kind": "end_day", "by": "storyteller"}
    d = wg.pending
    assert d is not None
    return {"kind": "answer", "by": d.who, "index": rng.randrange(d.n_options()), "value": None}


def play(wg: WebGame, rng: random.Random, steps: int = 600) -> None:
    for _ in range(steps):
        if wg.over:
            return
        try:
            wg.push(an_input(wg, rng))
        except ClocktowerError:
            pass


def types(log):
    return [e["type"] for e in log]


def dump(log):
    return [json.dumps(e, sort_keys=True) for e in log]


@pytest.mark.parametrize("seed", range(10))
def test_a_finished_web_game_replays_identically(seed):
    wg = web_game(seed, traveller=seed % 2 == 0)
    play(wg, random.Random(seed))
    assert wg.over
    log = wg.game.log
    assert dump(replay(log).log) == dump(log)


def test_the_random_games_have_what_the_replay_must_take():
    """The games above hold live votes, hand-placed reminders, rulings, exiles, and a game
    that ended by day: else the test above would not test them."""
    seen: set[str] = set()
    for seed in range(10):
        wg = web_game(seed, traveller=seed % 2 == 0)
        play(wg, random.Random(seed))
        log = wg.game.log
        over = next(e for e in log if e["type"] == "game_over")
        if over["phase"] == "day":
            seen.add("over by day")
        for e in log:
            if e["type"] == "reminder" and e.get("by_hand"):
                seen.add("reminder")
            if e["type"] == "decision" and e.get("kind") == "ruling":
                seen.add("ruling")
            if e["type"] == "decision" and e.get("kind") == "day_action":
                a = e["answer"]
                if "nominate" in a and "votes" not in a:
                    seen.add("live vote")
                if "exile" in a:
                    seen.add("exile")
    assert seen == {"over by day", "reminder", "ruling", "live vote", "exile"}, seen


def slain_demon() -> WebGame:
    """Day 1: the Slayer shoots the Imp; the game ends by day (no Scarlet Woman)."""
    wg = web_game(3, bots=(), traveller=False)
    while not isinstance(wg.pending, DayOpen):
        d = wg.pending
        wg.push({"kind": "answer", "by": d.who, "index": 0, "value": None})
    wg.push({"kind": "reminder", "by": "storyteller", "player": "Cat", "token": "shot at",
             "remove": False})
    wg.push({"kind": "day_action", "by": "Fay", "who": "Fay",
             "action": {"ability": "slayer", "target": "Cat"}})
    assert wg.over
    return wg


def test_a_web_game_that_ends_by_day_replays_without_ending_the_day():
    """The table stops when the game ends: the web game's day has no `day_end` after its
    `game_over` (a scenario's has); the replay does as the log shows."""
    wg = slain_demon()
    log = wg.game.log
    assert log[-1]["type"] == "game_over" and log[-1]["phase"] == "day"
    assert "day_end" not in types(log[types(log).index("day") + 1:])
    assert dump(replay(log).log) == dump(log)


def test_an_unfinished_web_game_replays_as_far_as_its_log_goes():
    """Stopped after each input, waiting for anything the table gives."""
    waiting = set()
    for stop in range(1, 200):
        wg = web_game(2, bots=())
        play(wg, random.Random(2), stop)
        if wg.over:
            break
        assert wg.pending is not None
        waiting.add(wg.pending.kind)
        log = wg.game.log
        game = replay(log)
        assert dump(game.log) == dump(log) and game.winner is None
    assert waiting == {"storyteller", "info", "day", "night_choice", "vote"}, waiting


def test_a_log_cut_where_the_game_does_not_wait_is_refused():
    """Only a log that stops where the game waits for the table replays as unfinished: one
    cut between two events the game makes on its own differs from the replay."""
    wg = web_game(2)
    play(wg, random.Random(2))
    log = wg.game.log
    cut = next(i for i in range(len(log) // 2, len(log)) if log[i]["type"] == "learn")
    with pytest.raises(ReplayMismatch, match=f"event {cut + 2} differs"):
        replay(log[:cut + 1] + log[cut + 2:])   # an event the game makes, left out
    with pytest.raises(ReplayMismatch, match=f"the log ends after event {cut}, but the game "
                       f"goes on \\(learn event next\\): the log is truncated"):
        replay(log[:cut])                       # cut before an event the game makes


# ---------------------------------------------------------------------------- the export
@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "games.sqlite")) as c:
        yield c


def send(client, g, msg):
    r = client.post(f"/api/games/{g['game']}/send", json=msg, headers=bearer(g["storyteller"]))
    return r


def st_view(client, g) -> dict:
    r = client.get(f"/api/games/{g['game']}/view", headers=bearer(g["storyteller"]))
    return r.json()["view"]


def export(client, g, path) -> None:
    """The grimoire's Event log button: the log as one JSON array (indented by one)."""
    r = client.get(f"/api/games/{g['game']}/log", headers=bearer(g["storyteller"]))
    assert r.status_code == 200
    path.write_text(json.dumps(r.json(), indent=1))


def test_the_exported_log_of_a_web_game_replays_on_the_command_line(client, tmp_path, cli):
    g = new_game(client)
    rng = random.Random(5)
    path = tmp_path / "game.json"
    for step in range(800):
        v = st_view(client, g)
        if v["over"]:
            break
        p = v["pending"]
        if step == 30:      # an unfinished game: identical as far as it goes
            export(client, g, path)
            r = cli("replay", path, "--quiet")
            assert r.exit_code == 0, r.output
            assert "identical to" in r.output and "the game is not over" in r.output
        if p["shape"] == "day":
            alive = [x["name"] for x in v["table"]["players"] if x["alive"]]
            roll = rng.random()
            if roll < 0.3:
                send(client, g, {"type": "end_day"})
            elif roll < 0.4:
                send(client, g, {"type": "reminder", "player": rng.choice(alive),
                                 "token": "watch"})
            else:
                send(client, g, {"type": "nominate", "by": rng.choice(alive),
                                 "target": rng.choice(alive)})
            continue
        send(client, g, {"type": "answer", "id": p["id"], "option": rng.randrange(p["n_options"])})
    assert st_view(client, g)["over"]
    export(client, g, path)
    r = cli("replay", path, "--quiet")
    assert r.exit_code == 0, r.output
    assert r.output.startswith("replayed ") and f"identical to {path}\n" in r.output
    r = cli("replay", path)             # narrated
    assert r.exit_code == 0 and "wins" in r.output.lower(), r.output[-500:]


def test_a_broken_export_is_one_error_line(tmp_path, cli):
    bad = tmp_path / "bad.json"
    for text, says in (('[{"type": "setup"', "the log is truncated"),
                       ('[1, 2]', "event 1 must be an object with a type"),
                       ('[{"type": "setup"}] [', "not a JSON array of events"),
                       ('[]', "starts with a setup event")):
        bad.write_text(text)
        r = cli("replay", bad, "--quiet")
        assert r.exit_code == 2 and r.output.startswith("error: ") and says in r.output, \
            (text, r.output)
        assert r.output.count("\n") == 1


def test_an_edited_export_names_the_event(tmp_path, client):
    g = new_game(client)
    for _ in range(6):
        p = st_view(client, g)["pending"]
        send(client, g, {"type": "answer", "id": p["id"], "option": 0})
    path = tmp_path / "game.json"
    export(client, g, path)
    events = json.loads(path.read_text())
    k = next(i for i, e in enumerate(events) if e["type"] == "decision")
    events[k]["answer"] = "nonsense"
    path.write_text(json.dumps(events, indent=1))
    with pytest.raises(ClocktowerError, match=f"{path}: event {k + 1}: "):
        replay(read_log(path))
