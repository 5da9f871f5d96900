"""The page controls added for a Storyteller's evening (issue 22), in Chromium under the
server's real Content-Security-Policy (no `bypass_csp`: a policy violation on any page fails
the test): the almanac text (the grimoire's Almanac, a seat card's, a phone's own
character's, the character sheet's, and the plain line for a character without one; no dialog shows "null"),
picking an answer by its parts (the Drunk's Washerwoman: 364 options), the table's tools
(a timer every page counts down, the nomination tracker, the vote history shown and hidden),
bot seats' day turns (one on request, then paced by the server), a Traveller joining and
leaving by day, a player leaving the table, and the grimoire revealed to everyone at the end.

The game is created over the HTTP API (the new-game page has its own test); everything else
is done by clicking the pages.
"""
from __future__ import annotations

import json
import time
from urllib.request import Request, urlopen

from .conftest import watch
from .test_game import LAPTOP, PHONE, T, answer_on_grimoire, decision, seat_label, wait_change

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
GRIMOIRE = [{"name": "Ann", "character": "drunk", "thinks": "washerwoman"},
            {"name": "Bob", "character": "imp"}, {"name": "Cat", "character": "poisoner"},
            {"name": "Dan", "character": "empath"}, {"name": "Eve", "character": "chef"},
            {"name": "Fay", "character": "monk"}, {"name": "Gus", "character": "soldier"},
            {"name": "Hal", "character": "slayer"}]
BOTS = {"Fay", "Gus"}
PHONES = ["Ann", "Dan"]          # online, on their phones; the others play at the table


def post(url: str, body: dict, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    with urlopen(Request(url, data=json.dumps(body).encode(), headers=headers)) as r:
        return json.loads(r.read())


def get(url: str, token: str) -> dict:
    with urlopen(Request(url, headers={"Authorization": f"Bearer {token}"})) as r:
        return json.loads(r.read())


def text_of(page, sel: str) -> str:
    return page.locator(sel).inner_text()


def wait_text(page, sel: str, text: str, timeout: int = T) -> None:
    """Until the element's text holds `text`; else a failure that shows what it holds."""
    try:
        page.wait_for_function("([s, t]) => { const e = document.querySelector(s); "
                               "return !!e && e.innerText.includes(t); }", arg=[sel, text],
                               timeout=timeout)
    except Exception:
        found = page.locator(sel).inner_text() if page.locator(sel).count() else "(none)"
        raise AssertionError(f"{sel} never said {text!r}; it says: {found!r}") from None


def close_dialog(st) -> None:
    st.locator("#dialog").get_by_role("button", name="Close").click()


def settle_day(st) -> None:
    """Whatever a bot's turn started (a live vote, a claim asked): hands down, no claim."""
    for _ in range(30):
        d = decision(st)
        if d["shape"] == "day" or d["phase"] != "day":
            return
        if d["shape"] == "vote":
            st.get_by_role("button", name=f"{d['who']}: hand down").click()
        else:
            answer_on_grimoire(st, d)
        wait_change(st, d["id"])
    raise AssertionError("the day did not settle")


def test_the_table_s_tools_almanac_parts_travellers_bots_and_the_reveal(browser, server,
                                                                          artifacts):
    game = post(server.url + "/api/games", {
        "script": {"name": "trouble-brewing"}, "seed": 1, "bluffs": ["virgin", "mayor", "saint"],
        "players": [{"name": n, "bot": n in BOTS, "online": n in PHONES or n in BOTS}
                    for n in NAMES],
        "grimoire": GRIMOIRE})
    links = {s["name"]: s["link"] for s in game["seats"]}
    contexts: list = []
    errors: list[str] = []

    def page_for(who: str, viewport, **kw):
        c = browser.new_context(viewport=viewport, **kw)       # the real CSP: no bypass
        c.set_default_timeout(T)
        contexts.append(c)
        p = c.new_page()
        watch(p, who, errors)
        return p

    try:
        st = page_for("storyteller", LAPTOP)
        st.goto(server.url + game["links"]["storyteller"])
        st.wait_for_selector("svg.townsquare")
        phones = {}
        for name in PHONES:
            phones[name] = page_for(name, PHONE, is_mobile=True, has_touch=True)
            phones[name].goto(server.url + links[name])
            phones[name].wait_for_selector("#you-are")
        spec = page_for("spectator", LAPTOP)
        spec.goto(server.url + game["links"]["spectator"])
        spec.wait_for_selector("svg.townsquare")

        # -- the almanac text ----------------------------------------------------------------
        st.locator("#tools").get_by_role("button", name="Almanac").click()
        st.fill('#dialog-body input[type="search"]', "Washerwoman")
        card = st.locator("#almanac-washerwoman")
        card.locator("summary").click()
        wait_text(st, "#almanac-washerwoman", "How to Run")
        assert "From the almanac of The Saga of the Summoner." in card.inner_text()
        st.fill('#dialog-body input[type="search"]', "Chef")
        st.locator("#almanac-chef summary").click()
        wait_text(st, "#almanac-chef", "No almanac text is shipped for the Chef")
        assert "null" not in text_of(st, "#dialog-body")
        close_dialog(st)
        # A phone: the character the player believes they are (the Drunk: the Washerwoman).
        ann = phones["Ann"]
        ann.wait_for_selector("#my-almanac:not([hidden])")
        assert text_of(ann, "#my-almanac summary") == "Almanac text: Washerwoman"
        ann.locator("#my-almanac summary").click()
        wait_text(ann, "#my-almanac-body", "Bloodstains on a dinner jacket?")
        assert "Drunk" not in text_of(ann, "#my-almanac")
        dan = phones["Dan"]
        dan.locator("#my-almanac summary").click()
        wait_text(dan, "#my-almanac-body", "No almanac text is shipped for the Empath")
        # The character sheet's link (public): each character's almanac text one click away.
        sheet = page_for("sheet", PHONE, is_mobile=True, has_touch=True)
        sheet.goto(server.url + game["links"]["spectator"].replace("/join/", "/sheet/"))
        sheet.locator("#almanac-washerwoman summary").click()
        wait_text(sheet, "#almanac-washerwoman", "How to Run")
        sheet.locator("#almanac-chef summary").click()
        wait_text(sheet, "#almanac-chef", "No almanac text is shipped for the Chef")

        # -- the first night: the Drunk's Washerwoman answered by its parts ------------------
        picked = False
        for _ in range(40):
            d = decision(st)
            if d["phase"] == "day" and d["shape"] == "day":
                break
            if st.locator("#parts").count():
                st.locator("#parts summary").click()
                st.select_option('#parts select[aria-label="character"]', label="Librarian")
                st.select_option('#parts select[aria-label="players 1"]', label="Eve")
                st.select_option('#parts select[aria-label="players 2"]', label="Gus")
                st.get_by_role("button", name="Check").click()
                wait_text(st, "#parts-result", "Legal: one of Eve and Gus is the Librarian (false)")
                st.get_by_role("button", name="Give this answer").click()
                picked = True
            else:       # the Storyteller's, or a player's the Storyteller answers for them
                answer_on_grimoire(st, d)
            wait_change(st, d["id"])
        assert picked, "the Drunk's Washerwoman was not asked by its parts"
        wait_text(ann, "#learned", "one of Eve and Gus is the Librarian")

        # A seat card's almanac button (by day: a click on a seat opens its card).
        st.locator('.ts-seat[data-name="Bob"]').click()
        st.get_by_role("button", name="Almanac: Imp").click()
        wait_text(st, "#dialog-body", "How to Run")
        wait_text(st, "#dialog-body", "We must keep our wits sharp and our sword sharper.")
        assert "null" not in text_of(st, "#dialog-body")
        close_dialog(st)

        # -- the timer every page counts down -------------------------------------------------
        st.fill("#timer-min", "2")
        st.get_by_role("button", name="Start timer").click()
        for page in (st, ann, spec):
            page.wait_for_selector("#timer:not([hidden])")
            page.wait_for_function("() => /⏱ [12]:\\d\\d/.test(document.querySelector('#timer').textContent)")
        st.get_by_role("button", name="Stop timer").click()
        for page in (st, ann, spec):
            page.wait_for_selector("#timer", state="hidden")

        # -- a nomination: the tracker on every page, the vote history shown, then hidden -----
        st.select_option("#nom-by", "Dan")
        st.select_option("#nom-target", "Bob")
        st.select_option("#nom-mode", "written")
        st.fill("#nom-hands", "Ann, Dan, Eve, Hal")
        st.click("#nominate")
        row = "Dan nominates Bob: 4 votes, 4 needed (Dan, Eve, Hal, Ann)"   # from Bob's left
        for page in (st, ann, dan, spec):
            wait_text(page, "#tracker", row)
        wait_text(st, "#history", "Vote history (hidden from players)")
        assert "Vote history" not in text_of(ann, "#table-tools")
        st.click("#votes-toggle")
        for page in (ann, spec):
            wait_text(page, "#history", row)
        wait_text(st, "#history", "Vote history (shown to players)")
        st.click("#votes-toggle")
        ann.wait_for_function("() => !document.querySelector('#history').innerText.includes('Vote history')")

        # -- bot seats' day turns: one asked for, then paced by the server -------------------
        before = st.locator("#log li").count()
        st.locator("#ruling-panel summary").click()
        st.get_by_role("button", name="A bot's day turn").click()
        wait_text(st, "#log", "Fay claims to be the Monk")
        assert st.locator("#log li").count() > before
        settle_day(st)

        def st_view() -> dict:
            return get(f"{server.url}/api/games/{game['game']}/view", game["storyteller"])["view"]

        inputs = st_view()["inputs"]
        st.fill("#bot-pace", "1")
        st.get_by_role("button", name="Set (0: off)").click()
        deadline = time.monotonic() + 60
        while True:         # the pace is set, and the server takes a bot's turn by itself
            v = st_view()
            if v["tools"]["bot_pace"] == 1 and v["inputs"] > inputs:
                break
            assert time.monotonic() < deadline, ("no paced bot turn", v["tools"], v["inputs"])
            time.sleep(0.2)
        st.fill("#bot-pace", "0")
        st.get_by_role("button", name="Set (0: off)").click()
        deadline = time.monotonic() + 60
        while st_view()["tools"]["bot_pace"] != 0:
            assert time.monotonic() < deadline, "the pace was not stopped"
            time.sleep(0.2)
        settle_day(st)

        # -- a Traveller joins by day, then leaves; a player leaves the table ----------------
        st.select_option("#ruling-action", "join")
        st.fill("#ruling-name", "Ivy")
        st.select_option("#ruling-traveller", "beggar")
        st.select_option("#ruling-alignment", "good")
        st.fill("#ruling-seat", "3")
        st.get_by_role("button", name="Record the ruling").click()
        for page in (st, ann, spec):
            page.wait_for_selector('.ts-seat[data-name="Ivy"]')
        assert "Beggar" in seat_label(spec, "Ivy")                 # a Traveller is public
        st.click("#links-button")
        st.wait_for_selector('#seat-links li[data-name="Ivy"]')
        close_dialog(st)
        st.select_option("#ruling-action", "leave")
        st.select_option("#ruling-player", "Ivy")
        st.get_by_role("button", name="Record the ruling").click()
        for page in (st, ann, spec):
            page.wait_for_selector('.ts-seat[data-name="Ivy"]', state="detached")
        st.select_option("#ruling-action", "leave")
        st.select_option("#ruling-player", "Eve")
        st.get_by_role("button", name="Record the ruling").click()
        for page in (st, ann, spec):
            page.wait_for_function("() => document.querySelector('.ts-seat[data-name=\"Eve\"]')"
                                   ".getAttribute('aria-label').includes('dead')")
        wait_text(spec, "#log", "Eve leaves the table")

        # -- the end: a ruling kills the Imp; the grimoire is revealed to everyone -----------
        st.select_option("#ruling-action", "kill")
        st.select_option("#ruling-player", "Bob")
        st.get_by_role("button", name="Record the ruling").click()
        for page in (st, ann, dan, spec):
            wait_text(page, "#reveal", "The grimoire")
            wait_text(page, "#reveal", "Drunk (thought Washerwoman)")
            wait_text(page, "#reveal", "Demon bluffs: Virgin, Mayor, Saint")
        reveal = text_of(spec, "#reveal")
        assert "Imp" in reveal and "Poisoner" in reveal and "Bob †" in reveal
        wait_text(ann, "#over", "GOOD WINS")
        st.screenshot(path=str(artifacts / "table-tools-reveal.png"), full_page=True)
        ann.screenshot(path=str(artifacts / "table-tools-phone.png"), full_page=True)
        assert not errors, errors
    finally:
        for c in contexts:
            c.close()
