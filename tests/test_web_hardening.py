"""The web grimoire against hostile input (issue 22 items 8-12): deep or huge JSON, names
that hide or imitate, private database files, the socket's Origin, security headers, one
name check for the deal and the game, errors always `{"error": ...}`."""
from __future__ import annotations

import os
import stat

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from clocktower.web import protocol as P
from clocktower.web.app import create_app
from webclient import GRIMOIRE, SEATS, TB, bearer, new_game  # noqa: F401


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "games.sqlite")) as c:
        yield c


# ---------------------------------------------------------------------------- item 8
DEEP = "[" * 100_000 + "]" * 100_000


def test_deeply_nested_json_is_a_400_not_a_500(client):
    for path in ("/api/games", "/api/bag/deal", "/api/scripts/parse"):
        r = client.post(path, content=DEEP.encode())
        assert r.status_code == 400, (path, r.text)
        assert "nested too deeply" in r.json()["error"]
    # deep but within Python's parser: the depth limit still holds
    r = client.post("/api/games", content=("[" * 200 + "]" * 200).encode())
    assert r.status_code == 400 and "nested too deeply" in r.json()["error"]
    g = new_game(client)
    before = client.get(f"/api/games/{g['game']}/view", headers=bearer(g["storyteller"])).json()
    r = client.post(f"/api/games/{g['game']}/send", content=DEEP.encode(),
                    headers=bearer(g["storyteller"]))
    assert r.status_code == 400 and "nested too deeply" in r.json()["error"]
    deep_value = '{"type": "answer", "id": 0, "value": ' + "[" * 50 + "]" * 50 + "}"
    r = client.post(f"/api/games/{g['game']}/send", content=deep_value.encode(),
                    headers=bearer(g["storyteller"]))
    assert r.status_code == 400 and "nested too deeply" in r.json()["error"]
    assert client.get(f"/api/games/{g['game']}/view",
                      headers=bearer(g["storyteller"])).json() == before


def test_the_socket_answers_deep_or_huge_messages_and_stays_open(client):
    g = new_game(client)
    with client.websocket_connect(f"/api/games/{g['game']}/ws") as ws:
        ws.send_text("[" * 30_000 + "]" * 30_000)      # within the size limit
        err = ws.receive_json()
        assert err["type"] == "error" and "nested too deeply" in err["message"]
        ws.send_text('{"type": "ping", "ref": "' + "x" * P.MAX_MESSAGE + '"}')
        err = ws.receive_json()
        assert err["type"] == "error" and f"at most {P.MAX_MESSAGE}" in err["message"]
        ws.send_json({"type": "hello", "token": g["storyteller"]})
        assert ws.receive_json()["type"] == "welcome"


def test_a_body_over_the_limit_is_refused_before_it_is_read_whole(client):
    # announced: refused on its Content-Length (the body is never read)
    r = client.post("/api/games", content=b"x" * (P.MAX_BODY + 1))
    assert r.status_code == 413 and "at most" in r.json()["error"]
    r = client.post("/api/games", content=b"{}", headers={"content-length": "50000000"})
    assert r.status_code == 413 and "50000000 bytes" in r.json()["error"]
    # streamed without a length: reading stops at the limit (the server's reader, fed
    # 1 MB chunks of a 100 MB body, as the test client reads its body whole first)
    import asyncio

    from starlette.requests import Request

    from clocktower.errors import ClocktowerError
    from clocktower.web.app import _json
    sent = []

    async def receive():
        sent.append(1)
        return {"type": "http.request", "body": b" " * 1_000_000, "more_body": len(sent) < 100}
    req = Request({"type": "http", "method": "POST", "headers": [], "path": "/"}, receive)
    with pytest.raises(ClocktowerError, match="over"):
        asyncio.run(_json(req))
    assert len(sent) == P.MAX_BODY // 1_000_000 + 1


# ---------------------------------------------------------------------------- items 9, 12
def seats_with(name: str, at: int = 6) -> list[dict]:
    seats = [dict(s) for s in SEATS]
    seats[at] = {"name": name}
    return seats


def grimoire_with(name: str, at: int = 6) -> list[dict]:
    grim = [dict(g) for g in GRIMOIRE]
    grim[at] = {**grim[at], "name": name}
    return grim


@pytest.mark.parametrize("name,why", [
    ("a\u0000b", "U+0000, category Cc"), ("\u200b", "U+200B, category Cf"),
    ("Gus\u200d", "U+200D, category Cf"), ("\u202eGus", "U+202E, category Cf"),
    ("\u0301", "no visible character"), ("   ", "no visible character"),
    ("a\u2028b", "category Zl"), (" Gus", "no leading or trailing"),
    ("Storyteller", "reserved"), ("ＳＰＥＣＴＡＴＯＲ", "reserved"),
    ("Ann", "the same name as players[0]"), ("ANN", "looks the same as players[0]"),
    ("Ａｎｎ", "looks the same"), ("\u0410nn", "looks the same"),      # Cyrillic А
    ("Ann\u030a", "looks the same"), ("Bob", "the same name as players[1]"),
])
def test_names_that_hide_or_imitate_are_refused_by_the_deal_the_check_and_the_game(
        client, name, why):
    seats, grim = seats_with(name), grimoire_with(name)
    for path, body in (("/api/bag/deal", {"script": TB, "players": seats}),
                       ("/api/bag/check", {"script": TB, "players": seats, "grimoire": grim}),
                       ("/api/games", {"script": TB, "players": seats, "grimoire": grim})):
        r = client.post(path, json=body)
        assert r.status_code == 400, (path, r.text)
        assert r.json()["error"].startswith("players[6].name: ") and why in r.json()["error"]


def test_names_are_stored_in_nfc_and_other_scripts_are_welcome(client):
    decomposed = "Zoe\u0301"                            # "Zoé" typed with a combining accent
    g = new_game(client, players=seats_with(decomposed), grimoire=grimoire_with(decomposed))
    assert g["seats"][6]["name"] == "Zo\u00e9"
    deal = client.post("/api/bag/deal", json={"script": TB, "players": seats_with("Ωμέγα")})
    assert deal.status_code == 200 and deal.json()["grimoire"][6]["name"] == "Ωμέγα"
    ok = new_game(client, players=seats_with("李雷"), grimoire=grimoire_with("李雷"))
    assert ok["seats"][6]["name"] == "李雷"


def test_unknown_paths_and_methods_answer_error_not_detail(client):
    for r in (client.get("/api/nope"), client.get("/nowhere"), client.delete("/api/health"),
              client.get("/api/docs"), client.get("/api/games/x/nope")):
        assert r.status_code in (404, 405), r.text
        assert set(r.json()) == {"error"} and r.json()["error"]


# ---------------------------------------------------------------------------- item 10
def test_the_database_and_its_wal_and_shm_are_private(tmp_path):
    old = os.umask(0o022)                       # the usual umask: files 0644
    try:
        db = tmp_path / "new.sqlite"
        with TestClient(create_app(db)) as c:
            new_game(c)
            for p in (db, tmp_path / "new.sqlite-wal", tmp_path / "new.sqlite-shm"):
                assert p.exists(), p
                assert stat.S_IMODE(p.stat().st_mode) == 0o600, p
        # a database made world-readable before (an older version) is made private
        for p in tmp_path.glob("new.sqlite*"):
            p.chmod(0o644)
        with TestClient(create_app(db)) as c:
            assert c.get("/api/health").status_code == 200
            for p in tmp_path.glob("new.sqlite*"):
                assert stat.S_IMODE(p.stat().st_mode) == 0o600, p
    finally:
        os.umask(old)


# ---------------------------------------------------------------------------- item 11
HEADERS = ("content-security-policy", "x-frame-options", "referrer-policy",
           "x-content-type-options")


def test_every_response_carries_the_security_headers(client):
    g = new_game(client)
    responses = [client.get("/api/health"), client.get("/"), client.get("/static/js/live.js"),
                 client.get(f"/join/{g['storyteller']}"), client.get("/api/nope"),
                 client.post("/api/games", content=b"{"),
                 client.get(f"/api/games/{g['game']}/view"),
                 client.get(f"/api/games/{g['game']}/view", headers=bearer(g["storyteller"]))]
    for r in responses:
        for h in HEADERS:
            assert h in r.headers, (r.url, h)
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["referrer-policy"] == "no-referrer"
        assert r.headers["x-content-type-options"] == "nosniff"
        csp = r.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert "connect-src 'self' ws://testserver wss://testserver" in csp
    # a Host header that could break the header out is not written into it
    r = client.get("/api/health", headers={"host": "evil\"; script-src *"})
    assert "evil" not in r.headers["content-security-policy"]


def test_the_socket_checks_its_origin(tmp_path):
    def hello(c, g, origin):
        headers = {"origin": origin} if origin else {}
        with c.websocket_connect(f"/api/games/{g['game']}/ws", headers=headers) as ws:
            ws.send_json({"type": "hello", "token": g["storyteller"]})
            return ws.receive_json()["type"]

    with TestClient(create_app(tmp_path / "a.sqlite")) as c:     # Host: testserver
        g = new_game(c)
        assert hello(c, g, None) == "welcome"                   # not a browser
        assert hello(c, g, "http://testserver") == "welcome"
        assert hello(c, g, "https://testserver") == "welcome"
        for bad in ("http://evil.example", "http://testserver.evil.example", "null",
                    "http://testserver:8080", "file://testserver"):
            with pytest.raises(WebSocketDisconnect) as e:
                hello(c, g, bad)
            assert e.value.code == 1008, bad
    with TestClient(create_app(tmp_path / "b.sqlite",
                               allowed_origins=("https://grimoire.example",))) as c:
        g = new_game(c)
        assert hello(c, g, "https://grimoire.example") == "welcome"
        with pytest.raises(WebSocketDisconnect):
            hello(c, g, "https://other.example")
