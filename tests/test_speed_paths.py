"""Shortcuts of the hot paths give the answers of the paths they shorten (issue 21, item 2;
docs/architecture.md, Performance, "Fourth round").

- The automatic Storyteller draws before reading the game's standing, and reads it only
  when the draw falls inside the chance's bounds: the same answer as comparing the draw
  with the chance, for every standing; a subclass that changes a chance is always asked.
- A day turn lists a player's own day uses only when they hold an ability whose class has
  day uses (the hook table's list, `Game.hooks(DAY_USES)`): the same as asking every held
  ability, at every turn of games on the five scripts.
- The random bot filters the living players on its own view with compiled calls
  (`random_bot._living_others`): the same names, in order, as asking `view.alive` of each,
  on a `PlayerView` and on a stand-in view.
- The random bots and the automatic Storyteller say `speaks` and `answers_checked` (read
  once per answerer, no attribute looked up in vain); a subclass may say otherwise.
"""
from __future__ import annotations

import random

import pytest

from clocktower.engine.ability import has_day_ability
from clocktower.engine import runner
from clocktower.play import new_game
from clocktower.storyteller import AutoStoryteller

SCRIPTS = ["trouble-brewing", "the-saga-of-the-summoner", "regalia", "alternate-endings",
           "the-return-of-jafar"]


class _Standing(AutoStoryteller):
    """Reads a set standing (not the game's): the chances stay the base class's."""

    def __init__(self, seed: int, score: float, **kw):
        super().__init__(seed, **kw)
        self.score = score

    def standing(self, game):
        return self.score


@pytest.mark.parametrize("score", [-0.5, -0.3, -0.2, -0.1, 0.0, 0.1, 0.2, 0.3, 0.35, 0.5])
def test_the_draw_first_gives_the_chance_s_answer(score):
    st = _Standing(3, score, misregister=0.25)
    ref = random.Random()
    ref.setstate(st.rng.getstate())
    for _ in range(400):
        r = ref.random()
        assert st._misregisters(None) == (r < st.p_misregister(None))
        r = ref.random()
        assert st._shows_false(None) == (r < st.p_false(None))
    assert st.rng.getstate() == ref.getstate()      # one draw each, as before


def test_a_subclass_that_changes_a_chance_is_asked():
    class Always(AutoStoryteller):
        def p_misregister(self, game):
            return 1.0

        def p_false(self, game):
            return 0.0

    st = Always(1)
    assert not st._bounded and AutoStoryteller(1)._bounded
    # above the bounds (0.6, 0.85): the subclass's chances decide, not the bounds
    assert all(st._misregisters(None) for _ in range(200))
    assert not any(st._shows_false(None) for _ in range(200))


class _Checking:
    """Answers as the bot it wraps (through decision objects, not the fast paths) and, at
    every decision of the game, compares the shortcut with asking every held ability."""
    sees_everything = False

    def __init__(self, bot, game, seen: list):
        self.bot, self.game, self.seen = bot, game, seen

    def __call__(self, decision, view):
        g = self.game
        for p in g.players:
            held = any(has_day_ability(ab) for ab in p.abilities())
            assert runner.holds_day_ability(g, p) == held, (g.script.name, g.seed, p.name)
            self.seen.append(held)
        return self.bot(decision, view)


@pytest.mark.parametrize("script", SCRIPTS)
def test_day_uses_are_listed_for_every_holder_of_a_day_ability(script):
    seen: list[bool] = []
    for seed in range(10):
        game = new_game(script, 9 if "saga" in script else 12, seed)
        for p in game.players:
            game.answerers[p.name] = _Checking(game.answerers[p.name], game, seen)
        runner.play(game)
    assert len(seen) > 1000 and any(seen)


class _StandIn:
    """A view that is not a `PlayerView`: the bot asks it through its attributes."""

    def __init__(self, view):
        self.name = view.name
        self.asked = []
        self._view = view

    def alive(self, name):
        self.asked.append(name)
        return self._view.alive(name)


@pytest.mark.parametrize("seed", range(4))
def test_the_random_bot_s_living_players_are_those_its_view_says(seed):
    from clocktower.agents.random_bot import _living_others
    from clocktower.engine.runner import play
    game = play(new_game("trouble-brewing", 10, seed))
    names = [p.name for p in game.players]
    for p in game.players:
        view = game.view(p.name)
        want = [n for n in names if n != p.name and view.alive(n)]
        assert _living_others(view, names, p.name) == want
        stand_in = _StandIn(view)
        assert _living_others(stand_in, names, p.name) == want
        assert stand_in.asked == [n for n in names if n != p.name]
    assert any(not view.alive(n) for n in names)        # some died: the filter filtered


def test_the_answerers_say_whether_they_speak_and_check_their_answers():
    from clocktower.agents.random_bot import RandomBot

    class Talks(RandomBot):
        speaks = True

    for answerer in (RandomBot(0, "Ann"), AutoStoryteller(0)):
        assert answerer.speaks is False and answerer.answers_checked is False
    assert Talks(0, "Ann").speaks is True
    game = new_game("trouble-brewing", 5, 0, agents={"Ann": Talks(0, "Ann")})
    assert game.fast_answerer("Ann")[5] is True and game.fast_answerer("Bob")[5] is False
