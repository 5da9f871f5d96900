"""`clocktower events`: the catalogue of event types (clocktower/engine/events.py)."""
from __future__ import annotations

import json
from typing import Optional

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from .cli_app import app
from .engine.events import CATALOGUE, catalogue_json
from .errors import ClocktowerError


@app.command()
def events(event_type: Optional[str] = typer.Argument(None, help="one event type (default: all)"),
           as_json: bool = typer.Option(False, "--json", help="print JSON instead of a table")) -> None:
    """The event types of a game log: their fields, value types and usual visibility."""
    types = catalogue_json()
    if event_type is not None:
        if event_type not in CATALOGUE:
            raise ClocktowerError(f"unknown event type {event_type!r}; known: "
                                  f"{', '.join(sorted(CATALOGUE))}")
        types = [t for t in types if t["type"] == event_type]
    if as_json:
        typer.echo(json.dumps(types if event_type is None else types[0], indent=2))
        return
    table = Table(box=box.SIMPLE, show_lines=False)
    for col in ("type", "visible to", "field", "value", "", "meaning"):
        table.add_column(col)
    for t in types:
        table.add_row(f"[bold]{t['type']}[/bold]", " or ".join(t["visibility"]), "", "", "",
                      t["meaning"])
        for f in t["fields"]:
            kind = f["type"] + (f" in {'/'.join(f['choices'])}" if "choices" in f else "")
            table.add_row("", "", f["name"], kind, "required" if f["required"] else "optional",
                          f["meaning"])
        if "extra" in t:
            table.add_row("", "", "...", "", "optional", t["extra"])
    console = Console(width=160)
    console.print(table)
    if event_type in (None, "game_over", "outcome_vetoed"):
        _reasons(console)


def _reasons(console: Console) -> None:
    """The outcome reason codes: the base rules' and the implemented characters'."""
    from . import characters  # noqa: F401  (importing the characters registers their codes)
    from .engine.outcome import REASONS

    table = Table(box=box.SIMPLE, title="game_over codes (engine/outcome.py REASONS)")
    table.add_column("code")
    table.add_column("meaning")
    for code, meaning in REASONS.items():
        table.add_row(code, meaning)
    console.print(table)
