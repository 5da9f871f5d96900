"""The jinx layer: rule objects (clocktower/jinxes/) put into play when both characters are
on the script, and setup jinxes as data honoured by the bag builder."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from clocktower import data as D
from clocktower.characters import REGISTRY
from clocktower.data.jinxes import KINDS, SETUP_JINXES, exclusive_pairs, setup_jinxes
from clocktower.engine.game import Game, GameOver
from clocktower.engine.jinx import Jinx, active, adjusted
from clocktower.engine.setup import build_bag, finish_setup
from clocktower.errors import SetupError
from clocktower.jinxes import JINXES
from clocktower.scripts import Script, load_script

ROOT = Path(__file__).resolve().parents[1]
BASE = ["imp", "poisoner", "chef", "empath", "monk", "soldier", "slayer", "mayor", "virgin",
        "washerwoman", "butler", "saint", "recluse", "baron", "huntsman"]


def official(a: str, b: str) -> bool:
    return any(j["id"] == b for j in D.get(a).jinxes) or any(j["id"] == a for j in D.get(b).jinxes)


def test_registered_jinxes_are_official_pairs_carried_by_the_registry():
    # The Return of Jafar's Vizier and Pukka jinxes.
    assert {frozenset(p) for p in (("magician", "vizier"), ("lilmonsta", "vizier"),
                                   ("vizier", "investigator"), ("vizier", "alsaahir"),
                                   ("vizier", "courtier"), ("vizier", "fearmonger"),
                                   ("vizier", "politician"), ("summoner", "pukka"))} <= set(JINXES)
    assert set(JINXES) >= {frozenset(("spy", "damsel")), frozenset(("magician", "spy")),
                           frozenset(("lilmonsta", "magician")),
                           frozenset(("lilmonsta", "scarletwoman")),
                           frozenset(("summoner", "zombuul")),
                           frozenset(("summoner", "kazali")),
                           frozenset(("summoner", "courtier")), frozenset(("alchemist", "spy")),
                           frozenset(("alchemist", "summoner")),
                           frozenset(("alchemist", "marionette")),
                           frozenset(("magician", "marionette")),
                           frozenset(("marionette", "kazali")),
                           frozenset(("marionette", "summoner")),
                           frozenset(("marionette", "lilmonsta"))}
    assert REGISTRY.jinxes == JINXES
    for key, cls in JINXES.items():
        a, b = cls.pair
        assert issubclass(cls, Jinx) and key == frozenset((a, b)) and official(a, b)
        assert a in REGISTRY and b in REGISTRY and cls.__module__.startswith("clocktower.jinxes.")


def test_no_character_module_checks_a_jinx_itself():
    for f in (ROOT / "clocktower" / "characters").glob("*.py"):
        assert "jinxed(" not in f.read_text(), f.name


def game(chars_on_script, seats) -> Game:
    g = Game(load_script(chars_on_script), REGISTRY)
    for name, char in seats:
        g.add_player(name, char)
    finish_setup(g, bluffs=[])
    return g


SEATS = [("Ann", "imp"), ("Bob", "spy"), ("Cat", "damsel"), ("Dan", "chef"), ("Eve", "monk")]


def test_a_jinx_is_in_play_only_with_both_characters_on_the_script():
    g = game(BASE + ["spy", "damsel"], SEATS)
    assert [j.pair for j in active(g)] == [("spy", "damsel")]
    assert [e for e in g.log if e["type"] == "jinx"] and g.is_poisoned(g.player("Cat"))
    # The Spy in play but not on the script: no jinx, no poison.
    g = game(BASE + ["damsel"], SEATS)
    assert active(g) == [] and not g.is_poisoned(g.player("Cat"))
    # On the script, the Spy not in play: the jinx is active but poisons nobody, until a
    # Spy comes into play.
    seats = [s if s[0] != "Bob" else ("Bob", "poisoner") for s in SEATS]
    g = game(BASE + ["spy", "damsel"], seats)
    assert active(g) and not g.is_poisoned(g.player("Cat"))
    g.phase, g.day = "day", 1
    g.change_character(g.player("Dan"), "spy", alignment="evil")
    assert g.is_poisoned(g.player("Cat"))
    assert sum(e["type"] == "jinx" for e in g.log) == 1


def test_spy_grimoire_without_the_demon_and_magician_only_with_the_jinx():
    seats = [("Ann", "imp"), ("Bob", "spy"), ("Cat", "magician"), ("Dan", "chef"), ("Eve", "monk")]
    for script, hidden in ((BASE + ["spy", "magician"], {"Ann", "Cat"}), (BASE + ["spy"], set())):
        g = game(script, seats)
        g.phase, g.night = "night", 1
        g.player("Bob").ability.night(True)
        grim = next(e["grimoire"] for e in g.log if e["type"] == "learn" and e["ability"] == "spy")
        assert {x["name"] for x in grim if x["character"] is None} == hidden


def test_lilmonsta_storyteller_picks_while_a_magician_lives():
    seats = [("Ann", "baron"), ("Bob", "poisoner"), ("Cat", "magician"), ("Dan", "chef"),
             ("Eve", "monk")]
    g = game(BASE + ["lilmonsta", "magician"], seats)
    lm = g.make_ability("lilmonsta", None)
    g.free_abilities.append(lm)
    g.abilities_changed()
    assert lm.storyteller_picks()
    assert lm.babysitter_options() == (["Ann", "Bob"], ["Ann", "Bob"])
    g.player("Cat").alive = False
    assert not lm.storyteller_picks()
    g = game(BASE + ["lilmonsta"], seats)
    lm = g.make_ability("lilmonsta", None)
    assert not adjusted(lm, "storyteller_picks", False)


def test_scarlet_woman_babysits_only_with_the_jinx_on_the_script():
    seats = [("Ann", "scarletwoman"), ("Bob", "poisoner"), ("Cat", "chef"), ("Dan", "monk"),
             ("Eve", "empath"), ("Fay", "soldier")]
    for script, heir in ((BASE + ["lilmonsta", "scarletwoman"], "Ann"), (BASE + ["lilmonsta"], None)):
        g = Game(load_script(script), REGISTRY)
        for name, char in seats:
            g.add_player(name, char)
        lm = g.make_ability("lilmonsta", None)
        g.free_abilities.append(lm)
        g.in_play_extra.add("lilmonsta")
        finish_setup(g, bluffs=[])
        g.phase, g.night = "night", 1
        lm.set_babysitter(g.player("Bob"))
        g.phase, g.day = "day", 1
        try:
            g.kill(g.player("Bob"), "execution")
        except GameOver:
            pass
        if heir:
            assert lm.sitter == heir and lm.locked and g.winner is None
        else:
            assert g.winner == "good"


# ---------------------------------------------------------------------------- setup data
def test_setup_jinx_data_is_official_and_well_formed():
    assert {frozenset(j["pair"]) for j in SETUP_JINXES if j["kind"] == "exclusive"} == \
        {frozenset(("heretic", "baron")), frozenset(("heretic", "spy"))}
    for j in SETUP_JINXES:
        a, b = j["pair"]
        assert official(a, b), j
        assert j["kind"] in KINDS and j["rule"]
        for k in ("who", "as", "after"):
            if k in j:
                assert j[k] in j["pair"], j
    assert exclusive_pairs(["heretic", "baron", "chef"]) == [("heretic", "baron")]
    assert setup_jinxes(["marionette", "huntsman"]) and not setup_jinxes(["heretic", "chef"])


def script_of(chars) -> Script:
    return Script("test", list(chars))


def test_bag_never_deals_both_of_an_exclusive_pair():
    tf = ["chef", "empath", "monk", "soldier", "slayer", "mayor", "virgin", "washerwoman"]
    sc = script_of(tf + ["butler", "saint", "recluse", "heretic", "imp", "baron", "spy",
                         "poisoner"])
    seen = {"heretic": 0, "baron": 0, "spy": 0}
    for seed in range(300):
        bag, _ = build_bag(sc, 8, random.Random(seed), lambda c, o: o[0])
        assert not {"heretic", "baron"} <= set(bag) and not {"heretic", "spy"} <= set(bag), bag
        for c in seen:
            seen[c] += c in bag
    assert all(v > 20 for v in seen.values()), seen
    # Without the jinx (no Heretic on the script) the Baron and Spy bags are as before.
    plain = script_of(tf + ["butler", "saint", "recluse", "imp", "baron", "spy"])
    assert build_bag(plain, 8, random.Random(1), lambda c, o: o[0]) == \
        build_bag(plain, 8, random.Random(1), lambda c, o: o[0])


def test_a_bag_that_must_hold_both_is_a_clear_error():
    sc = script_of(["chef", "empath", "monk", "soldier", "slayer", "heretic", "imp", "spy"])
    with pytest.raises(SetupError, match="only one of Heretic and Spy may be in play"):
        build_bag(sc, 8, random.Random(0), lambda c, o: o[0])


def test_script_show_still_lists_jinxes():
    from typer.testing import CliRunner

    from clocktower.cli import _register_subcommands, app
    _register_subcommands()
    out = CliRunner().invoke(app, ["script", "show", "the-saga-of-the-summoner"])
    assert out.exit_code == 0, out.output
    assert "Zombuul" in out.output and "jinx" in out.output.lower()
