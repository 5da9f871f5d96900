"""Reading scenario files (docs/scenarios.md): YAML 1.2, every key checked, positions kept.

Everything wrong with a file is a ScenarioError naming the file, the line and the reason.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError

from .. import data as D
from ..errors import ClocktowerError, UnknownCharacter

TOP_KEYS = {"name", "script", "seed", "players", "bluffs", "storyteller", "steps", "expect",
            "not_dealt", "deal"}
# Extension (issue 17): a setup the engine deals (`deal:`, docs/scenarios.md).
DEAL_KEYS = {"players", "travellers", "include", "exclude"}
PLAYER_KEYS = {"name", "character", "thinks", "alignment"}
CHOICE_WORDS = {"player", "players", "character", "characters", "yes"}
# Storyteller keys that are not character ids but may be asked during play too: the Red
# Herring of a Fortune Teller created mid-game.
STEP_PLAIN_KEYS = {"red_herring"}
EXPECT_KEYS = {"alive", "dead", "winner", "character", "alignment", "poisoned", "drunk", "sober",
               "executed", "died_tonight", "learned", "may_learn", "event", "no_event",
               # extensions (docs/scenarios.md): issue 17
               "hands", "options",
               # setups the engine deals (they hold for written setups too)
               "neighbours", "thinks", "teams", "in_play", "not_in_play"}
# The words for a team in the setup expectations (besides player names and character ids);
# `good` and `evil` name an alignment.
TEAM_WORDS = ("townsfolk", "outsider", "minion", "demon", "traveller")
ALIGNMENT_WORDS = ("good", "evil")
THINKS_KEYS = {"character", "team", "in_play"}
HANDS_KEYS = {"nominee", "day", "counted", "refused"}
OPTIONS_KEYS = {"player", "storyteller", "registers", "ability", "night", "day", "include",
                "exclude"}
INFO_FIELDS = {"players", "character", "characters", "count", "yes", "alignment", "direction",
               "answer", "advice", "fact"}
ACTION_KEYS = {"nominate", "ability", "exile", "ruling", "join", "leave"}
NOMINATE_KEYS = {"by", "target", "votes", "claim", "hands", "refused"}
ABILITY_ARG_KEYS = {"target", "targets", "character", "question", "guess", "minions", "demons",
                    "agree", "votes"}
EXILE_KEYS = {"by", "target", "votes", "refused"}
# Extension: the Storyteller's rulings (engine/rulings.py), `- ruling: {kill: Bob}` in a
# day's actions or `rulings: [...]` in a night (carried out at dusk).
RULING_KEYS = {"kill", "revive", "poison", "drunk", "sober", "character", "alignment",
               # seats during play (engine/seats.py): `- join: {...}`, `- leave: Hal` too
               "join", "leave"}
JOIN_KEYS = {"player", "character", "seat", "alignment"}
# Setup Storyteller keys that are not character ids.
SETUP_PLAIN_KEYS = {"red_herring", "bluff", "traveller"}


def describe(value: Any) -> str:
    """A written value in words for an error: never a Python type name."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        return "a list"
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    return f"{str(value)!r}"


class ScenarioError(ClocktowerError):
    def __init__(self, file: str, line: int | None, reason: str):
        self.file = file
        self.line = line
        self.reason = reason
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {reason}")


@dataclass
class Node:
    """A value from the file with the line it came from (1-based)."""

    value: Any
    line: int


@dataclass
class Step:
    kind: str                 # "night" or "day"
    number: int
    line: int
    choices: dict[str, Node] = field(default_factory=dict)        # player name -> choice
    refused: dict[str, Node] = field(default_factory=dict)        # choices that must be refused
    storyteller: dict[str, Node] = field(default_factory=dict)    # name/key -> value
    registers: dict[str, Node] = field(default_factory=dict)
    actions: list[tuple[str, dict, int]] = field(default_factory=list)
    rulings: list[tuple[dict, int]] = field(default_factory=list)    # night: at dusk
    expect: list[tuple[str, Any, int]] = field(default_factory=list)


@dataclass
class Scenario:
    file: str
    name: str
    script: Any
    seed: int
    players: list[dict]
    bluffs: list[str] | None
    setup_storyteller: dict[str, Node]
    steps: list[Step]
    expect: list[tuple[str, Any, int]]
    line: int = 1
    script_line: int | None = None
    not_dealt: list[str] | None = None      # characters in play no player holds (extension)
    # A setup the engine deals (extension): `players` (how many are dealt), `travellers`,
    # `include`, `exclude`, and the lines `line`, `include_line`, `exclude_line`. Then each
    # of `players` is only {"name", "line"}: the characters are the deal's.
    deal: dict | None = None



def _registration(L, rv, line) -> dict:
    """One registration: a mapping with `alignment` and/or `character`."""
    rv = L.mapping(rv, "a registration", line)
    L.keys_at(rv, {"alignment", "character"}, "a registration", line)
    r = {}
    if "character" in rv:
        r["character"] = L.character(rv["character"], line)
    if "alignment" in rv:
        if rv["alignment"] not in ("good", "evil"):
            raise L.err(line, "alignment must be good or evil")
        r["alignment"] = rv["alignment"]
    return r

def _line(node: Any, key: Any = None, default: int = 1) -> int:
    try:
        if key is not None and isinstance(node, CommentedMap):
            return node.lc.key(key)[0] + 1
        if key is not None and isinstance(node, CommentedSeq):
            return node.lc.item(key)[0] + 1
        return node.lc.line + 1
    except Exception:
        return default


def plain(v: Any) -> Any:
    """ruamel containers to plain dicts and lists."""
    if isinstance(v, dict):
        return {str(k): plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [plain(x) for x in v]
    return v


class _Loader:
    def __init__(self, file: str):
        self.file = file

    def err(self, line: int | None, reason: str) -> ScenarioError:
        return ScenarioError(self.file, line, reason)

    def mapping(self, node: Any, where: str, line: int) -> dict:
        if not isinstance(node, dict):
            raise self.err(line, f"{where} must be a mapping, not {describe(node)}")
        return node

    def keys(self, node: dict, allowed: set[str], where: str) -> None:
        for k in node:
            if str(k) not in allowed:
                raise self.err(_line(node, k), f"unknown key {k!r} in {where} "
                               f"(allowed: {', '.join(sorted(allowed))})")

    def keys_at(self, node: dict, allowed: set[str], where: str, line: int) -> None:
        """`keys` for a mapping whose own lines are lost (a plain value): errors at `line`."""
        for k in node:
            if str(k) not in allowed:
                raise self.err(_line(node, k, line), f"unknown key {k!r} in {where} "
                               f"(allowed: {', '.join(sorted(allowed))})")

    def character(self, value: Any, line: int) -> str:
        if not isinstance(value, str):
            raise self.err(line, f"a character id must be a string, not {describe(value)}")
        try:
            return D.get(value).id
        except UnknownCharacter as e:
            # Names from the seeds with garbage appended ("Huntsman1-75", "Fanggu1 75 3-75")
            # are the same characters.
            stripped = re.sub(r"[\d\s-]+$", "", value)
            if stripped and stripped != value:
                try:
                    return D.get(stripped).id
                except UnknownCharacter:
                    pass
            raise self.err(line, str(e)) from None

    def name(self, value: Any, line: int, names: set[str], what: str = "player") -> str:
        if not isinstance(value, str):
            raise self.err(line, f"a {what} name must be a string, not {describe(value)}")
        if value not in names:
            raise self.err(line, f"unknown {what} name {value!r}")
        return value

    def names(self, value: Any, line: int, names: set[str]) -> list[str]:
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            raise self.err(line, f"expected a list of player names, not {describe(value)}")
        return [self.name(v, line, names) for v in value]


def load_file(path: str | Path) -> Scenario:
    path = Path(path)
    file = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ScenarioError(file, None, "not a UTF-8 text file") from None
    except OSError as e:
        raise ScenarioError(file, None, f"cannot read: {e.strerror}") from None
    return load_text(text, file)


def load_text(text: str, file: str = "<scenario>") -> Scenario:
    yaml = YAML(typ="rt")
    yaml.version = (1, 2)
    try:
        doc = yaml.load(text)
    except YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        raise ScenarioError(file, line, f"malformed YAML: {getattr(e, 'problem', None) or e}") from None
    L = _Loader(file)
    if doc is None:
        raise L.err(1, "empty scenario file")
    doc = L.mapping(doc, "a scenario", 1)
    L.keys(doc, TOP_KEYS, "the scenario")
    deal = _deal(L, doc) if "deal" in doc else None
    for req in ("players", "steps"):
        if req not in doc and not (req == "players" and deal is not None):
            raise L.err(1, f"missing required key {req!r}")
    name = str(doc.get("name", Path(file).stem))
    seed = doc.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise L.err(_line(doc, "seed"), f"seed must be a whole number, not {describe(seed)}")

    # players
    players: list[dict] = []
    if deal is not None:
        players = _dealt_players(L, doc, deal)
    players_node = doc["players"] if deal is None else []
    if deal is None and (not isinstance(players_node, list) or not players_node):
        raise L.err(_line(doc, "players"), "players must be a non-empty list")
    seen: set[str] = set()
    for i, p in enumerate(players_node):
        line = _line(players_node, i)
        p = L.mapping(p, "a player", line)
        L.keys(p, PLAYER_KEYS, "a player")
        if "name" not in p or "character" not in p:
            raise L.err(line, "a player needs a name and a character")
        pname = p["name"]
        if not isinstance(pname, str) or not pname:
            raise L.err(line, f"a player name must be a non-empty string, not {describe(pname)}")
        if pname in seen:
            raise L.err(line, f"player name {pname!r} is used twice")
        seen.add(pname)
        entry: dict[str, Any] = {"name": pname, "character": L.character(p["character"], line),
                                 "line": line}
        if "thinks" in p:
            entry["thinks"] = L.character(p["thinks"], line)
            # Only a character who "thinks they are" another (Drunk, Lunatic, Marionette).
            if "you think you are" not in D.get(entry["character"]).ability.lower():
                raise L.err(line, f"thinks: a {entry['character']} does not think they are "
                            "another character (thinks is for the Drunk, Lunatic, Marionette)")
        if "alignment" in p:
            if p["alignment"] not in ("good", "evil"):
                raise L.err(line, f"alignment must be good or evil, not {describe(p['alignment'])}")
            entry["alignment"] = p["alignment"]
        players.append(entry)
    names = {p["name"] for p in players}

    # script
    script = doc.get("script")
    if isinstance(script, list):
        script = [L.character(c, _line(doc, "script")) for c in script]
    elif script is not None and not isinstance(script, str):
        raise L.err(_line(doc, "script"), "script must be a name, a path or a list of ids")

    if deal is not None:
        if script is None:
            raise L.err(deal["line"], "deal: needs script: (the bag is drawn from the script)")
        for k in ("bluffs", "not_dealt"):
            if k in doc:
                raise L.err(_line(doc, k), f"{k}: is written with a setup as written, not with "
                            "deal: (the engine deals the characters, then the Storyteller "
                            "chooses the rest)")

    bluffs = None
    if "bluffs" in doc:
        b = doc["bluffs"]
        if not isinstance(b, list):
            raise L.err(_line(doc, "bluffs"), "bluffs must be a list of character ids")
        bluffs = [L.character(c, _line(doc, "bluffs")) for c in b]
        dealt = {p["character"] for p in players}
        for c in bluffs:
            if c in dealt or bluffs.count(c) > 1:
                raise L.err(_line(doc, "bluffs"), f"bluff {c!r} is "
                            + ("in play" if c in dealt else "listed twice")
                            + ": the bluffs are not-in-play characters")

    not_dealt = None
    if "not_dealt" in doc:
        nd = doc["not_dealt"]
        if not isinstance(nd, list):
            raise L.err(_line(doc, "not_dealt"), "not_dealt must be a list of character ids")
        not_dealt = [L.character(c, _line(doc, "not_dealt")) for c in nd]
        for c in not_dealt:
            if any(p["character"] == c for p in players):
                raise L.err(_line(doc, "not_dealt"), f"not_dealt: {c!r} is dealt to a player")

    setup_st: dict[str, Node] = {}
    if "storyteller" in doc:
        st = L.mapping(doc["storyteller"], "storyteller", _line(doc, "storyteller"))
        for k, v in st.items():
            key = _setup_key(str(k))
            if key.startswith("setup."):
                # `setup.marionette` is the setup decision `marionette` (asked when the
                # engine deals: `deal:`)
                key = key[len("setup."):]
            if key in setup_st:
                raise L.err(_line(st, k), f"storyteller setup key {k!r} is written twice "
                            f"(as {key!r} too)")
            setup_st[key] = Node(plain(v), _line(st, k))

    steps_node = doc["steps"]
    if not isinstance(steps_node, list):
        raise L.err(_line(doc, "steps"), "steps must be a list")
    steps = []
    expect_night, expect_kind = 1, "night"
    for i, s in enumerate(steps_node):
        line = _line(steps_node, i)
        s = L.mapping(s, "a step", line)
        kinds = [k for k in ("night", "day") if k in s]
        if len(kinds) != 1:
            raise L.err(line, "a step is either `night: N` or `day: N`")
        kind = kinds[0]
        number = s[kind]
        if not isinstance(number, int) or isinstance(number, bool):
            raise L.err(line, f"{kind} number must be a whole number, not {describe(number)}")
        if (kind, number) != (expect_kind, expect_night):
            raise L.err(line, f"steps must go night 1, day 1, night 2, ...: expected "
                        f"{expect_kind} {expect_night}, found {kind} {number}")
        if kind == "night":
            expect_kind = "day"
        else:
            expect_kind, expect_night = "night", number + 1
        # Extension: a day's `choices:` answer what players are asked by day outside the
        # written actions (the Alchemist-Spy's guess after the execution phase, the executed
        # Klutz's choice).
        allowed = {kind, "storyteller", "expect", "choices", "refused"} | (
            {"rulings"} if kind == "night" else {"actions"})
        L.keys(s, allowed, f"{kind} {number}")
        step = Step(kind, number, line)
        # The rulings and actions first: a Traveller they seat (`join`) may be named in the
        # step's choices.
        if "rulings" in s:
            rn = s["rulings"]
            rl = _line(s, "rulings")
            for j, one in enumerate(rn if isinstance(rn, list) else [rn]):
                jl = _line(rn, j, rl) if isinstance(rn, list) else rl
                for r in _ruling(L, one, jl, names):
                    step.rulings.append((r, jl))
        if "actions" in s:
            acts = s["actions"]
            if not isinstance(acts, list):
                raise L.err(_line(s, "actions"), "actions must be a list")
            for j, a in enumerate(acts):
                al = _line(acts, j)
                a = L.mapping(a, "an action", al)
                if len(a) != 1 or next(iter(a)) not in ACTION_KEYS:
                    raise L.err(al, "an action is one of nominate:, ability:, exile:, ruling:, "
                                    "join:, leave:")
                akind = str(next(iter(a)))
                if akind in ("join", "leave"):      # a ruling's shorthand
                    a, akind = {"ruling": {akind: a[akind]}}, "ruling"
                if akind == "ruling":
                    for r in _ruling(L, a[akind], al, names):
                        step.actions.append(("ruling", r, al))
                    continue
                body = L.mapping(a[akind], akind, al)
                act = _action(L, akind, body, al, names)
                if "refused" in body:
                    r = body["refused"]
                    if r is not True and not (isinstance(r, str) and r.strip()):
                        raise L.err(al, "refused must be true or the words the reason must "
                                    f"contain, not {describe(r)}")
                    act["refused"] = r
                step.actions.append((akind, act, al))
        # `refused:` (extension): choices written to be refused (illegal on purpose), tried
        # before the player's real answer (`choices:` or the default policy).
        for key, into in (("choices", step.choices), ("refused", step.refused)):
            if key not in s:
                continue
            ch = L.mapping(s[key], key, _line(s, key))
            for k, v in ch.items():
                kl = _line(ch, k)
                L.name(k, kl, names)
                into[str(k)] = Node(_choice(L, plain(v), kl, names), kl)
        if "storyteller" in s:
            st = L.mapping(s["storyteller"], "storyteller", _line(s, "storyteller"))
            for k, v in st.items():
                kl = _line(st, k)
                if k == "registers":
                    reg = L.mapping(v, "registers", kl)
                    for rn, rv in reg.items():
                        rl = _line(reg, rn)
                        L.name(rn, rl, names)
                        if isinstance(rv, dict) and rv and all(isinstance(v, dict) for v in rv.values()):
                            # Extension: per asking ability, `{virgin: {...}, towncrier: {...}}`.
                            per = {}
                            for ab_id, one in rv.items():
                                per[L.character(ab_id, _line(rv, ab_id))] = \
                                    _registration(L, one, _line(rv, ab_id))
                            step.registers[str(rn)] = Node({"per_ability": per}, rl)
                        else:
                            step.registers[str(rn)] = Node(_registration(L, rv, rl), rl)
                elif k in names:
                    info = L.mapping(v, f"information for {k}", kl)
                    step.storyteller[str(k)] = Node(_info(L, plain(info), kl, names), kl)
                elif k in STEP_PLAIN_KEYS:
                    step.storyteller[str(k)] = Node(plain(v), kl)
                else:
                    # A character id, or `<id>.<what>` for a second decision of that
                    # character (e.g. `lilmonsta.kill`).
                    cid, dot, what = str(k).partition(".")
                    try:
                        D.get(cid)
                    except UnknownCharacter:
                        raise L.err(kl, f"unknown key {k!r} under storyteller: not a player "
                                    "name, `registers`, or a character id") from None
                    key = D.normalise_id(cid) + (dot + what if what else "")
                    step.storyteller[key] = Node(plain(v), kl)
        if "expect" in s:
            step.expect = _expects(L, s["expect"], _line(s, "expect"), names)
        steps.append(step)
    expect = _expects(L, doc["expect"], _line(doc, "expect"), names) if "expect" in doc else []
    return Scenario(file, name, script, seed, players, bluffs, setup_st, steps, expect,
                    script_line=_line(doc, "script") if "script" in doc else None,
                    not_dealt=not_dealt, deal=deal)


# Player names when a dealt setup does not list them (as `clocktower play` names players).
DEAL_NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Joe", "Kim",
              "Lou", "Max", "Ned", "Oz", "Pam", "Quin", "Roy", "Sue", "Tom"]


def _deal(L: _Loader, doc: dict) -> dict:
    """The `deal:` mapping (extension): how many players and Travellers are dealt, and
    the characters the bag must hold (`include`) or never holds (`exclude`)."""
    line = _line(doc, "deal")
    d = doc["deal"]
    if d is None:
        d = {}
    d = L.mapping(d, "deal", line)
    L.keys(d, DEAL_KEYS, "deal")
    out: dict[str, Any] = {"line": line, "include": [], "exclude": []}
    for k, low, high in (("players", 5, 15), ("travellers", 0, 5)):
        if k in d:
            n = d[k]
            if not isinstance(n, int) or isinstance(n, bool) or not low <= n <= high:
                raise L.err(_line(d, k), f"deal {k} must be a whole number from {low} to {high}"
                            + (" (the setup table)" if k == "players" else "")
                            + f", not {describe(n)}")
            out[k] = n
    out.setdefault("travellers", 0)
    for k in ("include", "exclude"):
        if k not in d:
            continue
        kl = _line(d, k)
        out[k + "_line"] = kl
        v = d[k]
        if not isinstance(v, list):
            raise L.err(kl, f"deal {k} must be a list of character ids, not {describe(v)}")
        ids = [L.character(c, kl) for c in v]
        for c in ids:
            if ids.count(c) > 1:
                raise L.err(kl, f"deal {k} lists {c!r} twice")
            if D.get(c).team not in TEAM_WORDS[:4]:
                raise L.err(kl, f"deal {k}: {c!r} is a {D.get(c).team}, not a character the "
                            "bag holds (Travellers join with deal travellers:)")
        out[k] = ids
    both = [c for c in out["exclude"] if c in out["include"]]
    if both:
        raise L.err(out["exclude_line"], f"deal: {both[0]!r} is both included and excluded")
    return out


def _dealt_players(L: _Loader, doc: dict, deal: dict) -> list[dict]:
    """The players of a dealt setup: names only (written, or DEAL_NAMES), in seat order;
    the last `travellers` names are the Travellers."""
    n, t = deal.get("players"), deal["travellers"]
    if "players" not in doc:
        if n is None:
            raise L.err(deal["line"], "deal needs players: (how many are dealt) when the "
                        "scenario does not list the players' names")
        return [{"name": x, "line": deal["line"]} for x in DEAL_NAMES[:n + t]]
    node = doc["players"]
    pl = _line(doc, "players")
    if not isinstance(node, list) or not node:
        raise L.err(pl, "players must be a non-empty list of names")
    out: list[dict] = []
    for i, p in enumerate(node):
        line = _line(node, i, pl)
        if isinstance(p, dict):
            extra = [k for k in p if k != "name"]
            if extra:
                raise L.err(line, f"with deal:, a player is only a name: the engine deals the "
                            f"characters ({extra[0]!r} is written only in a setup as written, "
                            "without deal:)")
            if "name" not in p:
                raise L.err(line, "a player needs a name")
            p = p["name"]
        if not isinstance(p, str) or not p:
            raise L.err(line, f"a player name must be a non-empty string, not {describe(p)}")
        if any(q["name"] == p for q in out):
            raise L.err(line, f"player name {p!r} is used twice")
        out.append({"name": p, "line": line})
    if n is None:
        n = len(out) - t
        if not 5 <= n <= 15:
            raise L.err(pl, f"players lists {len(out)} names: with {t} Travellers that deals "
                        f"{n} players, and the setup table covers 5 to 15")
        deal["players"] = n
    elif len(out) != n + t:
        raise L.err(pl, f"players lists {len(out)} names, but deal: deals {n} players"
                    + (f" and {t} Travellers" if t else ""))
    return out


def _setup_key(k: str) -> str:
    """A setup Storyteller key with the character id in its official spelling
    (`evil_twin` is `eviltwin`); keys that are not character ids stay as written."""
    if k in SETUP_PLAIN_KEYS:
        return k
    prefix = ""
    if k.startswith("setup."):
        prefix, k = "setup.", k[len("setup."):]
    cid, dot, what = k.partition(".")
    try:
        D.get(cid)
    except UnknownCharacter:
        return prefix + k
    return prefix + D.normalise_id(cid) + dot + what


def _ruling(L: "_Loader", v: Any, line: int, names: set[str]) -> list[dict]:
    """A written ruling (extension) in the engine's form (engine/rulings.py); a mapping
    `character: {Bob: imp}` or `alignment: {Bob: evil}` may name several players."""
    v = L.mapping(v, "a ruling", line)
    acts = [k for k in v if k in RULING_KEYS]
    if len(acts) != 1:
        raise L.err(line, "a ruling is one of " + ", ".join(sorted(RULING_KEYS))
                    + " (e.g. `ruling: {kill: Bob}`)")
    act = str(acts[0])
    if act == "join":
        L.keys(v, {"join"}, "a join ruling")
        j = L.mapping(plain(v["join"]), "a join", line)
        L.keys(j, JOIN_KEYS, "a join")
        for k in ("player", "character", "alignment"):
            if k not in j:
                raise L.err(line, f"a join needs {k}: (player, character, alignment; seat "
                            "optional)")
        n = j["player"]
        if not isinstance(n, str) or not n.strip() or n in names:
            raise L.err(line, f"a joining player needs a new name, not {describe(n)}")
        if j["alignment"] not in ("good", "evil"):
            raise L.err(line, f"alignment must be good or evil, not {describe(j['alignment'])}")
        r = {"action": "join", "player": n, "character": L.character(j["character"], line),
             "alignment": j["alignment"]}
        if "seat" in j:
            if not isinstance(j["seat"], int) or isinstance(j["seat"], bool) or j["seat"] < 0:
                raise L.err(line, f"seat is a place in the circle (0: first), not "
                            f"{describe(j['seat'])}")
            r["seat"] = j["seat"]
        names.add(n)
        return [r]
    allowed = {act} | ({"until"} if act in ("poison", "drunk") else set())
    L.keys(v, allowed, f"a {act} ruling")
    x = plain(v[act])
    if act in ("character", "alignment"):
        if not isinstance(x, dict) or not x:
            raise L.err(line, f"a {act} ruling is a mapping of player name to "
                        + ("character id" if act == "character" else "good or evil"))
        out = []
        for n, val in x.items():
            L.name(n, line, names)
            if act == "character":
                out.append({"action": act, "player": n, "character": L.character(val, line)})
            else:
                if val not in ("good", "evil"):
                    raise L.err(line, f"alignment must be good or evil, not {describe(val)}")
                out.append({"action": act, "player": n, "alignment": val})
        return out
    r = {"action": act, "player": L.name(x, line, names)}
    if "until" in v:
        if v["until"] not in ("dawn", "dusk"):
            raise L.err(line, f"until must be dawn or dusk, not {describe(v['until'])}")
        r["until"] = v["until"]
    return [r]


def _choice(L: _Loader, v: Any, line: int, names: set[str]) -> Any:
    """Validate the shape of a written choice (legality is checked when the player wakes)."""
    if v is None:
        raise L.err(line, "an empty choice: write a name, a list, `no`, or a mapping")
    if isinstance(v, str):
        if v == "no":
            return "no"
        return L.name(v, line, names)
    if isinstance(v, bool):
        return v
    if isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
        # Several picks of one ability in one night, in order (the Kazali's Minions).
        return [_choice(L, x, line, names) for x in v]
    if isinstance(v, list):
        return L.names(v, line, names)
    if isinstance(v, dict):
        out = {}
        for k, x in v.items():
            if k == "player":
                out[k] = L.name(x, line, names)
            elif k in ("players", "character", "characters", "yes"):
                out[k] = _common_field(L, k, x, line, names)
            else:
                try:
                    cid = D.get(k).id
                except UnknownCharacter:
                    raise L.err(line, f"unknown key {k!r} in a choice: not one of "
                                f"{', '.join(sorted(CHOICE_WORDS))} or an ability id") from None
                out[cid] = _choice(L, x, line, names)
        return out
    raise L.err(line, f"a choice cannot be {describe(v)}")


def _common_field(L: _Loader, k: str, x: Any, line: int, names: set[str]) -> Any:
    """A field shared by choices and information: players, character, characters, yes."""
    if k == "players":
        return L.names(x, line, names)
    if k == "character":
        return L.character(x, line)
    if k == "characters":
        if not isinstance(x, list):
            raise L.err(line, "characters must be a list")
        return [L.character(c, line) for c in x]
    if not isinstance(x, bool):
        raise L.err(line, "yes must be true or false")
    return x


def _info(L: _Loader, v: dict, line: int, names: set[str]) -> dict:
    out = {}
    for k, x in v.items():
        if k not in INFO_FIELDS:
            raise L.err(line, f"unknown information field {k!r} (allowed: "
                        f"{', '.join(sorted(INFO_FIELDS))})")
        if k in ("players", "character", "characters", "yes"):
            out[k] = _common_field(L, k, x, line, names)
        elif k == "count":
            if not isinstance(x, int) or isinstance(x, bool):
                raise L.err(line, "count must be a whole number")
            out[k] = x
        elif k == "alignment":
            if x not in ("good", "evil", "neither"):     # neither: the General's thumb
                raise L.err(line, "alignment must be good or evil (or neither: the General)")
            out[k] = x
        elif k == "direction":
            if x not in ("clockwise", "anticlockwise"):
                raise L.err(line, "direction must be clockwise or anticlockwise")
            out[k] = x
        elif k == "advice":     # the Fisherman's advice: free text
            if not isinstance(x, str) or not x.strip():
                raise L.err(line, "advice must be a non-empty text")
            out[k] = x
        elif k == "fact":       # the fact behind advice: {question: "...", answer: yes|no}
            if not isinstance(x, dict) or set(x) != {"question", "answer"} \
                    or not isinstance(x["question"], str) or x["answer"] not in ("yes", "no"):
                raise L.err(line, "fact must be a mapping {question: a question text, "
                                  "answer: yes or no}")
            out[k] = dict(x)
        elif k == "answer":
            if x not in ("yes", "no", "unknown", "cold", "warm", "hot", "bingo"):
                raise L.err(line, f"answer {describe(x)} is not one of yes, no, unknown, cold, warm, hot, bingo")
            out[k] = x
    return out


def _action(L: _Loader, kind: str, body: dict, line: int, names: set[str]) -> dict:
    b = plain(body)
    if kind == "nominate":
        L.keys(body, NOMINATE_KEYS, "nominate")
        for req in ("by", "target"):
            if req not in b:
                raise L.err(line, f"nominate needs {req!r}")
        out: dict[str, Any] = {"by": L.name(b["by"], line, names),
                               "target": L.name(b["target"], line, names)}
        if "hands" in b:
            # Extension: the hands players try to raise; the engine counts the legal ones.
            if "votes" in b:
                raise L.err(line, "write votes: (the hands counted) or hands: (the hands "
                            "tried, the engine counts the legal ones), not both")
            out["hands"] = L.names(b["hands"], line, names)
        else:
            out["votes"] = L.names(b.get("votes", []), line, names)
        if "claim" in b:
            out["claim"] = L.character(b["claim"], line)
        return out
    if kind == "exile":
        L.keys(body, EXILE_KEYS, "exile")
        for req in ("by", "target"):
            if req not in b:
                raise L.err(line, f"exile needs {req!r}")
        return {"by": L.name(b["by"], line, names), "target": L.name(b["target"], line, names),
                "votes": L.names(b.get("votes", []), line, names)}
    L.keys(body, {"by", "character", "refused"} | ABILITY_ARG_KEYS, "ability")
    for req in ("by", "character"):
        if req not in b:
            raise L.err(line, f"ability needs {req!r}")
    out = {"by": L.name(b["by"], line, names), "character": L.character(b["character"], line),
           "args": {}}
    for k, x in b.items():
        if k in ("by", "character", "refused"):
            continue
        if k == "target":
            x = L.name(x, line, names)
        elif k in ("targets", "minions", "demons", "votes"):
            x = L.names(x, line, names)
        elif k == "character":
            x = L.character(x, line)
        out["args"][k] = x
    return out


def _expects(L: _Loader, node: Any, line: int, names: set[str]) -> list[tuple[str, Any, int]]:
    if not isinstance(node, list):
        raise L.err(line, "expect must be a list")
    out = []
    for i, item in enumerate(node):
        il = _line(node, i, line)
        if not isinstance(item, dict) or len(item) != 1:
            raise L.err(il, "each expectation is a mapping with one key")
        k = str(next(iter(item)))
        v = plain(item[k])
        if k not in EXPECT_KEYS:
            raise L.err(il, f"unknown expectation {k!r} (allowed: {', '.join(sorted(EXPECT_KEYS))})")
        if k in ("alive", "dead", "poisoned", "drunk", "sober", "died_tonight"):
            v = L.names(v if v is not None else [], il, names)
        elif k == "winner":
            if v not in ("good", "evil", "none"):
                raise L.err(il, "winner must be good, evil or none")
        elif k in ("character", "alignment"):
            if not isinstance(v, dict):
                raise L.err(il, f"{k} expects a mapping of player name to value")
            vv = {}
            for n, x in v.items():
                L.name(n, il, names)
                if k == "character":
                    vv[n] = L.character(x, il)
                else:
                    if x not in ("good", "evil"):
                        raise L.err(il, "alignment must be good or evil")
                    vv[n] = x
            v = vv
        elif k == "executed":
            if v != "nobody":
                v = L.name(v, il, names)
        elif k in ("learned", "may_learn"):
            if not isinstance(v, dict) or "player" not in v:
                raise L.err(il, f"{k} needs a mapping with `player`")
            rest = {x: y for x, y in v.items() if x not in ("player", "night", "day")}
            when = {x: v[x] for x in ("night", "day") if x in v}
            for w, n in when.items():
                if not isinstance(n, int) or isinstance(n, bool):
                    raise L.err(il, f"{w} must be a number")
            v = {"player": L.name(v["player"], il, names), **when, **_info(L, rest, il, names)}
        elif k in ("event", "no_event"):
            if not isinstance(v, dict) or "type" not in v:
                raise L.err(il, f"{k} needs a mapping with `type`")
        elif k == "options":
            v = _options(L, v, il, names)
        elif k in ("neighbours", "thinks", "teams", "in_play", "not_in_play"):
            v = _setup_expect(L, k, v, il, names)
        elif k == "hands":
            v = L.mapping(v, "hands", il)
            L.keys_at(v, HANDS_KEYS, "hands", il)
            if "nominee" not in v:
                raise L.err(il, "hands needs `nominee` (the player nominated)")
            if not set(v) & {"counted", "refused"}:
                raise L.err(il, "hands needs `counted` and/or `refused` (lists of names)")
            if "day" in v and (not isinstance(v["day"], int) or isinstance(v["day"], bool)):
                raise L.err(il, "day must be a number")
            v = {"nominee": L.name(v["nominee"], il, names),
                 **({"day": v["day"]} if "day" in v else {}),
                 **{x: L.names(v[x] if v[x] is not None else [], il, names)
                    for x in ("counted", "refused") if x in v}}
        out.append((k, v, il))
    return out


def _options(L: _Loader, v: Any, line: int, names: set[str]) -> dict:
    """The `options` expectation (extension): whose decision (`player: Name` a player's
    choice, `storyteller: Name` the information for that player, `storyteller: key` a
    Storyteller decision, `registers: Name` a registration), optionally `ability`, `night`
    or `day`, and `include` / `exclude`: answers written as that decision's answers are."""
    v = L.mapping(v, "options", line)
    L.keys_at(v, OPTIONS_KEYS, "options", line)
    whose = [k for k in ("player", "storyteller", "registers") if k in v]
    if len(whose) != 1:
        raise L.err(line, "options names one decision: `player: Name` (a player's choice), "
                    "`storyteller: Name` (information for that player) or `storyteller: key`, "
                    "or `registers: Name`")
    kind = whose[0]
    out: dict[str, Any] = {}
    if kind == "player":
        out["player"] = L.name(v["player"], line, names)
    elif kind == "registers":
        out["registers"] = L.name(v["registers"], line, names)
    else:
        who = v["storyteller"]
        if not isinstance(who, str):
            raise L.err(line, f"storyteller must be a player name or a Storyteller key, not "
                        f"{describe(who)}")
        if who in names:
            out["info"] = who
        else:
            key = _setup_key(who)
            if key.startswith("setup."):
                key = key[len("setup."):]
            cid = key.partition(".")[0]
            if key not in SETUP_PLAIN_KEYS | STEP_PLAIN_KEYS:
                try:
                    D.get(cid)
                except UnknownCharacter:
                    raise L.err(line, f"storyteller {who!r} in options is not a player name "
                                "or a Storyteller key") from None
            out["key"] = key
    if "ability" in v:
        out["ability"] = L.character(v["ability"], line)
    for w in ("night", "day"):
        if w in v:
            if not isinstance(v[w], int) or isinstance(v[w], bool):
                raise L.err(line, f"{w} must be a number")
            out[w] = v[w]
    if "night" in out and "day" in out:
        raise L.err(line, "options names a night or a day, not both")
    if "include" not in v and "exclude" not in v:
        raise L.err(line, "options needs `include` and/or `exclude` (lists of answers)")
    for side in ("include", "exclude"):
        if side not in v:
            continue
        items = v[side]
        if not isinstance(items, list) or not items:
            raise L.err(line, f"{side} must be a non-empty list of answers")
        parsed = []
        for it in items:
            if kind == "player":
                parsed.append(_choice(L, it, line, names))
            elif kind == "registers":
                parsed.append(_registration(L, it, line))
            elif "info" in out:
                parsed.append(_info(L, L.mapping(it, "an information answer", line), line,
                                    names))
            else:
                parsed.append(it)
        out[side] = parsed
    return out


def _who(L: _Loader, x: Any, line: int, names: set[str]) -> str:
    """Who a setup expectation is about: a player name, a team word, good or evil, or a
    character id (normalised). Names win over the words."""
    if isinstance(x, str) and (x in names or x in TEAM_WORDS or x in ALIGNMENT_WORDS):
        return x
    if not isinstance(x, str):
        raise L.err(line, "expected a player name, a character id, a team (townsfolk, "
                    f"outsider, minion, demon, traveller) or good/evil, not {describe(x)}")
    return L.character(x, line)


def _setup_expect(L: _Loader, k: str, v: Any, line: int, names: set[str]) -> Any:
    """The expectations about where a setup put the characters (extension, issue 17)."""
    if k in ("in_play", "not_in_play"):
        if not isinstance(v, list) or not v:
            raise L.err(line, f"{k} must be a non-empty list of character ids")
        return [L.character(c, line) for c in v]
    if not isinstance(v, dict) or not v:
        raise L.err(line, {"teams": "teams is a mapping of team to count, e.g. "
                                    "{townsfolk: 5, outsider: 1}",
                           "neighbours": "neighbours is a mapping, e.g. {marionette: demon}: "
                                         "who sits next to whom",
                           "thinks": "thinks is a mapping, e.g. {drunk: townsfolk}: what a "
                                     "believing player thinks they are"}[k])
    out: dict[str, Any] = {}
    for key, x in v.items():
        if k == "teams":
            if key not in TEAM_WORDS + ALIGNMENT_WORDS:
                raise L.err(line, f"teams: {key!r} is not a team or an alignment "
                            f"({', '.join(TEAM_WORDS + ALIGNMENT_WORDS)})")
            if not isinstance(x, int) or isinstance(x, bool) or x < 0:
                raise L.err(line, f"teams: the count of {key} must be a whole number, not "
                            f"{describe(x)}")
            out[str(key)] = x
            continue
        who = _who(L, key, line, names)
        if k == "neighbours":
            out[who] = [_who(L, y, line, names) for y in (x if isinstance(x, list) else [x])]
            if not out[who]:
                raise L.err(line, f"neighbours: {key} next to nobody (an empty list)")
            continue
        out[who] = _thinks(L, x, line, names)
    return out


def _thinks(L: _Loader, x: Any, line: int, names: set[str]) -> list | dict:
    """A `thinks` value: a character id or team, a list of them (any of them: a list), or
    a mapping `{character: ..., team: ..., in_play: true|false}` (each written key holds)."""
    if isinstance(x, dict):
        L.keys_at(x, THINKS_KEYS, "thinks", line)
        if not x:
            raise L.err(line, "thinks: an empty mapping (write character, team or in_play)")
        spec: dict[str, Any] = {}
        if "character" in x:
            cs = x["character"] if isinstance(x["character"], list) else [x["character"]]
            spec["character"] = [L.character(c, line) for c in cs]
        if "team" in x:
            ts = x["team"] if isinstance(x["team"], list) else [x["team"]]
            for t in ts:
                if t not in TEAM_WORDS:
                    raise L.err(line, f"thinks: {describe(t)} is not a team "
                                f"({', '.join(TEAM_WORDS)})")
            spec["team"] = list(ts)
        if "in_play" in x:
            if not isinstance(x["in_play"], bool):
                raise L.err(line, "thinks: in_play must be true or false")
            spec["in_play"] = x["in_play"]
        return spec
    items = x if isinstance(x, list) else [x]
    if not items:
        raise L.err(line, "thinks: an empty list")
    return [it if isinstance(it, str) and it in TEAM_WORDS else L.character(it, line)
            for it in items]
