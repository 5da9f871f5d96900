"""A web game applies each input as one step of its running game; the same inputs re-run
from the start give the same game, event for event (the inputs are the source of truth)."""
import json
import random

import pytest

from clocktower.errors import ClocktowerError
from clocktower.scripts import load_script
from clocktower.web.driver import DayOpen, WebGame

SEATS = [("Ann", "washerwoman", False), ("Bob", "empath", True), ("Cat", "imp", False),
         ("Dan", "poisoner", True), ("Eve", "monk", False), ("Fay", "slayer", False),
         ("Gus", "butler", True)]


def dump(log):
    return [json.dumps(e, sort_keys=True) for e in log]


def new(seed):
    seats = [{"name": n, "traveller": False, "bot": bot, "online": True} for n, _, bot in SEATS]
    grimoire = [{"name": n, "character": c} for n, c, _ in SEATS]
    return WebGame(load_script("trouble-brewing"), seed, seats, grimoire, None, [])


def an_input(wg, rng):
    d = wg.pending
    if rng.random() < 0.1:
        return {"kind": "reminder", "by": "storyteller", "player": rng.choice(SEATS)[0],
                "token": "noted", "remove": False}
    if wg.game.phase == "night" and wg.rulings_open() and rng.random() < 0.5:
        return {"kind": "ruling", "by": "storyteller",      # at dusk: a re-run
                "ruling": {"action": "poison", "player": rng.choice(SEATS)[0]}}
    if isinstance(d, DayOpen):
        r = rng.random()
        names = [p.name for p in wg.game.players]
        if r < 0.4:
            return {"kind": "day_action", "by": "storyteller", "who": rng.choice(names),
                    "action": {"nominate": rng.choice(names)}}
        if r < 0.5:
            return {"kind": "ruling", "by": "storyteller",
                    "ruling": {"action": "poison", "player": rng.choice(names)}}
        return {"kind": "end_day", "by": "storyteller"}
    return {"kind": "answer", "by": d.who, "index": rng.randrange(d.n_options()), "value": None}


@pytest.mark.parametrize("seed", range(4))
def test_stepped_inputs_equal_a_rerun(seed):
    rng = random.Random(seed)
    wg = new(seed)
    steps = refused = 0
    applied = 0     # rulings the engine carried out (each logs a `ruling` event)
    while not wg.over and steps < 400:
        before = dump(wg.game.log)
        rec = an_input(wg, rng)
        try:
            k, _told = wg.push(rec)
        except ClocktowerError:
            refused += 1
            assert dump(wg.game.log) == before      # refused: nothing changed
            continue
        steps += 1
        assert dump(wg.game.log[:k]) == before[:k]
        if rec["kind"] == "ruling":
            ruled = [e for e in wg.game.log if e["type"] == "ruling"
                     and e.get("player") == rec["ruling"]["player"]]
            was = [e for e in before if '"type": "ruling"' in e
                   and json.loads(e).get("player") == rec["ruling"]["player"]]
            assert len(ruled) == len(was) + 1, f"the ruling {rec['ruling']} left no event"
            applied += 1
        if steps % 25 == 0 or wg.over:
            again = WebGame(wg.script, wg.seed, wg.seats, wg.grimoire, wg.bluffs, wg.not_dealt,
                            wg.inputs)
            assert dump(again.game.log) == dump(wg.game.log)
            assert type(again.pending) is type(wg.pending)
    assert steps >= 10 and wg.over
    assert applied >= 1, "no ruling was applied"


def test_a_ruling_by_day_is_not_rerun_at_the_dusk_before():
    """With no input given on night 1 (every seat a bot, nothing for the Storyteller after
    the bluffs), a ruling given on day 1 re-runs on day 1, not at night 1's dusk (the input
    says `at`)."""
    quiet = [("Ann", "soldier"), ("Bob", "imp"), ("Cat", "poisoner"), ("Dan", "mayor"),
             ("Eve", "empath"), ("Fay", "monk"), ("Gus", "chef")]
    seats = [{"name": n, "traveller": False, "bot": True, "online": True} for n, _ in quiet]
    grimoire = [{"name": n, "character": c} for n, c in quiet]
    wg = WebGame(load_script("trouble-brewing"), 5, seats, grimoire, None, [],
                 bots="reasoning")
    while wg.game.phase == "setup":
        wg.push({"kind": "answer", "by": "storyteller", "index": 0, "value": None})
    assert isinstance(wg.pending, DayOpen)
    n = len(wg.inputs)
    wg.push({"kind": "ruling", "by": "storyteller",
             "ruling": {"action": "poison", "player": "Ann"}})
    again = WebGame(wg.script, wg.seed, wg.seats, wg.grimoire, wg.bluffs, wg.not_dealt,
                    wg.inputs, bots="reasoning")
    assert dump(again.game.log) == dump(wg.game.log)
    ruled = next(e for e in again.game.log if e["type"] == "ruling")
    assert ruled["phase"] == "day"
    assert wg.inputs[n]["at"] == "day"
