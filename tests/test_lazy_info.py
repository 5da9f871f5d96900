"""A droisoned player's '1 of 2' information is a lazy space: the same answers, in the same
order, as the list it replaces, counted, indexed and tested without being listed."""
import random
from itertools import combinations

import pytest

from clocktower.characters._common import (any_pair_infos, pair_infos, pair_infos_listed_once,
                                           team_characters)
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


def test_pair_infos_without_shared_characters_lists_as_the_deduplicating_loop():
    rng = random.Random(1)
    game = new_game("trouble-brewing", 12, 5)
    for _ in range(200):
        k = rng.randrange(0, 5)
        chosen = rng.sample(game.players, k)
        chars = [rng.choice(["chef", "imp", "spy", "saint"]) for _ in chosen]
        matches = list(zip(chars, chosen))
        assert pair_infos(game, game.players[0], matches) == \
            pair_infos_listed_once(game.players, matches)


@pytest.mark.parametrize("script", ["trouble-brewing", "the-return-of-jafar"])
def test_one_of_two_basis_decides_the_truths(script):
    """`Information.basis`: two worlds with equal bases have equal truths (the automatic
    Storyteller's registration test skips listing the truths on that ground); and worlds
    that differ in a mark differ in truths."""
    from clocktower import data as D
    from clocktower.characters._info import OneOfTwo
    from clocktower.engine.world import World
    rng = random.Random(2)
    checked = differ = 0
    for seed in range(12):
        game = new_game(script, 7 + seed % 9, seed)
        world = World.from_game(game)
        for p in game.players:
            ab = p.ability
            if not isinstance(ab, OneOfTwo):
                continue
            chars = [c for c in game.script.characters if D.get(c).team != "traveller"]
            for _ in range(30):
                who = rng.choice(game.players).name
                regs = [{who: (rng.choice(chars), rng.choice(["good", "evil"]))} for _ in (0, 1)]
                w1, w2 = world.with_registrations(regs[0]), world.with_registrations(regs[1])
                same = ab.basis(w1) == ab.basis(w2)
                assert same == (ab.truths(w1) == ab.truths(w2)), (seed, p.name, regs)
                checked += 1
                differ += not same
    assert checked > 100 and differ > 10
