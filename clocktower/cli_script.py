"""`clocktower script ...` commands (issue 3 builds these out)."""
from __future__ import annotations

import typer

from .cli import app
from .scripts import builtin_names, load_script

script_app = typer.Typer(no_args_is_help=True, help="Scripts: list, show, validate, import, export.")
app.add_typer(script_app, name="script")


@script_app.command("list")
def list_scripts() -> None:
    """Built-in scripts, with character counts."""
    for name in builtin_names():
        s = load_script(name)
        typer.echo(f"{name:32} {len(s.characters):3} characters  {s.name}")
