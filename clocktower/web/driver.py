"""A web game driven input by input, on the game driver (`engine/driver.py`).

A written game whose days are driven by the table: the game is determined by its
configuration (script, seed, seats, the written grimoire) and an ordered list of inputs:

    {"kind": "answer", "by": who, "value": v, "index": i|None}   the pending decision's answer
    {"kind": "day_action", "by": who, "who": name, "action": {...}}   nominate / exile / use
    {"kind": "ruling", "by": "storyteller", "ruling": {...}, "at": "day"}   ("at": by day)
    {"kind": "end_day", "by": "storyteller"}
    {"kind": "bot_turn", "by": "storyteller"}     the next bot seat takes a day turn
    {"kind": "reminder", "by": "storyteller", "player": name, "token": text, "remove": bool,
     "ability": id}                               (`ability`, whose token it is: optional)

(`by` says who sent it: the Storyteller, or the player themselves.) A `reminder` is a
reminder token the Storyteller places or removes by hand: a note on the grimoire that
changes nothing in the game, given at any point; it is taken where it was given (at the
decision waiting, or at dusk with the rulings that follow it) and logged as a
Storyteller-only `reminder` event (`by_hand`) or `reminder_removed`. A `bot_turn` gives the
next bot seat (seat order from a start that turns with the day, as `clocktower play`'s
turns) one day turn, answered by its policy as in a bot game: a claim, a nomination (the
hands then asked live), a day ability, or nothing (`runner.day_turn`, `runner.act`); the
server paces them (`web/service.py`).

The game runs in a coroutine (`driver.Stepped`) fed from the inputs (`_Feed`): each
decision of a person and each moment of the open day (`DayOpen`) takes the next input, or,
when there is none, pauses there (`pending`). `WebGame` keeps that running game: a new
input is appended and the game continues from where it waits (`push`: one step, whose new
events are those after the log's length before it). A re-run from the stored inputs (the
source of truth) builds it afresh: when a game is loaded, on undo, after an input the
engine refused (the running game may be spoiled), and for a ruling at dusk given once the
night has begun (it goes before what the night has done so far). Bots' decisions are
answered inside the game.
"""
from __future__ import annotations

import copy
from typing import Any

from ..agents.policies import POLICIES
from ..characters import REGISTRY
from ..engine.decisions import Decision, PlayerChoice
from ..engine.driver import Days, Stepped, drive
from ..engine.game import Game
from ..engine.inputs import check_day_action, day_action, place_reminder, setup_written
from ..engine.runner import one_turn
from ..errors import ClocktowerError, IllegalAnswer
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


def check_input(rec: Any, where: str = "input") -> None:
    """The shape of a table input (the module's docstring lists them): an InputMismatch
    naming the field, so a malformed input is refused before the engine sees it. Whether
    it is legal now is the engine's to say (a day action's shape: `check_day_action`)."""
    if not isinstance(rec, dict):
        raise InputMismatch(f"{where}: an input is a mapping with a kind, not {rec!r}")
    kind = rec.get("kind")
    if not isinstance(kind, str) or kind not in INPUT_FIELDS:
        raise InputMismatch(f"{where}: unknown kind {kind!r} "
                            f"(one of {', '.join(INPUT_FIELDS)})")
    for name, ok, what in INPUT_FIELDS[kind]:
        if name not in rec:
            raise InputMismatch(f"{where}: a {kind} input has no {name}")
        if not ok(rec[name]):
            raise InputMismatch(f"{where}: a {kind} input's {name} is {what}, "
                                f"not {rec[name]!r}")
    if kind == "day_action":
        check_day_action(rec["action"], live=True)


def _is_str(x: Any) -> bool:
    return isinstance(x, str)


def _is_index(x: Any) -> bool:
    return x is None or (isinstance(x, int) and not isinstance(x, bool))


# Each kind of input: the fields the game reads, a check of each, and what the check wants
# (in words). (`by`, who sent it, is the server's: the game does not read it.)
INPUT_FIELDS: dict[str, tuple[tuple[str, Any, str], ...]] = {
    "answer": (("index", _is_index, "an option's number or null"), ("value", lambda x: True, "")),
    "day_action": (("who", _is_str, "a player's name"),
                   ("action", lambda x: isinstance(x, dict), "a mapping")),
    "ruling": (("ruling", lambda x: isinstance(x, dict), "a mapping"),),
    "end_day": (),
    "bot_turn": (),
    "reminder": (("player", _is_str, "a player's name"), ("token", _is_str, "a text")),
}


class _Feed:
    def __init__(self, inputs: list[dict]):
        self.inputs = inputs
        self.k = 0
        self.dusk_at = -1       # the input index at this night's dusk
        self.dusk_table: dict | None = None     # the public table at dusk
        self.dusk_log = 0       # the log's length after this night's dusk rulings
        self.game: Game | None = None
        self.stepped: Stepped | None = None

    def peek(self) -> dict | None:
        """The next input, after taking the reminder tokens placed by hand before it."""
        while self.k < len(self.inputs) and self.inputs[self.k]["kind"] == "reminder":
            assert self.game is not None
            hand_reminder(self.game, self.inputs[self.k])
            self.k += 1
        return self.inputs[self.k] if self.k < len(self.inputs) else None

    def next(self, waiting: Decision) -> dict:
        """The next input (not yet taken), pausing the game at `waiting` until there is one."""
        while True:
            rec = self.peek()
            if rec is not None:
                return rec
            assert self.stepped is not None
            self.stepped.wait(waiting)

    def ahead(self) -> dict | None:
        """The next input that is not a reminder token, without taking anything."""
        j = self.k
        while j < len(self.inputs) and self.inputs[j]["kind"] == "reminder":
            j += 1
        return self.inputs[j] if j < len(self.inputs) else None


def reminders_in_play(log: list[dict], game: Game | None = None) -> dict[str, list[dict]]:
    """The reminder tokens on each player: those placed (by the engine, or by hand) less those
    removed by hand (the last one placed with that text).

    A token the engine placed to mark an effect (logged right after the `effect` event it
    marks, for that player and ability: the Thief's NEGATIVE VOTE, the Monk's SAFE, the
    Poisoner's POISONED) is on the player while that effect is: given the `game`, such
    tokens of an ability are kept only as many as the effects of that ability the player
    still has (the latest ones), so the token goes when the effect ends (the Thief's mark
    at the next dusk)."""
    out: dict[str, list[dict]] = {}
    prev: dict | None = None
    for ev in log:
        if ev["type"] == "reminder" and isinstance(ev.get("player"), str):
            r = {"token": ev.get("token"), "ability": ev.get("ability"), "phase": ev["phase"],
                 "number": ev["number"]}
            if ev.get("by_hand"):
                r["by_hand"] = True
            elif (prev is not None and prev["type"] == "effect"
                  and prev.get("target") == ev["player"]
                  and prev.get("ability") == ev.get("ability")):
                r["_effect"] = True
            out.setdefault(ev["player"], []).append(r)
        elif ev["type"] == "reminder_removed":
            on = out.get(ev["player"], [])
            k = next((k for k in range(len(on) - 1, -1, -1) if on[k]["token"] == ev["token"]),
                     None)
            if k is not None:
                del on[k]
        prev = ev
    for name, on in out.items():
        if game is not None and name in game.by_name:
            effects = game.by_name[name].effects
            lasting = {ab: sum(1 for e in effects if e.source is not None
                               and e.source.id == ab)
                       for ab in {r["ability"] for r in on if r.get("_effect")}}
            keep = []
            for r in reversed(on):
                if r.get("_effect"):
                    if lasting[r["ability"]] <= 0:
                        continue
                    lasting[r["ability"]] -= 1
                keep.append(r)
            on[:] = keep[::-1]
        for r in on:
            r.pop("_effect", None)
    return out


def hand_reminder(game: Game, rec: dict) -> None:
    """A reminder token placed or removed by the Storyteller's hand (only they see it)."""
    name, token = rec["player"], rec["token"]
    if name not in game.by_name:
        raise ClocktowerError(f"player: no player named {name!r}")
    if rec.get("remove"):
        if token not in [r["token"] for r in reminders_in_play(game.log, game).get(name, [])]:
            raise ClocktowerError(f"token: {name} has no reminder {token!r}")
    ability = rec.get("ability")
    if ability is not None and not isinstance(ability, str):
        raise ClocktowerError("ability: a character id")
    place_reminder(game, name, token, bool(rec.get("remove")), ability)


class _Person:
    """The answerer of the Storyteller and of every seat played by a person."""

    def __init__(self, feed: _Feed):
        self.feed = feed

    def __call__(self, decision: Decision, view) -> Any:
        rec = self.feed.next(decision)
        if rec["kind"] != "answer":
            raise InputMismatch(f"input {self.feed.k} is a {rec['kind']}, but the game asks "
                                f"{decision.who} for {decision.kind}")
        self.feed.k += 1
        index = rec["index"]
        if index is not None:
            n = decision.n_options()
            if not 0 <= index < n:
                raise InputMismatch(f"input {self.feed.k - 1}: option {index} is out of "
                                    f"range (0-{n - 1})")
            return decision.option(index)
        return copy.deepcopy(rec["value"])


class _TableDays(Days):
    """The day as the table plays it (`_day`), the rulings at dusk (`_dusk`)."""

    def __init__(self, feed: _Feed, bots: list[str]):
        self.feed = feed
        self.bots = bots

    def dusk(self, game: Game) -> None:
        _dusk(game, self.feed)

    def day(self, game: Game) -> None:
        _day(game, self.feed, self.bots)


class WebGame:
    """One game's configuration and inputs, and the game running from them."""

    def __init__(self, script: Script, seed: int, seats: list[dict], grimoire: list[dict],
                 bluffs: list[str] | None, not_dealt: list[str], inputs: list[dict] | None = None,
                 bots: str = "random"):
        self.script = script
        self.bots = bots            # the policy (agents/policies.py) of the bot seats
        self.seed = seed
        self.seats = seats          # [{name, traveller, bot, online}]
        self.grimoire = grimoire    # [{name, character, alignment?, thinks?, dead?, ghost_vote?}]
        self.bluffs = bluffs
        self.not_dealt = not_dealt
        self.inputs: list[dict] = list(inputs or [])
        self.game: Game
        self.pending: Decision | None = None
        self._feed: _Feed
        self.rerun()

    @property
    def dusk_at(self) -> int:
        return self._feed.dusk_at

    @property
    def dusk_table(self) -> dict | None:
        return self._feed.dusk_table

    @property
    def dusk_log(self) -> int:
        return self._feed.dusk_log

    # ------------------------------------------------------------------ running
    def _start(self, inputs: list[dict]) -> tuple[Game, Decision | None, _Feed]:
        """The game run from `inputs` until it waits for the next one (or ends)."""
        for i, rec in enumerate(inputs):
            check_input(rec, f"input {i}")
        feed = _Feed(list(inputs))
        person = _Person(feed)
        answerers: dict[str, Any] = {"storyteller": person}
        for s in self.seats:
            answerers[s["name"]] = POLICIES[self.bots](self.seed, s["name"]) if s.get("bot") \
                else person
        # A Traveller who joins during play (a `join` ruling) is played by a person.
        game = Game(self.script, REGISTRY, seed=self.seed, answerers=answerers,
                    default_answerer=person)
        feed.game = game

        def main() -> None:
            setup_written(game, [dict(g) for g in self.grimoire], self.bluffs, self.not_dealt)
            drive(game, _TableDays(feed, [s["name"] for s in self.seats if s.get("bot")]))

        feed.stepped = Stepped(main)
        pending = feed.stepped.resume()
        _check_used(feed, pending)
        return game, pending, feed

    def rerun(self) -> None:
        """The game afresh from the stored inputs."""
        self.game, self.pending, self._feed = self._start(self.inputs)

    def push(self, rec: dict) -> tuple[int, bool]:
        """Add an input: the game goes on with it. Returns the index of the log's first event
        that is new or changed (only a ruling at dusk changes earlier events), and whether
        an event it changed was seen by someone other than the Storyteller. An input the
        engine refuses raises a ClocktowerError and changes nothing."""
        check_input(rec)
        feed = self._feed
        stepped = feed.stepped
        at_dusk = rec["kind"] == "ruling" and self.game.phase == "night"
        if rec["kind"] == "ruling" and not at_dusk:
            # Said in the input: a re-run must not take it at the night's dusk before (when
            # no input was given that night, nothing else tells the two apart).
            rec["at"] = "day"
        if at_dusk or stepped is None or stepped.done or stepped.broken:
            return self._push_rerun(rec)
        mark = len(self.game.log)
        feed.inputs.append(rec)
        try:
            try:
                self.pending = stepped.resume()
                _check_used(feed, self.pending)
            except IllegalAnswer as e:
                raise ClocktowerError(str(e)) from None
        except ClocktowerError:
            self.rerun()            # the running game may be spoiled: back to the inputs
            raise
        self.inputs.append(rec)
        return mark, False

    def _push_rerun(self, rec: dict) -> tuple[int, bool]:
        inputs = self.inputs + [rec]
        try:
            game, pending, feed = self._start(inputs)
        except IllegalAnswer as e:
            raise ClocktowerError(str(e)) from None
        before = self.game.log
        log = game.log
        k = next((i for i, (a, b) in enumerate(zip(before, log)) if a != b),
                 min(len(before), len(log)))
        self.inputs, self.game, self.pending, self._feed = inputs, game, pending, feed
        return k, not all(ev["visible_to"] == "storyteller" for ev in before[k:])

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
        if rec is None or rec["kind"] != "ruling" or rec.get("at") == "day":
            break
        feed.peek()
        feed.k += 1
        game.ruling(rec["ruling"])
    feed.dusk_at = feed.k
    feed.dusk_log = len(game.log)


def bot_order(game: Game, bots: list[str]) -> list[str]:
    """Today's turn order of the bot seats still in the circle: seat order from a start that
    turns with the day (as `runner.bot_day`)."""
    n = len(game.players)
    start = game.day % n if n else 0
    seated = [game.players[(start + i) % n].name for i in range(n)]
    return [name for name in seated if name in bots]


def _day(game: Game, feed: _Feed, bots: list[str] | None = None) -> None:
    """The day as the table plays it: day actions, rulings and bot turns until the
    Storyteller ends it."""
    turns = 0                   # bot turns taken today
    while game.winner is None:
        rec = feed.next(DayOpen())
        feed.k += 1
        kind = rec["kind"]
        if kind == "end_day":
            return
        if kind == "bot_turn":
            order = bot_order(game, bots or [])
            if not order:
                raise InputMismatch(f"input {feed.k - 1}: no bot seat takes day turns")
            if not game.day_over:
                one_turn(game, order[turns % len(order)])
            turns += 1
            continue
        if kind == "ruling":
            game.ruling(rec["ruling"])
        elif kind == "day_action":
            day_action(game, rec["who"], rec["action"], live=True)
        else:
            raise InputMismatch(f"input {feed.k - 1} is a {kind}, but the day is open")


def _check_used(feed: _Feed, pending: Decision | None) -> None:
    """Every input is used: the game waits for the next one, or has ended (InputMismatch)."""
    if feed.k != len(feed.inputs):
        raise InputMismatch(f"input {feed.k} is not used: the game "
                            f"{'is over' if pending is None else 'waits for ' + pending.kind}")
