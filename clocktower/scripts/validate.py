"""Validation: everything worth telling a script's author, with positions.

`validate(spec)` reads a built-in name or a file and returns a `Report`: every `Problem` found
while reading (see `document.py`) plus the checks on the script as a whole:

- for each player count from 5 to 15, whether the script has enough characters of each team
  after setup changes (see `seat_problem`; the counts are the setup rules',
  `engine/setuprules.py`);
- jinxed pairs on the script, characters that change setup (and those whose setup change the
  count above does not model), homebrew characters, and (when a set of implemented ids is
  given) characters the engine cannot play yet.

Exit codes of `clocktower script validate`: 0 valid (warnings and notes allowed; with
``--strict`` warnings fail too), 1 problems found, 2 the file cannot be read as a script.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Iterable

from .. import data as D
from ..engine.setuprules import legal_counts, required
from ..errors import ScriptError
from .document import Loaded, Problem

PLAYER_COUNTS = range(5, 16)
SEAT_TEAMS = ("townsfolk", "outsider", "minion", "demon")


@dataclass
class Report:
    source: str
    loaded: Loaded | None
    problems: list[Problem] = field(default_factory=list)
    supported: list[int] = field(default_factory=list)

    @property
    def script(self):
        return self.loaded.script if self.loaded else None

    def count(self, level: str) -> int:
        return sum(1 for p in self.problems if p.level == level)

    def exit_code(self, strict: bool = False) -> int:
        if self.count("fatal"):
            return 2
        if self.count("error") or (strict and self.count("warning")):
            return 1
        return 0


def _try(script, n: int, in_play: tuple[str, ...], changers: set[str]) -> tuple[int, str]:
    """(shortfall, reason) for a bag of n whose setup-changing characters are exactly `in_play`.

    Shortfall 0 means the bag can be filled. The team counts are the setup rules' (every
    option of `engine.setuprules.legal_counts` for these characters and the characters
    they require); the best option is kept (on a tie, the later one).
    """
    bag = list(in_play)
    for cid in in_play:
        req = required(cid)
        if req is None:
            continue
        if req not in script.characters:
            return 99, f"{D.get(cid).name} needs the {D.get(req).name}, who is not on the script"
        if req not in bag:
            bag.append(req)
    # tokens shown but not in play (the Drunk's Townsfolk)
    extra_townsfolk = sum(1 for c in in_play if (D.get(c).setup_change or {}).get("not_dealt_as_self"))
    avail = {}
    for team in SEAT_TEAMS:
        pool = [c for c in script.characters if script.team_of(c) == team]
        fixed = [c for c in pool if c in bag]
        free = [c for c in pool if c not in changers and c not in bag]
        avail[team] = (len(fixed), len(fixed) + len(free))
    best: tuple[int, str] | None = None
    for counts, _forced in legal_counts(n, bag):
        if min(counts.values()) < 0:
            continue
        found = _shortfall(counts, avail, extra_townsfolk)
        if best is None or found[0] <= best[0]:
            best = found
        if found[0] == 0:
            break
    return best if best is not None else (99, "no legal bag")


def _shortfall(counts: dict, avail: dict, extra_townsfolk: int) -> tuple[int, str]:
    counts = dict(counts)
    counts["townsfolk"] += extra_townsfolk
    shortfall, reason = 0, ""
    for team in SEAT_TEAMS:
        low, high = avail[team]
        need = counts[team]
        if need < low:
            # more setup changers of this team than the team has seats
            shortfall += low - need
            reason = reason or f"{team} seats for {need} but {low} characters change setup"
        elif need > high:
            shortfall += need - high
            label = "Townsfolk" if team == "townsfolk" else team.title() + "s"
            reason = reason or f"not enough {label} ({high} on the script, {need} needed)"
    return shortfall, reason


def seat_problem(script, n: int) -> str | None:
    """Why `script` cannot seat n players (None if some legal bag exists).

    Tries every set of setup-changing characters in play (and every Storyteller choice
    their setup changes allow, `_try`): the script can seat n players if any of them fills
    every team.
    """
    changers = [c for c in script.characters
                if c not in script.homebrew and D.get(c).team in SEAT_TEAMS and D.get(c).setup_change]
    best: tuple[int, str] | None = None
    for k in range(len(changers) + 1):
        for in_play in combinations(changers, k):
            shortfall, reason = _try(script, n, in_play, set(changers))
            if shortfall == 0:
                return None
            if best is None or shortfall <= best[0]:
                # on a tie, the attempt with more setup changers in play explains better
                if in_play:
                    names = " and ".join(f"the {D.get(c).name}" for c in in_play)
                    reason = f"with {names}, {reason}"
                best = (shortfall, reason)
    return best[1] if best else "no legal bag"


def _ranges(ns: Iterable[int]) -> str:
    ns = sorted(ns)
    out, start = [], None
    for i, n in enumerate(ns):
        if start is None:
            start = n
        if i + 1 == len(ns) or ns[i + 1] != n + 1:
            out.append(f"{start}" if start == n else f"{start}–{n}")
            start = None
    return ", ".join(out)


def script_checks(script, implemented: set[str] | None = None) -> tuple[list[Problem], list[int]]:
    """Checks on a whole script. Returns (problems, supported player counts)."""
    where = script.source
    problems: list[Problem] = []
    supported, unsupported = [], {}
    for n in PLAYER_COUNTS:
        why = seat_problem(script, n)
        if why is None:
            supported.append(n)
        else:
            unsupported[n] = why
    if not supported:
        first = unsupported[5]
        problems.append(Problem("error", where, f"cannot seat any player count from 5 to 15: "
                                f"{first}"))
    elif unsupported:
        by_reason: dict[str, list[int]] = {}
        for n, why in unsupported.items():
            by_reason.setdefault(why, []).append(n)
        for why, ns in by_reason.items():
            problems.append(Problem("warning", where, f"cannot seat {_ranges(ns)} players: {why}"))
        problems.append(Problem("note", where, f"seats {_ranges(supported)} players"))
    else:
        problems.append(Problem("note", where, "seats every player count from 5 to 15"))
    for a, b, rule in script.jinx_pairs():
        problems.append(Problem("note", where, f"jinx {script.name_of(a)} & {script.name_of(b)}: "
                                f"{rule}"))
    for cid in script.characters:
        if cid in script.homebrew:
            continue
        c = D.get(cid)
        if c.setup_text:
            problems.append(Problem("note", where, f"setup change: {c.name} [{c.setup_text}]"))
    uncounted = [cid for cid in script.characters if cid not in script.homebrew
                 and (D.get(cid).setup or D.get(cid).setup_text) and not D.get(cid).setup_change]
    if uncounted:
        problems.append(Problem("note", where, "setup changes the player-count check does not "
                                "count (not implemented yet): "
                                + ", ".join(script.name_of(c) for c in uncounted)))
    for cid in script.characters:
        item = script.homebrew.get(cid)
        if item is not None and "[" in item.get("ability", ""):
            problems.append(Problem("note", where, f"setup change (homebrew, not checked): "
                                    f"{item['name']} {item['ability'][item['ability'].index('['):]}"))
    if script.homebrew:
        names = ", ".join(script.name_of(c) for c in script.homebrew)
        problems.append(Problem("note", where, f"homebrew characters: {names}"))
    if implemented is not None:
        missing = [c for c in script.characters if c not in implemented]
        if missing:
            problems.append(Problem("note", where, "not implemented yet, so a game on this script "
                                    "is refused: " + ", ".join(script.name_of(c) for c in missing)))
    return problems, supported


def validate(spec: Any, implemented: set[str] | None = None) -> Report:
    """Read and check a built-in name or a script file. Unreadable files raise ScriptError."""
    from . import read_document
    loaded = read_document(spec)
    report = Report(source=str(spec), loaded=loaded, problems=list(loaded.problems))
    if loaded.script is not None and loaded.script.characters:
        problems, supported = script_checks(loaded.script, implemented)
        report.problems.extend(problems)
        report.supported = supported
    return report


__all__ = ["Report", "ScriptError", "seat_problem", "script_checks", "validate"]
