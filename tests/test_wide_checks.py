"""Checks that go through the players as a whole (`for p in world.players`: the Steward's,
the Shugenja's, the Oracle's) are memoised by the players whose character or alignment
they read (`beliefs._ReadPlayer`), so such a claim is weighed in every hypothesis, not on
the sample of 24; and the characters' own `shows` read only the players they need while
answering as `answer in truths(...)` always does."""
from __future__ import annotations

import itertools
import random

import pytest

from clocktower.agents import beliefs as B
from clocktower.agents.reasoning import ReasoningBot
from clocktower.characters.dreamer import Dreamer
from clocktower.characters.shugenja import DIRECTIONS, Shugenja
from clocktower.characters.steward import Steward
from clocktower.engine.world import World
from clocktower.play import NAMES, play_game

GOOD = ["chef", "empath", "monk", "saint", "recluse", "fortuneteller", "librarian"]
EVIL = ["imp", "poisoner", "spy", "baron"]


def _worlds(rng, k=300):
    """Random worlds of 5-12 seats, some with registrations (a Recluse registering evil,
    a Spy registering good, anyone registering anything)."""
    for _ in range(k):
        n = rng.randint(5, 12)
        seats = []
        for i in range(n):
            evil = rng.random() < 0.3
            ch = rng.choice(EVIL if evil else GOOD)
            seats.append((NAMES[i], ch, "evil" if evil else "good", rng.random() < 0.8))
        regs = {}
        for name, *_ in seats:
            if rng.random() < 0.15:
                regs[name] = (rng.choice(GOOD + EVIL), rng.choice(("good", "evil")))
        yield World.of(seats, registrations=regs,
                       choices={NAMES[0]: (NAMES[rng.randrange(1, n)],)})


def _answers(world):
    names = [p.name for p in world.players]
    yield from ({"players": [n]} for n in names)
    yield from ({"direction": d} for d in DIRECTIONS)
    for a, b in itertools.product(GOOD + EVIL + ["zombuul"], repeat=2):
        for n in names[1:4]:
            yield {"characters": [a, b], "players": [n]}


@pytest.mark.parametrize("cls", [Steward, Shugenja, Dreamer])
def test_shows_answers_as_truths_do(cls):
    ab = B.truths_of(cls.id, tuple(GOOD + EVIL))
    rng = random.Random(7)
    checked = 0
    for w in _worlds(rng):
        for holder in (NAMES[0], NAMES[2]):
            truths = ab.truths(w, holder)
            for ans in _answers(w):
                assert ab.shows(w, ans, holder) == (ans in truths), (cls.id, w, ans, holder)
                checked += ans in truths
    assert checked > 100


CASES = [("regalia", 10, 40000), ("regalia", 13, 40003), ("the-return-of-jafar", 10, 40001),
         ("the-return-of-jafar", 13, 40002)]


def _table(script, n, seed):
    """The public table of the first game from `seed` on with a Steward's or a Dreamer's
    claim of information (the bots' games change with the bots)."""
    for s in range(seed, seed + 10):
        g = play_game(script, n, s, agents={x: ReasoningBot(s, x) for x in NAMES[:n]})
        t = B.Table(g.view("spectator"))
        for e in g.log:
            if e["visible_to"] == "all":
                t.add(e)
        if any(c.character in ("steward", "dreamer") for c in t.infos):
            return t
    raise AssertionError(f"no Steward or Dreamer claim in 10 games of {script} from {seed}")


@pytest.mark.parametrize("script,n,seed", CASES)
def test_a_wide_claim_is_weighed_in_every_hypothesis_as_a_fresh_check_says(script, n, seed):
    """A Steward's or a Dreamer's claim is weighed in every hypothesis (before the seventh
    session every such claim was weighed on 24 sampled hypotheses), and so is a Shugenja's
    within WIDE_CHECKS checks; each entry of the array equals, in its hypothesis, a check
    run afresh there (no memo)."""
    t = _table(script, n, seed)
    hyps = t.hypotheses()
    wide = 0
    for c in t.infos:
        if c.ability is None or c.character not in ("steward", "shugenja", "dreamer"):
            continue
        a = t._claim_array(c)
        if c.character != "shugenja":
            assert a is not None and not c.reads_all, (c.character, c.info)
        if a is None:
            continue
        wide += 1
        memo = dict(c.memo)
        for hi in range(0, len(hyps), 7):
            c.memo = {}
            assert a[hi] == t._factor(c, hyps[hi]), (c.character, c.info, hi)
        c.memo = memo
    assert wide
