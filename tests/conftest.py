import pytest
from typer.testing import CliRunner

from clocktower.cli import _register_subcommands, app

_register_subcommands()


@pytest.fixture
def cli():
    runner = CliRunner()

    def run(*args):
        return runner.invoke(app, [str(a) for a in args])

    return run
