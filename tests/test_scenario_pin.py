"""`clocktower scenario pin`: the decisions a file left to the default policy are written
into it, as the default policy answered them; the file then plays the same game and
`--strict` finds nothing."""
import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from clocktower.cli import app
from clocktower.scenario import load_text, run_scenario
from clocktower.scenario.loader import ScenarioError
from clocktower.scenario.pin import game_events, pin_text, read_keep_list, what
from test_scenarios import KEEP, strict_problems

ROOT = Path(__file__).resolve().parents[1]

# Writes nearly nothing: the bluffs, the Red Herring, the poisoner's and the Fortune
# Teller's choices, the Washerwoman's information and the Recluse's registrations are all
# the default policy's.
OPEN = """\
name: A file that writes almost nothing   # a comment
script: trouble-brewing
players:
  - {name: Ann, character: washerwoman}   # the first seat
  - {name: Bob, character: recluse}
  - {name: Cat, character: imp}
  - {name: Dan, character: poisoner}
  - {name: Eve, character: fortuneteller}
  - {name: Fay, character: chef}
steps:
  # the first night
  - night: 1
    expect:
      - alive: [Ann]
  - day: 1
  - night: 2
    choices: {Cat: Fay}
    expect:
      - event: {type: learn, player: Ann,
                ability: setup}
"""


def _run(text: str, file: str = "x.yaml"):
    return run_scenario(load_text(text, file))


def test_pin_writes_every_kind_and_plays_the_same_game():
    before = _run(OPEN)
    kinds = {d.context.get("key") or d.kind for d in before.defaulted}
    assert {"bluff", "red_herring", "info", "register", "night_choice"} <= kinds
    pinned = pin_text(OPEN, "x.yaml")
    assert len(pinned.decisions) == len(before.defaulted) == 11
    after = _run(pinned.text)
    assert after.ok and after.defaulted == []
    assert game_events(after.game.log) == game_events(before.game.log)
    text = pinned.text
    # each decision in the format's own syntax, where the format puts it
    assert "\nbluffs: [" in text and "\nstoryteller:\n  red_herring: " in text
    night1 = text.split("  - night: 1\n")[1].split("  - day: 1")[0]
    assert "    choices:\n      Dan: " in night1 and "      Eve: [" in night1
    assert "    storyteller:\n      Ann: {players: [" in night1
    assert "      registers:\n        Bob: {washerwoman: {character: recluse" in night1
    # comments and the lines it did not change are kept as written
    for line in OPEN.splitlines():
        if "choices: {Cat: Fay}" not in line:
            assert line in text.splitlines(), line
    assert "choices: {Cat: Fay, Dan: " in text
    # pinning again changes nothing
    assert pin_text(text, "x.yaml").decisions == []


def test_pinned_project_file_keeps_its_log(tmp_path):
    """A project file with its pins taken out plays, pinned again, the same game: byte for
    byte when no bluffs are written (decision numbers shift when the bluffs are written)."""
    src = ROOT / "scenarios" / "base-rules" / "evil-info-two-minions-see-each-other.yaml"
    text = src.read_text()
    assert "registers:" in text and "      Eve: {players: [" in text
    lines = text.splitlines(keepends=True)
    start = next(i for i, x in enumerate(lines) if x.startswith("      Eve: {players: ["))
    open_text = "".join(lines[:start - 1] + lines[start + 3:])     # storyteller: ... Ivy's line
    assert _run(open_text).defaulted
    f = tmp_path / "open.yaml"
    f.write_text(open_text)
    runner = CliRunner()
    r = runner.invoke(app, ["scenario", "run", str(f), "--log", str(tmp_path / "a.jsonl")])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["scenario", "pin", str(f)])
    assert r.exit_code == 0, r.output
    assert r.output.startswith(f"PINNED {f}: 1 info, 2 register")
    assert f.read_text() == text        # the same lines the project file has
    r = runner.invoke(app, ["scenario", "run", str(f), "--log", str(tmp_path / "b.jsonl")])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    r = runner.invoke(app, ["scenario", "run", "--strict", str(f)])
    assert r.exit_code == 0 and "0 decisions left to the default policy" in r.output


def test_bluffs_change_only_how_the_log_says_they_were_chosen():
    before, after = _run(OPEN), _run(pin_text(OPEN).text)
    setup = [e for e in after.game.log if e["type"] == "setup"][0]
    assert setup["bluffs_written"] is not None
    assert not [e for e in after.game.log if e.get("key") == "bluff"]
    shown = [[e for e in r.game.log if e["type"] == "bluffs"][0]["characters"]
             for r in (before, after)]
    assert shown[0] == shown[1]


def test_pin_refuses_what_it_cannot_write_in_one_line():
    # The Alchemist's prompt is asked only over a choice that is not written.
    f = ROOT / "scenarios" / "alternate-endings" / "alchemist-prompted-to-choose-differently.yaml"
    with pytest.raises(ScenarioError) as e:
        pin_text(f.read_text(), str(f))
    assert "cannot pin" in e.value.reason and "\n" not in str(e.value)
    r = CliRunner().invoke(app, ["scenario", "pin", "--diff", str(f)])
    assert r.exit_code == 2
    assert f"ERROR {f}: cannot pin: night 1: Ann makes 2 choices for poisoner" in r.output


def test_keep_list_leaves_decisions_alone(tmp_path):
    f = tmp_path / "open.yaml"
    f.write_text(OPEN)
    keep = tmp_path / "keep.txt"
    keep.write_text("# comment\n\nopen.yaml: night 1: night_choice by Eve, fortuneteller"
                    "  # the file is about the default's pick\n")
    assert read_keep_list(keep) == {f.resolve(): {
        "night 1: night_choice by Eve, fortuneteller": "the file is about the default's pick"}}
    r = CliRunner().invoke(app, ["scenario", "pin", str(f), "--keep-from", str(keep)])
    assert r.exit_code == 0, r.output
    left = _run(f.read_text()).defaulted
    assert [what(d) for d in left] == ["night 1: night_choice by Eve, fortuneteller"]
    assert strict_problems(_run(f.read_text()), read_keep_list(keep)[f.resolve()]) == []


@pytest.mark.parametrize("line,error", [
    ("open.yaml: night 1: info by storyteller, for Ann (washerwoman)\n", "say why"),
    ("nothing.yaml: night 1: x  # why\n", "no such scenario file"),
    ("open.yaml\n", "expected `<file>: <decision"),
])
def test_keep_list_errors(tmp_path, line, error):
    (tmp_path / "open.yaml").write_text(OPEN)
    keep = tmp_path / "keep.txt"
    keep.write_text(line)
    with pytest.raises(ScenarioError) as e:
        read_keep_list(keep)
    assert error in e.value.reason and e.value.line == 1
    r = CliRunner().invoke(app, ["scenario", "pin", str(tmp_path), "--keep-from", str(keep)])
    assert r.exit_code == 2 and r.output.startswith("error: ") and error in r.output


def test_diff_writes_nothing(tmp_path):
    f = tmp_path / "open.yaml"
    f.write_text(OPEN)
    r = CliRunner().invoke(app, ["scenario", "pin", "--diff", str(f)])
    assert r.exit_code == 0
    assert f.read_text() == OPEN
    assert "+bluffs: [" in r.output and "--- a/" in r.output


def test_strict_check_fails_on_a_removed_pin_and_a_stale_keep_entry(tmp_path):
    """The strict test of tests/test_scenarios.py can fail: a project file with one pinned
    line removed, and a keep-list entry whose decision is now written."""
    src = ROOT / "scenarios" / "trouble-brewing" / "washerwoman-wrong-player-may-be-herself.yaml"
    text = src.read_text()
    assert strict_problems(_run(text), {}) == []
    unpinned = "".join(x for x in text.splitlines(keepends=True) if not x.startswith("bluffs:"))
    problems = strict_problems(_run(unpinned), {})
    assert len(problems) == 3 and all("key bluff" in p for p in problems)
    policy = ROOT / "scenarios" / "alternate-endings" / \
        "highpriestess-automatic-storyteller-evil-priestess-sees-the-demon.yaml"
    kept = KEEP[policy.resolve()]
    assert strict_problems(_run(policy.read_text()), kept) == []
    written = pin_text(policy.read_text(), str(policy)).text      # the kept answer written
    assert any("no longer leaves" in p for p in strict_problems(_run(written), kept))


def test_cli_pins_a_folder(tmp_path):
    shutil.copy(ROOT / "scenarios" / "trouble-brewing" / "washerwoman-wrong-player-may-be-herself.yaml",
                tmp_path / "done.yaml")
    (tmp_path / "open.yaml").write_text(OPEN)
    r = CliRunner().invoke(app, ["scenario", "pin", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[-1] == "1 files pinned (11 decisions), 1 with nothing to pin"
    r = CliRunner().invoke(app, ["scenario", "run", "--strict", "--json", str(tmp_path)])
    assert r.exit_code == 0 and json.loads(r.output)["defaulted"] == []


# A dealt file: the setup (characters, bluffs, a dealt Drunk's belief) is the deal's and
# stays unwritten (`bluffs:` cannot stand beside `deal:`); the steps' decisions are pinned.
DEALT = """\
name: A dealt file with a night left open
script: trouble-brewing
seed: 3
deal: {players: 7, include: [washerwoman], exclude: [drunk, baron, spy, recluse]}
steps:
  - night: 1
"""


def test_pin_dealt_file_keeps_the_deal_and_writes_the_steps():
    before = _run(DEALT)
    setup = [d for d in before.defaulted if d.step == "setup"]
    steps = [d for d in before.defaulted if d.step != "setup"]
    assert setup and steps            # both kinds are left to the default policy
    p = pin_text(DEALT, "dealt.yaml")
    assert {what(d) for d in p.decisions} == {what(d) for d in steps}
    assert "bluffs:" not in p.text and "deal:" in p.text
    after = _run(p.text)
    assert [d.step for d in after.defaulted] == ["setup"] * len(after.defaulted)
    assert game_events(after.game.log) == game_events(before.game.log)
