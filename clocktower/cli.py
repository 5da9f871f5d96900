"""The command line: `clocktower play | replay | scenario | bench | script`."""
from __future__ import annotations

import sys

import typer

from .errors import ClocktowerError

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Blood on the Clocktower: rules engine, Storyteller assistant, simulator.")


def fail(msg: str, code: int = 2) -> None:
    typer.echo(f"error: {msg}", err=True)
    raise typer.Exit(code)


def _register_subcommands() -> None:
    from . import cli_script  # noqa: F401  (adds `clocktower script ...`)


def main() -> None:
    _register_subcommands()
    try:
        app()
    except ClocktowerError as e:
        typer.echo(f"error: {e}", err=True)
        sys.exit(2)
