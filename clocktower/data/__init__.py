"""Character records and rule tables, read from the data file shipped with the package.

The engine reads teams, night positions and setup changes from here, never from literals.
The data file holds every official character (Fabled and Loric included), each marked
`implemented` or not: a script may list any of them (it loads, validates, shows, exports and
prints), and only a game refuses the ones the engine cannot play (its registry,
`clocktower.characters.REGISTRY`, is the authority; a test keeps the two in step). For a
character not implemented the file holds facts only (tools/build_data.py): no ability line,
no night-sheet text, no jinx rule; `ability`, the night-sheet text of a night they wake on
and a jinx's `reason` then read as the notes below.
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
ALL_TEAMS = TEAMS + ("fabled", "loric")
ABILITY_NOT_INCLUDED = "(ability text not included)"
JINX_NOT_INCLUDED = "(rule text not included)"
NIGHT_NOT_INCLUDED = "(night sheet text not included)"
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
    implemented: bool = True

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
    """Every official character, implemented or not, by id."""
    out = {}
    for r in _doc()["characters"]:
        jinxes = tuple(j if j.get("reason") else dict(j, reason=JINX_NOT_INCLUDED)
                       for j in r["jinxes"])
        out[r["id"]] = CharacterData(
            id=r["id"], name=r["name"], team=r["team"], edition=r["edition"],
            ability=r["ability"] or ABILITY_NOT_INCLUDED,
            first_night=r["first_night"], other_night=r["other_night"],
            reminders=tuple(r["reminders"]), reminders_global=tuple(r["reminders_global"]),
            setup=r["setup"], setup_text=r["setup_text"], setup_change=r["setup_change"],
            special=tuple(r["special"]), jinxes=jinxes,
            first_night_reminder=r.get("first_night_reminder", "")
            or (NIGHT_NOT_INCLUDED if r["first_night"] else ""),
            other_night_reminder=r.get("other_night_reminder", "")
            or (NIGHT_NOT_INCLUDED if r["other_night"] else ""),
            implemented=r.get("implemented", True),
        )
    return out


def not_implemented(char_ids) -> list[str]:
    """The official characters among `char_ids` that the data file marks not implemented
    (unknown and homebrew ids are not official, so not listed), in the order given."""
    chars = all_characters()
    return [c for c in char_ids if c in chars and not chars[c].implemented]


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
    """" (did you mean 'x'?)" for an id that is not an official character, else "": an
    official id is never offered as another one."""
    if normalise_id(cid) in all_characters():
        return ""
    close = difflib.get_close_matches(cid, list(all_characters()), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


@lru_cache(maxsize=1)
def _almanac_doc() -> dict:
    text = resources.files(__package__).joinpath("almanac.json").read_text(encoding="utf-8")
    return json.loads(text)


def almanac_text(char_id: str) -> dict | None:
    """A character's almanac text, as the seed scripts give it (almanac.json, built by
    tools/build_almanac.py): `name`, `script` (the seed it was read from), `flavour`, then
    lists of lines: `almanac` (the paragraphs), `how_to_run` (the steps), `notes` (Examples &
    Notes). None for a character no seed has in English (every character not implemented,
    and the High Priestess)."""
    found = _almanac_doc()["characters"].get(char_id)
    return dict(found) if found is not None else None


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
