"""Reachable links (issue 22 item 2): `serve --host 0.0.0.0` prints the LAN addresses and
builds join links from the server's reachable address, not from the address the grimoire
happens to be opened at; a QR code per join link."""
from __future__ import annotations

import base64
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
import segno
from fastapi.testclient import TestClient
from webclient import free_port

from clocktower.web import reach
from clocktower.web.app import create_app

SEATS = [{"name": n} for n in ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")]
GRIMOIRE = [{"name": "Ann", "character": "monk"}, {"name": "Bob", "character": "empath"},
            {"name": "Cat", "character": "imp"}, {"name": "Dan", "character": "poisoner"},
            {"name": "Eve", "character": "soldier"}, {"name": "Fay", "character": "chef"},
            {"name": "Gus", "character": "washerwoman"}]
BODY = {"script": {"name": "trouble-brewing"}, "players": SEATS, "grimoire": GRIMOIRE}


def links_of(client, g) -> dict:
    r = client.get(f"/api/games/{g['game']}/links",
                   headers={"Authorization": f"Bearer {g['storyteller']}"})
    assert r.status_code == 200, r.text
    return r.json()


def qr_text_matches(data_uri: str, text: str) -> bool:
    prefix = "data:image/svg+xml"
    return data_uri.startswith(prefix) and data_uri == reach.qr_svg_data_uri(text)


def test_links_are_whole_urls_with_a_qr_code_each(tmp_path):
    with TestClient(create_app(tmp_path / "a.sqlite")) as c:      # no public address given
        g = c.post("/api/games", json=BODY).json()
        assert g["seats"][0]["url"] == f"http://testserver/join/{g['seats'][0]['token']}"
        assert g["urls"]["spectator"] == f"http://testserver/join/{g['spectator']}"
        links = links_of(c, g)
        assert links["base"] == "http://testserver"
        for s in links["seats"]:
            assert s["link"] == f"/join/{s['token']}"           # as before
            assert s["url"] == "http://testserver" + s["link"]
            assert qr_text_matches(s["qr"], s["url"])
        assert qr_text_matches(links["qr"]["spectator"], links["urls"]["spectator"])
        assert "qr" not in links["urls"]                      # the Storyteller's: no QR


def test_links_use_the_servers_reachable_address_wherever_the_grimoire_is_opened(tmp_path):
    lan = "http://192.168.1.20:8000"
    with TestClient(create_app(tmp_path / "a.sqlite", public_url=lan),
                    base_url="http://127.0.0.1:8000") as c:
        g = c.post("/api/games", json=BODY).json()
        links = links_of(c, g)
        assert links["base"] == lan
        assert all(s["url"].startswith(lan + "/join/") for s in links["seats"])
        assert g["seats"][3]["url"] == links["seats"][3]["url"]


def test_serve_addresses(monkeypatch):
    monkeypatch.setattr(reach, "lan_addresses", lambda: ["192.168.1.20", "10.0.0.5"])
    urls, base = reach.serve_addresses("0.0.0.0", 8000)
    assert urls == ["http://192.168.1.20:8000", "http://10.0.0.5:8000", "http://127.0.0.1:8000"]
    assert base == "http://192.168.1.20:8000"
    assert reach.serve_addresses("127.0.0.1", 8000) == (["http://127.0.0.1:8000"], None)
    monkeypatch.setattr(reach, "lan_addresses", lambda: [])
    assert reach.serve_addresses("::", 8000) == (["http://127.0.0.1:8000"], None)


def test_lan_addresses_leave_out_loopback():
    for a in reach.lan_addresses():
        assert not a.startswith("127.") and not a.startswith("169.254.")


def test_qr_code_is_the_link():
    url = "http://192.168.1.20:8000/join/abc"
    uri = reach.qr_svg_data_uri(url)
    svg = uri.split(",", 1)[1]
    from urllib.parse import unquote
    text = unquote(svg) if "base64" not in uri.split(",")[0] else \
        base64.b64decode(svg).decode()
    assert text.lstrip().startswith("<") and "svg" in text
    assert segno.make(url, error="m").designator           # the text fits a QR code


@pytest.mark.skipif(not reach.lan_addresses(), reason="this machine has no network address")
def test_serve_on_every_interface_prints_the_lan_addresses_and_uses_them(tmp_path):
    exe = Path(sys.executable).with_name("clocktower")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "clocktower.cli"]
    port = free_port()
    proc = subprocess.Popen(cmd + ["serve", "--db", str(tmp_path / "g.sqlite"), "--host",
                                   "0.0.0.0", "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        lan = reach.lan_addresses()[0]
        printed = [proc.stderr.readline() for _ in range(4)]
        assert printed[1].strip() == f"open it at http://{lan}:{port}", printed
        assert f"open it at http://127.0.0.1:{port}" in "".join(printed)
        assert f"join links and QR codes use http://{lan}:{port}" in "".join(printed)
        base = f"http://127.0.0.1:{port}"
        deadline = time.time() + 30
        while True:
            try:
                g = httpx.post(f"{base}/api/games", json=BODY, timeout=5).json()
                break
            except httpx.HTTPError:
                assert time.time() < deadline and proc.poll() is None
                time.sleep(0.1)
        # the grimoire is opened at 127.0.0.1; the phones get the LAN address
        assert g["seats"][0]["url"].startswith(f"http://{lan}:{port}/join/")
    finally:
        os.kill(proc.pid, signal.SIGTERM)
        proc.wait(10)


def test_the_character_sheet_has_a_link_and_a_qr_code(tmp_path):
    """The links page gives the character sheet's link (the spectators' token: public
    information only) with its QR code; the page is served for any of the game's links, and
    reads the game's script with that token."""
    with TestClient(create_app(tmp_path / "a.sqlite")) as c:
        g = c.post("/api/games", json=BODY).json()
        links = links_of(c, g)
        sheet = f"http://testserver/sheet/{g['spectator']}"
        assert links["links"]["sheet"] == f"/sheet/{g['spectator']}"
        assert links["urls"]["sheet"] == sheet and qr_text_matches(links["qr"]["sheet"], sheet)
        page = c.get(f"/sheet/{g['spectator']}")
        assert page.status_code == 200 and "/static/js/sheet.js" in page.text
        assert "content-security-policy" in page.headers
        assert c.get("/static/js/sheet.js").status_code == 200
        for token in (g["spectator"], g["seats"][0]["token"]):
            script = c.get(f"/api/games/{g['game']}/script",
                           headers={"Authorization": f"Bearer {token}"}).json()
            assert {"imp", "monk"} <= {ch["id"] for ch in script["characters"]}
        # A spectator's token reads nothing secret: the links are the Storyteller's.
        assert c.get(f"/api/games/{g['game']}/links",
                     headers={"Authorization": f"Bearer {g['spectator']}"}).status_code == 403
