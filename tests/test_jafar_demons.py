"""The Return of Jafar's Barber, Witch, Vizier, Pukka and Vigormortis, and the Vizier's,
Pukka's jinxes: simulated bot games (well-formed events, invariants, replay) and rules
that a scenario file cannot state (an illegal choice)."""
from __future__ import annotations

import collections

import pytest

from clocktower.characters import REGISTRY
from clocktower.engine.events import validate_event
from clocktower.engine.replay import replay
from clocktower.jinxes import JINXES
from clocktower.play import play_game
from conftest import scenario, scenario_error

MINE = ["barber", "witch", "vizier", "pukka", "vigormortis"]
SCRIPT = MINE + ["chef", "empath", "washerwoman", "monk", "soldier", "slayer", "courtier",
                 "magician", "investigator", "fortuneteller", "ravenkeeper", "saint",
                 "recluse", "drunk", "butler", "poisoner", "spy", "fearmonger",
                 "politician", "imp"]


def test_registered():
    for cid in MINE:
        assert cid in REGISTRY
    for pair in (("magician", "vizier"), ("vizier", "investigator"), ("vizier", "alsaahir"),
                 ("vizier", "courtier"), ("vizier", "fearmonger"), ("vizier", "politician"),
                 ("lilmonsta", "vizier"), ("summoner", "pukka")):
        assert frozenset(pair) in JINXES


def _facts(g, seen):
    log = g.log
    for i, ev in enumerate(log):
        t = ev["type"]
        if t == "character_change" and ev.get("swapped_with"):
            seen["swap"] += 1
        elif t == "ability_triggered" and ev["ability"] == "vizier":
            seen["vizier"] += 1
            # The Vizier executed the latest nominee, right after the tally, with a good voter.
            nom = next(e for e in reversed(log[:i]) if e["type"] == "nomination")
            assert nom["target"] == ev["target"]
            assert log[i + 1]["type"] == "execution" and log[i + 1]["player"] == ev["target"]
        elif t == "death" and ev["phase"] == "day" and ev["cause"] == "ability" \
                and ev["by"] and g.by_name[ev["by"]].character == "witch":
            seen["witch"] += 1
            # The cursed player died as they nominated.
            assert any(e["type"] == "nominate" and e["by"] == ev["player"]
                       for e in log[max(0, i - 3):i])
        elif t == "reminder" and ev.get("ability") == "vigormortis":
            seen["kept"] += 1
        elif t == "death" and ev["cause"] == "demon" and ev["by"] \
                and any(e["type"] == "choice" and e.get("ability") == "pukka"
                        and e["number"] == ev["number"] for e in log[:i]):
            seen["pukka"] += 1
            assert ev["number"] >= 2, "the Pukka kills from night 2"
        elif t == "learn" and ev["phase"] == "day" and ev.get("ability") == "vizier":
            seen["reveal"] += 1
            pytest.fail("the Investigator on the script hides the Vizier (jinx)")
    # A Vizier by day: never killed except by an execution that the rules allow.
    for ev in log:
        if ev["type"] == "death_prevented" and ev["protector"] == "vizier":
            assert ev["phase"] == "day"
            seen["vizier_safe"] += 1


@pytest.mark.parametrize("start", [0, 70])
def test_bot_games(start):
    seen: collections.Counter = collections.Counter()
    for seed in range(start, start + 70):
        g = play_game(SCRIPT, 5 + seed % 11, seed=seed, travellers=1 if seed % 7 == 0 else 0)
        assert g.outcome is not None, seed
        for ev in g.log:
            assert not validate_event(ev), (seed, validate_event(ev), ev)
        assert sum(1 for e in g.log if e["type"] == "game_over") == 1
        _facts(g, seen)
    for what in ("swap", "vizier", "witch", "kept", "pukka", "vizier_safe"):
        assert seen[what] > 0, (what, seen)


def test_bot_games_replay_identically():
    for seed in (2, 13, 31, 44, 58):
        g = play_game(SCRIPT, 7 + seed % 8, seed=seed)
        replay(g.log, REGISTRY)


def test_the_vizier_is_declared_where_no_jinx_hides_it():
    script = [c for c in SCRIPT if c != "investigator"]
    for seed in range(40):
        g = play_game(script, 7, seed=seed)
        vizier = [p for p in g.players if p.character == "vizier"]
        if not vizier or g.day == 0:
            continue
        reveal = [e for e in g.log if e["type"] == "learn" and e.get("ability") == "vizier"
                  and e["phase"] == "day" and e["number"] == 1]
        assert sorted(e["player"] for e in reveal) == sorted(p.name for p in g.players)
        return
    pytest.fail("no game dealt the Vizier")


BARBER = """
name: x
script: [imp, poisoner, barber, chef, empath, monk, saint, soldier, washerwoman, lilmonsta]
bluffs: [washerwoman, soldier]
players:
  - {name: Ann, character: chef}
  - {name: Bob, character: empath}
  - {name: Cat, character: imp}
  - {name: Dan, character: poisoner}
  - {name: Eve, character: barber}
  - {name: Fay, character: monk}
  - {name: Gil, character: pukka}
steps:
  - night: 1
    choices: {Dan: Ann, Gil: Fay}
  - day: 1
  - night: 2
    choices: {Dan: Ann, Fay: Bob, Gil: Bob, Cat: {imp: Eve, barber: PICK}}
    storyteller: {barber.demon: Cat}
"""


def test_the_demon_may_swap_itself_but_not_another_demon():
    """Two living Demons: the Storyteller chooses which swaps (`barber.demon`); it may
    choose itself, not the other Demon."""
    r = scenario(BARBER.replace("PICK", "[Cat, Ann]"), "b.yaml")
    assert r.ok and r.game.by_name["Cat"].character == "chef"
    assert r.game.by_name["Ann"].character == "imp"
    assert "illegal for barber" in scenario_error(BARBER.replace("PICK", "[Ann, Gil]"),
                                                  "b.yaml").reason
