"""A game answered one decision at a time from outside equals the same game played in one go."""
import json

import pytest

from clocktower.engine.session import Session
from clocktower.errors import IllegalAnswer
from clocktower.play import new_game
from clocktower.engine.runner import play


def first_option(decision, game):
    return decision.options()[0]


def dump(game):
    return [json.dumps(e, sort_keys=True) for e in game.log]


def answer_all_with_first_option(session, who) -> int:
    """Answer every pending decision with its first option; each must be for `who`."""
    asked = 0
    while (d := session.pending()) is not None:
        assert d.who == who
        session.answer(d.options()[0])
        asked += 1
    return asked


@pytest.mark.parametrize("seed", [0, 5])
def test_outside_storyteller_one_answer_at_a_time(seed):
    direct = play(new_game("trouble-brewing", 7, seed, storyteller=first_option))

    def build(answerers):
        return new_game("trouble-brewing", 7, seed, storyteller=answerers["storyteller"])

    s = Session(build, outside={"storyteller"})
    assert answer_all_with_first_option(s, "storyteller") >= 3
    assert dump(s.game) == dump(direct)


def test_an_illegal_outside_answer_is_refused_and_changes_nothing():
    s = Session(lambda a: new_game("trouble-brewing", 7, 1, storyteller=a["storyteller"]),
                outside={"storyteller"})
    d = s.pending()
    before = list(s.answers)
    with pytest.raises(IllegalAnswer):
        s.answer("not an option")
    assert s.answers == before and s.pending() is d


def test_outside_player_one_answer_at_a_time():
    direct = play(new_game("trouble-brewing", 8, 3, agents={"Ann": first_option}))

    def build(answerers):
        return new_game("trouble-brewing", 8, 3, agents={"Ann": answerers["Ann"]})

    s = Session(build, outside={"Ann"})
    assert answer_all_with_first_option(s, "Ann") > 5
    assert dump(s.game) == dump(direct)


def test_each_answer_is_one_step_not_a_rerun():
    builds = []

    def build(answerers):
        builds.append(1)
        return new_game("trouble-brewing", 7, 0, storyteller=answerers["storyteller"])

    s = Session(build, outside={"storyteller"})
    assert answer_all_with_first_option(s, "storyteller") >= 3
    assert len(builds) == 1


def test_a_fork_is_the_same_game_at_the_same_point_and_independent():
    direct = play(new_game("trouble-brewing", 7, 5, storyteller=first_option))

    def build(answerers):
        return new_game("trouble-brewing", 7, 5, storyteller=answerers["storyteller"])

    s = Session(build, outside={"storyteller"})
    while s.game is None or s.game.phase == "setup":    # into the first night
        s.answer(s.pending().options()[0])
    at = dump(s.game)
    twin = s.fork()
    assert dump(twin.game) == at and twin.pending().kind == s.pending().kind
    handed = s.fork({"storyteller": first_option})      # a bot answers from here on
    assert handed.pending() is None and dump(handed.game) == dump(direct)
    assert dump(s.game) == at                           # the forks left it alone
    answer_all_with_first_option(twin, "storyteller")
    answer_all_with_first_option(s, "storyteller")
    assert dump(twin.game) == dump(s.game) == dump(direct)
