"""The decision support's panel in Chromium (web/static/js/advice.js): the Storyteller turns
the forecast on, waits at a decision whose options come in groups, opens one (its options
one by one) and goes back to every group."""
from __future__ import annotations

import json
from urllib.request import Request, urlopen

from .test_game import T, answer_on_grimoire, decision, wait_change

SEATS = [{"name": n, "bot": True} for n in ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]]
GRIMOIRE = [{"name": "Ann", "character": "washerwoman"}, {"name": "Bob", "character": "chef"},
            {"name": "Cat", "character": "empath"}, {"name": "Dan", "character": "poisoner"},
            {"name": "Eve", "character": "fortuneteller"}, {"name": "Fay", "character": "monk"},
            {"name": "Gus", "character": "imp"}]


def test_the_storyteller_opens_a_group_of_options(browser, server, artifacts):
    body = {"script": {"name": "trouble-brewing"}, "players": SEATS, "grimoire": GRIMOIRE,
            "seed": 1, "bots": "random"}
    req = Request(server.url + "/api/games", data=json.dumps(body).encode(),
                  headers={"Content-Type": "application/json"})
    created = json.load(urlopen(req))
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    ctx.set_default_timeout(T)
    errors: list[str] = []
    try:
        st = ctx.new_page()
        st.on("pageerror", lambda e: errors.append(str(e)))
        st.goto(server.url + f"/join/{created['storyteller']}")
        st.wait_for_selector("svg.townsquare")
        st.wait_for_selector("#advice-on")
        st.locator("#advice-rollouts").fill("10")
        st.locator("#advice-rollouts").dispatch_event("change")
        st.wait_for_function("document.querySelector('#advice-rollouts').value === '10'")
        # the panel is drawn again at each message: click, then wait for the new checkbox
        st.click("#advice-on")
        st.wait_for_function("document.querySelector('#advice-on').checked")
        opener = st.locator("#advice .advice-open")
        for _ in range(25):         # to a Storyteller decision with a group of several
            try:
                opener.first.wait_for(state="visible", timeout=12_000)
                break
            except Exception:       # noqa: BLE001: no group here: answer, the next decision
                d = decision(st)
                assert d["who"] == "storyteller" and d["id"], d
                answer_on_grimoire(st, d)
                wait_change(st, d["id"])
        else:
            raise AssertionError("no decision with a group of several options")
        label = opener.first.locator("xpath=..").inner_text().rsplit(" open", 1)[0].strip()
        opener.first.click()
        st.wait_for_function("(l) => document.querySelector('#advice').innerText"
                             ".includes('Group opened: ' + l)", arg=label, timeout=T)
        # one figure per option: every row's option count is 1, and no group to open
        st.wait_for_function("""() => { const rows = [...document.querySelectorAll(
            '#advice table.advice-options tbody tr')];
            return rows.length > 0 && rows.every(r => r.children[2].textContent === '1'); }""")
        assert st.locator("#advice .advice-open").count() == 0
        st.screenshot(path=str(artifacts / "advice-group-opened.png"), full_page=True)
        st.locator("#advice .advice-close").click()
        st.wait_for_function("!document.querySelector('#advice').innerText.includes('Group opened')")
        opener.first.wait_for(state="visible")
        st.click("#advice-on")
        st.wait_for_function("document.querySelector('#advice').innerText.includes('Off')")
        assert not errors, errors
    finally:
        ctx.close()
