"""Import and export of the game-state JSON of the community's online town square
(bra1n/townsquare; the format: ../shared/reference/formats.md section (b)).

Export: the Storyteller's grimoire as that tool stores it. Import: a written grimoire (seats,
characters, bluffs, the script) for a new game; what cannot be taken is said in warnings.
"""
from __future__ import annotations

from typing import Any

from .. import data as D
from ..characters import REGISTRY
from ..engine.game import Game
from ..errors import ClocktowerError, UnknownCharacter
from ..scripts import Script, builtin_names, load_script
from .driver import reminders_in_play

EDITIONS = {"tb": "trouble-brewing"}          # official editions we have as built-ins
BUILTIN_EDITION = {v: k for k, v in EDITIONS.items()}


def export_state(game: Game, script: Script, builtin: str | None) -> dict:
    if builtin in BUILTIN_EDITION:
        edition: dict[str, Any] = {"id": BUILTIN_EDITION[builtin]}
        roles: Any = ""
    else:
        edition = {"id": "custom", "name": script.name}
        if script.author:
            edition["author"] = script.author
        roles = [{"id": c} for c in script.characters]
    tokens = {name: [{"role": r["ability"] or "custom", "name": str(r["token"] or "")}
                     for r in on] for name, on in reminders_in_play(game.log, game).items()}
    players = []
    for p in game.players:
        rem = [{"role": e.source.id if e.source is not None else "custom",
                "name": e.kind.capitalize()} for e in p.effects if game.effect_active(e)]
        if p.thinks:
            rem.append({"role": "custom", "name": f"Thinks: {D.get(p.thinks).name}"})
        players.append({"name": p.name, "id": "", "role": p.character,
                        "reminders": rem + tokens.get(p.name, []),
                        "isVoteless": not p.ghost_vote, "isDead": not p.alive,
                        "pronouns": ""})
    return {"bluffs": list(game.bluffs), "edition": edition, "roles": roles, "fabled": [],
            "players": players}


def _role_id(role: Any, where: str) -> str | None:
    if role in ("", None) or role == {}:
        return None
    if isinstance(role, dict):
        role = role.get("id")
    if not isinstance(role, str):
        raise ClocktowerError(f"{where}: a role is an id or an object with an id")
    try:
        return D.get(role).id
    except UnknownCharacter:
        raise ClocktowerError(f"{where}: unknown role {role!r} (homebrew roles cannot be "
                              f"played)") from None


def import_state(state: Any) -> dict:
    """{"script", "builtin", "seats", "grimoire", "bluffs", "warnings"} from a state."""
    if not isinstance(state, dict):
        raise ClocktowerError("the town square state is a JSON object")
    players = state.get("players")
    if not isinstance(players, list) or not players:
        raise ClocktowerError("players: a list of the seats is needed")
    warnings: list[str] = []
    seats, grimoire, names = [], [], set()
    ids: list[str] = []
    for k, p in enumerate(players):
        where = f"players[{k}]"
        if not isinstance(p, dict):
            raise ClocktowerError(f"{where}: a player is an object")
        name = p.get("name")
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > 24:
            raise ClocktowerError(f"{where}.name: a name of 1 to 24 characters is needed")
        name = name.strip()
        if name in names or name in ("storyteller", "spectator"):
            raise ClocktowerError(f"{where}.name: {name!r} is taken")
        names.add(name)
        cid = _role_id(p.get("role"), f"{where}.role")
        if cid is None:
            raise ClocktowerError(f"{where}.role: {name} has no character (every seat needs one)")
        if p.get("isDead") or p.get("isVoteless"):
            warnings.append(f"{name}: dead or voteless in the file; a new game starts alive "
                            f"(use rulings)")
        if p.get("reminders"):
            warnings.append(f"{name}: reminder tokens are not taken (the engine places its own)")
        traveller = D.get(cid).team == "traveller"
        line: dict[str, Any] = {"name": name, "character": cid}
        if traveller:
            line["alignment"] = "good"
            warnings.append(f"{name}: the file does not say a Traveller's alignment: good")
        seats.append({"name": name, "traveller": traveller, "bot": False, "online": True})
        grimoire.append(line)
        ids.append(cid)
    bluffs_raw = state.get("bluffs", [])
    if not isinstance(bluffs_raw, list):
        raise ClocktowerError("bluffs: a list of role ids")
    bluffs = [b for b in (_role_id(x, f"bluffs[{k}]") for k, x in enumerate(bluffs_raw)) if b]
    edition = state.get("edition", {})
    if not isinstance(edition, dict) or not isinstance(edition.get("id", ""), str):
        raise ClocktowerError("edition: an object with an id")
    eid = edition.get("id", "")
    builtin = EDITIONS.get(eid)
    if builtin is not None and builtin in builtin_names():
        script = load_script(builtin)
    else:
        roles = state.get("roles", "")
        listed: list[str] = []
        if isinstance(roles, list) and roles:
            for k, r in enumerate(roles):
                if isinstance(r, dict) and "0" in r:
                    raise ClocktowerError(f"roles[{k}]: a homebrew role cannot be played")
                rid = _role_id(r, f"roles[{k}]")
                if rid:
                    listed.append(rid)
        elif roles not in ("", None, []):
            raise ClocktowerError("roles: a list of roles, or empty for an official edition")
        if not listed:
            listed = ids + bluffs
            warnings.append(f"edition {eid!r}: not a built-in script; the script is the "
                            f"characters in play and the bluffs")
        title = edition.get("name") if isinstance(edition.get("name"), str) else "Imported"
        seen: list[str] = []
        for c in listed:
            if c not in seen:
                seen.append(c)
        meta: dict[str, Any] = {"id": "_meta", "name": title}
        if isinstance(edition.get("author"), str) and edition["author"]:
            meta["author"] = edition["author"]
        script = load_script([meta] + seen)
        builtin = None
    # Believers need a believed character, which the file does not hold.
    in_play = set(ids) | set(bluffs)
    for line in grimoire:
        cid = line["character"]
        want = REGISTRY[cid].believes if cid in REGISTRY else ()
        if not want:
            continue
        pick = next((c for c in script.characters if c not in script.homebrew
                     and D.get(c).team in want and c not in in_play), None)
        if pick is None:
            raise ClocktowerError(f"{line['name']}: the {D.get(cid).name} needs a character to "
                                  f"believe, and the script has none free")
        line["thinks"] = pick
        in_play.add(pick)
        warnings.append(f"{line['name']}: the {D.get(cid).name} is taken to think they are the "
                        f"{D.get(pick).name}")
    if state.get("fabled"):
        warnings.append("fabled are not taken")
    return {"script": script, "builtin": builtin, "seats": seats, "grimoire": grimoire,
            "bluffs": bluffs or None, "warnings": warnings}
