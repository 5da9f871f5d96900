"""`clocktower arena`: agents against one another on mirrored seeds; Storytellers compared."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from .cli_app import app
from .cli_simulate import _Command      # a flag's help shows no value type
from .errors import ClocktowerError

HELP = """Agents against one another, and Storytellers compared, on the same seeds.

Each pair of --agents plays every seed twice, sides swapped (mirrored seeds); --games is
per pair (with one agent: that agent on both sides, --games seeds). Reports good and evil
win rates per agent (95% Wilson intervals), a Bradley-Terry rating with a bootstrap
interval, event counts per agent, and, for each script and --storytellers policy, good's
win rate and its distance from 50%, the false information shown to good players, how
often the game was decided before its final day, and rule violations (logs that do not
replay: zero by construction). Every game's log is kept in OUT/logs (replayable). Ctrl-C
keeps the finished batches; the same command with --resume continues. docs/agents.md."""


def _list(text: str, option: str) -> list[str]:
    items = [x.strip() for x in text.split(",") if x.strip()]
    if not items:
        raise ClocktowerError(f"{option}: give at least one name")
    if len(set(items)) != len(items):
        raise ClocktowerError(f"{option} {text!r}: a name is given twice")
    return items


@app.command(help=HELP, cls=_Command)
def arena(agents: str = typer.Option("reasoning,random", help="player policies, comma-"
                                     "separated: random, reasoning, llm"),
          script: str = typer.Option("trouble-brewing", help="built-in script name(s) or "
                                     "script file(s), comma-separated"),
          players: int = typer.Option(8, help="players in every game (5 to 15)"),
          games: int = typer.Option(200, help="games per pair of agents (each seed twice, "
                                    "sides swapped); with one agent, games per script and "
                                    "Storyteller"),
          storytellers: str = typer.Option("auto", help="Storyteller policies, comma-"
                                           "separated: auto, neutral, random, llm"),
          seed: int = typer.Option(0, help="the run's seed: same seed, same games"),
          jobs: Optional[int] = typer.Option(None, help="worker processes (default: every "
                                             "core; 1 with llm agents)"),
          backend: str = typer.Option("process", help="process (a local pool) or ray"),
          ray_address: Optional[str] = typer.Option(None, help="with --backend ray: the Ray "
                                                    "cluster (default: a local Ray)"),
          resume: bool = typer.Option(False, "--resume", help="continue the run in --out"),
          batch_size: int = typer.Option(20, help="games per batch (the unit saved)"),
          llm_model: Optional[str] = typer.Option(None, help="the llm agent's model "
                                                  "(default: $CLOCKTOWER_LLM_MODEL)"),
          llm_base_url: Optional[str] = typer.Option(None, help="the llm agent's endpoint "
                                                     "(default: $OPENAI_BASE_URL; key: "
                                                     "$OPENAI_API_KEY)"),
          out: Path = typer.Option(Path("results/arena"), help="output folder, new or empty "
                                   "(or a run's, with --resume)")) -> None:
    import os
    from .agents.policies import check_policy
    from .scripts import load_script
    from .sim.arena import ArenaSpec, arena as run
    from .sim.run import default_jobs
    from .sim.simulate import Interrupted
    from .storyteller import STORYTELLERS

    names = [check_policy(a, "--agents") for a in _list(agents, "--agents")]
    sts = _list(storytellers, "--storytellers")
    for st in sts:
        if st not in STORYTELLERS:
            raise ClocktowerError(f"--storytellers {st!r}: one of {', '.join(STORYTELLERS)}")
    if not 5 <= players <= 15:
        raise ClocktowerError(f"--players {players}: 5 to 15")
    if games < 1:
        raise ClocktowerError(f"--games {games}: give at least 1")
    if batch_size < 1:
        raise ClocktowerError(f"--batch-size {batch_size}: give at least 1")
    if jobs is not None and jobs < 1:
        raise ClocktowerError(f"--jobs {jobs}: give at least 1")
    if backend not in ("process", "ray"):
        raise ClocktowerError(f"--backend {backend!r}: process or ray")
    if ray_address is not None and backend != "ray":
        raise ClocktowerError("--ray-address is for --backend ray (the run would ignore it)")
    scripts = tuple(load_script(s) for s in _list(script, "--script"))
    model = None
    if "llm" in names or "llm" in sts:
        from .agents.llm import LLMConfig, set_env
        set_env(llm_model, llm_base_url)
        model = LLMConfig.from_env().model          # refused now if none is given
    if backend == "ray":
        from .sim.run import import_ray
        import_ray()
    spec = ArenaSpec(scripts=scripts, players=players, agents=tuple(names),
                     storytellers=tuple(sts), games=games, seed=seed, batch_size=batch_size,
                     llm_model=model)
    if jobs is None:
        jobs = 1 if "llm" in names or "llm" in sts else default_jobs()
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    try:
        run(spec, out, jobs, backend, ray_address, resume)
    except Interrupted as e:
        typer.echo(str(e), err=True)
        raise typer.Exit(130)
