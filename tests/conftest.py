import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from clocktower.cli import _register_subcommands, app

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
def unimplemented(monkeypatch) -> str:
    """A character of the data file the engine does not implement: every one of the 71 is
    implemented, so one (the Saint, a homebrew stand-in) is taken out of the registry for
    the test. Returns its id."""
    from clocktower.characters import REGISTRY
    monkeypatch.delitem(REGISTRY, "saint")
    return "saint"
