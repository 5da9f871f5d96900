"""Pinning a scenario file: writing every decision it left to the default policy into the
file, as the default policy answered it (`clocktower scenario pin`, docs/scenarios.md).

The file is run, each decision `--strict` lists (runner.Defaulted) becomes written YAML in
the format's own syntax (`bluffs:`, a step's `choices:`, `storyteller:` information and
keys, `registers:`, the top-level `storyteller:` for setup keys), and the new text is run
again: it must play the same game (the same event log, up to what writing an answer
changes in the log, see `game_events`) and leave nothing to the default policy, or the
file is refused with one line saying why. The YAML is rewritten by ruamel's round-trip
mode, and only the lines that change are changed (comments and layout stay).
"""
from __future__ import annotations

import difflib
import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from .loader import INFO_FIELDS, ScenarioError, Scenario, load_text
from .runner import Defaulted, Result, run_scenario

# Written information: the fields in the order a person writes them.
INFO_ORDER = ("players", "character", "characters", "count", "yes", "alignment", "direction",
              "answer", "advice", "fact")
# Where a new key goes in a step: after the keys before it in this order.
STEP_ORDER = ("night", "day", "rulings", "actions", "choices", "storyteller", "expect")
TOP_ORDER = ("name", "script", "seed", "players", "bluffs", "not_dealt", "storyteller",
             "steps", "expect")


@dataclass
class Pinned:
    """What pinning a file wrote: the decisions, and the new text."""

    file: str
    text: str
    decisions: list[Defaulted] = field(default_factory=list)

    def summary(self) -> str:
        kinds: dict[str, int] = {}
        for d in self.decisions:
            k = "bluff" if d.context.get("key") == "bluff" else (
                f"key {d.context['key']}" if d.kind == "storyteller" else d.kind)
            kinds[k] = kinds.get(k, 0) + 1
        return ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))


def _yaml() -> YAML:
    y = YAML(typ="rt")
    y.version = (1, 2)
    y.indent(mapping=2, sequence=4, offset=2)
    y.width = 4096
    y.preserve_quotes = True
    return y


def _dump(doc: Any) -> str:
    buf = io.StringIO()
    _yaml().dump(doc, buf)
    out = buf.getvalue()
    if out.startswith("%YAML"):        # the version directive the 1.2 dumper adds
        out = out.split("\n---\n", 1)[1] if "\n---\n" in out else out
    return out


def _flow(value: Any) -> Any:
    """A written value as the files write it: lists and mappings in flow style."""
    if isinstance(value, dict):
        m = CommentedMap()
        for k, v in value.items():
            m[k] = _flow(v)
        m.fa.set_flow_style()
        return m
    if isinstance(value, (list, tuple)):
        s = CommentedSeq([_flow(v) for v in value])
        s.fa.set_flow_style()
        return s
    return value


def _insert(m: CommentedMap, key: str, value: Any, order: tuple[str, ...]) -> None:
    """Add `key` to a mapping after the keys that come before it in `order`."""
    rank = order.index(key) if key in order else len(order)
    pos = 0
    for i, k in enumerate(m):
        if str(k) in order and order.index(str(k)) <= rank:
            pos = i + 1
    m.insert(pos, key, value)


def _fit(m: CommentedMap, key: str, indent: int = 4, width: int = 100) -> None:
    """A flow mapping that grew past `width` columns is laid out as a block (its entries
    stay in flow style)."""
    sub = m.get(key)
    if isinstance(sub, CommentedMap) and sub.fa.flow_style():
        line = max(_dump({key: sub}).splitlines(), key=len)
        if indent + len(line) > width:
            sub.fa.set_block_style()


def _block(m: CommentedMap, key: str, order: tuple[str, ...]) -> CommentedMap:
    """The mapping under `key` (created, in block style, if missing)."""
    if key not in m:
        _insert(m, key, CommentedMap(), order)
    sub = m[key]
    if not isinstance(sub, CommentedMap):
        raise ValueError(f"{key} is not a mapping")
    return sub


class _Refused(Exception):
    """A decision the tool cannot write (the reason is the message)."""


def _choice_value(d: Defaulted) -> Any:
    """A player's answer as the format writes it in `choices:`."""
    a, form = d.answer, d.context.get("form")
    if a is None:
        return "no"
    if form == "character":
        return {"character": a}
    if form == "characters":
        return {"characters": list(a)}
    if form == "yes":
        return {"yes": a}
    if isinstance(a, list) and all(isinstance(x, str) for x in a):
        return a[0] if len(a) == 1 else list(a)
    if isinstance(a, (str, dict)):
        return a
    raise _Refused(f"a {d.kind} answer {a!r} has no written form")


def _st_value(answer: Any) -> Any:
    """A Storyteller key's answer as written (None, "none", is `no`)."""
    return "no" if answer is None else answer


def _info_value(d: Defaulted) -> dict:
    a = d.answer
    if not isinstance(a, dict):
        raise _Refused(f"information {a!r} for {d.context.get('player')} is not a mapping")
    extra = set(a) - INFO_FIELDS - {"why"}      # `why`: the judgement's explanation
    if extra:
        raise _Refused(f"information for {d.context.get('player')} has fields the format "
                       f"cannot write: {', '.join(sorted(extra))}")
    return {k: a[k] for k in INFO_ORDER if k in a}


def _steps(sc: Scenario) -> dict[str, int]:
    return {f"{s.kind} {s.number}": i for i, s in enumerate(sc.steps)}


@dataclass
class _Edits:
    bluffs: list[str] | None = None
    setup_keys: dict[str, Any] = field(default_factory=dict)
    # step index -> player name -> list of (ability, value)
    choices: dict[int, dict[str, list[tuple[str, Any]]]] = field(default_factory=dict)
    info: dict[int, dict[str, dict]] = field(default_factory=dict)
    keys: dict[int, dict[str, list[tuple[Any, Any]]]] = field(default_factory=dict)
    # step index -> player -> list of (asking ability, registration)
    registers: dict[int, dict[str, list[tuple[str, dict]]]] = field(default_factory=dict)


def _collect(sc: Scenario, result: Result, todo: list[Defaulted]) -> _Edits:
    """The defaulted decisions to write, grouped by where they are written."""
    ed = _Edits()
    index = _steps(sc)
    assert result.game is not None
    for d in todo:
        ctx = d.context
        if d.step == "setup":
            if d.kind == "storyteller" and ctx.get("key") == "bluff":
                shown = [e for e in result.game.log if e["type"] == "bluffs"
                         and e["phase"] == "setup"]
                if not shown:
                    raise _Refused("the Demon bluffs were chosen but never shown")
                ed.bluffs = list(shown[0]["characters"])
            elif d.kind == "storyteller" and ctx.get("key") and \
                    not str(ctx["key"]).startswith("setup."):
                key = str(ctx["key"])
                if key in ed.setup_keys and ed.setup_keys[key] != _st_value(d.answer):
                    raise _Refused(f"setup key {key} is asked twice with different answers")
                ed.setup_keys[key] = _st_value(d.answer)
            else:
                raise _Refused(f"setup: {d.kind} by {d.who} ({d.about}) has no written form")
            continue
        if d.step not in index:
            raise _Refused(f"{d.step}: {d.kind} ({d.about}) is not in a written step")
        i = index[d.step]
        if d.kind == "info":
            player = str(ctx.get("player"))
            value = _info_value(d)
            per = ed.info.setdefault(i, {})
            if player in per and per[player] != value:
                raise _Refused(f"{d.step}: {player} is shown two different pieces of "
                               "information, which one `storyteller:` entry cannot write")
            per[player] = value
        elif d.kind == "register":
            ed.registers.setdefault(i, {}).setdefault(str(ctx.get("player")), []).append(
                (str(ctx.get("purpose") or ""), dict(d.answer)))
        elif d.who == "storyteller" and ctx.get("reprompt"):
            # Whether to ask for another choice (the Alchemist) after a choice left to the
            # default: that choice is written now, and a written choice is final (the
            # runner answers no), so only `no` can be pinned, by writing nothing.
            if d.answer != "no":
                raise _Refused(f"{d.step}: the Storyteller asks {ctx['reprompt']} to choose "
                               "again, which needs the choice left unwritten")
        elif d.who == "storyteller":
            st_key = ctx.get("key")
            if not st_key:
                raise _Refused(f"{d.step}: Storyteller {d.kind} ({d.about}) has no written form")
            ed.keys.setdefault(i, {}).setdefault(str(st_key), []).append(
                (ctx.get("about"), _st_value(d.answer)))
        else:
            ed.choices.setdefault(i, {}).setdefault(d.who, []).append(
                (str(ctx.get("ability") or ""), _choice_value(d)))
    return ed


def _key_value(step: str, key: str, answers: list[tuple[Any, Any]]) -> Any:
    values = {repr(v) for _a, v in answers}
    if len(values) == 1:
        return answers[0][1]
    abouts = [a for a, _v in answers]
    if all(isinstance(a, str) for a in abouts) and len(set(abouts)) == len(abouts):
        return {a: v for a, v in answers}       # written per player it is about
    raise _Refused(f"{step}: storyteller key {key} is asked {len(answers)} times with "
                   "different answers")


def _choices_value(step: str, who: str, picks: list[tuple[str, Any]]) -> Any:
    abilities = [a for a, _v in picks]
    if len(picks) == 1:
        return picks[0][1]
    if len(set(abilities)) == len(abilities) and all(abilities):
        return {a: v for a, v in picks}         # one mapping keyed by ability
    if len(set(abilities)) == 1 and all(isinstance(v, dict) and "player" in v
                                         for _a, v in picks):
        return [v for _a, v in picks]           # several picks of one ability (Kazali)
    raise _Refused(f"{step}: {who} makes {len(picks)} choices for {abilities[0] or 'one ability'} "
                   "that one `choices:` entry cannot write")


def _registers_value(step: str, player: str, regs: list[tuple[str, dict]],
                     per_ability: bool) -> Any:
    """The registrations of a player in a step: per asking ability (`{chef: {...}}`, which
    fixes only the queries that were left to the default), or one registration for the
    whole step (`{character: spy, alignment: evil}`: every query of the step, written ones
    too)."""
    answers = {repr(sorted(r.items())) for _p, r in regs}
    if not per_ability:
        if len(answers) > 1:
            raise _Refused(f"{step}: {player} registers differently to different abilities")
        return regs[0][1]
    out: dict[str, dict] = {}
    for purpose, r in regs:
        if not purpose:
            raise _Refused(f"{step}: {player} registers to a query no ability asks")
        if purpose in out and out[purpose] != r:
            raise _Refused(f"{step}: {player} registers twice to the {purpose} with different "
                           "answers, which `registers:` cannot write")
        out[purpose] = r
    return out


def _apply(text: str, file: str, sc: Scenario, ed: _Edits, per_ability: bool) -> str:
    """The file's text with the edits written in."""
    doc = _yaml().load(text)
    if ed.bluffs is not None:
        if "bluffs" in doc:
            raise _Refused("bluffs: is written, yet the bluffs were chosen")
        _insert(doc, "bluffs", _flow(ed.bluffs), TOP_ORDER)
    if ed.setup_keys:
        top = _block(doc, "storyteller", TOP_ORDER)
        for k, v in ed.setup_keys.items():
            if k in top:
                raise _Refused(f"setup key {k} is written, yet it was left to the default")
            top[k] = _flow(v)
    steps = doc["steps"]
    for i in sorted(set(ed.choices) | set(ed.info) | set(ed.keys) | set(ed.registers)):
        step = steps[i]
        label = f"{sc.steps[i].kind} {sc.steps[i].number}"
        for who, picks in ed.choices.get(i, {}).items():
            ch = _block(step, "choices", STEP_ORDER)
            if who in ch:
                raise _Refused(f"{label}: {who} has a choice written and makes another "
                               "(write both by ability)")
            ch[who] = _flow(_choices_value(label, who, picks))
        for player, value in ed.info.get(i, {}).items():
            st = _block(step, "storyteller", STEP_ORDER)
            if player in st:
                raise _Refused(f"{label}: information for {player} is written, and another "
                               "is left to the default")
            st[player] = _flow(value)
        for key, answers in ed.keys.get(i, {}).items():
            st = _block(step, "storyteller", STEP_ORDER)
            if key in st:
                raise _Refused(f"{label}: storyteller key {key} is written, and asked again")
            st[key] = _flow(_key_value(label, key, answers))
        for player, regs in ed.registers.get(i, {}).items():
            st = _block(step, "storyteller", STEP_ORDER)
            if "registers" not in st:
                st["registers"] = CommentedMap()
            reg = st["registers"]
            if player in reg:
                raise _Refused(f"{label}: a registration of {player} is written, and another "
                               "is left to the default")
            reg[player] = _flow(_registers_value(label, player, regs, per_ability))
        for key in ("choices", "storyteller"):
            _fit(step, key)
    return _keep_layout(text, _dump(_yaml().load(text)), _dump(doc))


def _keep_layout(original: str, before: str, after: str) -> str:
    """`after` (the dump of the edited document) as edits of `original`: ruamel's dump of the
    unedited document (`before`) may lay out some lines otherwise (a flow mapping written on
    two lines); the lines it changes are carried over onto the original text."""
    if original == before:
        return after
    o, b, a = (t.splitlines(keepends=True) for t in (original, before, after))
    to_o: dict[int, int] = {}       # a line of `before` -> the same line of `original`
    for blk in difflib.SequenceMatcher(None, o, b, autojunk=False).get_matching_blocks():
        for k in range(blk.size):
            to_o[blk.b + k] = blk.a + k
    out = list(o)
    # Apply the hunks from the last to the first so earlier positions stay valid.
    for tag, i1, i2, j1, j2 in reversed(difflib.SequenceMatcher(None, b, a, autojunk=False)
                                        .get_opcodes()):
        if tag == "equal":
            continue
        if i1 < i2:
            if not all(k in to_o for k in range(i1, i2)) or \
                    to_o[i2 - 1] - to_o[i1] != i2 - 1 - i1:
                return after
            start, end = to_o[i1], to_o[i2 - 1] + 1
        elif i1 in to_o:
            start = end = to_o[i1]
        elif i1 - 1 in to_o:
            start = end = to_o[i1 - 1] + 1
        else:
            return after
        out[start:end] = a[j1:j2]
    return "".join(out)


def game_events(log: list[dict]) -> list[dict]:
    """The game of an event log, for comparing a file with its pinned version: what writing
    an answer changes in a log is left out (decision numbers `seq`, the Storyteller's
    bluff decisions and the setup event's `bluffs_written`, which say the bluffs were
    written, and a judgement's `why`/`reason`, the automatic Storyteller's explanation)."""
    out = []
    for e in log:
        if e["type"] == "decision" and e.get("key") == "bluff" and e["phase"] == "setup":
            continue
        e = {k: v for k, v in e.items() if k != "seq"}
        if e["type"] == "setup":
            e.pop("bluffs_written", None)
        if e["type"] == "decision" and isinstance(e.get("answer"), dict):
            e["answer"] = {k: v for k, v in e["answer"].items() if k != "why"}
        if e["type"] == "judgement":
            e.pop("reason", None)
        out.append(e)
    return out


def _first_difference(a: list[dict], b: list[dict]) -> str:
    for k, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"event {k + 1}: {x} became {y}"
    return f"{len(a)} events became {len(b)}"


def what(d: Defaulted) -> str:
    """A defaulted decision as `--strict` names it, without the count of legal answers:
    `night 1: info by storyteller, for Eve (washerwoman)`."""
    return f"{d.step}: {d.kind} by {d.who}, {d.about}"


def pin_text(text: str, file: str = "<scenario>", keep: frozenset[str] = frozenset()) -> Pinned:
    """Write every defaulted decision of a scenario's text, but those named in `keep` (as
    `what` names them) and a dealt file's setup decisions; the new text plays the same
    game.

    Raises ScenarioError for a malformed file, or for one whose decisions cannot be written
    (the reason names the decision)."""
    sc = load_text(text, file)
    result = run_scenario(sc)
    # A dealt file (`deal:`) leaves its setup to the deal on purpose: the characters, the
    # bluffs and what a dealt Drunk believes are the deal's, and `bluffs:` cannot be written
    # beside `deal:`. Its setup decisions are kept; the steps' decisions are pinned.
    dealt = {what(d) for d in result.defaulted if sc.deal is not None and d.step == "setup"}
    keep = keep | dealt
    todo = [d for d in result.defaulted if what(d) not in keep]
    if not todo:
        return Pinned(file, text, [])
    assert result.game is not None
    kept = [what(d) for d in result.defaulted if what(d) in keep]
    try:
        ed = _collect(sc, result, todo)
    except _Refused as e:
        raise ScenarioError(file, None, f"cannot pin: {e}") from None
    want = game_events(result.game.log)
    problem = ""
    for per_ability in (True, False):
        try:
            new = _apply(text, file, sc, ed, per_ability)
        except _Refused as e:
            problem = str(e)
            continue
        try:
            again = run_scenario(load_text(new, file))
        except ScenarioError as e:
            problem = f"the pinned file is an error: line {e.line}: {e.reason}"
            continue
        assert again.game is not None
        got = game_events(again.game.log)
        if got != want:
            problem = "the pinned file plays another game: " + _first_difference(want, got)
            continue
        left = [d for d in again.defaulted if what(d) not in kept]
        if left:
            problem = ("the pinned file still leaves " + left[0].describe()
                       + " to the default policy")
            continue
        if again.ok != result.ok:
            problem = "the pinned file " + ("passes" if again.ok else "fails")
            continue
        return Pinned(file, new, todo)
    raise ScenarioError(file, None, f"cannot pin: {problem}")


def read_keep_list(path: str | Path) -> dict[Path, dict[str, str]]:
    """A list of decisions left to the default policy on purpose (`--keep-from`): one a
    line, `<scenario file>: <decision as --strict names it>  # why`, the file relative to
    the list's folder; blank lines and lines starting with `#` are comments. Returns
    {resolved file: {decision: why}}. A line without a reason is an error."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ScenarioError(str(path), None, f"cannot read: {getattr(e, 'strerror', None) or e}") from None
    out: dict[Path, dict[str, str]] = {}
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        body, _hash, why = line.partition("#")
        file, sep, decision = body.strip().partition(": ")
        if not sep or not decision.strip():
            raise ScenarioError(str(path), n, "expected `<file>: <decision as --strict names "
                                "it>  # why`")
        if not why.strip():
            raise ScenarioError(str(path), n, "say why the decision is left to the default "
                                "policy (`# why` at the end of the line)")
        target = (path.parent / file).resolve()
        if not target.is_file():
            raise ScenarioError(str(path), n, f"no such scenario file {file!r}")
        out.setdefault(target, {})[decision.strip()] = why.strip()
    return out
