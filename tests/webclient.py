"""Test helpers for the web grimoire: a live server in the test's event loop, WebSocket
clients that keep the view they are sent, and a Storyteller who plays a game through them."""
from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import random
import socket
from typing import Any

import httpx
import uvicorn
from websockets.asyncio.client import connect


# A seven-player Trouble Brewing game as the HTTP API's tests create it.
SEATS = [{"name": n} for n in ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")]
GRIMOIRE = [{"name": "Ann", "character": "monk"}, {"name": "Bob", "character": "empath"},
            {"name": "Cat", "character": "imp"}, {"name": "Dan", "character": "poisoner"},
            {"name": "Eve", "character": "soldier"}, {"name": "Fay", "character": "chef"},
            {"name": "Gus", "character": "washerwoman"}]
TB = {"name": "trouble-brewing"}


def new_game(client, **kw) -> dict:
    """POST /api/games with that game (`kw` overrides fields); its answer."""
    body = {"script": TB, "players": SEATS, "grimoire": GRIMOIRE, "seed": 1, **kw}
    r = client.post("/api/games", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def view(client, g, token=None) -> dict:
    """A seat's view (the Storyteller's by default) by the HTTP API."""
    r = client.get(f"/api/games/{g['game']}/view", headers=bearer(token or g["storyteller"]))
    assert r.status_code == 200, r.text
    return r.json()["view"]


def send(client, g, msg, token=None):
    """A message sent by the HTTP API (the Storyteller's by default); the response."""
    return client.post(f"/api/games/{g['game']}/send", json=msg,
                       headers=bearer(token or g["storyteller"]))


def answer(client, g, option=0):
    """The Storyteller's view's pending decision answered with `option`; the decision."""
    p = view(client, g)["pending"]
    r = send(client, g, {"type": "answer", "id": p["id"], "option": option})
    assert r.status_code == 200, r.text
    return p


def to_day(client, g):
    """Every decision answered with its first option until the day opens; the view."""
    for _ in range(100):
        v = view(client, g)
        if v["phase"] == "day" and v["pending"]["shape"] == "day":
            return v
        answer(client, g)
    raise AssertionError("no day")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.asynccontextmanager
async def live_server(app):
    """uvicorn serving `app` on a free loopback port, in this event loop."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning", ws="websockets-sansio",
                                           lifespan="off"))
    task = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.01)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await task


class Client:
    """One WebSocket connection: every message it receives, and its view rebuilt from them."""

    _refs = itertools.count()

    def __init__(self, host: str, game: str, token: str, label: str):
        self.url = f"ws://{host}/api/games/{game}/ws"
        self.token = token
        self.label = label
        self.messages: list[dict] = []
        self.events: list[dict] = []
        self.view: dict = {}
        self.epoch: int | None = None
        self.waiting: dict[str, asyncio.Future] = {}
        self.ws: Any = None
        self.task: asyncio.Task | None = None
        self.errors: list[str] = []

    async def start(self, have: int = 0, epoch: int | None = None) -> "Client":
        self.ws = await connect(self.url, max_size=2 ** 24)
        self.task = asyncio.create_task(self._read())
        await self.ws.send(json.dumps({"type": "hello", "token": self.token, "have": have,
                                       "epoch": epoch}))
        await self.sync()
        return self

    async def _read(self) -> None:
        try:
            async for text in self.ws:
                msg = json.loads(text)
                self.messages.append(msg)
                self._apply(msg)
        except Exception:       # closed
            pass

    def _apply(self, msg: dict) -> None:
        t = msg["type"]
        if t == "state":
            self.epoch = msg["epoch"]
            view = dict(msg["view"])
            self.events = view.pop("events")
            self.view = view
        elif t == "update":
            if msg["from"] != len(self.events):
                self.errors.append(f"update from {msg['from']} but {len(self.events)} held")
            self.events = self.events[:msg["from"]] + msg["events"]
            self.view = msg["view"]
            self.epoch = msg["epoch"]
        elif t in ("ok", "error", "pong"):
            fut = self.waiting.pop(msg.get("ref") or "", None)
            if fut is not None and not fut.done():
                fut.set_result(msg)

    async def request(self, msg: dict) -> dict:
        ref = f"r{next(self._refs)}"
        fut: asyncio.Future = asyncio.get_running_loop().create_future()
        self.waiting[ref] = fut
        await self.ws.send(json.dumps({**msg, "ref": ref}))
        return await asyncio.wait_for(fut, 20)

    async def sync(self) -> None:
        """Every message sent to this client before now has been received."""
        r = await self.request({"type": "ping"})
        assert r["type"] == "pong", r

    async def close(self) -> None:
        await self.ws.close()
        if self.task is not None:
            await self.task


async def _seat_change(host: str, created: dict, st: "Client", players: dict, day: int) -> None:
    """Day 1: Zed joins (and connects on their new link); day 2: Zed leaves; day 3: Eve
    leaves the table."""
    if day == 1:
        r = await st.request({"type": "join", "player": "Zed", "character": "beggar",
                              "alignment": "evil", "seat": 2})
        assert r["type"] == "ok", r
        async with httpx.AsyncClient(base_url=f"http://{host}") as http:
            got = await http.get(f"/api/games/{created['game']}/links",
                                 headers={"Authorization": f"Bearer {created['storyteller']}"})
        token = next(s["token"] for s in got.json()["seats"] if s["name"] == "Zed")
        players["Zed"] = await Client(host, created["game"], token, "Zed").start()
    else:
        r = await st.request({"type": "leave", "player": "Zed" if day == 2 else "Eve"})
        assert r["type"] == "ok", r
    await st.sync()


async def play_game(host: str, created: dict, seed: int, max_steps: int = 4000,
                    http: httpx.AsyncClient | None = None, seat_changes: bool = False) -> dict:
    """Connect as the Storyteller, every player and a spectator; play the game to its end:
    the Storyteller answers its decisions and the offline seats', each online player answers
    their own on their socket; by day players nominate (live votes) or the Storyteller
    writes a nomination, Travellers may be exiled; each day the Storyteller sets the table's
    tools (vote history shown on odd days, a timer). `seat_changes`: a Traveller, Zed,
    joins on day 1 (an evil Beggar, third in the circle: a new client on their new link) and
    leaves on day 2; Eve leaves the table on day 3. Returns the clients."""
    rng = random.Random(seed)
    gid = created["game"]
    st = await Client(host, gid, created["storyteller"], "storyteller").start()
    players = {s["name"]: await Client(host, gid, s["token"], s["name"]).start()
               for s in created["seats"]}
    spec = await Client(host, gid, created["spectator"], "spectator").start()
    steps = 0
    tries_today = 0
    day_seen = -1
    while not st.view.get("over") and steps < max_steps:
        steps += 1
        v = st.view
        p = v["pending"]
        assert p is not None, v
        if p["shape"] == "day":
            if v["day"] != day_seen:
                day_seen, tries_today = v["day"], 0
                # The table's tools: the vote history shown on odd days, a timer each day.
                r = await st.request({"type": "table", "votes": "show" if day_seen % 2
                                      else "hide", "timer": 60 * day_seen})
                assert r["type"] == "ok", r
                if seat_changes and day_seen in (1, 2, 3):
                    await _seat_change(host, created, st, players, day_seen)
                    continue
            tries_today += 1
            table = v["table"]
            alive = [x["name"] for x in table["players"] if x["alive"]]
            online = {row["name"] for row in v["grimoire"] if row["online"] and not row["bot"]}
            roll = rng.random()
            if tries_today > 4 or roll < 0.25:
                r = await st.request({"type": "end_day"})
                assert r["type"] == "ok", r
                continue
            trav = [x for x in table["travellers"] if x in alive]
            if trav and roll < 0.35:
                by = rng.choice(alive)
                r = await st.request({"type": "exile", "by": by, "target": rng.choice(trav),
                                      "votes": rng.sample(alive, rng.randrange(len(alive)))})
                continue            # may be refused (called already today): fine
            nominators = [a for a in alive if a not in table["nominators"]]
            targets = [x["name"] for x in table["players"] if x["name"] not in table["nominees"]]
            if not nominators or not targets:
                await st.request({"type": "end_day"})
                continue
            live_nominators = [a for a in nominators if a in online]
            if tries_today == 1 and live_nominators:      # a live vote every day
                by = rng.choice(live_nominators)
            else:
                by = rng.choice(nominators)
            target = rng.choice(targets)
            if by in online and (tries_today == 1 or roll < 0.8):
                cl = players[by]
                await cl.sync()
                assert cl.view["day_actions"] is not None, cl.view
                if target in cl.view["day_actions"]["nominees"]:
                    r = await cl.request({"type": "nominate", "target": target})
                    assert r["type"] == "ok", r
            else:
                hands = [a for a in alive if rng.random() < 0.5]
                await st.request({"type": "nominate", "by": by, "target": target,
                                  "votes": hands})
            continue
        who = p["who"]
        answerer = st
        if who != "storyteller" and p["online"]:
            answerer = players[who]
            await answerer.sync()
            d = answerer.view["decision"]
            assert d is not None and d["id"] == p["id"], (who, d, p)
        n = p["n_options"]
        r = await answerer.request({"type": "answer", "id": p["id"],
                                    "option": rng.randrange(n)})
        assert r["type"] == "ok", (r, p)
    for c in [st, spec, *players.values()]:
        await c.sync()
    return {"storyteller": st, "players": players, "spectator": spec, "steps": steps}


def strings(x: Any, skip: tuple[str, ...] = ()) -> set[str]:
    """Every string (keys and values) inside a JSON value, leaving out the keys `skip`."""
    out: set[str] = set()
    stack = [x]
    while stack:
        y = stack.pop()
        if isinstance(y, str):
            out.add(y)
        elif isinstance(y, dict):
            for k, v in y.items():
                if k in skip:
                    continue
                out.add(k)
                stack.append(v)
        elif isinstance(y, list):
            stack.extend(y)
    return out
