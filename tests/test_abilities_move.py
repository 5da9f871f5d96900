"""The engine's seams for abilities that move, beliefs, 'in force', and outcomes.

No implemented character grants, moves or swaps abilities yet (the Philosopher, Snake
Charmer, Barber and Fang Gu will), so these tests drive the engine calls directly on small
Trouble Brewing tables, and give test-only subclasses of real characters the new hooks.
"""
import pytest

from clocktower.characters import REGISTRY
from clocktower.characters.imp import Imp
from clocktower.characters.monk import Monk
from clocktower.characters.soldier import Soldier
from clocktower.engine.decisions import PlayerChoice
from clocktower.engine.game import Game, GameOver
from clocktower.engine.outcome import REASONS, Outcome, opposing
from clocktower.engine.setup import finish_setup
from clocktower.errors import ClocktowerError
from clocktower.scripts import load_script

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gil"]


class Picks:
    """Answers player choices from `picks` (who -> names), everything else with the first
    legal option (for information: a true one)."""

    def __init__(self, picks=None):
        self.picks = dict(picks or {})

    def __call__(self, decision, game):
        if isinstance(decision, PlayerChoice) and decision.who in self.picks:
            return self.picks[decision.who]
        opts = decision.options()
        if isinstance(decision, PlayerChoice) and opts[0] is None:
            return opts[1]
        return opts[0]


def table(*characters, registry=REGISTRY, picks=None, thinks=None):
    game = Game(load_script("trouble-brewing"), registry, seed=1, default_answerer=Picks(picks))
    for name, cid in zip(NAMES, characters):
        p = game.add_player(name, cid)
        if thinks and name in thinks:
            p.thinks = thinks[name]
    finish_setup(game, bluffs=["saint", "mayor", "virgin"])
    return game


def events(game, etype):
    return [e for e in game.log if e["type"] == etype]


def test_granted_ability_acts_at_its_own_night_position():
    game = table("soldier", "imp", "poisoner", "empath", "chef")
    ann = game.by_name["Ann"]
    ab = game.grant(ann, "empath")
    assert [a.id for a in ann.held] == ["soldier", "empath"] and ab.origin == "granted"
    assert events(game, "ability_granted")[-1] == {**events(game, "ability_granted")[-1],
                                                  "player": "Ann", "ability": "empath"}
    game.run_night()
    learned = [e for e in events(game, "learn") if e["player"] == "Ann" and e["ability"] == "empath"]
    assert len(learned) == 1


def test_revoked_ability_ends_its_poison():
    game = table("soldier", "imp", "poisoner", "empath", "chef", picks={"Cat": ["Dan"]})
    game.run_night()
    dan, cat = game.by_name["Dan"], game.by_name["Cat"]
    assert game.is_poisoned(dan)
    game.revoke(cat.ability)
    assert cat.ability is None and not game.is_poisoned(dan)
    assert events(game, "ability_removed")[-1]["ability"] == "poisoner"
    soldier = game.by_name["Ann"].ability
    game.revoke(soldier)
    with pytest.raises(ClocktowerError):
        game.revoke(soldier)                     # held by nobody now


def test_moved_ability_keeps_its_poison_and_its_new_holder_decides_it():
    game = table("soldier", "imp", "poisoner", "empath", "chef", picks={"Cat": ["Dan"]})
    game.run_night()
    dan, cat, eve = (game.by_name[n] for n in ("Dan", "Cat", "Eve"))
    poisoner = cat.ability
    game.move_ability(poisoner, eve)
    assert poisoner.player is eve and poisoner in eve.held and cat.held == []
    assert game.is_poisoned(dan)                 # the poison follows its ability
    game.die(cat, "test")                        # the old holder's death does not matter
    assert game.is_poisoned(dan)
    eve.alive = False                            # the new holder's does
    assert not game.is_poisoned(dan)
    assert events(game, "ability_moved")[-1] == {**events(game, "ability_moved")[-1],
                                                "ability": "poisoner", "player": "Cat", "to": "Eve"}


def test_swap_characters_and_alignments_is_one_operation():
    game = table("soldier", "imp", "poisoner", "empath", "chef")
    bob, dan = game.by_name["Bob"], game.by_name["Dan"]
    imp, empath = bob.ability, dan.ability
    imp.state["marker"] = 1
    seen = []

    class Watch:
        def __call__(self, ev):
            seen.append(ev["type"])
    game.on_event = Watch()
    game.swap_characters(bob, dan, alignments=True)
    assert (bob.character, bob.alignment, dan.character, dan.alignment) == \
        ("empath", "good", "imp", "evil")
    assert dan.ability is imp and imp.player is dan and imp.state["marker"] == 1
    assert bob.ability is empath and empath.player is bob
    changes = events(game, "character_change")[-2:]
    assert [(c["player"], c["new"], c["swapped_with"]) for c in changes] == \
        [("Bob", "empath", "Dan"), ("Dan", "imp", "Bob")]
    assert seen.count("alignment_change") == 2
    assert game.is_demon(dan) and not game.is_demon(bob)


def test_swap_moves_the_drunks_belief_and_drunkenness_with_the_character():
    game = table("drunk", "imp", "poisoner", "empath", "chef", thinks={"Ann": "washerwoman"})
    ann, eve = game.by_name["Ann"], game.by_name["Eve"]
    assert ann.thinks == "washerwoman" and game.is_drunk(ann)
    game.swap_characters(ann, eve)
    assert (eve.character, eve.thinks, ann.character, ann.thinks) == \
        ("drunk", "washerwoman", "chef", None)
    assert game.is_drunk(eve) and not game.is_drunk(ann)
    assert game.in_force(ann.ability) and not game.in_force(eve.ability)


def test_a_belief_is_held_first_and_never_in_force():
    game = table("drunk", "imp", "poisoner", "empath", "chef", thinks={"Ann": "chef"})
    ann = game.by_name["Ann"]
    assert [(a.id, a.origin) for a in ann.held] == [("chef", "believed"), ("drunk", "character")]
    assert not game.in_force(ann.ability)
    assert not game.functioning(ann)


def test_change_character_keeps_granted_abilities_and_drops_the_old_ones():
    game = table("soldier", "imp", "poisoner", "empath", "chef")
    ann = game.by_name["Ann"]
    old = ann.ability
    game.grant(ann, "chef")
    game.change_character(ann, "monk")
    assert [a.id for a in ann.held] == ["monk", "chef"] and old not in ann.held


def test_a_keeps_in_force_hook_keeps_a_dead_players_ability_working():
    class KeepingImp(Imp):          # test-only: "Minions you kill keep their ability"
        def keeps_in_force(self, ability):
            return ability.player is not None and ability.player.character == "poisoner"

    game = table("soldier", "imp", "poisoner", "empath", "chef",
                 registry={**REGISTRY, "imp": KeepingImp}, picks={"Cat": ["Dan"]})
    game.run_night()
    cat, dan = game.by_name["Cat"], game.by_name["Dan"]
    cat.alive = False
    assert game.in_force(cat.ability) and game.is_poisoned(dan)
    game.revoke(game.by_name["Bob"].ability)       # the keeper gone: the ability stops
    assert not game.in_force(cat.ability) and not game.is_poisoned(dan)


def test_a_stops_ability_hook_stops_another_ability():
    class StoppingSoldier(Soldier):   # test-only: stops the Empath's ability
        def stops_ability(self, ability):
            return ability.id == "empath"

    game = table("soldier", "imp", "poisoner", "empath", "chef",
                 registry={**REGISTRY, "soldier": StoppingSoldier})
    dan = game.by_name["Dan"]
    assert not game.in_force(dan.ability) and game.in_force(game.by_name["Eve"].ability)
    game.run_night()
    learn = next(e for e in events(game, "learn") if e["player"] == "Dan" and e["ability"] == "empath")
    decision = next(e for e in game.log if e["type"] == "decision" and e.get("player") == "Dan")
    assert learn and "true" in decision        # asked as a droisoned player: true or false


def test_outcome_can_be_vetoed_then_the_game_goes_on():
    class VetoingSoldier(Soldier):    # test-only: "good can't win while you live"
        def veto_outcome(self, outcome):
            return outcome.winner == "good" and self.player.alive

    game = table("soldier", "imp", "poisoner", "empath", "chef",
                 registry={**REGISTRY, "soldier": VetoingSoldier})
    game.start_day()
    game.execute(game.by_name["Bob"])
    assert game.winner is None
    assert events(game, "outcome_vetoed")[-1]["code"] == "demon_dead"
    game.by_name["Ann"].alive = False
    with pytest.raises(GameOver):
        game.check_win()
    assert game.outcome.winner == "good" and game.outcome.code == "demon_dead"


def test_outcome_can_be_altered_and_is_recorded_as_a_value():
    class FlippingSoldier(Soldier):   # test-only: flips who wins; Eve wins alone
        def alter_outcome(self, outcome):
            return outcome.with_winner(opposing(outcome.winner), self.id).with_result("Eve", "win")

    game = table("soldier", "imp", "poisoner", "empath", "chef",
                 registry={**REGISTRY, "soldier": FlippingSoldier})
    game.start_day()
    with pytest.raises(GameOver):
        game.execute(game.by_name["Bob"])
    over = events(game, "game_over")[-1]
    assert over == {**over, "winner": "evil", "code": "demon_dead", "ability": "soldier",
                    "results": {"Eve": "win"}, "reason": "the Demon is dead"}
    out = game.outcome
    assert out.result("Eve", "good") == "win" and out.result("Dan", "good") == "lose"
    assert out.result("Bob", "evil") == "win"


def test_outcome_values_are_checked():
    with pytest.raises(ValueError):
        Outcome("blue", "demon_dead", "x")
    with pytest.raises(ValueError):
        Outcome("good", "no_such_reason", "x")
    assert set(REASONS) >= {"demon_dead", "two_alive", "saint_executed", "mayor", "goblin",
                            "damsel_guessed", "no_result"}


def test_a_demon_ability_moved_before_its_place_acts_tonight_with_its_new_holder():
    class SwappingMonk(Monk):         # test-only: swaps with the Imp at the Monk's step
        def night(self, first):
            imp = next(p for p in self.game.players if p.character == "imp")
            self.game.swap_characters(self.player, imp, alignments=True)

    game = table("monk", "imp", "poisoner", "empath", "chef",
                 registry={**REGISTRY, "monk": SwappingMonk},
                 picks={"Ann": ["Dan"], "Cat": ["Eve"]})
    game.run_night()
    game.start_day()
    game.end_day()
    game.run_night()                  # night 2: the Monk swaps, then the Imp's step comes
    wakes = [e for e in events(game, "wake") if e["number"] == 2 and e["ability"] == "imp"]
    assert [w["player"] for w in wakes] == ["Ann"]
    assert not game.by_name["Dan"].alive


def test_a_successor_demon_made_tonight_waits_for_the_next_night():
    game = table("soldier", "imp", "poisoner", "empath", "chef", picks={"Bob": ["Bob"]})
    game.run_night()
    game.start_day()
    game.end_day()
    game.run_night()                  # the Imp kills themself: the Poisoner takes over
    cat = game.by_name["Cat"]
    assert cat.character == "imp"
    assert not [e for e in events(game, "wake") if e["player"] == "Cat" and e["number"] == 2
                and e["ability"] == "imp"]
    assert cat.ability.state["waits_until"] == 3


def test_two_alive_words_name_what_the_table_sees_otherwise():
    game = table("soldier", "imp", "poisoner", "empath", "chef", "bureaucrat")
    game.start_day()
    game.die(game.by_name["Ann"], "test")
    game.die(game.by_name["Dan"], "test")
    with pytest.raises(GameOver):
        game.die(game.by_name["Eve"], "test")
    assert game.outcome.code == "two_alive"
    assert game.outcome.reason == "just two players are alive, not counting Travellers"

    game = table("soldier", "imp", "poisoner", "empath", "chef")
    game.start_day()
    game.fake_death(game.by_name["Ann"], "test")       # registers dead, lives on
    game.die(game.by_name["Dan"], "test")
    game.die(game.by_name["Eve"], "test")
    with pytest.raises(GameOver):
        game.die(game.by_name["Cat"], "test")
    assert game.outcome.reason == "just two players are truly alive (Ann registers as dead)"


def test_two_abilities_of_one_player_at_one_place_both_act():
    """A player holding two abilities at the same night position (here the Empath's twice)
    is woken for each: the walk passes a (position, seat) step once, so the second steps a
    hair later (`Game.night_entries`), still before the next step of the sheet."""
    game = table("soldier", "imp", "poisoner", "empath", "chef")
    dan = game.by_name["Dan"]
    game.grant(dan, "empath")
    game.grant(dan, "empath")
    game.run_night()
    learnt = [e for e in events(game, "learn") if e.get("player") == "Dan"
              and e.get("ability") == "empath"]
    assert len(learnt) == 3
    wakes = [e.get("ability") for e in events(game, "wake")]
    assert wakes == ["poisoner", "chef", "empath", "empath", "empath"]     # the sheet's order
