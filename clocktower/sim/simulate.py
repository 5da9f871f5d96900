"""`clocktower simulate`: a run from its spec to the files in the out folder.

`simulate(spec, out, ...)` plays the batches not yet saved in `out` (all of them for a new
run), on this process (`jobs=1`), a process pool, or Ray, with a progress bar; saves each
finished batch; then reads every batch in index order and writes `summary.json`,
`games.csv`, the plots and `report.html`. See run.py for the determinism design and
docs/simulator.md for the files.
"""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Callable

from rich.console import Console
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                           TimeElapsedColumn, TimeRemainingColumn)

from ..errors import ClocktowerError, SetupError
from . import report as R
from .run import (Spec, Store, Work, game_seed, run_batch, run_processes, run_ray,
                  run_serial, spec_differences)
from .summary import summarise


class Interrupted(Exception):
    """Ctrl-C: the finished batches are saved; `--resume` continues."""

    def __init__(self, saved: int, total: int, out: Path):
        self.saved, self.total, self.out = saved, total, out
        super().__init__(f"interrupted: {saved} of {total} batches saved in {out}; the same "
                         "command with --resume continues")


def parse_players(text: str) -> tuple[int, ...]:
    """'7-15', '10', '5,7,9' or '5-7,10': player counts from 5 to 15, each once, in order."""
    out: list[int] = []
    bad = ClocktowerError(f"--players {text!r}: give player counts from 5 to 15 as a number, "
                          "a range or a list (10, 7-15, 5,7,9)")
    for part in text.split(","):
        part = part.strip()
        lo, sep, hi = part.partition("-")
        if not lo.strip().isdigit() or (sep and not hi.strip().isdigit()):
            raise bad
        a, b = int(lo), int(hi) if sep else int(lo)
        if not (5 <= a <= 15 and 5 <= b <= 15) or a > b:
            raise bad
        out += [n for n in range(a, b + 1) if n not in out]
    return tuple(sorted(out))


def probe(spec: Spec) -> None:
    """Refuse, before any work, a player count that the script never seats (its first few
    seeds all fail); a count that only some setups cannot seat is played, and those games
    are counted apart (summary.json's unseated)."""
    from ..play import new_game
    for script in (spec.script, spec.variant):
        if script is None:
            continue
        for n in spec.counts:
            msg = ""
            for g in range(8):
                try:
                    new_game(script, n, game_seed(spec.seed, n, g), travellers=spec.travellers)
                    break
                except SetupError as e:
                    msg = str(e)
            else:
                raise ClocktowerError(f"{script.name} at {n} players: {msg}")


def simulate(spec: Spec, out: Path, jobs: int = 1, backend: str = "process",
             ray_address: str | None = None, resume: bool = False,
             console: Console | None = None, show: bool = True,
             where: list[str] | None = None) -> dict:
    console = console or Console(highlight=False)
    store = Store(out)
    done = open_run(spec, store, resume, lambda: probe(spec))
    execute(spec, store, done, jobs, backend, ray_address, console, show)
    return finish(spec, store, console, show, where)


def open_run(spec: Any, store: Store, resume: bool, check: Callable[[], None]) -> set[int]:
    """Open the out folder for `spec` (a new run, or `resume` the run it holds), refusing in
    one line what would overwrite or mix with files that are not this run's; `check()` runs
    before the manifest is written (a spec that cannot be played is refused before any file
    is). Returns the batches already saved. `spec`: a simulation's `Spec` or any spec with
    the same `to_json`, `n_batches` and `batch_range` (the arena's)."""
    out = store.out
    if resume and store.read_manifest() is None:
        raise ClocktowerError(f"--resume: {out} holds no run to continue (no manifest.json); "
                              "leave out --resume to start one")
    if store.read_manifest() is None:
        # with no manifest, nothing here is a run's: the user's own files (an empty batches
        # folder is what a refused start leaves, nothing to lose)
        theirs = store.foreign() + [
            f for f in sorted(store.OWN) if f != ".write-test" and (store.out / f).exists()
            and not (f == "batches" and store.out.joinpath(f).is_dir()
                     and not any(store.batches.iterdir()))]
        if theirs:
            shown = ", ".join(theirs[:5]) + (f" and {len(theirs) - 5} more" if len(theirs) > 5
                                             else "")
            raise ClocktowerError(f"--out {out} holds files the simulator did not write "
                                  f"({shown}) and no run (no manifest.json): a run would "
                                  "overwrite or mix with them; choose a new or empty folder")
    check()                     # a script or count that cannot be played: refused, nothing made
    store.prepare()
    new = spec.to_json()
    old = store.read_manifest()
    if old is not None:
        if not resume:
            k = len(store.finished(spec)) if not spec_differences(old, new) else "some"
            raise ClocktowerError(f"--out {out} holds a run already ({k} batches saved): "
                                  "--resume continues it, or choose another --out")
        diffs = spec_differences(old, new)
        if diffs:
            raise ClocktowerError(f"--resume: {out} holds another run ("
                                  + "; ".join(diffs) + ")")
    if old is None:
        store.write_manifest(spec)
    return store.finished(spec)


def execute(spec: Any, store: Store, done: set[int], jobs: int, backend: str,
            ray_address: str | None, console: Console, show: bool = True,
            work: Work = run_batch, label: str = "simulate") -> int:
    """Play the batches of `spec` not in `done` with `work` (run.py's executors: this
    process, a pool of `jobs` processes, or Ray), saving each as it finishes
    (`store.save`), with a progress bar and a line in sessions.jsonl; Ctrl-C raises
    `Interrupted` once the finished batches are saved. Returns the games played."""
    todo = [b for b in range(spec.n_batches) if b not in done]
    if done and show:
        console.print(f"resuming: {len(done)} of {spec.n_batches} batches already saved")
    saved = len(done)
    cpu0 = _cpu()
    start = time.perf_counter()
    played = 0
    cols = (TextColumn(f"[bold]{label}[/]"), BarColumn(), MofNCompleteColumn(),
            TextColumn("games · {task.fields[rate]} games/s"), TimeElapsedColumn(),
            TimeRemainingColumn())
    with Progress(*cols, console=console, transient=True, disable=not show) as prog:
        task = prog.add_task("games", total=spec.total,
                             completed=sum(len(spec.batch_range(b)) for b in done), rate="-")

        def on_done(b: int, records: list[dict]) -> None:
            nonlocal saved, played
            store.save(b, records)
            saved += 1
            played += len(records)
            el = time.perf_counter() - start
            prog.update(task, advance=len(records), rate=f"{played / el:.0f}" if el else "-")
        def session(interrupted: bool) -> None:
            seconds = time.perf_counter() - start
            cpu = _cpu() - cpu0
            _log_session(store, {"jobs": jobs, "backend": backend,
                                 "batches": saved - len(done), "games": played,
                                 "seconds": round(seconds, 3),
                                 "games_per_second": round(played / seconds, 2)
                                 if seconds else None,
                                 "cpu_seconds": round(cpu, 3) if backend == "process" else None,
                                 "interrupted": interrupted})
        try:
            if backend == "ray":
                run_ray(spec, todo, jobs, ray_address, on_done, work)
            elif jobs <= 1:
                run_serial(spec, todo, on_done, work)
            else:
                run_processes(spec, todo, jobs, on_done, work)
        except KeyboardInterrupt:
            session(True)
            raise Interrupted(saved, spec.n_batches, store.out) from None
        except BaseException:
            session(True)
            raise
        session(False)
    seconds = time.perf_counter() - start
    cpu = _cpu() - cpu0
    if show and played:
        per_cpu = (f", {played / cpu:.0f} per CPU second" if backend == "process" and cpu > 0
                   else "")
        from .. import _compiled
        build = "compiled build" if _compiled.build().compiled else "pure Python build"
        console.print(f"{played} games in {seconds:.1f} s ({played / seconds:.0f} games/s, "
                      f"{jobs} {'Ray ' if backend == 'ray' else ''}job{'s' if jobs > 1 else ''}"
                      f"{per_cpu}; {build})")
    return played


def finish(spec: Spec, store: Store, console: Console, show: bool = True,
           where: list[str] | None = None) -> dict:
    """summary.json, games.csv, the plots and report.html, from the saved batches."""
    from ..fileio import write_text
    new = spec.to_json()
    from ..data import teams
    team = teams()

    def dealt(script: Any) -> list[str]:        # Travellers: seen ones, as id:alignment rows
        return [] if script is None else [c for c in script.characters
                                          if team.get(c) != "traveller"]
    out = store.out
    source = None if spec.script is None else spec.script.source
    source_b = None
    if spec.variant is not None:
        source_b = spec.variant.source
        if spec.swap:           # script B exists nowhere else: written here, to replay from
            from ..scripts import dump_script
            write_text(out / "script-b.json", dump_script(spec.variant))
            source_b = str(out / "script-b.json")
    if where:
        from .summary import WhereError, parse_where
        for w in where:
            try:
                parse_where(w, dealt(spec.script))
            except WhereError as e:
                raise ClocktowerError(str(e)) from None
    with R.CsvWriter(out / "games.csv", list(spec.all_arms), source, source_b) as rows:
        summary = summarise(new, rows.tee(store.records(spec)), dealt(spec.script),
                            where, dealt(spec.variant))
    write_text(out / "summary.json", json.dumps(summary, indent=1, sort_keys=True) + "\n")
    plots = R.write_plots(summary, out)
    page = R.write_html(summary, out, plots)
    if show:
        R.print_tables(summary, console)
        console.print(f"wrote {out / 'summary.json'}, {out / 'games.csv'}, "
                      + ", ".join(str(p) for p, _ in plots) + f" and {page}")
    return summary


def _cpu() -> float:
    """CPU seconds used by this process and its finished children (the pool's workers)."""
    import resource
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _log_session(store: Store, entry: dict[str, Any]) -> None:
    """OUT/sessions.jsonl: one line per invocation (speed, jobs); not part of the summary."""
    with open(store.out / "sessions.jsonl", "a", encoding="utf-8") as f:
        f.write(json.dumps(entry, sort_keys=True) + "\n")
