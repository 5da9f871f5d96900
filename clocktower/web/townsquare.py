"""Import and export of the game-state JSON of the community's online town square
(bra1n/townsquare; the format and what we write: docs/web.md, "Town square import and
export").

Export: the Storyteller's grimoire as that tool stores it. Import: a written grimoire (seats,
characters, alignments, beliefs, deaths and spent ghost votes, bluffs, the script) for a new
game, and its reminder tokens placed by hand; what cannot be taken is said in warnings.
"""
from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from .. import data as D
from ..characters import REGISTRY
from ..engine.game import Game
from ..errors import ClocktowerError, UnknownCharacter
from ..scripts import Script, builtin_names, load_script
from .driver import reminders_in_play

EDITIONS = {"tb": "trouble-brewing"}          # official editions we have as built-ins
BUILTIN_EDITION = {v: k for k, v in EDITIONS.items()}

# A custom role as townsquare stores it (its store's `customRole`): a role written in full
# has these fields; a stripped one (its "Game State JSON") numbers them in this order.
CUSTOM_ROLE_KEYS = ("id", "name", "image", "ability", "edition", "firstNight",
                    "firstNightReminder", "otherNight", "otherNightReminder", "reminders",
                    "remindersGlobal", "setup", "team", "isCustom")
# The generic icon townsquare gives a custom role of each team (its `imageAlt`).
TEAM_ICON = {"townsfolk": "good", "outsider": "outsider", "minion": "minion", "demon": "evil",
             "fabled": "fabled"}
THINKS = "Thinks: "


@functools.lru_cache(maxsize=1)
def townsquare_knows() -> frozenset[str]:
    """The characters townsquare knows by id (`data/townsquare_roles.json`, from its
    roles.json and fabled.json at a recorded commit): any other is written in full."""
    path = Path(D.__file__).parent / "townsquare_roles.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    return frozenset(doc["roles"]) | frozenset(doc["fabled"])


def full_role(cid: str) -> dict:
    """A character townsquare lacks, as a whole custom role (its loader drops an `{id}`
    it does not know); `imageAlt`: the team's generic icon. townsquare spells the
    Travellers' team `traveler` (its store counts and groups them by that word)."""
    c = D.get(cid)
    team = "traveler" if c.team == "traveller" else c.team
    return {"id": c.id, "name": c.name, "ability": c.ability, "team": team,
            "edition": "custom", "firstNight": c.first_night or 0,
            "firstNightReminder": c.first_night_reminder or "",
            "otherNight": c.other_night or 0, "otherNightReminder": c.other_night_reminder or "",
            "reminders": list(c.reminders), "remindersGlobal": list(c.reminders_global),
            "setup": bool(c.setup_text), "imageAlt": TEAM_ICON.get(c.team, "custom")}


def _reminder(role: str | None, name: str) -> dict:
    """A reminder token; one of a character townsquare lacks names its team's icon."""
    out = {"role": role or "custom", "name": name}
    if role and role not in townsquare_knows() and role not in ("good", "evil", "custom"):
        try:
            out["imageAlt"] = TEAM_ICON.get(D.get(role).team, "custom")
        except UnknownCharacter:
            out["role"] = "custom"
    return out


def export_state(game: Game, script: Script, builtin: str | None) -> dict:
    """The game as townsquare's "Game State JSON": the script (an official edition by id,
    else its roles: an `{id}` for each character townsquare knows, the whole role for the
    others, the characters in play and the bluffs included), the bluffs, each seat's
    character, reminders (the effects in play, the tokens; a Good or Evil marker for a
    Traveller, and for a player whose alignment is not their character's; `Thinks: X` for
    one who believes another character), death and ghost vote."""
    knows = townsquare_knows()
    in_play = [p.character for p in game.players] + list(game.bluffs)
    if builtin in BUILTIN_EDITION:
        edition: dict[str, Any] = {"id": BUILTIN_EDITION[builtin]}
        roles: Any = [full_role(c) for c in dict.fromkeys(in_play) if c not in knows] or ""
        if roles:
            edition = {"id": "custom", "name": script.name}
            roles = [{"id": c} if c in knows else full_role(c)
                     for c in dict.fromkeys(list(script.characters) + in_play)]
    else:
        edition = {"id": "custom", "name": script.name}
        if script.author:
            edition["author"] = script.author
        roles = [{"id": c} if c in knows or c in script.homebrew else full_role(c)
                 for c in dict.fromkeys(list(script.characters) + in_play)]
    on = _on_players(game)
    players = []
    for p in game.players:
        rem = list(on[p.name])
        if p.thinks:
            rem.append({"role": "custom", "name": f"{THINKS}{D.get(p.thinks).name}"})
        if p.traveller or p.alignment != D.get(p.character).default_alignment:
            rem.append({"role": p.alignment, "name": p.alignment.capitalize()})
        players.append({"name": p.name, "id": "", "role": p.character,
                        "reminders": rem,
                        "isVoteless": not p.ghost_vote, "isDead": not p.alive,
                        "pronouns": ""})
    return {"bluffs": list(game.bluffs), "edition": edition, "roles": roles, "fabled": [],
            "players": players}


def _on_players(game: Game) -> dict[str, list[dict]]:
    """Each player's reminders as townsquare has them: the effects in play, then the tokens
    (the engine's and those placed by hand). An effect whose ability placed a token on the
    player is that token (the Thief's NEGATIVE VOTE): written once."""
    tokens = {name: [_reminder(r["ability"], str(r["token"] or "")) for r in on]
              for name, on in reminders_in_play(game.log, game).items()}
    out = {}
    for p in game.players:
        mine = tokens.get(p.name, [])
        marked = {r["role"] for r in mine}
        out[p.name] = [_reminder(e.source.id if e.source is not None else None,
                                 e.kind.capitalize())
                       for e in p.effects if game.effect_active(e)
                       and (e.source is None or e.source.id not in marked)] + mine
    return out


def to_place(game: Game, reminders: list[dict]) -> list[dict]:
    """The imported reminder tokens (`import_state`'s) the new game does not already have:
    a token its written grimoire gave it at once (the Drunk's) is not placed twice."""
    have = {name: [(r["role"] if r["role"] != "custom" else None, r["name"]) for r in on]
            for name, on in _on_players(game).items()}
    out = []
    for r in reminders:
        key = (r["ability"], r["token"])
        there = have.get(r["player"], [])
        if key in there:
            there.remove(key)
        else:
            out.append(r)
    return out


def _unstripped(role: Any) -> Any:
    """A role townsquare re-exported with numbered keys (its stripped custom role) with its
    keys named again."""
    if isinstance(role, dict) and "0" in role:
        return {CUSTOM_ROLE_KEYS[int(k)]: v for k, v in role.items()
                if k.isdigit() and int(k) < len(CUSTOM_ROLE_KEYS)}
    return role


def _role_id(role: Any, where: str) -> str | None:
    if role in ("", None) or role == {}:
        return None
    if isinstance(role, dict):
        role = _unstripped(role).get("id")
    if not isinstance(role, str):
        raise ClocktowerError(f"{where}: a role is an id or an object with an id")
    try:
        return D.get(role).id
    except UnknownCharacter:
        raise ClocktowerError(f"{where}: unknown role {role!r} (homebrew roles cannot be "
                              f"played)") from None


def import_state(state: Any) -> dict:
    """{"script", "builtin", "seats", "grimoire", "bluffs", "reminders", "warnings"} from a
    state. A dead player's line says `dead` (and `ghost_vote: false` when the file marks
    them voteless); `reminders`: the tokens to place by hand, `{"player", "token",
    "ability"}` (ability: the token's character, or null)."""
    if not isinstance(state, dict):
        raise ClocktowerError("the town square state is a JSON object")
    players = state.get("players")
    if not isinstance(players, list) or not players:
        raise ClocktowerError("players: a list of the seats is needed")
    warnings: list[str] = []
    seats, grimoire, names = [], [], set()
    ids: list[str] = []
    reminders: list[dict] = []
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
        traveller = D.get(cid).team == "traveller"
        line: dict[str, Any] = {"name": name, "character": cid}
        for key in ("isDead", "isVoteless"):
            if p.get(key) not in (None, True, False):
                raise ClocktowerError(f"{where}.{key}: true or false")
        if p.get("isDead"):
            line["dead"] = True
            if p.get("isVoteless"):
                line["ghost_vote"] = False
        elif p.get("isVoteless"):
            warnings.append(f"{name}: voteless but alive in the file (only the dead spend a "
                            f"vote): not taken")
        rest = _read_markers(p.get("reminders"), line, f"{where}.reminders")
        reminders += _tokens(rest, name, f"{where}.reminders", warnings)
        if traveller and "alignment" not in line:
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
                rid = _role_id(r, f"roles[{k}]")      # a homebrew role: refused
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
    # Believers need a believed character: the file's `Thinks:` note, else the first free.
    in_play = set(ids) | set(bluffs) | {line["thinks"] for line in grimoire if "thinks" in line}
    for line in grimoire:
        cid = line["character"]
        want = REGISTRY[cid].believes if cid in REGISTRY else ()
        if "thinks" in line and not want:
            warnings.append(f"{line['name']}: a {THINKS.strip()} note on the "
                            f"{D.get(cid).name}, who believes nothing else: not taken")
            del line["thinks"]
        if not want or "thinks" in line:
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
            "bluffs": bluffs or None, "reminders": reminders, "warnings": warnings}


def _tokens(reminders: list, name: str, where: str, warnings: list[str]) -> list[dict]:
    """A player's reminder tokens (those that are not markers) as tokens to place by hand:
    the token's text, and its character when the file names one we know. A reminder that
    is no `{role, name}` with a name of 1 to 40 characters is left out, with a warning."""
    out = []
    for r in reminders:
        role = r.get("role") if isinstance(r, dict) else None
        text = r.get("name") if isinstance(r, dict) else None
        text = text.strip() if isinstance(text, str) else ""
        if not text or len(text) > 40:
            warnings.append(f"{name}: a reminder {r!r} is not taken (a token needs a name of "
                            f"1 to 40 characters)")
            continue
        ability = None
        if isinstance(role, str) and role not in ("", "custom"):
            try:
                ability = D.get(role).id
            except UnknownCharacter:
                warnings.append(f"{name}: the reminder {text!r} of {role!r} (not a character "
                                f"we know) is placed as a plain token")
        out.append({"player": name, "token": text, "ability": ability})
    return out


def _read_markers(reminders: Any, line: dict, where: str) -> list:
    """The reminders townsquare keeps that say what the engine does not work out: a Good or
    Evil marker (the player's alignment) and our `Thinks: X` note (what a Drunk, Lunatic or
    Marionette believes), taken into the grimoire line; returns the other reminders."""
    if reminders in (None, ""):
        return []
    if not isinstance(reminders, list):
        raise ClocktowerError(f"{where}: a list of reminders")
    rest = []
    for k, r in enumerate(reminders):
        role = r.get("role") if isinstance(r, dict) else None
        name = r.get("name") if isinstance(r, dict) else None
        if role in ("good", "evil"):
            line["alignment"] = role
        elif role == "custom" and isinstance(name, str) and name.startswith(THINKS):
            try:
                line["thinks"] = D.get(name[len(THINKS):].strip()).id
            except UnknownCharacter:
                raise ClocktowerError(f"{where}[{k}]: {name!r}: no such character") from None
        else:
            rest.append(r)
    return rest
