"""kill -9 mid-night and start again: the same game, nothing lost, play continues; clients
reconnect with `hello` and get what they missed."""
from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from webclient import Client, free_port

SEATS = [{"name": n} for n in ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")]
GRIMOIRE = [{"name": "Ann", "character": "monk"}, {"name": "Bob", "character": "empath"},
            {"name": "Cat", "character": "imp"}, {"name": "Dan", "character": "poisoner"},
            {"name": "Eve", "character": "soldier"}, {"name": "Fay", "character": "chef"},
            {"name": "Gus", "character": "washerwoman"}]


def start(db: Path, port: int) -> subprocess.Popen:
    exe = Path(sys.executable).with_name("clocktower")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "clocktower.cli"]
    proc = subprocess.Popen(cmd + ["serve", "--db", str(db), "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        if proc.poll() is not None:
            raise AssertionError(f"the server stopped: {proc.stderr.read().decode()}")
        time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start")


def kill9(proc: subprocess.Popen) -> None:
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(10)


def test_kill_9_mid_night_loses_nothing_and_play_continues(tmp_path):
    db = tmp_path / "games.sqlite"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start(db, port)
    try:
        r = httpx.post(f"{base}/api/games", json={"script": {"name": "trouble-brewing"},
                                                  "players": SEATS, "grimoire": GRIMOIRE,
                                                  "seed": 5})
        assert r.status_code == 200, r.text
        g = r.json()
        gid = g["game"]
        st = {"Authorization": f"Bearer {g['storyteller']}"}
        tokens = {s["name"]: s["token"] for s in g["seats"]}

        def view(headers=st):
            return httpx.get(f"{base}/api/games/{gid}/view", headers=headers).json()["view"]

        def answer_first():
            p = view()["pending"]
            r = httpx.post(f"{base}/api/games/{gid}/send", headers=st,
                           json={"type": "answer", "id": p["id"], "option": 0})
            assert r.status_code == 200, r.text

        # Play into night 1, some answers given tonight.
        for _ in range(60):
            v = view()
            if v["phase"] == "night" and any(e["type"] == "decision" and e["phase"] == "night"
                                             for e in v["events"]):
                break
            answer_first()
        before = view()
        assert before["phase"] == "night" and before["pending"] is not None
        ann_before = view({"Authorization": f"Bearer {tokens['Ann']}"})

        # A player's socket holds some events; the server dies under it.
        async def connect_ann():
            c = await Client(f"127.0.0.1:{port}", gid, tokens["Ann"], "Ann").start()
            return c
        ann = asyncio.run(connect_ann())
        held = list(ann.events)
        epoch = ann.epoch

        kill9(proc)
        proc = start(db, port)

        after = view()
        assert after == before, "the same game, nothing lost"
        assert view({"Authorization": f"Bearer {tokens['Ann']}"}) == ann_before

        # Play continues: every decision answered until day 2.
        for _ in range(200):
            v = view()
            if v["over"] or v["day"] >= 2:
                break
            if v["pending"]["shape"] == "day":
                r = httpx.post(f"{base}/api/games/{gid}/send", headers=st,
                               json={"type": "nominate", "by": "Bob", "target": "Cat",
                                     "votes": ["Ann", "Bob", "Dan", "Eve", "Fay"]})
                assert r.status_code in (200, 409), r.text
                httpx.post(f"{base}/api/games/{gid}/send", headers=st,
                           json={"type": "end_day"})
                continue
            answer_first()
        v = view()
        assert v["day"] >= 2 or v["over"]
        assert any(e["type"] == "execution" for e in v["events"])

        # The client reconnects: hello with what it holds; it gets the rest, nothing twice.
        async def reconnect():
            c = Client(f"127.0.0.1:{port}", gid, tokens["Ann"], "Ann")
            c.events = list(held)
            await c.start(have=len(held), epoch=epoch)
            await c.close()
            return c
        again = asyncio.run(reconnect())
        assert not again.errors
        first = again.messages[1]
        assert first["type"] == "update" and first["from"] == len(held)
        full = view({"Authorization": f"Bearer {tokens['Ann']}"})["events"]
        assert held + first["events"] == full == again.events
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(10)


def test_sync_modes(tmp_path, cli):
    """`serve --sync`: normal (the default; each commit in the WAL survives a kill -9, as
    the test above shows) or full (each commit synced to the disk); anything else is one
    line."""
    from clocktower.errors import ClocktowerError
    from clocktower.web.store import Store
    got = {m: Store(tmp_path / f"{m}.db", m).db.execute("PRAGMA synchronous").fetchone()[0]
           for m in ("normal", "full")}
    assert got == {"normal": 1, "full": 2}
    assert Store(tmp_path / "d.db").db.execute("PRAGMA synchronous").fetchone()[0] == 1
    with pytest.raises(ClocktowerError, match="sync must be one of normal, full"):
        Store(tmp_path / "x.db", "off")
    r = cli("serve", "--sync", "off", "--db", str(tmp_path / "y.db"), "--port", "0")
    assert r.exit_code == 2 and "--sync: normal or full" in r.output
