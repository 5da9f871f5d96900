"""Malformed scenario files: each is an error naming the file and line, exit code 2, no traceback.

SCENARIOS.md: "A malformed file (unknown key, unknown character id, unknown player name, a
choice that is illegal for that ability) is an error with the file, line and reason, never a
traceback, and exits 2". Each file in tests/scenarios_bad/ breaks one rule.
"""
from pathlib import Path

import pytest
from typer.testing import CliRunner

from clocktower.cli import _register_subcommands, app

_register_subcommands()

BAD = Path(__file__).resolve().parent / "scenarios_bad"

# file -> (line of the offending entry, words the reason must contain)
EXPECTED = {
    "unknown-top-key.yaml": (11, "unknown key 'setting'"),
    "unknown-expect-key.yaml": (15, "unknown expectation 'survived'"),
    "unknown-character.yaml": (7, "unknown character id 'poisner'"),
    "unknown-player-in-choice.yaml": (13, "unknown player name 'Zed'"),
    "unknown-player-in-votes.yaml": (16, "unknown player name 'Zed'"),
    "unknown-ability-argument.yaml": (16, "unknown key 'victim'"),
    "monk-chooses-self.yaml": (16, "illegal for monk"),
    "butler-chooses-self.yaml": (11, "illegal for butler"),
    "imp-choice-night-1.yaml": (13, "not woken"),
    "monk-choice-night-1.yaml": (13, "not woken"),
    "choice-for-player-not-woken.yaml": (13, "not woken"),
    "dead-player-choice.yaml": (18, "not woken"),
    "malformed-yaml.yaml": (14, "malformed YAML"),
    "yaml11-yes-is-not-a-boolean.yaml": (13, "unknown player name 'yes'"),
    "yaml11-yes-in-information.yaml": (15, "yes must be true or false"),
    "steps-out-of-order.yaml": (14, "expected day 1, found night 2"),
    "steps-start-with-day.yaml": (12, "expected night 1, found day 1"),
    "dead-player-nominates.yaml": (21, "is dead and cannot nominate"),
    "nominates-twice.yaml": (17, "has already nominated today"),
    "nominated-twice.yaml": (17, "has already been nominated today"),
    "ghost-vote-used-twice.yaml": (26, "no ghost vote left"),
    "nomination-after-virgin-execution.yaml": (16, "the day is over"),
    "sober-info-must-be-true.yaml": (15, "sober and healthy"),
    "mayor-storyteller-not-a-player.yaml": (17, "storyteller mayor"),
    "star-pass-to-non-minion.yaml": (16, "storyteller imp"),
    "registers-per-unknown-ability.yaml": (14, "unknown character id 'virgn'"),
    "registers-per-ability-impossible.yaml": (16, "cannot register that way"),
    "info-no-registration-makes-it-true.yaml": (14, "for Ann on night 1 is not legal (the player "
                                               "is sober and healthy) however Bob registers"),
    "info-fits-several-answers.yaml": (14, "for Ann on night 1 fits"),
    "ruling-kills-a-dead-player.yaml": (16, "Eve is already dead"),
    # extensions (issue 17)
    "options-unknown-player.yaml": (12, "unknown player name 'Zed'"),
    "hands-and-votes.yaml": (13, "write votes: (the hands counted) or hands: (the hands tried"),
    "deal-with-characters.yaml": (9, "with deal:, a player is only a name: the engine deals "
                                     "the characters"),
}

FILES = sorted(BAD.glob("*.yaml"))


def _run(path: Path):
    result = CliRunner().invoke(app, ["scenario", "run", str(path)], env={"COLUMNS": "400"})
    return result, result.output.replace("\n", " ")


def test_every_bad_file_is_listed():
    assert {p.name for p in FILES} == set(EXPECTED)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_bad_scenario_is_an_error(path):
    result, out = _run(path)
    assert result.exit_code == 2, out
    assert "Traceback" not in out
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)
    line, reason = EXPECTED[path.name]
    assert f"{path}:{line}:" in out.replace(" ", "") or f"{path}:{line}:" in out, out
    assert " ".join(reason.split()) in " ".join(out.split()), out


def test_yaml_1_2_no_is_a_string_that_declines():
    """`mayor: no` is the string "no" (YAML 1.2), read as "the Mayor dies", not as false."""
    path = Path(__file__).resolve().parents[1] / "scenarios" / "trouble-brewing" / "mayor-no-bounce.yaml"
    result, out = _run(path)
    assert result.exit_code == 0, out
