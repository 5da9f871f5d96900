"""The game driver: the one sequence of dusk, night, day and game over, and a game you can step.

`drive(game, days)` plays a set-up game from where it stands to its end (or until `days`
stops it): night after night and day after day, with the engine's own phases
(`Game.run_night`, `start_day`, `end_day`) in one place. What is not the engine's is
`days`, the pluggable source of the day's actions (a `Days`):

- `Days.day(game)`: the day's actions, until the day ends (bots taking turns:
  `runner.BotDays`; a written game's logged inputs; a live table's inputs; the Storyteller
  estimate's quick days);
- `Days.dusk(game)`: inputs at dusk, before anyone wakes (a Storyteller's rulings);
- `Days.begin(game, kind)` / `Days.end(game, kind)`: before and after each night and day
  ("night" / "day"); `begin` returning False stops the game there (a written game whose
  phases are used up, an estimate's last day);
- `max_days`: after that many days without a result the game ends without one;
- `end_day_after_game_over`: whether a day whose actions ended the game still ends (its
  `day_end` event after `game_over`), as written games (scenarios, written replays) have
  always logged it; bot and web games do not.

`step(main)` runs `main()` in a coroutine (a greenlet) that pauses whenever someone outside
must answer (`Stepped.wait(decision)` called by an answerer) and resumes when told
(`Stepped.resume()`): see `engine/session.py` for the pull-style API built on it and
docs/architecture.md, "The game driver", for why a greenlet.
"""
from __future__ import annotations

from typing import Any, Callable

from mypy_extensions import mypyc_attr     # for the compiled build; a no-op otherwise

from .decisions import Decision
from .game import Game, GameOver
from .outcome import Outcome


@mypyc_attr(allow_interpreted_subclasses=True)     # the web's, a written game's, ...
class Days:
    """A source of day actions (the base: nothing happens by day; see the module docstring)."""

    max_days: int | None = None
    end_day_after_game_over = False

    def begin(self, game: Game, kind: str) -> bool:
        """Before each night and each day: False stops the game before it."""
        return True

    def dusk(self, game: Game) -> None:
        """At dusk, before anyone wakes (the night's rulings)."""

    def day(self, game: Game) -> None:
        """The day's actions until the day ends (may raise GameOver)."""

    def rest_of_day(self, game: Game) -> None:
        """The rest of a day a game was resumed in (a fork taken by day)."""
        self.day(game)

    def end(self, game: Game, kind: str) -> None:
        """After each night and each day (also the one that ended the game)."""


def _ended(game: Game, start: str, end: str) -> bool:
    """Has the current phase already ended (its `end` event after its `start` event)?"""
    log = game.log
    for i in range(len(log) - 1, -1, -1):   # (not `reversed`: mypyc cannot compile it here)
        t = log[i]["type"]
        if t == end:
            return True
        if t == start:
            return False
    return False


def _finish_night(game: Game) -> None:
    """The rest of tonight after the night-order step being run (`Game._cursor`), then dawn.
    For a game resumed mid-night (a fork, `Game.fork`): an ability that already acted
    tonight and sits later in the order (moved tonight) may act again."""
    try:
        game.walk_night(game.night == 1, game._cursor, set())
    except GameOver:
        pass


def drive(game: Game, days: Days) -> Game:
    """Play `game` from where it stands: a set-up game from its first night; a game resumed
    in a night (a fork) from the night-order step after the one being run; in a day, the
    rest of that day (`days.rest_of_day`); between phases, from the next one."""
    if game.winner is not None:
        return game
    nxt = "night"
    if game.phase == "night":
        if not _ended(game, "night", "dawn"):
            _finish_night(game)
        nxt = "day"
    elif game.phase == "day" and not _ended(game, "day", "day_end"):
        try:
            days.rest_of_day(game)
        except GameOver:
            if not days.end_day_after_game_over:
                return game
        game.end_day()
    return _phases(game, days, nxt)


def _winner(game: Game) -> str | None:
    """Read afresh after each phase (not narrowed by a type checker)."""
    return game.winner


def _phases(game: Game, days: Days, nxt: str) -> Game:
    at_dusk: Callable[[], None] = lambda: days.dusk(game)    # noqa: E731
    max_days = days.max_days
    while _winner(game) is None:
        if nxt == "night":
            if not days.begin(game, "night"):
                break
            game.run_night(at_dusk=at_dusk)
            days.end(game, "night")
            if _winner(game) is not None:
                break
        nxt = "night"
        if not days.begin(game, "day"):
            break
        game.start_day()
        try:
            days.day(game)
        except GameOver:
            if not days.end_day_after_game_over:
                days.end(game, "day")
                break
        game.end_day()
        days.end(game, "day")
        if max_days is not None and game.day >= max_days and _winner(game) is None:
            game.declare(Outcome("none", "no_result", f"no result after {max_days} days"))
    return game


# ---------------------------------------------------------------------------- stepping
_getcurrent: Any = None         # greenlet.getcurrent, once a coroutine was made
class Stepped:
    """`main()` run in a coroutine that pauses when an answer must come from outside.

    Inside, an answerer calls `wait(decision)`: the coroutine stops there and `resume()`
    (outside) returns that decision. The next `resume(value)` continues from that point,
    and `wait` returns `value` there (the answer, handed over by the switch itself: one
    switch each way and nothing else, `engine/session.py`). `pending` is the decision
    waiting (None once `main` has returned: `done`). An exception inside `main` ends it and
    is raised by `resume()`; the coroutine is then `broken`.
    """

    def __init__(self, main: Callable[[], Any]):
        from greenlet import greenlet

        global _getcurrent
        if _getcurrent is None:         # imported once, at the first coroutine (not per step)
            from greenlet import getcurrent
            _getcurrent = getcurrent
        self._greenlet = greenlet(self._main)
        self._go: Any = self._greenlet.switch   # into the coroutine (a bound method, once)
        self._from: Any = None                  # the greenlet that resumed it last
        self._back: Any = None                  # and its switch: where a pause returns to
        self._body = main
        self.pending: Decision | None = None
        self.done = False
        self.broken = False
        self.result: Any = None

    def _main(self, *_first: Any) -> None:
        self.result = self._body()
        self.pending = None
        self.done = True
        return None                     # what the last resume() returns

    def resume(self, value: Any = None) -> Decision | None:
        """Run until the next pause (returns the decision waiting) or the end (None);
        `value` is what the paused `wait` returns."""
        if self.done or self.broken:
            raise RuntimeError("resume: the coroutine has ended")
        cur = _getcurrent()
        if cur is not self._from:       # whoever resumes is where a pause returns to (the
            self._greenlet.parent = cur     # same one, step after step: set once)
            self._from = cur
            self._back = cur.switch
        try:
            return self._go(value)      # the decision passed by wait(), or None at the end
        except BaseException:
            self.broken = True
            raise

    def wait(self, decision: Decision) -> Any:
        """Pause (called inside `main`, by an answerer): `decision` waits for an outside
        answer; returns the value the next `resume` is given."""
        self.pending = decision
        value = self._back(decision)
        self.pending = None
        return value
