"""`clocktower simulate`: many games of a script, with win rates and their intervals."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console

from typer.core import TyperCommand

from .cli_app import Bots, EvilBots, GoodBots, app, team_bots
from .errors import ClocktowerError


HELP = """Simulate many games of a script with bots and report how balanced it is.

Good's win rate by player count (95% intervals), how games ended, each character's effect
within player count, what was not measured, and a sensitivity panel (the same seeds with
other bots and Storyteller). The players' bots: --bots (default: reasoning), or each
team's own. --games is per player count. Same --seed, same results, whatever --jobs or
--backend; Ctrl-C keeps the finished batches and the same command with --resume
continues. Writes summary.json, games.csv (each row with the command that replays its
game), plots and report.html in --out. The files' fields: --help-json, or
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
             bots: Bots = None,
             good_bots: GoodBots = None,
             evil_bots: EvilBots = None,
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
             compare: Optional[str] = typer.Option(None, help="script B (a built-in name, "
                                                   "script JSON or almanac text): play it "
                                                   "too, on the same seeds, and compare"),
             swap: Optional[str] = typer.Option(None, help="script B is SCRIPT with one "
                                                "character swapped for another of its team: "
                                                "OLD=NEW (poisoner=witch; several: "
                                                "comma-separated)"),
             where: Optional[list[str]] = typer.Option(None, help="a setup: characters "
                                                       "joined by & | ! and brackets "
                                                       "(\"baron & drunk\"): good's win rate "
                                                       "in its games; may be repeated"),
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
    from .agents.policies import check_policy, local_policies
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
                                ("--sensitivity", sensitivity), ("--compare", compare),
                                ("--swap", swap), ("--where", where or None))
                 if v is not None]
        if given:
            raise ClocktowerError(f"--baseline plays a model with no bots, Storyteller or "
                                  f"Travellers: {', '.join(given)} cannot apply")
        sc = None
    elif script is None:
        raise ClocktowerError("give a SCRIPT (a built-in name, script JSON or almanac "
                              "text), or --baseline random-execution")
    else:
        sc = load_script(script)
    if compare is not None and swap is not None:
        raise ClocktowerError("--compare and --swap both give a script B: give one")
    variant = None
    swaps: tuple[tuple[str, str], ...] = ()
    if sc is not None and compare is not None:
        variant = load_script(compare)
    elif sc is not None and swap is not None:
        swaps = parse_swap(swap, sc)
        variant = swapped(sc, swaps)
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
        arms = [(*team_bots(bots, good_bots, evil_bots), storyteller)]
        g0, e0, _ = arms[0]
        if (g0, e0) != ("random", "random"):
            sens_arms.append(("random", "random", storyteller))
        sens_arms.append((g0, e0, "neutral" if storyteller == "auto" else "auto"))
    if policy_table and baseline is None:
        names = (local_policies() if policy_table.strip() == "all"
                 else [check_policy(p.strip(), "--policy-table")
                       for p in policy_table.split(",") if p.strip()])
        for g in names:
            for e in names:
                if (g, e, storyteller) not in arms:
                    arms.append((g, e, storyteller))
    if any("llm" in arm for arm in arms):          # configured, or refused before any file
        from .agents.llm import LLMConfig
        LLMConfig.from_env()
    s_games = min(1000, max(1, games // 5)) if sensitivity is None else sensitivity
    spec = Spec(script=sc, counts=counts, games=games, travellers=travellers, seed=seed,
                arms=tuple(arms), baseline=baseline,
                batch_size=batch_size or (10_000 if baseline else 100),
                sens_games=s_games if sens_arms and s_games else 0,
                sens_arms=tuple(sens_arms) if s_games else (), variant=variant, swap=swaps)
    if where and sc is not None:
        from .sim.summary import WhereError, parse_where
        from .data import teams
        for w in where:
            try:
                parse_where(w, [c for c in sc.characters if teams().get(c) != "traveller"])
            except WhereError as e:
                raise ClocktowerError(str(e)) from None
    folder = out or Path("results") / _slug(B.NAME if sc is None else sc.name)
    console = Console(highlight=False)
    try:
        run(spec, folder, jobs or default_jobs(), backend, ray_address, resume, console,
            where=where or None)
    except Interrupted as e:
        typer.echo(str(e), err=True)
        raise typer.Exit(130)


TEAM_WORDS = {"townsfolk": "a Townsfolk", "outsider": "an Outsider", "minion": "a Minion",
              "demon": "a Demon", "traveller": "a Traveller"}


def parse_swap(text: str, script: Any) -> tuple[tuple[str, str], ...]:
    """`--swap old=new[,old=new...]`: each OLD on the script, each NEW one of the
    characters (not a Traveller, not on the script already) of OLD's team; else one line."""
    from . import data as D
    out: list[tuple[str, str]] = []
    for part in text.split(","):
        old_raw, eq, new_raw = part.partition("=")
        old, new = D.normalise_id(old_raw), D.normalise_id(new_raw)
        if not eq or not old or not new:
            raise ClocktowerError(f"--swap {text!r}: give OLD=NEW (poisoner=witch), several "
                                  "comma-separated")
        if old not in script.characters:
            raise ClocktowerError(f"--swap {part.strip()}: {old_raw.strip()!r} is not on "
                                  f"{script.name}")
        if old in script.homebrew:
            raise ClocktowerError(f"--swap {part.strip()}: {old_raw.strip()!r} is homebrew; "
                                  "write script B and use --compare")
        playable = [c for c in D.teams() if not D.not_implemented([c])]
        if new not in D.teams():
            raise ClocktowerError(f"--swap {part.strip()}: {new_raw.strip()!r} is not an "
                                  f"official character{D.suggest(new)}")
        if new not in playable:
            raise ClocktowerError(f"--swap {part.strip()}: {D.get(new).name} is not "
                                  f"implemented yet (one of the {len(playable)} the engine "
                                  "plays)")
        new_team = D.get(new).team
        if new_team == "traveller":
            raise ClocktowerError(f"--swap {part.strip()}: {D.get(new).name} is a Traveller, "
                                  "never dealt (--travellers brings Travellers in)")
        if new in script.characters or any(n == new for _, n in out):
            raise ClocktowerError(f"--swap {part.strip()}: {D.get(new).name} is on the "
                                  "script already")
        if any(o == old for o, _ in out):
            raise ClocktowerError(f"--swap {text!r}: {old} is swapped twice")
        old_team = D.get(old).team
        if old_team != new_team:
            raise ClocktowerError(
                f"--swap {part.strip()}: {TEAM_WORDS[new_team]} for {TEAM_WORDS[old_team]} "
                "changes how many of each team the script can deal; swap within a team, or "
                "write script B and use --compare")
        out.append((old, new))
    return tuple(out)


def swapped(script: Any, swaps: tuple[tuple[str, str], ...]) -> Any:
    """Script B: the script with each (old, new) swapped, in old's place."""
    from dataclasses import replace
    from . import data as D
    change = dict(swaps)
    words = ", ".join(f"{D.get(n).name} for {D.get(o).name}" for o, n in swaps)
    return replace(script, name=f"{script.name} ({words})",
                   characters=[change.get(c, c) for c in script.characters],
                   source="--swap " + ",".join(f"{o}={n}" for o, n in swaps), warnings=[])
