"""The beliefs' array structure (agents/beliefs.py): what is computed for every hypothesis at
once must equal what one check per hypothesis gives, and what is kept between events must
equal a table that read the whole record at once."""
from __future__ import annotations

import pytest

from clocktower.agents import beliefs as B
from clocktower.agents.reasoning import ReasoningBot
from clocktower.play import NAMES, play_game

CASES = [("trouble-brewing", 7, 1), ("trouble-brewing", 10, 2), ("trouble-brewing", 13, 3),
         ("the-saga-of-the-summoner", 9, 4), ("regalia", 11, 5), ("the-return-of-jafar", 12, 6)]


def _game(script, n, seed):
    g = play_game(script, n, seed, agents={x: ReasoningBot(seed, x) for x in NAMES[:n]})
    return g, [e for e in g.log if e["visible_to"] == "all"]


@pytest.mark.parametrize("script,n,seed", CASES)
def test_a_claims_array_is_its_check_in_every_hypothesis(script, n, seed):
    """`_claim_array` groups the hypotheses by the roles of the seats a check read and asks
    one check a group: each entry must be what `_factor` says for that hypothesis alone."""
    g, public = _game(script, n, seed)
    t = B.Table(g.view(NAMES[0]))
    for e in public:
        t.add(e)
    hyps = t.hypotheses()
    grouped = 0
    for c in t.infos:
        if c.ability is None:
            continue
        a = t._claim_array(c)
        if a is None:
            assert c.reads_all
            continue
        grouped += 1
        for hi in range(0, len(hyps), 3):
            assert a[hi] == t._factor(c, hyps[hi]), (c.character, c.info, hi)
    assert grouped or not t.infos


@pytest.mark.parametrize("script,n,seed", CASES)
def test_beliefs_kept_between_events_equal_beliefs_read_at_once(script, n, seed):
    """A table asked after every event (keeping memos, arrays and the structure's parts
    between them) believes at each day's start what a new table given the record so far
    believes."""
    g, public = _game(script, n, seed)
    view = g.view(NAMES[0])
    kept = B.Table(view)
    for i, e in enumerate(public):
        kept.add(e)
        kept.public_demon()
        if e["type"] == "day":
            fresh = B.Table(view)
            for f in public[:i + 1]:
                fresh.add(f)
            a, b = kept.public_demon(), fresh.public_demon()
            assert max(abs(a[k] - b[k]) for k in a) < 1e-9, (e, a, b)
            me = NAMES[1]
            a, b = kept.evil_chances(me), fresh.evil_chances(me)
            assert max(abs(a[k] - b[k]) for k in a) < 1e-9


def test_marginal_rows_are_the_sums_over_hypotheses():
    """`_rows` gives every player's view in one product: each must be the plain weighted
    sum over the hypotheses where that player is good."""
    g, public = _game("trouble-brewing", 10, 7)
    t = B.Table(g.view(NAMES[0]))
    for e in public:
        t.add(e)
    post = t.posterior()
    for me in NAMES[:10]:
        bit = t.bit[me]
        acc = [0.0] * 10
        total = 0.0
        for di, _evil, mask, w in post:
            if mask & bit:
                continue
            total += w
            acc[di] += w
        got = t.demon_chances(me)
        for i, n in enumerate(t.players):
            assert got[n] == pytest.approx(acc[i] / total if total else 0.0, abs=1e-12)


def test_one_of_two_shows_agrees_with_truths_when_nobody_registers_as_the_team():
    """`OneOfTwo.shows` reads the whole table only for its fallback (nobody registers as a
    `team` character, so the players who truly are that team are the marks): every pair,
    for every character, must still agree with `truths` there."""
    from clocktower.engine.world import World
    names = NAMES[:6]
    seats = list(zip(names, ["investigator", "recluse", "imp", "spy", "chef", "saint"]))
    # The only Minion (the Spy) registers as good; the Recluse does not register as evil:
    # no Minion is registered, so the Investigator's marks are the true Minions.
    w = World.of(seats).with_registrations({"Bob": ("recluse", "good"),
                                            "Dan": ("chef", "good")})
    ab = B.truths_of("investigator")
    true = ab.truths(w, names[0])
    assert true, "the fallback gives the sober Investigator something true"
    fallback = 0
    for a in range(6):
        for b in range(a + 1, 6):
            for char in ("spy", "poisoner", "baron", "scarletwoman"):
                ans = {"character": char, "players": [names[a], names[b]]}
                got = ab.shows(w, ans, names[0])
                assert got == (ans in true), ans
                fallback += got
    assert fallback
