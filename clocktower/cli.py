"""The command line: `clocktower play | replay | scenario | bench | script | events | serve |
simulate | solve` (the last five in their own modules, registered below)."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Callable, NoReturn, Optional

import typer
from rich.console import Console

from .cli_app import Bots, EvilBots, GoodBots, app, team_bots
from .errors import ClocktowerError
from .fileio import check_output_path, write_text


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version
        try:
            v = version("clocktower")
        except PackageNotFoundError:            # pragma: no cover (run from a checkout)
            v = "unknown (not installed)"
        typer.echo(f"clocktower {v}")
        raise typer.Exit(0)


@app.callback()
def _top(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                      help="print the version and exit")) -> None:
    """Blood on the Clocktower: rules engine, Storyteller assistant, simulator, puzzle
    solver, web grimoire."""


def _player_count(n: int) -> int:
    if not 5 <= n <= 15:
        raise typer.BadParameter(f"must be 5 to 15 (the setup table), not {n}")
    return n


scenario_app = typer.Typer(no_args_is_help=True, help="Scenario files: executable rulings.")
app.add_typer(scenario_app, name="scenario")


def _dump(ev: dict) -> str:
    return json.dumps(ev, sort_keys=True, ensure_ascii=False)


@app.command()
def play(script: str = typer.Option("trouble-brewing", help="built-in name or script file"),
         players: int = typer.Option(10, callback=_player_count,
                                     help="number of players, 5 to 15 (Travellers not "
                                     "counted)"),
         travellers: int = typer.Option(0, min=0, help="Travellers who join too (0-5)"),
         seed: int = typer.Option(0, help="random seed: same seed, same game"),
         log: Optional[Path] = typer.Option(None, help="write the event log (JSON lines) here"),
         quiet: bool = typer.Option(False, "--quiet", help="print only the result line"),
         as_json: bool = typer.Option(False, "--json", help="print the event log as JSON lines"),
         storyteller: str = typer.Option("auto", help="auto (leans towards the team far "
                                         "behind), neutral (auto without the lean), random "
                                         "(any legal answer), llm (a chat model: "
                                         "docs/agents.md), or ask: you answer every "
                                         "Storyteller decision at the terminal"),
         view_as: str = typer.Option("storyteller", "--view", help="narrate what this viewer "
                                     "sees: storyteller, spectator, or a player's name"),
         bots: Bots = "random",
         good_bots: GoodBots = None,
         evil_bots: EvilBots = None,
         advise_rollouts: int = typer.Option(100, help="with --storyteller ask: rollouts per "
                                             "option group when you type e (each option's "
                                             "effect, played by the game's bots; reasoning "
                                             "bots for llm ones)"),
         advise_budget: float = typer.Option(30.0, help="with --storyteller ask: seconds at "
                                             "most for those rollouts"),
         talk: int = typer.Option(0, min=0, max=20, help="rounds of day talk that open each "
                                  "day (docs/agents.md); 0: none"),
         llm_model: Optional[str] = typer.Option(None, help="the llm bots' model (default: "
                                                 "$CLOCKTOWER_LLM_MODEL)"),
         llm_base_url: Optional[str] = typer.Option(None, help="the llm bots' OpenAI-compatible "
                                                    "endpoint (default: $OPENAI_BASE_URL; "
                                                    "the key: $OPENAI_API_KEY)"),
         ) -> None:
    """Play a whole game with bots and narrate it from the Storyteller's seat."""
    from .agents.policies import make_agents
    from .narrate import Narrator
    from .play import NAMES, new_game
    from .engine.runner import play as run

    if storyteller not in ("auto", "neutral", "random", "llm", "ask"):
        raise ClocktowerError(f"--storyteller must be auto, neutral, random, llm or ask, not "
                              f"{storyteller!r}")
    if log is not None:
        check_output_path(log)          # before the game, not after its narration
    st: object = None
    console = Console(highlight=False)
    good, evil = team_bots(bots, good_bots, evil_bots)
    if advise_rollouts < 1 or not advise_budget > 0:
        raise ClocktowerError("--advise-rollouts and --advise-budget: give more than 0")
    if storyteller == "ask":
        from .storyteller.advise import terminal_advisor
        from .storyteller.forecast import Bots
        from .storyteller.human import TerminalStoryteller
        # the rollouts are played by the game's bots, the reasoning bots standing in for a
        # chat model (thousands of rollouts: not a model's calls)
        rollout_bots = Bots(*("reasoning" if p == "llm" else p for p in (good, evil)))
        st = TerminalStoryteller(console, advisor=terminal_advisor(
            console, rollout_bots, advise_rollouts, advise_budget))
    elif storyteller in ("neutral", "random", "llm"):
        from .storyteller import storyteller_policy
        if storyteller == "llm":
            from .agents.llm import set_env
            set_env(llm_model, llm_base_url)
        st = storyteller_policy(storyteller, seed)
    from .engine.views import visible

    narrator = None if (quiet or as_json) else Narrator(console, view_as != "storyteller")
    on_event: Callable[[dict], object] | None = narrator
    if as_json:
        on_event = lambda ev: print(_dump(ev))  # noqa: E731
    everyone = NAMES[:players + travellers]
    if on_event is not None and view_as != "storyteller":
        if view_as != "spectator" and view_as not in everyone:
            raise ClocktowerError(f"--view must be storyteller, spectator or a player's name "
                                  f"({', '.join(everyone)}), not {view_as!r}")
        inner = on_event

        def on_visible(ev: dict) -> None:
            if visible(ev, view_as):
                inner(ev)
        on_event = on_visible
    if "llm" in (good, evil):
        from .agents.llm import set_env
        set_env(llm_model, llm_base_url)
    so_far: list[dict] = []             # every event, for a game stopped before its end
    shown = on_event

    def record(ev: dict) -> None:
        so_far.append(ev)
        if shown is not None:
            shown(ev)
    agents: dict = {}
    try:
        agents = make_agents(everyone, seed, good, evil)
        game = new_game(script, players, seed, storyteller=st, on_event=record,
                        travellers=travellers, agents=agents)
        run(game, talk=talk)
    except (KeyboardInterrupt, EOFError) as e:
        # Ctrl-C, or the end of the answers (`--storyteller ask`): the game so far is kept
        # (`--log`), exit 130 as for any interrupted command.
        why = "interrupted" if isinstance(e, KeyboardInterrupt) else "no more answers"
        if log is not None:
            write_text(log, "".join(_dump(ev) + "\n" for ev in so_far))
            typer.echo(f"\n{why}: the game so far ({len(so_far)} events) is in {log}",
                       err=True)
        else:
            typer.echo(f"\n{why}: game stopped", err=True)
        _llm_line({**agents, "storyteller": st})
        raise typer.Exit(130)
    if log is not None:
        write_text(log, "".join(_dump(e) + "\n" for e in game.log))
    _llm_line({**agents, "storyteller": st})
    if quiet:
        typer.echo(f"{game.winner} wins: {game.win_reason} "
                   f"(day {game.day}, {sum(p.alive for p in game.players)} alive)")


def _llm_line(agents: dict) -> None:
    """The llm players' calls and tokens, on stderr (nothing when none played)."""
    from .agents.llm import usage_of
    u = usage_of(agents)
    if u is not None:
        typer.echo(f"llm: {u.calls} calls, {u.tokens} tokens ({u.prompt_tokens} prompt, "
                   f"{u.completion_tokens} completion), {u.retries} retries, "
                   f"{len(u.fallbacks)} fallbacks to the reasoning bot", err=True)


@app.command()
def replay(log: Path = typer.Argument(..., help="a log written by `play --log`, a scenario's "
                                      "log, or a web game's exported log (its Event log "
                                      "button)"),
           quiet: bool = typer.Option(False, "--quiet", help="print only the last line, not "
                                      "the narrated game"),
           script: Optional[str] = typer.Option(None, help="the script the game was played on "
                                                "(default: the built-in script the log names, "
                                                "else the characters it lists)")) -> None:
    """Replay a game from its log and check it is identical, event for event."""
    from .characters import REGISTRY
    from .engine.replay import read_log, replay as do_replay
    from .narrate import Narrator

    events = read_log(log)
    game = do_replay(events, REGISTRY, script)
    if not quiet:
        n = Narrator()
        for ev in game.log:
            n(ev)
    old = len(events) - len(game.log)      # a log from before votes had one record
    older = (f" (its {old} per-hand vote events, an older record of what the votes' "
             "events list, checked and set aside)" if old > 0 else "")
    if game.winner is None and game.log and game.log[0].get("grimoire") is not None:
        # A written game whose log stops before the end (a web game still being played, a
        # scenario's last written day): identical as far as it goes.
        when = f"on day {game.day}" if game.phase == "day" else f"in night {game.night}"
        typer.echo(f"replayed {len(game.log)} events: identical to {log} (the game is not "
                   f"over: the log stops {when}){older}")
        return
    typer.echo(f"replayed {len(game.log)} events: identical to {log}{older}")


@scenario_app.command("run")
def scenario_run(paths: list[str] = typer.Argument(..., help="scenario files or folders"),
                 as_json: bool = typer.Option(False, "--json", help="machine-readable result"),
                 verbose: bool = typer.Option(False, "-v", "--verbose",
                                          help="list the passing files too"),
                 strict: bool = typer.Option(False, "--strict", help="list every decision "
                                             "with several legal answers that a file left "
                                             "to the default policy; exit 1 if any"),
                 keep_from: Optional[Path] = typer.Option(
                     None, "--keep-from", help="with --strict: a list of decisions left to "
                     "the default policy on purpose (`<file>: <decision as --strict names "
                     "it>  # why`, as `scenario pin` reads it); those are not counted"),
                 log: Optional[Path] = typer.Option(None, help="write the game's event log "
                                                    "(JSON lines) here: one scenario file only")
                 ) -> None:
    """Run scenario files; exit 0 if every expectation holds, 1 if some fail, 2 if malformed."""
    from .scenario import collect, run_file
    from rich.markup import escape as esc

    from .scenario.loader import ScenarioError

    # Piped output is not wrapped (a terminal wraps long lines itself).
    console = Console(highlight=False, soft_wrap=True)
    files = collect(paths)
    if log is not None and len(files) != 1:
        raise ClocktowerError(f"--log writes one game: give one scenario file, not {len(files)}")
    if log is not None:
        check_output_path(log)
    if keep_from is not None and not strict:
        raise ClocktowerError("--keep-from goes with --strict (it names decisions --strict "
                              "would list)")
    kept: dict[Path, dict[str, str]] = {}
    if keep_from is not None:
        from .scenario.pin import read_keep_list
        kept = read_keep_list(keep_from)        # a ScenarioError names the list and line
    results, errors, details = [], [], []
    for f in files:
        try:
            results.append(run_file(f))
        except ScenarioError as e:
            errors.append(str(e))
            details.append({"file": e.file, "line": e.line, "reason": e.reason})
        except ClocktowerError as e:
            errors.append(f"{f}: {e}")
            details.append({"file": str(f), "line": None, "reason": str(e)})
    failed = [r for r in results if not r.ok]
    if log is not None and results and results[0].game is not None:
        write_text(log, "".join(_dump(e) + "\n" for e in results[0].game.log))
    open_decisions = [(r.file, d) for r in results for d in r.defaulted] if strict else []
    if kept:
        from .scenario.pin import what
        open_decisions = [(f, d) for f, d in open_decisions
                          if what(d) not in kept.get(Path(f).resolve(), {})]
    if as_json:
        print(json.dumps({
            "passed": len(results) - len(failed), "failed": len(failed), "errors": errors,
            "error_details": details,
            "results": [{"file": r.file, "name": r.name, "ok": r.ok,
                         "failures": [{"step": x.step, "expectation": x.expectation,
                                       "line": x.line, "found": x.found, "log": x.log}
                                      for x in r.failures]} for r in results],
            **({"defaulted": [{"file": f, "step": d.step, "kind": d.kind, "who": d.who,
                               "about": d.about, "options": d.options}
                              for f, d in open_decisions]} if strict else {})}, indent=1))
    else:
        for r in results:
            if r.ok:
                if verbose:
                    console.print(f"[green]PASS[/] {esc(str(r.file))}  {esc(r.name)}")
                continue
            console.print(f"[red]FAIL[/] {esc(str(r.file))}  {esc(r.name)}")
            for x in r.failures:
                console.print(f"  line {x.line} ({x.step}): expected {esc(x.expectation)}")
                console.print(f"    found: {esc(x.found)}")
                for ev in x.log:
                    console.print(f"    [dim]{esc(_dump({k: v for k, v in ev.items() if k != 'visible_to'}))}[/]")
        for where, d in open_decisions:
            console.print(f"[yellow]DEFAULT[/] {esc(str(where))}: {esc(d.describe())}")
        for msg in errors:
            console.print(f"[bold red]ERROR[/] {esc(msg)}")
        console.print(f"{len(results) - len(failed)} passed, {len(failed)} failed"
                      + (f", {len(errors)} errors" if errors else "")
                      + (f", {len(open_decisions)} decisions left to the default policy "
                         f"in {len({f for f, _d in open_decisions})} files" if strict else ""))
    if errors:
        raise typer.Exit(2)
    if failed or open_decisions:
        raise typer.Exit(1)


@scenario_app.command("pin")
def scenario_pin(paths: list[str] = typer.Argument(..., help="scenario files or folders"),
                 keep_from: Optional[Path] = typer.Option(
                     None, "--keep-from", help="a list of decisions to leave to the default "
                     "policy on purpose: `<file>: <decision as --strict names it>  # why`"),
                 diff: bool = typer.Option(False, "--diff", help="print the changes as a "
                                           "unified diff; write nothing")) -> None:
    """Write every decision a file leaves to the default policy (the ones `scenario run
    --strict` lists) into the file, as the default policy answered it: the same game, now
    written. Exit 0 if every file could be pinned (or had nothing to pin), 2 if some could
    not (one `ERROR` line each; the others are still written)."""
    import difflib

    from .scenario import collect
    from .scenario.loader import ScenarioError
    from .scenario.pin import pin_text, read_keep_list

    keep = read_keep_list(keep_from) if keep_from is not None else {}
    files = collect(paths)
    pinned = decisions = 0
    errors = []
    for f in files:
        try:
            text = f.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            errors.append(f"{f}: cannot read: {getattr(e, 'strerror', None) or e}")
            continue
        try:
            p = pin_text(text, str(f), frozenset(keep.get(f.resolve(), {})))
        except ScenarioError as e:
            errors.append(str(e))
            continue
        except ClocktowerError as e:
            errors.append(f"{f}: {e}")
            continue
        if not p.decisions:
            continue
        pinned += 1
        decisions += len(p.decisions)
        if diff:
            sys.stdout.write("".join(difflib.unified_diff(
                text.splitlines(keepends=True), p.text.splitlines(keepends=True),
                f"a/{f}", f"b/{f}")))
        else:
            write_text(f, p.text)
            typer.echo(f"PINNED {f}: {p.summary()}")
    for msg in errors:
        typer.echo(f"ERROR {msg}", err=diff)
    typer.echo(f"{pinned} files {'to pin' if diff else 'pinned'} ({decisions} decisions), "
               f"{len(files) - pinned - len(errors)} with nothing to pin"
               + (f", {len(errors)} errors" if errors else ""), err=diff)
    if errors:
        raise typer.Exit(2)


@app.command()
def bench(script: str = typer.Option("trouble-brewing", help="built-in name or script file"),
          players: str = typer.Option("10", help="a player count, or several: 5,10,15"),
          travellers: int = typer.Option(0, min=0, help="Travellers who join too (0-5)"),
          games: int = typer.Option(2000, min=1, help="games at each player count"),
          seed: int = typer.Option(0, help="the first game's seed (game i plays seed + i)"),
          bots: str = typer.Option("random", help="random, reasoning, or both: random,reasoning")
          ) -> None:
    """Full bot games per second on one core (the simulator's speed)."""
    from .sim.bench import build_line, parse_bots, parse_counts, run_bench

    console = Console(highlight=False)
    console.print(build_line())
    for n in parse_counts(players):
        for kind in parse_bots(bots):
            run_bench(script, n, games, seed, console, travellers, kind)


def _register_subcommands() -> None:
    from . import cli_script  # noqa: F401  (adds `clocktower script ...`)
    from . import cli_events  # noqa: F401  (adds `clocktower events`)
    from . import cli_serve  # noqa: F401  (adds `clocktower serve`)
    from . import cli_simulate  # noqa: F401  (adds `clocktower simulate`)
    from . import cli_solve  # noqa: F401  (adds `clocktower solve`)
    from . import cli_bots  # noqa: F401  (adds `clocktower bots report`)
    from . import cli_advise  # noqa: F401  (adds `clocktower advise`, `advise-calibrate`)
    from . import cli_arena  # noqa: F401  (adds `clocktower arena`)


def main() -> None:
    _register_subcommands()
    try:
        app(standalone_mode=True)
    except ClocktowerError as e:
        typer.echo(f"error: {e}", err=True)
        sys.exit(2)
    except OSError as e:                # (a reader that left, `| head`, is click's: quiet)
        if e.filename is not None:      # a file's error is reported where it is opened
            raise
        _quiet_stdout()                 # the output itself failed (`> /dev/full`)
        typer.echo(f"error: could not write the output: {e.strerror or e}", err=True)
        sys.exit(2)


def _quiet_stdout() -> None:
    """After the output failed, nothing more goes to it (not even the flush at exit)."""
    import os
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass
