"""The Outsider count with several Outsiders who claim a Townsfolk when good (the Drunk
and the Lunatic believe another character, the Damsel hides: `beliefs.hidden_outsider`,
read from their classes): `beliefs._hidden_outsiders` against a count of every deal."""
from __future__ import annotations

import itertools
from math import comb

import pytest

from clocktower.agents import beliefs as B


def _dealt(g: int, o: int, k: int, t: int, n_out: int, hidden: int) -> float:
    """The chance that o Outsiders dealt to g good players (seats, and which of the script's
    n_out Outsiders, uniformly; the first `hidden` claim a Townsfolk) fit k Outsider
    claimants (seats 0..k-1) and t Townsfolk claimants (the next t)."""
    fit = total = 0
    for seats in itertools.combinations(range(g), o):
        for kinds in itertools.permutations(range(n_out), o):
            total += 1
            hid = {s for s, c in zip(seats, kinds) if c < hidden}
            out = set(seats)
            ok = all(s in out and s not in hid for s in range(k)) and \
                all(s not in out or s in hid for s in range(k, k + t))
            fit += ok
    return fit / total


@pytest.mark.parametrize("hidden", [1, 2, 3])
def test_the_ways_are_those_of_every_deal(hidden):
    checked = 0
    for g, n_out in ((5, 4), (6, 4), (6, 3)):
        for o in range(0, min(g, n_out) + 1):
            for k in range(0, g + 1):
                for t in range(0, g - k + 1):
                    want = _dealt(g, o, k, t, n_out, min(hidden, n_out))
                    got = B._hidden_outsiders(o, k, t, g - k - t, n_out, min(hidden, n_out)) \
                        / comb(g, o)
                    assert abs(got - want) < 1e-12, (g, o, k, t, n_out, hidden, got, want)
                    checked += want > 0
    assert checked > 20


def test_which_outsiders_claim_a_townsfolk_is_read_from_their_classes():
    assert [c for c in ("drunk", "lunatic", "damsel", "recluse", "barber", "butler", "saint",
                        "marionette", "goblin") if B.hidden_outsider(c)] == \
        ["drunk", "lunatic", "damsel"]


def test_two_townsfolk_claimants_may_both_be_outsiders_on_regalia():
    """Regalia's Drunk and Damsel: with one Outsider claimant beyond a count of one, a deal
    where two Townsfolk claimants hide both is possible (not with the Drunk alone)."""
    one = B._hidden_outsiders(3, 1, 5, 0, 4, 1)
    two = B._hidden_outsiders(3, 1, 5, 0, 4, 2)
    assert one == 0.0 and two > 0.0
