"""Seats during play (engine/seats.py): the rulings' checks, and a game of reasoning bots in
which a Traveller joins and leaves (their shared table is rebuilt for the new seating),
re-run from its inputs and replayed from its log."""
from __future__ import annotations

import json

import pytest

from clocktower.characters import REGISTRY
from clocktower.engine.replay import replay
from clocktower.errors import ClocktowerError
from clocktower.scripts import load_script
from clocktower.web.driver import DayOpen, WebGame

SEATS = [("Ann", "soldier"), ("Bob", "imp"), ("Cat", "poisoner"), ("Dan", "mayor"),
         ("Eve", "empath"), ("Fay", "monk"), ("Gus", "chef")]


def new(bots: str = "reasoning") -> WebGame:
    seats = [{"name": n, "traveller": False, "bot": True, "online": True} for n, _ in SEATS]
    grimoire = [{"name": n, "character": c} for n, c in SEATS]
    return WebGame(load_script("trouble-brewing"), 5, seats, grimoire, None, [], bots=bots)


def ruling(wg: WebGame, **r) -> None:
    wg.push({"kind": "ruling", "by": "storyteller", "ruling": r})


def to_day(wg: WebGame) -> None:
    while not wg.over and not isinstance(wg.pending, DayOpen):
        wg.push({"kind": "answer", "by": "storyteller", "index": 0, "value": None})


@pytest.mark.parametrize("bad, words", [
    ({"player": "Ann", "character": "beggar"}, "taken"),
    ({"player": "storyteller", "character": "beggar"}, "taken"),
    ({"player": "Hal", "character": "imp"}, "not a Traveller"),
    ({"player": "Hal", "character": "nobody"}, "nobody"),
    ({"player": "Hal", "character": "beggar", "seat": 8}, "seat must be"),
    ({"player": "Hal", "character": "beggar", "seat": True}, "seat must be"),
    ({"player": "Hal", "character": "beggar", "alignment": "neutral"}, "good or evil"),
    ({"player": "Hal", "character": "beggar", "vote": 3}, "has no vote"),
])
def test_a_join_that_does_not_fit_is_refused_and_changes_nothing(bad, words):
    wg = new("random")
    to_day(wg)
    before = [json.dumps(e, sort_keys=True) for e in wg.game.log]
    with pytest.raises(ClocktowerError, match=words):
        ruling(wg, action="join", **bad)
    assert [json.dumps(e, sort_keys=True) for e in wg.game.log] == before


def test_one_traveller_per_character_and_leaving_twice():
    wg = new("random")
    to_day(wg)
    ruling(wg, action="join", player="Hal", character="beggar", alignment="good")
    with pytest.raises(ClocktowerError, match="Hal is already the Beggar"):
        ruling(wg, action="join", player="Ivy", character="beggar", alignment="good")
    with pytest.raises(ClocktowerError, match="only Travellers"):
        ruling(wg, action="join", player="Ivy", character="chef", alignment="good")
    ruling(wg, action="leave", player="Hal")
    with pytest.raises(ClocktowerError, match="Hal has already left"):
        ruling(wg, action="leave", player="Hal")
    with pytest.raises(ClocktowerError, match="Hal has left the game"):
        ruling(wg, action="kill", player="Hal")
    # the name stays taken: the log refers to it
    with pytest.raises(ClocktowerError, match="taken"):
        ruling(wg, action="join", player="Hal", character="thief", alignment="good")
    g = wg.game
    assert [p.name for p in g.players] == [n for n, _ in SEATS]
    assert [p.seat for p in g.players] == list(range(len(SEATS)))
    ruling(wg, action="leave", player="Dan")
    with pytest.raises(ClocktowerError, match="already left the table"):
        ruling(wg, action="leave", player="Dan")


def test_a_joined_traveller_without_an_alignment_is_asked_of_the_storyteller():
    wg = new("random")
    to_day(wg)
    ruling(wg, action="join", player="Hal", character="thief")
    assert wg.pending.kind == "storyteller" and wg.pending.context.get("key") == "traveller"
    wg.push({"kind": "answer", "by": "storyteller", "index": None, "value": "evil"})
    assert wg.game.by_name["Hal"].alignment == "evil"
    assert isinstance(wg.pending, DayOpen)


def test_reasoning_bots_play_on_after_a_traveller_joins_and_leaves():
    wg = new()
    to_day(wg)
    ruling(wg, action="join", player="Hal", character="gunslinger", alignment="evil", seat=3)
    tables = []         # (day, Hal seated, the bots' shared table's seating)
    for day in range(2, 8):
        if wg.over:
            break
        wg.push({"kind": "end_day", "by": "storyteller"})
        to_day(wg)
        if wg.over:
            break
        if day == 3:
            ruling(wg, action="leave", player="Hal")
        living = [p.name for p in wg.game.players if p.alive]
        # a live vote: the reasoning bots vote from their shared table
        wg.push({"kind": "day_action", "by": "storyteller", "who": living[0],
                 "action": {"nominate": living[-1]}})
        to_day(wg)                  # Hal's hand (a person's seat) is answered here
        table = wg.game.answerers[living[1]].table
        tables.append((day, wg.game.by_name["Hal"] in wg.game.players, list(table.players)))
    assert [d for d, _, _ in tables][:2] == [2, 3], "the game lasted three days"
    for day, seated, players in tables:
        assert players == [p for p in ["Ann", "Bob", "Cat", "Hal", "Dan", "Eve", "Fay", "Gus"]
                           if seated or p != "Hal"], day
    again = WebGame(wg.script, wg.seed, wg.seats, wg.grimoire, wg.bluffs, wg.not_dealt,
                    wg.inputs, bots="reasoning")
    assert again.game.log == wg.game.log
