"""The messages of the web grimoire, validated with pydantic (docs/web.md).

Client messages are a discriminated union on `type`; unknown fields are refused, so a typo
is an error rather than a silently ignored field. HTTP request bodies are models too.
"""
from __future__ import annotations

import json
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

# Limits on what a client may send (docs/web.md "Limits"): a request body is refused before
# it is read whole when it is larger than MAX_BODY bytes (its Content-Length, or counted as
# it streams in), a socket message larger than MAX_MESSAGE characters is refused, and JSON
# nested deeper than MAX_DEPTH is refused (the deepest real message, a townsquare state, is
# 4 levels deep).
MAX_BODY = 2_000_000
MAX_MESSAGE = 64_000
MAX_DEPTH = 32


class JSONError(ValueError):
    """Input that is not JSON, or nested too deeply: its one-line reason."""


def loads(text: str | bytes) -> Any:
    """Parse a client's JSON: JSONError (a one-line reason) when it is not JSON or when it
    is nested deeper than MAX_DEPTH. Python's parser recurses, so very deep nesting is a
    RecursionError there: caught, and the depth of what did parse is checked without
    recursion."""
    try:
        raw = json.loads(text)
    except RecursionError:
        raise JSONError(f"the JSON is nested too deeply (at most {MAX_DEPTH} levels)") from None
    except (json.JSONDecodeError, UnicodeDecodeError, ValueError) as e:
        raise JSONError(f"not JSON ({e})") from None
    stack: list[tuple[Any, int]] = [(raw, 1)]
    while stack:
        x, depth = stack.pop()
        if isinstance(x, (dict, list)):
            if depth > MAX_DEPTH:
                raise JSONError(f"the JSON is nested too deeply (at most {MAX_DEPTH} levels)")
            stack.extend((v, depth + 1) for v in (x.values() if isinstance(x, dict) else x))
    return raw


Name = Annotated[str, Field(min_length=1, max_length=24)]
Ref = Annotated[str, Field(max_length=64)]
Id = Annotated[str, Field(min_length=1, max_length=40)]


class _Msg(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ref: Ref | None = None


class Hello(_Msg):
    type: Literal["hello"]
    token: Annotated[str, Field(min_length=1, max_length=200)]
    have: Annotated[int, Field(ge=0)] = 0
    epoch: int | None = None


class Answer(_Msg):
    type: Literal["answer"]
    id: Annotated[int, Field(ge=0)]
    option: Annotated[int, Field(ge=0)] | None = None
    value: Any = None


class Nominate(_Msg):
    type: Literal["nominate"]
    target: Name
    by: Name | None = None
    votes: list[Name] | None = None
    claim: Id | None = None


class Exile(_Msg):
    type: Literal["exile"]
    target: Name
    by: Name | None = None
    votes: list[Name] | None = None


class Use(_Msg):
    type: Literal["use"]
    ability: Id
    args: dict[str, Any] = Field(default_factory=dict)
    by: Name | None = None


class EndDay(_Msg):
    type: Literal["end_day"]


class Ruling(_Msg):
    type: Literal["ruling"]
    ruling: dict[str, Any]


class Join(_Msg):
    """A Traveller joins during play (engine/seats.py): seated at `seat` (0: first; default
    last), with the character and alignment the Storyteller chose; a new seat link."""
    type: Literal["join"]
    player: Name
    character: Id
    alignment: Literal["good", "evil"]
    seat: Annotated[int, Field(ge=0, le=40)] | None = None


class Leave(_Msg):
    """A Traveller leaves (removed), or another player leaves the table (treated as dead)."""
    type: Literal["leave"]
    player: Name


class BotTurn(_Msg):
    """The next bot seat takes one day turn (a claim, a nomination, a day ability or
    nothing), as its policy answers in `clocktower play`."""
    type: Literal["bot_turn"]


class Undo(_Msg):
    type: Literal["undo"]


class SeatMode(_Msg):
    type: Literal["seat"]
    name: Name
    online: bool


class Reminder(_Msg):
    type: Literal["reminder"]
    player: Name
    token: Annotated[str, Field(min_length=1, max_length=40)]
    remove: bool = False
    ability: Id | None = None       # whose token it is (a character), if anyone's


class Table(_Msg):
    """The table's tools (the Storyteller's): show or hide the vote history to the players,
    start a timer everyone sees (seconds from now; 0 stops it)."""
    type: Literal["table"]
    votes: Literal["show", "hide"] | None = None
    timer: Annotated[int, Field(ge=0, le=86400)] | None = None
    bot_pace: Annotated[int, Field(ge=0, le=600)] | None = None


class Ping(_Msg):
    type: Literal["ping"]


ClientMessage = Annotated[Union[Hello, Answer, Nominate, Exile, Use, EndDay, Ruling, Join,
                                Leave, BotTurn, Undo, SeatMode, Reminder, Table, Ping],
                          Field(discriminator="type")]
CLIENT = TypeAdapter(ClientMessage)


def parse_client(raw: Any) -> Any:
    """A validated client message, or ValueError with a one-line reason."""
    try:
        return CLIENT.validate_python(raw)
    except ValidationError as e:
        raise ValueError(_first_error(e)) from None


def _first_error(e: ValidationError) -> str:
    errs = e.errors()
    if not errs:
        return "invalid message"
    err = errs[0]
    where = ".".join(str(x) for x in err.get("loc", ()) if x not in (
        "hello", "answer", "nominate", "exile", "use", "end_day", "ruling", "join", "leave",
        "bot_turn", "undo", "seat", "reminder", "table",
        "ping"))
    msg = err.get("msg", "invalid")
    return f"{where}: {msg}" if where else msg


# ---------------------------------------------------------------------------- HTTP bodies
class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CheckAnswer(_Body):
    """An answer put together from its parts, checked before it is given (`POST
    /api/games/<id>/check`): `id` the pending decision's, `value` the answer."""
    id: int
    value: Any


class ScriptSpec(_Body):
    name: Annotated[str, Field(max_length=100)] | None = None
    text: Annotated[str, Field(max_length=500_000)] | None = None


class Seat(_Body):
    name: Name
    traveller: bool = False
    bot: bool = False
    online: bool = True


class Written(_Body):
    name: Name
    character: Id
    alignment: Literal["good", "evil"] | None = None
    thinks: Id | None = None


class ParseBody(_Body):
    text: Annotated[str, Field(min_length=1, max_length=500_000)]


class DealBody(_Body):
    script: ScriptSpec
    players: Annotated[list[Seat], Field(min_length=1, max_length=20)]
    seed: int = 0


class CheckBody(_Body):
    script: ScriptSpec
    players: Annotated[list[Seat], Field(min_length=1, max_length=20)]
    grimoire: list[Written]
    bluffs: list[Id] | None = None
    not_dealt: list[Id] | None = None


class CreateBody(CheckBody):
    """A checked grimoire (CheckBody's fields), its seed and a title."""
    seed: int = 0
    title: Annotated[str, Field(max_length=100)] = ""
    bots: Annotated[str, Field(max_length=40)] | None = None     # a policy; None: the default


class ImportBody(_Body):
    state: Any
    seed: int = 0
    title: Annotated[str, Field(max_length=100)] = ""
    bots: Annotated[str, Field(max_length=40)] | None = None


def body_error(e: ValidationError) -> str:
    return _first_error(e)
