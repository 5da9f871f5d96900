"""The town-square drawing (static/js/townsquare.js) in Chromium, without a server: the page's
files are served to the browser from the package folder by Playwright's router.

Checked: every seat is drawn, round the circle, without two tokens overlapping, at 5 to 20
seats on a phone and a laptop; the dead, ghost votes, reminder tokens and votes are drawn
and said in each seat's label; seats are keyboard-operable buttons when the page asks.
"""
from __future__ import annotations

import json
import math
import mimetypes
from pathlib import Path

import pytest

from clocktower.web.app import security_headers

from .conftest import watch

STATIC = Path(__file__).resolve().parents[2] / "clocktower" / "web" / "static"

ORIGIN = "http://static.test"
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Joe", "Kim", "Lee",
         "Max", "Ned", "Oli", "Pam", "Quin", "Rosalind", "Sam", "Tess"]


# The server's own security headers (its Content-Security-Policy): the drawing runs under
# the policy the pages have.
HEADERS = {k.decode(): v.decode() for k, v in security_headers(ORIGIN.split("//", 1)[1])}


def serve_static(route):
    path = route.request.url[len(ORIGIN):].split("?")[0]
    if path == "/":
        return route.fulfill(status=200, content_type="text/html", headers=HEADERS,
                             body="<!doctype html><html><head>"
                                  f'<link rel="stylesheet" href="/static/css/app.css"></head>'
                                  '<body><div id="square" style="width:100%"></div>'
                                  '<p id="clicked"></p></body></html>')
    if not path.startswith("/static/"):
        return route.fulfill(status=404, body="")
    file = STATIC / path[len("/static/"):]
    if not file.is_file():
        return route.fulfill(status=404, body="")
    ctype = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
    if file.suffix == ".js":
        ctype = "text/javascript"
    return route.fulfill(status=200, content_type=ctype, headers=HEADERS, body=file.read_bytes())


@pytest.fixture
def page_for(browser):
    contexts = []
    errors: list[str] = []        # uncaught errors and CSP violations: none allowed

    def make(width, height):
        ctx = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(ctx)
        page = ctx.new_page()
        watch(page, "drawing", errors)
        page.route(f"{ORIGIN}/**", serve_static)
        page.goto(ORIGIN + "/")
        return page

    yield make
    for c in contexts:
        c.close()
    assert not errors, errors


def draw(page, square, interactive=False):
    page.evaluate("""async ([square, interactive]) => {
        const m = await import('/static/js/townsquare.js');
        const opts = interactive ? {onSeat: (n) => { document.getElementById('clicked').textContent += n + ';'; }} : {};
        m.drawTownSquare(document.getElementById('square'), square, opts);
    }""", [square, interactive])


def token_boxes(page):
    return page.evaluate("""() => [...document.querySelectorAll('.ts-seat')].map(g => {
        const c = g.querySelector('.ts-token').getBoundingClientRect();
        return {name: g.dataset.name, x: c.x + c.width / 2, y: c.y + c.height / 2, r: c.width / 2,
                label: g.getAttribute('aria-label'), role: g.getAttribute('role')};
    })""")


@pytest.mark.parametrize("n, viewport", [(5, (390, 844)), (15, (390, 844)), (20, (390, 844)),
                                         (10, (1280, 800)), (20, (1280, 800))])
def test_every_seat_round_the_circle_without_overlap(page_for, n, viewport):
    page = page_for(*viewport)
    seats = [{"name": NAMES[i], "alive": True, "ghostVote": True, "traveller": False,
              "characterName": "Fortune Teller"} for i in range(n)]
    draw(page, {"seats": seats, "centre": ["Night 1"]})
    boxes = token_boxes(page)
    assert [b["name"] for b in boxes] == NAMES[:n]
    # Clockwise from the top: the first seat is the highest, the angles increase.
    cx = sum(b["x"] for b in boxes) / n
    cy = sum(b["y"] for b in boxes) / n
    assert boxes[0]["y"] == min(b["y"] for b in boxes)
    a0 = math.atan2(boxes[0]["y"] - cy, boxes[0]["x"] - cx)
    angles = [round((math.atan2(b["y"] - cy, b["x"] - cx) - a0) % (2 * math.pi), 6) % round(2 * math.pi, 6)
              for b in boxes]
    assert angles == sorted(angles)
    for i, a in enumerate(boxes):
        b = boxes[(i + 1) % n]
        assert math.hypot(a["x"] - b["x"], a["y"] - b["y"]) > a["r"] + b["r"], (a, b)
    # Readable: a token is at least 20 CSS pixels across even at 20 seats on a phone.
    assert min(b["r"] for b in boxes) * 2 >= 20
    width = page.evaluate("document.querySelector('svg.townsquare').getBoundingClientRect().width")
    assert width <= viewport[0]


def test_dead_ghost_votes_reminders_and_the_vote_are_drawn_and_said(page_for, artifacts):
    page = page_for(1280, 800)
    seats = [
        {"name": "Ann", "alive": True, "ghostVote": True, "characterName": "Imp", "team": "demon",
         "alignment": "evil"},
        {"name": "Bob", "alive": False, "ghostVote": True, "characterName": "Monk",
         "team": "townsfolk", "reminders": ["Safe"]},
        {"name": "Cat", "alive": False, "ghostVote": False, "characterName": "Drunk",
         "thinksName": "Chef", "team": "outsider", "status": ["drunk"]},
        {"name": "Dan", "alive": True, "ghostVote": True, "traveller": True,
         "characterName": "Thief", "team": "traveller"},
        {"name": "Eve", "alive": True, "ghostVote": True},
    ]
    vote = {"nominator": "Ann", "nominee": "Eve", "hands": {"Bob": True, "Cat": False},
            "clock": "Dan"}
    draw(page, {"seats": seats, "vote": vote, "centre": ["1 vote", "Ann → Eve, needs 3"]})
    labels = {b["name"]: b["label"] for b in token_boxes(page)}
    assert labels["Ann"].startswith("Seat 1, Ann, alive") and "Imp" in labels["Ann"]
    assert "nominator" in labels["Ann"]
    assert "dead, has a ghost vote" in labels["Bob"] and "reminder Safe" in labels["Bob"]
    assert "hand raised" in labels["Bob"]
    assert "ghost vote used" in labels["Cat"] and "thinks they are the Chef" in labels["Cat"]
    assert "drunk" in labels["Cat"] and "hand down" in labels["Cat"]
    assert "Traveller" in labels["Dan"] and "the vote is here" in labels["Dan"]
    assert "nominated" in labels["Eve"]
    assert page.locator(".ts-shroud").count() == 2
    assert page.locator(".ts-ghost").count() == 1          # Bob's; Cat's is spent
    assert page.locator(".ts-hand.up").count() == 1
    assert page.locator(".ts-reminder").count() == 2       # Safe, drunk
    assert page.locator(".ts-clock").count() == 1
    page.locator("svg.townsquare").screenshot(path=str(artifacts / "townsquare-fixture.png"))


def test_seats_are_buttons_for_mouse_and_keyboard(page_for):
    page = page_for(390, 844)
    seats = [{"name": n, "alive": True, "ghostVote": True} for n in NAMES[:7]]
    draw(page, {"seats": seats}, interactive=True)
    assert {b["role"] for b in token_boxes(page)} == {"button"}
    page.locator('.ts-seat[data-name="Cat"]').click()
    page.locator('.ts-seat[data-name="Eve"]').focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Shift+Tab")                       # back to Dan, in seat order
    page.keyboard.press(" ")
    assert page.inner_text("#clicked") == "Cat;Eve;Dan;"


def test_not_interactive_seats_are_images_not_tab_stops(page_for):
    page = page_for(390, 844)
    draw(page, {"seats": [{"name": n, "alive": True, "ghostVote": True} for n in NAMES[:5]]})
    boxes = token_boxes(page)
    assert {b["role"] for b in boxes} == {"img"}
    assert page.locator(".ts-seat[tabindex]").count() == 0
    assert json.dumps(boxes)  # drawn
