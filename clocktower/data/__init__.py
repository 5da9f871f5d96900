"""Character records and rule tables, read from the data file shipped with the package.

The engine reads teams, night positions and setup changes from here, never from literals.
"""
from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from ..errors import UnknownCharacter

TEAMS = ("townsfolk", "outsider", "minion", "demon", "traveller")
GOOD_TEAMS = frozenset({"townsfolk", "outsider"})
EVIL_TEAMS = frozenset({"minion", "demon"})


@dataclass(frozen=True)
class CharacterData:
    id: str
    name: str
    team: str
    edition: str
    ability: str
    first_night: int
    other_night: int
    reminders: tuple[str, ...] = ()
    reminders_global: tuple[str, ...] = ()
    setup: bool = False
    setup_text: str | None = None
    setup_change: dict[str, Any] | None = None
    special: tuple[dict, ...] = ()
    jinxes: tuple[dict, ...] = field(default=())
    first_night_reminder: str = ""
    other_night_reminder: str = ""

    @property
    def default_alignment(self) -> str:
        return "evil" if self.team in EVIL_TEAMS else "good"

    def to_json(self) -> dict:
        return {
            "id": self.id, "name": self.name, "team": self.team, "edition": self.edition,
            "ability": self.ability, "firstNight": self.first_night, "otherNight": self.other_night,
            "reminders": list(self.reminders), "remindersGlobal": list(self.reminders_global),
            "setup": self.setup,
        }


def normalise_id(raw: str) -> str:
    """Official id spelling: lower case, every character outside [a-z0-9] removed."""
    return re.sub(r"[^a-z0-9]", "", str(raw).lower())


@lru_cache(maxsize=1)
def _doc() -> dict:
    text = resources.files(__package__).joinpath("characters.json").read_text(encoding="utf-8")
    return json.loads(text)


@lru_cache(maxsize=1)
def all_characters() -> dict[str, CharacterData]:
    out = {}
    for r in _doc()["characters"]:
        out[r["id"]] = CharacterData(
            id=r["id"], name=r["name"], team=r["team"], edition=r["edition"], ability=r["ability"],
            first_night=r["first_night"], other_night=r["other_night"],
            reminders=tuple(r["reminders"]), reminders_global=tuple(r["reminders_global"]),
            setup=r["setup"], setup_text=r["setup_text"], setup_change=r["setup_change"],
            special=tuple(r["special"]), jinxes=tuple(r["jinxes"]),
            first_night_reminder=r.get("first_night_reminder", ""),
            other_night_reminder=r.get("other_night_reminder", ""),
        )
    return out


def get(char_id: str) -> CharacterData:
    found = all_characters().get(char_id)     # fast path: already an official id
    if found is not None:
        return found
    cid = normalise_id(char_id)
    try:
        return all_characters()[cid]
    except KeyError:
        raise UnknownCharacter(f"unknown character id {char_id!r}{suggest(cid)}") from None


@lru_cache(maxsize=1)
def teams() -> dict[str, str]:
    """Character id -> team, for hot paths."""
    return {cid: c.team for cid, c in all_characters().items()}


def suggest(cid: str) -> str:
    close = difflib.get_close_matches(cid, list(all_characters()), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def night_steps() -> dict[str, dict]:
    """The night sheet's special steps (dusk, minioninfo, demoninfo, dawn): name and what to do."""
    return dict(_doc().get("night_steps", {}))


def special_positions(night: str) -> dict[str, int]:
    """Positions of dusk, minioninfo, demoninfo and dawn on the 'first' or 'other' night sheet."""
    return dict(_doc()["night_order"][night])


def player_counts(n: int) -> dict[str, int]:
    """The setup table: townsfolk, outsider, minion and demon counts for n non-Traveller players."""
    table = _doc()["player_counts"]
    if str(n) not in table:
        from ..errors import SetupError
        raise SetupError(f"player count {n} is not supported: the setup table covers 5 to 15 players")
    return dict(table[str(n)])
