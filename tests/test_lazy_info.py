"""A droisoned player's '1 of 2' information is a lazy space: the same answers, in the same
order, as the list it replaces, counted, indexed and tested without being listed."""
import random
from itertools import combinations

import pytest

from clocktower.characters._common import any_pair_infos, pair_infos, team_characters
from clocktower.engine.decisions import InfoChoice
from clocktower.engine.game import info_key
from clocktower.play import new_game


def listed(game, team, truths, extras=()):
    """The old eager listing: truths, then every answer not already seen (info_key)."""
    out = list(truths)
    seen = {info_key(o) for o in out}
    names = [p.name for p in game.players]
    every = [{"character": c, "players": [a, b]} for c in team_characters(game, team)
             for a, b in combinations(names, 2)] + [dict(e) for e in extras]
    for o in every:
        if info_key(o) not in seen:
            seen.add(info_key(o))
            out.append(o)
    return out


@pytest.mark.parametrize("script,players,team", [
    ("trouble-brewing", 5, "townsfolk"), ("trouble-brewing", 10, "outsider"),
    ("trouble-brewing", 15, "minion"), ("regalia", 12, "townsfolk")])
def test_space_lists_the_same_answers_in_the_same_order(script, players, team):
    game = new_game(script, players, 3)
    me = game.players[0]
    rng = random.Random(0)
    for extras in ((), ({"count": 0},)):
        matches = [(p.character, p) for p in rng.sample(game.players, 2)]
        truths = pair_infos(game, me, matches, team)
        old = listed(game, team, truths, extras)
        d = InfoChoice("storyteller", truths, any_pair_infos(game, me, team, extras))
        assert d.n_options() == len(old) and d.n_true == len(truths)
        assert [d.option(i) for i in range(len(old))] == old
        assert d.options() == old
        for i in rng.sample(range(len(old)), 40):
            assert d.is_legal(old[i]) and d.is_true(old[i]) == (i < len(truths))
        a, b = game.players[1].name, game.players[2].name
        char = team_characters(game, team)[0]
        for bad in ({"character": char, "players": [b, a]},          # not in seat order
                    {"character": char, "players": (a, b)},
                    {"character": char, "players": [a, "Nobody"]},
                    {"character": "not-a-character", "players": [a, b]},
                    {"character": ["x"], "players": [a, b]},
                    {"character": char, "players": [a, b], "extra": 1},
                    {"count": 1}, None, "x"):
            assert not d.is_legal(bad)
        assert d.is_legal({"count": 0}) == bool(extras)
