"""Running a simulation: the games, their seeds, batches, workers, and the out folder.

Determinism. A run is its `Spec` (script, player counts, games per count, Travellers, seed,
policy pairs, baseline, batch size). Game index i (0 <= i < total) is fixed by the spec
alone: the indices go round the policy pairs ("arms") and player counts, so that game g of
every (arm, count) cell has index g * cells + cell. Its seed is `game_seed(run seed,
players, g)`, a hash: the same for every arm, so every policy pair meets the same setups
(common random numbers). A game depends on nothing but its script, player count, Travellers,
seed and policies, never on the process it runs in or what ran before (string hashing does
not change a log: checked across PYTHONHASHSEED values). A batch is the range of indices
[b * batch_size, (b + 1) * batch_size): the unit of work sent to a worker, and the unit
saved in the out folder (`batches/NNNNNN.jsonl`, one record a line, in index order, written
atomically). The summary is computed from the saved batches in index order, so it does not
depend on --jobs, the backend, the order in which batches finished, or on an interruption
and a `--resume`.

A game's seed replays it: `clocktower play --script S --players N --travellers T
--good-bots G --evil-bots E --seed SEED` is the same game (the CSV gives each game's seed
and policies).
"""
from __future__ import annotations

import gc
import hashlib
import importlib
import json
import multiprocessing
import os
import random
import signal
import sys
import threading
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from ..errors import ClocktowerError, SetupError
from ..scripts import Script
from . import baseline as B
from .record import analyse

FORMAT = 3          # 2: records count `acted` (sim/record.py); arms name a Storyteller
                    # 3: records hold the designer measures (confirmed, outsiders_public,
                    #    misinfo, final_day); a run may compare a second script


Arm = tuple[str, ...]       # (good policy, evil policy, Storyteller policy)


def _arm(a: tuple[str, ...]) -> Arm:
    """(good, evil) or (good, evil, storyteller); a pair plays the `auto` Storyteller (the
    baseline's `none` pair: no Storyteller, `none`)."""
    if len(a) == 3:
        return tuple(a)
    if len(a) == 2:
        return (a[0], a[1], "none" if a == ("none", "none") else "auto")
    raise ValueError(f"an arm is (good, evil[, storyteller]), not {a!r}")


@dataclass(frozen=True)
class Spec:
    script: Script | None               # None: the baseline model
    counts: tuple[int, ...]
    games: int                          # games per (policy pair, player count)
    travellers: int = 0
    seed: int = 0
    # (good, evil[, storyteller]); [0] is the primary arm
    arms: tuple[tuple[str, ...], ...] = (("random", "random", "auto"),)
    baseline: str | None = None
    batch_size: int = 100
    # the sensitivity panel: `sens_games` games a count (game g = 0 .. sens_games-1, the same
    # seeds as the primary arm's first games) for each of `sens_arms`
    sens_games: int = 0
    sens_arms: tuple[tuple[str, ...], ...] = ()
    # an A/B run: script B, played with the primary arm on the same seeds as the script
    # (`--compare B.json`, or the script with `swap` [old, new] pairs: `--swap old=new`)
    variant: Script | None = None
    swap: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "arms", tuple(_arm(a) for a in self.arms))
        object.__setattr__(self, "sens_arms", tuple(_arm(a) for a in self.sens_arms))
        if self.sens_games > self.games or (self.sens_arms and self.sens_games < 1):
            raise ValueError(f"sensitivity: {self.sens_games} games a count, of {self.games}")

    @property
    def all_arms(self) -> tuple[Arm, ...]:
        """The run's arms, then the sensitivity panel's (a record's `arm` indexes this)."""
        return self.arms + self.sens_arms

    @property
    def cells(self) -> int:
        """Games a round of g: every (arm, count), then script B's counts (an A/B run)."""
        return len(self.counts) * (len(self.arms) + (self.variant is not None))

    @property
    def main_total(self) -> int:
        """Games of the run's own arms: indices 0 .. main_total-1; the panel's come after."""
        return self.games * self.cells

    @property
    def total(self) -> int:
        return self.main_total + self.sens_games * len(self.counts) * len(self.sens_arms)

    @property
    def n_batches(self) -> int:
        return -(-self.total // self.batch_size)

    def batch_range(self, b: int) -> range:
        return range(b * self.batch_size, min((b + 1) * self.batch_size, self.total))

    def locate(self, i: int) -> tuple[int, int, int]:
        """(g, player count, arm) of game index i (arm: an index into `all_arms`; script
        B's games play arm 0, `is_variant` tells them apart)."""
        if i < self.main_total:
            g, cell = divmod(i, self.cells)
            arm, k = divmod(cell, len(self.counts))
            return g, self.counts[k], 0 if arm == len(self.arms) else arm
        g, cell = divmod(i - self.main_total, len(self.counts) * len(self.sens_arms))
        arm, k = divmod(cell, len(self.counts))
        return g, self.counts[k], len(self.arms) + arm

    def is_variant(self, i: int) -> bool:
        """Whether game index i plays script B (an A/B run)."""
        return (self.variant is not None and i < self.main_total
                and i % self.cells >= len(self.counts) * len(self.arms))

    def script_for(self, i: int) -> Script | None:
        return self.variant if self.is_variant(i) else self.script

    def to_json(self) -> dict:
        """What identifies the run (the manifest; resume checks it)."""
        sc = self.script
        return {"format": FORMAT,
                "script": None if sc is None else {"name": sc.name, "characters": sc.characters,
                                                   "source": sc.source},
                "players": list(self.counts), "games": self.games,
                "travellers": self.travellers, "seed": self.seed,
                "arms": [arm_json(a) for a in self.arms],
                "sensitivity": None if not self.sens_arms else {
                    "games": self.sens_games, "arms": [arm_json(a) for a in self.sens_arms]},
                "compare": None if self.variant is None else {
                    "script": {"name": self.variant.name,
                               "characters": self.variant.characters,
                               "source": self.variant.source},
                    "swap": [list(x) for x in self.swap] or None},
                "baseline": self.baseline, "batch_size": self.batch_size}


def arm_json(a: Arm) -> dict:
    return {"good": a[0], "evil": a[1], "storyteller": a[2]}


def game_seed(run_seed: int, players: int, g: int) -> int:
    """The seed of game g at `players` players in a run seeded `run_seed` (32 bits)."""
    h = hashlib.sha256(f"clocktower simulate:{run_seed}:{players}:{g}".encode()).digest()
    return int.from_bytes(h[:4], "big")


def play_seeded(script: Any, players: int, seed: int, good: str, evil: str, st: str,
                travellers: int = 0, what: str = "game", agents: dict | None = None) -> Any:
    """One game of a run (simulate's, the arena's) played to its end by the team policies
    `good` and `evil` (or the given `agents`) and the Storyteller policy `st`. Returns the
    finished game, or the setup's refusal (a str) when the seed's deal cannot be seated. An
    exception while playing is an engine bug: raised again naming the game, to replay it."""
    from ..agents.policies import make_agents
    from ..engine.runner import play
    from ..play import NAMES, new_game
    from ..storyteller import storyteller_policy
    if agents is None:
        agents = make_agents(NAMES[:players + travellers], seed, good, evil)
    try:
        game = new_game(script, players, seed, agents=agents,
                        storyteller=storyteller_policy(st, seed), travellers=travellers)
    except SetupError as e:
        return str(e)
    try:
        play(game)
    except Exception as e:          # an engine bug: say which game, to replay it
        raise RuntimeError(f"{what} ({script.name}, seed {seed}, {players} players, "
                           f"{travellers} Travellers, good {good}, evil {evil}, "
                           f"Storyteller {st}) failed: {e!r}") from e
    return game


def run_one(spec: Spec, i: int) -> dict:
    """Play game index i of the run and return its record (record.py)."""
    g, n, arm = spec.locate(i)
    seed = game_seed(spec.seed, n, g)
    rec: dict[str, Any] = {"i": i, "seed": seed, "players": n, "travellers": spec.travellers,
                           "arm": arm}
    script = spec.script_for(i)
    if spec.is_variant(i):
        rec["variant"] = 1
    if spec.baseline is not None:
        res = B.play(n, random.Random(seed))
        m = B.minions(n)
        rec.update(chars=[], trav=[], outsiders=0, winner=res["winner"], code=res["code"],
                   ability=None, ending=res["code"], days=res["days"], final3=res["final3"],
                   impact={}, minions=m)
        return rec
    assert script is not None
    good, evil, st = spec.all_arms[arm]
    game = play_seeded(script, n, seed, good, evil, st, spec.travellers, what=f"game {i}")
    if isinstance(game, str):
        rec["error"] = game
        return rec
    rec.update(analyse(game.log))
    game.dispose()              # freed now, not by the cycle collector (Game.dispose)
    return rec


def run_batch(spec: Spec, b: int) -> list[dict]:
    """The records of batch b, in index order."""
    from .bench import batch_gc
    with batch_gc():
        return [run_one(spec, i) for i in spec.batch_range(b)]


# ---- the out folder ---------------------------------------------------------------------

class Store:
    """`OUT/manifest.json` (the spec) and `OUT/batches/NNNNNN.jsonl` (finished batches).
    `spec`: a simulation's `Spec`, or another with `to_json`, `n_batches` and `batch_range`
    (the arena's `ArenaSpec`)."""

    def __init__(self, out: Path):
        self.out = Path(out)
        self.batches = self.out / "batches"
        self.manifest = self.out / "manifest.json"

    def prepare(self) -> None:
        """Create the folders, or say in one line why they cannot be."""
        try:
            self.batches.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError):
            raise ClocktowerError(f"--out {self.out}: not a folder (a file is in the way)") from None
        except OSError as e:
            raise ClocktowerError(f"--out {self.out}: cannot create it: {e.strerror or e}") from None
        probe = self.out / ".write-test"
        try:
            probe.write_text("")
            probe.unlink()
        except OSError as e:
            raise ClocktowerError(f"--out {self.out}: cannot write there: {e.strerror or e}") from None

    def read_manifest(self) -> dict | None:
        if not self.manifest.exists():
            return None
        try:
            return json.loads(self.manifest.read_text("utf-8"))
        except (OSError, ValueError) as e:
            raise ClocktowerError(f"{self.manifest}: unreadable manifest ({e})") from None

    def write_manifest(self, spec: Any) -> None:
        from ..fileio import write_text
        write_text(self.manifest, json.dumps(spec.to_json(), indent=1, sort_keys=True) + "\n")

    def path(self, b: int) -> Path:
        return self.batches / f"{b:06d}.jsonl"

    def finished(self, spec: Any) -> set[int]:
        """Batches saved whole (a batch file is written atomically: present means whole),
        from one listing of the folder (not a look per batch: a run of a million batches
        starts at once)."""
        out: set[int] = set()
        n = spec.n_batches
        try:
            entries = list(os.scandir(self.batches))
        except FileNotFoundError:
            return out
        for e in entries:
            stem, dot, ext = e.name.partition(".")
            if ext == "jsonl" and len(stem) >= 6 and stem.isdigit() and int(stem) < n:
                out.add(int(stem))
        return out

    # what a run writes in its folder (anything else there was not written by the simulator)
    OWN = frozenset({"manifest.json", "batches", "summary.json", "games.csv", "report.html",
                     "win_rate.png", "characters.png", "impact.png", "sessions.jsonl",
                     "script-b.json", ".write-test"})

    def foreign(self) -> list[str]:
        """The entries of the out folder that a run does not write, sorted."""
        if not self.out.is_dir():
            return []
        return sorted(e.name for e in os.scandir(self.out) if e.name not in self.OWN)

    def save(self, b: int, records: list[dict]) -> None:
        from ..fileio import write_text
        write_text(self.path(b), "".join(json.dumps(r, sort_keys=True, separators=(",", ":"))
                                         + "\n" for r in records))

    def records(self, spec: Any) -> Iterator[dict]:
        """Every record of the run, in index order."""
        for b in range(spec.n_batches):
            p = self.path(b)
            lines = p.read_text("utf-8").splitlines()
            want = list(spec.batch_range(b))
            recs = [json.loads(x) for x in lines]
            if [r.get("i") for r in recs] != want:
                raise ClocktowerError(f"{p}: holds games {recs[0].get('i') if recs else '-'}.. "
                                      f"not {want[0]}..{want[-1]}: the batch file was edited "
                                      "or belongs to another run")
            yield from recs


def spec_differences(old: dict, new: dict) -> list[str]:
    """What differs between two runs' specs, each item short (one line in all)."""
    out = []
    for k in sorted(set(old) | set(new)):
        a, b = old.get(k), new.get(k)
        if a == b:
            continue
        if k == "script" and isinstance(a, dict) and isinstance(b, dict):
            gone = [c for c in a.get("characters", []) if c not in b.get("characters", [])]
            came = [c for c in b.get("characters", []) if c not in a.get("characters", [])]
            if a.get("name") != b.get("name"):
                out.append(f"script: {a.get('name')} then, {b.get('name')} now"
                           + (f" ({len(gone) + len(came)} characters differ)"
                              if gone or came else ""))
            elif gone or came:
                out.append("script characters: " + ", ".join(
                    [f"+{c}" for c in came] + [f"-{c}" for c in gone]))
            if a.get("source") != b.get("source") and not (gone or came):
                out.append(f"script source: {a.get('source')} then, {b.get('source')} now")
        elif k == "script":
            out.append(f"script: {(a or {}).get('name', 'none (the baseline)')} then, "
                       f"{(b or {}).get('name', 'none (the baseline)')} now")
        elif k == "arms" and isinstance(a, list) and isinstance(b, list):
            out.append(f"policies: {_arms_text(a)} then, {_arms_text(b)} now")
        elif k == "sensitivity":
            out.append(f"sensitivity: {_sens_text(a)} then, {_sens_text(b)} now")
        elif k == "compare":
            out.append(f"compare: {_compare_text(a)} then, {_compare_text(b)} now")
        else:
            out.append(f"{k}: {a!r} then, {b!r} now")
    return out


def _arms_text(arms: list) -> str:
    return " + ".join(f"good {a.get('good')}/evil {a.get('evil')}/Storyteller "
                      f"{a.get('storyteller', 'auto')}" for a in arms)


def _compare_text(c: Any) -> str:
    if not c:
        return "none"
    if c.get("swap"):
        return "swap " + ",".join(f"{x}={y}" for x, y in c["swap"])
    return str((c.get("script") or {}).get("name"))


def _sens_text(s: Any) -> str:
    return "none" if not s else f"{s.get('games')} games a count"


# ---- executors --------------------------------------------------------------------------

Done = Callable[[int, list[dict]], None]
# What a worker runs: `work(spec, b)` -> batch b's records (a module-level function, so that
# pool and Ray workers can import it): `run_batch` for a simulation, `arena.run_batch` ...
Work = Callable[[Any, int], list[dict]]


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the main process, which saves what they finish."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_serial(spec: Any, todo: list[int], on_done: Done, work: Work = run_batch) -> None:
    for b in todo:
        on_done(b, work(spec, b))


def start_pool(jobs: int) -> ProcessPoolExecutor:
    """The `jobs` worker processes of `run_processes`, started now.

    Forked, on Linux while this process runs no other thread (call it before a progress
    bar starts its own): each worker starts with the engine imported and warm, as this
    process has it. Spawned otherwise (another thread running, another system), each worker
    imports the engine again: about 0.15-0.2 s of CPU each, a seventh of a 2,000-game run's
    work at 10 players, which made `--jobs 2` slower than `--jobs 1` on short runs. A game
    depends on nothing but its spec and index (module docstring), so both give the same
    records. The objects alive now are frozen out of the collector before the fork (and
    unfrozen here after), so that the workers' collections do not touch, and copy, the
    pages they share with this process."""
    fork = sys.platform.startswith("linux") and threading.active_count() == 1
    ctx = multiprocessing.get_context("fork" if fork else "spawn")
    ex = ProcessPoolExecutor(jobs, mp_context=ctx, initializer=_ignore_sigint)
    if fork:
        from ..play import play_game    # noqa: F401  (imported before the fork: warm)
        gc.freeze()
        try:
            ex.submit(int).result()     # a fork context starts every worker at the first submit
        finally:
            gc.unfreeze()
    return ex


def run_processes(spec: Any, todo: list[int], jobs: int, on_done: Done,
                  work: Work = run_batch, pool: ProcessPoolExecutor | None = None) -> None:
    """A pool of `jobs` processes (`pool`, from `start_pool`, or started here), a few batches
    in flight each. On Ctrl-C: pending batches are cancelled, running ones finish and are
    saved (a second Ctrl-C stops at once), then KeyboardInterrupt goes on up."""
    queue = iter(todo)
    with pool if pool is not None else start_pool(jobs) as ex:
        pending: dict[Future, int] = {}

        def fill() -> None:
            while len(pending) < 2 * jobs:
                b = next(queue, None)
                if b is None:
                    return
                pending[ex.submit(work, spec, b)] = b
        fill()
        try:
            while pending:
                done, _ = wait(list(pending), return_when=FIRST_COMPLETED)
                for f in sorted(done, key=lambda f: pending[f]):
                    on_done(pending.pop(f), f.result())
                fill()
        except KeyboardInterrupt:
            for f in list(pending):
                if f.cancel():
                    del pending[f]
            try:
                for f in sorted(pending, key=lambda f: pending[f]):
                    on_done(pending[f], f.result())
            except KeyboardInterrupt:
                pass
            raise


RAY_MISSING = ("--backend ray needs Ray, an optional extra: pip install 'clocktower[ray]' "
               "(or pip install ray)")


def import_ray() -> Any:
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise ClocktowerError(RAY_MISSING) from None


def run_ray(spec: Any, todo: list[int], jobs: int, address: str | None, on_done: Done,
            work: Work = run_batch) -> None:
    """The same batches as Ray tasks: on the cluster at `address`, or on a local Ray started
    here with `jobs` CPUs (stopped at the end). The cluster's nodes need clocktower installed."""
    # Ray's usage statistics are sent to its makers unless disabled: a simulation sends nothing
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    ray = import_ray()
    started = not ray.is_initialized()
    if started:
        kw: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                              "configure_logging": False}
        if address:
            ray.init(address=address, **kw)
        else:
            ray.init(num_cpus=jobs, **kw)
    try:
        task = ray.remote(num_cpus=1, max_retries=0)(work)
        ref = ray.put(spec)
        window = 2 * jobs if not address else max(2 * jobs, 2 * int(
            ray.cluster_resources().get("CPU", jobs)))
        queue = iter(todo)
        pending: dict[Any, int] = {}

        def fill() -> None:
            while len(pending) < window:
                b = next(queue, None)
                if b is None:
                    return
                pending[task.remote(ref, b)] = b
        fill()
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            for r in done:
                on_done(pending.pop(r), ray.get(r))
            fill()
    finally:
        if started:
            ray.shutdown()


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
