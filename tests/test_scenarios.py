"""The conformance suite: every scenario file in scenarios/ must pass."""
from pathlib import Path

import pytest

from clocktower.scenario import collect, run_file

ROOT = Path(__file__).resolve().parents[1]
FILES = collect([str(ROOT / "scenarios")])


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT / "scenarios")) for p in FILES])
def test_scenario(path):
    result = run_file(path)
    msgs = [f"line {f.line} ({f.step}): expected {f.expectation}; found {f.found}"
            for f in result.failures]
    assert result.ok, "\n".join(msgs)
