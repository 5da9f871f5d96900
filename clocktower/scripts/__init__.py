"""Scripts: which characters a game may use.

`load_script` accepts a built-in name, a path to an official script JSON file, or a list
of character ids. (Almanac text import and validation live beside this module.)
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from .. import data as D
from ..errors import ScriptError, UnknownCharacter


@dataclass
class Script:
    name: str
    characters: list[str]
    author: str = ""
    meta: dict[str, Any] = field(default_factory=dict)
    homebrew: dict[str, dict] = field(default_factory=dict)
    source: str = ""

    def of_team(self, team: str) -> list[str]:
        return [c for c in self.characters if c not in self.homebrew and D.get(c).team == team]

    def __contains__(self, char_id: str) -> bool:
        return char_id in self.characters

    def jinxed(self, a: str, b: str) -> bool:
        if a not in self.characters or b not in self.characters or a in self.homebrew:
            return False
        return any(j["id"] == b for j in D.get(a).jinxes)


def builtin_names() -> list[str]:
    folder = resources.files(__package__).joinpath("builtin")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


def load_script(spec: Any) -> Script:
    """A built-in script name, a path to a script JSON file, or a list of character ids."""
    if isinstance(spec, Script):
        return spec
    if isinstance(spec, (list, tuple)):
        return parse_script_json(list(spec), source="<list>", default_name="custom")
    name = str(spec)
    if name in builtin_names():
        text = resources.files(__package__).joinpath("builtin", name + ".json").read_text("utf-8")
        return parse_script_json(json.loads(text), source=name, default_name=name)
    path = Path(name)
    if path.is_file():
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except UnicodeDecodeError:
            raise ScriptError(f"{path}: not a text file") from None
        except json.JSONDecodeError as e:
            raise ScriptError(f"{path}:{e.lineno}:{e.colno}: malformed JSON: {e.msg}") from None
        return parse_script_json(doc, source=str(path), default_name=path.stem)
    raise ScriptError(f"unknown script {name!r}: not a built-in script "
                      f"({', '.join(builtin_names())}) and not a file")


def parse_script_json(doc: Any, source: str, default_name: str) -> Script:
    if not isinstance(doc, list):
        raise ScriptError(f"{source}: a script is a JSON array, not {type(doc).__name__}")
    meta: dict = {}
    ids: list[str] = []
    homebrew: dict[str, dict] = {}
    for i, item in enumerate(doc):
        if isinstance(item, str):
            raw = item
        elif isinstance(item, dict) and "id" in item:
            raw = item["id"]
            if raw == "_meta":
                meta = item
                continue
            if "team" in item and "ability" in item:
                cid = D.normalise_id(raw)
                homebrew[cid] = item
                ids.append(cid)
                continue
        else:
            raise ScriptError(f"{source}: item {i} is neither a character id nor an object with an id")
        cid = D.normalise_id(raw)
        try:
            D.get(cid)
        except UnknownCharacter as e:
            raise ScriptError(f"{source}: item {i}: {e}") from None
        if cid in ids:
            raise ScriptError(f"{source}: item {i}: {cid!r} is listed twice")
        ids.append(cid)
    return Script(name=meta.get("name", default_name), characters=ids,
                  author=meta.get("author", ""), meta=meta, homebrew=homebrew, source=source)
