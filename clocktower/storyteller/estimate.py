"""Who is winning? The Storyteller's estimate from simulated continuations of the game.

The Storyteller knows the whole grimoire. To judge which team is winning (the General's
question) the automatic Storyteller plays the game on from the current moment a few times
with random bots (`continuations`, each seeded from the game's seed, the phase and its
number, and the continuation's index) and counts who wins:

* `fork(game, seed, storyteller)` is the game's copy of itself as it stands (`Game.fork`,
  `engine/fork.py`): players, abilities with their state, effects, the per-day state, the
  log so far. The copy gets its own answerers (a seeded `RandomBot` for every player and
  an `AutoStoryteller` that does not estimate again, so an estimate never nests, sharing
  one generator: `AutoStoryteller.continuation`, passed in by the caller), no `on_event`/`on_forced` callbacks and no written registrations.
  Nothing the copy does reaches the real game.
* `play_on(copy, days)` plays the copy on with the game driver (`engine/driver.py`): it
  finishes what the copy was doing (the rest of the night after the step being run, or
  the rest of the day) and plays up to `days` more days. Random bots
  read no information, so a copy shows none (`Game.tell` returns the first truth, with no
  decision or event), and its days are quick days (`_quick_day`: the random bot's day,
  with the hands on a nomination raised by the copy's generator rather than asked one by
  one). A continuation that has not ended by then counts as undecided.
* `estimate(game, continuations, days)` returns the counts and the verdict: good when good
  won at least `share` (two thirds by default) of the continuations, evil when evil did,
  else neither; `reason` says it in words ("good won 1 of 4 continuations, evil 3: evil
  won 3 or more"). It stops early once the continuations left cannot change the verdict.

`standing(game)` is the cheap estimate the automatic Storyteller's discretionary choices
use at every decision: good's chance of winning by the lean's model (`LeanModel`, a
logistic model of `features`, fitted per script to the decision support's standing
forecast: clocktower/data/lean.json, tools/fit_lean.py; docs/storyteller.md,
"Balance-minded"); the continuations above are for the General's question alone.

Cost (10 players, Trouble Brewing plus the General, measured on a shared 2-core machine):
a bot game is about 1.6 ms; a fork about 0.12 ms; with the defaults (4 continuations of
at most 2 days, asked once a night) a game with a General is about 4 times slower, with 6
continuations about 5 times, 8 of 3 days about 7 times. `AutoStoryteller(continuations=N,
days=D)` sets them.
"""
from __future__ import annotations

import json
import math
import random
import zlib
from dataclasses import dataclass
from typing import Any, Callable

from ..agents import RandomBot
from ..engine.driver import Days, drive
from ..engine.game import Game
from ..scripts import script_memo
from ..engine.runner import act, bot_day, day_uses, has_day_options, window_turns
from .lean import FEATURES, features

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

# The lean's model's inputs, `FEATURES` in order: `features` (compiled: lean.py).


@dataclass(frozen=True)
class LeanModel:
    """Good's chance of winning from the lean's `features`: a logistic model, `coef` the
    intercept then one weight per feature, fitted to the standing forecast's own dawn
    forecasts (rollouts) on `script` (`calibrate.fit_lean`; docs/storyteller.md)."""
    script: str
    coef: tuple[float, ...]
    basis: str = ""

    def chance(self, x: tuple[float, ...]) -> float:
        z = self.coef[0]
        for w, v in zip(self.coef[1:], x):
            z += w * v
        if z < -30:
            return 0.0
        if z > 30:
            return 1.0
        return 1.0 / (1.0 + math.exp(-z))


POOLED = "*"        # the model fitted on every script's dawns: for a script without its own
_MODELS: dict[str, LeanModel] | None = None


def lean_models() -> dict[str, LeanModel]:
    """The fitted models (clocktower/data/lean.json), by built-in script name and `POOLED`."""
    global _MODELS
    if _MODELS is None:
        from importlib import resources
        raw = json.loads(resources.files("clocktower.data").joinpath("lean.json").read_text())
        if raw.get("features") != list(FEATURES):
            raise RuntimeError(f"clocktower/data/lean.json was fitted on the features "
                               f"{raw.get('features')}, not {list(FEATURES)}: fit it again "
                               f"(tools/fit_lean.py)")
        _MODELS = {name: LeanModel(name, tuple(float(c) for c in m["coef"]), m.get("basis", ""))
                   for name, m in raw["models"].items()}
    return _MODELS


def lean_model(script: Any) -> LeanModel:
    """The model for `script` (a `Script`): the built-in script with the same characters,
    else the pooled model. Worked out once per list of characters."""
    return script_memo(script, "lean_model", lambda: _lean_model(script))


def _lean_model(script: Any) -> LeanModel:
    models = lean_models()
    from ..scripts import builtin_names, load_script
    mine = sorted(script.characters)
    for name in builtin_names():
        if name in models and sorted(load_script(name).characters) == mine:
            return models[name]
    return models[POOLED]


@dataclass(frozen=True)
class Standing:
    """How the game stands, from the Storyteller's seat (`standing`): good's chance of
    winning by the lean's model, and what it read."""
    chance: float           # good's chance of winning, by `model`
    x: tuple[float, ...]    # the model's inputs (`FEATURES`)
    model: str = ""         # the script the model was fitted on (`POOLED`: every script)

    @property
    def alive(self) -> float:
        """The living good share now minus at the start."""
        return self.x[1]

    @property
    def suspected(self) -> bool:
        return bool(self.x[3])

    @property
    def endgame(self) -> bool:
        return bool(self.x[4])

    @property
    def score(self) -> float:
        """Good's chance minus one half: -0.5 (evil sure to win) .. +0.5 (good sure to)."""
        return self.chance - 0.5

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
        fitted = "every script" if self.model == POOLED else self.model
        return (f"good's chance {self.chance:.0%} by the lean's model (fitted to the standing "
                f"forecast on {fitted}; {'; '.join(parts)})"
                + (f": {lean} is far behind" if lean else ": about even"))


def standing(game: Game) -> Standing:
    """Good's chance of winning from here, cheaply (no simulation): the lean's model for
    the game's script (`lean_model`) on the game's `features`. Beyond +-0.15 from one half
    a team is "far behind"."""
    x = features(game)
    model = game.memo.get("st.lean_model")
    if model is None:
        model = game.memo["st.lean_model"] = lean_model(game.script)
    return Standing(model.chance(x), x, model.script)


def continuation_seed(game: Game, index: int) -> int:
    """A seed for continuation `index` from the game's seed and the moment (phase, number)."""
    number = game.night if game.phase == "night" else game.day
    return zlib.crc32(f"estimate:{game.seed}:{game.phase}:{number}:{index}".encode())


def fork(game: Game, seed: int, storyteller: Callable[[int, random.Random], Any]) -> Game:
    """A copy of `game` as it stands (`Game.fork`), answered by seeded bots (see the module
    docstring) and by `storyteller(seed, rng)`, a Storyteller that does not estimate again
    (`AutoStoryteller.continuation`: passed in, so this module does not import the
    Storyteller that imports it)."""
    # One generator for the whole continuation: the bots (one RandomBot answers for every
    # player: it acts for `decision.who`), the Storyteller, the quick days and `Game.rng`
    # (used only at setup). Seeding one is most of the cost of a fork.
    bot = RandomBot(seed, "estimate")
    rng = bot.rng
    answerers: dict = {"storyteller": storyteller(seed, rng)}
    for p in game.players:
        answerers[p.name] = bot
    clone = game.fork(answerers, rng=rng)
    clone.quiet_info = True         # bots read no information: see Game.tell
    return clone


class _QuickDays(Days):
    """A continuation's days (`play_on`): quick days, until `days` more days are played."""

    def __init__(self, days: int, rng: random.Random):
        self.days = days
        self.rng = rng
        self.last: int | None = None

    def begin(self, game: Game, kind: str) -> bool:
        if kind == "night":
            if self.last is None:       # counted from the end of the phase resumed
                self.last = game.day + self.days
            return game.day < self.last
        return True

    def day(self, game: Game) -> None:
        _quick_day(game, self.rng)

    def rest_of_day(self, game: Game) -> None:
        bot_day(game)


def _quick_day(game: Game, rng: random.Random) -> None:
    """A day of random bots, as `RandomBot` plays it (in turns, up to three rounds until
    a round passes quietly; a day ability 30% of the time, else a nomination of another
    living player 30% of the time), except that every hand on a nomination is decided at
    once by the continuation's generator (45% each) instead of one decision per voter."""
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


def play_on(game: Game, days: int, rng: random.Random | None = None) -> None:
    """Finish the current phase of `game` (a fork), then play up to `days` more days (quick
    days: `_quick_day`), on the game driver (`driver.drive`: a fork taken mid-night goes on
    at the night-order step after the one being run; between phases, the next one)."""
    if game.winner is not None:
        return
    drive(game, _QuickDays(days, rng or random.Random(0)))


def estimate(game: Game, continuations: int = CONTINUATIONS, days: int = DAYS,
             share: float = SHARE, *, storyteller: Callable[[int, random.Random], Any]
             ) -> Estimate:
    """Play `continuations` seeded continuations of `game` for at most `days` days each and
    count the winners; `storyteller(seed, rng)` answers for the Storyteller in each (see
    `fork`). The real game is not changed."""
    good = evil = undecided = 0
    need = share * continuations
    for i in range(continuations):
        clone = fork(game, continuation_seed(game, i), storyteller)
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
