"""The Storyteller's decision support: the standing, and what each option would do.

`advise(game)` (also `clocktower.advise`) answers two questions from rollouts
(`storyteller/forecast.py`: the rest of the game played by bots from this point):

* **the standing**: good's chance of winning from here (the pending decision, if any,
  answered as the automatic Storyteller would);
* **each option's effect** when a Storyteller decision is pending: good's chance after each
  option, or after each group of equivalent options when there are many (`groups`).

Rollouts run in a pool of worker processes (`Rollouts`: forked workers, each rebuilding the
game from its log), one rollout per task, round robin over the groups, so every figure
refines as results arrive (`on_update`); `Rollouts.stop()` ends the work (the decision was
answered, the budget ran out). Rollout `i` has the same seed for every option (common
random numbers), and the figures are the same for the same seed whatever the order in
which the workers finish.

Groups whose 95% intervals overlap (directly or through a chain) share a tier and are shown
as equivalent, not ranked (`forecast.overlap_tiers`).
"""
from __future__ import annotations

import multiprocessing
import random
import time
import zlib
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from .. import data as D
from ..engine.decisions import Decision
from ..engine.game import Game
from ..errors import ClocktowerError
from .forecast import (_NOTHING, Bots, Point, Tally, overlap_tiers, point_of, probe,
                       probe_next, rollout, worker_gc)

ROLLOUTS = 200          # default rollouts per group
WORKERS = 2             # default worker processes
MAX_GROUPS = 12         # options listed one by one up to this many; else grouped or sampled


# ---------------------------------------------------------------------------- groups
@dataclass
class Group:
    """Options of a decision counted together: `label` says what they have in common."""
    label: str
    options: list = field(default_factory=list)

    def option_for(self, index: int) -> Any:
        """The option rollout `index` plays (seeded: the same for the same index)."""
        if len(self.options) == 1:
            return self.options[0]
        return self.options[zlib.crc32(f"pick:{index}".encode()) % len(self.options)]


def _named(option: Any) -> tuple[list[str], list[str]]:
    """(players, characters) an option names (its `player(s)`, `character(s)` fields)."""
    players: list[str] = []
    chars: list[str] = []
    if isinstance(option, dict):
        for k, v in option.items():
            vals = v if isinstance(v, list) else [v]
            if k in ("player", "players"):
                players += [x for x in vals if isinstance(x, str)]
            elif k in ("character", "characters"):
                chars += [x for x in vals if isinstance(x, str)]
    elif isinstance(option, list):
        players += [x for x in option if isinstance(x, str)]
    return players, chars


def _team(cid: str) -> str:
    try:
        return D.get(cid).team
    except Exception:       # noqa: BLE001: an id the data does not know
        return "other"


def describe_option(option: Any) -> str:
    from .human import describe_answer
    return describe_answer(option)


def groups(decision: Decision, game: Game, within: list | None = None
           ) -> tuple[list[Group], str]:
    """The decision's options in groups and a note on how they were grouped. Up to
    MAX_GROUPS options: one group each. Information (`info`, with its true options first):
    by truth and by what the answer points at (an evil player, only good players, a
    character not in play; a number or other value by itself). A registration: by the team
    and alignment registered. Otherwise a seeded sample of MAX_GROUPS options, one each.
    `within`: only these options (a group opened: its options grouped again, or one each)."""
    indexed = [(i, decision.option(i)) for i in range(decision.n_options())]
    if within is not None:
        indexed = [(i, o) for i, o in indexed if o in within]
    opts = [o for _, o in indexed]
    n = len(opts)
    if n <= MAX_GROUPS:
        return [Group(describe_option(o), [o]) for o in opts], "each option"
    by_name = game.by_name
    out: dict[str, Group] = {}
    if within is not None:
        pass                # an opened group: a sample of its options, one each (below)
    elif decision.kind == "info":
        n_true = decision.n_true or 0
        learner = decision.context.get("player")
        for i, o in indexed:
            players, chars = _named(o)
            others = [p for p in players if p != learner and p in by_name]
            if chars and not any(game.in_play(c) for c in chars):
                aim = "names a character not in play"
            elif any(by_name[p].alignment == "evil" for p in others):
                aim = "points at an evil player"
            elif others:
                aim = "points at good players"
            elif chars:
                aim = "names a character in play"
            else:
                aim = describe_option(o)
            label = f"{'true' if i < n_true else 'false'}: {aim}"
            out.setdefault(label, Group(label)).options.append(o)
        how = "by truth and by what the answer points at"
    elif decision.kind == "register":
        for o in opts:
            players, chars = _named(o)
            team = _team(chars[0]) if chars else "?"
            label = f"registers as {o.get('alignment', '?') if isinstance(o, dict) else '?'} " \
                    f"{team}"
            out.setdefault(label, Group(label)).options.append(o)
        how = "by the team and alignment registered"
    if out and len(out) <= 2 * MAX_GROUPS:
        return list(out.values()), how
    rng = random.Random(zlib.crc32(f"sample:{game.seed}:{game.n_decisions}".encode()))
    picked = sorted(rng.sample(range(n), MAX_GROUPS))
    return [Group(describe_option(opts[i]), [opts[i]]) for i in picked], \
        f"a seeded sample of {MAX_GROUPS} of the {n} options, one each"


# ---------------------------------------------------------------------------- the pool
_W: dict = {}


def _init(point: Point, options: list, bots: Bots, seed: int, worker: bool = False) -> None:
    if worker:
        # A worker forked from a server inherits its signal handlers (uvicorn's SIGTERM and
        # SIGINT handlers would keep it alive): the defaults, so that `stop()` ends it.
        import signal
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        worker_gc()     # the rollouts' games are freed by `rollout` itself
    _W.update(point=point, options=options, bots=bots, seed=seed)


def _task(task: tuple[int, int]) -> tuple[int, int, str]:
    g, i = task
    grp = _W["options"][g]
    option = _NOTHING if grp is None else grp.option_for(i)
    try:
        return g, i, rollout(_W["point"], i, option, _W["bots"], _W["seed"])
    except Exception as e:
        # Sent back from a worker as a plain error (the engine's own may not pickle, and an
        # unpicklable one would stop the pool's result handler: a hung run).
        raise ClocktowerError(f"rollout {i} from decision {_W['point'].upto} failed: "
                              f"{type(e).__name__}: {e}") from None


def _batch(index: int) -> list[tuple[int, int, str]]:
    """Rollout `index` of every target: a worker's task (one message each way for all the
    targets, not one a rollout: the pool's own cost per task was about a tenth of a
    rollout's CPU, in the parent that shares the two cores with the workers)."""
    return [_task((g, index)) for g in range(len(_W["options"]))]


class Rollouts:
    """Rollouts from `point` for each of `targets` (a Group, or None: the standing), `n`
    each, in `workers` processes (0: in this process), round robin (a worker's task is one
    rollout index for every target). Iterate for `(target index, rollout index, winner)` as
    they arrive; `stop()` ends the work."""

    def __init__(self, point: Point, targets: list[Group | None], n: int, bots: Bots,
                 seed: int = 0, workers: int = WORKERS):
        self.point, self.targets, self.n = point, targets, n
        self.bots, self.seed, self.workers = bots, seed, workers
        self._pool: Any = None
        self.stopped = False

    def tasks(self) -> list[tuple[int, int]]:
        return [(g, i) for i in range(self.n) for g in range(len(self.targets))]

    def __iter__(self) -> Iterator[tuple[int, int, str]]:
        if self.workers <= 0:
            from ..sim.bench import batch_gc
            _init(self.point, self.targets, self.bots, self.seed)
            with batch_gc():
                for t in self.tasks():
                    if self.stopped:
                        return
                    yield _task(t)
            return
        ctx = multiprocessing.get_context("fork")
        self._pool = ctx.Pool(self.workers, initializer=_init,
                              initargs=(self.point, self.targets, self.bots, self.seed, True))
        try:
            for batch in self._pool.imap_unordered(_batch, range(self.n), chunksize=1):
                for r in batch:
                    if self.stopped:
                        return
                    yield r
        finally:
            self.stop()

    def stop(self) -> None:
        """End the work now (the workers are terminated)."""
        self.stopped = True
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None


# ---------------------------------------------------------------------------- advice
@dataclass
class Advice:
    """The standing and, for a pending Storyteller decision, each group's effect."""
    standing: Tally
    decision: Decision | None = None
    title: str = ""
    groups: list[Group] = field(default_factory=list)
    tallies: list[Tally] = field(default_factory=list)
    how: str = ""
    seconds: float = 0.0
    first: float | None = None          # seconds to the first figure for every group
    done: bool = False

    @property
    def tiers(self) -> list[int]:
        return overlap_tiers(self.tallies)

    def to_json(self) -> dict:
        tiers = self.tiers
        return {"standing": self.standing.to_json(), "decision": self.title or None,
                "grouped": self.how or None, "seconds": round(self.seconds, 3),
                "done": self.done,
                "options": [{"label": g.label, "options": len(g.options), "tier": tiers[k],
                             **t.to_json()} for k, (g, t) in
                            enumerate(zip(self.groups, self.tallies))]}

    def table(self) -> Any:
        """The options as a rich table: good's chance with its interval, the tier ('='
        marks options equivalent to the one above, intervals overlapping)."""
        from rich.table import Table
        t = Table(title=f"good's chance after each option: {self.title}" if self.title
                  else None, title_justify="left")
        t.add_column("tier", justify="right")
        t.add_column("option" + (f" ({self.how})" if self.how else ""))
        t.add_column("options", justify="right")
        t.add_column("good wins", justify="right")
        t.add_column("95% interval", justify="right")
        t.add_column("rollouts", justify="right")
        tiers = self.tiers
        order = sorted(range(len(self.groups)), key=lambda k: (tiers[k], -self.tallies[k].chance
                                                               if self.tallies[k].n else 0))
        last = None
        for k in order:
            g, tl = self.groups[k], self.tallies[k]
            lo, hi = tl.interval
            mark = "=" if tiers[k] == last else str(tiers[k] + 1)
            last = tiers[k]
            t.add_row(mark, g.label, str(len(g.options)),
                      f"{tl.chance:.0%}" if tl.n else "-", f"{lo:.0%}-{hi:.0%}", str(tl.n))
        return t


def advise(game: Any, decision: Decision | None = None, rollouts: int = ROLLOUTS,
           bots: Bots = Bots(), seed: int = 0, workers: int = WORKERS,
           budget: float | None = None, on_update: Callable[[Advice], Any] | None = None,
           should_stop: Callable[[], bool] | None = None, point: Point | None = None,
           within: list | None = None) -> Advice:
    """Good's chance from here, by rollouts: the standing and, when `decision` (a
    Storyteller decision `game` is asking now; a `Session`'s pending one when `game` is a
    Session) is given, each option's effect (`groups`). `rollouts` per figure, in `workers`
    processes; `budget` seconds at most; `on_update(advice)` after each result;
    `should_stop()` checked after each result (the decision was answered). `point`: start
    from a log's point instead of `game` (then `game` may be None: `clocktower advise LOG`).
    `within`: only these options of the decision (a group opened: `Group.options`)."""
    from ..engine.session import Session

    if isinstance(game, Session):
        d = game.pending()
        if decision is None and d is not None and d.who == "storyteller":
            decision = d
        game = game.game
    if point is None:
        if game is None:
            raise ClocktowerError("advise: no game")
        if game.winner is not None:
            raise ClocktowerError(f"advise: the game is over ({game.winner} won): nothing to "
                                  f"forecast")
        point = point_of(game, game.n_decisions - 1 if decision is not None else None)
    if decision is not None and game is None:
        raise ClocktowerError("advise: a decision needs its game")
    if decision is not None and decision.who != "storyteller":
        raise ClocktowerError(f"advise: decision {decision.kind} is {decision.who}'s, not the "
                              f"Storyteller's")
    advice, targets = prepare(game, decision, bots, within)
    return run_advice(point, advice, targets, rollouts, seed, workers, budget, on_update,
                      should_stop)


def prepare(game: Game | None, decision: Decision | None, bots: Bots,
            within: list | None = None) -> tuple[Advice, list[Group | None]]:
    """The advice to fill (its groups, for a decision) and the rollouts' targets (None: the
    standing): read from the live game, so done where the game runs (the web's loop)."""
    advice = Advice(Tally(bots=bots))
    targets: list[Group | None] = [None]
    if decision is not None and game is not None:
        from .human import describe_decision
        advice.decision = decision
        advice.title = describe_decision(decision)[0]
        advice.groups, advice.how = groups(decision, game, within)
        advice.tallies = [Tally(bots=bots) for _ in advice.groups]
        targets += advice.groups
    return advice, targets


def run_advice(point: Point, advice: Advice, targets: list[Group | None], rollouts: int,
               seed: int = 0, workers: int = WORKERS, budget: float | None = None,
               on_update: Callable[[Advice], Any] | None = None,
               should_stop: Callable[[], bool] | None = None) -> Advice:
    """Fill `advice` (from `prepare`) by rollouts from `point`; see `advise`."""
    run = Rollouts(point, targets, rollouts, advice.standing.bots, seed, workers)
    start = time.monotonic()
    try:
        for g, _i, winner in run:
            (advice.standing if g == 0 else advice.tallies[g - 1]).add(winner)
            advice.seconds = time.monotonic() - start
            if advice.first is None and advice.standing.n and all(t.n for t in advice.tallies):
                advice.first = advice.seconds
            if on_update is not None:
                on_update(advice)
            if (budget is not None and advice.seconds >= budget) or \
                    (should_stop is not None and should_stop()):
                break
        else:
            advice.done = True
    finally:
        run.stop()
    return advice


def advise_log(events: list[dict], upto: int | None = None, **kw: Any) -> Advice:
    """`advise` at decision `upto` of a log (default: the next decision after the log's end,
    when the game has not ended there): the decision is rebuilt from the log (`probe`)."""
    script = kw.pop("script", None)
    if upto is None:
        upto = probe_next(events, script)[0]
    point = Point(list(events), upto, script)
    d, game = probe(point)
    if d is not None and d.who != "storyteller":
        d = None
    return advise(game, d, point=point, **kw)


def next_decision(events: list[dict]) -> int:
    """The number of the decision after the last one a log records."""
    seqs = [e["seq"] for e in events if e.get("type") == "decision" and isinstance(e.get("seq"), int)]
    return max(seqs) + 1 if seqs else 0


def terminal_advisor(console: Any, bots: Bots, rollouts: int = 100, budget: float = 30.0,
                     workers: int = WORKERS, seed: int = 0) -> Callable[..., Advice]:
    """The advisor `TerminalStoryteller` asks on request (`play --storyteller ask`): `advise`
    at the decision being asked (`within`: a group opened, its options only), with a
    progress bar on `console`."""
    def advisor(decision: Decision, view: Any, within: list | None = None) -> Advice:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
        with Progress(TextColumn("[bold]rollouts[/]"), BarColumn(), MofNCompleteColumn(),
                      console=console, transient=True) as prog:
            task = prog.add_task("", total=None)
            return advise(view.game, decision, rollouts, bots, seed, workers, budget,
                          on_update=lambda a: prog.update(
                              task, completed=a.standing.n + sum(t.n for t in a.tallies),
                              total=rollouts * (1 + len(a.groups))), within=within)
    return advisor
