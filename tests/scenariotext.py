"""Test helpers for scenario files written inline: run one, or expect it to be a file error
with given words at a given line."""
from __future__ import annotations

import textwrap

import pytest

from clocktower.scenario import ScenarioError, load_text, run_scenario


def run(text: str, file: str = "scenario.yaml"):
    return run_scenario(load_text(textwrap.dedent(text), file))


def error(text: str, words: str, at: str | None = None,
          file: str = "scenario.yaml") -> ScenarioError:
    """The ScenarioError of `text`: its reason holds `words` (spaces folded) and, with `at`,
    its line holds `at`."""
    text = textwrap.dedent(text)
    with pytest.raises(ScenarioError) as e:
        run(text, file)
    assert " ".join(words.split()) in " ".join(e.value.reason.split()), e.value.reason
    if at is not None:
        assert e.value.line is not None, e.value
        assert at in text.splitlines()[e.value.line - 1], (e.value.line, e.value.reason)
    return e.value
