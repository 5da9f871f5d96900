"""Scripts: which characters a game may use.

`load_script` accepts a built-in name, a path to a script file (official script JSON or
almanac text), or a list of character ids. Reading and checking documents lives in
`document.py`, almanac text in `almanac.py`, validation in `validate.py`, the night sheet in
`nightsheet.py` and the printable HTML sheet in `sheet.py`.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Callable

from .. import data as D
from ..errors import ScriptError


_MISSING = object()
_SCRIPT_MEMO: dict[tuple, Any] = {}


def script_memo(script: "Script", name: str, compute: Callable[[], Any], on: Any = None) -> Any:
    """A value worked out from a script's characters (and homebrew ids) alone, computed once
    per list of characters: a batch of games asks for the same at every setup, and loading a
    script by name makes a new `Script` each time, so the memo is keyed by the list, not the
    object. `name` says which value; `on`, an object it also depends on (a registry, a jinx
    table), kept with the value so that its id is not reused for another. Many throwaway
    scripts (tests) start the memo again."""
    key = (name, tuple(script.characters), tuple(script.homebrew), id(on))
    found = _SCRIPT_MEMO.get(key, _MISSING)
    if found is _MISSING or found[0] is not on:
        if len(_SCRIPT_MEMO) > 256:
            _SCRIPT_MEMO.clear()
        found = _SCRIPT_MEMO[key] = (on, compute())
    return found[1]


@dataclass
class Script:
    name: str
    characters: list[str]
    author: str = ""
    meta: dict[str, Any] = field(default_factory=dict)
    homebrew: dict[str, dict] = field(default_factory=dict)
    source: str = ""
    warnings: list[str] = field(default_factory=list)

    def teams(self) -> dict[str, list[str]]:
        """The script's characters by team (homebrew left out), in script order, plus
        "good" (Townsfolk and Outsiders together); worked out once per list of characters
        (`script_memo`). Shared: do not change the lists."""
        return script_memo(self, "teams", self._teams)

    def _teams(self) -> dict[str, list[str]]:
        teams: dict[str, list[str]] = {}
        for c in self.characters:
            if c not in self.homebrew:
                teams.setdefault(D.get(c).team, []).append(c)
        teams["good"] = [c for c in self.characters if c not in self.homebrew
                         and D.get(c).team in ("townsfolk", "outsider")]
        return teams

    def of_team(self, team: str) -> list[str]:
        """The script's characters of `team` (homebrew left out), in script order."""
        return list(self.teams().get(team, ()))

    def team_of(self, char_id: str) -> str:
        """The team of any character on the script, homebrew included."""
        if char_id in self.homebrew:
            return self.homebrew[char_id]["team"]
        return D.get(char_id).team

    def name_of(self, char_id: str) -> str:
        if char_id in self.homebrew:
            return self.homebrew[char_id]["name"]
        return D.get(char_id).name

    def ability_of(self, char_id: str) -> str:
        if char_id in self.homebrew:
            return self.homebrew[char_id]["ability"]
        return D.get(char_id).ability

    def jinx_pairs(self) -> list[tuple[str, str, str]]:
        """(a, b, rule) for every jinxed pair with both characters on the script, each once."""
        out, seen = [], set()
        for a in self.characters:
            if a in self.homebrew:
                continue
            for j in D.get(a).jinxes:
                b = j["id"]
                if b in self.characters and b not in self.homebrew and frozenset((a, b)) not in seen:
                    seen.add(frozenset((a, b)))
                    out.append((a, b, j["reason"]))
        for a, item in self.homebrew.items():
            for j in item.get("jinxes", []) or []:
                if isinstance(j, dict) and D.normalise_id(j.get("id", "")) in self.characters:
                    out.append((a, D.normalise_id(j["id"]), str(j.get("reason", ""))))
        return out

    def __contains__(self, char_id: str) -> bool:
        return char_id in self.characters

    def jinxed(self, a: str, b: str) -> bool:
        if a not in self.characters or b not in self.characters or a in self.homebrew:
            return False
        return any(j["id"] == b for j in D.get(a).jinxes)


def builtin_names() -> list[str]:
    folder = resources.files(__package__).joinpath("builtin")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


def builtin_text(name: str) -> str:
    return resources.files(__package__).joinpath("builtin", name + ".json").read_text("utf-8")


def load_script(spec: Any) -> Script:
    """A built-in script name, a path to a script file, or a list of character ids.

    A file may be official script JSON or almanac text (see `clocktower.scripts.almanac`);
    repairs made while reading almanac text are listed in `Script.warnings`.

    >>> load_script("trouble-brewing").author
    'The Pandemonium Institute'
    >>> load_script(["Fortune Teller", "imp"]).characters
    ['fortuneteller', 'imp']
    """
    if isinstance(spec, Script):
        return spec
    if isinstance(spec, (list, tuple)):
        return parse_script_json(list(spec), source="<list>", default_name="custom")
    return load_document(spec).script


def load_document(spec: Any) -> "Loaded":
    """Like `load_script`, but returns the `Loaded` document with every problem found.

    Raises ScriptError when the script cannot be used (fatal problems and errors).
    """
    loaded = read_document(spec)
    raise_if_unusable(loaded)
    return loaded


def read_document(spec: Any) -> "Loaded":
    """A built-in name or a path, read with every problem collected (nothing raised for
    problems inside the document; ScriptError only when it cannot be read at all)."""
    name = str(spec)
    if name in builtin_names():
        loaded = read_text_document(builtin_text(name), name, name)
        if loaded.script is not None:
            loaded.script.source = name
        return loaded
    path = Path(name)
    if path.is_file():
        return read_path(path)
    if path.exists():
        raise ScriptError(f"{path}: not a regular file")
    raise ScriptError(f"unknown script {name!r}: not a built-in script "
                      f"({', '.join(builtin_names())}) and not a file")


def parse_script_json(doc: Any, source: str, default_name: str) -> Script:
    """Build a Script from a parsed official script document (a list)."""
    loaded = analyse_json(doc, [], source, default_name)
    raise_if_unusable(loaded)
    return loaded.script


def script_document(script: Script) -> list:
    """The official script JSON (a list): `_meta` first, then plain ids and homebrew objects."""
    meta = {"id": "_meta", "name": script.name}
    if script.author:
        meta["author"] = script.author
    for key, value in script.meta.items():
        if key not in ("id", "name", "author"):
            meta[key] = value
    out: list = [meta]
    for cid in script.characters:
        out.append(dict(script.homebrew[cid], id=cid) if cid in script.homebrew else cid)
    return out


def dump_script(script: Script) -> str:
    """`script_document` as JSON text, one item per line, ending in a newline."""
    return json.dumps(script_document(script), indent=1, ensure_ascii=False) + "\n"


from .document import (Loaded, analyse_json, raise_if_unusable, read_path,  # noqa: E402
                       read_text_document)
