"""What each connection is sent: the view of its role, built from the game's event log.

Storyteller: the grimoire and every event. Player: `engine/views.py`'s PlayerView for their
seat (what they believe they are, the events visible to them, the town square) and their own
pending decision. Spectator: the town square and public events. See docs/web.md "The view".
"""
from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from .. import data as D
from ..engine.decisions import Decision, PlayerChoice
from ..engine.runner import day_lists, day_uses, own_uses
from ..engine.views import PlayerView, visible
from ..narrate import Lines
from ..scripts.nightsheet import night_reminder
from ..text import cname, describe_answer
from .driver import DayOpen, WebGame, reminders_in_play

MAX_OPTIONS = 400       # options listed; beyond that a client answers by index


def events_for(wg: WebGame, viewer: str) -> list[dict]:
    """The events `viewer` may see (the log filtered by `visible_to`), numbered `i` within
    this list, each with its `line`: the narration's words for it, built from these events
    only (`narrate.event_lines`)."""
    mine = [ev for ev in wg.game.log if visible(ev, viewer)]
    lines = _lines(wg, viewer, mine)
    return [{**ev, "i": i, "line": line} for i, (ev, line) in enumerate(zip(mine, lines))]


# Per game and viewer, the events already put in words: a new input re-runs the game and
# adds events after the same ones (an undo does not: then they are said again).
_SAID: "WeakKeyDictionary[WebGame, dict[str, tuple[list[dict], list[str | None], Lines]]]" \
    = WeakKeyDictionary()


def _lines(wg: WebGame, viewer: str, mine: list[dict]) -> list[str | None]:
    said = _SAID.setdefault(wg, {})
    held = said.get(viewer)
    if held is None or len(held[0]) > len(mine) or held[0] != mine[:len(held[0])]:
        held = ([], [], Lines(player_view=viewer != "storyteller"))
    events, lines, words = held
    lines = lines + [words(ev) for ev in mine[len(events):]]
    said[viewer] = (list(mine), lines, words)
    return lines


def _phase(wg: WebGame) -> str:
    return "over" if wg.over else wg.game.phase


def _travellers(wg: WebGame) -> dict[str, str]:
    for ev in wg.game.log:
        if ev["type"] == "seating":
            return dict(ev.get("travellers") or {})
    return {}


def live_vote(wg: WebGame) -> dict | None:
    """The vote in progress (public at the table: hands are raised in the open)."""
    d = wg.pending
    g = wg.game
    if d is None or g.phase != "day" or d.kind != "vote":
        return None
    ctx = d.context
    target = ctx.get("nominee") or ctx.get("exile")
    if not isinstance(target, str) or target not in g.by_name:
        return None
    # A vote logs nothing before it ends (its one record: the nomination or exile_vote
    # event): the hands up so far are the game's (`Game.hands_up`).
    hands = [p.name for p in g.hands_up]
    order = [p.name for p in g.voting_order(g.by_name[target])]
    asked = order[:order.index(d.who)] if d.who in order else []
    kind = "exile" if "exile" in ctx else "nomination"
    from ..engine import voting
    threshold = voting.exile_threshold(g) if kind == "exile" else voting.threshold(g)
    return {"kind": kind, "by": ctx.get("nominator"), "target": target, "hands": hands,
            "asked": asked, "waiting": d.who, "threshold": threshold}


def _waiting(wg: WebGame) -> str | None:
    d = wg.pending
    if d is None or wg.game.phase != "day":
        return None
    if d.kind in ("vote", "claim") and d.who != "storyteller":
        return d.kind
    return "storyteller"


def _over(wg: WebGame, viewer: str) -> dict | None:
    if not wg.over:
        return None
    reason = None
    for ev in wg.game.log:
        if ev["type"] == "game_over" and visible(ev, viewer):
            reason = ev.get("reason")
    return {"winner": wg.game.winner, "reason": reason}


def common(wg: WebGame, viewer: str, game_info: dict) -> dict:
    g = wg.game
    if viewer != "storyteller" and g.phase == "night" and wg.dusk_table is not None \
            and not wg.over:
        table = dict(wg.dusk_table)     # a death at night is public at dawn
    else:
        table = g.view("spectator").table()
    ab = g.about_to_die if g.phase == "day" else None
    table["about_to_die"] = ab.name if ab is not None and not g.day_over else None
    table["travellers"] = _travellers(wg)
    table["vote"] = live_vote(wg)
    table["waiting"] = _waiting(wg)
    return {"role": "storyteller" if viewer == "storyteller" else
            "spectator" if viewer == "spectator" else "player",
            "game": game_info, "phase": _phase(wg), "day": g.day, "night": g.night,
            "table": table, "events": events_for(wg, viewer), "over": _over(wg, viewer)}


# ---------------------------------------------------------------------------- decisions
def _shape(d: Decision) -> str:
    if isinstance(d, DayOpen):
        return "day"
    if isinstance(d, PlayerChoice):
        return "players"
    if d.kind == "vote":
        return "vote"
    return "choice"


def _options(d: Decision, with_truth: bool) -> tuple[list[dict], int]:
    if isinstance(d, DayOpen):
        return [], 0
    n = d.n_options()
    out = []
    for i in range(min(n, MAX_OPTIONS)):
        v = d.option(i)
        o: dict[str, Any] = {"i": i, "value": v, "label": describe_answer(v)}
        if with_truth and d.n_true is not None:
            o["true"] = d.is_true(v)
        out.append(o)
    return out, n


def _step(wg: WebGame, d: Decision) -> dict | None:
    g = wg.game
    if g.phase != "night":
        return None
    night = "first" if g.night == 1 else "other"
    ab = d.context.get("ability") if isinstance(d.context, dict) else None
    if not isinstance(ab, str):
        cur = _current_entry(wg)
        if cur is None:
            return None
        ab = cur[2] if isinstance(cur[2], str) else cur[2].id
    return {"id": ab, "name": _step_name(ab), "reminder": night_reminder(ab, night)}


def _step_name(sid: str) -> str:
    special = D.night_steps().get(sid)
    if special is not None:
        return str(special.get("name", sid))
    return cname(sid)


def _current_entry(wg: WebGame):
    g = wg.game
    cursor = g._cursor
    for e in g.night_entries(g.night == 1):
        if (e[0], e[1]) == cursor:
            return e
    return None


def storyteller_pending(wg: WebGame, online: dict[str, bool]) -> dict | None:
    d = wg.pending
    if d is None:
        return None
    opts, n = _options(d, with_truth=True)
    out: dict[str, Any] = {"id": wg.decision_id(), "who": d.who, "kind": d.kind,
                           "prompt": d.prompt, "context": d.context, "shape": _shape(d),
                           "options": opts, "n_options": n, "truncated": n > len(opts),
                           "online": bool(online.get(d.who, False)) if d.who != "storyteller"
                           else False,
                           "step": _step(wg, d)}
    if isinstance(d, PlayerChoice):
        out.update(candidates=list(d.candidates), count=d.count, optional=d.optional)
    return out


PLAYER_CONTEXT = ("ability", "nominee", "nominator", "exile", "form")


def player_decision(wg: WebGame, name: str) -> dict | None:
    d = wg.pending
    if d is None or d.who != name:
        return None
    opts, n = _options(d, with_truth=False)
    out: dict[str, Any] = {"id": wg.decision_id(), "kind": d.kind, "prompt": d.prompt,
                           "shape": _shape(d), "options": opts, "n_options": n,
                           "truncated": n > len(opts),
                           "context": {k: v for k, v in d.context.items() if k in PLAYER_CONTEXT}}
    if isinstance(d, PlayerChoice):
        out.update(candidates=list(d.candidates), count=d.count, optional=d.optional)
    return out


def nightsheet_now(wg: WebGame) -> list[dict] | None:
    g = wg.game
    if g.phase != "night" or wg.over:
        return None
    first = g.night == 1
    night = "first" if first else "other"
    cursor = g._cursor
    out = []
    for pos, seat, item in g.night_entries(first):
        sid = item if isinstance(item, str) else item.id
        key = (pos, seat)
        state = "done" if key < cursor else "current" if key == cursor else "todo"
        step = {"id": sid, "name": _step_name(sid), "text": night_reminder(sid, night),
                "state": state}
        if not isinstance(item, str) and item.player is not None:
            step["player"] = item.player.name
        out.append(step)
    return out


# ---------------------------------------------------------------------------- by role
def storyteller_view(wg: WebGame, game_info: dict, seats: list[dict],
                     connected: set[str]) -> dict:
    g = wg.game
    v = common(wg, "storyteller", game_info)
    by_seat = {s["name"]: s for s in seats}
    reminders = reminders_in_play(g.log, g)
    grim = []
    for row, p in zip(g.snapshot(), g.players):
        row = dict(row)
        row["seat"] = p.seat
        row["effects"] = [{"kind": e.kind, "source": e.source.id if e.source is not None
                           else ("ruling" if e.data.get("ruling") else None)}
                          for e in p.effects if g.effect_active(e)]
        row["reminders"] = reminders.get(p.name, [])
        s = by_seat.get(p.name, {})
        row["online"] = bool(s.get("online"))
        row["bot"] = bool(s.get("bot"))
        row["connected"] = p.name in connected
        grim.append(row)
    online = {s["name"]: bool(s.get("online")) and not s.get("bot") for s in seats}
    v.update(grimoire=grim, bluffs=list(g.bluffs), not_dealt=sorted(g.in_play_extra),
             pending=storyteller_pending(wg, online), nightsheet=nightsheet_now(wg),
             can_undo=bool(wg.inputs), inputs=len(wg.inputs),
             rulings_open=wg.rulings_open())
    return v


def player_view(wg: WebGame, game_info: dict, seat: dict) -> dict:
    g = wg.game
    name = seat["name"]
    pv = g.view(name)
    assert isinstance(pv, PlayerView)
    v = common(wg, name, game_info)
    online = bool(seat.get("online")) and not seat.get("bot")
    day = None
    if online and wg.day_open():
        p = g.by_name[name]
        nominees, _uses, exiles = day_lists(g, p)
        uses = own_uses(p) if not g.day_over else []
        if p.thinks is None and not g.day_over:
            # Actions other abilities offer this player (the Beggar's vote token, the
            # Damsel's guess for Minions): only to one who knows who they are, since an
            # offer made by their true character would tell them (a Marionette is a Minion).
            uses = day_uses(g, p)
        day = {"nominees": list(nominees), "uses": list(uses), "exiles": list(exiles or [])}
    v.update(name=name, seat=pv.seat, character=pv.character, alignment=pv.alignment,
             online=online, decision=player_decision(wg, name) if online else None,
             day_actions=day)
    return v


def spectator_view(wg: WebGame, game_info: dict) -> dict:
    return common(wg, "spectator", game_info)
