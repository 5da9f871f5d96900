"""`clocktower bots report`: how well the bots play (clocktower/agents/report.py)."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from .cli_app import Bots, EvilBots, GoodBots, app, team_bots
from .errors import ClocktowerError

bots_app = typer.Typer(no_args_is_help=True, help="The player bots: measure how they play "
                       "(docs/bots.md).")
app.add_typer(bots_app, name="bots")


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


@bots_app.command("report")
def report(script: str = typer.Argument(..., help="built-in script name or script file"),
           players: str = typer.Option("7,10,13", help="player counts: 10 or 7,10,13"),
           games: int = typer.Option(100, help="games at each player count"),
           seed: int = typer.Option(0, help="the first game's seed (game i plays seed + i)"),
           bots: Bots = "reasoning",
           good_bots: GoodBots = None,
           evil_bots: EvilBots = None,
           out: Optional[Path] = typer.Option(None, help="also write report.json and "
                                              "reliability.png in this folder"),
           storyteller: str = typer.Option("auto", help="auto (the automatic Storyteller, "
                                           "which leans towards the team behind), or neutral "
                                           "(the same without the lean)"),
           ) -> None:
    """Execution accuracy beside a random living pick, good's win rate, the good bots'
    belief on the true Demon and its calibration, and event rates per 100 games."""
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeRemainingColumn)

    from .agents.report import EVENTS, measure, plot_reliability
    from .fileio import check_output_path, write_text
    from .scripts import load_script

    from .agents.report import STORYTELLERS
    if storyteller not in STORYTELLERS:
        raise ClocktowerError(f"--storyteller {storyteller!r}: give "
                              f"{' or '.join(STORYTELLERS)}")
    from .sim.bench import parse_counts
    counts = parse_counts(players)
    if games < 1:
        raise ClocktowerError(f"--games {games}: give at least 1")
    good, evil = team_bots(bots, good_bots, evil_bots)
    sc = load_script(script)
    if out is not None:
        if out.exists() and not out.is_dir():
            raise ClocktowerError(f"--out {out}: not a folder")
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise ClocktowerError(f"--out {out}: cannot create the folder ({e.strerror})")
        check_output_path(out / "report.json")
        check_output_path(out / "reliability.png")
    # Piped output: wide enough for the calibration table (a terminal uses its width).
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 110)
    with Progress(TextColumn("[bold]games[/] {task.description}"), BarColumn(),
                  MofNCompleteColumn(), TimeRemainingColumn(), console=console,
                  transient=True) as prog:
        task = prog.add_task("", total=games * len(counts))
        results = measure(sc, counts, games, seed, good, evil,
                          on_game=lambda n: prog.update(task, advance=1,
                                                        description=f"{n} players"),
                          storyteller=storyteller)
    summaries = [r.summary() for r in results]
    console.print(f"{sc.name}: good {good}, evil {evil}; {games} games a count "
                  f"(seeds {seed}-{seed + games - 1})"
                  + ("; Storyteller without lean" if storyteller == "neutral" else ""))
    t = Table(box=box.SIMPLE)
    for col in ("players", "good wins", "95% CI", "execs", "hit evil", "random", "ratio",
                "days", "evil votes on evil"):
        t.add_column(col, justify="right")
    for s in summaries:
        acc, rnd = s["execution_accuracy"], s["random_pick_rate"]
        lo, hi = s["good_win_ci"]
        t.add_row(str(s["players"]), _pct(s["good_win_rate"]),
                  f"{100 * lo:.1f}-{100 * hi:.1f}", str(s["executions"]), _pct(acc),
                  _pct(rnd), f"{acc / rnd:.2f}x" if acc is not None and rnd else "-",
                  f"{s['days_per_game']:.1f}", _pct(s["evil_votes_on_evil"]))
    console.print(t)
    t = Table(box=box.SIMPLE, title="executions by vote (all executions less those an ability "
              "made: the Virgin's nominator, the Vizier's choice)")
    for col in ("players", "by ability", "voted", "hit evil", "random", "ratio"):
        t.add_column(col, justify="right")
    for s in summaries:
        acc, rnd = s["execution_accuracy_voted"], s["random_pick_rate_voted"]
        t.add_row(str(s["players"]), str(s["ability_executions"]),
                  str(s["executions"] - s["ability_executions"]), _pct(acc), _pct(rnd),
                  f"{acc / rnd:.2f}x" if acc is not None and rnd else "-")
    console.print(t)
    if good == "reasoning":
        days = sorted({d for s in summaries for d in s["belief_on_demon_by_day"]},
                      key=lambda d: int(d.rstrip("+")))
        t = Table(box=box.SIMPLE, title="good bots' mean chance on the true Demon, by day")
        t.add_column("players", justify="right")
        for d in days:
            t.add_column(f"day {d}", justify="right")
        for s in summaries:
            b = s["belief_on_demon_by_day"]
            t.add_row(str(s["players"]), *(_pct(b.get(d)) for d in days))
        console.print(t)
        t = Table(box=box.SIMPLE, title="calibration: mean chance given that a player is "
                  "the Demon -> share who were (n)")
        t.add_column("chance", justify="right")
        for s in summaries:
            t.add_column(f"{s['players']} players", justify="right")
        for i in range(len(summaries[0]["calibration"])):
            c0 = summaries[0]["calibration"][i]["bin"]
            row = [f"{c0[0]:.1f}-{c0[1]:.1f}"]
            for s in summaries:
                c = s["calibration"][i]
                row.append("-" if not c["n"] else
                           f"{_pct(c['mean_belief'])} -> {_pct(c['demon_rate'])} ({c['n']})")
            t.add_row(*row)
        console.print(t)
    t = Table(box=box.SIMPLE, title="events per 100 games with the character in play")
    t.add_column("event")
    for s in summaries:
        t.add_column(f"{s['players']}p", justify="right")
    for label, _char, key in EVENTS:
        cells = []
        for s in summaries:
            ev = s["events"][key]
            cells.append("-" if ev["per_100"] is None
                         else f"{ev['per_100']:.1f} ({ev['count']}/{ev['games']})")
        t.add_row(label, *cells)
    console.print(t)
    if out is not None:
        write_text(out / "report.json", json.dumps(
            {"script": sc.name, "good": good, "evil": evil, "games": games, "seed": seed,
             "by_players": summaries}, indent=1) + "\n")
        if good == "reasoning":
            plot_reliability(summaries, out / "reliability.png")
        console.print(f"wrote {out / 'report.json'}"
                      + (f" and {out / 'reliability.png'}" if good == "reasoning" else ""))
