"""A real game in real browsers: `clocktower serve` on a loopback port, the Storyteller on a
laptop-sized page and five players on phone-sized pages, each in their own browser context
(own cookies, storage and socket), all in headless Chromium.

The Storyteller creates the game in the new-game page (Trouble Brewing, dealt by hand),
opens the join links, and the players open theirs. The first night is played: the
Storyteller answers the engine's decisions on the grimoire (bluffs, red herring,
information: the true options are marked) and the players woken online make their choices on
their phones. The server is then killed and started again on the same database: every page
reconnects by itself. By day a player nominates from her phone, everyone votes on their own
phone while the tally grows round the circle on every screen, and the Storyteller ends the
day: the nominee is executed, and every page shows it. Night 2 wakes the Imp on their phone.

Screenshots go to test-artifacts/e2e/ (and to $E2E_DOCS_IMG, e.g. docs/img, when set: the
README's pictures come from this test).
"""
from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from .conftest import watch as watch_page
from .e2e_server import Server

LAPTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"]
GRIMOIRE = {"Ann": "imp", "Bob": "poisoner", "Cat": "washerwoman", "Dan": "fortuneteller",
            "Eve": "chef"}
AT_TABLE = {"Dan"}
T = 20_000          # ms: generous for a loaded 2-core machine


def shot(page, artifacts: Path, name: str, docs: str | None = None, full_page=False) -> None:
    path = artifacts / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    target = os.environ.get("E2E_DOCS_IMG")
    if docs and target:
        Path(target).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(target) / docs)


def decision(st) -> dict:
    return st.evaluate("""() => { const d = document.querySelector('#decision');
        return {who: d.dataset.who || '', shape: d.dataset.shape || '', id: d.dataset.id || '',
                kind: d.dataset.kind || '',
                phase: document.body.dataset.phase || '', night: document.body.dataset.night || '',
                text: d.innerText}; }""")


def wait_change(st, old_id: str) -> None:
    st.wait_for_function("(old) => document.querySelector('#decision').dataset.id !== old",
                         arg=old_id, timeout=T)


def seat_label(page, name: str) -> str:
    return page.locator(f'.ts-seat[data-name="{name}"]').get_attribute("aria-label")


def answer_on_phone(phone, d: dict) -> None:
    """The player woken online answers on their phone: the first legal choice."""
    box = phone.locator("#decision")
    box.wait_for(state="visible", timeout=T)
    phone.wait_for_function("(id) => document.querySelector('#decision').dataset.id === id",
                            arg=d["id"], timeout=T)
    if d["shape"] == "players":
        count = phone.locator("#decision .option").count()
        need = int(phone.evaluate("""() => { const m = /Choose (\\d+) player/.exec(
            document.querySelector('#decision').innerText); return m ? m[1] : '1'; }"""))
        assert count >= need
        for k in range(need):
            phone.locator("#decision .option").nth(k).click()
        phone.locator("#confirm").click()
    else:
        phone.locator("#decision .option").first.click()


def answer_on_grimoire(st, d: dict) -> None:
    """The Storyteller answers on the grimoire: a true option when information is asked;
    players are picked by clicking their seats on the town square."""
    if d["shape"] == "players":
        need = int(st.evaluate("""() => { const m = /Choose (\\d+) player/.exec(
            document.querySelector('#decision').innerText); return m ? m[1] : '1'; }"""))
        names = [b.inner_text() for b in st.locator("#decision .option").all()][:need]
        for n in names:
            st.locator(f'.ts-seat[data-name="{n}"]').click()
            st.wait_for_function("(n) => document.querySelector(`.ts-seat[data-name='${n}']`)"
                                 ".classList.contains('selected')", arg=n)
        st.locator("#decision button.primary").click()
        return
    true = st.locator("#decision .option.true")
    (true.first if true.count() else st.locator("#decision .option").first).click()


def play_night(st, phones, artifacts, screenshots: dict) -> list[str]:
    """Answer every decision until the day starts; who answered what, in order."""
    asked = []
    for _ in range(60):
        d = decision(st)
        if d["phase"] == "day" or d["shape"] == "day":
            return asked
        assert d["id"], f"no decision on the grimoire by night: {d['text']}"
        asked.append(f"{d['who']}:{d['shape']}")
        if d["who"] == "storyteller" or d["who"] in AT_TABLE:
            if d["kind"] == "info" and "grimoire" not in screenshots \
                    and st.locator("#decision .tag.true").count():
                shot(st, artifacts, "grimoire-night1", docs="grimoire.png")
                screenshots["grimoire"] = True
            answer_on_grimoire(st, d)
        else:
            assert "answers on their device" in d["text"]
            answer_on_phone(phones[d["who"]], d)
        wait_change(st, d["id"])
    raise AssertionError(f"the night did not end: {asked}")


def test_a_first_night_and_a_day_with_a_nomination_a_vote_and_an_execution(
        browser, tmp_path, artifacts):
    db = tmp_path / "games.sqlite"
    server = Server(db, artifacts / "server.log")
    contexts = []
    errors: list[str] = []

    def context(viewport, **kw):
        # Under the server's real Content-Security-Policy: a violation is an error (`watch`).
        c = browser.new_context(viewport=viewport, **kw)
        c.set_default_timeout(T)
        contexts.append(c)
        return c

    def watch(page, who):
        watch_page(page, who, errors)

    try:
        started = time.monotonic()
        # -- the Storyteller creates the game ------------------------------------------------
        st = context(LAPTOP).new_page()
        watch(st, "storyteller")
        st.goto(server.url + "/")
        st.select_option("#builtin", "trouble-brewing")
        st.wait_for_function("() => document.querySelector('#script-summary').textContent.includes('Trouble Brewing')")
        names = [st.locator(".seat-name").nth(i).input_value() for i in range(5)]
        assert names == NAMES
        # Dan plays at the table: the Storyteller enters his choices and his vote.
        st.uncheck('input[aria-label="Dan: online"]')
        st.click("#by-hand")
        for i, name in enumerate(NAMES):
            st.select_option(f'select[aria-label="{name}\'s character"]', GRIMOIRE[name])
        st.wait_for_function("() => document.querySelector('#check').innerText.includes('This grimoire is legal')")
        assert st.locator("#create").is_enabled()
        shot(st, artifacts, "new-game")
        st.click("#create")
        st.wait_for_url("**/join/**")
        st.wait_for_selector("svg.townsquare")
        # The grimoire shows every character.
        for name, cid in GRIMOIRE.items():
            st.wait_for_function("([n, c]) => (document.querySelector(`.ts-seat[data-name='${n}']`)"
                                 " || {getAttribute: () => ''}).getAttribute('aria-label').toLowerCase()"
                                 ".includes(c)", arg=[name, {"fortuneteller": "fortune teller"}.get(cid, cid)])

        # -- the join links, and five phones -------------------------------------------------
        st.click("#links-button")
        st.wait_for_selector("#seat-links li")
        links = {li.get_attribute("data-name"): li.locator("code").inner_text()
                 for li in st.locator("#seat-links li").all()}
        assert sorted(links) == sorted(NAMES)
        spectator_link = st.locator('li[data-name="spectator"] code').inner_text()
        # The copy button puts the link on the clipboard (no QR code).
        st.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
        st.get_by_role("button", name="Copy Ann's link").click()
        assert st.evaluate("navigator.clipboard.readText()") == links["Ann"]
        st.locator("#dialog").get_by_role("button", name="Close").click()
        phones = {}
        for name in NAMES:
            page = context(PHONE, is_mobile=True, has_touch=True).new_page()
            watch(page, name)
            page.goto(links[name])
            phones[name] = page
        for name, page in phones.items():
            page.wait_for_selector("#you-are")
            page.wait_for_function("() => document.querySelector('#conn').textContent === 'connected'")
        spec = context(LAPTOP).new_page()
        watch(spec, "spectator")
        spec.goto(spectator_link)
        spec.wait_for_selector("svg.townsquare")
        # Each phone says who that player is, and no one else's character.
        for name, page in phones.items():
            page.wait_for_function("(c) => document.querySelector('#you-are').textContent.toLowerCase().includes(c)",
                                   arg={"fortuneteller": "fortune teller"}.get(GRIMOIRE[name], GRIMOIRE[name]))

        # -- undo: the Storyteller's first answer is taken back, the same decision returns --
        first = decision(st)
        assert first["who"] == "storyteller" and first["id"]
        answer_on_grimoire(st, first)
        wait_change(st, first["id"])
        st.click("#undo")
        st.wait_for_function("(id) => document.querySelector('#decision').dataset.id === id",
                             arg=first["id"])
        assert decision(st)["text"] == first["text"]

        # -- one click away: the night sheet, the almanac, jinxes, reminder tokens -----------
        for button, expect in [("Night sheet", "Poisoner"), ("Almanac", "Each night, choose 2 players"),
                               ("Jinxes", "No jinxes"), ("Reminders", "Red Herring")]:
            st.locator("#tools").get_by_role("button", name=button).click()
            st.wait_for_function("(t) => document.querySelector('#dialog-body').innerText.includes(t)",
                                 arg=expect)
            st.locator("#dialog").get_by_role("button", name="Close").click()
        st.locator('.ts-seat[data-name="Ann"]').click()          # a seat's card
        st.wait_for_function("() => document.querySelector('#seat-card').innerText.includes('Ann: Imp')")
        # Seat modes: Ann to the table and back online, from her card.
        st.get_by_role("button", name="Play at the table").click()
        st.wait_for_function("() => document.querySelector('#seat-card').innerText.includes('at the table')")
        phones["Ann"].wait_for_selector("#at-table")
        st.get_by_role("button", name="Play online").click()
        st.wait_for_function("() => document.querySelector('#seat-card').innerText.includes('online, connected')")
        phones["Ann"].wait_for_selector("#at-table", state="detached")
        # Reminder tokens by hand, from her card: two placed, one removed; on the town square
        # of the grimoire only.
        for token in ["Suspect", "Watch her"]:
            st.fill("#reminder-text", token)
            st.get_by_role("button", name="Place", exact=True).click()
            st.wait_for_function("(t) => document.querySelector('.ts-seat[data-name=\"Ann\"]')"
                                 ".getAttribute('aria-label').includes('reminder ' + t)", arg=token)
        st.get_by_role("button", name="Remove the reminder Suspect from Ann").click()
        st.wait_for_function("() => !document.querySelector('.ts-seat[data-name=\"Ann\"]')"
                             ".getAttribute('aria-label').includes('reminder Suspect')")
        assert "by hand" in st.inner_text("#seat-reminders")
        assert "Watch her" not in phones["Ann"].inner_text("body")

        # -- the first night -----------------------------------------------------------------
        screenshots: dict = {}
        asked = play_night(st, phones, artifacts, screenshots)
        assert "Bob:players" in asked            # the Poisoner chose on his phone
        assert "Dan:players" in asked            # the Fortune Teller, at the table: on the grimoire
        assert phones["Dan"].locator("#decision").is_hidden()
        assert "storyteller:choice" in asked     # the Storyteller showed information
        assert screenshots.get("grimoire"), "no information with its true options was shown"
        for page in [*phones.values(), spec]:
            page.wait_for_function("() => document.body.dataset.phase === 'day'")
        # What they learned is on their phones, in the narration's words (sent by the
        # server with each event): the Washerwoman's pair, the Chef's number.
        assert "Cat learns: one of" in phones["Cat"].inner_text("#learned")
        assert "Eve learns: the number" in phones["Eve"].inner_text("#learned")
        assert "Washerwoman" not in spec.inner_text("body")

        # -- the server dies and comes back: every page reconnects by itself ----------------
        server.proc.kill()
        server.proc.wait()
        for page in [st, phones["Cat"]]:
            page.wait_for_function("() => document.querySelector('#conn').textContent !== 'connected'")
        server = Server(db, artifacts / "server-restarted.log", port=server.port)
        for page in [st, *phones.values(), spec]:
            page.wait_for_function("() => document.querySelector('#conn').textContent === 'connected'",
                                   timeout=30_000)
        assert "reminder Watch her" in seat_label(st, "Ann")      # kept by the restart
        assert "Watch her" not in phones["Ann"].inner_text("body")

        # -- a ruling: the Storyteller poisons Eve until dusk --------------------------------
        st.locator("#ruling-panel summary").click()
        st.select_option("#ruling-action", "poison")
        st.select_option("#ruling-player", "Eve")
        st.select_option("#ruling-until", "dusk")
        st.get_by_role("button", name="Record the ruling").click()
        st.wait_for_function("() => document.querySelector('.ts-seat[data-name=\"Eve\"]')"
                             ".getAttribute('aria-label').includes('poisoned')")
        assert "poisoned" not in seat_label(phones["Eve"], "Eve")      # a secret

        # -- the day: Cat nominates Bob on her phone; everyone votes on theirs ---------------
        cat = phones["Cat"]
        cat.wait_for_selector("#nominate-target")
        cat.select_option("#nominate-target", "Bob")
        cat.click("#nominate")
        st.wait_for_function("() => document.querySelector('#decision').dataset.shape === 'vote'")
        yes = {"Cat", "Dan", "Eve"}
        voted = []
        for _ in range(10):
            st.wait_for_function("() => ['vote', 'day'].includes(document.querySelector('#decision').dataset.shape)")
            d = decision(st)
            if d["shape"] != "vote":
                break
            voter = d["who"]
            voted.append(voter)
            if voter in AT_TABLE:               # the Storyteller enters the hand for him
                st.get_by_role("button", name=f"{voter}: hand {'up' if voter in yes else 'down'}").click()
                wait_change(st, d["id"])
                continue
            phone = phones[voter]
            phone.wait_for_selector("#vote-yes")
            if voter == "Eve":
                # The live tally on every screen: hands so far, and whose turn it is.
                assert "2 hands" in st.inner_text("#vote-now")
                assert "the vote is here" in seat_label(spec, "Eve")
                assert "hand raised" in seat_label(spec, "Dan")
                shot(phone, artifacts, "player-phone-vote", docs="player.png")
            phone.click("#vote-yes" if voter in yes else "#vote-no")
            wait_change(st, d["id"])
        assert voted == ["Cat", "Dan", "Eve", "Ann", "Bob"]   # clockwise from Bob's left
        st.wait_for_function("() => document.querySelector('#noms').innerText.includes('Cat → Bob: 3 votes')")
        assert "About to die: Bob" in st.inner_text("#on-block")
        for page in phones.values():
            page.wait_for_function("() => document.querySelector('#day-panel').innerText.includes('Cat → Bob: 3 votes')")
        shot(st, artifacts, "grimoire-day1")

        # -- the execution ---------------------------------------------------------------------
        st.click("#end-day")
        st.wait_for_function("() => document.body.dataset.phase === 'night' && document.body.dataset.night === '2'")
        for page in [st, *phones.values(), spec]:
            page.wait_for_function("() => document.querySelector('.ts-seat[data-name=\"Bob\"]')"
                                   ".getAttribute('aria-label').includes('dead')")
        assert "Bob is executed" in spec.inner_text("#log")
        # Night 2: the Imp is woken on Ann's phone to choose.
        play_until_phone(st, phones, "Ann")
        assert "Imp" in phones["Ann"].inner_text("#decision")
        shot(st, artifacts, "grimoire-night2")
        shot(phones["Ann"], artifacts, "player-phone-night2", full_page=True)
        assert not errors, errors
        elapsed = time.monotonic() - started
        print(f"e2e game: {elapsed:.1f} s")
    finally:
        for c in contexts:
            c.close()
        server.stop()


def play_until_phone(st, phones, name: str) -> list[str]:
    """Answer the Storyteller's decisions until `name` is woken on their phone."""
    asked = []
    for _ in range(30):
        d = decision(st)
        if d["who"] == name:
            phones[name].wait_for_function("(id) => document.querySelector('#decision').dataset.id === id",
                                           arg=d["id"], timeout=T)
            return asked
        assert d["who"] == "storyteller", d
        asked.append(d["shape"])
        answer_on_grimoire(st, d)
        wait_change(st, d["id"])
    raise AssertionError(f"{name} was never woken: {asked}")
