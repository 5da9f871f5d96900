"""The README's and docs' command-output samples match what the commands print today
(tools/readme.py --check on the fast samples that hold no timings), and the tool's
excerpt markers, masks and error messages."""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "readme.py"

spec = importlib.util.spec_from_file_location("readme_tool", TOOL)
assert spec and spec.loader
readme = importlib.util.module_from_spec(spec)
sys.modules["readme_tool"] = readme
spec.loader.exec_module(readme)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(TOOL), *args], cwd=ROOT, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)


def test_samples_are_current() -> None:
    """Every fast, non-volatile sample in README.md and docs/*.md is what its command
    prints now: a change to the code that changes a sample fails here until
    `make readme` is run (and the result read)."""
    proc = run("--check", "--skip-volatile")
    assert proc.returncode == 0, proc.stdout
    assert "ok     README.md" in proc.stdout
    # A volatile sample, its timing masked: the solver's (it takes well under a second).
    proc = run("--check", "--only", "clocktower solve")
    assert proc.returncode == 0 and "ok     README.md" in proc.stdout, proc.stdout


def test_volatile_bench_samples_are_current_but_for_their_timings() -> None:
    """The bench samples (random and reasoning bots) hold timings, masked by --check, and
    what the games were, not masked: events, decisions and days per game, the winners. A
    change to what a game logs or how the bots play fails here until `make readme`. The
    reasoning bench is the same sample in README.md and docs/bots.md: run once. On the
    pure build the compiled sample is skipped, and on the compiled build the pure ones."""
    proc = run("--check", "--only", "clocktower bench")
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout.count("ok     ") == (1 if readme.compiled_build() else 3), proc.stdout


LINES = [f"line {i}" for i in range(1, 11)] + ["Day 1", "a", "b", "Day 2", "c", "end"]


@pytest.mark.parametrize("spec,want", [
    ("lines 1-2, ..., last 1", ["line 1", "line 2", "  ...", "end"]),
    ("3, line 5", ["line 3", "line 5"]),
    ("/^Day/", ["Day 1", "Day 2"]),
    ("/^Day 2/ -1 +1", ["b", "Day 2", "c"]),
    ("from /^Day 1/ to /^b/, next /^c/", ["Day 1", "a", "b", "c"]),
    ("from /^Day 1/ to /^a/ +1", ["Day 1", "a", "b"]),
    ("next /^Day/, next /^Day/", ["Day 1", "Day 2"]),
    ('"│ ...", last 2', ["│ ...", "c", "end"]),
    ("1-2, 2-3", ["line 1", "line 2", "line 3"]),
    ("/line 1, or 2/", []),
])
def test_excerpts(spec: str, want: list[str]) -> None:
    if not want:
        with pytest.raises(readme.SampleError, match="matches nothing"):
            readme.select(LINES, spec, "x.md:1")
        return
    assert readme.select(LINES, spec, "x.md:1") == want


def test_markers_parse_and_refuse() -> None:
    opts, excerpt = readme.parse_marker(" slow; volatile; columns 100; 1-3, last 2 ", "x")
    assert opts == {"slow": "", "volatile": "", "columns": "100"}
    assert excerpt == "1-3, last 2"
    for bad, why in [("build fastest", "'pure' or 'compiled'"), ("exit one", "number"),
                     ("slow yes", "takes no value"), ("lines 1-2; last 3", "two excerpts"),
                     ("from /a/ to", "cannot read"), ("/(/", "bad regular expression")]:
        with pytest.raises(readme.SampleError, match=why):
            readme.parse_marker(bad, "x")


def test_volatile_mask() -> None:
    a = ["Trouble Brewing, 10 players: 2000 games in 2.45 s (2.44 s CPU)",
         "  821 games per second per core (817 wall-clock)",
         "  winners: evil 54.7%, good 45.3%"]
    b = ["Trouble Brewing, 10 players: 2000 games in 12.9 s (3.01 s CPU)",
         "  99 games per second per core (1,017 wall-clock)",
         "  winners: evil 54.7%, good 45.3%"]
    assert readme.mask(a) == readme.mask(b)
    assert readme.mask(a)[2] == a[2]      # only the lines that report time or speed


def test_fold_breaks_after_punctuation() -> None:
    line = '{"a":"' + "x" * 10 + '","b":"' + "y" * 10 + '"}'
    out = readme.clean(line, 20)
    assert "".join(out) == line and all(len(x) <= 20 for x in out)
    assert out[0].endswith(",")


def test_check_reports_a_stale_sample_and_write_fixes_it(tmp_path: Path) -> None:
    md = tmp_path / "x.md"
    md.write_text("Intro\n\n<!-- sample: lines 1-2, ... -->\n```\n"
                  "$ clocktower script list\nnot what it prints\n```\n\nEnd\n")
    proc = run("--check", str(md))
    assert proc.returncode == 1, proc.stdout
    assert "STALE" in proc.stdout and "x.md:4" in proc.stdout
    assert run(str(md)).returncode == 0
    text = md.read_text()
    assert "Built-in scripts" in text and "  ..." in text and text.endswith("End\n")
    assert run("--check", str(md)).returncode == 0


def test_inputs_exit_status_and_errors(tmp_path: Path) -> None:
    md = tmp_path / "y.md"
    md.write_text("<!-- sample: exit 1 -->\n```\n$ cat bad.json\n"
                  '[{"id":"_meta","name":"B"}, "imp", "imp"]\n'
                  "$ clocktower script validate bad.json\nold\n```\n")
    assert run(str(md)).returncode == 0
    assert "'imp' is listed twice" in md.read_text()
    md.write_text("```\n$ clocktower script validate missing.json\n```\n")
    proc = run(str(md))
    assert proc.returncode == 2 and "exited 2, not 0" in proc.stdout
    md.write_text("<!-- sample: last 2 -->\n\nprose\n")
    proc = run("--check", str(md))
    assert proc.returncode == 2 and "marker not followed by a sample" in proc.stdout
