"""`clocktower simulate`: many games of a script, with win rates and their intervals."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console

from typer.core import TyperCommand

from .cli_app import app
from .errors import ClocktowerError


HELP = """Simulate many games of a script with bots and report how balanced it is.

Good's win rate by player count (95% intervals), how games ended, each character's effect
within player count, what was not measured, and a sensitivity panel (the same seeds with
other bots and Storyteller). --games is per player count. Same --seed, same results,
whatever --jobs or --backend; Ctrl-C keeps the finished batches and the same command with
--resume continues. Writes summary.json, games.csv (each row with the command that replays
its game), plots and report.html in --out. The files' fields: --help-json, or
docs/simulator.md."""


def _help_json(value: bool) -> None:
    """--help-json: the summary.json and games.csv field reference, then exit."""
    if not value:
        return
    from .sim.report import CSV_DOC
    from .sim.summary import FIELDS
    typer.echo("summary.json fields (docs/simulator.md has the same):\n")
    for name, meaning in FIELDS:
        typer.echo(f"{name}: {meaning}\n")
    typer.echo("games.csv: " + CSV_DOC)
    raise typer.Exit(0)


class _Command(TyperCommand):
    """simulate's help: a flag shows no value type (typer would print `<bool>`)."""

    def get_params(self, ctx: Any) -> Any:
        params = super().get_params(ctx)
        for p in params:
            if getattr(p, "is_flag", False) and p.metavar is None:
                p.metavar = ""
        return params


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-") or "run"


@app.command(help=HELP, cls=_Command)
def simulate(script: Optional[str] = typer.Argument(None, help="built-in script name, "
                                                    "script JSON or almanac text"),
             players: str = typer.Option("7-15", help="player counts: 10, 7-15 or 5,7,9"),
             games: int = typer.Option(1000, help="games at each player count (and policy "
                                                   "pair)"),
             travellers: int = typer.Option(0, help="Travellers who join every game (0-5)"),
             seed: int = typer.Option(0, help="the run's seed: same seed, same results"),
             bots: Optional[str] = typer.Option(None, help="policy for every player: random "
                                                "or reasoning (default: reasoning when "
                                                "registered, else random)"),
             good_bots: Optional[str] = typer.Option(None, help="policy for good players "
                                                     "(default: --bots)"),
             evil_bots: Optional[str] = typer.Option(None, help="policy for evil players "
                                                     "(default: --bots)"),
             storyteller: Optional[str] = typer.Option(None, help="the Storyteller: auto "
                                                       "(leans towards the team far behind) "
                                                       "or neutral (no lean) (default: "
                                                       "auto)"),
             policy_table: Optional[str] = typer.Option(None, help="also play every good x "
                                                        "evil pair of these policies "
                                                        "(comma-separated, or all)"),
             sensitivity: Optional[int] = typer.Option(None, help="games a count for each "
                                                       "policy of the sensitivity panel "
                                                       "(random bots; the Storyteller "
                                                       "without its lean), on the same "
                                                       "seeds; 0: no panel (default: a "
                                                       "fifth of --games, at most 1000)"),
             jobs: Optional[int] = typer.Option(None, help="worker processes (default: "
                                                "every core)"),
             backend: str = typer.Option("process", help="process (a local pool) or ray"),
             ray_address: Optional[str] = typer.Option(None, help="with --backend ray: the "
                                                       "Ray cluster to use (default: start "
                                                       "a local Ray)"),
             resume: bool = typer.Option(False, "--resume", help="continue the run saved "
                                         "in --out"),
             baseline: Optional[str] = typer.Option(None, help="random-execution: the "
                                                    "zero-information model, not the "
                                                    "engine"),
             batch_size: Optional[int] = typer.Option(None, help="games per batch (default: "
                                                      "100; 10000 for the baseline)"),
             out: Optional[Path] = typer.Option(None, help="output folder, new or empty "
                                                "(or a run's, with --resume) (default: "
                                                "results/<script>)"),
             help_json: bool = typer.Option(False, "--help-json", is_eager=True,
                                            callback=_help_json, help="print the fields of "
                                            "summary.json and games.csv and exit")) -> None:
    from .agents.policies import POLICIES, check_policy, default_policy, team_policies
    from .scripts import load_script
    from .sim import baseline as B
    from .storyteller import STORYTELLERS
    from .sim.run import Spec, default_jobs
    from .sim.simulate import Interrupted, parse_players, simulate as run

    counts = parse_players(players)
    if games < 1:
        raise ClocktowerError(f"--games {games}: give at least 1")
    if not 0 <= travellers <= 5:
        raise ClocktowerError(f"--travellers {travellers}: 0 to 5 may join")
    if backend not in ("process", "ray"):
        raise ClocktowerError(f"--backend {backend!r}: process or ray")
    if jobs is not None and jobs < 1:
        raise ClocktowerError(f"--jobs {jobs}: give at least 1")
    if batch_size is not None and batch_size < 1:
        raise ClocktowerError(f"--batch-size {batch_size}: give at least 1")
    if ray_address is not None and backend != "ray":
        raise ClocktowerError("--ray-address is for --backend ray (the run would ignore it)")
    if bots is not None and good_bots is not None and evil_bots is not None:
        raise ClocktowerError("--bots with both --good-bots and --evil-bots: --bots would be "
                              "ignored; give one or the other")
    if baseline is not None:
        if baseline != B.NAME:
            raise ClocktowerError(f"--baseline {baseline!r}: the one baseline is {B.NAME}")
        if script is not None:
            raise ClocktowerError("--baseline plays its own model: give no SCRIPT")
        given = [f for f, v in (("--travellers", travellers or None), ("--bots", bots),
                                ("--good-bots", good_bots), ("--evil-bots", evil_bots),
                                ("--storyteller", storyteller),
                                ("--policy-table", policy_table),
                                ("--sensitivity", sensitivity)) if v is not None]
        if given:
            raise ClocktowerError(f"--baseline plays a model with no bots, Storyteller or "
                                  f"Travellers: {', '.join(given)} cannot apply")
        sc = None
    elif script is None:
        raise ClocktowerError("give a SCRIPT (a built-in name, script JSON or almanac "
                              "text), or --baseline random-execution")
    else:
        sc = load_script(script)
    if backend == "ray":
        from .sim.run import import_ray
        import_ray()
    storyteller = storyteller or "auto"
    if storyteller not in STORYTELLERS:
        raise ClocktowerError(f"--storyteller {storyteller!r}: {' or '.join(STORYTELLERS)}")
    if sensitivity is not None and not 0 <= sensitivity <= games:
        raise ClocktowerError(f"--sensitivity {sensitivity}: 0 (no panel) to --games "
                              f"({games}): the panel replays the run's first seeds")
    sens_arms: list[tuple[str, str, str]] = []
    if baseline is not None:
        arms: list[tuple[str, ...]] = [("none", "none", "none")]    # the model has no bots
    else:
        arms = [(*team_policies(bots or default_policy(), good_bots, evil_bots), storyteller)]
        g0, e0, _ = arms[0]
        if (g0, e0) != ("random", "random"):
            sens_arms.append(("random", "random", storyteller))
        sens_arms.append((g0, e0, "neutral" if storyteller == "auto" else "auto"))
    if policy_table and baseline is None:
        names = (sorted(POLICIES) if policy_table.strip() == "all"
                 else [check_policy(p.strip(), "--policy-table")
                       for p in policy_table.split(",") if p.strip()])
        for g in names:
            for e in names:
                if (g, e, storyteller) not in arms:
                    arms.append((g, e, storyteller))
    s_games = min(1000, max(1, games // 5)) if sensitivity is None else sensitivity
    spec = Spec(script=sc, counts=counts, games=games, travellers=travellers, seed=seed,
                arms=tuple(arms), baseline=baseline,
                batch_size=batch_size or (10_000 if baseline else 100),
                sens_games=s_games if sens_arms and s_games else 0,
                sens_arms=tuple(sens_arms) if s_games else ())
    folder = out or Path("results") / _slug(B.NAME if sc is None else sc.name)
    console = Console(highlight=False)
    try:
        run(spec, folder, jobs or default_jobs(), backend, ray_address, resume, console)
    except Interrupted as e:
        typer.echo(str(e), err=True)
        raise typer.Exit(130)
