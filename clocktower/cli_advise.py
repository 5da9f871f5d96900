"""`clocktower advise LOG` (the standing after each day of a saved game and the effect of
each option of its next Storyteller decision) and `clocktower advise-calibrate` (the
standing forecast scored against outcomes): clocktower/storyteller/advise.py, calibrate.py."""
from __future__ import annotations

import json
from dataclasses import replace
import sys
from pathlib import Path
from typing import Optional

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from .cli_app import Bots, EvilBots, GoodBots, app, team_bots
from .errors import ClocktowerError


def _bots(bots: Optional[str], good_bots: Optional[str], evil_bots: Optional[str]):
    """The rollouts' bots (`forecast.Bots`) the shared bot options name (`cli_app`)."""
    from .storyteller import forecast
    return forecast.Bots(*team_bots(bots, good_bots, evil_bots))


def _progress(console: Console):
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
    return Progress(TextColumn("[bold]rollouts[/] {task.description}"), BarColumn(),
                    MofNCompleteColumn(), console=console, transient=True)


@app.command()
def advise(log: Path = typer.Argument(..., help="a game log (`play --log`, a web game's "
                                      "log, a game stopped with Ctrl-C)"),
           decision: Optional[int] = typer.Option(None, help="advise on this Storyteller "
                                                  "decision of the log (its seq) instead of "
                                                  "the next one after the log's end"),
           rollouts: int = typer.Option(200, help="rollouts per figure"),
           days: bool = typer.Option(True, "--days/--no-days", help="the standing at the "
                                     "dawn and at the end of each day"),
           day_rollouts: int = typer.Option(100, help="rollouts per day's standing"),
           bots: Bots = "reasoning",
           good_bots: GoodBots = None,
           evil_bots: EvilBots = None,
           workers: int = typer.Option(2, help="worker processes (0: this process)"),
           seed: int = typer.Option(0, help="the rollouts' seed: same seed, same figures"),
           budget: Optional[float] = typer.Option(None, help="seconds at most for the "
                                                  "options' rollouts"),
           script: Optional[str] = typer.Option(None, help="the script the game was played "
                                                "on, if the log does not name a built-in one"),
           open_group: Optional[str] = typer.Option(None, "--open", help="open a group of "
                                                    "options (its label, as the table shows "
                                                    "it): the effect of its options"),
           as_json: bool = typer.Option(False, "--json", help="print JSON, not tables"),
           ) -> None:
    """Good's chance of winning at the dawn and the end of each day of a saved game and after
    each option of its next Storyteller decision, by rollouts played by bots."""
    from .engine.logs import read_log
    from .storyteller.advise import advise as run_advice
    from .storyteller.advise import next_decision
    from .storyteller.forecast import Point, day_points, probe, probe_next

    if rollouts < 1 or day_rollouts < 1:
        raise ClocktowerError("--rollouts and --day-rollouts: give at least 1")
    if workers < 0:
        raise ClocktowerError(f"--workers {workers}: give 0 or more")
    b = _bots(bots, good_bots, evil_bots)
    events = read_log(log)
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 110)
    out: dict = {"log": str(log), "bots": b.words}
    if days:
        points = day_points(events, script)
        rows = []
        with _progress(console) as prog:
            task = prog.add_task("each day", total=len(points) * day_rollouts)
            for day, when, upto in points:
                p = Point(list(events), upto, script)
                adv = run_advice(None, None, day_rollouts, b, seed, workers, point=p,
                                 on_update=lambda a: prog.update(task, advance=1))
                rows.append((day, when, upto, adv.standing))
        out["days"] = [{"day": d, "at": w, "seq": u, **t.to_json()} for d, w, u, t in rows]
        if not as_json:
            t = Table(box=box.SIMPLE, title=f"good's chance at the dawn and the end of each "
                      f"day ({b.words} and the automatic Storyteller, {day_rollouts} rollouts "
                      f"each)", title_justify="left")
            for col in ("day", "at", "good wins", "95% interval", "rollouts", ""):
                t.add_column(col, justify="left" if col in ("at", "") else "right")
            for d, w, _u, tl in rows:
                lo, hi = tl.interval
                bar = "█" * round(20 * tl.chance) + "·" * (20 - round(20 * tl.chance))
                t.add_row(str(d), w, f"{tl.chance:.0%}", f"{lo:.0%}-{hi:.0%}", str(tl.n), bar)
            console.print(t)
    ended = any(e.get("type") == "game_over" for e in events)
    upto = decision if decision is not None else next_decision(events)
    if decision is None and not ended:
        upto = probe_next(events, script)[0]
    if decision is None and ended:
        out["decision"] = None
        if not as_json:
            console.print("the game is over: no decision to advise on (--decision SEQ "
                          "advises on one of its Storyteller decisions)")
    else:
        point = Point(list(events), upto, script)
        pending, game = probe(point)
        if pending is None:
            raise ClocktowerError(f"{log}: the game ends before decision {upto}")
        if pending.who != "storyteller":
            out["decision"] = {"seq": upto, "kind": pending.kind, "who": pending.who}
            if not as_json:
                console.print(f"decision {upto} is {pending.who}'s ({pending.kind}), not the "
                              f"Storyteller's: the standing only")
        else:
            within = None
            if open_group is not None:
                from .storyteller.advise import groups
                found = [g for g in groups(pending, game)[0]
                         if g.label.lower() == open_group.strip().lower()]
                if not found:
                    labels = "; ".join(g.label for g in groups(pending, game)[0])
                    raise ClocktowerError(f"--open {open_group!r}: no such group of decision "
                                          f"{upto} (its groups: {labels})")
                within = found[0].options
            with _progress(console) as prog:
                task = prog.add_task(f"decision {upto}", total=None)
                adv = run_advice(game, pending, rollouts, b, seed, workers, budget, point=point,
                                 within=within,
                                 on_update=lambda a: prog.update(
                                     task, completed=a.standing.n + sum(t.n for t in a.tallies),
                                     total=rollouts * (1 + len(a.groups))))
            out["decision"] = {"seq": upto, **adv.to_json()}
            if not as_json:
                console.print(adv.table())
                console.print(f"as the automatic Storyteller would answer: "
                              f"{adv.standing.basis}")
                console.print(f"[dim]figures from rollouts: the rest of the game played by "
                              f"{b.words} (each seeing only its own view) and the automatic "
                              f"Storyteller; '=' marks an option whose 95% interval overlaps "
                              f"the one above (equivalent, not ranked); "
                              f"{adv.seconds:.1f} s[/]")
    if as_json:
        typer.echo(json.dumps(out))


@app.command("advise-calibrate")
def advise_calibrate(
        script: str = typer.Argument(..., help="built-in script name or script file"),
        players: str = typer.Option("7,10,13", help="player counts: 10, 7-15 or 7,10,13"),
        games: int = typer.Option(100, help="games forecast at each player count"),
        rollouts: int = typer.Option(50, help="rollouts per dawn forecast"),
        base_games: int = typer.Option(300, help="games at each count for the base rate"),
        seed: int = typer.Option(0, help="the first game's seed (game i plays seed + i)"),
        bots: Bots = "reasoning",
        storyteller: str = typer.Option("auto", help="the automatic Storyteller of the games "
                                        "and rollouts: auto (it leans) or neutral"),
        workers: int = typer.Option(2, help="worker processes (0: this process)"),
        out: Optional[Path] = typer.Option(None, help="write games.jsonl (each game as it "
                                           "finishes: a stopped run resumes from it), "
                                           "calibration.json and reliability.png here"),
) -> None:
    """Score the standing forecast made at each dawn against the games' outcomes (Brier
    score, reliability) beside the base-rate forecast for the script and player count."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from .fileio import check_output_path, write_text
    from .scripts import load_script
    from .sim.simulate import parse_players
    from .storyteller.calibrate import calibrate, plot

    counts = list(parse_players(players))
    if games < 1 or rollouts < 1 or base_games < 1:
        raise ClocktowerError("--games, --rollouts and --base-games: give at least 1")
    if workers < 0:
        raise ClocktowerError(f"--workers {workers}: give 0 or more")
    if storyteller not in ("auto", "neutral"):
        raise ClocktowerError(f"--storyteller {storyteller!r}: give auto or neutral")
    b = replace(_bots(bots, None, None), lean=storyteller == "auto")
    load_script(script)         # an unknown script: one line, before any game
    if out is not None:
        if out.exists() and not out.is_dir():
            raise ClocktowerError(f"--out {out}: not a folder")
        out.mkdir(parents=True, exist_ok=True)
        check_output_path(out / "calibration.json")
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 110)
    with Progress(TextColumn("[bold]games[/]"), BarColumn(), MofNCompleteColumn(),
                  console=console, transient=True) as prog:
        task = prog.add_task("", total=len(counts) * (games + base_games))
        cal = calibrate(script, counts, games, rollouts, b, seed, base_games, workers,
                        on_game=lambda: prog.update(task, advance=1),
                        record=None if out is None else out / "games.jsonl")
    res = cal.to_json()
    t = Table(box=box.SIMPLE, title=f"{script}: the standing forecast at each dawn "
              f"({b.words} and {b.storyteller}, {rollouts} rollouts a forecast; seeds {seed}-{seed + games - 1})",
              title_justify="left")
    for col in ("players", "games", "dawns", "Brier", "base rate", "base Brier", "skill"):
        t.add_column(col, justify="right")
    for s in res["by_players"] + [res["all"]]:
        if not s.get("dawns"):
            continue
        br = s["base_rate"]
        rate = "-" if s["players"] is None else \
            f"{br[str(s['players'])]['good'] / br[str(s['players'])]['games']:.1%}"
        t.add_row(str(s["players"] or "all"), str(s["games"]), str(s["dawns"]),
                  f"{s['brier']:.4f}", rate, f"{s['base_brier']:.4f}",
                  "-" if s["skill"] is None else f"{s['skill']:+.3f}")
    console.print(t)
    console.print("[dim]Brier: mean (forecast - outcome)^2, lower is better; skill: 1 - "
                  "Brier / base Brier (above 0: the forecast beats the base rate)[/]")
    if out is not None:
        write_text(out / "calibration.json", json.dumps(res, indent=1) + "\n")
        try:
            plot(cal, out / "reliability.png")
        except ClocktowerError as e:
            console.print(f"[yellow]no plot: {e}[/]")
        console.print(f"wrote {out / 'calibration.json'}")
