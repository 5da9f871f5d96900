"""The night sheet of a script: who wakes, in order, and what the Storyteller does.

Positions come from the data file (the official night sheet's order); a script's `_meta`
may give its own `firstNight` / `otherNight` order, which then wins. Homebrew characters
wake at the `firstNight` / `otherNight` number in their object (0 or absent: they do not wake),
read on the same scale, after any official character with the same number.

>>> [s.id for s in night_steps(["imp", "poisoner", "empath"], "first")]
['dusk', 'minioninfo', 'demoninfo', 'poisoner', 'empath', 'dawn']
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import data as D

NIGHTS = ("first", "other")
SPECIAL_TEAM = "special"


@dataclass(frozen=True)
class NightStep:
    id: str
    name: str
    team: str          # a team, or "special" for dusk, minion info, demon info and dawn
    position: float
    text: str


def _special_text() -> dict:
    return D.night_steps()


def night_reminder(cid: str, night: str) -> str:
    """The data file's night-sheet text for a character (or special step) on that night."""
    key = "first_night_reminder" if night == "first" else "other_night_reminder"
    special = _special_text().get(cid)
    if special is not None:
        return special.get(key, "")
    try:
        rec = D.get(cid)
    except D.UnknownCharacter:
        return ""
    return rec.first_night_reminder if night == "first" else rec.other_night_reminder


def night_steps(script: Any, night: str) -> list[NightStep]:
    """Every step of the `night` ("first" or "other") sheet for `script`, in order."""
    from . import load_script
    if night not in NIGHTS:
        raise ValueError(f"night must be 'first' or 'other', not {night!r}")
    script = load_script(script)
    key = "first_night" if night == "first" else "other_night"
    steps: list[NightStep] = []
    for sid, pos in D.special_positions(night).items():
        steps.append(NightStep(sid, _special_text().get(sid, {}).get("name", sid), SPECIAL_TEAM,
                               float(pos), night_reminder(sid, night)))
    for cid in script.characters:
        if cid in script.homebrew:
            item = script.homebrew[cid]
            pos = item.get("firstNight" if night == "first" else "otherNight") or 0
            if isinstance(pos, (int, float)) and not isinstance(pos, bool) and pos > 0:
                text = item.get("firstNightReminder" if night == "first" else "otherNightReminder")
                steps.append(NightStep(cid, item["name"], item["team"], float(pos) + 0.5,
                                       str(text or "Wake them and run their ability.")))
            continue
        c = D.get(cid)
        pos = getattr(c, key)
        if pos:
            steps.append(NightStep(cid, c.name, c.team, float(pos), night_reminder(cid, night)))
    steps.sort(key=lambda s: s.position)
    custom = script.meta.get("firstNight" if night == "first" else "otherNight")
    if isinstance(custom, list) and custom:
        order = {D.normalise_id(x): k for k, x in enumerate(custom) if isinstance(x, str)}
        by_id = {s.id: s for s in steps}
        found = [by_id[i] if i in by_id else _extra_step(script, i, night)
                 for i in sorted(order, key=lambda i: order[i])]
        listed = [s for s in found if s is not None]
        rest = [s for s in steps if s.id not in order and s.team != SPECIAL_TEAM]
        steps = listed + rest
    return steps


def _extra_step(script, sid: str, night: str) -> NightStep | None:
    """A step named in a custom _meta order that the default sheet would not include."""
    if sid in _special_text():
        return NightStep(sid, _special_text()[sid]["name"], SPECIAL_TEAM, 0.0,
                         night_reminder(sid, night))
    if sid in script.characters:
        return NightStep(sid, script.name_of(sid), script.team_of(sid), 0.0,
                         night_reminder(sid, night) or "Wake them and run their ability.")
    return None
