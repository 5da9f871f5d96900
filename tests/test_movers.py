"""Philosopher, Alchemist, Snake Charmer, Courtier: what a scenario cannot state (the legal
options, the Storyteller's prompt to choose again whatever the bot chose, written choices
being final) and invariants of random games on small scripts with the four of them. The
rulings themselves are the scenarios in scenarios/alternate-endings/."""
import json
from pathlib import Path

import pytest

from clocktower import data as D
from clocktower.agents import RandomBot
from clocktower.characters import REGISTRY
from clocktower.engine.events import validate_event
from clocktower.engine.game import Game
from clocktower.engine.inputs import setup_written
from clocktower.engine.replay import replay
from clocktower.engine.runner import play
from clocktower.engine.setup import finish_setup
from clocktower.play import play_game
from clocktower.scenario.loader import ScenarioError, load_text
from clocktower.scenario.runner import run_scenario
from clocktower.scripts import load_script
from clocktower.storyteller import AutoStoryteller
from logchecks import check_movers

ROOT = Path(__file__).resolve().parent.parent

# Two small scripts: the Imp with setup-changing Minions, and the Summoner (with the
# Courtier and Spy jinxes) with the Zombuul.
SCRIPT_A = ["philosopher", "alchemist", "snakecharmer", "courtier", "chef", "empath", "monk",
            "slayer", "mayor", "soldier", "recluse", "saint", "drunk", "poisoner",
            "scarletwoman", "baron", "goblin", "imp"]
SCRIPT_B = ["philosopher", "alchemist", "snakecharmer", "courtier", "washerwoman",
            "undertaker", "monk", "chef", "empath", "soldier", "slayer", "ravenkeeper",
            "recluse", "saint", "summoner", "poisoner", "spy", "imp", "zombuul"]

PROMPTED = """
name: prompted
seed: {seed}
script: alternate-endings
players:
  - {{name: Ann, character: alchemist}}
  - {{name: Bob, character: snakecharmer}}
  - {{name: Cat, character: imp}}
  - {{name: Dan, character: goblin}}
  - {{name: Eve, character: saint}}
bluffs: [philosopher, huntsman, mayor]
storyteller: {{alchemist: poisoner}}
steps:
  - night: 1
    choices: {{Bob: Dan{ann}}}
    storyteller: {{alchemist.prompt: yes}}
"""


@pytest.mark.parametrize("seed", range(8))
def test_prompted_alchemist_chooses_differently_and_the_new_choice_counts(seed):
    res = run_scenario(load_text(PROMPTED.format(seed=seed, ann=""), "p.yaml"))
    assert res.ok, res.failures
    log = res.game.log
    choices = [e["players"] for e in log if e["type"] == "choice" and e["player"] == "Ann"]
    assert len(choices) == 2 and choices[0] != choices[1]
    poisoned = [e["target"] for e in log if e["type"] == "effect" and e["kind"] == "poisoned"
                and e["ability"] == "poisoner"]
    assert poisoned == choices[1]
    assert any(e["type"] == "choose_again" and e["player"] == "Ann" for e in log)


def test_a_written_alchemist_choice_is_final():
    text = PROMPTED.format(seed=0, ann=", Ann: Eve")
    with pytest.raises(ScenarioError) as err:
        run_scenario(load_text(text, "p.yaml"))
    assert "a written choice is final" in err.value.reason
    ok = run_scenario(load_text(text.replace("    storyteller: {alchemist.prompt: yes}\n", ""),
                                "p.yaml"))
    assert ok.ok and not any(e["type"] == "choose_again" for e in ok.game.log)


def _game(script, seats) -> Game:
    g = Game(load_script(script), REGISTRY, answerers={"storyteller": AutoStoryteller(0)})
    for name, char in seats:
        g.add_player(name, char)
    return g


def test_alchemist_options_skip_jinxed_and_setup_changing_minions():
    seats = [("Ann", "alchemist"), ("Bob", "imp"), ("Cat", "poisoner"), ("Dan", "chef"),
             ("Eve", "saint")]
    g = _game(SCRIPT_B, seats)
    finish_setup(g, bluffs=[])
    al = g.by_name["Ann"].ability
    options, suggested = al.minion_options()
    minions = {c for c in REGISTRY if D.get(c).team == "minion"}
    assert "spy" not in options                                    # the jinx: both on the script
    assert "baron" not in options and "summoner" not in options    # change setup: not after a bag
    assert set(options) == minions - {"spy", "summoner", "baron"}
    assert set(suggested) <= set(options)
    assert "poisoner" not in suggested                             # in play
    g2 = _game(["alchemist", "imp", "poisoner", "chef", "saint", "baron"], seats)
    finish_setup(g2, bluffs=[])
    options2, _ = g2.by_name["Ann"].ability.minion_options()
    assert "spy" in options2            # no Spy on this script: no jinx


def test_philosopher_may_choose_only_good_characters_on_the_script():
    g = _game(SCRIPT_A, [("Ann", "philosopher"), ("Bob", "imp"), ("Cat", "poisoner"),
                         ("Dan", "chef"), ("Eve", "saint")])
    finish_setup(g, bluffs=[])
    opts = g.by_name["Ann"].ability.options()
    assert "philosopher" not in opts
    assert {D.get(c).team for c in opts} == {"townsfolk", "outsider"}
    assert set(opts) == {c for c in SCRIPT_A if D.get(c).team in ("townsfolk", "outsider")} \
        - {"philosopher"}


@pytest.mark.parametrize("seed", range(160))
def test_random_games_with_the_movers(seed):
    script = SCRIPT_A if seed % 2 == 0 else SCRIPT_B
    game = play_game(script, 5 + seed % 11, seed)
    assert game.winner in ("good", "evil", "none")
    check_movers(game, seed)


def test_random_games_reach_every_mover_rule():
    seen = set()
    for seed in range(200):
        game = play_game(SCRIPT_A if seed % 2 == 0 else SCRIPT_B, 5 + seed % 11, seed)
        for e in game.log:
            if e["type"] == "ability_triggered" and e["ability"] == "snakecharmer":
                seen.add("swap")
            if e["type"] == "effect" and e["ability"] in ("philosopher", "courtier"):
                seen.add(e["ability"])
            if e["type"] == "ability_granted":
                seen.add(e["source"])
            if e["type"] in ("choose_again", "ability_moved", "jinx"):
                seen.add(e["type"])
    assert seen >= {"swap", "philosopher", "courtier", "alchemist", "choose_again",
                    "ability_moved", "jinx"}, seen


@pytest.mark.parametrize("seed", [1, 4, 7, 10])
def test_random_mover_games_replay(seed):
    game = play_game(SCRIPT_A if seed % 2 == 0 else SCRIPT_B, 5 + seed % 11, seed)
    events = json.loads(json.dumps(game.log))
    again = replay(events, REGISTRY)
    assert again.log == game.log


SPY_FILE = ROOT / "scenarios" / "alternate-endings" / \
    "alchemist-spy-jinx-right-guess-demon-must-choose-spy.yaml"


def test_after_a_right_guess_the_demon_may_not_choose_another_player():
    text = SPY_FILE.read_text().replace("choices: {Cat: Dan}", "choices: {Cat: Fay}")
    with pytest.raises(ScenarioError) as err:
        run_scenario(load_text(text, "spy.yaml"))
    assert "illegal" in err.value.reason


def test_the_alchemist_has_the_spy_ability_only_with_a_spy_in_play():
    text = SPY_FILE.read_text().replace("{name: Dan, character: spy}",
                                        "{name: Dan, character: poisoner}")
    text = text.replace("bluffs: [chef, mayor, poisoner]", "bluffs: [chef, mayor, spy]")
    with pytest.raises(ScenarioError) as err:
        run_scenario(load_text(text, "spy.yaml"))
    assert "alchemist" in err.value.reason and "not a legal" in err.value.reason


def test_an_unwritten_guess_is_not_made_by_day():
    text = SPY_FILE.read_text().replace("    choices: {Ann: Dan}\n", "")
    text = text[:text.index("    expect:\n      - event: {type: claim_ability")] + \
        "  - night: 2\n    choices: {Cat: Fay}\n"
    res = run_scenario(load_text(text, "spy.yaml"))
    assert res.ok, res.failures
    assert not any(e["type"] == "claim_ability" for e in res.game.log)


def test_random_games_with_an_alchemist_spy():
    """Bots play a written grimoire with an Alchemist-Spy: after each right guess the
    Demon's next choice is the Spy (while the Spy lives)."""
    checked = 0
    for seed in range(40):
        checked += _alchemist_spy_game(seed)
    assert checked > 0


def _alchemist_spy_game(seed: int) -> int:
    auto = AutoStoryteller(seed)

    def storyteller(d, g):
        if d.context.get("key") == "alchemist":
            return "spy"
        return auto(d, g)

    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gil"]
    chars = ["alchemist", "soldier", "imp", "spy", "saint", "slayer", "chef"]
    g = Game(load_script(["alchemist", "spy", "imp", "poisoner", "chef", "saint", "mayor",
                          "slayer", "soldier", "empath"]), REGISTRY, seed=seed,
             answerers={"storyteller": storyteller})
    bots = {n: RandomBot(seed, n, decline=0.3) for n in names}
    g.default_answerer = lambda d, game: bots[d.who](d, game)
    setup_written(g, [{"name": n, "character": c} for n, c in zip(names, chars)],
                  ["mayor", "empath", "poisoner"])
    play(g)
    log = g.log
    checked = 0
    for e in log:
        assert not validate_event(e), e
    for i, e in enumerate(log):
        if e["type"] == "jinx" and e["jinx"] == "spy":
            night = [x for x in log[i:] if x["type"] == "choice" and x["ability"] == "imp"
                     and x["phase"] == "night" and x["number"] == e["number"] + 1]
            if night:
                assert night[0]["players"] == ["Dan"], (seed, night)
                checked += 1
    return checked
