"""Regalia setup: the Choirboy's [+the King] is data-driven (`setup_change: {requires: king}`).

Many random bags: whenever a Choirboy is dealt a King is dealt too (one King, never two),
and the team counts still match the setup table (the Choirboy's change swaps a Townsfolk
for a Townsfolk; the Baron's +2 Outsiders and the Huntsman's +the Damsel are the only
other changes on Regalia)."""
import random

import pytest

from clocktower import data as D
from clocktower.engine.setup import build_bag
from clocktower.scripts import load_script


def _pick(cid, options):
    return options[0]


def test_choirboy_data_requires_the_king():
    assert D.get("choirboy").setup_change == {"requires": "king"}
    assert D.get("king").setup_change is None


@pytest.mark.parametrize("n", range(5, 16))
def test_choirboy_brings_the_king(n):
    script = load_script("regalia")
    base = D.player_counts(n)
    seen_choirboy = seen_king_alone = False
    for seed in range(400):
        bag, not_dealt = build_bag(script, n, random.Random(seed), _pick)
        assert not not_dealt
        assert len(bag) == n and len(set(bag)) == n, (seed, bag)
        teams = [D.get(c).team for c in bag]
        if "choirboy" in bag:
            seen_choirboy = True
            assert bag.count("king") == 1, (seed, bag)
        elif "king" in bag:
            seen_king_alone = True
        # Team counts: the table, changed only by the Baron (+2) and the Huntsman (+0 or +1).
        assert teams.count("demon") == base["demon"], (seed, bag)
        assert teams.count("minion") == base["minion"], (seed, bag)
        extra = teams.count("outsider") - base["outsider"]
        allowed = {0}
        if "baron" in bag:
            allowed = {2}
        if "huntsman" in bag:
            allowed = {a + h for a in allowed for h in (0, 1)}
        assert extra in allowed, (seed, bag)
        assert teams.count("townsfolk") == base["townsfolk"] - extra, (seed, bag)
    assert seen_choirboy and seen_king_alone


def test_random_regalia_games_deal_the_king_with_the_choirboy():
    """The same through the whole random setup (`setup_random`), with the Drunk: a dealt
    Choirboy always has a real King beside them (never only a Drunk who thinks so)."""
    from clocktower.play import new_game
    seen = 0
    for seed in range(150):
        game = new_game("regalia", 5 + seed % 11, seed)
        chars = [p.character for p in game.players]
        if "choirboy" in chars:
            seen += 1
            assert chars.count("king") == 1, (seed, chars)
    assert seen > 10
