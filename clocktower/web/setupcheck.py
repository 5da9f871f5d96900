"""Dealing a grimoire for a web game: the engine's bag, or a hand-written one checked.

`deal` asks the engine for a legal bag (its setup rules and the automatic Storyteller's
setup choices). `check` says whether a written grimoire is legal for the script and the
seats (errors) and what the Storyteller should know (warnings: setup changes, jinxes): the
rules are the engine's (`engine/setuprules.py`); this module only matches the lines to the
seats.
"""
from __future__ import annotations

from typing import Any

from ..characters import REGISTRY
from ..engine.setuprules import check_grimoire
from ..errors import ClocktowerError
from ..scripts import Script


def deal(script: Script, seats: list[dict], seed: int) -> dict:
    """A legal grimoire dealt by the engine for `seats` (Travellers keep their seats)."""
    from ..play import new_game
    names = [s["name"] for s in seats if not s.get("traveller")]
    travs = [s["name"] for s in seats if s.get("traveller")]
    game = new_game(script, names + travs, seed, travellers=len(travs))
    rows = {p.name: p for p in game.players}
    grimoire = []
    for s in seats:
        p = rows[s["name"]]
        line: dict[str, Any] = {"name": p.name, "character": p.character,
                                "alignment": p.alignment}
        if p.thinks:
            line["thinks"] = p.thinks
        grimoire.append(line)
    return {"grimoire": grimoire, "bluffs": list(game.bluffs),
            "not_dealt": sorted(game.in_play_extra)}


def check(script: Script, seats: list[dict], grimoire: list[dict],
          bluffs: list[str] | None = None, not_dealt: list[str] | None = None) -> dict:
    """{"legal", "errors", "warnings", "counts"} for a written grimoire: one line per seat
    with the seats' names, then the setup rules' check (`engine.setuprules.check_grimoire`)
    on the lines in seat order, each marked `traveller` as its seat is."""
    seat_names = [s["name"] for s in seats]
    by_name = {str(g.get("name")): g for g in grimoire}
    if sorted(by_name) != sorted(seat_names) or len(grimoire) != len(seat_names):
        return {"legal": False, "warnings": [], "counts": {},
                "errors": ["the grimoire must have one line per seat, with the seats' names"]}
    lines = [{**by_name[s["name"]], "name": s["name"], "traveller": bool(s.get("traveller"))}
             for s in seats]
    found = check_grimoire(script, lines, REGISTRY, not_dealt or (), bluffs)
    return {"legal": found.legal, "errors": found.errors, "warnings": found.warnings,
            "counts": found.counts}


def parse_grimoire_line(line: Any, k: int) -> dict:
    if not isinstance(line, dict) or not isinstance(line.get("name"), str) \
            or not isinstance(line.get("character"), str):
        raise ClocktowerError(f"grimoire[{k}]: needs a name and a character")
    return line
