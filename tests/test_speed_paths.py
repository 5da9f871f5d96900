"""Shortcuts of the hot paths give the answers of the paths they shorten (issue 21, item 2;
docs/architecture.md, Performance, "Fourth round").

- The automatic Storyteller draws before reading the game's standing, and reads it only
  when the draw falls inside the chance's bounds: the same answer as comparing the draw
  with the chance, for every standing; a subclass that changes a chance is always asked.
- A day turn lists a player's own day uses only when they hold an ability whose class has
  day uses (the hook table's list, `Game.hooks(DAY_USES)`): the same as asking every held
  ability, at every turn of games on the five scripts.
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
