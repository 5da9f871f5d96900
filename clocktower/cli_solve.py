"""`clocktower solve PUZZLE.yaml`: the world solver on a puzzle file (docs/solver.md)."""
from __future__ import annotations

import json
import time
from pathlib import Path

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from . import data as D
from .cli_app import app


# The witness fields `--json` gives for each world shown (docs/solver.md).
HOW = ("steps", "poisoned", "demon_changes", "red_herring")


@app.command()
def solve(puzzle: Path = typer.Argument(..., help="a puzzle file (YAML or JSON)"),
          show: int = typer.Option(5, min=0, help="list at most this many worlds when there are "
                                            "several"),
          marginals: bool = typer.Option(False, "--marginals",
                                         help="print each seat's probabilities over the worlds"),
          as_json: bool = typer.Option(False, "--json", help="print the result as JSON")) -> None:
    """Solve a logic puzzle: every starting grimoire consistent with its facts."""
    from .solver import Solver, load_problem
    from .solver import marginals as marg
    from .solver import solve as run

    problem = load_problem(puzzle)
    start = time.perf_counter()
    solver = Solver(problem)
    found = run(solver)
    took = time.perf_counter() - start
    names = problem.seats
    matches = (problem.solution is not None
               and problem.solution.matches(names, [w.characters for w in found]))
    if as_json:
        shown = found[:show]
        out = {"puzzle": str(puzzle), "worlds": len(found), "seconds": round(took, 4),
               "solutions": [dict(zip(names, w.characters)) for w in shown],
               "how": [{k: w.witness[k] for k in HOW if k in w.witness} for w in shown]}
        if problem.solution is not None:
            out["matches_published"] = matches
        if marginals:
            out["marginals"] = marg(solver, found).table()
        typer.echo(json.dumps(out, indent=2))
        return
    console = Console(highlight=False)
    title = problem.title or str(puzzle)
    if len(found) == 1:
        console.print(f"{title}: a unique world ({took:.3f} s)")
    else:
        console.print(f"{title}: {len(found)} worlds ({took:.3f} s)")
    for w in found[:show]:
        table = Table(box=box.SIMPLE)
        table.add_column("seat")
        table.add_column("character")
        table.add_column("alignment")
        for name, c in zip(names, w.characters):
            align = D.get(c).default_alignment
            table.add_row(name, D.get(c).name, f"[red]{align}[/red]" if align == "evil" else align)
        console.print(table)
        how = list(w.witness.get("choices", ()))
        if "red_herring" in w.witness:
            how.append("red herring: " + (" or ".join(w.witness["red_herring"]) or "none"))
        if how:
            console.print("  how: " + "; ".join(how))
    if problem.solution is not None:
        console.print("matches the published solution" if matches else
                      "does NOT match the published solution: " +
                      problem.solution.describe(names))
    if marginals:
        m = marg(solver, found)
        table = Table(box=box.SIMPLE, title="marginals")
        for col in ("seat", "P(evil)", "P(Demon)", "characters"):
            table.add_column(col)
        for row in m.table():
            table.add_row(row["seat"], f"{row['evil']:.2f}", f"{row['demon']:.2f}",
                          ", ".join(f"{D.get(c).name} {p:.2f}" for c, p in row["characters"].items()))
        console.print(table)
