"""Narration reads as what happened: written from the events the engine emits."""
import re
from pathlib import Path

import pytest

from clocktower.scenario.loader import load_file
from clocktower.scenario.runner import run_scenario
from conftest import narrate

ROOT = Path(__file__).resolve().parents[1] / "scenarios"


def scenario_log(name: str) -> list[dict]:
    result = run_scenario(load_file(ROOT / name))
    assert result.ok and result.game is not None
    return result.game.log


def test_the_zombuul_first_death_is_an_apparent_death_not_a_protection():
    text = narrate(scenario_log("saga/undertaker-zombuul-first-execution-shown-zombuul.yaml"))
    assert "☠ Dan (Zombuul) seems to die (execution): registers as dead, but secretly lives on" \
        in text
    assert "would die but is protected" not in text
    assert "Dan (Zombuul) dies" not in text


def test_the_zombuul_second_death_is_a_death():
    log = scenario_log("saga/scarletwoman-zombuul-second-death-five-alive.yaml")
    zombuul = next(e["player"] for e in log if e["type"] == "reminder"
                   and e.get("apparent_death"))
    assert sum(e["type"] == "death" and e["player"] == zombuul for e in log) == 2
    text = narrate(log)
    assert text.count(f"☠ {zombuul} (Zombuul) seems to die") == 1, text
    assert text.count(f"☠ {zombuul} (Zombuul) dies") == 1, text


def test_a_protection_still_reads_as_a_protection():
    log = scenario_log("trouble-brewing/monk-protects-from-imp.yaml")
    assert "would die but is protected (Monk)" in narrate(log)


def test_a_minion_guessing_the_damsel_reads_as_a_guess():
    text = narrate(scenario_log("regalia/damsel-wrong-guess-uses-it-up.yaml"))
    assert "Dan (Poisoner) guesses that Ann is the Damsel" in text
    assert "Fay (Goblin) guesses that Eve is the Damsel" in text
    assert "uses the Damsel ability" not in text
    # The table sees the same words (the claim is public).
    spectator = [e for e in scenario_log("regalia/damsel-wrong-guess-uses-it-up.yaml")
                 if e["visible_to"] == "all"]
    assert "Dan guesses that Ann is the Damsel" in narrate(spectator, player_view=True)


def test_other_day_abilities_still_read_as_uses():
    log = [{"type": "claim_ability", "phase": "day", "number": 1, "visible_to": "all",
            "player": "Ann", "character": "slayer", "target": "Bob"}]
    assert "Ann uses the Slayer ability: target Bob" in narrate(log)


def test_the_librarian_learning_zero_reads_as_no_outsiders():
    text = narrate(scenario_log("trouble-brewing/librarian-zero-outsiders.yaml"))
    assert "learns: no Outsiders are in play" in text
    assert "(Librarian) learns: the number 0" not in text


def test_other_counts_still_read_as_numbers():
    log = [{"type": "learn", "phase": "night", "number": 1, "visible_to": ["Ann"],
            "player": "Ann", "ability": "chef", "count": 0}]
    assert "Ann learns: the number 0" in narrate(log)


def test_the_king_learns_an_alive_character_and_the_storyteller_sees_whose():
    log = scenario_log("regalia/king-learns-when-dead-equal-living.yaml")
    text = narrate(log)
    assert "Ann (King) learns: an alive character: the Imp ✓ true (Cat, alive)" in text, text
    mine = [e for e in log if e["visible_to"] == "all" or e["visible_to"] == ["Ann"]]
    own = narrate(mine, player_view=True)
    assert "Ann learns: an alive character: the Imp" in own
    assert "(Cat, alive)" not in own            # the King is not told who


def test_the_demon_learning_the_king_names_the_king():
    text = narrate(scenario_log("regalia/king-demon-learns-king-first-night.yaml"))
    assert re.search(r"\(Imp\) learns: \w+ is the King", text), text


def test_event_lines_say_each_event_from_the_events_before_it_only():
    """The web's words (`narrate.Lines`): a wake is said at its own event (the terminal's
    narration holds it back until it knows whether the player then chose or learned), and
    an event's line never changes when later events arrive."""
    from clocktower.narrate import event_lines
    evs = [{"type": "night", "phase": "night", "number": 1, "visible_to": "all"},
           {"type": "wake", "phase": "night", "number": 1, "visible_to": "storyteller",
            "player": "Ann", "ability": "chef"},
           {"type": "learn", "phase": "night", "number": 1, "visible_to": ["Ann"],
            "player": "Ann", "ability": "chef", "count": 1},
           {"type": "decision", "phase": "night", "number": 1, "visible_to": "storyteller",
            "kind": "info", "who": "storyteller", "answer": None, "seq": 0}]
    lines = event_lines(evs, player_view=False)
    assert lines == ["Night 1", "Ann wakes (Chef)", "Ann learns: the number 1", None]
    assert all(event_lines(evs[:k], player_view=False) == lines[:k] for k in range(len(evs)))
