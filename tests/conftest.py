"""Fixtures and helpers shared by the test files (import the helpers: `from conftest
import scenario`)."""
import io
import json
import os
import re
import textwrap
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from clocktower.cli import _register_subcommands, app
from clocktower.narrate import Narrator
from clocktower.scenario import ScenarioError, load_text, run_scenario

_register_subcommands()

# The team's shared folder, beside the checkout (the seeds, the reference data).
SHARED = Path(__file__).resolve().parents[2] / "shared"


def require_shared(*parts: str, base: Path = SHARED) -> Path:
    """The folder `base/parts...`, for a test that needs it. Missing: the test fails on CI
    (CI=true: CI always has ../shared, so a missing one is a broken setup, not a reason to
    pass), and is skipped with the reason elsewhere."""
    path = base.joinpath(*parts)
    if not path.is_dir():
        msg = f"{path} is not there (the shared folder ../shared beside the checkout)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{msg}; CI=true, so this is a failure, not a skip", pytrace=False)
        pytest.skip(msg)
    return path


@pytest.fixture
def shared_seeds() -> Path:
    return require_shared("seeds")


@pytest.fixture
def cli():
    runner = CliRunner()

    def run(*args):
        return runner.invoke(app, [str(a) for a in args])

    return run


@pytest.fixture
def unimplemented() -> str:
    """A character of the data file the engine does not implement (the Grandmother: an
    official Townsfolk, in the data file as facts only). Returns its id."""
    from clocktower import data as D
    from clocktower.characters import REGISTRY
    assert "grandmother" not in REGISTRY and not D.get("grandmother").implemented
    return "grandmother"


# ------------------------------------------------------------------------ shared helpers
def scenario(text: str, file: str = "t.yaml"):
    """Run a scenario written in a test (an indented text is dedented first)."""
    return run_scenario(load_text(textwrap.dedent(text), file))


def scenario_error(text: str, file: str = "t.yaml") -> ScenarioError:
    """The ScenarioError that a scenario written in a test raises (the test fails if it
    runs)."""
    with pytest.raises(ScenarioError) as e:
        scenario(text, file)
    return e.value


def log_text(game) -> str:
    """A game's log as canonical JSON lines (to compare two games byte for byte)."""
    return "".join(json.dumps(e, sort_keys=True) + "\n" for e in game.log)


def narrate(events, player_view: bool = False, width: int = 200) -> str:
    """The narration of `events` as plain text (runs of spaces folded)."""
    buf = io.StringIO()
    n = Narrator(Console(file=buf, width=width, highlight=False, color_system=None),
                 player_view)
    for ev in events:
        n(ev)
    return re.sub(r"[ \t]+", " ", buf.getvalue())


def one_line_error(result, *words, usage: bool = False) -> str:
    """A CLI result that is a clear error: exit code 2, no traceback, an `error:` line (or,
    with `usage`, the CLI framework's usage error box) naming each of `words`."""
    assert result.exit_code == 2, result.output
    out = result.output.strip()
    assert "Traceback" not in out, out
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    assert out.startswith("error:") or (usage and "Error" in out), out
    for w in words:
        assert w in out, out
    return out
