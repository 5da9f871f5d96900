"""Reading a game's event log: the file (`read_log`, with where each event came from, for
errors), the answers it records (`LogAnswers`), and the script and setup it names
(`setup_inputs`, `setup_script`, `check_setup`). Used by `replay.py` (a bot game's log) and
`inputs.py` (a written game's log), below both.
"""
from __future__ import annotations

import bisect
import json
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import ClocktowerError, IllegalAnswer, ReplayMismatch, read_text_file
from ..scripts import Script, builtin_names, load_script
from .decisions import NO_DEFAULT, Decision

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


class EventLog(list):
    """The events of a log file, with where each came from: `source` (the file) and
    `lines` (the line of each event), so that errors can name the file and line."""

    def __init__(self, events=(), source: str | None = None, lines: list[int] | None = None,
                 end_line: int = 0):
        super().__init__(events)
        self.source = source
        self.lines = lines or []
        self.end_line = end_line            # the last line read (where the file ends)
        self.array = False                  # read from one JSON array (no lines to name)


def where(events: list[dict], i: int | None = None) -> str:
    """`file:line: ` for event `i` of a log read from a file (`file: ` for i None), or ''
    (`file: event N: ` for a file that is one JSON array, a web game's export)."""
    source = getattr(events, "source", None)
    if source is None:
        return ""
    lines = getattr(events, "lines", [])
    if i is not None and 0 <= i < len(lines):
        return f"{source}:{lines[i]}: "
    if i is not None and 0 <= i < len(events) and getattr(events, "array", False):
        return f"{source}: event {i + 1}: "
    return f"{source}: "


def read_log(path: str | Path) -> EventLog:
    """A log file: JSON lines, one event a line (`play --log`, a scenario's log), or one JSON
    array of events (a web game's export, `GET /api/games/<id>/log`)."""
    path = Path(path)
    text = read_text_file(path)
    if text.lstrip().startswith("["):
        return _read_array(path, text)
    lines = text.splitlines()
    events = EventLog(source=str(path))
    for i, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            ev = json.loads(line)
        except json.JSONDecodeError as e:
            cut = (i == len(lines) and not text.endswith("\n")
                   and e.msg.startswith(("Unterminated", "Expecting")))
            raise ClocktowerError(f"{path}:{i}: not a JSON event: {e.msg}"
                                  + ("; the last line is cut short: the log is truncated"
                                     if cut else "")) from None
        if not isinstance(ev, dict) or "type" not in ev:
            raise ClocktowerError(f"{path}:{i}: an event must be an object with a type")
        events.append(ev)
        events.lines.append(i)
        events.end_line = i
    if not events or events[0]["type"] != "setup":
        raise ClocktowerError(f"{path}: a game log starts with a setup event")
    return events


def _read_array(path: Path, text: str) -> EventLog:
    """A log file that is one JSON array of events (a web game's export)."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise ClocktowerError(f"{path}: not a JSON array of events: nested too deeply") from None
    except json.JSONDecodeError as e:
        cut = e.msg.startswith(("Unterminated", "Expecting")) and e.pos >= len(text.rstrip())
        raise ClocktowerError(f"{path}:{e.lineno}: not a JSON array of events: {e.msg}"
                              + ("; the file is cut short: the log is truncated"
                                 if cut else "")) from None
    if not isinstance(data, list):
        raise ClocktowerError(f"{path}: a game log is JSON lines or one JSON array of events")
    events = EventLog(source=str(path))
    events.array = True
    for i, ev in enumerate(data, 1):
        if not isinstance(ev, dict) or not isinstance(ev.get("type"), str):
            raise ClocktowerError(f"{path}: event {i} must be an object with a type")
        events.append(ev)
    if not events or events[0]["type"] != "setup":
        raise ClocktowerError(f"{path}: a game log starts with a setup event")
    return events


# A vote's one record: the event that ends it, by the context key naming whose vote it is.
VOTE_RECORDS = {"nominee": ("nomination", "target"), "exile": ("exile_vote", "target"),
                "cult": ("cult_vote", "player")}


def current_record(events: list[dict]) -> list[dict]:
    """The log in today's record format. Logs written before votes had one record carry a
    `decision` event (kind `vote`) per raised hand, besides the `voters` of the event that
    ends the vote (`VOTE_RECORDS`): those per-hand events are dropped here, each checked
    against that record (its player must be among the voters); every other event is kept.
    A file's events keep their line numbers (`EventLog`)."""
    if not any(e.get("kind") == "vote" and e.get("type") == "decision" for e in events):
        return events
    ends = tuple(etype for etype, _ in VOTE_RECORDS.values())
    lines = getattr(events, "lines", [])
    kept = EventLog(source=getattr(events, "source", None),
                    end_line=getattr(events, "end_line", 0))
    pending: list[int] = []         # the hands of the vote under way (event indices)
    for i, e in enumerate(events):
        if e.get("type") == "decision" and e.get("kind") == "vote":
            pending.append(i)
            continue
        if e.get("type") in ends:
            voters = e.get("voters")
            for h in pending:
                hand = events[h]
                if hand.get("answer") is not True or not isinstance(voters, list) \
                        or hand.get("who") not in voters:
                    raise ReplayMismatch(f"{where(events, h)}a raised hand ({hand.get('who')}) "
                                         f"that the vote's {e.get('type')} event does not "
                                         f"list among its voters")
            pending = []
        kept.append(e)
        if i < len(lines):
            kept.lines.append(lines[i])
    return kept


def spoke(rec: dict | None, who: str) -> bool:
    """Whether a logged decision `rec` is `who`'s claim on a turn to talk (a `speak`
    decision: `runner.talk_turn` numbers and logs a turn only when something is said)."""
    return rec is not None and rec.get("kind") == "speak" and rec.get("who") == who


class LogAnswers:
    """Answers decision number `seq` with the logged answer, or its default if unlogged; a
    hand in a vote from the vote's record (`VOTE_RECORDS`): raised when its `voters` list
    the voter. `events`: the log in today's format (`current_record`)."""

    sees_everything = True      # answers for everyone, as the log says (see views.py)
    speaks = True               # a turn to talk is asked: the log says what was said

    def __init__(self, events: list[dict]):
        self.events = events
        self.by_seq = {e.get("seq"): (i, e) for i, e in enumerate(events)
                       if e.get("type") == "decision"}
        self.ended = any(e.get("type") == "game_over" for e in events)
        self.last: int | None = None        # the event of the last answer given
        self.records: dict[str, list[int]] = {etype: [] for etype, _ in VOTE_RECORDS.values()}
        for i, e in enumerate(events):
            etype = e.get("type")
            if isinstance(etype, str) and etype in self.records:
                self.records[etype].append(i)

    def truncated(self, asked: str) -> ReplayMismatch:
        if not self.ended:
            end = getattr(self.events, "end_line", 0)
            at = f"at line {end}" if end else f"after event {len(self.events)}"
            return ReplayMismatch(f"{where(self.events)}the log ends {at}, but the game "
                                  f"asks {asked}: the log is truncated")
        return ReplayMismatch(f"{where(self.events)}the log has no answer for {asked}")

    def hand(self, decision: Decision, game: "Game") -> bool:
        """A voter's hand: raised when the vote's record lists them. The record is the first
        event of the vote's type from where the replayed game's log has got to (the replay
        is identical so far, or the comparison of the logs says where it is not)."""
        seq = game.n_decisions - 1
        for key, (etype, whose) in VOTE_RECORDS.items():
            if key in decision.context:
                break
        else:
            raise ReplayMismatch(f"{where(self.events)}decision {seq}: a vote on nothing "
                                 f"the log records")
        at = self.records[etype]
        j = bisect.bisect_left(at, len(game.log))
        if j == len(at):
            raise self.truncated(f"decision {seq} (vote by {decision.who})")
        i = at[j]
        rec = self.events[i]
        voters = rec.get("voters")
        if rec.get(whose) != decision.context[key] or not isinstance(voters, list):
            raise ReplayMismatch(f"{where(self.events, i)}decision {seq}: the game asks "
                                 f"{decision.who}'s hand on {key} {decision.context[key]}, "
                                 f"the log's next {etype} is not that vote's record")
        return decision.who in voters

    def illegal(self, e: IllegalAnswer) -> ReplayMismatch:
        """A logged answer the game refuses, said where it is in the log."""
        return ReplayMismatch(f"{where(self.events, self.last)}the log's {e}")

    def said(self, decision: Decision, game: "Game"):
        """A turn to talk (`SpeakChoice`, `runner.talk_turn`): numbered only when something
        was said, so the claim logged with the next number, if it is this player's `speak`
        decision; else a pass (a pass is not logged)."""
        i, rec = self.by_seq.get(game.n_decisions, (None, None))
        if rec is None or not spoke(rec, decision.who):
            return None
        if "answer" not in rec:
            raise ReplayMismatch(f"{where(self.events, i)}decision {game.n_decisions} in the "
                                 f"log has no answer")
        self.last = i
        return rec["answer"]

    def __call__(self, decision: Decision, view):
        if decision.kind == "vote":
            return self.hand(decision, view.game)
        if decision.kind == "speak":
            return self.said(decision, view.game)
        seq = view.game.n_decisions - 1
        i, rec = self.by_seq.get(seq, (None, None))
        if rec is None:
            if decision.default is NO_DEFAULT:
                raise self.truncated(f"decision {seq} ({decision.kind} by {decision.who})")
            return decision.default
        if rec.get("kind") != decision.kind or rec.get("who") != decision.who:
            raise ReplayMismatch(f"{where(self.events, i)}decision {seq}: log has "
                                 f"{rec.get('kind')} by {rec.get('who')}, "
                                 f"game asks {decision.kind} by {decision.who}")
        if "answer" not in rec:
            raise ReplayMismatch(f"{where(self.events, i)}decision {seq} in the log has no answer")
        self.last = i
        return rec["answer"]


def setup_inputs(setup: dict) -> tuple[list | str, list[str], int, int]:
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


def setup_script(setup: dict, spec: list | str, given=None) -> tuple[Script, str]:
    """The script to replay on, and how it was found (for error messages).

    `given` (the script the game was played on) wins. Otherwise a log whose title is a
    built-in script's is replayed on that built-in, so that an edited character list shows
    as a difference in the setup event. Any other script is rebuilt from the ids the log
    records, with the logged title: a script file, an imported almanac text, even one
    whose characters are a built-in script's under another title (a game on such a copy
    is the built-in's game with another title, so a log whose title alone was edited
    replays too, as a game on that copy).
    """
    if given is not None:
        return load_script(given), "the script given"
    title = setup.get("script")
    builtins = [load_script(n) for n in builtin_names()]
    for s in builtins:
        if s.name == title:
            return s, f"the built-in script {s.name!r} (by its title)"
    script = load_script(spec)
    if isinstance(title, str):
        script.name = title
    return script, ""


def _first_difference(log, mine, path: str = "") -> tuple[str, object, object] | None:
    """Where two JSON values first differ: (path, in the log, in the replay), or None."""
    if isinstance(log, dict) and isinstance(mine, dict):
        # The inputs first (the script, the seed): the rest of a setup follows from them.
        first = [k for k in ("script", "script_ids", "seed") if k in log or k in mine]
        for k in first + sorted(set(log) | set(mine) - set(first)):
            if k not in log or k not in mine or log[k] != mine[k]:
                sub = _first_difference(log.get(k, "<missing>"), mine.get(k, "<missing>"),
                                        f"{path}.{k}" if path else k)
                if sub:
                    return sub
        return None
    if isinstance(log, list) and isinstance(mine, list):
        for i, (a, b) in enumerate(zip(log, mine)):
            sub = _first_difference(a, b, f"{path}[{i}]")
            if sub:
                return sub
        if len(log) != len(mine):
            return (f"{path} (length)", len(log), len(mine))
        return None
    return None if log == mine else (path, log, mine)


def check_setup(events: list[dict], game: Game, how: str) -> None:
    """A ReplayMismatch naming the first field where the log's setup event differs from the
    replayed game's own setup event."""
    mine = next((e for e in game.log if e.get("type") == "setup"), None)
    if mine is None:
        return
    diff = _first_difference(events[0], json.loads(json.dumps(mine)))
    if diff is None:
        return
    path, theirs, ours = diff
    note = f"; replayed on {how}" if how else ""
    hint = (" (if the game was played on a script file, give it with --script)"
            if how.startswith("the built-in") else "")
    raise ReplayMismatch(f"{where(events, 0)}the setup event differs at {path}: the log has "
                         f"{theirs!r}, the replayed game {ours!r}{note}{hint}")
