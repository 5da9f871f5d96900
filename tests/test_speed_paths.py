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

Sixth round (docs/architecture.md, "Sixth round (eighth session)"):

- A random bot's night choice of players without a decision object
  (`RandomBot.fast_choose`, `Game._fast_choice`): the same games, byte for byte, as bots
  asked with `PlayerChoice` objects, on the five scripts; a refused answer is refused.
- The "1 of 2" marks and pairs, compiled (`world.registering_as`, `world.pair_truths`):
  the same lists as the interpreted definitions, on worlds with misregistrations.
- The Butler's hand: the same answer with its tests in another order, for every case.
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


class _Asked(__import__("clocktower.agents.random_bot", fromlist=["RandomBot"]).RandomBot):
    """A random bot asked with decision objects only: `__call__` is its own, so none of
    the class's fast paths is taken (`game._fast_ok`)."""

    def __call__(self, decision, view):
        return super().__call__(decision, view)


def _bots(cls, seed, names):
    from clocktower.engine.rand import seeded
    rng = seeded(f"bots:{seed}")            # as `random_bots` shares one generator
    return {n: cls(seed, n, rng=rng) for n in names}


@pytest.mark.parametrize("script", SCRIPTS)
def test_the_night_choice_fast_path_plays_the_same_games(script):
    import json
    from clocktower.agents.random_bot import RandomBot
    from clocktower.engine.runner import play
    from clocktower.play import NAMES
    chosen = 0
    for seed in range(6):
        players = 5 + 2 * (seed % 3)
        names = NAMES[:players]
        logs = []
        for cls in (RandomBot, _Asked):
            game = new_game(script, players, seed, agents=_bots(cls, seed, names))
            # the bots' fast path is offered (RandomBot) or not (_Asked)
            assert (game.fast_answerer(names[0])[6] is not None) == (cls is RandomBot)
            play(game)
            logs.append(json.dumps(game.log))
            chosen += sum(1 for e in game.log if e["type"] == "decision"
                          and e["kind"] == "night_choice")
        assert logs[0] == logs[1], (script, seed)
    assert chosen > 0


def test_a_refused_fast_night_choice_is_refused():
    from clocktower.agents.random_bot import RandomBot
    from clocktower.errors import IllegalAnswer

    class Wrong(RandomBot):
        def fast_choose(self, view, who, kind, candidates, count, optional):
            return ["Nobody"]

        def __call__(self, decision, view):     # from the same class: the fast path is taken
            return super().__call__(decision, view)

    game = new_game("trouble-brewing", 5, 0, agents={n: Wrong(0, n) for n in
                                                     ("Ann", "Bob", "Cat", "Dan", "Eve")})
    assert game.fast_answerer("Ann")[6] is not None
    with pytest.raises(IllegalAnswer):
        game.choose_players(game.player("Ann"), 1, optional=True)
    assert not any(e["type"] == "decision" for e in game.log[-1:])


def _marks_reference(world, team):
    from clocktower import data as D
    return [(world.registers(p)[0], p) for p in world.players
            if D.get(world.registers(p)[0]).team == team]


def _pairs_reference(players, matches):
    out = []
    for char, target in matches:
        for other in players:
            if other is not target:
                out.append({"character": char,
                            "players": [target.name, other.name] if target.seat < other.seat
                            else [other.name, target.name]})
    return out


@pytest.mark.parametrize("seed", range(6))
def test_the_compiled_one_of_two_lists_are_the_interpreted_ones(seed):
    from clocktower.engine.world import World, pair_truths, registering_as
    rng = random.Random(seed)
    game = new_game("trouble-brewing", 8 + seed, seed)
    world = World.from_game(game)
    chars = ["washerwoman", "butler", "poisoner", "imp", "chef"]
    for _ in range(20):
        regs = {p.name: (rng.choice(chars), rng.choice(["good", "evil"]))
                for p in rng.sample(game.players, rng.randrange(0, 4))}
        w = world.with_registrations(regs) if regs else world
        for team in ("townsfolk", "outsider", "minion", "demon"):
            marks = registering_as(w, team)
            assert marks == _marks_reference(w, team)
            if len({c for c, _p in marks}) == len(marks):
                assert pair_truths(w.players, marks) == _pairs_reference(w.players, marks)


def test_the_butler_s_hand_is_the_rule_s():
    from clocktower.characters.butler import Butler
    game = new_game("trouble-brewing", 10, 0)
    butler = game.players[0]
    ab = Butler(game, butler)
    for master in (None, "Bob", "Cat"):
        ab.master = master
        for works in (True, False):
            type(ab).functioning = property(lambda self, works=works: works)
            try:
                for voters in ([], [game.player("Bob")], [game.player("Dan")]):
                    for voter in (butler, game.player("Eve")):
                        want = (voter is not butler or not works or master is None
                                or any(v.name == master for v in voters))
                        assert ab.may_vote(voter, voters) == want
            finally:
                del type(ab).functioning


def test_a_world_of_another_class_is_asked_through_its_own_methods():
    """A reasoner's world notes what is read (agents/beliefs.py, `_Tracked`): the "1 of 2"
    marks ask its `registers` for every player, not the compiled shortcut."""
    from clocktower.characters._info import one_of_two_matches
    from clocktower.engine.world import World

    class Noting(World):
        def registers(self, who):
            asked.append(who.name)
            return World.registers(self, who)

    asked: list = []
    game = new_game("trouble-brewing", 8, 1)
    plain = World.from_game(game)
    noting = Noting(*plain)
    assert one_of_two_matches(noting, "townsfolk") == one_of_two_matches(plain, "townsfolk")
    assert asked == [p.name for p in game.players]
