"""Game.fork: an independent copy at the same point (engine/fork.py), continued by the driver."""
import json

import pytest

from clocktower.engine.driver import Days, drive
from clocktower.engine.fork import NOT_STATE, SHARE, slots
from clocktower.engine.runner import BOT_DAYS, bot_day
from clocktower.play import new_game


def first(decision, view):
    """A stateless answerer: the same decision gets the same answer in any game."""
    return decision.options()[0] if decision.n_options() else None


class Until(Days):
    """Bot days, stopping before night `night`."""

    def __init__(self, night):
        self.night = night

    def begin(self, game, kind):
        return not (kind == "night" and game.night + 1 >= self.night)

    def day(self, game):
        bot_day(game)


def dump(game):
    return [json.dumps(e, sort_keys=True) for e in game.log]


def answerers(game):
    return {"storyteller": first, **{p.name: first for p in game.players}}


def half_played(seed, night=3, players=10):
    game = new_game("trouble-brewing", players, seed, storyteller=first,
                    agents={n: first for n in
                            ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Joe")})
    drive(game, Until(night))
    return game


@pytest.mark.parametrize("seed", range(6))
def test_a_fork_between_phases_goes_on_as_the_game_would(seed):
    game = half_played(seed)
    if game.winner is not None:
        pytest.skip("over before night 3")
    clone = game.fork(answerers(game))
    before = dump(game)
    drive(clone, BOT_DAYS)
    assert dump(game) == before             # the original is untouched by the fork's play
    drive(game, BOT_DAYS)
    assert dump(clone) == dump(game)


def test_a_forks_mutable_state_is_its_own():
    game = half_played(4)
    clone = game.fork(answerers(game))
    shared = [n for n, how in NOT_STATE.items() if how == SHARE]

    def own(a, b, where):
        for name in slots(type(a)) + tuple(getattr(a, "__dict__", {})):
            if where == "Game" and name in shared:
                continue
            x, y = getattr(a, name, None), getattr(b, name, None)
            if isinstance(x, (list, dict, set)) and (x or where == "Game"):
                assert x is not y, f"{where}.{name} is shared with the fork"

    own(game, clone, "Game")
    for p, q in zip(game.players, clone.players):
        assert p is not q and p.name == q.name
        own(p, q, "Player")
        for a, b in zip(p.held, q.held):
            assert a is not b and b.game is clone and a.state == b.state
            own(a, b, type(a).__name__)
    assert clone.log == game.log and clone.log is not game.log


def test_a_new_callable_field_must_be_declared():
    game = half_played(1, night=2)
    try:
        game.callback_added_later = lambda ev: None
    except AttributeError:
        pytest.skip("compiled Game: no new attributes")
    with pytest.raises(TypeError, match="callback_added_later"):
        game.fork(answerers(game))


def test_a_fork_taken_inside_a_demon_change_step_asks_the_win_rules_at_its_own_changes():
    """A fork taken while a `demon_change` step is under way (an answerer forking while it
    is asked) goes on after that step: it starts with no step open, so when the fork's own
    change leaves no living Demon the game ends at once, as in any game."""
    game = half_played(1)
    if game.winner is not None:
        pytest.skip("over before night 3")
    with game.demon_change():
        clone = game.fork(answerers(game))
    demon = next(p for p in clone.players if clone.is_demon(p) and p.truly_alive)
    with pytest.raises(Exception) as over:
        clone.change_character(demon, "chef")
    assert type(over.value).__name__ == "GameOver"
    assert clone.winner == "good" and clone.outcome.code == "demon_dead"
    assert game.winner is None
