"""Replaying a game from its event log: same inputs, same game, event for event.

A log made by `clocktower play` starts with a `setup` event that names the script's
characters, the seed and the players. Replaying builds the same game and answers every
decision with the answer recorded in the log, in order; any divergence is a ReplayMismatch.
"""
from __future__ import annotations

import json
from pathlib import Path

from ..errors import ClocktowerError, ReplayMismatch
from ..scripts import load_script
from .decisions import NO_DEFAULT, Decision
from .game import Game
from .runner import play
from .setup import setup_random


def read_log(path: str | Path) -> list[dict]:
    path = Path(path)
    events = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as e:
        raise ClocktowerError(f"{path}: cannot read: {e.strerror}") from None
    except UnicodeDecodeError:
        raise ClocktowerError(f"{path}: not a text file") from None
    for i, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            ev = json.loads(line)
        except json.JSONDecodeError as e:
            raise ClocktowerError(f"{path}:{i}: not a JSON event: {e.msg}") from None
        if not isinstance(ev, dict) or "type" not in ev:
            raise ClocktowerError(f"{path}:{i}: an event must be an object with a type")
        events.append(ev)
    if not events or events[0]["type"] != "setup":
        raise ClocktowerError(f"{path}: a game log starts with a setup event")
    return events


class LogAnswers:
    """Answers decision number `seq` with the logged answer, or its default if unlogged."""

    sees_everything = True      # answers for everyone, as the log says (see views.py)

    def __init__(self, events: list[dict]):
        self.by_seq = {e.get("seq"): e for e in events if e.get("type") == "decision"}

    def __call__(self, decision: Decision, view):
        seq = view.game.n_decisions - 1
        rec = self.by_seq.get(seq)
        if rec is None:
            if decision.default is NO_DEFAULT:
                raise ReplayMismatch(f"the log has no answer for decision {seq} "
                                     f"({decision.kind} by {decision.who})")
            return decision.default
        if rec.get("kind") != decision.kind or rec.get("who") != decision.who:
            raise ReplayMismatch(f"decision {seq}: log has {rec.get('kind')} by {rec.get('who')}, "
                                 f"game asks {decision.kind} by {decision.who}")
        if "answer" not in rec:
            raise ReplayMismatch(f"decision {seq} in the log has no answer")
        return rec["answer"]


def _setup_inputs(setup: dict) -> tuple[list | str, list[str], int, int]:
    """The script, player names (seat order), seed and number of Travellers (the last
    seats) that a log's setup event records; checked."""
    script = setup.get("script_ids", setup.get("script"))
    players = setup.get("players")
    seed = setup.get("seed")
    if not isinstance(script, (list, str)) or not script:
        raise ReplayMismatch("the setup event does not name the script")
    if not isinstance(players, list) or not all(isinstance(p, dict) and isinstance(p.get("name"), str)
                                                for p in players):
        raise ReplayMismatch("the setup event does not list the players by name")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ReplayMismatch("the setup event has no whole-number seed")
    flags = [bool(p.get("traveller")) for p in players]
    k = sum(flags)
    if any(flags[:len(flags) - k]):
        raise ReplayMismatch("the setup event seats a Traveller before a dealt player")
    return script, [p["name"] for p in players], seed, k


def replay(events: list[dict], registry) -> Game:
    if not events or not isinstance(events[0], dict) or events[0].get("type") != "setup":
        raise ReplayMismatch("a game log starts with a setup event")
    setup = events[0]
    script_spec, names, seed, travellers = _setup_inputs(setup)
    script = load_script(script_spec)
    if isinstance(setup.get("script"), str):
        script.name = setup["script"]
    by_seq = [e for e in events if e.get("type") == "decision"]
    if not all(isinstance(e.get("seq"), int) for e in by_seq):
        raise ReplayMismatch("a decision event in the log has no sequence number")
    answers = LogAnswers(events)
    game = Game(script, registry, seed=seed, default_answerer=answers)
    try:
        setup_random(game, names, travellers)
        play(game)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        # A hand-edited log can feed the engine answers of the wrong shape.
        raise ReplayMismatch(f"the log's answers do not fit this game ({type(e).__name__}: {e})") from None
    mine = [json.dumps(e, sort_keys=True) for e in game.log]
    theirs = [json.dumps(e, sort_keys=True) for e in events]
    for i, (a, b) in enumerate(zip(mine, theirs)):
        if a != b:
            raise ReplayMismatch(f"event {i + 1} differs:\n  log:    {b}\n  replay: {a}")
    if len(mine) != len(theirs):
        raise ReplayMismatch(f"the log has {len(theirs)} events, the replay {len(mine)}")
    return game
