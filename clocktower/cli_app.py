"""The command line's application object, below `cli.py` and the `cli_*` modules that add
their commands to it (so that none of them imports another that imports it back)."""
from __future__ import annotations

import typer
from typer.core import TyperGroup

from .errors import ClocktowerError


class _Group(TyperGroup):
    """Every ClocktowerError from any command: one line on stderr, exit code 2."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except ClocktowerError as e:
            typer.echo(f"error: {e}", err=True)
            raise typer.Exit(2)


app = typer.Typer(cls=_Group, add_completion=False, no_args_is_help=True,
                  pretty_exceptions_enable=False,
                  help="Blood on the Clocktower: rules engine, Storyteller assistant, simulator, "
                       "puzzle solver, web grimoire.")
