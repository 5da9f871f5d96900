"""The decision support in the web grimoire: the standing and each option's effect, streamed
to the Storyteller's sockets only (storyteller/advise.py does the work).

One `WebAdvisor` per game. While it is on, each new point of the game (a Storyteller
decision waiting; the day open, once a day) starts a run: the point and the option groups
are read from the live game on the server's loop, the rollouts run in worker processes
driven from a thread, and `advice` messages go to the Storyteller's connections as figures
refine (at most every UPDATE_EVERY seconds, then the last). A new point stops the run of
the old one (the decision was answered), as does turning it off; the budget bounds each
run. Players and spectators are never sent an advice message (the server sends them only
to connections whose role is the Storyteller's; tests/test_web_advice.py checks it over
whole games).

The Storyteller's message `{"type": "advise", "on": bool, "budget": seconds, "rollouts":
n, "open": label}` (every field optional) sets it; the server's default is off (`serve
--advise`: on). `open` names a group of the pending decision's options (a label of its
last `advice` message, when not opened): the run starts again with that group's options,
one each (a seeded sample of 12 when it holds more: `advise.groups`); `"open": null` goes
back to every group. A new decision closes it.
"""
from __future__ import annotations

import asyncio
import threading
import time
from typing import Any, Callable, Coroutine

from ..errors import ClocktowerError
from ..storyteller.advise import Advice, groups, prepare, run_advice
from ..storyteller.forecast import Bots, point_of

DEFAULT_BUDGET = 10.0       # seconds a run may take, until the Storyteller sets it
DEFAULT_ROLLOUTS = 200      # rollouts per figure, until the Storyteller sets it
UPDATE_EVERY = 0.25         # seconds between two messages of one run (the last always sent)
BUDGET = (1.0, 120.0)       # the time budget a Storyteller may set, seconds
ROLLOUTS = (10, 2000)       # rollouts per figure a Storyteller may set


class WebAdvisor:
    def __init__(self, on: bool = False, budget: float | None = None,
                 rollouts: int | None = None, workers: int = 2, bots: Bots | None = None):
        self.on = on
        self.budget = DEFAULT_BUDGET if budget is None else budget
        self.rollouts = DEFAULT_ROLLOUTS if rollouts is None else rollouts
        self.workers = workers
        self.bots = bots or Bots()
        self.key: tuple | None = None
        self._stop: threading.Event | None = None
        self.latest: dict | None = None
        self.history: list[dict] = []       # the standing at each point advised, in order
        self.point: tuple | None = None     # the point advised (its key without `opened`)
        self.labels: dict[str, list] = {}   # its decision's groups: label -> options
        self.opened: str | None = None      # the group opened, if any

    def settings(self) -> dict:
        return {"on": self.on, "budget": self.budget, "rollouts": self.rollouts,
                "bots": self.bots.words, "open": self.opened}

    def configure(self, raw: dict) -> None:
        """The Storyteller's `advise` message, checked (ClocktowerError: nothing changed)."""
        extra = set(raw) - {"type", "ref", "on", "budget", "rollouts", "open"}
        if extra:
            raise ClocktowerError(f"advise: unknown field(s) {', '.join(sorted(extra))}")
        on, budget, rollouts = raw.get("on", self.on), raw.get("budget", self.budget), \
            raw.get("rollouts", self.rollouts)
        if not isinstance(on, bool):
            raise ClocktowerError("advise: on is true or false")
        if "budget" in raw and (isinstance(budget, bool) or not isinstance(budget, (int, float))
                                or not BUDGET[0] <= budget <= BUDGET[1]):
            raise ClocktowerError(f"advise: budget is {BUDGET[0]:g} to {BUDGET[1]:g} seconds")
        if "rollouts" in raw and (isinstance(rollouts, bool) or not isinstance(rollouts, int)
                                  or not ROLLOUTS[0] <= rollouts <= ROLLOUTS[1]):
            raise ClocktowerError(f"advise: rollouts is {ROLLOUTS[0]} to {ROLLOUTS[1]}")
        opened = raw.get("open", self.opened)
        if "open" in raw and opened is not None:
            if not isinstance(opened, str):
                raise ClocktowerError("advise: open is a group's label, or null")
            if not self.labels:
                raise ClocktowerError("advise: open: no Storyteller decision is being advised")
            if opened not in self.labels:
                raise ClocktowerError(f"advise: open: the decision has no group {opened!r}")
        changed = (budget, rollouts, opened) != (self.budget, self.rollouts, self.opened)
        self.on, self.budget, self.rollouts = on, float(budget), rollouts
        self.opened = opened
        if not on or changed:
            self.stop()
            self.key = None         # a new run at the next refresh, with the new settings

    def stop(self) -> None:
        if self._stop is not None:
            self._stop.set()
            self._stop = None

    def refresh(self, live: Any, send: Callable[[dict], Coroutine[Any, Any, None]]) -> None:
        """On the server's loop after every change: start a run for a new point."""
        if not self.on:
            return
        from .driver import DayOpen
        wg = live.wg
        game, d = wg.game, wg.pending
        if d is None:                           # the game is over
            self.stop()
            return
        if isinstance(d, DayOpen):
            key: tuple = (live.epoch, "day", game.day)
            decision = None
            upto = game.n_decisions
        elif d.who == "storyteller":
            key = (live.epoch, "decision", game.n_decisions)
            decision = d
            upto = game.n_decisions - 1
        else:
            return                              # a player's answer: the last figures stand
        if key != self.point:                   # a new point: no group open
            self.point, self.opened = key, None
            self.labels = {}
            if decision is not None:
                try:
                    self.labels = {g.label: g.options for g in groups(decision, game)[0]}
                except ClocktowerError:
                    pass
        key += (self.opened,)
        if key == self.key:
            return
        self.stop()
        self.key = key
        opened = self.opened
        try:
            advice, targets = prepare(game, decision, self.bots,
                                      None if opened is None else self.labels[opened])
        except ClocktowerError:
            return
        point = point_of(game, upto)
        stop = self._stop = threading.Event()
        where = {"day": game.day, "phase": game.phase,
                 "number": game.night if game.phase == "night" else game.day,
                 "seq": upto}
        loop = asyncio.get_running_loop()
        settings = (self.rollouts, self.workers, self.budget)

        def message(a: Advice, final: bool) -> dict:
            return {"type": "advice", "at": where, "settings": self.settings(),
                    "final": final, "history": self.history[-60:], "opened": opened,
                    **a.to_json()}

        def post(msg: dict) -> None:
            try:
                asyncio.run_coroutine_threadsafe(send(msg), loop)
            except RuntimeError:            # the server has stopped
                stop.set()

        def work() -> None:
            last = [0.0]

            def update(a: Advice) -> None:
                now = time.monotonic()
                if now - last[0] >= UPDATE_EVERY:
                    last[0] = now
                    post(message(a, False))
            try:
                a = run_advice(point, advice, targets, settings[0], 0, settings[1],
                               settings[2], update, stop.is_set)
            except Exception as e:           # noqa: BLE001: said to the Storyteller, not raised
                post({"type": "advice", "at": where, "error": str(e)})
                return
            if stop.is_set():
                return                      # another point (or off): its figures are stale
            t = a.standing
            if t.n and opened is None:          # an opened group's run: the point's again
                lo, hi = t.interval
                self.history.append({**where, "chance": round(t.chance, 4),
                                     "low": round(lo, 4), "high": round(hi, 4), "rollouts": t.n})
            msg = message(a, True)
            self.latest = msg
            post(msg)

        threading.Thread(target=work, name="advice", daemon=True).start()
