"""Replaying a game from its event log: same inputs, same game, event for event.

A log made by `clocktower play` starts with a `setup` event that names the script's
characters, the seed and the players. Replaying builds the same game and answers every
decision with the answer recorded in the log, in order; any divergence is a ReplayMismatch.
"""
from __future__ import annotations

import json
from pathlib import Path

from ..errors import ClocktowerError, ReplayMismatch
from ..scripts import Script, load_script
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

    def __init__(self, events: list[dict]):
        self.by_seq = {e["seq"]: e for e in events if e["type"] == "decision"}

    def __call__(self, decision: Decision, game: Game):
        seq = game.n_decisions - 1
        rec = self.by_seq.get(seq)
        if rec is None:
            if decision.default is NO_DEFAULT:
                raise ReplayMismatch(f"the log has no answer for decision {seq} "
                                     f"({decision.kind} by {decision.who})")
            return decision.default
        if rec["kind"] != decision.kind or rec["who"] != decision.who:
            raise ReplayMismatch(f"decision {seq}: log has {rec['kind']} by {rec['who']}, "
                                 f"game asks {decision.kind} by {decision.who}")
        return rec["answer"]


def replay(events: list[dict], registry) -> Game:
    setup = events[0]
    script = load_script(setup["script_ids"]) if "script_ids" in setup else load_script(setup["script"])
    if isinstance(script, Script) and setup.get("script"):
        script.name = setup["script"]
    names = [p["name"] for p in setup["players"] if not p.get("traveller")]
    answers = LogAnswers(events)
    game = Game(script, registry, seed=setup["seed"], default_answerer=answers)
    setup_random(game, names)
    play(game)
    mine = [json.dumps(e, sort_keys=True) for e in game.log]
    theirs = [json.dumps(e, sort_keys=True) for e in events]
    for i, (a, b) in enumerate(zip(mine, theirs)):
        if a != b:
            raise ReplayMismatch(f"event {i + 1} differs:\n  log:    {b}\n  replay: {a}")
    if len(mine) != len(theirs):
        raise ReplayMismatch(f"the log has {len(theirs)} events, the replay {len(mine)}")
    return game
