"""Reading a script document: official JSON (with the position of every item) or almanac text.

Everything that can be wrong with a document is collected as a `Problem` with a position, so
`clocktower script validate` can list them all; `load_script` raises on the first one that
makes the script unusable. Levels:

- ``fatal``: the document is not a script at all (malformed JSON, wrong types, empty, binary);
- ``error``: a script, but a broken one (unknown or duplicate ids, a malformed `_meta`);
- ``warning``: usable, but worth fixing (no `_meta`, unknown keys, repaired almanac names);
- ``note``: worth knowing (jinxes, setup changes, deprecated `{"id": ...}` objects).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import data as D
from ..errors import ScriptError
from .almanac import almanac_to_document, looks_like_text, parse_almanac

LEVELS = ("fatal", "error", "warning", "note")
SPECIAL_STEPS = ("dusk", "minioninfo", "demoninfo", "dawn")
HOMEBREW_TEAMS = ("townsfolk", "outsider", "minion", "demon", "traveller", "fabled", "loric")
# Field → (type(s), what to call it). From the official script schema (see docs/scripts.md).
HOMEBREW_FIELDS: dict[str, tuple[tuple[type, ...], str]] = {
    "id": ((str,), "a string"), "name": ((str,), "a string"), "team": ((str,), "a string"),
    "ability": ((str,), "a string"), "image": ((str, list), "a URL or a list of URLs"),
    "edition": ((str,), "a string"), "flavor": ((str,), "a string"),
    "firstNight": ((int, float), "a number"), "otherNight": ((int, float), "a number"),
    "firstNightReminder": ((str,), "a string"), "otherNightReminder": ((str,), "a string"),
    "reminders": ((list,), "a list of strings"), "remindersGlobal": ((list,), "a list of strings"),
    "setup": ((bool,), "true or false"), "jinxes": ((list,), "a list of {id, reason} objects"),
    "special": ((list,), "a list of objects"),
}
META_FIELDS: dict[str, tuple[tuple[type, ...], str]] = {
    "name": ((str,), "a string"), "author": ((str,), "a string"), "logo": ((str,), "a URL"),
    "hideTitle": ((bool,), "true or false"), "background": ((str,), "a URL"),
    "almanac": ((str,), "a URL"), "bootlegger": ((list,), "a list of strings"),
    "firstNight": ((list,), "a list of ids"), "otherNight": ((list,), "a list of ids"),
}
_WS = re.compile(r"[ \t\n\r]*")


def _skip_ws(text: str, i: int) -> int:
    """The index of the first character at or after `i` that is not JSON whitespace."""
    m = _WS.match(text, i)
    assert m is not None            # the pattern matches everywhere, if only emptily
    return m.end()


@dataclass
class Problem:
    level: str
    where: str          # "file:line:col" or "file:line" or "file"
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


@dataclass
class Loaded:
    """A read document: the script (None when a fatal problem stops it) and every problem."""
    script: Any
    problems: list[Problem] = field(default_factory=list)
    kind: str = "json"        # "json" or "almanac"
    document: list | None = None

    def worst(self) -> str | None:
        for level in LEVELS:
            if any(p.level == level for p in self.problems):
                return level
        return None

    def first(self, *levels: str) -> Problem | None:
        return next((p for p in self.problems if p.level in levels), None)


def _typename(v: Any) -> str:
    return {dict: "an object", list: "an array", str: "a string", bool: "true/false",
            int: "a number", float: "a number", type(None): "null"}.get(type(v), type(v).__name__)


def _line_col(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, col


def decode_json(text: str, source: str) -> tuple[Any, list[tuple[int, int]]]:
    """Parse JSON; for a top-level array also return the (line, column) where each item starts."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise ScriptError(f"{source}:{e.lineno}:{e.colno}: malformed JSON: {e.msg}") from None
    except RecursionError:
        raise ScriptError(f"{source}: malformed JSON: nested too deeply") from None
    positions: list[tuple[int, int]] = []
    if isinstance(doc, list):
        dec = json.JSONDecoder()
        i = _skip_ws(text, 0) + 1                  # just after '['
        i = _skip_ws(text, i)
        if text[i] != "]":
            while True:
                positions.append(_line_col(text, i))
                _, i = dec.raw_decode(text, i)
                i = _skip_ws(text, i)
                if text[i] != ",":
                    break
                i = _skip_ws(text, i + 1)
    return doc, positions


def analyse_json(doc: Any, positions: list[tuple[int, int]], source: str,
                 default_name: str) -> Loaded:
    """Check an official script document item by item; build the Script if it can be built."""
    from . import Script  # the dataclass lives in the package module

    problems: list[Problem] = []

    def at(i: int | None) -> str:
        if i is None or i >= len(positions):
            return source
        return f"{source}:{positions[i][0]}:{positions[i][1]}"

    def add(level: str, i: int | None, msg: str) -> None:
        label = f"item {i + 1}: " if i is not None else ""
        problems.append(Problem(level, at(i), label + msg))

    if not isinstance(doc, list):
        problems.append(Problem("fatal", f"{source}:1:1", "a script is a JSON array of character "
                                f"ids and objects, not {_typename(doc)}"))
        return Loaded(None, problems)

    meta: dict = {}
    meta_index: int | None = None
    ids: list[str] = []
    first_at: dict[str, int] = {}
    homebrew: dict[str, dict] = {}
    for i, item in enumerate(doc):
        if isinstance(item, str):
            raw = item
        elif isinstance(item, dict):
            if "id" not in item:
                add("fatal", i, "an object without an \"id\"")
                continue
            raw = item["id"]
            if not isinstance(raw, str):
                add("fatal", i, f"\"id\" must be a string, not {_typename(raw)}")
                continue
            if raw == "_meta":
                if meta_index is not None:
                    add("error", i, f"a second _meta object (the first is item {meta_index + 1})")
                    continue
                meta, meta_index = item, i
                _check_meta(item, i, add)
                continue
            extra = set(item) - {"id"}
            if extra:
                cid = D.normalise_id(raw)
                is_official = cid in D.all_characters()
                if is_official and not {"team", "ability"} <= extra:
                    add("warning", i, f"{cid!r}: keys {', '.join(sorted(extra))} ignored "
                        "(an official character is written as its id)")
                else:
                    if _check_homebrew(item, i, add):
                        if cid in first_at:
                            add("error", i, f"{cid!r} is listed twice (first as item "
                                f"{first_at[cid] + 1})")
                            continue
                        homebrew[cid] = item
                        first_at[cid] = i
                        ids.append(cid)
                    continue
            else:
                add("note", i, f"{{\"id\": {raw!r}}} is the deprecated form; write {raw!r}")
        else:
            add("fatal", i, f"expected a character id (a string) or an object, not "
                f"{_typename(item)}")
            continue
        cid = D.normalise_id(raw)
        if not cid:
            add("error", i, f"{raw!r} is not a character id")
            continue
        if cid not in D.all_characters():
            add("error", i, f"unknown character id {raw!r}{D.suggest(cid)}")
            continue
        if raw != cid:
            add("note", i, f"{raw!r} read as {cid!r}")
        if cid in first_at:
            add("error", i, f"{cid!r} is listed twice (first as item {first_at[cid] + 1})")
            continue
        first_at[cid] = i
        ids.append(cid)

    if any(p.level == "fatal" for p in problems):
        return Loaded(None, problems, document=doc)
    if meta_index is None:
        problems.append(Problem("warning", source, "no _meta object: the script has no name or "
                                f"author (using the name {default_name!r})"))
    if not ids:
        problems.append(Problem("error", source, "the script lists no characters"))
    elif not 5 <= len(doc) <= 201:
        problems.append(Problem("warning", source, f"{len(doc)} items: the official format allows "
                                "5 to 201"))
    for key in ("firstNight", "otherNight"):
        order = meta.get(key)
        if isinstance(order, list):
            for k, entry in enumerate(order):
                if not isinstance(entry, str):
                    continue
                e = D.normalise_id(entry)
                if e not in ids and e not in SPECIAL_STEPS:
                    problems.append(Problem("error", at(meta_index), f"_meta.{key}[{k}]: {entry!r} "
                                            "is not a character on this script"))
    name = meta["name"] if isinstance(meta.get("name"), str) and meta["name"] else default_name
    author = meta["author"] if isinstance(meta.get("author"), str) else ""
    script = Script(name=name, characters=ids, author=author, meta=meta, homebrew=homebrew,
                    source=source)
    return Loaded(script, problems, document=doc)


def _check_meta(item: dict, i: int, add) -> None:
    if "name" not in item:
        add("error", i, "_meta has no \"name\"")
    for key, value in item.items():
        if key == "id" or key not in META_FIELDS:
            continue
        types, what = META_FIELDS[key]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            add("error", i, f"_meta.{key} must be {what}, not {_typename(value)}")
            continue
        if key in ("name", "author") and isinstance(value, str) and len(value) > 50:
            add("warning", i, f"_meta.{key} is {len(value)} characters long (the limit is 50)")
        if key == "name" and isinstance(value, str) and not value.strip():
            add("error", i, "_meta.name is empty")
        if isinstance(value, list) and not all(isinstance(v, str) for v in value):
            add("error", i, f"_meta.{key} must be {what}")


def _check_homebrew(item: dict, i: int, add) -> bool:
    """Check a full character object; False when it cannot be used."""
    ok = True
    cid: str = item["id"]           # the caller checked that it is a string
    for key in ("name", "team", "ability"):
        if key not in item:
            add("error", i, f"homebrew character {cid!r} has no {key!r}")
            ok = False
    for key, value in item.items():
        if key not in HOMEBREW_FIELDS:
            add("warning", i, f"homebrew character {cid!r}: unknown key {key!r}")
            continue
        types, what = HOMEBREW_FIELDS[key]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            add("fatal", i, f"homebrew character {cid!r}: {key!r} must be {what}, not "
                f"{_typename(value)}")
            ok = False
    if ok and item["team"] not in HOMEBREW_TEAMS:
        add("error", i, f"homebrew character {cid!r}: team {item['team']!r} is not one of "
            f"{', '.join(HOMEBREW_TEAMS)}")
        ok = False
    if ok and D.normalise_id(cid) != cid:
        add("note", i, f"homebrew id {cid!r} read as {D.normalise_id(cid)!r}")
    if ok and D.normalise_id(cid) in D.all_characters():
        add("note", i, f"{cid!r} is given as a full object: treated as a homebrew character")
    return ok


def read_text_document(text: str, source: str, default_name: str, is_json: bool = False) -> Loaded:
    """A JSON document if `is_json` or it starts with '[' or '{', otherwise almanac text."""
    stripped = text.lstrip()
    if not stripped:
        raise ScriptError(f"{source}: the file is empty")
    if is_json or stripped[0] in "[{":
        doc, positions = decode_json(text, source)
        return analyse_json(doc, positions, source, default_name)
    alm = parse_almanac(text, source)
    doc = almanac_to_document(alm, default_name)
    loaded = analyse_json(doc, [], source, default_name)
    loaded.kind = "almanac"
    line_re = re.compile(r"^line (\d+): (.*)$")
    extra = []
    for level, messages in (("warning", alm.repairs), ("warning", alm.warnings)):
        for msg in messages:
            m = line_re.match(msg)
            where = f"{source}:{m.group(1)}" if m else source
            extra.append(Problem(level, where, m.group(2) if m else msg))
    loaded.problems = extra + loaded.problems
    if loaded.script is not None:
        loaded.script.warnings = [str(p) for p in extra]
        loaded.script.meta = dict(doc[0])
    return loaded


def read_path(path: Path) -> Loaded:
    """Read a script file (JSON or almanac text). Unreadable files raise ScriptError."""
    source = str(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise ScriptError(f"{source}: no such file") from None
    except IsADirectoryError:
        raise ScriptError(f"{source}: a directory, not a script file") from None
    except OSError as e:
        raise ScriptError(f"{source}: cannot read: {e.strerror}") from None
    text = looks_like_text(raw, source)
    return read_text_document(text, source, path.stem, is_json=path.suffix.lower() == ".json")


def raise_if_unusable(loaded: Loaded) -> None:
    """Raise a ScriptError for the first fatal problem or error."""
    p = loaded.first("fatal", "error")
    if p is not None:
        raise ScriptError(str(p))
