"""The new-game page in Chromium against `clocktower serve`: a pasted script (refused with
the server's reason when it is not one), automatic and hand deals checked by the engine,
and a spectator who sees the town square and no character."""
from __future__ import annotations

import json
from urllib.request import Request, urlopen

from .conftest import watch

SCRIPT = json.dumps([{"id": "_meta", "name": "Tiny Brew", "author": "e2e"},
                     "washerwoman", "librarian", "investigator", "chef", "empath",
                     "fortuneteller", "monk", "butler", "drunk", "poisoner", "baron", "imp"])


def test_a_pasted_script_dealt_by_hand_then_automatically(browser, server, artifacts):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})    # the real CSP
    ctx.set_default_timeout(20_000)
    errors: list[str] = []
    try:
        page = ctx.new_page()
        watch(page, "new game", errors)
        page.goto(server.url + "/")
        page.wait_for_function("() => document.querySelector('#builtin').options.length > 0")
        page.get_by_role("tab", name="Built-in").focus()         # the tabs by keyboard
        page.keyboard.press("ArrowRight")
        assert page.get_by_role("tab", name="Upload or paste").get_attribute("aria-selected") == "true"
        assert page.locator("#src-text").is_visible() and page.locator("#src-builtin").is_hidden()
        page.fill("#script-text", "this is not a script {")
        page.click("#parse")
        page.wait_for_function("() => document.querySelector('#script-error').textContent.length > 0")
        assert page.locator("#script-error").get_attribute("role") == "alert"

        page.fill("#script-text", SCRIPT)
        page.click("#parse")
        page.wait_for_function("() => document.querySelector('#script-summary').textContent.includes('Tiny Brew')")
        assert page.inner_text("#script-error") == ""
        page.click("#add-seat")                                   # a sixth player
        page.locator(".seat-name").nth(5).fill("Fay")
        page.locator(".seat-name").nth(5).dispatch_event("change")
        # The bots that fill seats: the server's policies, its default chosen.
        assert page.locator("#bots option").all_inner_texts() == ["random", "reasoning"]
        assert page.input_value("#bots") == "reasoning"
        page.select_option("#bots", "random")

        # By hand: two Imps is not a legal grimoire, and the page says why.
        page.click("#by-hand")
        for name in ["Ann", "Bob"]:
            page.select_option(f'select[aria-label="{name}\'s character"]', "imp")
        page.wait_for_function("() => document.querySelector('#check').innerText.includes('not legal')")
        assert page.locator("#create").is_disabled()
        page.screenshot(path=str(artifacts / "new-game-illegal.png"), full_page=True)
        # The Drunk gets a 'thinks' choice of the script's Townsfolk only.
        page.select_option('select[aria-label="Cat\'s character"]', "drunk")
        thinks = page.locator('select[aria-label="Cat thinks they are"]')
        thinks.wait_for()
        offered = thinks.locator("option").all_inner_texts()
        assert offered[0] == "(engine picks)"
        assert offered[1:] and all(o.endswith("(townsfolk)") for o in offered[1:])
        assert page.locator('select[aria-label="Ann thinks they are"]').count() == 0

        # Automatically: a legal bag for six, then the game.
        page.click("#deal")
        page.wait_for_function("() => document.querySelector('#check').innerText.includes('This grimoire is legal')")
        page.wait_for_function("() => !document.querySelector('#create').disabled")
        page.click("#create")
        page.wait_for_url("**/join/**")
        page.wait_for_selector("svg.townsquare")
        assert page.locator(".ts-seat").count() == 6
        token = page.url.rsplit("/", 1)[1]
        gid = json.load(urlopen(f"{server.url}/api/join/{token}"))["game"]
        req = Request(f"{server.url}/api/games/{gid}/view",
                      headers={"Authorization": f"Bearer {token}"})
        assert json.load(urlopen(req))["view"]["game"]["bots"] == "random"
        page.click("#links-button")
        spectator = page.locator('li[data-name="spectator"] code').inner_text()
        grimoire = page.evaluate("""() => [...document.querySelectorAll('.ts-seat')]
            .map(g => g.getAttribute('aria-label'))""")

        spec = ctx.new_page()
        watch(spec, "spectator", errors)
        spec.goto(spectator)
        spec.wait_for_selector("svg.townsquare")
        spec.wait_for_function("() => document.querySelector('#conn').textContent === 'connected'")
        assert spec.locator(".ts-seat").count() == 6
        text = spec.inner_text("body")
        for name in ["Washerwoman", "Librarian", "Investigator", "Chef", "Empath",
                     "Fortune Teller", "Monk", "Butler", "Drunk", "Poisoner", "Baron", "Imp"]:
            assert name not in text
        assert any("Imp" in label for label in grimoire)       # the Storyteller's has them

        # Export as the community's town square JSON, and import it as a new game.
        page.locator("#dialog").get_by_role("button", name="Close").click()
        page.locator("#tools").get_by_role("button", name="Export").click()
        with page.expect_download() as dl:
            page.get_by_role("button", name="Town square JSON").click()
        exported = open(dl.value.path(), encoding="utf-8").read()
        assert json.loads(exported)["players"][0]["name"] == "Ann"
        other = ctx.new_page()
        watch(other, "import", errors)
        other.goto(server.url + "/")
        other.get_by_role("tab", name="Import a town square game").click()
        other.fill("#import-text", exported)
        other.click("#import")
        other.wait_for_url("**/join/**")
        other.wait_for_selector("svg.townsquare")
        assert other.locator(".ts-seat").count() == 6
        imported = other.evaluate("""() => [...document.querySelectorAll('.ts-seat')]
            .map(g => g.getAttribute('aria-label'))""")
        assert [label.split(", ")[:2] for label in imported] == \
            [label.split(", ")[:2] for label in grimoire]        # the same seats
        # A link that is no token of this server says so, and opens nothing.
        bad = ctx.new_page()
        watch(bad, "bad link", errors)
        bad.goto(server.url + "/join/not-a-real-token")
        bad.wait_for_function("() => document.querySelector('#fatal').textContent.length > 0")
        assert "not for any game" in bad.inner_text("#fatal")
        assert bad.locator("svg.townsquare").count() == 0
        assert not errors, errors
    finally:
        ctx.close()
