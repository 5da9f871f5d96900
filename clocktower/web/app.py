"""The FastAPI app of the web grimoire: HTTP endpoints and the WebSocket (docs/web.md).

`create_app(db_path)` makes the app over a SQLite file; `clocktower serve` runs it with
uvicorn. Handlers are `async` and run on the event loop one at a time, so a game's inputs
are applied in order; each change is committed before anyone is told.
"""
from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from .. import data as D
from ..errors import ClocktowerError, UnknownCharacter
from ..scripts import builtin_names, load_script
from ..scripts.nightsheet import night_steps
from . import protocol as P
from . import setupcheck, townsquare
from .names import check_seats, nfc_lines
from .reach import qr_svg_data_uri
from .service import (Conflict, Conn, Forbidden, Live, NotFound, Service, TooLarge,
                      character_entry_json, script_from_spec, script_json, step_json)
from .store import SCHEMA_VERSION, Store

# How often the bots' pacer looks for a due day turn (seconds).
PACER_TICK = 0.2

STATIC = Path(__file__).parent / "static"


def _status(e: ClocktowerError) -> int:
    if isinstance(e, Forbidden):
        return 403
    if isinstance(e, NotFound):
        return 404
    if isinstance(e, Conflict):
        return 409
    if isinstance(e, TooLarge):
        return 413
    return 400


def _err(e: ClocktowerError) -> JSONResponse:
    return JSONResponse({"error": str(e)}, status_code=_status(e))


async def _json(request: Request) -> Any:
    """The request body as JSON, read with a limit: a body announced (Content-Length) or
    found (as it streams in) larger than P.MAX_BODY is refused before it is read whole."""
    length = request.headers.get("content-length")
    if length is not None:
        try:
            announced = int(length)
        except ValueError:
            raise ClocktowerError("Content-Length is not a number") from None
        if announced > P.MAX_BODY:
            raise TooLarge(f"the request body is {announced} bytes: at most {P.MAX_BODY}")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > P.MAX_BODY:
            raise TooLarge(f"the request body is over {P.MAX_BODY} bytes")
        chunks.append(chunk)
    try:
        return P.loads(b"".join(chunks))
    except P.JSONError as e:
        raise ClocktowerError(f"the request body: {e}") from None


async def _body(request: Request, model: type[BaseModel]) -> Any:
    raw = await _json(request)
    try:
        return model.model_validate(raw)
    except ValidationError as e:
        raise ClocktowerError(P.body_error(e)) from None


def _token(request: Request) -> str:
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    return request.query_params.get("token", "")


def security_headers(host: str) -> list[tuple[bytes, bytes]]:
    """The headers every HTTP response carries (docs/web.md "Security headers"). The pages
    load scripts and styles from this server only (no inline script; inline style
    attributes, which the pages set, are allowed), connect to this server's own socket,
    cannot be framed, and send no Referer (a join link is a secret)."""
    ws = f" ws://{host} wss://{host}" if host and _HOST_OK(host) else ""
    csp = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
           f"img-src 'self' data:; connect-src 'self'{ws}; object-src 'none'; "
           "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
    return [(b"content-security-policy", csp.encode()), (b"x-frame-options", b"DENY"),
            (b"referrer-policy", b"no-referrer"), (b"x-content-type-options", b"nosniff")]


def _HOST_OK(host: str) -> bool:
    """A Host header fit to be written into a header (letters, digits, . - : [ ])."""
    return all(c.isascii() and (c.isalnum() or c in ".-:[]") for c in host)


class _SecurityHeaders:
    """ASGI middleware: `security_headers` on every HTTP response (errors included)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        host = dict(scope.get("headers") or []).get(b"host", b"").decode("latin-1")
        extra = security_headers(host)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                message = {**message, "headers": list(message.get("headers", [])) +
                           [(k, v) for k, v in extra if k not in names]}
            await send(message)
        return await self.app(scope, receive, send_with_headers)


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...]) -> bool:
    """A WebSocket's `Origin` is accepted when absent (not a browser: browsers always send
    it), when it names the host the request was made to (its Host header), or when it is
    in the allow list (`serve --allow-origin`, as `scheme://host[:port]`)."""
    if origin is None:
        return True
    origin = origin.strip().rstrip("/")
    if origin.lower() in {a.lower().rstrip("/") for a in allowed}:
        return True
    scheme, sep, netloc = origin.partition("://")
    if not sep or scheme.lower() not in ("http", "https") or not host:
        return False
    return netloc.lower() == host.strip().lower()


def create_app(db_path: str | Path = "clocktower.sqlite",
               allowed_origins: tuple[str, ...] = (), public_url: str | None = None,
               advise: bool = False, sync: str = "normal") -> FastAPI:
    """The app over the SQLite file `db_path`. `public_url`: the base of the join links
    handed out (`serve` gives its LAN address when it listens on every interface); None:
    the address each request was made to. `advise`: the Storyteller's decision support is
    on when a game is first used (web/advice.py; the Storyteller turns it on or off).
    `sync`: how each commit reaches the disk (`web/store.SYNC_MODES`)."""
    from .advice import WebAdvisor
    store = Store(db_path, sync)
    svc = Service(store)
    advisors: dict[str, WebAdvisor] = {}

    def advisor(live: Live) -> WebAdvisor:
        if live.id not in advisors:
            advisors[live.id] = WebAdvisor(on=advise)
        return advisors[live.id]

    def to_storyteller(live: Live) -> Any:
        async def send(msg: dict) -> None:
            """An advice message: to the Storyteller's connections, never anyone else's."""
            for conn in list(live.conns):
                if conn.role != "storyteller":
                    continue
                async with conn.lock:
                    try:
                        await conn.send(msg)
                    except Exception:           # a closed socket: dropped on its own
                        pass
        return send
    # Each game is re-run from its inputs (and checked against its stored events) when it
    # is first used, so start-up does not grow with the number of games (`Service.get`).
    # No /api/docs page: FastAPI's loads its scripts from a CDN (blank offline); the
    # OpenAPI description itself is served from here.
    app = FastAPI(title="clocktower web grimoire", docs_url=None, redoc_url=None,
                  openapi_url="/api/openapi.json")
    app.state.service = svc

    @app.exception_handler(ClocktowerError)
    async def _clocktower_error(request: Request, exc: ClocktowerError):
        return _err(exc)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException):
        # unknown paths (404), methods (405): `{"error"}` as every other error
        what = {404: f"no such path: {request.url.path}",
                405: f"{request.method} is not allowed on {request.url.path}"}
        return JSONResponse({"error": what.get(exc.status_code, str(exc.detail))},
                            status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, exc: RequestValidationError):
        errs = exc.errors()
        where = ".".join(str(x) for x in errs[0].get("loc", ())) if errs else ""
        msg = errs[0].get("msg", "invalid") if errs else "invalid request"
        return JSONResponse({"error": f"{where}: {msg}" if where else msg}, status_code=400)

    def base_url(request: Request) -> str:
        return (public_url or str(request.base_url)).rstrip("/")

    def absolute(out: dict, request: Request) -> dict:
        """A new game's answer with each link also as a whole URL (`url`)."""
        base = base_url(request)
        for s in out["seats"]:
            s["url"] = base + s["link"]
        out["urls"] = {k: base + v for k, v in out["links"].items()}
        return out

    def authed(gid: str, request: Request, roles: tuple[str, ...] = (
            "storyteller", "player", "spectator")) -> tuple[Live, str, str | None]:
        live = svc.get(gid)
        role, name = svc.who(live, _token(request))
        if role not in roles:
            raise Forbidden(f"only the {' or '.join(roles)} may do this")
        return live, role, name

    async def push(live: Live, conn: Conn, always: bool = False) -> None:
        """Send `conn` what changed in its view; messages to one connection are built and
        sent one at a time, so they arrive in order."""
        async with conn.lock:
            msg = svc.message_for(live, conn)
            if msg is None and always:
                msg = {"type": "update", "epoch": live.epoch, "from": conn.count,
                       "events": [], "view": _rest(svc.view(live, conn.role, conn.name))}
            if msg is not None:
                try:
                    await conn.send(msg)
                except Exception:               # a closed socket: dropped on its own
                    pass

    async def notify(live: Live) -> None:
        for conn in list(live.conns):
            await push(live, conn)
        advisor(live).refresh(live, to_storyteller(live))

    # The bots' day turns, paced (`table` message, `bot_pace`): one task in the server's
    # event loop, started when a game is first used, takes each due turn
    # (`Service.bot_due`) and sends everyone their view, so people can follow.
    pacer: dict[str, asyncio.Task] = {}

    async def pace_bots() -> None:
        while True:
            await asyncio.sleep(PACER_TICK)
            now = time.time()
            for live in list(svc.live.values()):
                try:
                    if svc.bot_due(live, now):
                        svc.bot_turn(live)
                        await notify(live)
                except ClocktowerError:
                    live.bot_last = now         # refused (the day moved on): try later
                except Exception:               # pragma: no cover - never stop the pacer
                    live.bot_last = now

    def ensure_pacer() -> None:
        task = pacer.get("task")
        if task is None or task.done():
            pacer["task"] = asyncio.get_running_loop().create_task(pace_bots())

    # ------------------------------------------------------------------ public
    @app.get("/api/health")
    async def health():
        return {"ok": True, "schema": SCHEMA_VERSION}

    @app.get("/api/bots")
    async def bots():
        from ..agents.policies import default_policy, local_policies
        return {"policies": local_policies(), "default": default_policy()}

    @app.get("/api/scripts")
    async def scripts():
        out = []
        for name in builtin_names():
            s = load_script(name)
            out.append({"name": name, "title": s.name, "author": s.author,
                        "characters": len(s.characters)})
        return out

    @app.get("/api/scripts/{name}")
    async def script_detail(name: str):
        script, builtin = script_from_spec(name, None)
        return script_json(script, builtin)

    @app.post("/api/scripts/parse")
    async def script_parse(request: Request):
        body = await _body(request, P.ParseBody)
        script, _ = script_from_spec(None, body.text)
        return script_json(script, None)

    @app.get("/api/characters/{cid}")
    async def character(cid: str):
        try:
            return character_entry_json(D.get(cid).id)
        except UnknownCharacter as e:
            raise NotFound(str(e)) from None

    def seats_of(players: list[P.Seat]) -> list[dict]:
        """The seats of a request, their names checked (`names.py`: the same check for
        the deal, the bag check and a new game)."""
        return check_seats([p.model_dump() for p in players])

    @app.post("/api/bag/deal")
    async def bag_deal(request: Request):
        body = await _body(request, P.DealBody)
        script, _ = script_from_spec(body.script.name, body.script.text)
        return setupcheck.deal(script, seats_of(body.players), body.seed)

    @app.post("/api/bag/check")
    async def bag_check(request: Request):
        body = await _body(request, P.CheckBody)
        script, _ = script_from_spec(body.script.name, body.script.text)
        return setupcheck.check(script, seats_of(body.players),
                                nfc_lines([g.model_dump() for g in body.grimoire]),
                                body.bluffs, body.not_dealt)

    @app.post("/api/games")
    async def create(request: Request):
        body = await _body(request, P.CreateBody)
        script, builtin = script_from_spec(body.script.name, body.script.text)
        return absolute(svc.create(script, builtin, seats_of(body.players),
                                   [g.model_dump() for g in body.grimoire], body.bluffs,
                                   body.not_dealt, body.seed, body.title, body.bots), request)

    @app.post("/api/townsquare/import")
    async def ts_import(request: Request):
        body = await _body(request, P.ImportBody)
        got = townsquare.import_state(body.state)
        out = svc.create(got["script"], got["builtin"], got["seats"], got["grimoire"],
                         got["bluffs"], None, body.seed, body.title, body.bots)
        svc.place_reminders(out["game"], townsquare.to_place(svc.get(out["game"]).wg.game,
                                                             got["reminders"]))
        out["warnings"] = got["warnings"] + out["warnings"]
        return absolute(out, request)

    @app.get("/api/join/{token}")
    async def join(token: str):
        return svc.join(token)

    @app.get("/join/{token}")
    async def join_page(token: str):
        page = STATIC / "join.html"
        if not page.is_file():
            raise NotFound("the web pages are not installed (clocktower/web/static/join.html)")
        return FileResponse(page)

    @app.get("/sheet/{token}")
    async def sheet_page(token: str):
        """The character sheet of a game's script (any of the game's links: the links page
        gives the spectators' one, as a QR code for the table)."""
        page = STATIC / "sheet.html"
        if not page.is_file():
            raise NotFound("the web pages are not installed (clocktower/web/static/sheet.html)")
        return FileResponse(page)

    # ------------------------------------------------------------------ with a token
    @app.get("/api/games/{gid}/view")
    async def view(gid: str, request: Request):
        live, role, name = authed(gid, request)
        return svc.state_message(live, role, name)

    @app.post("/api/games/{gid}/send")
    async def send(gid: str, request: Request):
        live, role, name = authed(gid, request)
        raw = await _json(request)
        try:
            msg = P.parse_client(raw)
        except ValueError as e:
            raise ClocktowerError(str(e)) from None
        if msg.type == "hello":
            raise ClocktowerError("hello is for the socket; over HTTP the token is the header")
        if msg.type != "ping":
            svc.handle(live, role, name, msg)
            await notify(live)
        ensure_pacer()
        return {"ok": True, "ref": msg.ref}

    @app.post("/api/games/{gid}/check")
    async def check(gid: str, request: Request):
        """An answer put together from its parts: is it legal, which option, is it true
        (the Storyteller's), before it is given. Nothing changes."""
        live, role, name = authed(gid, request, ("storyteller", "player"))
        body = await _body(request, P.CheckAnswer)
        return svc.check(live, role, name, body.id, body.value)

    @app.get("/api/games/{gid}/script")
    async def game_script(gid: str, request: Request):
        live, _, _ = authed(gid, request)
        return script_json(live.script, live.config.get("builtin"))

    @app.get("/api/games/{gid}/nightsheet")
    async def game_nightsheet(gid: str, request: Request):
        live, _, _ = authed(gid, request)
        return {n: [step_json(s) for s in night_steps(live.script, n)]
                for n in ("first", "other")}

    @app.get("/api/games/{gid}/reminders")
    async def reminders(gid: str, request: Request):
        live, _, _ = authed(gid, request, ("storyteller",))
        g = live.wg.game
        tokens = [{"character": c, "token": t, "global": False}
                  for c in live.script.characters if c not in live.script.homebrew
                  for t in D.get(c).reminders]
        tokens += [{"character": c, "token": t, "global": True}
                   for c in live.script.characters if c not in live.script.homebrew
                   for t in D.get(c).reminders_global]
        view = svc.view(live, "storyteller", None)
        in_play = {row["name"]: {"effects": row["effects"], "reminders": row["reminders"]}
                   for row in view["grimoire"]}
        return {"script": tokens, "in_play": in_play, "night": g.night, "day": g.day}

    @app.get("/api/games/{gid}/links")
    async def links(gid: str, request: Request):
        live, _, _ = authed(gid, request, ("storyteller",))
        base = base_url(request)
        seats = []
        for st in live.seats:
            url = f"{base}/join/{st['token']}"
            seats.append({"name": st["name"], "seat": st["seat"], "token": st["token"],
                          "link": f"/join/{st['token']}", "url": url,
                          "qr": qr_svg_data_uri(url)})
        spectator = f"{base}/join/{live.sp_token}"
        sheet = f"{base}/sheet/{live.sp_token}"
        return {"storyteller": live.st_token, "spectator": live.sp_token, "seats": seats,
                "links": {"storyteller": f"/join/{live.st_token}",
                          "spectator": f"/join/{live.sp_token}",
                          "sheet": f"/sheet/{live.sp_token}"},
                "base": base,
                "urls": {"storyteller": f"{base}/join/{live.st_token}",
                         "spectator": spectator, "sheet": sheet},
                "qr": {"spectator": qr_svg_data_uri(spectator),
                       "sheet": qr_svg_data_uri(sheet)}}

    @app.get("/api/games/{gid}/log")
    async def log(gid: str, request: Request):
        live, _, _ = authed(gid, request, ("storyteller",))
        return live.wg.game.log

    @app.get("/api/games/{gid}/townsquare")
    async def ts_export(gid: str, request: Request):
        live, _, _ = authed(gid, request, ("storyteller",))
        return townsquare.export_state(live.wg.game, live.script, live.config.get("builtin"))

    # ------------------------------------------------------------------ the socket
    @app.websocket("/api/games/{gid}/ws")
    async def socket(ws: WebSocket, gid: str):
        # Another site's page must not drive a game with a token it got hold of: a
        # browser's socket from another origin is refused at the handshake (403).
        if not origin_allowed(ws.headers.get("origin"), ws.headers.get("host"),
                              allowed_origins):
            await ws.close(code=1008)
            return
        await ws.accept()
        conn: Conn | None = None
        live: Live | None = None
        try:
            while True:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                ref = None
                try:
                    if not isinstance(text, str):
                        raise ClocktowerError("messages are JSON in text frames")
                    if len(text) > P.MAX_MESSAGE:
                        raise ClocktowerError(f"the message is {len(text)} characters: at "
                                              f"most {P.MAX_MESSAGE}")
                    try:
                        raw = P.loads(text)
                    except P.JSONError as e:
                        raise ClocktowerError(str(e)) from None
                    if isinstance(raw, dict) and isinstance(raw.get("ref"), str):
                        ref = raw["ref"][:64]
                    if isinstance(raw, dict) and raw.get("type") == "advise":
                        # the decision support's settings (web/advice.py): the Storyteller's
                        if conn is None or live is None:
                            raise Forbidden("say hello with your token first")
                        if conn.role != "storyteller":
                            raise Forbidden("only the Storyteller may do this")
                        adv = advisor(live)
                        adv.configure(raw)
                        await ws.send_json({"type": "advice_settings", **adv.settings()})
                        await ws.send_json({"type": "ok", "ref": ref})
                        adv.refresh(live, to_storyteller(live))
                        continue
                    try:
                        msg = P.parse_client(raw)
                    except ValueError as e:
                        raise ClocktowerError(str(e)) from None
                    if msg.type == "hello":
                        live = svc.get(gid)
                        role, name = svc.who(live, msg.token)
                        if conn is not None and conn in live.conns:
                            live.conns.remove(conn)
                        conn = Conn(ws.send_json, role, name, lock=asyncio.Lock())
                        await ws.send_json({"type": "welcome", "role": role, "game": gid,
                                            "name": name,
                                            "seat": (live.seat(name) or {}).get("seat")
                                            if name else None})
                        if msg.epoch == live.epoch:
                            conn.epoch = live.epoch
                            conn.count = msg.have
                        live.conns.append(conn)
                        ensure_pacer()
                        await push(live, conn, always=True)
                        if role == "storyteller":   # the decision support, as it stands
                            adv = advisor(live)
                            await ws.send_json({"type": "advice_settings", **adv.settings()})
                            if adv.latest is not None:
                                await ws.send_json(adv.latest)
                        await notify(live)      # the Storyteller sees who is connected
                        continue
                    if conn is None or live is None:
                        raise Forbidden("say hello with your token first")
                    if msg.type == "ping":
                        await ws.send_json({"type": "pong", "ref": msg.ref})
                        continue
                    svc.handle(live, conn.role, conn.name, msg)
                    await notify(live)          # everyone's view, then the sender's ok
                    await ws.send_json({"type": "ok", "ref": msg.ref})
                except ClocktowerError as e:
                    await ws.send_json({"type": "error", "message": str(e), "ref": ref})
        except WebSocketDisconnect:
            pass
        finally:
            if live is not None and conn is not None and conn in live.conns:
                live.conns.remove(conn)
                try:
                    await notify(live)
                except Exception:                   # pragma: no cover
                    pass

    app.add_middleware(_SecurityHeaders)

    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")

        @app.get("/")
        async def index():
            page = STATIC / "index.html"
            if not page.is_file():
                raise NotFound("the web pages are not installed")
            return FileResponse(page)

    return app


def _rest(view: dict) -> dict:
    return {k: v for k, v in view.items() if k != "events"}
