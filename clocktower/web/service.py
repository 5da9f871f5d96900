"""The web grimoire's service: games in SQLite, driven by inputs, views per connection.

Everything runs on the server's event loop (the engine's re-runs take milliseconds), so a
game's inputs are applied one at a time. Each change is committed to SQLite, then every
connection of that game is sent its own view if it changed.
"""
from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from .. import data as D
from ..agents.policies import POLICIES, default_policy
from ..characters import REGISTRY
from ..errors import ClocktowerError, UnknownCharacter
from ..scripts import Script, builtin_names, load_script, parse_script_json, script_document
from ..scripts.document import raise_if_unusable, read_text_document
from ..scripts.nightsheet import night_steps
from . import setupcheck, views
from .driver import WebGame, bot_order
from .names import check_seats, nfc_lines
from .store import Store


class Forbidden(ClocktowerError):
    """A token that is not for this game or role."""


class NotFound(ClocktowerError):
    pass


class Conflict(ClocktowerError):
    """Not legal now (the engine's reason)."""


class TooLarge(ClocktowerError):
    """A request body over the size limit (413)."""


# ---------------------------------------------------------------------------- scripts
def script_from_spec(name: str | None, text: str | None) -> tuple[Script, str | None]:
    """(script, built-in name or None) from a request's `{"name"}` or `{"text"}`."""
    if (name is None) == (text is None):
        raise ClocktowerError("script: give `name` (a built-in script) or `text` (a script)")
    if name is not None:
        if name not in builtin_names():
            raise NotFound(f"no built-in script {name!r} (one of {', '.join(builtin_names())})")
        return load_script(name), name
    assert text is not None
    loaded = read_text_document(text, "<upload>", "custom")
    raise_if_unusable(loaded)
    return loaded.script, None


def load_config_script(config: dict) -> Script:
    if config.get("builtin"):
        return load_script(config["builtin"])
    return parse_script_json(config["document"], "<game>", "custom")


def step_json(s) -> dict:
    return {"id": s.id, "name": s.name, "team": s.team, "text": s.text}


def character_json(cid: str) -> dict:
    c = D.get(cid)
    return {"id": c.id, "name": c.name, "team": c.team, "edition": c.edition,
            "ability": c.ability, "reminders": list(c.reminders),
            "reminders_global": list(c.reminders_global), "setup": c.setup_text,
            "first_night": {"position": c.first_night, "reminder": c.first_night_reminder},
            "other_night": {"position": c.other_night, "reminder": c.other_night_reminder},
            "jinxes": [{"with": j["id"], "rule": j["reason"]} for j in c.jinxes],
            "implemented": c.id in REGISTRY}


def character_entry_json(cid: str) -> dict:
    """`GET /api/characters/{id}`: the character's entry and its almanac text (`almanac`:
    `data.almanac_text`, or null for a character the shipped almanac has no entry for). The
    script detail lists its characters without it (a phone would load every entry)."""
    return {**character_json(cid), "almanac": D.almanac_text(cid)}


def script_json(script: Script, name: str | None) -> dict:
    chars = []
    for cid in script.characters:
        if cid in script.homebrew:
            h = script.homebrew[cid]
            chars.append({"id": cid, "name": h.get("name"), "team": h.get("team"),
                          "ability": h.get("ability"), "implemented": False, "homebrew": True})
        else:
            chars.append(character_json(cid))
    return {"name": name, "title": script.name, "author": script.author, "characters": chars,
            "jinxes": [{"a": a, "b": b, "rule": r} for a, b, r in script.jinx_pairs()],
            "setup": [{"id": c, "text": D.get(c).setup_text} for c in script.characters
                      if c not in script.homebrew and D.get(c).setup_text],
            "nightsheet": {n: [step_json(s) for s in night_steps(script, n)]
                           for n in ("first", "other")},
            "warnings": list(script.warnings)}


# ---------------------------------------------------------------------------- live games
@dataclass
class Conn:
    """One connection (a socket): its role, and what it was last sent."""
    send: Any                       # async callable(dict)
    role: str
    name: str | None
    epoch: int = -1
    count: int = 0                  # events sent
    rest: str = ""                  # the rest of the view last sent, as JSON
    lock: Any = None                # an asyncio.Lock: one message built and sent at a time


@dataclass
class Live:
    id: str
    title: str
    config: dict
    script: Script
    st_token: str
    sp_token: str
    epoch: int
    seats: list[dict]
    wg: WebGame
    conns: list[Conn] = field(default_factory=list)
    # The table's tools (not the game's: stored in its configuration, `tools`): whether
    # players see the vote history, and the timer everyone sees (seconds, ends_at).
    tools: dict = field(default_factory=lambda: {"votes_shown": False, "timer": None,
                                                 "bot_pace": 0})
    # Bot turns paced by the server (`Service.bot_due`): when the last was taken, how many
    # in a row did nothing, on which day (in memory: a restart starts the count afresh).
    bot_last: float = 0.0
    bot_quiet: int = 0
    bot_day: int = -1

    @property
    def info(self) -> dict:
        return {"id": self.id, "title": self.title, "script": self.script.name,
                "bots": self.config.get("bots", "random")}

    def seat(self, name: str) -> dict | None:
        return next((s for s in self.seats if s["name"] == name), None)


class Service:
    def __init__(self, store: Store):
        self.store = store
        self.live: dict[str, Live] = {}
        self.broken: dict[str, str] = {}    # games that no longer re-run: why

    # ------------------------------------------------------------------ loading
    def get(self, gid: str) -> Live:
        live = self.live.get(gid)
        if live is not None:
            return live
        if gid in self.broken:
            raise Conflict(self.broken[gid])
        row = self.store.load(gid)
        if row is None:
            raise NotFound(f"no game {gid!r}")
        config = row["config"]
        try:
            script = load_config_script(config)
            wg = self._rerun(gid, script, config, row)
        except ClocktowerError as e:
            self.broken[gid] = f"game {gid} cannot be resumed: {e}"
            raise Conflict(self.broken[gid]) from None
        live = Live(gid, row["title"], config, script, row["storyteller_token"],
                    row["spectator_token"], row["epoch"], row["seats"], wg)
        if isinstance(config.get("tools"), dict):
            live.tools.update(config["tools"])
        self.live[gid] = live
        return live

    @staticmethod
    def _rerun(gid: str, script: Script, config: dict, row: dict) -> WebGame:
        """A stored game re-run from its inputs, checked against its stored events. What a
        stored game can no longer fit is a ClocktowerError (the game is kept aside, saying
        why): a setting missing from its row, bots of a policy no longer registered, an
        input of a bad shape or refused by the engine now (`WebGame` checks them). Anything
        else raised while re-running is an engine bug: it goes up as itself, with a note
        naming the game (the server answers 500 and logs it; the game is tried again when
        next asked for, once the bug is fixed)."""
        missing = [k for k in ("seed", "grimoire", "bluffs", "not_dealt") if k not in config]
        if missing:
            raise ClocktowerError(f"its stored settings lack {', '.join(missing)}")
        bots = config.get("bots", "random")     # a game made before bots were chosen: random
        if bots not in POLICIES:
            raise ClocktowerError(f"its bots' policy {bots!r} is no longer registered "
                                  f"(known: {', '.join(sorted(POLICIES))})")
        try:
            wg = WebGame(script, config["seed"], row["seats"], config["grimoire"],
                         config["bluffs"], config["not_dealt"], row["inputs"], bots=bots)
        except ClocktowerError:
            raise
        except Exception as e:
            e.add_note(f"(an engine bug, while re-running the stored game {gid} from its "
                       f"{len(row['inputs'])} inputs)")
            raise
        stored = [json.dumps(e, sort_keys=True) for e in row["events"]]
        rerun = [json.dumps(e, sort_keys=True) for e in wg.game.log]
        if stored != rerun:
            raise ClocktowerError(f"game {gid}: the stored events differ from the game re-run "
                                  f"from its inputs (the engine changed?)")
        return wg

    def load_all(self) -> list[str]:
        """Re-run every stored game now (a server loads each when first used: `get`);
        returns the problems (a game that no longer re-runs is kept aside, and says why
        when asked for)."""
        problems = []
        for gid in self.store.game_ids():
            try:
                self.get(gid)
            except ClocktowerError:
                problems.append(self.broken[gid])
        return problems

    # ------------------------------------------------------------------ creating
    def create(self, script: Script, builtin: str | None, seats: list[dict],
               grimoire: list[dict], bluffs: list[str] | None, not_dealt: list[str] | None,
               seed: int, title: str, bots: str | None = None) -> dict:
        bots = bots or default_policy()
        if bots not in POLICIES:
            raise ClocktowerError(f"bots: unknown policy {bots!r}; known: "
                                  f"{', '.join(sorted(POLICIES))}")
        seats = check_seats(seats)
        grimoire = nfc_lines(grimoire)
        names = [s["name"] for s in seats]
        report = setupcheck.check(script, seats, grimoire, bluffs, not_dealt)
        if not report["legal"]:
            raise ClocktowerError("the grimoire is not legal: " + "; ".join(report["errors"]))
        order = {n: k for k, n in enumerate(names)}
        grim = []
        for line in sorted(grimoire, key=lambda g: order[g["name"]]):
            out = {"name": line["name"], "character": D.get(line["character"]).id}
            if line.get("alignment"):
                out["alignment"] = line["alignment"]
            if line.get("thinks"):
                out["thinks"] = D.get(line["thinks"]).id
            if line.get("dead"):            # a grimoire written mid-game (an import)
                out["dead"] = True
                if line.get("ghost_vote") is False:
                    out["ghost_vote"] = False
            grim.append(out)
        bl = [D.get(b).id for b in bluffs] if bluffs is not None else None
        nd = [D.get(c).id for c in not_dealt or []]
        seat_rows = [{"seat": k, "name": s["name"], "token": secrets.token_urlsafe(18),
                      "traveller": bool(s.get("traveller")), "bot": bool(s.get("bot")),
                      "online": bool(s.get("online", True))} for k, s in enumerate(seats)]
        wg = WebGame(script, seed, seat_rows, grim, bl, nd, bots=bots)
        config = {"builtin": builtin, "document": None if builtin else script_document(script),
                  "seed": seed, "grimoire": grim, "bluffs": bl, "not_dealt": nd, "bots": bots}
        gid = secrets.token_urlsafe(9)
        st, sp = secrets.token_urlsafe(18), secrets.token_urlsafe(18)
        title = title or script.name
        self.store.create_game(gid, title, config, st, sp, seat_rows, wg.game.log, [])
        self.live[gid] = Live(gid, title, config, script, st, sp, 0, seat_rows, wg)
        return {"game": gid, "storyteller": st, "spectator": sp,
                "seats": [{"name": s["name"], "seat": s["seat"], "token": s["token"],
                           "link": f"/join/{s['token']}"} for s in seat_rows],
                "links": {"storyteller": f"/join/{st}", "spectator": f"/join/{sp}"},
                "warnings": report["warnings"]}

    def place_reminders(self, gid: str, reminders: list[dict]) -> None:
        """Reminder tokens placed by the Storyteller's hand on a new game (a town square
        import's: `{"player", "token", "ability"}`), each an input as the `reminder`
        message makes it."""
        live = self.get(gid)
        for r in reminders:
            rec = {"kind": "reminder", "by": "storyteller", "player": r["player"],
                   "token": r["token"], "remove": False}
            if r.get("ability"):
                rec["ability"] = r["ability"]
            self._push(live, rec)

    # ------------------------------------------------------------------ tokens
    def who(self, live: Live, token: str) -> tuple[str, str | None]:
        if token and secrets.compare_digest(token, live.st_token):
            return "storyteller", None
        if token and secrets.compare_digest(token, live.sp_token):
            return "spectator", None
        for s in live.seats:
            if token and secrets.compare_digest(token, s["token"]):
                return "player", s["name"]
        raise Forbidden("this token is not for this game")

    def join(self, token: str) -> dict:
        found = self.store.find_token(token)
        if found is None:
            raise NotFound("no game has this link")
        gid, role, name = found
        live = self.get(gid)
        seat = live.seat(name) if name else None
        return {"game": gid, "role": role, "name": name,
                "seat": seat["seat"] if seat else None, "title": live.title}

    # ------------------------------------------------------------------ views
    def view(self, live: Live, role: str, name: str | None) -> dict:
        v = self._view(live, role, name)
        for key in ("pending", "decision"):     # a decision with many options: its parts
            if v.get(key):
                v[key]["parts"] = views.answer_parts(live.wg)
        v["tools"] = views.table_tools(live.wg, live.tools, "storyteller" if role ==
                                       "storyteller" else name or "spectator")
        return v

    def _view(self, live: Live, role: str, name: str | None) -> dict:
        if role == "storyteller":
            connected = {c.name for c in live.conns if c.role == "player" and c.name}
            return views.storyteller_view(live.wg, live.info, live.seats, connected)
        if role == "player" and name is not None:
            seat = live.seat(name)
            assert seat is not None
            return views.player_view(live.wg, live.info, seat)
        return views.spectator_view(live.wg, live.info)

    def check(self, live: Live, role: str, name: str | None, did: int, value: Any) -> dict:
        """Whether `value` would answer the pending decision `did` (nothing changes): for
        the Storyteller (with whether it is true), or the player whose decision it is."""
        wg = live.wg
        if role == "spectator":
            raise Forbidden("a spectator only watches")
        if did != wg.decision_id():
            raise Conflict(f"decision {did} is not the one waiting (now {wg.decision_id()})")
        d = wg.pending
        if d is None or d.kind == "day":
            raise Conflict("no decision is waiting for an answer")
        if role != "storyteller" and d.who != name:
            raise Forbidden("this decision is not yours")
        return views.check_answer(wg, value, with_truth=role == "storyteller")

    def state_message(self, live: Live, role: str, name: str | None) -> dict:
        return {"type": "state", "epoch": live.epoch, "view": self.view(live, role, name)}

    def message_for(self, live: Live, conn: Conn) -> dict | None:
        """What `conn` must be sent now: a state, an update, or nothing (its view is as sent)."""
        v = self.view(live, conn.role, conn.name)
        events = v.pop("events")
        rest = json.dumps(v, sort_keys=True, default=str)
        if conn.epoch != live.epoch or conn.count > len(events):
            conn.epoch, conn.count, conn.rest = live.epoch, len(events), rest
            return {"type": "state", "epoch": live.epoch, "view": {**v, "events": events}}
        new = events[conn.count:]
        if not new and rest == conn.rest:
            return None
        msg = {"type": "update", "epoch": live.epoch, "from": conn.count, "events": new,
               "view": v}
        conn.count, conn.rest = len(events), rest
        return msg

    # ------------------------------------------------------------------ messages
    def handle(self, live: Live, role: str, name: str | None, msg: Any) -> None:
        """Apply one validated client message (not hello/ping). Raises ClocktowerError
        (Forbidden, Conflict) with the reason when refused; then nothing changed."""
        t = msg.type
        wg = live.wg
        st = role == "storyteller"
        if role == "spectator":
            raise Forbidden("a spectator only watches")
        if t == "answer":
            d = wg.pending
            if msg.id != wg.decision_id():
                raise Conflict(f"decision {msg.id} is not the one waiting (now "
                               f"{wg.decision_id()})")
            if d is None or d.kind == "day":
                raise Conflict("no decision is waiting for an answer")
            if not st:
                seat = live.seat(name or "")
                if d.who != name:
                    raise Forbidden("this decision is not yours")
                if seat is None or not seat["online"]:
                    raise Forbidden("your seat is played at the table: the Storyteller answers")
            has_value = "value" in msg.model_fields_set
            rec = wg.answer_record("storyteller" if st else str(name), msg.option, msg.value,
                                   has_value)
            self._push(live, rec)
        elif t in ("nominate", "exile", "use"):
            if st:
                if not msg.by:
                    raise ClocktowerError("by: the Storyteller says who acts")
                who = msg.by
            else:
                if msg.by not in (None, name):
                    raise Forbidden("a player acts only for themselves")
                seat = live.seat(name or "")
                if seat is None or not seat["online"]:
                    raise Forbidden("your seat is played at the table: tell the Storyteller")
                if getattr(msg, "votes", None) is not None or getattr(msg, "claim", None):
                    raise Forbidden("only the Storyteller writes the hands or a claim")
                who = str(name)
            if who not in live.wg.game.by_name:
                raise ClocktowerError(f"by: no player named {who!r}")
            if not wg.day_open():
                raise Conflict("not now: day actions wait for an open day (answer what is "
                               "waiting first)")
            if t == "nominate":
                action: dict = {"nominate": msg.target}
                if msg.votes is not None:
                    action["votes"] = list(msg.votes)
                if msg.claim:
                    action["claim"] = msg.claim
            elif t == "exile":
                action = {"exile": msg.target}
                if msg.votes is not None:
                    action["votes"] = list(msg.votes)
            else:
                if "ability" in msg.args:
                    raise ClocktowerError("args: `ability` is given beside args, not in them")
                try:
                    D.get(msg.ability)
                except UnknownCharacter as e:
                    raise ClocktowerError(f"ability: {e}") from None
                action = {"ability": D.get(msg.ability).id, **msg.args}
            self._push(live, {"kind": "day_action", "by": "storyteller" if st else who,
                              "who": who, "action": action})
        elif t in ("end_day", "ruling", "join", "leave", "bot_turn", "undo", "seat", "reminder",
                   "table"):
            if not st:
                what = "set the table's tools" if t == "table" else t.replace("_", " ")
                raise Forbidden(f"only the Storyteller may {what}")
            if t == "end_day":
                if not wg.day_open():
                    raise Conflict("not now: the day is not open (answer what is waiting first)")
                self._push(live, {"kind": "end_day", "by": "storyteller"})
            elif t in ("ruling", "join", "leave"):
                if not wg.rulings_open():
                    raise Conflict(f"{'rulings' if t == 'ruling' else t + 's'} come by day when "
                                   "nothing is waiting, or at dusk before the night's first "
                                   "answer (undo to go back)")
                if t == "join":
                    self._join(live, msg)
                elif t == "leave":
                    self._push(live, {"kind": "ruling", "by": "storyteller",
                                      "ruling": {"action": "leave", "player": msg.player}})
                elif msg.ruling.get("action") in ("join", "leave"):
                    raise ClocktowerError(f"ruling: a {msg.ruling['action']} is its own message "
                                          f"({{\"type\": \"{msg.ruling['action']}\"}})")
                else:
                    self._push(live, {"kind": "ruling", "by": "storyteller",
                                      "ruling": msg.ruling})
            elif t == "bot_turn":
                self.bot_turn(live)
            elif t == "undo":
                self._undo(live)
            elif t == "table":
                self._table(live, msg.votes, msg.timer, msg.bot_pace)
            elif t == "reminder":
                if wg.over:
                    raise Conflict("the game is over")
                token = msg.token.strip()
                if not token:
                    raise ClocktowerError("token: empty")
                rec = {"kind": "reminder", "by": "storyteller", "player": msg.player,
                       "token": token, "remove": msg.remove}
                if msg.ability is not None and not msg.remove:
                    try:
                        rec["ability"] = D.get(msg.ability).id
                    except UnknownCharacter as e:
                        raise ClocktowerError(f"ability: {e}") from None
                self._push(live, rec)
            else:
                seat = live.seat(msg.name)
                if seat is None:
                    raise ClocktowerError(f"name: no seat {msg.name!r}")
                self.store.set_online(live.id, msg.name, msg.online)
                seat["online"] = msg.online
        else:                                           # pragma: no cover
            raise ClocktowerError(f"unknown message {t!r}")

    def _table(self, live: Live, votes: str | None, timer: int | None,
               bot_pace: int | None = None) -> None:
        """The table's tools: the vote history shown or hidden, the timer started (seconds
        from now) or stopped (0), the bots' day turns paced (seconds between two; 0 stops)."""
        if votes is None and timer is None and bot_pace is None:
            raise ClocktowerError("table: give `votes` (show or hide), `timer` (seconds, "
                                  "0 to stop) or `bot_pace` (seconds, 0 to stop)")
        tools = dict(live.tools)
        if bot_pace is not None:
            tools["bot_pace"] = bot_pace
            live.bot_quiet = 0
        if votes is not None:
            tools["votes_shown"] = votes == "show"
        if timer is not None:
            tools["timer"] = None if timer == 0 else {
                "seconds": timer, "ends_at": round(time.time() + timer, 3)}
        self.store.set_config(live.id, "tools", tools)
        live.tools = tools
        live.config["tools"] = tools

    # ------------------------------------------------------------------ bots by day
    def bot_turn(self, live: Live) -> bool:
        """The next bot seat takes a day turn (an input, undone like any). Returns whether
        it did something (a claim, a nomination, a use)."""
        wg = live.wg
        if not wg.day_open():
            raise Conflict("not now: bot turns wait for an open day (answer what is waiting "
                           "first)")
        if not bot_order(wg.game, [s["name"] for s in live.seats if s.get("bot")]):
            raise Conflict("no bot seat takes day turns")
        if live.bot_day != wg.game.day:
            live.bot_day, live.bot_quiet = wg.game.day, 0
        before = len(wg.game.log)
        self._push(live, {"kind": "bot_turn", "by": "storyteller"})
        acted = len(wg.game.log) != before
        live.bot_quiet = 0 if acted else live.bot_quiet + 1
        live.bot_last = time.time()
        return acted

    def bot_due(self, live: Live, now: float) -> bool:
        """Whether the server takes the next bot turn now: the Storyteller paces them
        (`bot_pace` seconds apart), the day is open, and the bots have not all passed in a
        row since one last acted (then they wait for the next day, or a new pace)."""
        pace = live.tools.get("bot_pace") or 0
        wg = live.wg
        if not pace or not wg.day_open() or now - live.bot_last < pace:
            return False
        order = bot_order(wg.game, [s["name"] for s in live.seats if s.get("bot")])
        quiet = live.bot_quiet if live.bot_day == wg.game.day else 0
        return bool(order) and quiet < len(order)

    def _join(self, live: Live, msg: Any) -> None:
        """A Traveller joins: the ruling (engine/seats.py) and their seat row with a new
        link, stored together; undone together (`_undo`)."""
        name = check_seats([{"name": s["name"]} for s in live.seats]
                           + [{"name": msg.player}])[-1]["name"]
        try:
            cid = D.get(msg.character).id
        except UnknownCharacter as e:
            raise ClocktowerError(f"character: {e}") from None
        ruling = {"action": "join", "player": name, "character": cid,
                  "alignment": msg.alignment}
        if msg.seat is not None:
            ruling["seat"] = msg.seat
        row = {"seat": max((s["seat"] for s in live.seats), default=-1) + 1, "name": name,
               "token": secrets.token_urlsafe(18), "traveller": True, "bot": False,
               "online": True}
        self._push(live, {"kind": "ruling", "by": "storyteller", "ruling": ruling}, seat=row)
        live.seats.append(row)

    def _push(self, live: Live, rec: dict, seat: dict | None = None) -> None:
        wg = live.wg
        before = len(wg.game.log)
        k, told = wg.push(rec)          # ClocktowerError: refused, nothing changed
        log = wg.game.log
        rewritten = k < before
        # Only a ruling at dusk goes before events already in the log, and only before
        # events that nobody but the Storyteller has seen (`WebGame.rulings_open`).
        if rewritten and told:
            wg.undo()
            raise Conflict("that would change what players were already told: refused")
        try:
            epoch = self.store.append(live.id, len(wg.inputs) - 1, rec, k, log,
                                      new_epoch=rewritten, seat=seat)
        except Exception:
            wg.undo()                   # not stored: not done
            raise
        if epoch is not None:
            live.epoch = epoch

    def _undo(self, live: Live) -> None:
        wg = live.wg
        if not wg.inputs:
            raise Conflict("nothing to undo")
        n = len(wg.inputs) - 1
        last = wg.undo()
        ruling = last.get("ruling") if last["kind"] == "ruling" else None
        joined = ruling["player"] if isinstance(ruling, dict) \
            and ruling.get("action") == "join" else None
        live.epoch = self.store.undo(live.id, n, len(wg.game.log), seat=joined)
        if joined is not None:      # the seat its join added goes with it
            live.seats[:] = [s for s in live.seats if s["name"] != joined]
