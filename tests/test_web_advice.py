"""The decision support in the web grimoire (web/advice.py): streamed to the Storyteller's
sockets only, set by the Storyteller only, over a whole game played on a live server."""
from __future__ import annotations

import asyncio

import httpx

from clocktower.web import advice as web_advice
from clocktower.web.app import create_app
from test_web_secrets import TB_GRIMOIRE, TB_SEATS, check_secrets
from webclient import Client, live_server, play_game


def test_advice_reaches_the_storyteller_only(tmp_path, monkeypatch):
    monkeypatch.setattr(web_advice, "DEFAULT_ROLLOUTS", 4)
    monkeypatch.setattr(web_advice, "DEFAULT_BUDGET", 60.0)
    body = {"script": {"name": "trouble-brewing"}, "players": TB_SEATS,
            "grimoire": TB_GRIMOIRE, "seed": 1, "bots": "random"}

    async def run():
        app = create_app(tmp_path / "games.sqlite", advise=True)
        async with live_server(app) as host:
            async with httpx.AsyncClient(base_url=f"http://{host}") as http:
                created = (await http.post("/api/games", json=body)).json()
                # a player may not turn it on, nor set it
                ann = next(s for s in created["seats"] if s["name"] == "Ann")
                p = await Client(host, created["game"], ann["token"], "Ann").start()
                r = await p.request({"type": "advise", "on": True})
                assert r["type"] == "error" and "only the Storyteller" in r["message"]
                await p.close()
                # the Storyteller waits at the first decision: its options' figures arrive
                first = await Client(host, created["game"], created["storyteller"],
                                     "storyteller").start()
                pending = first.view["pending"]
                for _ in range(1200):
                    if any(m["type"] == "advice" and m.get("final") for m in first.messages):
                        break
                    await asyncio.sleep(0.05)
                await first.close()
                result = await play_game(host, created, 1)
                result["first"] = (first, pending)
                st = result["storyteller"]
                bad = await st.request({"type": "advise", "budget": 0})
                assert bad["type"] == "error" and "budget" in bad["message"]
                off = await st.request({"type": "advise", "on": False})
                assert off["type"] == "ok"
                await asyncio.sleep(0.3)
                for c in [st, result["spectator"], *result["players"].values()]:
                    await c.close()
        return result

    result = asyncio.run(run())
    import multiprocessing
    for _ in range(100):            # the last run's workers, terminated when it stopped
        if not multiprocessing.active_children():
            break
        import time
        time.sleep(0.05)
    assert multiprocessing.active_children() == []
    assert check_secrets(result) > 100
    st = result["storyteller"]
    advice = [m for m in st.messages if m["type"] == "advice" and "error" not in m]
    assert not [m for m in st.messages if m["type"] == "advice" and "error" in m]
    assert advice, "the Storyteller was sent figures"
    first, pending = result.pop("first")
    got = [m for m in first.messages if m["type"] == "advice"]
    assert got and got[-1]["final"], "figures for the first decision, to the last"
    assert pending["who"] == "storyteller" and got[-1]["options"]
    assert got[-1]["done"] and got[-1]["standing"]["rollouts"] == 4
    assert all(o["rollouts"] == 4 for o in got[-1]["options"])
    assert any(m["final"] for m in advice)      # the days' standings during the game
    for m in advice:
        assert m["standing"]["bots"] == "reasoning bots"
        assert "rollouts played by reasoning bots" in m["standing"]["basis"]
        assert m["standing"]["rollouts"] <= 4
    settings = [m for m in st.messages if m["type"] == "advice_settings"]
    assert settings[0]["on"] is True and settings[-1]["on"] is False
    for name, client in [("spectator", result["spectator"]), *result["players"].items()]:
        assert not [m for m in client.messages if m["type"].startswith("advice")], name


def test_the_storyteller_opens_a_group_of_options(tmp_path, monkeypatch):
    """`{"type": "advise", "open": label}` runs the pending decision's group again, one
    figure per option; `"open": null` goes back to the groups; a label the decision has not
    is refused; the next decision starts with no group open."""
    monkeypatch.setattr(web_advice, "DEFAULT_ROLLOUTS", 2)
    monkeypatch.setattr(web_advice, "DEFAULT_BUDGET", 60.0)
    body = {"script": {"name": "trouble-brewing"}, "players": TB_SEATS,
            "grimoire": TB_GRIMOIRE, "seed": 1, "bots": "random"}

    async def final(st, since: int, pred=lambda m: True) -> dict:
        for _ in range(1200):
            got = [m for m in st.messages[since:] if m["type"] == "advice"
                   and m.get("final") and pred(m)]
            if got:
                return got[-1]
            await asyncio.sleep(0.05)
        raise AssertionError("no final advice")

    async def run():
        app = create_app(tmp_path / "games.sqlite", advise=True)
        async with live_server(app) as host:
            async with httpx.AsyncClient(base_url=f"http://{host}") as http:
                created = (await http.post("/api/games", json=body)).json()
                st = await Client(host, created["game"], created["storyteller"],
                                  "storyteller").start()
                shut = await st.request({"type": "advise", "open": "anything"})
                assert shut["type"] == "error"
                seq = -1
                for _ in range(30):             # to a decision with a group of several
                    p = st.view["pending"]
                    assert p["who"] == "storyteller", p
                    m = await final(st, 0, lambda m: "error" not in m and m["at"]["seq"] > seq)
                    seq = m["at"]["seq"]
                    if any(o["options"] > 1 for o in m["options"]):
                        break
                    r = await st.request({"type": "answer", "id": p["id"], "option": 0})
                    assert r["type"] == "ok", r
                    await st.sync()
                else:
                    raise AssertionError("no grouped decision")
                assert m["opened"] is None
                group = next(o for o in m["options"] if o["options"] > 1)
                bad = await st.request({"type": "advise", "open": "no such group"})
                assert bad["type"] == "error" and "no such group" in bad["message"]
                since = len(st.messages)
                ok = await st.request({"type": "advise", "open": group["label"]})
                assert ok["type"] == "ok", ok
                opened = await final(st, since, lambda m: m.get("opened") == group["label"])
                assert opened["at"] == m["at"]
                assert len(opened["options"]) == min(group["options"], 12)
                assert all(o["options"] == 1 and o["rollouts"] == 2 for o in opened["options"])
                settings = [x for x in st.messages[since:] if x["type"] == "advice_settings"]
                assert settings[-1]["open"] == group["label"]
                since = len(st.messages)
                back = await st.request({"type": "advise", "open": None})
                assert back["type"] == "ok"
                again = await final(st, since, lambda m: m.get("opened") is None)
                assert [o["label"] for o in again["options"]] == \
                    [o["label"] for o in m["options"]]
                # opened again, then the decision answered: the next one has none open
                await st.request({"type": "advise", "open": group["label"]})
                p = st.view["pending"]
                since = len(st.messages)
                r = await st.request({"type": "answer", "id": p["id"], "option": 0})
                assert r["type"] == "ok"
                await st.sync()
                if st.view["pending"] and st.view["pending"]["who"] == "storyteller":
                    nxt = await final(st, since, lambda m: m["at"]["seq"] > seq)
                    assert nxt["opened"] is None and nxt["settings"]["open"] is None
                await st.request({"type": "advise", "on": False})
                await asyncio.sleep(0.3)
                await st.close()

    asyncio.run(run())
    import multiprocessing
    import time
    for _ in range(100):
        if not multiprocessing.active_children():
            break
        time.sleep(0.05)
    assert multiprocessing.active_children() == []
