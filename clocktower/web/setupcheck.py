"""Dealing a grimoire for a web game: the engine's bag, or a hand-written one checked.

`deal` asks the engine for a legal bag (its setup rules and the automatic Storyteller's
setup choices). `check` says whether a written grimoire is legal for the script and the
seats (errors) and what the Storyteller should know (warnings: setup changes, jinxes).
"""
from __future__ import annotations

from typing import Any

from .. import data as D
from ..characters import REGISTRY
from ..data.jinxes import exclusive_pairs
from ..engine.setup import TEAM_ORDER, legal_counts
from ..errors import ClocktowerError, UnknownCharacter
from ..scripts import Script

TEAM_WORDS = {"townsfolk": "Townsfolk", "outsider": "Outsider", "minion": "Minion",
              "demon": "Demon", "traveller": "Traveller"}


def believers() -> list[str]:
    """The characters whose holder believes they are another (`Ability.believes`)."""
    return [cid for cid, cls in REGISTRY.items() if cls.believes]


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


def _team(cid: str) -> str:
    return D.get(cid).team


def check(script: Script, seats: list[dict], grimoire: list[dict],
          bluffs: list[str] | None = None, not_dealt: list[str] | None = None) -> dict:
    """{"legal", "errors", "warnings", "counts"} for a written grimoire."""
    errors: list[str] = []
    warnings: list[str] = []
    not_dealt = list(not_dealt or [])
    seat_names = [s["name"] for s in seats]
    by_name = {str(g.get("name")): g for g in grimoire}
    if sorted(by_name) != sorted(seat_names) or len(grimoire) != len(seat_names):
        errors.append("the grimoire must have one line per seat, with the seats' names")
        return {"legal": False, "errors": errors, "warnings": warnings, "counts": {}}
    on_script = set(script.characters)
    chosen: list[str] = []
    travellers = {s["name"] for s in seats if s.get("traveller")}
    for k, s in enumerate(seats):
        line = by_name[s["name"]]
        where = f"grimoire[{k}] ({s['name']})"
        try:
            cid = D.get(str(line.get("character", ""))).id
        except UnknownCharacter as e:
            errors.append(f"{where}: {e}")
            continue
        if cid not in REGISTRY:
            errors.append(f"{where}: {D.get(cid).name} is not implemented yet")
            continue
        team = _team(cid)
        if s["name"] in travellers:
            if team != "traveller":
                errors.append(f"{where}: a Traveller's seat needs a Traveller, not the "
                              f"{D.get(cid).name}")
            elif line.get("alignment") not in ("good", "evil"):
                errors.append(f"{where}: a Traveller's alignment (good or evil) must be given")
            if cid not in on_script:
                warnings.append(f"{where}: the {D.get(cid).name} is not on the script "
                                f"(a Traveller from elsewhere)")
            continue
        if team == "traveller":
            errors.append(f"{where}: the {D.get(cid).name} is a Traveller: mark the seat as one")
            continue
        if cid not in on_script:
            errors.append(f"{where}: the {D.get(cid).name} is not on the script")
        if cid in chosen:
            errors.append(f"{where}: the {D.get(cid).name} is dealt twice")
        chosen.append(cid)
        if line.get("alignment") is not None and line["alignment"] not in ("good", "evil"):
            errors.append(f"{where}: alignment must be good or evil")
        thinks = line.get("thinks")
        if thinks:
            try:
                tid = D.get(str(thinks)).id
            except UnknownCharacter as e:
                errors.append(f"{where}: thinks: {e}")
                continue
            teams = REGISTRY[cid].believes
            if not teams:
                names = [f"the {D.get(c).name}" for c in believers()]
                errors.append(f"{where}: only {', '.join(names[:-1])} or {names[-1]} "
                              f"believe they are another character")
            elif _team(tid) not in teams:
                errors.append(f"{where}: the {D.get(cid).name} thinks they are a "
                              f"{' or '.join(TEAM_WORDS[t] for t in teams)}")
            if tid not in on_script:
                errors.append(f"{where}: thinks {D.get(tid).name}, who is not on the script")
        elif REGISTRY[cid].believes:
            errors.append(f"{where}: the {D.get(cid).name} needs `thinks`: the character "
                          f"they believe they are")
    n = len(seats) - len(travellers)
    counts: dict[str, dict] = {}
    if not 5 <= n <= 15:
        errors.append(f"{n} players (Travellers aside): the setup table covers 5 to 15")
    elif not errors:
        counts, problem = _check_counts(n, chosen, not_dealt)
        if problem:
            errors.append(problem)
    in_play = set(chosen) | set(not_dealt)
    believed = {D.get(str(g["thinks"])).id for g in grimoire if g.get("thinks")
                and not errors}
    for line in grimoire:
        t = line.get("thinks")
        if t and not errors and D.get(str(t)).id in in_play and \
                D.get(str(line["character"])).id == "drunk":
            errors.append(f"{line['name']}: the Drunk's Townsfolk must not be in play")
    for a, b in exclusive_pairs(on_script):
        if a in in_play and b in in_play:
            errors.append(f"only one of the {D.get(a).name} and the {D.get(b).name} may be in "
                          f"play (jinx)")
    for cid in sorted(in_play):
        rec = D.get(cid)
        if rec.setup_text:
            warnings.append(f"setup change: {rec.name} [{rec.setup_text}]")
    for a, b, rule in script.jinx_pairs():
        if {a, b} <= in_play | believed:
            warnings.append(f"jinx: {script.name_of(a)} & {script.name_of(b)}: {rule}")
    if bluffs:
        for b in bluffs:
            try:
                bid = D.get(str(b)).id
            except UnknownCharacter as e:
                errors.append(f"bluffs: {e}")
                continue
            if bid in in_play or bid in believed:
                errors.append(f"bluffs: the {D.get(bid).name} is in play")
            if bid not in on_script:
                warnings.append(f"bluffs: the {D.get(bid).name} is not on the script")
    _marionette(seats, grimoire, warnings)
    return {"legal": not errors, "errors": errors, "warnings": warnings, "counts": counts}


def _check_counts(n: int, chosen: list[str], not_dealt: list[str]) -> tuple[dict, str | None]:
    base = D.player_counts(n)
    have = {t: sum(1 for c in chosen + not_dealt if _team(c) == t) for t in TEAM_ORDER}
    tried: list[dict] = []
    for counts, forced in legal_counts(n, chosen, not_dealt):
        tried.append(counts)
        if all(have[t] == counts[t] for t in TEAM_ORDER):
            missing = [f for f in forced if f not in chosen + not_dealt]
            if missing:
                return _table(have, counts), (f"the {D.get(missing[0]).name} must be in play "
                                              f"(a setup change requires it)")
            return _table(have, counts), None
    expected = tried[0] if tried else base
    words = ", ".join(f"{have[t]} {t}" for t in TEAM_ORDER)
    want = ", ".join(f"{expected[t]} {t}" for t in TEAM_ORDER)
    return _table(have, expected), (f"the bag has {words}; {n} players with these setup "
                                    f"changes need {want}")


def _table(have: dict, expected: dict) -> dict:
    return {t: {"have": have[t], "expected": expected[t]} for t in TEAM_ORDER}


def _marionette(seats: list[dict], grimoire: list[dict], warnings: list[str]) -> None:
    by_name = {g["name"]: g for g in grimoire}
    order = [s["name"] for s in seats if not s.get("traveller")]
    for k, name in enumerate(order):
        try:
            if D.get(str(by_name[name].get("character"))).id != "marionette":
                continue
        except UnknownCharacter:
            continue
        around = [order[(k - 1) % len(order)], order[(k + 1) % len(order)]]
        if not any(_is_demon(by_name[x]) for x in around):
            warnings.append(f"{name}: the Marionette should neighbour the Demon")


def _is_demon(line: dict) -> bool:
    try:
        return _team(D.get(str(line.get("character"))).id) == "demon"
    except UnknownCharacter:
        return False


def parse_grimoire_line(line: Any, k: int) -> dict:
    if not isinstance(line, dict) or not isinstance(line.get("name"), str) \
            or not isinstance(line.get("character"), str):
        raise ClocktowerError(f"grimoire[{k}]: needs a name and a character")
    return line
