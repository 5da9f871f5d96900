"""A solver problem: the script, the seats in order, the facts, and how to read claims.

`Problem(script, seats, facts)`; `load_problem(path)` reads the puzzle format (YAML or
JSON, see docs/solver.md) and says what is wrong and where, as a `SolverInputError`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from .. import data as D
from ..errors import ClocktowerError, read_text_file
from ..scripts import Script, load_script
from .facts import (Alignment, Chose, Claim, Died, Execution, Fact, Info, Is, IsNot, NightDeaths,
                    NotInPlay, Seating, SlayerShot, Team, Traveller, VirginTrigger)


class SolverInputError(ClocktowerError):
    """A problem or puzzle file that cannot be solved as written (names where)."""


@dataclass(frozen=True)
class Solution:
    """A puzzle's published answer: its worlds (each the characters in seat order; one for
    a puzzle with a unique answer), or only who the Demon is (a seat name: the starting
    Demon), or both."""
    worlds: tuple[tuple[str, ...], ...] = ()
    demon: str | None = None

    def matches(self, seats: list[str], found: Iterable[tuple[str, ...]]) -> bool:
        """Do the solver's worlds (characters in seat order) agree with it: exactly the
        published worlds, and in every world (there is one at least) the named seat's
        starting character is a Demon?"""
        got = [tuple(w) for w in found]
        if not got:
            return False
        if self.worlds and sorted(got) != sorted(self.worlds):
            return False
        if self.demon is not None:
            i = seats.index(self.demon)
            if any(D.get(w[i]).team != "demon" for w in got):
                return False
        return True

    def describe(self, seats: list[str]) -> str:
        parts = []
        if self.worlds:
            parts += ["; ".join(", ".join(D.get(c).name for c in w) for w in self.worlds)]
        if self.demon is not None:
            parts.append(f"the Demon is {self.demon}")
        return " / ".join(parts)


@dataclass
class Problem:
    script: Script
    seats: list[str]
    facts: list[Fact] = field(default_factory=list)
    # Good players claim their character (the Drunk: the Townsfolk they believe they are).
    truthful_claims: bool = True
    # A night with no NightDeaths fact had no death (puzzles say every death).
    complete_deaths: bool = True
    title: str = ""
    source: str = ""
    solution: Solution | None = None        # the published answer, when a puzzle gives one

    def __post_init__(self) -> None:
        if isinstance(self.script, str):
            self.script = load_script(self.script)
        if len(set(self.seats)) != len(self.seats):
            raise SolverInputError("two seats have the same name")
        n = len(self.seats)
        if not 5 <= n <= 15:
            raise SolverInputError(f"{n} seats: the setup table covers 5 to 15 players")
        self.facts = [normalise(f, self) for f in self.facts]
        game_goes_on(self)

    @property
    def characters(self) -> list[str]:
        """The script's characters that can be dealt (no Travellers)."""
        return [c for c in self.script.characters
                if c not in self.script.homebrew and D.get(c).team != "traveller"]

    def seat_index(self, name: str, where: str = "") -> int:
        try:
            return self.seats.index(name)
        except ValueError:
            raise SolverInputError(f"{where or 'a fact'}: no seat named {name!r} "
                                   f"(seats: {', '.join(self.seats)})") from None

    def with_facts(self, facts: Iterable[Fact]) -> "Problem":
        """The same problem with more facts."""
        return Problem(self.script, list(self.seats), [*self.facts, *facts],
                       self.truthful_claims, self.complete_deaths, self.title, self.source,
                       self.solution)


def _char(c: Any, where: str) -> str:
    try:
        return D.get(str(c)).id
    except ClocktowerError as e:
        raise SolverInputError(f"{where}: {e}") from None


def normalise(f: Fact, pb: Problem) -> Fact:
    """Character names to ids, seats checked, answers in the `truths` format."""
    where = f"fact {f!r}"
    if isinstance(f, Claim):
        pb.seat_index(f.seat, where)
        return Claim(f.seat, _char(f.character, where), int(f.night))
    if isinstance(f, (Is, IsNot)):
        pb.seat_index(f.seat, where)
        return type(f)(f.seat, _char(f.character, where))
    if isinstance(f, Team):
        pb.seat_index(f.seat, where)
        if f.team not in ("townsfolk", "outsider", "minion", "demon"):
            raise SolverInputError(f"{where}: team must be townsfolk, outsider, minion or demon")
        return f
    if isinstance(f, Alignment):
        pb.seat_index(f.seat, where)
        if f.alignment not in ("good", "evil"):
            raise SolverInputError(f"{where}: alignment must be good or evil")
        return f
    if isinstance(f, NotInPlay):
        return NotInPlay(tuple(_char(c, where) for c in f.characters))
    if isinstance(f, Traveller):
        if f.name in pb.seats:
            raise SolverInputError(f"{where}: a Traveller is not one of the seats")
        if f.alignment not in (None, "good", "evil"):
            raise SolverInputError(f"{where}: alignment must be good or evil")
        return Traveller(f.name, _char(f.character, where), f.alignment,
                         tuple(f.died) if f.died is not None else None)  # type: ignore[arg-type]
    if isinstance(f, Seating):
        known = set(pb.seats) | {t.name for t in pb.facts if isinstance(t, Traveller)}
        for x in f.players:
            if x not in known:
                raise SolverInputError(f"{where}: {x!r} is neither a seat nor a Traveller")
        missing = set(pb.seats) - set(f.players)
        if missing:
            raise SolverInputError(f"{where}: the seats {sorted(missing)} are not in the circle")
        return Seating(int(f.night), tuple(f.players))
    if isinstance(f, (Execution, Died)):
        pb.seat_index(f.seat, where)
        return f
    if isinstance(f, NightDeaths):
        for s in f.seats:
            pb.seat_index(s, where)
        return NightDeaths(f.night, tuple(f.seats))
    if isinstance(f, SlayerShot):
        pb.seat_index(f.shooter, where)
        pb.seat_index(f.target, where)
        return f
    if isinstance(f, VirginTrigger):
        pb.seat_index(f.nominator, where)
        pb.seat_index(f.virgin, where)
        return f
    if isinstance(f, Chose):
        pb.seat_index(f.seat, where)
        for s in f.players:
            pb.seat_index(s, where)
        if int(f.night) < 1:
            raise SolverInputError(f"{where}: nights are numbered from 1")
        return Chose(int(f.night), f.seat, _char(f.character, where),
                     tuple(str(p) for p in f.players),
                     _char(f.chosen, where) if f.chosen is not None else None, bool(f.known))
    if isinstance(f, Info):
        pb.seat_index(f.seat, where)
        for s in f.choice:
            pb.seat_index(s, where)
        ans = dict(f.answer)
        if "character" in ans:
            ans["character"] = _char(ans["character"], where)
        if "players" in ans:
            ps = [str(p) for p in ans["players"]]
            for p in ps:
                pb.seat_index(p, where)
            ans["players"] = sorted(ps, key=pb.seats.index)
        elif "character" in ans and f.choice:      # a Ravenkeeper's: the chosen player
            ans["players"] = [str(f.choice[0])]
        return Info(int(f.night), f.seat, _char(f.character, where), ans, tuple(f.choice))
    raise SolverInputError(f"unknown fact {f!r}")


def _when(f: Fact) -> tuple[int, int] | None:
    """Where a fact sits on the timeline, (2N - 1, 0) for night N and (2N, 0) for day N
    (None: not on it)."""
    if isinstance(f, (Info, Chose, NightDeaths)):
        return (2 * f.night - 1, 0)
    if isinstance(f, (Execution, SlayerShot, VirginTrigger, Died)):
        return (2 * f.day, 0)
    return None


def game_goes_on(pb: Problem) -> None:
    """The game ends when just two players are alive (evil wins): no fact may come after
    the public death that left two alive (a later night or day, or a later event the same
    day). Public deaths are the same in every world, so this is a fault of the problem
    itself. (Facts of the same night after its deaths are not ordered: not checked.)
    Checked only on a script whose Demons all die as the rule expects and where nothing
    changes characters unmodelled (`solver/rules.py`): a Zombuul who seems dead, a
    Summoner's game with no Demon yet, go on at two alive."""
    from .rules import rules_of
    for c in pb.characters:
        r = rules_of(c)
        if (D.get(c).team == "demon" and r.get("kill") != "chosen") or (
                "change" in r and r["change"] is None):
            return
    if any(isinstance(f, Traveller) for f in pb.facts):
        return          # seated Travellers count too: not followed here
    alive = len(pb.seats)
    order: list[tuple[tuple[int, int], int, Fact]] = []
    day_index: dict[int, int] = {}
    for f in pb.facts:
        w = _when(f)
        if w is None:
            continue
        if isinstance(f, (Execution, SlayerShot, VirginTrigger, Died)):
            k = day_index[f.day] = day_index.get(f.day, 0) + 1
            w = (w[0], k)
        order.append((w, len(order), f))
    order.sort(key=lambda t: (t[0], t[1]))
    over: tuple[tuple[int, int], Fact] | None = None
    for w, _, f in order:
        if over is not None and w > over[0]:
            raise SolverInputError(
                f"{_say(over[1])} left just two players alive: the game was over "
                f"(evil wins), but {_say(f)} comes after it")
        died = (len(f.seats) if isinstance(f, NightDeaths) else
                1 if isinstance(f, (Execution, VirginTrigger, Died))
                or (isinstance(f, SlayerShot) and f.died) else 0)
        alive -= died
        if died and alive <= 2 and over is None:
            over = (w, f)


def _say(f: Fact) -> str:
    if isinstance(f, NightDeaths):
        return f"night {f.night}'s deaths ({', '.join(f.seats)})"
    if isinstance(f, Execution):
        return f"day {f.day}'s execution of {f.seat}"
    if isinstance(f, Died):
        return f"day {f.day}'s death of {f.seat}"
    if isinstance(f, SlayerShot):
        return f"day {f.day}'s Slayer shot at {f.target}"
    if isinstance(f, VirginTrigger):
        return f"day {f.day}'s Virgin trigger ({f.nominator})"
    if isinstance(f, Info):
        return f"{f.seat}'s {D.get(f.character).name} information on night {f.night}"
    if isinstance(f, Chose):
        return f"{f.seat}'s {D.get(f.character).name} choice on night {f.night}"
    return repr(f)


# ------------------------------------------------------------------------- puzzle files
def load_problem(path: str | Path) -> Problem:
    """Read a puzzle file (YAML or JSON; the format is in docs/solver.md)."""
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    p = Path(path)
    text = read_text_file(p, SolverInputError)
    try:
        doc = YAML(typ="safe", pure=True).load(text)
    except YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f":{mark.line + 1}" if mark is not None else ""
        raise SolverInputError(f"{p}{where}: not valid YAML/JSON: "
                               f"{getattr(e, 'problem', None) or e}") from None
    try:
        return problem_from_dict(doc)
    except SolverInputError as e:
        raise SolverInputError(f"{p}: {e}") from None


# The keys of an information answer (the abilities' `truths` formats): "direction" is the
# Shugenja's, "characters" an Oracle-like list, "alignment" the General's...
ANSWER_KEYS = {"count", "yes", "character", "players", "direction", "characters", "alignment"}


def _keys(d: Any, allowed: set[str], where: str) -> dict:
    if not isinstance(d, dict):
        raise SolverInputError(f"{where}: expected a mapping, got {d!r}")
    bad = set(d) - allowed
    if bad:
        raise SolverInputError(f"{where}: unknown key(s) {sorted(map(str, bad))} "
                               f"(allowed: {sorted(allowed)})")
    return d


def _mapping(d: Any, where: str) -> dict:
    if d is None:
        return {}
    if not isinstance(d, dict):
        raise SolverInputError(f"{where}: expected a mapping of night: choice, got {d!r}")
    return d


def _night(n: Any, where: str) -> int:
    try:
        return int(n)
    except (TypeError, ValueError):
        raise SolverInputError(f"{where}: {n!r} is not a night number") from None


def _chose(name: str, night: Any, e: Any, seat: dict, where: str) -> Chose:
    """A seat's `chose` entry: a list of players, a player's name, or a mapping with
    `players` or `character`, `as` and `known`."""
    if isinstance(e, dict):
        e = _keys(e, {"players", "character", "as", "known"}, where)
        players = e.get("players", [])
        chosen = e.get("character")
        as_ = e.get("as")
        known = e.get("known", False)
        if not isinstance(known, bool):
            raise SolverInputError(f"{where}: 'known' is true or false")
    else:
        players, chosen, as_, known = e, None, None, False
    if isinstance(players, str):
        players = [players]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise SolverInputError(f"{where}: the players chosen are a list of seat names")
    if not players and chosen is None:
        raise SolverInputError(f"{where}: nobody chosen (give players or a character)")
    as_ = as_ or seat.get("claim") or seat.get("is")
    if as_ is None:
        raise SolverInputError(f"{where}: whose ability? give 'as' or a claim")
    return Chose(_night(night, where), name, str(as_), tuple(players),
                 str(chosen) if chosen is not None else None, known)


def _solution(doc: Any, seats: list[str]) -> Solution:
    """`solution`: a list of characters (one world), a list of such lists (several
    worlds), or a mapping with `worlds` (that list of lists) and/or `demon` (a seat)."""
    def world(w: Any, where: str) -> tuple[str, ...]:
        if not isinstance(w, list) or len(w) != len(seats):
            raise SolverInputError(f"{where}: a list of {len(seats)} characters, one a seat")
        return tuple(_char(c, where) for c in w)

    if isinstance(doc, dict):
        doc = _keys(doc, {"worlds", "demon"}, "solution")
        ws = doc.get("worlds") or []
        if not isinstance(ws, list):
            raise SolverInputError("solution: 'worlds' is a list of worlds")
        demon = doc.get("demon")
        if demon is not None and str(demon) not in seats:
            raise SolverInputError(f"solution: no seat named {demon!r} (seats: {', '.join(seats)})")
        if not ws and demon is None:
            raise SolverInputError("solution: give 'worlds' or 'demon'")
        return Solution(tuple(world(w, f"solution worlds[{k}]") for k, w in enumerate(ws)),
                        None if demon is None else str(demon))
    if isinstance(doc, list) and doc and all(isinstance(w, list) for w in doc):
        return Solution(tuple(world(w, f"solution[{k}]") for k, w in enumerate(doc)))
    return Solution((world(doc, "solution"),))


def problem_from_dict(doc: Any) -> Problem:
    doc = _keys(doc, {"title", "source", "script", "seats", "days", "nights", "facts",
                      "not_in_play", "claim_changes", "truthful_claims", "complete_deaths", "solution"}, "puzzle")
    seats_doc = doc.get("seats")
    if not isinstance(seats_doc, list) or not seats_doc:
        raise SolverInputError("puzzle: 'seats' must be a list of seats")
    seats: list[str] = []
    facts: list[Fact] = []
    for i, s in enumerate(seats_doc):
        where = f"seats[{i}]"
        s = _keys(s, {"name", "claim", "good", "evil", "is", "info", "chose"}, where)
        if "name" not in s:
            raise SolverInputError(f"{where}: a seat needs a name")
        name = str(s["name"])
        seats.append(name)
        if "claim" in s:
            facts.append(Claim(name, str(s["claim"])))
        if s.get("good"):
            facts.append(Alignment(name, "good"))
        if s.get("evil"):
            facts.append(Alignment(name, "evil"))
        if "is" in s:
            facts.append(Is(name, str(s["is"])))
        for night, entries in (s.get("info") or {}).items():
            for e in entries if isinstance(entries, list) else [entries]:
                w = f"{where} ({name}) info night {night}"
                e = dict(_keys(e, ANSWER_KEYS | {"choice", "as"}, w))
                choice = tuple(str(x) for x in e.pop("choice", ()) or ())
                as_ = e.pop("as", s.get("claim"))
                if as_ is None:
                    raise SolverInputError(f"{w}: whose ability? give 'as' or a claim")
                facts.append(Info(int(night), name, str(as_), e, choice))
        for night, entries in _mapping(s.get("chose"), f"{where} ({name}) chose").items():
            for e in entries if isinstance(entries, list) and entries and \
                    isinstance(entries[0], dict) else [entries]:
                w = f"{where} ({name}) chose night {night}"
                facts.append(_chose(name, night, e, s, w))
    for day, events in (doc.get("days") or {}).items():
        for j, ev in enumerate(events if isinstance(events, list) else [events]):
            w = f"days[{day}][{j}]"
            ev = _keys(ev, {"execute", "slayer", "shoots", "died", "virgin", "nominated_by"}, w)
            if "execute" in ev:
                facts.append(Execution(int(day), str(ev["execute"])))
            elif "slayer" in ev:
                if "shoots" not in ev or "died" not in ev:
                    raise SolverInputError(f"{w}: a shot needs 'shoots' and 'died'")
                facts.append(SlayerShot(int(day), str(ev["slayer"]), str(ev["shoots"]),
                                        bool(ev["died"])))
            elif "virgin" in ev:
                if "nominated_by" not in ev:
                    raise SolverInputError(f"{w}: a Virgin trigger needs 'nominated_by'")
                facts.append(VirginTrigger(int(day), str(ev["nominated_by"]), str(ev["virgin"])))
            else:
                raise SolverInputError(f"{w}: expected execute, slayer or virgin")
    for night, ev in (doc.get("nights") or {}).items():
        ev = _keys(ev, {"deaths"}, f"nights[{night}]")
        facts.append(NightDeaths(int(night), tuple(str(x) for x in ev.get("deaths") or ())))
    for k, c in enumerate(doc.get("claim_changes") or ()):
        c = _keys(c, {"night", "seat", "claim"}, f"claim_changes[{k}]")
        if not {"night", "seat", "claim"} <= set(c):
            raise SolverInputError(f"claim_changes[{k}]: needs night, seat and claim")
        facts.append(Claim(str(c["seat"]), str(c["claim"]), int(c["night"])))
    if doc.get("not_in_play"):
        facts.append(NotInPlay(tuple(str(c) for c in doc["not_in_play"])))
    for k, f in enumerate(doc.get("facts") or ()):
        w = f"facts[{k}]"
        f = _keys(f, {"seat", "is", "is_not", "alignment"}, w)
        if "seat" not in f:
            raise SolverInputError(f"{w}: a fact needs a seat")
        if "is" in f:
            facts.append(Is(str(f["seat"]), str(f["is"])))
        if "is_not" in f:
            for c in f["is_not"] if isinstance(f["is_not"], list) else [f["is_not"]]:
                facts.append(IsNot(str(f["seat"]), str(c)))
        if "alignment" in f:
            facts.append(Alignment(str(f["seat"]), str(f["alignment"])))
    try:
        script = load_script(str(doc.get("script", "trouble-brewing")))
    except ClocktowerError as e:
        raise SolverInputError(f"script: {e}") from None
    solution = doc.get("solution")
    if solution is not None:
        solution = _solution(solution, seats)
    return Problem(script, seats, facts, bool(doc.get("truthful_claims", True)),
                   bool(doc.get("complete_deaths", True)), str(doc.get("title", "")),
                   str(doc.get("source", "")), solution)
