"""Steward, Shugenja, King, Choirboy and Town Crier: rules a scenario cannot state (the
exact set of legal answers, characters created by day) and invariants of random games.
The rulings themselves are the scenarios in scenarios/regalia/."""
import pytest

from clocktower import data as D
from clocktower.engine.game import Game
from clocktower.play import play_game
from clocktower.scenario.loader import load_text
from clocktower.scenario import runner as scenario_runner
from clocktower.scenario.runner import run_scenario, setup_game

HEAD = """
name: test
script: regalia
bluffs: [slayer, fortuneteller, undertaker]
players:
"""


def _info_options(monkeypatch, text: str) -> tuple[Game, dict]:
    """Run a scenario; return the game and {(player, night): [info options]}."""
    # The scenario's answers record every information decision, asked or forced (this
    # also works with the compiled engine, whose Game methods cannot be patched).
    made = []

    def setup(sc, *args, **kw):
        game, answers = setup_game(sc, *args, **kw)
        made.append(answers)
        return game, answers

    monkeypatch.setattr(scenario_runner, "setup_game", setup)
    res = run_scenario(load_text(text, "test.yaml"))
    assert res.ok, res.failures
    seen = {(who, number): opts for who, phase, number, opts in made[-1].info_options
            if phase == "night"}
    return res.game, seen


def test_steward_options_are_the_other_good_registering_players(monkeypatch):
    _, seen = _info_options(monkeypatch, HEAD + """
  - {name: Ann, character: steward}
  - {name: Bob, character: recluse}
  - {name: Cat, character: imp}
  - {name: Dan, character: poisoner}
  - {name: Eve, character: librarian}
  - {name: Fay, character: monk}
  - {name: Gil, character: king}
steps:
  - night: 1
    choices: {Dan: Cat}
    storyteller:
      registers: {Bob: {alignment: evil}}
""")
    assert {o["players"][0] for o in seen[("Ann", 1)]} == {"Eve", "Fay", "Gil"}


def test_droisoned_steward_may_be_shown_any_other_player(monkeypatch):
    _, seen = _info_options(monkeypatch, HEAD + """
  - {name: Ann, character: steward}
  - {name: Bob, character: librarian}
  - {name: Cat, character: imp}
  - {name: Dan, character: poisoner}
  - {name: Eve, character: monk}
steps:
  - night: 1
    choices: {Dan: Ann}
""")
    assert {o["players"][0] for o in seen[("Ann", 1)]} == {"Bob", "Cat", "Dan", "Eve"}


def test_king_options_are_the_living_characters_or_any_when_poisoned(monkeypatch):
    text = HEAD + """
  - {name: Ann, character: king}
  - {name: Bob, character: drunk, thinks: soldier}
  - {name: Cat, character: imp}
  - {name: Dan, character: poisoner}
  - {name: Eve, character: librarian}
  - {name: Fay, character: monk}
steps:
  - night: 1
    choices: {Dan: Eve}
  - day: 1
    actions:
      - nominate: {by: Bob, target: Eve, votes: [Ann, Bob, Cat, Dan]}
  - night: 2
    choices: {Dan: Eve, Fay: Ann, Cat: Fay}
  - day: 2
    actions:
      - nominate: {by: Ann, target: Bob, votes: [Ann, Cat]}
  - night: 3
    choices: {Dan: %s, Cat: Eve}
"""
    game, seen = _info_options(monkeypatch, text % "Eve")
    assert [p.name for p in game.players if p.alive] == ["Ann", "Cat", "Dan"]
    assert sorted(o["character"] for o in seen[("Ann", 3)]) == ["imp", "king", "poisoner"]
    _, seen = _info_options(monkeypatch, text % "Ann")      # poisoned King
    shown = {o["character"] for o in seen[("Ann", 3)]}
    assert {"drunk", "soldier", "librarian", "monk", "baron", "thief"} <= shown
    assert shown <= set(load_script_ids())


def load_script_ids():
    from clocktower.scripts import load_script
    return load_script("regalia").characters


def _day_change(text: str, name: str, new: str) -> Game:
    """Play night 1, change `name` into `new` by day, play night 2."""
    sc = load_text(text, "test.yaml")
    game, answers = setup_game(sc)
    answers.step = sc.steps[0]
    game.run_night()
    answers.step = None
    game.start_day()
    game.change_character(game.player(name), new)
    game.end_day()
    answers.step = sc.steps[2]
    game.run_night()
    return game


DAY_CHANGE = HEAD + """
  - {name: Ann, character: monk}
  - {name: Bob, character: librarian}
  - {name: Cat, character: imp}
  - {name: Dan, character: poisoner}
  - {name: Eve, character: soldier}
steps:
  - night: 1
    choices: {Dan: Eve}
  - day: 1
  - night: 2
    choices: {Dan: Eve, Ann: Bob, Cat: Eve}
"""


@pytest.mark.parametrize("new", ["steward", "shugenja"])
def test_start_knowing_character_made_by_day_learns_the_coming_night(new):
    game = _day_change(DAY_CHANGE, "Bob", new)
    learns = [e for e in game.log if e["type"] == "learn" and e["player"] == "Bob"
              and e.get("ability") == new]
    assert [(e["phase"], e["number"]) for e in learns] == [("night", 2)]


def test_king_made_by_day_demon_learns_the_coming_night():
    game = _day_change(DAY_CHANGE, "Bob", "king")
    told = [e for e in game.log if e["type"] == "learn" and e.get("ability") == "king"]
    assert [(e["player"], e["number"], e["players"]) for e in told] == [("Cat", 2, ["Bob"])]


# ---- random games ------------------------------------------------------------------------
def _by_night(game, etype):
    out: dict = {}
    for e in game.log:
        if e["type"] == etype and e["phase"] == "night":
            out.setdefault(e["number"], []).append(e)
    return out


@pytest.mark.parametrize("seed", range(120))
def test_random_regalia_game_invariants(seed):
    _check_game(seed)


def _check_game(seed: int) -> list:
    """Play a random Regalia game and check the five characters' invariants; return the
    King's own learn events."""
    game = play_game("regalia", 5 + seed % 11, seed)
    setup = next(e for e in game.log if e["type"] == "setup")
    first = {p["name"]: p["character"] for p in setup["players"]}
    changed = {e["player"] for e in game.log if e["type"] == "character_change"}
    learns = [e for e in game.log if e["type"] == "learn" and e["phase"] == "night"]
    deaths = _by_night(game, "death")
    # The first night's Demon is told who the King is (whoever the King is).
    kings = [n for n, c in first.items() if c == "king"]
    demons = [n for n, c in first.items() if D.get(c).team == "demon"]
    told = [e for e in learns if e.get("ability") == "king" and e["number"] == 1]
    if kings:
        assert {e["player"] for e in told} == set(demons), seed
        assert all(e["character"] == "king" for e in told)
    king_learns: list = []
    for e in learns:
        ab, n, who = e.get("ability"), e["number"], e["player"]
        # Start-knowing Townsfolk learn only on their first night.
        if ab in ("steward", "shugenja") and who not in changed:
            assert n == 1, (seed, e)
        # The Choirboy learns only on a night the Demon killed the King.
        if ab == "choirboy":
            killed = [d for d in deaths.get(n, []) if d["cause"] == "demon"
                      and game.by_name[d["player"]].character == "king"]
            assert killed, (seed, e)
            assert len(e["players"]) == 1
        # The King learns only when the dead equal or outnumber the living.
        if ab == "king" and "players" not in e:
            assert game.by_name[who].character == "king" or game.by_name[who].thinks == "king"
            before = game.log[:game.log.index(e)]
            dead = {d["player"] for d in before if d["type"] == "death"}
            assert len(dead) >= len(game.players) - len(dead), (seed, e)
            king_learns.append(e)
        if ab == "towncrier":
            assert n >= 2 and isinstance(e["yes"], bool)
    return king_learns


def test_random_regalia_games_reach_the_kings_information():
    """Some random games get far enough for a living King to learn characters."""
    assert sum(len(_check_game(s)) for s in range(300)) > 0
