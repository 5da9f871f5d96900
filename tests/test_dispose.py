"""`Game.dispose`: a finished game's objects are freed by reference counting, without the
cycle collector (`clocktower bench` and the simulator dispose of each game they have read)."""
import gc

import pytest

from clocktower.play import play_game


@pytest.mark.parametrize("script,players,travellers", [
    ("trouble-brewing", 7, 0), ("regalia", 12, 3), ("the-return-of-jafar", 10, 2)])
def test_a_disposed_game_leaves_nothing_for_the_collector(script, players, travellers):
    play_game(script, players, 0, travellers=travellers).dispose()     # caches warmed up
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        before = len(gc.get_objects())
        for seed in range(1, 6):
            game = play_game(script, players, seed, travellers=travellers)
            assert game.winner in ("good", "evil", "none")
            game.dispose()
            del game
        left = len(gc.get_objects()) - before
        found = gc.collect()        # what only the collector could have freed
    finally:
        if was:
            gc.enable()
    assert found < 50 and left < 200, (found, left)


def test_a_game_not_disposed_is_a_cycle():
    """The check above can fail: without dispose, a game is left for the collector."""
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        game = play_game("trouble-brewing", 7, 1)
        del game
        found = gc.collect()
    finally:
        if was:
            gc.enable()
    assert found > 200, found
