"""Who is winning? The Storyteller's estimate from simulated continuations of the game.

The Storyteller knows the whole grimoire. To judge which team is winning (the General's
question) the automatic Storyteller plays the game on from the current moment a few times
with random bots (`continuations`, each seeded from the game's seed, the phase and its
number, and the continuation's index) and counts who wins:

* `fork(game, seed)` copies the game as it stands: players, abilities with their state,
  effects, the per-day state, the log so far (its events are shared: nothing changes an
  event once emitted). The copy gets its own answerers (a seeded `RandomBot` for every
  player and an `AutoStoryteller` that does not estimate again, so an estimate never
  nests, sharing one generator), no `on_event`/`on_forced` callbacks and no written
  registrations.
  Nothing the copy does reaches the real game: they share only immutable data (the script,
  the registry, the logged events).
* `play_on(copy, days)` finishes what the copy was doing (the rest of the night after the
  step being run, or the rest of the day) and plays up to `days` more days. Random bots
  read no information, so a copy shows none (`Game.tell` returns the first truth, with no
  decision or event), and its days are quick days (`_quick_day`: the random bot's day,
  with the hands on a nomination raised by the copy's generator rather than asked one by
  one). A continuation that has not ended by then counts as undecided.
* `estimate(game, continuations, days)` returns the counts and the verdict: good when good
  won at least `share` (two thirds by default) of the continuations, evil when evil did,
  else neither; `reason` says it in words ("good won 1 of 4 continuations, evil 3: evil
  won 3 or more"). It stops early once the continuations left cannot change the verdict.

`standing(game)` is the cheap estimate the automatic Storyteller's discretionary choices
use at every decision (a score from -1, evil far ahead, to +1, good far ahead: see its
docstring and docs/storyteller.md, "Balance-minded choices"); the continuations above are
for the General's question alone.

Cost (10 players, Trouble Brewing plus the General, measured on a shared 2-core machine):
a bot game is about 1.6 ms; a fork about 0.12 ms; with the defaults (4 continuations of
at most 2 days, asked once a night) a game with a General is about 4 times slower, with 6
continuations about 5 times, 8 of 3 days about 7 times. `AutoStoryteller(continuations=N,
days=D)` sets them.
"""
from __future__ import annotations

import copy
import random
import zlib
from dataclasses import dataclass
from typing import Any

from ..agents import RandomBot
from ..characters._common import last_day_nominees
from ..engine.game import Game, GameOver
from ..engine.runner import act, bot_day, day_uses, has_day_options, window_turns
from ..engine.state import Effect, Player

CONTINUATIONS = 4       # default number of continuations an estimate plays
DAYS = 2                # default: how many more days a continuation plays at most
SHARE = 2 / 3           # a team "is winning" when it wins at least this share


@dataclass(frozen=True)
class Estimate:
    good: int           # continuations good won
    evil: int           # continuations evil won
    undecided: int      # continuations still running after `days` days (or no result)
    days: int
    share: float
    planned: int = -1   # continuations asked for (-1: as many as were played)

    @property
    def continuations(self) -> int:
        """How many were played (the estimate stops once the rest cannot change it)."""
        return self.good + self.evil + self.undecided

    @property
    def of(self) -> int:
        return self.planned if self.planned >= 0 else self.continuations

    @property
    def need(self) -> int:
        """Wins a team needs to be 'winning': `share` of the planned continuations."""
        return -(-round(self.share * self.of * 1000) // 1000)    # ceil, without float noise

    @property
    def verdict(self) -> str:
        if self.of == 0:
            return "neither"
        if self.good >= self.need:
            return "good"
        if self.evil >= self.need:
            return "evil"
        return "neither"

    @property
    def reason(self) -> str:
        n = self.continuations
        if n == 0:
            return "no continuations were played"
        parts = f"good won {self.good} of {n} continuations, evil {self.evil}"
        if self.undecided:
            parts += f", {self.undecided} undecided after {self.days} days"
        if n < self.of:
            parts += f" (of {self.of} planned: the rest could not change the verdict)"
        verdict = self.verdict
        if verdict == "neither":
            return f"{parts}: neither team won {self.need} or more"
        return f"{parts}: {verdict} won {self.need} or more"


# ---------------------------------------------------------------------------- standing
BEHIND = 0.15           # |standing| beyond this: a team is "far behind"
SUSPECTED = 0.15        # standing bonus for good while a living Demon is suspected
ENDGAME = 0.2           # standing malus for good with four or fewer alive, a Demon among them


@dataclass(frozen=True)
class Standing:
    """How the game stands, from the Storyteller's seat (`standing`)."""
    alive: float        # living share of good now minus at the start
    suspected: bool     # a living Demon was nominated on the last day with nominations
    endgame: bool       # four or fewer non-Travellers alive, a Demon among them

    @property
    def score(self) -> float:
        s = self.alive + (SUSPECTED if self.suspected else 0.0) \
            - (ENDGAME if self.endgame else 0.0)
        return max(-1.0, min(1.0, s))

    @property
    def behind(self) -> str | None:
        """The team far behind ("good", "evil") or None: how the choices lean."""
        s = self.score
        return "good" if s < -BEHIND else "evil" if s > BEHIND else None

    @property
    def reason(self) -> str:
        parts = [f"living good share {self.alive:+.2f} against the start"]
        if self.suspected:
            parts.append("a living Demon was nominated on the last day")
        if self.endgame:
            parts.append("four or fewer alive with the Demon")
        lean = self.behind
        return f"standing {self.score:+.2f} ({'; '.join(parts)})" + \
            (f": {lean} is far behind" if lean else ": about even")


def standing(game: Game) -> Standing:
    """Who is ahead, simply, from the grimoire and the public record (no simulation):

    * `alive`: the share of living non-Travellers who are good, minus that share at the
      start (about -0.3..+0.3: good players dying faster than evil ones push it down);
    * `suspected`: a living Demon was nominated on the last day that had nominations
      (good is on its trail): +0.15;
    * `endgame`: four or fewer non-Travellers alive with a Demon among them (good has one
      or two executions left): -0.2.

    The score is their sum, clipped to -1..+1; beyond +-0.15 a team is "far behind"."""
    players = living = good_all = good_now = 0
    for p in game.players:
        if not p.traveller:
            good = p.alignment == "good"
            players += 1
            good_all += good
            if p.alive:
                living += 1
                good_now += good
    if not players or not living:
        return Standing(0.0, False, False)
    by_name = game.by_name
    suspected = any(by_name[n].alive and game.is_demon(by_name[n])
                    for n in last_day_nominees(game) if n in by_name)
    endgame = living <= 4 and any(p.alive and not p.traveller and game.is_demon(p)
                                  for p in game.players)
    return Standing(good_now / living - good_all / players, suspected, endgame)


def continuation_seed(game: Game, index: int) -> int:
    """A seed for continuation `index` from the game's seed and the moment (phase, number)."""
    number = game.night if game.phase == "night" else game.day
    return zlib.crc32(f"estimate:{game.seed}:{game.phase}:{number}:{index}".encode())


_ATOMS = (str, int, float, bool, type(None))
_MISSING = object()


_SLOTS: dict[type, tuple[str, ...]] = {}


def _slots(cls: type) -> tuple[str, ...]:
    """The slot names of `cls` and its bases (cached: a class's slots never change)."""
    known = _SLOTS.get(cls)
    if known is not None:
        return known
    out: list[str] = []
    for klass in cls.__mro__:
        # A class compiled with mypyc lists its attributes in __mypyc_attrs__.
        raw = klass.__dict__.get("__slots__", ())
        slots = ((raw,) if isinstance(raw, str) else tuple(raw)) \
            + tuple(klass.__dict__.get("__mypyc_attrs__", ()))
        for name in slots:
            if name not in out and name not in ("__dict__", "__weakref__"):
                out.append(name)
    _SLOTS[cls] = tuple(out)
    return _SLOTS[cls]


def _copy(v: Any, memo: dict) -> Any:
    """`copy.deepcopy(v, memo)`, faster for the plain containers a game is made of."""
    t = type(v)
    if t in _ATOMS:
        return v
    i = id(v)
    if i in memo:
        return memo[i]
    if t is list:
        out: Any = []
        memo[i] = out
        out.extend([_copy(x, memo) for x in v])
        return out
    if t is dict:
        out = {}
        memo[i] = out
        for k, x in v.items():
            out[_copy(k, memo)] = _copy(x, memo)
        return out
    if t is tuple:
        items = [_copy(x, memo) for x in v]
        return v if all(a is b for a, b in zip(items, v)) else tuple(items)
    if t is set or t is frozenset:
        return t(_copy(x, memo) for x in v)
    if t is Effect:     # compiled, it has no blank __new__: made, then filled
        out = Effect(v.kind, v.target)
        memo[i] = out
        _fill(out, v, memo)
        return out
    return copy.deepcopy(v, memo)


def _fill(new: object, obj: object, memo: dict) -> None:
    """Copy `obj`'s attributes into `new`, deep-copied with `memo`."""
    for name in _slots(type(obj)):
        v = getattr(obj, name, _MISSING)
        if v is not _MISSING:
            setattr(new, name, v if type(v) in _ATOMS else _copy(v, memo))
    d = getattr(obj, "__dict__", None)
    if d:
        for k, v in d.items():
            new.__dict__[k] = _copy(v, memo)


def fork(game: Game, seed: int) -> Game:
    """A copy of `game` as it stands, answered by seeded bots (see the module docstring).

    A deep copy: the players and the abilities are made first (so the references between
    them, the game and the effects map to the copies), then every attribute of the game,
    of each player and of each ability is deep-copied with that map, except what is shared
    or replaced (the script, the registry, the logged events, the answerers, callbacks,
    caches and the generator)."""
    from .auto import AutoStoryteller

    # One generator for the whole continuation: the bots (one RandomBot answers for every
    # player: it acts for `decision.who`), the Storyteller, the quick days and `Game.rng`
    # (used only at setup). Seeding one is most of the cost of a fork.
    bot = RandomBot(seed, "estimate")
    rng = bot.rng
    answerers: dict = {"storyteller": AutoStoryteller(seed, continuations=0, rng=rng)}
    for p in game.players:
        answerers[p.name] = bot
    memo: dict = {id(game.script): game.script, id(game.registry): game.registry,
                  id(game.answerers): answerers, id(game.log): list(game.log),
                  id(game.rng): rng}
    for hook in (game.default_answerer, game.on_event, game.on_forced,
                 game._hooks, game._night_cache):    # callbacks; caches rebuilt on demand
        if hook is not None:
            memo[id(hook)] = None
    memo[id(game._custom_orders)] = dict(game._custom_orders)   # values never change
    for cache in (game._views, game._asked, game.memo):    # views, answerers' fast paths,
        memo[id(cache)] = {}                                # memos: rebuilt on demand
    # Made by the constructor (a compiled Game has no blank __new__); every attribute is
    # then overwritten from the original.
    clone = Game(game.script, game.registry, seed=game.seed)
    memo[id(game)] = clone
    objects: list = list(game.players) + game.all_abilities()
    for p in game.players:      # a compiled Player has no blank __new__ either
        memo[id(p)] = Player(p.name, p.seat, p.character, p.alignment)
    for ab in game.all_abilities():
        memo[id(ab)] = object.__new__(type(ab))
    for obj in objects:
        _fill(memo[id(obj)], obj, memo)
    _fill(clone, game, memo)
    clone.register_overrides = {}
    clone._func_guard = set()
    clone.quiet_info = True         # bots read no information: see Game.tell
    return clone


def _finish_night(game: Game) -> None:
    """The rest of tonight after the night-order step being run (`Game._cursor`), then dawn
    (`Game.walk_night`, as `Game.run_night` walks it). An ability that already acted tonight and sits
    later in the order (moved tonight) may act again: a small liberty of the estimate."""
    try:
        game.walk_night(game.night == 1, game._cursor, set())
    except GameOver:
        pass


def _quick_day(game: Game, rng: random.Random) -> None:
    """A day of random bots, as `RandomBot` plays it (in turns, up to three rounds until
    a round passes quietly; a day ability 30% of the time, else a nomination of another
    living player 30% of the time), except that every hand on a nomination is decided at
    once by the continuation's generator (45% each) instead of one decision per voter."""
    game.start_day()
    try:
        n = len(game.players)
        start = game.day % n
        for _round in range(3):
            acted = False
            for i in range(n):
                if game.day_over or game.winner:
                    break
                p = game.players[(start + i) % n]
                if not p.alive and not has_day_options(game, p):
                    continue
                uses = day_uses(game, p)
                if uses and rng.random() < 0.3:
                    use = uses[rng.randrange(len(uses))]
                    acted = True
                    act(game, p, use)
                    continue
                if not p.alive or p.name in game.nominators or rng.random() >= 0.3:
                    continue
                living = [t for t in game.players if t is not p and t.alive
                          and t.name not in game.nominees and game.can_nominate(p, t) is None]
                if living:
                    target = living[rng.randrange(len(living))]
                    acted = True
                    game.nominate(p, target, votes=lambda v: rng.random() < 0.45)
                    if game.prompt_now:
                        window_turns(game)
            if not acted:
                break
    except GameOver:
        return
    game.end_day()


def _ended(game: Game, start: str, end: str) -> bool:
    """Has the current phase already ended (its `end` event after its `start` event)?"""
    for ev in reversed(game.log):
        t = ev["type"]
        if t == end:
            return True
        if t == start:
            return False
    return False


def play_on(game: Game, days: int, rng: random.Random | None = None) -> None:
    """Finish the current phase of `game` (a fork), then play up to `days` more days (quick
    days: `_quick_day`). A fork taken between phases (after dawn, after the day's end)
    goes straight on to the next one."""
    rng = rng or random.Random(0)
    if game.winner is not None:
        return
    if game.phase == "night":
        if not _ended(game, "night", "dawn"):
            _finish_night(game)
        if game.winner is None:
            _quick_day(game, rng)
    elif game.phase == "day" and not _ended(game, "day", "day_end"):
        try:
            bot_day(game)
            game.end_day()
        except GameOver:
            pass
    last = game.day + days
    while game.winner is None and game.day < last:
        game.run_night()
        if game.winner is not None:
            break
        _quick_day(game, rng)


def estimate(game: Game, continuations: int = CONTINUATIONS, days: int = DAYS,
             share: float = SHARE) -> Estimate:
    """Play `continuations` seeded continuations of `game` for at most `days` days each and
    count the winners. The real game is not changed."""
    good = evil = undecided = 0
    need = share * continuations
    for i in range(continuations):
        clone = fork(game, continuation_seed(game, i))
        play_on(clone, days, clone.rng)
        if clone.winner == "good":
            good += 1
        elif clone.winner == "evil":
            evil += 1
        else:
            undecided += 1
        left = continuations - i - 1
        if good >= need or evil >= need or (good + left < need and evil + left < need):
            break       # the rest cannot change the verdict
    return Estimate(good, evil, undecided, days, share, continuations)
