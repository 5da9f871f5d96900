"""Inputs that the table pushes into a game, and games whose setup and days are written.

A bot game is fully determined by its seed and the answers to the decisions the engine asks.
A written game (a scenario file, a Storyteller entering a real table's game) has more inputs:
the grimoire as written (no bag is drawn), each day action as the table saw it (a nomination
with the hands raised, a claim, a day ability, an exile) and the Storyteller's rulings. Each
of these is logged like a decision (a `decision` event with `kind`, `who`, `answer` and the
next `seq`), so a written game replays from its log like a bot game:

- the written grimoire is the `setup` event: `grimoire: "written"`, the players with their
  characters and alignments, `thinks` (name -> the character they think they are), the
  written `bluffs_written` (null: the Storyteller chose them, as logged decisions) and
  `script_meta` (the script's `_meta`, for its night order);
- a day action is an input of kind `day_action` by the acting player, e.g.
  `{"nominate": "Bob", "votes": ["Ann", "Cat"]}` (`claim` too when the nominee claimed; `hands`
  instead of `votes`: the hands tried, which the engine counts or refuses),
  `{"exile": "Fay", "votes": [...]}`, `{"ability": "slayer", "target": "Cat"}`, a public
  claim `{"claim": "empath"}` or `{"claim": "empath", "night": 1, "info": {"count": 1}}`;
- a ruling is an input of kind `ruling` by the Storyteller (`engine/rulings.py`); at night
  the rulings come at dusk, before anyone wakes.

A scenario may instead have the engine deal its setup (`deal:`): its `setup` event is a
random game's, with `grimoire: "dealt"` and `deal` (`include`, `exclude`: the characters the
bag had to hold or could not), and its days are written as above.

`replay_written` rebuilds such a game: the grimoire from the setup event (a dealt one is
dealt again from the seed), then each night
and day the log shows, with the logged inputs carried out where they were logged and every
other decision answered from the log.
"""
from __future__ import annotations

import json
from typing import Any, Iterable

from ..errors import ClocktowerError, IllegalAction, IllegalAnswer, ReplayMismatch
from . import day, voting
from .decisions import Decision
from .driver import Days, drive
from .game import Game
from .logs import LogAnswers, check_setup, setup_script, where
from .runner import MAX_DAYS, bot_day, one_turn
from .setup import finish_setup, setup_random

INPUT_KINDS = ("day_action", "ruling", "bot_turn")


def _names(x: Any) -> bool:
    return isinstance(x, list) and all(isinstance(n, str) for n in x)


def check_day_action(action: Any, live: bool = False) -> None:
    """The shape of a written day action (its legality is the engine's to check). `live`:
    a nomination or exile may leave out `votes` (each voter is then asked)."""
    ok = isinstance(action, dict)
    if ok and "nominate" in action:
        # `votes`: the hands counted; `hands`: the hands tried (the engine counts the legal
        # ones): at most one of the two; neither only in a live game (each voter is asked).
        written = [k for k in ("votes", "hands") if k in action]
        ok = (isinstance(action["nominate"], str)
              and len(written) <= 1
              and (_names(action[written[0]]) if written else live)
              and set(action) <= {"nominate", "votes", "hands", "claim"}
              and isinstance(action.get("claim", ""), str))
    elif ok and "claim" in action:
        from .decisions import claim_answer
        ok = claim_answer(action)
    elif ok and "exile" in action:
        ok = isinstance(action["exile"], str) and (
            _names(action.get("votes")) or (live and "votes" not in action)) \
            and set(action) <= {"exile", "votes"}
    elif ok:
        ok = isinstance(action.get("ability"), str)
    if not ok:
        raise ClocktowerError(f"not a day action: {action!r}")


def refusal(game: Game, who: str, action: dict) -> str | None:
    """Why the engine refuses the written day action `action` by `who` before anything of
    it happens, or None. The engine's own check functions, the ones it makes while
    carrying the action out (`day.nomination_refusal`, `day.day_use_refusal`), asked
    first, so a refused action leaves no trace (a scenario's `refused:`): a nomination
    the rules forbid or a counted hand of a dead player without a ghost vote; a day ability
    used with arguments it does not accept (the engine would have announced the use first).
    Checks that depend on what the action itself does (a hand the Voudon forbids, once the
    nomination's own effects are over) are still made while it is carried out."""
    by = game.player(who)
    for name in [who] + [action[k] for k in ("nominate", "exile", "target")
                         if isinstance(action.get(k), str)]:
        p = game.by_name.get(name)      # an unknown name is the engine's check's to refuse
        if p is not None and p in game.gone:
            return f"{name} has left the game"
    if "nominate" in action:
        return day.nomination_refusal(game, by, game.player(action["nominate"]),
                                      list(action.get("votes", [])))
    if "ability" in action:
        return day.day_use_refusal(game, by, action["ability"],
                                   {k: v for k, v in action.items() if k != "ability"})
    return None


def day_action(game: Game, who: str, action: dict, live: bool = False) -> None:
    """A written day action by `who`: logged as an input, then carried out. May raise
    GameOver (the caller ends the day) or ClocktowerError (an illegal action; refused
    before anything happens when `refusal` says so). `live` (a web game): without `votes`
    or `hands`, the vote is live: each voter is asked in turn."""
    check_day_action(action, live)
    by = game.player(who)
    why = refusal(game, who, action)
    if why:
        raise IllegalAction(why)
    game.record_input("day_action", who, action)
    mark = len(game.log)
    try:
        if "nominate" in action:
            if "hands" in action:
                game.nominate(by, game.player(action["nominate"]), claim=action.get("claim"),
                              hands=list(action["hands"]))
            else:
                votes = action.get("votes")
                game.nominate(by, game.player(action["nominate"]),
                              votes=list(votes) if votes is not None else None,
                              claim=action.get("claim"))
        elif "exile" in action:
            votes = action.get("votes")
            game.exile(by, game.player(action["exile"]),
                       votes=list(votes) if votes is not None else None)
        elif "claim" in action:
            game.claim(by, action["claim"], action.get("night"), action.get("info"),
                       action.get("chose"))
        else:
            args = {k: v for k, v in action.items() if k != "ability"}
            game.use_day_ability(by, action["ability"], args)
    except ClocktowerError:
        if len(game.log) == mark:       # refused before anything happened: not an input
            game.log.pop()
            game.n_decisions -= 1
        raise


def setup_written(game: Game, players: list[dict], bluffs: list[str] | None = None,
                  not_dealt: Iterable[str] = ()) -> None:
    """Seat the grimoire exactly as written (no bag, no setup change re-deals anyone), then
    the setup hooks and bluffs (`finish_setup`). `players`: dicts with `name`, `character`
    and optionally `alignment`, `thinks`, and `dead` / `ghost_vote` (a grimoire written
    mid-game, such as a town square import: dead from the start, as written, with no death
    and no reaction to one; a dead player's ghost vote spent when `ghost_vote` is false).
    `not_dealt`: characters in play that no player holds (Lil' Monsta)."""
    thinks = {}
    dead, voteless = [], []
    for p in players:
        pl = game.add_player(p["name"], p["character"], p.get("alignment"))
        if p.get("thinks"):
            pl.thinks = p["thinks"]
            thinks[pl.name] = pl.thinks
        if p.get("dead"):
            pl.alive = False
            dead.append(pl.name)
            if p.get("ghost_vote") is False:
                pl.ghost_vote = False
                voteless.append(pl.name)
    for cid in not_dealt:
        game.in_play_extra.add(cid)
        game.free_abilities.append(game.make_ability(cid, None))
    extra: dict[str, Any] = {"grimoire": "written", "thinks": thinks,
                             "bluffs_written": list(bluffs) if bluffs is not None else None}
    if dead:        # only then: a grimoire written at the start logs as it always did
        extra["dead"] = dead
        extra["voteless"] = voteless
    if isinstance(game.script.meta, dict) and game.script.meta:
        extra["script_meta"] = game.script.meta
    finish_setup(game, bluffs, extra)


def place_reminder(game: Game, name: str, token: str, remove: bool = False,
                   ability: str | None = None) -> None:
    """A reminder token placed (or removed) by the Storyteller's hand: a note on the
    grimoire that changes nothing in the game, logged for the Storyteller only (a `reminder`
    event with `by_hand`, or `reminder_removed`). `ability`: whose token it is, when the
    Storyteller says (a town square import's reminders keep their character). The web
    grimoire checks it first (`web/driver.hand_reminder`); a replay puts it back where its
    log has it."""
    if remove:
        game.emit("reminder_removed", player=name, token=token)
    elif ability is not None:
        game.emit("reminder", player=name, token=token, ability=ability, by_hand=True)
    else:
        game.emit("reminder", player=name, token=token, by_hand=True)


def _is_hand_reminder(ev: dict) -> bool:
    return ev.get("type") == "reminder_removed" or (
        ev.get("type") == "reminder" and ev.get("by_hand") is True)


def take_hand_reminders(game: Game, events: list[dict]) -> None:
    """The reminder tokens placed or removed by hand (a web game's) that the log has next,
    where the replayed game stands: put back as they were. A web game takes them while it
    waits for an input (an answer, a day's action, the rulings at dusk), which is where a
    replay calls this."""
    while len(game.log) < len(events) and _is_hand_reminder(events[len(game.log)]):
        i = len(game.log)
        ev = events[i]
        name, token = ev.get("player"), ev.get("token")
        if not isinstance(name, str) or name not in game.by_name or not isinstance(token, str):
            raise ReplayMismatch(f"{where(events, i)}the log's hand-placed reminder does not "
                                 f"name a player and a token: {ev!r}")
        ability = ev.get("ability")
        if ability is not None and not isinstance(ability, str):
            raise ReplayMismatch(f"{where(events, i)}the log's hand-placed reminder names no "
                                 f"character: {ev!r}")
        place_reminder(game, name, token, ev["type"] == "reminder_removed", ability)


class _Waits(Exception):
    """The replay has reached the end of an unfinished game's log where the game waits for
    an answer or a day's input (a web game still being played): the replay stops there."""


def _at_end(game: Game, events: list[dict]) -> bool:
    """The replayed game has made every event of a log whose game is not over."""
    return len(game.log) >= len(events) and not any(
        e.get("type") == "game_over" for e in events)


class _WrittenAnswers(LogAnswers):
    """The logged answers of a written game, with the reminder tokens placed by hand before
    each decision put back first; at the end of an unfinished game's log, the replay stops
    (`_Waits`)."""

    def __call__(self, decision: Decision, view):
        game = view.game
        if decision.kind == "speak":        # a turn to talk: passed unless the log says
            return self.said(decision, game)
        take_hand_reminders(game, self.events)
        if game.n_decisions - 1 not in self.by_seq and _at_end(game, self.events):
            raise _Waits(f"{decision.kind} by {decision.who}")
        return super().__call__(decision, view)


# ---------------------------------------------------------------------------- replay
class LoggedDays(Days):
    """A written game's phases as its log shows them (`phases`: "night", "day", ...), with
    the inputs logged in each carried out where they were logged (`by_seq`: sequence number
    -> (index in the log, event)); `at`: the index of the input being carried out, if any.

    A replay (`replay_written`) stops where the log stops. A scenario's day that ended the
    game still ends (its `day_end` after `game_over`); a web game's does not (the table
    stops there): `ends_day_after_game_over` is what the log shows. A web game's nomination
    or exile may have no `votes` (each voter was asked: the logged answers), and its
    reminder tokens placed by hand are put back (`events`).

    `past_log=True` (the decision support's rollouts, `storyteller/forecast.py`): the log's
    inputs up to a point (`by_seq` holds those before it), then bot days: the rest of a day
    the log leaves open (a day not in `ended`, the days whose `day_end` it has) and every
    day after, for at most `MAX_DAYS` more days than the log has (a long web game can be
    rolled out). Reminder tokens placed by hand change nothing in a game and are not put
    back; a rollout's day that ends the game is a bot game's."""

    def __init__(self, by_seq: dict[int, tuple[int, dict]], phases: list[str],
                 events: list[dict] | None = None, past_log: bool = False,
                 ended: Iterable[int] = ()):
        self.by_seq = by_seq
        self.phases = phases
        self.k = 0
        self.at: int | None = None
        self.events = events if events is not None else []
        self.past_log = past_log
        self.ended = set(ended)
        if past_log:
            self.max_days = phases.count("day") + MAX_DAYS
        else:
            self.end_day_after_game_over = _day_ends_after_game_over(self.events)

    def begin(self, game: Game, kind: str) -> bool:
        if self.k >= len(self.phases):
            return self.past_log
        if self.phases[self.k] != kind:
            raise ReplayMismatch(f"the log has a {self.phases[self.k]} where the game has a {kind}")
        self.k += 1
        return True

    def dusk(self, game: Game) -> None:
        self._inputs(game, "night")

    def day(self, game: Game) -> None:
        self._inputs(game, "day")
        if self.past_log and game.day not in self.ended:
            bot_day(game)

    def _inputs(self, game: Game, phase: str) -> None:
        """Carry out the inputs logged next (by sequence number) in this phase."""
        while game.winner is None:
            take_hand_reminders(game, self.events)
            i, rec = self.by_seq.get(game.n_decisions, (None, None))
            if rec is None or rec.get("kind") not in INPUT_KINDS or rec.get("phase") != phase \
                    or rec.get("number") != (game.night if phase == "night" else game.day):
                if phase == "day" and not self.past_log and _at_end(game, self.events):
                    raise _Waits("the day's next action")
                return
            self.at = i
            carry_out(game, rec)
            self.at = None


def carry_out(game: Game, rec: dict) -> None:
    """Carry out one logged input (a `decision` event whose kind is in INPUT_KINDS): a
    ruling, a web game's bot seat's day turn, or a day action (live: each hand asked)."""
    if "answer" not in rec:
        raise ReplayMismatch(f"the logged {rec['kind']} input has no answer")
    if rec["kind"] == "ruling":
        game.ruling(rec["answer"])
    elif rec["kind"] == "bot_turn":         # a web game's bot seat's day turn
        ans = rec["answer"]
        if not isinstance(ans, dict) or ans.get("player") not in game.by_name:
            raise ReplayMismatch(f"the logged bot turn names no player: {ans!r}")
        one_turn(game, ans["player"])
    else:
        who = rec.get("who")
        if not isinstance(who, str):
            raise ReplayMismatch(f"the logged day action does not name who acts "
                                 f"(who: {who!r})")
        day_action(game, who, rec["answer"], live=True)


def _day_ends_after_game_over(events: list[dict]) -> bool:
    """Whether the log's day that ended the game ends (its `day_end` after `game_over`), as
    a written game's (a scenario's) always does; a web game's does not. A log whose game
    did not end by day (or not at all) is read as a written game's."""
    over = next((i for i, e in enumerate(events) if e.get("type") == "game_over"), None)
    if over is None or events[over].get("phase") != "day":
        return True
    return any(e.get("type") == "day_end" for e in events[over + 1:])


def _check_written_setup(setup: dict, at: str) -> None:
    """The shape of a written setup event's grimoire (its players' characters are checked
    against the registry when they are seated): a ReplayMismatch naming the field."""
    for p in setup["players"]:
        if p.get("alignment") not in (None, "good", "evil"):
            raise ReplayMismatch(f"{at}the setup event gives {p['name']} the alignment "
                                 f"{p['alignment']!r} (good, evil or none)")
    thinks = setup.get("thinks")
    if thinks is not None and not (isinstance(thinks, dict) and all(
            isinstance(v, str) or v is None for v in thinks.values())):
        raise ReplayMismatch(f"{at}the setup event's thinks is not a mapping of names to "
                             f"characters: {thinks!r}")
    for key in ("bluffs_written", "not_dealt"):
        if setup.get(key) is not None and not _names(setup[key]):
            raise ReplayMismatch(f"{at}the setup event's {key} is not a list of characters: "
                                 f"{setup[key]!r}")


def replay_written(events: list[dict], registry, script=None) -> Game:
    """Rebuild a written game from its log and check it is identical, event for event.
    `script`: the script the game was played on (default: the built-in script the log
    names, else the characters and `_meta` it records)."""
    setup = events[0]
    ids, players, seed = setup.get("script_ids"), setup.get("players"), setup.get("seed")
    if not _names(ids) or not ids:
        raise ReplayMismatch("the setup event does not name the script")
    if not isinstance(players, list) or not all(
            isinstance(p, dict) and isinstance(p.get("name"), str)
            and isinstance(p.get("character"), str) for p in players):
        raise ReplayMismatch("the written setup event does not list the players and characters")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ReplayMismatch("the setup event has no whole-number seed")
    _check_written_setup(setup, where(events, 0))
    script, how = written_script(setup, ids, script)
    decisions = [e for e in events if e.get("type") == "decision"]
    if not all(isinstance(e.get("seq"), int) for e in decisions):
        raise ReplayMismatch("a decision event in the log has no sequence number")
    by_seq = {e["seq"]: (i, e) for i, e in enumerate(events) if e.get("type") == "decision"}
    answers = _WrittenAnswers(events)
    game = Game(script, registry, seed=seed, default_answerer=answers)
    phases = [e["type"] for e in events if e.get("type") in ("night", "day")
              and e.get("phase") == e.get("type")]
    days = LoggedDays(by_seq, phases, events)
    try:
        try:
            drive_written(game, setup, players, days)
        except _Waits:
            pass            # the log ends where the game waits: compared below
    except ReplayMismatch as e:
        check_setup(events, game, how)     # an edited setup is the cause, if there is one
        if days.at is None:
            raise
        raise ReplayMismatch(f"{where(events, days.at)}{e}") from None
    except IllegalAnswer as e:
        check_setup(events, game, how)
        raise answers.illegal(e) from None
    except ClocktowerError as e:
        check_setup(events, game, how)
        raise ReplayMismatch(f"{where(events, days.at)}the log's inputs do not fit this "
                             f"game: {e}") from None
    check_setup(events, game, how)
    compare(game.log, events)
    return game


def written_script(setup: dict, ids: list[str], script: Any = None) -> tuple[Any, str]:
    """The script of a written game's log, and how it was found: `script` if given, else
    the characters and `_meta` the setup event records (its own night order), else the
    built-in script it names or its characters (`setup_script`)."""
    from ..scripts import load_script
    meta = setup.get("script_meta")
    how = "the script given"
    if script is not None:
        script = load_script(script)
    elif isinstance(meta, dict) and meta:       # its own night order: rebuilt with its _meta
        script = load_script([{"id": "_meta", **meta}] + ids)
        how = "the characters and _meta the log records"
    else:
        script, how = setup_script(setup, ids)
    if isinstance(setup.get("script"), str):
        script.name = setup["script"]
    return script, how


def drive_written(game: Game, setup: dict, players: list[dict], days: Days) -> None:
    """A written game's setup as its log's setup event has it, then its nights and days."""
    set_up_written(game, setup, players)
    drive(game, days)


def set_up_written(game: Game, setup: dict, players: list[dict]) -> None:
    """A written game's setup as its log's setup event has it: the grimoire written (with
    what each player thinks they are), or the engine's deal again (`deal:`)."""
    if setup.get("grimoire") == "dealt":
        # A scenario's setup the engine dealt (`deal:`): the same deal again, from the
        # seed, with the characters included and excluded.
        deal = setup.get("deal")
        if not isinstance(deal, dict) or not _names(deal.get("include")) \
                or not _names(deal.get("exclude")):
            raise ReplayMismatch("the dealt setup event does not record the deal "
                                 "(include, exclude)")
        extra = {k: setup[k] for k in ("grimoire", "deal", "script_meta") if k in setup}
        setup_random(game, [p["name"] for p in players],
                     sum(1 for p in players if p.get("traveller")),
                     include=deal["include"], exclude=deal["exclude"], extra=extra)
    else:
        thinks = setup.get("thinks") or {}
        dead, voteless = setup.get("dead") or [], setup.get("voteless") or []
        if not _names(dead) or not _names(voteless):
            raise ReplayMismatch("the setup event's dead or voteless is not a list of names")
        grimoire = [{"name": p["name"], "character": p["character"],
                     "alignment": p.get("alignment"),
                     "thinks": thinks.get(p["name"]) if isinstance(thinks, dict) else None,
                     "dead": p["name"] in dead, "ghost_vote": p["name"] not in voteless}
                    for p in players]
        setup_written(game, grimoire, setup.get("bluffs_written"),
                      setup.get("not_dealt") or [])


def compare(mine: list[dict], theirs: list[dict]) -> None:
    """ReplayMismatch at the first event that differs (as JSON, keys sorted)."""
    a_lines = [json.dumps(e, sort_keys=True) for e in mine]
    b_lines = [json.dumps(e, sort_keys=True) for e in theirs]
    for i, (a, b) in enumerate(zip(a_lines, b_lines)):
        if a != b:
            raise ReplayMismatch(f"event {i + 1} differs:\n  log:    {b}\n  replay: {a}")
    if len(a_lines) > len(b_lines):
        end = getattr(theirs, "end_line", 0)
        at = f"at line {end}" if end else f"after event {len(theirs)}"
        raise ReplayMismatch(f"{where(theirs)}the log ends {at}, but the game goes on "
                             f"({mine[len(theirs)]['type']} event next): the log is truncated")
    if len(a_lines) != len(b_lines):
        raise ReplayMismatch(f"the log has {len(b_lines)} events, the replay {len(a_lines)}")
