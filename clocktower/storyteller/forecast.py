"""Good's chance of winning from here: the rest of the game played many times with bots.

The Storyteller's decision support (`clocktower.advise`, `clocktower advise`, the web
grimoire's meter) rests on one forecast. A **point** of a game (`Point`) is its log and a
decision number `upto`: the decisions before it are answered as the log says, the
decisions from it on by bots. A **rollout** (`rollout(point, index, ...)`) rebuilds the game
from its log to the point (the same script, seed and setup, every earlier answer from the
log: `engine/replay.py`'s rebuild, without its final comparison) and plays the rest of the
game with the bots named by `Bots` (the true grimoire; a fresh bot per player, seeing only its
own view, seeded from the game's seed, the point and the rollout's index) and an automatic
Storyteller that does not estimate again (so a General's question is answered "neither"
inside a rollout: estimates never nest). It returns who won.

* **Standing**: rollouts from the point as it stands (the next decision answered by the
  rollout's own automatic Storyteller).
* **An option's effect**: rollouts whose decision `upto` (a pending Storyteller decision) is
  answered with that option; a group of equivalent options (`groups`) draws one of its
  options per rollout (seeded). Every option is rolled out with the same seeds (common
  random numbers), so their difference is not noise from different seats of luck.

Why a rebuild from the log and not `Game.fork` (which the General's estimate uses): a fork
taken inside an answerer resumes at the next night-order step, so the step being answered
would be lost with its answer (a Washerwoman's answer is only shown after the Storyteller
answers). The rebuild is exact to the decision, works from a saved log, a live game and a
web game alike, and is what a worker process is sent (the log, plain JSON). Its cost is a
replay of the log so far (measured in docs/storyteller.md, "Decision support").

The figures are estimates by bots, and every one says so (`Tally.basis`): which bots, how
many rollouts, with a Wilson 95% interval.
"""
from __future__ import annotations

import zlib
from dataclasses import dataclass, field
from typing import Any, Iterable

from ..characters import REGISTRY
from ..engine.decisions import Decision
from ..engine.driver import drive
from ..engine.game import Game, GameOver
from ..engine.inputs import LoggedDays, set_up_written, written_script
from ..engine.logs import VOTE_RECORDS, current_record, setup_inputs, setup_script, spoke
from ..engine.runner import MAX_DAYS, BotDays
from ..engine.setup import setup_random
from ..errors import ClocktowerError
from ..sim.stats import wilson

_NOTHING: Any = object()        # no option forced: the rollout's Storyteller answers


@dataclass(frozen=True)
class Bots:
    """Who plays the rollouts: each team's bot policy (`agents/policies.py`), and whether
    the rollouts' automatic Storyteller leans (`lean=False`: the neutral one)."""
    good: str = "reasoning"
    evil: str = "reasoning"
    lean: bool = field(default=True, kw_only=True)

    @property
    def storyteller(self) -> str:
        """The rollouts' Storyteller, in words."""
        return "the automatic Storyteller" if self.lean else \
            "the neutral automatic Storyteller (no lean)"

    @property
    def words(self) -> str:
        if self.good == self.evil:
            return f"{self.good} bots"
        return f"{self.good} bots (good), {self.evil} bots (evil)"


@dataclass
class Point:
    """Where rollouts start: `events` (a game's log, from its setup event) and `upto`, the
    number of the first decision the rollout answers (the decisions before it are answered
    from the log). `script`: the script the game was played on when the log does not name a
    built-in one (as `clocktower replay --script`)."""
    events: list[dict]
    upto: int
    script: Any = None
    # The hands raised so far in a vote under way at the point (a live game paused inside a
    # vote): a vote's one record, its event, is logged only when the vote ends.
    hands: list[str] = field(default_factory=list)
    # The script resolved from the log (or `script`) by the first rebuild, kept for the next
    # ones: a worker plays many rollouts from one point, and finding a log's script by its
    # title reads every built-in script (2-3 ms, a fifth of a rollout).
    resolved: Any = field(default=None, repr=False, compare=False)
    # The bots' public table at the point, read and weighed by the first rollout of this
    # process that reached it (`_warm`): each later one starts from a copy of it.
    warm: Any = field(default=None, repr=False, compare=False)

    def key(self) -> str:
        s = self.events[0]
        return f"{s.get('seed')}:{self.upto}"


def point_of(game: Game, upto: int | None = None) -> Point:
    """The point of a live game: its log so far; `upto` the pending decision's number (a
    decision being asked: `game.n_decisions - 1`) or, by default, the next decision."""
    return Point(list(game.log), game.n_decisions if upto is None else upto, game.script,
                 [p.name for p in game.hands_up])


def rollout_seed(point: Point, index: int, seed: int = 0) -> int:
    """The seed of rollout `index` from `point` (the same for every option of a decision)."""
    return zlib.crc32(f"advise:{seed}:{point.key()}:{index}".encode())


class _Reached(Exception):
    """A probe reached decision `upto`: the decision and the game asking it."""

    def __init__(self, decision: Decision, game: Game):
        super().__init__("reached")
        self.decision = decision
        self.game = game


class _Prefix:
    """Answers decision `seq` < `upto` from the log (its default when the log has none, as
    `LogAnswers`); at `upto` hands the game over to the rollout's answerers (`handover`) and
    answers with `option` (or lets the new answerer answer)."""

    sees_everything = True
    speaks = True       # a turn to talk before the point: as the log says (`LogAnswers.said`)

    def __init__(self, point: Point, option: Any, handover: Any):
        self.upto = point.upto
        self.by_seq = {e["seq"]: e for e in point.events
                       if e.get("type") == "decision" and isinstance(e.get("seq"), int)
                       and e["seq"] < point.upto}
        self.option = option
        self.handover = handover
        # A vote's hands: its one record, the n-th event of its type in the log when the
        # rebuilt game has logged n of them (counted, not found by position: the rebuilt
        # log lacks the reminders a web game's Storyteller placed by hand).
        self.records: dict[str, list[dict]] = {etype: [] for etype, _ in VOTE_RECORDS.values()}
        for e in current_record(point.events):
            if e.get("type") in self.records:
                self.records[e["type"]].append(e)
        self.live = point.hands         # the vote under way at the point: no record yet
        self.seen = 0
        self.counted = {etype: 0 for etype in self.records}

    def _hand(self, decision: Decision, game: Game) -> bool:
        log = game.log
        for e in log[self.seen:]:
            if e["type"] in self.counted:
                self.counted[e["type"]] += 1
        self.seen = len(log)
        for key, (etype, whose) in VOTE_RECORDS.items():
            if key in decision.context:
                break
        else:
            raise ClocktowerError(f"decision {game.n_decisions - 1}: a vote on nothing the "
                                  "log records")
        n = self.counted[etype]
        if n == len(self.records[etype]):
            return decision.who in self.live
        rec = self.records[etype][n]
        if rec.get(whose) != decision.context[key]:
            raise ClocktowerError(f"the log does not fit the game at decision "
                                  f"{game.n_decisions - 1}: a hand on {key} "
                                  f"{decision.context[key]}, the log's vote is on "
                                  f"{rec.get(whose)}")
        return decision.who in (rec.get("voters") or [])

    def __call__(self, decision: Decision, view) -> Any:
        game = view.game
        if decision.kind == "speak":
            # A turn to talk is numbered only when something is said (`runner.talk_turn`):
            # before the point, the log's `speak` answer with the next number, else a pass;
            # at the point, a pass (a point is never a turn to talk: nobody outside speaks).
            rec = self.by_seq.get(game.n_decisions)
            return rec.get("answer") if rec is not None and spoke(rec, decision.who) else None
        seq = game.n_decisions - 1
        if seq < self.upto:
            if decision.kind == "vote":
                return self._hand(decision, game)
            rec = self.by_seq.get(seq)
            if rec is None:
                return decision.default
            if rec.get("kind") != decision.kind or rec.get("who") != decision.who:
                raise ClocktowerError(f"the log does not fit the game at decision {seq}: "
                                      f"log has {rec.get('kind')} by {rec.get('who')}, game "
                                      f"asks {decision.kind} by {decision.who}")
            return rec.get("answer")
        self.handover(game, decision)
        if seq == self.upto and self.option is not _NOTHING:
            return self.option
        answerer, own = game.fast_answerer(decision.who)[:2]
        return answerer(decision, own)


_BOT_DAYS = BotDays(MAX_DAYS)


def _build(point: Point, prefix: _Prefix) -> tuple[Game, Any]:
    """The game of `point`'s log, set up (answered by `prefix`), and its days: a written
    game's setup and script as a replay makes them (`inputs.set_up_written`,
    `written_script`)."""
    events = point.events
    setup = events[0] if events else None
    if not isinstance(setup, dict) or setup.get("type") != "setup":
        raise ClocktowerError("a game log starts with a setup event")
    if setup.get("grimoire") in ("written", "dealt"):
        ids, players, seed = setup.get("script_ids"), setup.get("players"), setup.get("seed")
        if point.script is None and not setup.get("script_meta") and not isinstance(ids, list):
            raise ClocktowerError("the written setup event does not name the script")
        if not isinstance(seed, int) or not isinstance(players, list):
            raise ClocktowerError("the written setup event has no seed or players")
        if point.resolved is None:
            point.resolved = written_script(setup, list(ids or []), point.script)[0]
        game = Game(point.resolved, REGISTRY, seed=seed, default_answerer=prefix)
        inputs = {e["seq"]: (i, e) for i, e in enumerate(events)
                  if e.get("type") == "decision" and isinstance(e.get("seq"), int)
                  and e["seq"] < point.upto}
        phases = [e["type"] for e in events if e.get("type") in ("night", "day")
                  and e.get("phase") == e.get("type")]
        ended = {e["number"] for e in events if e.get("type") == "day_end"
                 and isinstance(e.get("number"), int)}
        set_up_written(game, setup, players)
        return game, LoggedDays(inputs, phases, past_log=True, ended=ended)
    spec, names, seed, travellers = setup_inputs(setup)
    if point.resolved is None:
        point.resolved = setup_script(setup, spec, point.script)[0]
    game = Game(point.resolved, REGISTRY, seed=seed, default_answerer=prefix)
    setup_random(game, names, travellers)
    # a game with day talk says so in each day's `talk` event (as `engine/replay.py` reads it)
    talk = next((e.get("rounds") for e in events if e.get("type") == "talk"), 0)
    if isinstance(talk, int) and not isinstance(talk, bool) and talk > 0:
        return game, BotDays(MAX_DAYS, talk=talk)
    return game, _BOT_DAYS


def worker_gc() -> None:
    """A forked worker's garbage collection, for its life: what it inherited (the parent's
    modules, game, server) is frozen out of the collector's scans, and young collections run
    every 10,000 allocations, as in a batch of games (`sim.bench.batch_gc`, less its first
    full collection: in a forked child that would touch, so copy, every inherited page)."""
    import gc
    gc.freeze()
    gc.set_threshold(10_000, 100, 100)


def rollout(point: Point, index: int, option: Any = _NOTHING, bots: Bots = Bots(),
            seed: int = 0) -> str:
    """Play the rest of the game from `point` once (rollout `index`; `option` answers the
    decision `point.upto` when given) and return the winner: "good", "evil" or "none". The
    game is freed at once (`Game.dispose`), not left to the cycle collector."""
    game = play_rollout(point, index, option, bots, seed)
    winner = game.winner or "none"
    game.dispose()
    return winner


def _warm(point: Point, game: Game) -> None:
    """Start the reasoning bots' shared public table of a rollout's game (`beliefs.table_for`)
    warm: the public record up to the point read and weighed once in this process (by the
    first rollout from `point`), and a copy of it (`beliefs.fork_table`) adopted by each
    rollout's game, which its bots read on from. Every rollout from a point has the same log
    up to it; a copy weighs as the table read on would, to the last bit, and as a table read
    cold to the same point to within float error (1e-16: another order of products, as the
    original game's own table): every rollout compared in the tests and the benchmark plays
    the cold table's game. Not when a Traveller joined or left before the point (the bots
    then move to a table found by that event)."""
    from ..agents import beliefs, evilplan

    log = game.log
    if point.warm is None:
        if any(e["type"] in beliefs.SEAT_CHANGES and e["visible_to"] == "all" for e in log):
            point.warm = False
            return
        names = [p.name for p in game.players]
        table = beliefs.Table(game.view(names[0]))
        for ev in log:
            if ev["visible_to"] == "all":
                table.add(ev)
                if ev["type"] == "day":
                    evilplan.on_day(table, ev["number"])
        table.public_demon()
        point.warm = (len(log), table)
    if point.warm is False:
        return
    if point.warm[0] != len(log):
        raise ClocktowerError(f"rollout from decision {point.upto}: the rebuilt log differs "
                              "from the first rollout's")
    beliefs.adopt_table(log, beliefs.fork_table(point.warm[1]))


def play_rollout(point: Point, index: int, option: Any = _NOTHING, bots: Bots = Bots(),
                 seed: int = 0) -> Game:
    """`rollout`'s game, played to its end."""
    from ..agents.policies import make_agents
    from .auto import AutoStoryteller

    rseed = rollout_seed(point, index, seed)

    def handover(game: Game, decision: Decision) -> None:
        if prefix.handover is None:
            return
        prefix.handover = None
        names = [p.name for p in game.players]
        answerers: dict[str, Any] = make_agents(names, rseed, bots.good, bots.evil)
        answerers["storyteller"] = AutoStoryteller(rseed, continuations=0, lean=bots.lean)
        game.answerers = answerers
        if "reasoning" in (bots.good, bots.evil):
            _warm(point, game)

    prefix = _Prefix(point, option, handover)
    game, days = _build(point, prefix)
    try:
        drive(game, days)
    except GameOver:
        pass
    if prefix.handover is not None:     # the log's game ended before the point
        raise ClocktowerError(f"the game ends before decision {point.upto}")
    return game


def probe_next(events: list[dict], script: Any = None) -> tuple[int, Decision | None, Game]:
    """The next decision after a log's end that a person would be asked (a game stopped at a
    prompt): decisions past the last logged one are answered with their default while they
    are a player's and have one (the log leaves defaults out: a hand not raised, a turn
    passed); the first Storyteller decision, or one with no default, is it. (its number,
    the decision or None when the game ends first, the game asking it)."""
    from ..engine.decisions import NO_DEFAULT

    seqs = [e["seq"] for e in events if e.get("type") == "decision"
            and isinstance(e.get("seq"), int)]
    upto = (max(seqs) + 1) if seqs else 0

    class _Next(_Prefix):
        def __call__(self, decision: Decision, view) -> Any:
            game = view.game
            if game.n_decisions - 1 >= self.upto and decision.who != "storyteller" \
                    and decision.default is not NO_DEFAULT:
                return decision.default
            return super().__call__(decision, view)

    def stop(game: Game, decision: Decision) -> None:
        raise _Reached(decision, game)

    point = Point(list(events), upto, script)
    prefix = _Next(point, _NOTHING, stop)
    try:
        game, days = _build(point, prefix)
        drive(game, days)
    except _Reached as r:
        return r.game.n_decisions - 1, r.decision, r.game
    except GameOver:
        pass
    return upto, None, game


def probe(point: Point) -> tuple[Decision | None, Game]:
    """The decision `point.upto` and the game asking it (rebuilt from the log), or (None,
    game) when the game ends first."""
    def stop(game: Game, decision: Decision) -> None:
        raise _Reached(decision, game)

    prefix = _Prefix(point, _NOTHING, stop)
    try:
        game, days = _build(point, prefix)     # setup asks too (the Demon's bluffs)
        drive(game, days)
    except _Reached as r:
        return r.decision, r.game
    except GameOver:
        pass
    return None, game


# ---------------------------------------------------------------------------- tallies
@dataclass
class Tally:
    """Rollouts counted: good's wins of `n` (undecided games count as not good's)."""
    good: int = 0
    evil: int = 0
    none: int = 0
    bots: Bots = field(default_factory=Bots)

    @property
    def n(self) -> int:
        return self.good + self.evil + self.none

    def add(self, winner: str) -> None:
        if winner == "good":
            self.good += 1
        elif winner == "evil":
            self.evil += 1
        else:
            self.none += 1

    @property
    def chance(self) -> float:
        return self.good / self.n if self.n else float("nan")

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.good, self.n)

    @property
    def basis(self) -> str:
        """Where the figure comes from, in words."""
        lo, hi = self.interval
        extra = f", {self.none} without a result" if self.none else ""
        return (f"good won {self.good} of {self.n} rollouts{extra} played by {self.bots.words} "
                f"and {self.bots.storyteller} (95% interval {lo:.0%}-{hi:.0%})")

    def to_json(self) -> dict:
        lo, hi = self.interval
        return {"good": self.good, "evil": self.evil, "none": self.none, "rollouts": self.n,
                "chance": None if not self.n else round(self.chance, 4),
                "low": round(lo, 4), "high": round(hi, 4), "bots": self.bots.words,
                "basis": self.basis}


def overlap_tiers(tallies: list[Tally]) -> list[int]:
    """A tier per tally (0 the best): tallies whose intervals overlap, directly or through a
    chain of overlapping neighbours in order of their chance, share a tier (shown as
    equivalent, not ranked)."""
    order = sorted(range(len(tallies)), key=lambda i: -(tallies[i].chance if tallies[i].n else -1))
    tiers = [0] * len(tallies)
    tier, low = 0, None
    for i in order:
        lo, hi = tallies[i].interval
        if low is not None and hi < low:
            tier += 1
            low = lo
        else:
            low = lo if low is None else min(low, lo)
        tiers[i] = tier
    return tiers


def run_serial(point: Point, indices: Iterable[int], option: Any = _NOTHING,
               bots: Bots = Bots(), seed: int = 0) -> Tally:
    """Rollouts `indices` from `point`, one after another in this process."""
    t = Tally(bots=bots)
    for i in indices:
        t.add(rollout(point, i, option, bots, seed))
    return t


def day_points(events: list[dict], script: Any = None) -> list[tuple[int, str, int]]:
    """(day, "dawn" or "dusk", decision number) at the start and the end of each day a log
    records (a day that ended the game has no dusk point): the points of the standing
    (`Point(events, upto)`), found by rebuilding the game from the log and noting the
    decision count at each `day` and `day_end` event."""
    seqs = [e["seq"] for e in events if e.get("type") == "decision"
            and isinstance(e.get("seq"), int)]
    point = Point(list(events), (max(seqs) + 1) if seqs else 0, script)
    found: list[tuple[int, str, int]] = []

    def stop(game: Game, decision: Decision) -> None:
        raise _Reached(decision, game)

    prefix = _Prefix(point, _NOTHING, stop)
    try:
        game, days = _build(point, prefix)
        holder = game

        def seen(ev: dict) -> None:
            t = ev.get("type")
            if t == "day" and ev.get("phase") == "day":
                found.append((ev.get("number", holder.day), "dawn", holder.n_decisions))
            elif t == "day_end" and holder.winner is None:
                found.append((ev.get("number", holder.day), "dusk", holder.n_decisions))
        game.on_event = seen
        drive(game, days)
    except (_Reached, GameOver):
        pass
    return found


def dawns(events: list[dict], script: Any = None) -> list[tuple[int, int]]:
    """(day, decision number) at the start of each day a log records (`day_points`)."""
    return [(d, upto) for d, when, upto in day_points(events, script) if when == "dawn"]
