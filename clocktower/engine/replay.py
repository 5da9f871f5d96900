"""Replaying a game from its event log: same inputs, same game, event for event.

A log made by `clocktower play` starts with a `setup` event that names the script's
characters, the seed and the players. Replaying builds the same game and answers every
decision with the answer recorded in the log, in order; any divergence is a ReplayMismatch.
"""
from __future__ import annotations

import json

from ..errors import ClocktowerError, IllegalAnswer, ReplayMismatch
from .game import Game
from .inputs import replay_written
from .logs import EventLog, LogAnswers, check_setup, read_log, setup_inputs, setup_script, where
from .runner import play
from .setup import setup_random

__all__ = ["EventLog", "LogAnswers", "read_log", "replay"]


def replay(events: list[dict], registry, script=None) -> Game:
    """Replay the game a log records and check it is identical; `script` is the script the
    game was played on (default: found from the setup event, see `setup_script`)."""
    if not events or not isinstance(events[0], dict) or events[0].get("type") != "setup":
        raise ReplayMismatch("a game log starts with a setup event")
    setup = events[0]
    if setup.get("grimoire") in ("written", "dealt"):   # a scenario's game: engine/inputs.py
        return replay_written(events, registry, script)
    script_spec, names, seed, travellers = setup_inputs(setup)
    script, how = setup_script(setup, script_spec, script)
    by_seq = [e for e in events if e.get("type") == "decision"]
    if not all(isinstance(e.get("seq"), int) for e in by_seq):
        raise ReplayMismatch("a decision event in the log has no sequence number")
    answers = LogAnswers(events)
    game = Game(script, registry, seed=seed, default_answerer=answers)
    try:
        setup_random(game, names, travellers)
        # a game with day talk says so in each day's `talk` event (engine/talk.py)
        talk = next((e.get("rounds") for e in events if e.get("type") == "talk"), 0)
        play(game, talk=talk if isinstance(talk, int) else 0)
    except IllegalAnswer as e:
        check_setup(events, game, how)
        raise answers.illegal(e) from None
    except ClocktowerError:
        check_setup(events, game, how)     # an edited setup is the cause, if there is one
        raise
    check_setup(events, game, how)
    mine = [json.dumps(e, sort_keys=True) for e in game.log]
    theirs = [json.dumps(e, sort_keys=True) for e in events]
    for i, (a, b) in enumerate(zip(mine, theirs)):
        if a != b:
            raise ReplayMismatch(f"{where(events, i)}event {i + 1} differs:\n  log:    {b}\n"
                                 f"  replay: {a}")
    if len(mine) > len(theirs) and not any(e.get("type") == "game_over" for e in events):
        end = getattr(events, "end_line", 0)
        at = f"at line {end}" if end else f"after event {len(theirs)}"
        raise ReplayMismatch(f"{where(events)}the log ends {at}, but the game goes on "
                             f"({game.log[len(theirs)]['type']} event next): the log is truncated")
    if len(mine) != len(theirs):
        raise ReplayMismatch(f"{where(events, len(mine) if len(theirs) > len(mine) else None)}"
                             f"the log has {len(theirs)} events, the replay {len(mine)}")
    return game
