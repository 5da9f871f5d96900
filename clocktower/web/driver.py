"""A web game driven input by input: re-run from its inputs to the next thing it waits for.

The design of `engine/session.py`, extended to a written game whose days are driven by the
table: the game is determined by its configuration (script, seed, seats, the written
grimoire) and an ordered list of inputs:

    {"kind": "answer", "by": who, "value": v, "index": i|None}   the pending decision's answer
    {"kind": "day_action", "by": who, "who": name, "action": {...}}   nominate / exile / use
    {"kind": "ruling", "by": "storyteller", "ruling": {...}}
    {"kind": "end_day", "by": "storyteller"}
    {"kind": "reminder", "by": "storyteller", "player": name, "token": text, "remove": bool}

(`by` says who sent it: the Storyteller, or the player themselves.) A `reminder` is a
reminder token the Storyteller places or removes by hand: a note on the grimoire that
changes nothing in the game, given at any point; the re-run takes it where it was given (at
the next decision it reaches, or at dusk with the rulings that follow it) and logs it as a
Storyteller-only `reminder` event (`by_hand`) or `reminder_removed`. `WebGame.rerun()` builds
the game and plays it, answering each decision of a person with the next input; when the
inputs run out it stops at the decision waiting (`pending`), or at the open day (`DayOpen`),
or at the end of the game (None). Bots' decisions are answered inside the re-run.
"""
from __future__ import annotations

import copy
from typing import Any

from ..agents.policies import POLICIES
from ..characters import REGISTRY
from ..engine.decisions import Decision, PlayerChoice
from ..engine.game import Game, GameOver
from ..engine.inputs import record_input, setup_written
from ..errors import ClocktowerError, IllegalAnswer, PendingDecision
from ..scripts import Script


class InputMismatch(ClocktowerError):
    """The inputs do not fit the game (an input of the wrong kind where the engine waits)."""


class DayOpen(Decision):
    """Not an engine decision: the day is open for the table's day actions and its end."""

    kind = "day"
    who = "storyteller"
    prompt = "The day: nominations, exiles, day abilities; end the day when done."

    def __init__(self) -> None:
        self.context = {}

    def options(self) -> list:
        return []

    def is_legal(self, answer: Any) -> bool:
        return False


class _Feed:
    def __init__(self, inputs: list[dict]):
        self.inputs = inputs
        self.k = 0
        self.dusk_at = -1       # the input index at this night's dusk
        self.dusk_table: dict | None = None     # the public table at dusk
        self.dusk_log = 0       # the log's length after this night's dusk rulings
        self.game: Game | None = None

    def peek(self) -> dict | None:
        """The next input, after taking the reminder tokens placed by hand before it."""
        while self.k < len(self.inputs) and self.inputs[self.k]["kind"] == "reminder":
            assert self.game is not None
            hand_reminder(self.game, self.inputs[self.k])
            self.k += 1
        return self.inputs[self.k] if self.k < len(self.inputs) else None

    def ahead(self) -> dict | None:
        """The next input that is not a reminder token, without taking anything."""
        j = self.k
        while j < len(self.inputs) and self.inputs[j]["kind"] == "reminder":
            j += 1
        return self.inputs[j] if j < len(self.inputs) else None


def reminders_in_play(log: list[dict]) -> dict[str, list[dict]]:
    """The reminder tokens on each player: those placed (by the engine, or by hand) less those
    removed by hand (the last one placed with that text)."""
    out: dict[str, list[dict]] = {}
    for ev in log:
        if ev["type"] == "reminder" and isinstance(ev.get("player"), str):
            r = {"token": ev.get("token"), "ability": ev.get("ability"), "phase": ev["phase"],
                 "number": ev["number"]}
            if ev.get("by_hand"):
                r["by_hand"] = True
            out.setdefault(ev["player"], []).append(r)
        elif ev["type"] == "reminder_removed":
            on = out.get(ev["player"], [])
            k = next((k for k in range(len(on) - 1, -1, -1) if on[k]["token"] == ev["token"]),
                     None)
            if k is not None:
                del on[k]
    return out


def hand_reminder(game: Game, rec: dict) -> None:
    """A reminder token placed or removed by the Storyteller's hand (only they see it)."""
    name, token = rec["player"], rec["token"]
    if name not in game.by_name:
        raise ClocktowerError(f"player: no player named {name!r}")
    if rec.get("remove"):
        if token not in [r["token"] for r in reminders_in_play(game.log).get(name, [])]:
            raise ClocktowerError(f"token: {name} has no reminder {token!r}")
        game.emit("reminder_removed", player=name, token=token)
    else:
        game.emit("reminder", player=name, token=token, by_hand=True)


class _Person:
    """The answerer of the Storyteller and of every seat played by a person."""

    def __init__(self, feed: _Feed):
        self.feed = feed

    def __call__(self, decision: Decision, view) -> Any:
        rec = self.feed.peek()
        if rec is None:
            raise PendingDecision(decision)
        if rec["kind"] != "answer":
            raise InputMismatch(f"input {self.feed.k} is a {rec['kind']}, but the game asks "
                                f"{decision.who} for {decision.kind}")
        self.feed.k += 1
        if rec.get("index") is not None:
            return decision.option(rec["index"])
        return copy.deepcopy(rec["value"])


class WebGame:
    """One game's configuration and inputs, and the game re-run from them."""

    def __init__(self, script: Script, seed: int, seats: list[dict], grimoire: list[dict],
                 bluffs: list[str] | None, not_dealt: list[str], inputs: list[dict] | None = None,
                 bots: str = "random"):
        self.script = script
        self.bots = bots            # the policy (agents/policies.py) of the bot seats
        self.seed = seed
        self.seats = seats          # [{name, traveller, bot, online}]
        self.grimoire = grimoire    # [{name, character, alignment?, thinks?}]
        self.bluffs = bluffs
        self.not_dealt = not_dealt
        self.inputs: list[dict] = list(inputs or [])
        self.game: Game
        self.pending: Decision | None = None
        self.dusk_at = -1
        self.dusk_table: dict | None = None
        self.dusk_log = 0
        self.rerun()

    # ------------------------------------------------------------------ running
    def _run(self, inputs: list[dict]) -> tuple[Game, Decision | None, _Feed]:
        feed = _Feed(inputs)
        person = _Person(feed)
        answerers: dict[str, Any] = {"storyteller": person}
        for s in self.seats:
            answerers[s["name"]] = POLICIES[self.bots](self.seed, s["name"]) if s.get("bot") \
                else person
        game = Game(self.script, REGISTRY, seed=self.seed, answerers=answerers)
        feed.game = game
        pending: Decision | None = None
        try:
            try:
                setup_written(game, [dict(g) for g in self.grimoire], self.bluffs,
                              self.not_dealt)
                _play(game, feed)
            except GameOver:
                pass
        except PendingDecision as p:
            pending = p.decision
        if feed.k != len(inputs):
            raise InputMismatch(f"input {feed.k} is not used: the game "
                                f"{'is over' if pending is None else 'waits for ' + pending.kind}")
        return game, pending, feed

    def rerun(self) -> None:
        self.game, self.pending, feed = self._run(self.inputs)
        self.dusk_at, self.dusk_table = feed.dusk_at, feed.dusk_table
        self.dusk_log = feed.dusk_log
        self.dusk_log = feed.dusk_log

    def push(self, rec: dict) -> None:
        """Add an input: the game re-runs with it; an input the engine refuses raises a
        ClocktowerError and changes nothing."""
        inputs = self.inputs + [rec]
        try:
            game, pending, feed = self._run(inputs)
        except IllegalAnswer as e:
            raise ClocktowerError(str(e)) from None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            raise ClocktowerError(f"the engine refused it ({type(e).__name__}: {e})") from None
        self.inputs, self.game, self.pending = inputs, game, pending
        self.dusk_at, self.dusk_table = feed.dusk_at, feed.dusk_table
        self.dusk_log = feed.dusk_log
        self.dusk_log = feed.dusk_log

    def undo(self) -> dict:
        if not self.inputs:
            raise ClocktowerError("nothing to undo")
        last = self.inputs[-1]
        self.inputs = self.inputs[:-1]
        self.rerun()
        return last

    # ------------------------------------------------------------------ what may come next
    def decision_id(self) -> int:
        """The pending decision's id: the inputs so far but reminder tokens (placed by hand,
        they change nothing in the game, so a player's answer on its way stays current)."""
        return sum(1 for r in self.inputs if r["kind"] != "reminder")

    @property
    def over(self) -> bool:
        return self.pending is None

    def day_open(self) -> bool:
        return isinstance(self.pending, DayOpen)

    def rulings_open(self) -> bool:
        """By day when the day is open; by night only at dusk: no answer given since the
        night began, and nobody told anything yet tonight (a ruling at dusk goes before
        what the night has done so far, which only the Storyteller has seen)."""
        if self.pending is None:
            return False
        if self.game.phase == "night":
            return self.dusk_at >= 0 and all(
                r["kind"] == "reminder" for r in self.inputs[self.dusk_at:]) and all(
                ev["visible_to"] == "storyteller" for ev in self.game.log[self.dusk_log:])
        return self.game.phase == "day" and self.day_open()

    def answer_record(self, by: str, option: int | None, value: Any, has_value: bool) -> dict:
        """The input that answers the pending decision, checked (ClocktowerError if not)."""
        d = self.pending
        if d is None or isinstance(d, DayOpen):
            raise ClocktowerError("no decision is waiting for an answer")
        if option is not None:
            if not 0 <= option < d.n_options():
                raise ClocktowerError(f"option {option} is out of range (0-{d.n_options() - 1})")
            return {"kind": "answer", "by": by, "index": option, "value": None}
        if not has_value:
            raise ClocktowerError("an answer needs `option` or `value`")
        if isinstance(value, list) and isinstance(d, PlayerChoice):
            if not all(isinstance(n, str) for n in value):
                raise ClocktowerError("a player choice is a list of names")
            value = d.canonical(value)
        if not d.is_legal(value):
            raise ClocktowerError(f"{value!r} is not a legal answer to {d.kind} for {d.who}")
        return {"kind": "answer", "by": by, "index": None, "value": value}


def _dusk(game: Game, feed: _Feed) -> None:
    """At dusk: the Storyteller's rulings for the night, then the night goes on."""
    # Until dawn the town square shows the table as it was at dusk: a death at night is
    # public only when dawn announces it.
    feed.dusk_table = game.view("spectator").table()
    while True:
        rec = feed.ahead()      # reminders placed at dusk go with the rulings after them
        if rec is None or rec["kind"] != "ruling":
            break
        feed.peek()
        feed.k += 1
        game.ruling(rec["ruling"])
    feed.dusk_at = feed.k
    feed.dusk_log = len(game.log)


def _day(game: Game, feed: _Feed) -> None:
    """The day as the table plays it: day actions and rulings until the Storyteller ends it."""
    while game.winner is None:
        rec = feed.peek()
        if rec is None:
            raise PendingDecision(DayOpen())
        feed.k += 1
        kind = rec["kind"]
        if kind == "end_day":
            return
        if kind == "ruling":
            game.ruling(rec["ruling"])
        elif kind == "day_action":
            day_action(game, rec["who"], rec["action"])
        else:
            raise InputMismatch(f"input {feed.k - 1} is a {kind}, but the day is open")


def day_action(game: Game, who: str, action: dict) -> None:
    """A day action pushed by the table, logged as an input (`engine/inputs.py`), then carried
    out. Without `votes`, the vote is live: each voter is asked in turn."""
    by = game.player(who)
    record_input(game, "day_action", who, action)
    mark = len(game.log)
    try:
        if "nominate" in action:
            votes = action.get("votes")
            game.nominate(by, game.player(action["nominate"]),
                          votes=list(votes) if votes is not None else None,
                          claim=action.get("claim"))
        elif "exile" in action:
            votes = action.get("votes")
            game.exile(by, game.player(action["exile"]),
                       votes=list(votes) if votes is not None else None)
        else:
            args = {k: v for k, v in action.items() if k != "ability"}
            game.use_day_ability(by, action["ability"], args)
    except ClocktowerError:
        if len(game.log) == mark:       # refused before anything happened
            game.log.pop()
            game.n_decisions -= 1
        raise


def _play(game: Game, feed: _Feed) -> None:
    while game.winner is None:
        game.run_night(at_dusk=lambda: _dusk(game, feed))
        if game.winner is not None:
            return
        game.start_day()
        try:
            _day(game, feed)
        except GameOver:
            return
        game.end_day()
