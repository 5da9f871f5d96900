"""The conformance suite: every scenario file in scenarios/ must pass, strictly.

Strictly (`clocktower scenario run --strict`): a file writes every decision with more than
one legal answer, so that no expectation holds because of what the default policy happened
to choose. The decisions left to the default policy on purpose (the ruling is the automatic
Storyteller's own answer) are listed, with the reason, in scenarios/default-policy.txt.
"""
from pathlib import Path

import pytest

from clocktower.scenario import collect, run_file
from clocktower.scenario.pin import read_keep_list, what
from clocktower.scenario.runner import Result

ROOT = Path(__file__).resolve().parents[1]
FILES = collect([str(ROOT / "scenarios")])
KEEP_LIST = ROOT / "scenarios" / "default-policy.txt"
KEEP = read_keep_list(KEEP_LIST)


def strict_problems(result: Result, kept: dict[str, str]) -> list[str]:
    """What --strict finds in a file's result that the keep list does not allow, and the
    keep list's entries for the file that are no longer left to the default policy."""
    whats = {what(d) for d in result.defaulted}
    out = [f"left to the default policy: {d.describe()}" for d in result.defaulted
           if what(d) not in kept]
    out += [f"{KEEP_LIST.name} lists {w!r}, which the file no longer leaves to the default "
            "policy: remove the line" for w in kept if w not in whats]
    return out


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT / "scenarios")) for p in FILES])
def test_scenario(path):
    result = run_file(path)
    msgs = [f"line {f.line} ({f.step}): expected {f.expectation}; found {f.found}"
            for f in result.failures]
    assert result.ok, "\n".join(msgs)
    problems = strict_problems(result, KEEP.get(path.resolve(), {}))
    assert not problems, "\n".join(problems) + (
        "\nwrite the decisions the file's ruling depends on (`clocktower scenario pin FILE` "
        "writes what the default policy answered: check it is what the ruling means), or, "
        f"if the ruling is the default policy's own answer, list it in scenarios/{KEEP_LIST.name}")


def test_keep_list_names_existing_files():
    # read_keep_list checks each line has a reason and names a file; every file is a scenario
    assert KEEP and all(p in {f.resolve() for f in FILES} for p in KEEP)
