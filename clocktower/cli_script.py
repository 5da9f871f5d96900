"""`clocktower script ...`: list, show, validate, nightsheet, import, export, sheet.

Every command takes a built-in script name or a script file (official JSON or almanac text).
Errors a user can cause are ClocktowerErrors: one line on stderr, exit code 2, nothing written.
Output files are written only once everything has succeeded, the normal way
(clocktower/fileio.py: umask respected, symlinks written through, a regular file replaced
atomically, a device or FIFO written directly).
"""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from . import data as D
from .cli_app import app
from .errors import ScriptError
from .fileio import write_text
from .scripts import builtin_names, dump_script, load_document, load_script
from .scripts.document import Problem
from .scripts.nightsheet import SPECIAL_TEAM, night_steps
from .scripts.sheet import TEAM_ORDER, TEAM_TITLES, render_html
from .scripts.validate import validate

script_app = typer.Typer(no_args_is_help=True,
                         help="Scripts: list, show, validate, nightsheet, import, export, sheet.")
app.add_typer(script_app, name="script")

SPEC_HELP = "a built-in script name (see `clocktower script list`) or a script file"
TEAM_STYLE = {"townsfolk": "bold blue", "outsider": "blue", "minion": "bold red", "demon": "red",
              "traveller": "magenta", "fabled": "yellow", "loric": "yellow",
              SPECIAL_TEAM: "bold"}
LEVEL_STYLE = {"fatal": "bold red", "error": "red", "warning": "yellow", "note": "dim"}


def _console(err: bool = False) -> Console:
    return Console(highlight=False, stderr=err, soft_wrap=False)


def _implemented() -> set[str]:
    from .characters import REGISTRY
    return set(REGISTRY)


def _emit(text: str, output: Optional[Path]) -> None:
    if output is None or str(output) == "-":
        typer.echo(text, nl=False)
    else:
        write_text(output, text)
        typer.echo(f"wrote {output}", err=True)


def _print_warnings(warnings: list[str]) -> None:
    if warnings:
        err = _console(err=True)
        for w in warnings:
            err.print(Text(f"warning: {w}", style="yellow"), soft_wrap=True)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _team_counts(script) -> str:
    parts = []
    for team in TEAM_ORDER:
        n = sum(1 for c in script.characters if script.team_of(c) == team)
        if n:
            parts.append(f"{n} {TEAM_TITLES[team] if n != 1 else TEAM_TITLES[team].rstrip('s')}")
    return ", ".join(parts)


@script_app.command("list")
def list_scripts() -> None:
    """Built-in scripts, with character counts."""
    table = Table(title="Built-in scripts", title_justify="left", header_style="bold",
                  box=box.SIMPLE_HEAD, caption="characters: all (Townsfolk/Outsiders/Minions/"
                  "Demons +Travellers)", caption_justify="left")
    table.add_column("name", no_wrap=True)
    table.add_column("title")
    table.add_column("author")
    table.add_column("characters", no_wrap=True)
    for name in builtin_names():
        s = load_script(name)
        n = {t: sum(1 for c in s.characters if s.team_of(c) == t) for t in TEAM_ORDER}
        split = f"{n['townsfolk']}/{n['outsider']}/{n['minion']}/{n['demon']}"
        if n["traveller"]:
            split += f" +{n['traveller']}"
        table.add_row(name, s.name, s.author or "—", f"{len(s.characters):>2} ({split})")
    _console().print(table)


@script_app.command("show")
def show(script: str = typer.Argument(..., help=SPEC_HELP)) -> None:
    """Characters by team with ability lines, jinxes and setup changes."""
    loaded = load_document(script)
    s = loaded.script
    _print_warnings(s.warnings)
    implemented = _implemented()
    con = _console()
    by = f" by {s.author}" if s.author else ""
    con.print(Text(f"{s.name}{by}", style="bold underline"))
    con.print(f"{len(s.characters)} characters: {_team_counts(s)}")
    for team in TEAM_ORDER:
        ids = [c for c in s.characters if s.team_of(c) == team]
        if not ids:
            continue
        table = Table(title=TEAM_TITLES[team], title_justify="left", title_style=TEAM_STYLE[team],
                      show_header=False, box=None, padding=(0, 1), expand=False)
        table.add_column("name", style=TEAM_STYLE[team], no_wrap=True, min_width=15)
        table.add_column("ability", overflow="fold")
        table.add_column("", no_wrap=True)
        for cid in ids:
            marks = []
            if cid in s.homebrew:
                marks.append("homebrew")
            elif cid not in implemented:
                marks.append("not implemented")
            table.add_row(s.name_of(cid), s.ability_of(cid), Text(", ".join(marks), style="dim"))
        con.print()
        con.print(table)
    setup = [(c, D.get(c).setup_text) for c in s.characters
             if c not in s.homebrew and D.get(c).setup_text]
    if setup:
        con.print()
        con.print(Text("Setup changes", style="bold"))
        for cid, text in setup:
            con.print(f"  {D.get(cid).name}: [{text}]", markup=False, soft_wrap=True)
    jinxes = s.jinx_pairs()
    con.print()
    con.print(Text("Jinxes", style="bold"))
    if not jinxes:
        con.print("  none")
    for a, b, rule in jinxes:
        con.print(f"  {s.name_of(a)} & {s.name_of(b)}: {rule}", markup=False, soft_wrap=True)
    missing = [s.name_of(c) for c in s.characters if c not in implemented]
    if missing:
        con.print()
        con.print(Text("Not implemented yet (a game on this script is refused): "
                       + ", ".join(missing), style="yellow"))


def _print_problem(con: Console, p: Problem) -> None:
    line = Text()
    line.append(f"{p.level}: ", style=LEVEL_STYLE[p.level])
    line.append(str(p))
    con.print(line, soft_wrap=True)


@script_app.command("validate")
def validate_cmd(script: str = typer.Argument(..., help=SPEC_HELP),
                 strict: bool = typer.Option(False, "--strict", help="warnings fail too"),
                 quiet: bool = typer.Option(False, "--quiet", "-q",
                                            help="hide notes (jinxes, setup changes, ...)")) -> None:
    """Problems with file and position. Exit 0 valid, 1 problems found, 2 not a script."""
    report = validate(script, _implemented())
    con = _console()
    for p in report.problems:
        if quiet and p.level == "note":
            continue
        _print_problem(con, p)
    code = report.exit_code(strict)
    counts = {lvl: report.count(lvl) for lvl in ("fatal", "error", "warning", "note")}
    if code == 2:
        verdict = "not a usable script"
    elif code == 1:
        verdict = "problems found"
    else:
        verdict = "valid"
    s = report.script
    what = f"{s.name!r}, {len(s.characters)} characters: " if s is not None else ""
    tally = ", ".join(_plural(n, word) for n, word in (
        (counts["fatal"] + counts["error"], "error"), (counts["warning"], "warning"),
        (counts["note"], "note")))
    con.print(Text(f"{report.source}: {what}{verdict} ({tally})",
                   style="bold" if code == 0 else "bold red"), soft_wrap=True)
    raise typer.Exit(code)


@script_app.command("nightsheet")
def nightsheet(script: str = typer.Argument(..., help=SPEC_HELP),
               night: str = typer.Option("both", help="first, other or both")) -> None:
    """The first night and the other nights, in order, with what to do."""
    if night not in ("first", "other", "both"):
        raise ScriptError(f"--night must be first, other or both, not {night!r}")
    s = load_script(script)
    _print_warnings(s.warnings)
    con = _console()
    nights = ("first", "other") if night == "both" else (night,)
    for k, which in enumerate(nights):
        table = Table(title=f"{s.name}: {'first night' if which == 'first' else 'other nights'}",
                      title_justify="left", title_style="bold", header_style="bold",
                      show_lines=False, expand=False)
        table.add_column("#", justify="right")
        table.add_column("who", no_wrap=True)
        table.add_column("what to do", overflow="fold")
        for i, step in enumerate(night_steps(s, which), 1):
            table.add_row(str(i), Text(step.name, style=TEAM_STYLE.get(step.team, "")), step.text)
        if k:
            con.print()
        con.print(table)


@script_app.command("import")
def import_cmd(source: Path = typer.Argument(..., help="almanac text (or script JSON) to read"),
               output: Optional[Path] = typer.Option(None, "--output", "-o",
                                                     help="JSON file to write (default: stdout)"),
               name: Optional[str] = typer.Option(None, help="the script's name (default: the "
                                                  "title in the text, else the file's name)"),
               author: Optional[str] = typer.Option(None, help="the author (default: the one "
                                                    "the text names)")) -> None:
    """Almanac text to official script JSON. Every repair is listed on stderr."""
    if not source.is_file():
        raise ScriptError(f"{source}: no such file")
    loaded = load_document(source)
    s = loaded.script
    if name is not None:
        s.name = name
    if author is not None:
        s.author = author
    _print_warnings(s.warnings)
    text = dump_script(s)
    _emit(text, output)
    if output is not None and str(output) != "-":
        typer.echo(f"{s.name}: {len(s.characters)} characters ({_team_counts(s)})", err=True)


@script_app.command("export")
def export_cmd(script: str = typer.Argument(..., help=SPEC_HELP),
               output: Optional[Path] = typer.Option(None, "--output", "-o",
                                                     help="JSON file to write (default: stdout)")) -> None:
    """Official script JSON (a `_meta` object, then character ids and homebrew objects)."""
    s = load_script(script)
    _print_warnings(s.warnings)
    _emit(dump_script(s), output)


@script_app.command("sheet")
def sheet_cmd(script: str = typer.Argument(..., help=SPEC_HELP),
              output: Optional[Path] = typer.Option(None, "--output", "-o",
                                                    help="HTML file to write (default: stdout)")) -> None:
    """A printable HTML character sheet and night sheets (open it in a browser and print)."""
    s = load_script(script)
    _print_warnings(s.warnings)
    _emit(render_html(s), output)

