"""The world solver: which starting grimoires are consistent with a problem's facts.

Two stages (docs/solver.md has the whole model):

1. **Setups.** Every assignment of the script's characters to the seats that the setup
   rules allow (the engine's player-count table, `setup_change` records from the data
   file: the Baron's +2 Outsiders, the Drunk dealt as an Outsider believing a Townsfolk
   not in play), each character at most once, narrowed by the static facts and, with
   `truthful_claims`, by the claims. Enumerated seat by seat with the team counts pruned
   as they grow.
2. **Timeline.** For one setup, a depth-first search over what the Storyteller and the
   evil team chose, night by night and day by day: the Poisoner's target, the Demon's kill
   (or no kill, or the star-pass), the Scarlet Woman taking over, the Fortune Teller's red
   herring, and how the Spy and the Recluse registered to each ability. The setup is
   consistent when one sequence of those choices explains every death and every piece of
   information: information from a sober, healthy holder of the ability is among the
   ability's `truths(world)` (the engine's own methods, on an engine `World`); from a
   Drunk or poisoned holder it constrains nothing.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Iterator

from .. import data as D
from ..characters import REGISTRY
from ..characters._info import Information
from ..engine.ability import Ability
from ..engine.game import Game
from ..engine.setuprules import legal_counts, required
from ..engine.state import Player
from ..engine.world import World, WorldPlayer
from .facts import (Alignment, Chose, Claim, Died, Execution, Info, Is, IsNot, NightDeaths,
                    NotInPlay, Seating, SlayerShot, Team, Traveller, VirginTrigger)
from .problem import Problem, SolverInputError, normalise
from .rules import first_night_of, rules_of

# What the timeline knows of each character is read from its own module (`world_rules`,
# `solver/rules.py`); the solver names no character.
TEAMS = ("townsfolk", "outsider", "minion", "demon")
FAST_LIMIT = 2_000_000          # setups of one team-count target listed at once, at most


@dataclass
class World_:
    """One consistent world: the starting characters (seat order) and a witness of the
    hidden choices that explain the facts (`witness()` of its end state: "choices", the
    steps in words; "steps", the same as data; "poisoned", "demon_changes",
    "red_herring")."""
    characters: tuple[str, ...]
    witness: dict[str, Any] = field(default_factory=dict)

    def alignments(self) -> tuple[str, ...]:
        return tuple(D.get(c).default_alignment for c in self.characters)


def step_text(step: dict[str, Any]) -> str:
    """One step of a witness in words ("night 2: Tom poisoned")."""
    what, seat = step["what"], step.get("seat")
    if what == "poisoned":
        text = f"{seat} poisoned"
    elif what == "killed":
        text = f"{seat} killed"
    elif what == "killed itself":
        text = f"the {D.get(step['character']).name} ({seat}) killed itself"
    elif what == "no death":
        text = "no death" + (f" ({step['protected_by']} protects)"
                             if step.get("protected_by") else "")
    elif what == "bounced":
        text = f"the Demon's kill on {seat} (the Mayor) killed {step['to']} instead"
    elif what == "died":
        text = f"{seat} died"
    elif what == "unknown":
        text = "a change of character the solver does not model may happen: from here " \
            "only the public deaths are followed"
    elif what == "becomes":
        text = f"{seat} becomes the {D.get(step['character']).name}"
    else:
        text = what
    return f"{step['when']}: {text}"


@dataclass
class _State:
    """The timeline so far, for one setup. The Poisoner's target is chosen lazily: a night's
    poison is open (`pz_open`: a Poisoner was alive at dusk and still is) until something
    needs a malfunction to be explained (`excuse`); abilities whose working an explanation
    relied on tonight are `sober` and can no longer be the target. Poisoning only ever
    removes an ability, so choosing it when first needed loses no world."""
    chars: list[str]
    alive: list[bool]
    poisoned: int = -1                      # tonight's (and today's) target, -1: none yet
    pz_open: bool = False
    sober: frozenset = frozenset()          # seats that had to be sober tonight / today
    used: frozenset = frozenset()           # once-per-game abilities spent (seat indexes)
    herring: frozenset | None = None        # the red herring's possible seats (None: any)
    executed: dict = field(default_factory=dict)    # day -> seat who died by execution
    log: tuple = ()                         # the steps of the witness (dicts, step_text)
    safe: tuple = ()                        # tonight's known protections: (Monk seat, target)
    attack: int = -1                        # tonight's known Demon target (-1: not known)
    multi: bool = False                     # tonight any number may be droisoned (`bad`)
    bad: frozenset = frozenset()            # ... the seats droisoned so far tonight
    unknown: bool = False                   # an unmodelled change may have happened: only
                                            # the public deaths are followed from here

    def copy(self) -> "_State":
        return _State(list(self.chars), list(self.alive), self.poisoned, self.pz_open,
                      self.sober, self.used, self.herring, dict(self.executed), self.log,
                      self.safe, self.attack, self.multi, self.bad, self.unknown)

    def droisoned(self, i: int) -> bool:
        return self.poisoned == i or i in self.bad



class _Reads(dict):
    """A holder's marks that note the keys an ability read and was not given."""

    def __init__(self, given: Any) -> None:
        super().__init__(given)
        self.missing: set[str] = set()

    def get(self, key: Any, default: Any = None) -> Any:
        if key not in self:
            self.missing.add(key)
        return super().get(key, default)


class _Touched(tuple):
    """A world field the problem does not give (today's nominators): empty, and notes
    whether an ability looked at it."""
    touched = False

    def __iter__(self):
        self.touched = True
        return super().__iter__()

    def __len__(self) -> int:
        self.touched = True
        return 0

    def __contains__(self, x: object) -> bool:
        self.touched = True
        return False


class Solver:
    """A compiled problem: seat domains, the timeline, the abilities that judge truths."""

    def __init__(self, problem: Problem):
        self.pb = pb = problem
        self.n = n = len(pb.seats)
        self.names = list(pb.seats)
        chars = pb.characters
        self.team = {c: D.get(c).team for c in chars}
        self.align = {c: D.get(c).default_alignment for c in chars}
        for c in chars:
            if c not in REGISTRY:
                raise SolverInputError(f"character {c!r} is not implemented")
        self._read_rules(chars)
        idx = pb.seat_index
        # ---- domains from the static facts
        dom: list[set[str]] = [set(chars) for _ in range(n)]
        self.claims: dict[int, str] = {}
        out: set[str] = set()
        changed: set[int] = set()       # seats that claim a change of character
        for f in pb.facts:
            if isinstance(f, Is):
                dom[idx(f.seat)] &= {f.character}
            elif isinstance(f, IsNot):
                dom[idx(f.seat)].discard(f.character)
            elif isinstance(f, Team):
                dom[idx(f.seat)] = {c for c in dom[idx(f.seat)] if self.team[c] == f.team}
            elif isinstance(f, Alignment):
                dom[idx(f.seat)] = {c for c in dom[idx(f.seat)] if self.align[c] == f.alignment}
            elif isinstance(f, NotInPlay):
                out |= set(f.characters)
            elif isinstance(f, Claim) and not f.night:
                self.claims[idx(f.seat)] = f.character
            elif isinstance(f, Claim):
                changed.add(idx(f.seat))
        for d in dom:
            d -= out
        if pb.truthful_claims:
            for s, c in self.claims.items():
                ok = {x for x in chars if self.align[x] == "evil"}
                if c in self.team and s not in changed:
                    ok.add(c)
                    # a good character whose holder believes they are one of c's team
                    ok |= {b for b, teams in self.believers.items()
                           if self.team[c] in teams and self.align[b] == "good"}
                dom[s] &= ok
        self.domains = [sorted(d, key=chars.index) for d in dom]
        for s in range(n):
            if not self.domains[s]:
                raise SolverInputError(f"no character fits seat {self.names[s]!r} "
                                       f"(the facts exclude every one)")
        # ---- setup counts: the setup rules' (engine/setuprules.py), for the characters
        # whose setup changes (and the characters those require) are in a setup
        self.base = D.player_counts(n)
        changers = [c for c in chars if D.get(c).setup_change]
        # Characters in play without a seat (Lil' Monsta, the Marionette: data `not_dealt`)
        # are not a one-character-per-seat setup: with one, the counts are unchecked.
        self.unmodelled = [c for c in changers if (D.get(c).setup_change or {}).get("not_dealt")]
        self.changers = [c for c in changers if c not in self.unmodelled]
        self.relevant = set(self.changers) | {r for c in self.changers
                                             if (r := required(c)) is not None}
        self._legal: dict[tuple[str, ...], list[tuple[tuple[int, ...], frozenset[str]]]] = {}
        self._allowed: dict[tuple[str, ...], frozenset[tuple[int, ...]]] = {}
        self._tix = {c: TEAMS.index(t) for c, t in self.team.items() if t in TEAMS}
        # ---- the timeline
        self.infos: dict[int, list[tuple[int, Info]]] = {}
        self.chose: dict[int, list[tuple[int, Chose]]] = {}
        self.days: dict[int, list] = {}
        self.deaths: dict[int, frozenset[int]] = {}
        self.travellers: dict[str, Traveller] = {}
        seatings: dict[int, tuple[str, ...]] = {}
        last = 1
        picks = {(f.night, f.seat, f.character): f for f in pb.facts
                 if isinstance(f, Chose) and f.players}
        for f in pb.facts:
            if isinstance(f, Info):
                pick = picks.get((f.night, f.seat, f.character))
                if pick is not None and not f.choice:
                    merged = normalise(Info(f.night, f.seat, f.character, f.answer,
                                            pick.players), pb)
                    assert isinstance(merged, Info)
                    f = merged
                elif pick is not None and set(f.choice) != set(pick.players):
                    raise SolverInputError(
                        f"{f.seat}'s {D.get(f.character).name} on night {f.night}: the "
                        f"information's choice {list(f.choice)} is not the choice "
                        f"{list(pick.players)}")
                self.infos.setdefault(f.night, []).append((idx(f.seat), f))
                last = max(last, f.night)
            elif isinstance(f, Chose):
                self.chose.setdefault(f.night, []).append((idx(f.seat), f))
                last = max(last, f.night)
            elif isinstance(f, NightDeaths):
                self.deaths[f.night] = frozenset(idx(s) for s in f.seats)
                last = max(last, f.night)
            elif isinstance(f, Traveller):
                self.travellers[f.name] = f
            elif isinstance(f, Seating):
                seatings[f.night] = f.players
            elif isinstance(f, (Execution, SlayerShot, VirginTrigger, Died)):
                self.days.setdefault(f.day, []).append(f)
                last = max(last, f.day)
        self.last = last
        # The circle each night (`Seating`; the seats when none is given), and the nights
        # a Traveller died: the Demon may have killed it, so the night's deaths are free.
        self.circle: dict[int, tuple[str, ...]] = {}
        now = tuple(self.names)
        for night in range(1, last + 1):
            now = seatings.get(night, now)
            self.circle[night] = now
        self.odd_circle = {night for night, c in self.circle.items() if c != tuple(self.names)}
        self.loose_nights = {t.died[1] for t in self.travellers.values()
                             if t.died is not None and t.died[0] == "night"}
        # What the seated Travellers' abilities may do each night (their rules, none
        # modelled: each loosens the night as an unmodelled character does).
        self.trav_effects: dict[int, set[str]] = {}
        for night, circle in self.circle.items():
            got: set[str] = set()
            for name in circle:
                t = self.travellers.get(name)
                if t is not None and (t.died is None or t.died[1] >= night):
                    got |= set(rules_of(t.character))
            self.trav_effects[night] = got
        # ---- abilities that say what is true (one per character and holder), made on
        # a game seated like the problem (built when first needed)
        self._game: Game | None = None
        self._abilities: dict[tuple[str, str], Information] = {}
        self._regs: dict[str, list[tuple[str, str]]] = {}
        self._memo: dict[tuple, frozenset[int] | None] = {}
        self._setups: list[tuple[str, ...]] | None = None
        self._too_many = False
        self._wake: dict[str, str] = {}
        # Characters that may register as something else (their class offers
        # `false_registrations`: the Spy, the Recluse).
        self.registering = {c for c in chars
                            if REGISTRY[c].false_registrations is not Ability.false_registrations}

    def _read_rules(self, chars: list[str]) -> None:
        """What the timeline knows of each character, from its own module (`world_rules`,
        `solver/rules.py`; `unaware`/`believes` and the data's `setup_change` for a
        character whose holder believes another)."""
        rules = {c: rules_of(c) for c in chars}
        self.rules = rules

        def form(effect: str, *forms: str | None) -> set[str]:
            return {c for c in chars if effect in rules[c] and rules[c][effect] in forms}

        demons = {c for c in chars if self.team[c] == "demon"}
        self.killers = form("kill", "chosen") & demons          # modelled night kills
        self.passers = form("pass", "minion") & self.killers    # its self-kill passes it on
        self.loose_kill = {c for c in chars if "kill" in rules[c]} - self.killers
        self.droison_one = form("droison", "one")
        self.droison_many = {c for c in chars if "droison" in rules[c]} - self.droison_one
        self.droisoners = frozenset(self.droison_one | self.droison_many)
        self.protect_self = form("protect", "self")
        self.protect_chosen = form("protect", "chosen")
        self.loose_protect = form("protect", None)
        self.catchers = form("change", "catch")
        # unmodelled changes of character: the first night each could act
        self.loose_change = {c: first_night_of(c) for c in form("change", None)}
        self.shooters = form("shoot", "demon")
        self.virgins = form("nominated", "townsfolk_dies")
        self.saints = form("executed", "evil_wins")
        self.bouncers = form("bounce", "kill")
        self.marks = {c: str(rules[c]["mark"]) for c in form("mark", "red_herring")}
        # characters whose rule code may veto the game's end (`veto_outcome`)
        self.vetoes = {c for c in chars if "veto_outcome" in REGISTRY[c].overrides}
        # characters whose holder believes they are another (the Drunk, the Lunatic, the
        # Marionette): the teams believed; those whose believed character is not in play
        self.believers = {c: REGISTRY[c].believes for c in chars
                          if REGISTRY[c].unaware and REGISTRY[c].believes}
        self.not_as_self = {c for c in self.believers
                            if (D.get(c).setup_change or {}).get("not_dealt_as_self")}

    def wake_rule(self, ability: str) -> str:
        """When an information or choosing ability wakes: "first" (night 1 only: the data
        has no other-night position), "died_tonight", "after_execution" (its rules), or ""
        (while alive)."""
        got = self._wake.get(ability)
        if got is None:
            w = rules_of(ability).get("wake")
            d = D.get(ability)
            got = self._wake[ability] = str(w) if w else (
                "first" if d.first_night and not d.other_night else "")
        return got

    # ------------------------------------------------------------------------ setups
    def _legal_for(self, key: tuple[str, ...]) -> list[tuple[tuple[int, ...], frozenset[str]]]:
        """The team counts (townsfolk, outsider, minion, demon) a setup holding exactly
        these setup-changing and required characters may have, each with the characters
        it requires (`legal_counts`), kept per key."""
        found = self._legal.get(key)
        if found is None:
            found = []
            for counts, forced in legal_counts(self.n, list(key)):
                row = (tuple(counts[t] for t in TEAMS), frozenset(forced))
                if row not in found:
                    found.append(row)
            self._legal[key] = found
        return found

    def counts_ok(self, chars: tuple[str, ...] | list[str]) -> bool:
        if self.unmodelled and any(c in self.unmodelled for c in chars):
            return True         # a character in play without a seat: counts unchecked
        got = [0, 0, 0, 0]
        tix = self._tix
        for c in chars:
            got[tix[c]] += 1
        relevant = self.relevant
        key = tuple(sorted(c for c in chars if c in relevant))
        allowed = self._allowed.get(key)
        if allowed is None:
            allowed = self._allowed[key] = frozenset(
                counts for counts, forced in self._legal_for(key) if forced <= set(key))
        return tuple(got) in allowed

    def allows(self, setup: tuple[str, ...]) -> bool:
        """Is this a setup of `setups()`: every seat in its domain, each character once, the
        team counts right, the Drunk's claimed Townsfolk not in play?"""
        if len(setup) != self.n or len(set(setup)) != self.n:
            return False
        if any(c not in d for c, d in zip(setup, self.domains)):
            return False
        if not self.counts_ok(setup):
            return False
        return not self.pb.truthful_claims or all(
            c not in self.not_as_self or self.claims.get(s) not in setup
            for s, c in enumerate(setup))

    def setup_list(self, limit: int) -> list[tuple[str, ...]] | None:
        """Every setup (`setups()`), listed once and kept; None when there are more than
        `limit`."""
        if self._setups is None and not self._too_many:
            got = []
            for t in self.setups():
                got.append(t)
                if len(got) > limit:
                    self._too_many = True
                    return None
            self._setups = got
        return self._setups

    def share_setups(self, other: "Solver") -> None:
        """Reuse another solver's list of setups (same seats, same static facts)."""
        self._setups, self._too_many = other._setups, other._too_many

    def _targets(self) -> list[dict[str, int]]:
        """The team counts a setup may have: the setup rules' counts for every set of the
        problem's setup-changing characters in play (with the characters they require),
        each once, nearest the table's Outsider count first."""
        found: list[tuple[int, ...]] = []
        for k in range(len(self.changers) + 1):
            for some in itertools.combinations(self.changers, k):
                key = list(some) + [r for c in some if (r := required(c)) is not None
                                    and r in self.team and r not in some]
                for counts, _forced in self._legal_for(tuple(sorted(set(key)))):
                    if counts not in found and min(counts) >= 0:
                        found.append(counts)
        b = self.base
        found.sort(key=lambda t: (t[1] - b["outsider"], t))
        return [dict(zip(TEAMS, t)) for t in found]

    def setups(self, order: list[int] | None = None, rng=None) -> Iterator[tuple[str, ...]]:
        """Every setup the rules and static facts allow (seat order of characters), each
        once. With `rng`, the domains (and the team counts) are tried in a random order."""
        n = self.n
        order = order or sorted(range(n), key=lambda s: len(self.domains[s]))
        chars: list[str | None] = [None] * n
        used: set[str] = set()
        team = self.team
        truthful = self.pb.truthful_claims
        claims = self.claims
        teams = ("townsfolk", "outsider", "minion", "demon")
        cnt = dict.fromkeys(teams, 0)
        if self.unmodelled:
            targets = [dict.fromkeys(teams, n)]
            exact = False
        else:
            targets = self._targets()
            exact = True
            if rng is not None:
                rng.shuffle(targets)
        goal = targets[0]
        # room[k][t]: how many of the seats order[k:] could hold a character of team t
        room = [dict.fromkeys(teams, 0) for _ in range(n + 1)]
        for k in range(n - 1, -1, -1):
            have = {team[c] for c in self.domains[order[k]]}
            room[k] = {t: room[k + 1][t] + (t in have) for t in teams}

        def rec(k: int) -> Iterator[tuple[str, ...]]:
            if k == n:
                t = tuple(c for c in chars if c is not None)
                if self.counts_ok(t) and (not truthful or all(
                        t[s] not in self.not_as_self or claims.get(s) not in used
                        for s in range(n))):
                    yield t
                return
            s = order[k]
            dom = self.domains[s]
            if rng is not None:
                dom = list(dom)
                rng.shuffle(dom)
            left = n - k - 1
            for c in dom:
                if c in used:
                    continue
                tm = team[c]
                if cnt[tm] >= goal[tm]:
                    continue
                cnt[tm] += 1
                r = room[k + 1]
                if not exact or (sum(goal[t] - cnt[t] for t in teams) <= left and all(
                        goal[t] - cnt[t] <= r[t] for t in teams)):
                    chars[s] = c
                    used.add(c)
                    yield from rec(k + 1)
                    used.discard(c)
                cnt[tm] -= 1
            chars[s] = None

        if rng is not None:
            for goal in targets:
                yield from rec(0)
            return
        for goal in targets:
            found = self._fast_setups(order, goal, exact, room, FAST_LIMIT)
            if found is None:       # too many to list: walk them lazily
                yield from rec(0)
            else:
                yield from found

    def _fast_setups(self, order: list[int], goal: dict[str, int], exact: bool,
                     room: list[dict[str, int]], limit: int) -> list[tuple[str, ...]] | None:
        """The setups of one team-count target as a list (the same ones, in the same order,
        as the lazy walk; no generator frames: several times faster), or None past
        `limit`."""
        n = self.n
        teams = ("townsfolk", "outsider", "minion", "demon")
        tix = {t: i for i, t in enumerate(teams)}
        doms = [[(c, tix[self.team[c]]) for c in self.domains[s]] for s in order]
        want = [goal[t] for t in teams]
        rooms = [[r[t] for t in teams] for r in room]
        cnt = [0, 0, 0, 0]
        chars: list[str] = [""] * n
        used: set[str] = set()
        out: list[tuple[str, ...]] = []
        truthful = self.pb.truthful_claims
        claims = self.claims
        drunk_claims = [(s, claims.get(s)) for s in range(n)]

        def rec(k: int) -> bool:
            if k == n:
                t = tuple(chars)
                if self.counts_ok(t) and (not truthful or all(
                        t[s] not in self.not_as_self or c not in used
                        for s, c in drunk_claims)):
                    out.append(t)
                    if len(out) > limit:
                        return False
                return True
            s = order[k]
            left = n - k - 1
            r = rooms[k + 1]
            for c, ti in doms[k]:
                if c in used or cnt[ti] >= want[ti]:
                    continue
                cnt[ti] += 1
                if exact:
                    d0, d1, d2, d3 = (want[0] - cnt[0], want[1] - cnt[1], want[2] - cnt[2],
                                      want[3] - cnt[3])
                    ok = (d0 + d1 + d2 + d3 <= left and d0 <= r[0] and d1 <= r[1]
                          and d2 <= r[2] and d3 <= r[3])
                else:
                    ok = True
                if ok:
                    chars[s] = c
                    used.add(c)
                    going = rec(k + 1)
                    used.discard(c)
                    if not going:
                        cnt[ti] -= 1
                        return False
                cnt[ti] -= 1
            return True

        return out if rec(0) else None

    # ---------------------------------------------------------------------- timeline
    def check(self, setup: tuple[str, ...]) -> World_ | None:
        """A witness world if this setup is consistent with the timeline, else None."""
        for end in self.ends(setup):
            return World_(tuple(setup), self.witness(end))
        return None

    def witness(self, end: _State) -> dict[str, Any]:
        """How a world happened, from the end state of its timeline: the steps (in words
        and as data), who was poisoned each night, the Demon's changes, and the red
        herring's possible seats when a Fortune Teller is in play."""
        steps = [dict(x) for x in end.log]
        out: dict[str, Any] = {
            "choices": [step_text(x) for x in steps],
            "steps": steps,
            "poisoned": [{"night": x["night"], "seat": x["seat"]} for x in steps
                         if x["what"] == "poisoned"],
            "demon_changes": [{"when": x["when"], "seat": x["seat"], "character": x["character"]}
                              for x in steps if x["what"] == "becomes"],
        }
        if end.herring is not None and any(c in self.marks for c in end.chars):
            out["red_herring"] = [self.names[i] for i in sorted(end.herring)]
        return out

    def ends(self, setup: tuple[str, ...]) -> Iterator[_State]:
        """The end states of the timeline that explain every fact (lazily)."""
        st = _State(list(setup), [True] * self.n)
        st.herring = frozenset(i for i, c in enumerate(setup) if self.align[c] == "good")
        return self._night(st, 1)

    def _night(self, st: _State, N: int) -> Iterator[_State]:
        if N > self.last:
            yield st
            return
        s1 = st.copy()
        s1.poisoned = -1
        s1.sober = frozenset()
        s1.safe, s1.attack = (), -1
        s1.bad = frozenset()
        trav = self.trav_effects.get(N, ())
        if not s1.unknown and (
                (self.loose_change and any(self.loose_change.get(c, 99) <= N for c in s1.chars))
                or "change" in trav):
            s1.unknown = True       # an unmodelled change of character may happen tonight
            s1.log += ({"when": f"night {N}", "what": "unknown"},)
        if s1.unknown:
            yield from self._public_night(s1, N)
            return
        # Tonight's droisoning: one lazy target while one "one" droisoner lives; any
        # number while two do or any other droisoner lives.
        if self.droisoners.isdisjoint(s1.chars):
            s1.multi, s1.pz_open = "droison" in trav, False
        else:
            sources = [c for i, c in enumerate(s1.chars) if s1.alive[i] and c in self.droisoners]
            s1.multi = len(sources) > 1 or "droison" in trav or (
                bool(self.droison_many) and any(c in self.droison_many for c in sources))
            s1.pz_open = bool(sources) and not s1.multi
        woke = self._choices(s1, N)
        if woke is None:
            return
        for s2 in self._demon(s1, N):
            if not self._woke(s2, woke, N):
                continue
            for s3 in self._infos(s2, N, 0):
                yield from self._day(s3, N, 0)

    def _public_night(self, st: _State, N: int) -> Iterator[_State]:
        """A night of an unknown state: its public deaths, nothing explained."""
        deaths = self.deaths.get(N, frozenset())
        if N > 1 and any(not st.alive[i] for i in deaths):
            return
        for i in deaths:
            st.alive[i] = False
        yield from self._day(st, N, 0)

    # Choices (`Chose` facts). Made at dusk, before the Demon acts: a holder's choice sets
    # tonight's poison target (the Poisoner), protection (the Monk) or attack (the Demon);
    # who had to wake is checked once the Demon has acted (`_woke`).
    def _choices(self, st: _State, N: int) -> list[tuple[int, str]] | None:
        """Apply tonight's choices to `st` (the night's fresh state); the (seat, ability)
        pairs that had to wake, or None when the world cannot explain a choice."""
        woke: list[tuple[int, str]] = []
        idx = self.pb.seat_index
        for s, f in self.chose.get(N, ()):
            c, ab = st.chars[s], f.character
            holder = c == ab
            # ... or believed it: an unaware character of a team it believes (the Drunk,
            # the Marionette), said so by its claim, or known (the seat woke as it)
            believer = (c in self.believers and D.get(ab).team in self.believers[c] and (
                f.known or (self.pb.truthful_claims and self.claims.get(s) == ab)))
            if not (holder or believer):
                if f.known:
                    return None         # it happened: the seat had (or believed) that ability
                continue                # another character's word: constrains nothing
            if holder and not f.known and self.align.get(c) != "good":
                continue                # an evil holder's word constrains nothing
            night_pos = D.get(ab).first_night if N == 1 else D.get(ab).other_night
            if not night_pos:
                return None             # the ability does not act tonight
            targets = [idx(p) for p in f.players]
            if s in targets and not getattr(REGISTRY[ab], "may_choose_self", True):
                return None
            if not st.alive[s] and self.wake_rule(ab) not in ("died_tonight", "after_execution"):
                return None             # dead at dusk (the Undertaker's, Ravenkeeper's: _woke)
            woke.append((s, ab))
            if not holder or not st.alive[s] or len(targets) != 1:
                continue                # a Drunk's choice does nothing
            (t,) = targets
            if c in self.droison_one and not st.multi:
                if st.poisoned not in (-1, t):
                    return None
                st.poisoned, st.pz_open = t, False
                st.log += (self._step(f"night {N}", "poisoned", t, night=N),)
            elif c in self.protect_chosen:
                st.safe += ((s, t),)
            elif c in self.killers:
                if st.attack not in (-1, t):
                    return None
                st.attack = t
        return woke

    def _woke(self, st: _State, woke: list[tuple[int, str]], N: int) -> bool:
        """After the Demon's step: every holder of a choice tonight could wake to make it
        (alive, or died tonight after acting; the Ravenkeeper: died tonight)."""
        if not woke:
            return True
        killer_pos = min((D.get(c).other_night for c in st.chars if c in self.killers),
                         default=0)
        loose = bool(self.loose_kill) and any(st.alive[i] for i, c in enumerate(st.chars)
                                              if c in self.loose_kill)
        for s, ab in woke:
            if self.wake_rule(ab):
                if not self._wakes(st, s, ab, N):
                    return False
            elif not st.alive[s] and not loose:     # alive at dusk: killed by the Demon
                pos = D.get(ab).first_night if N == 1 else D.get(ab).other_night
                if pos > killer_pos:
                    return False        # ... before its turn to choose
        return True

    def _step(self, when: str, what: str, seat: int, **more: Any) -> dict[str, Any]:
        return {"when": when, "what": what, "seat": self.names[seat], **more}

    # Malfunction, lazily: `excuse` poisons seat i now if it can (True: i is droisoned);
    # `require` records that an explanation needs seat i's ability working.
    def _excuse(self, st: _State, i: int, N: int) -> bool:
        if st.droisoned(i):
            return True
        if st.multi:
            if i in st.sober:
                return False
            st.bad = st.bad | {i}
            st.log += (self._step(f"night {N}", "poisoned", i, night=N),)
            return True
        if st.poisoned == -1 and st.pz_open and i not in st.sober:
            st.poisoned = i
            st.log += (self._step(f"night {N}", "poisoned", i, night=N),)
            return True
        return False

    def _require(self, st: _State, i: int) -> bool:
        if st.droisoned(i):
            return False
        if i not in st.sober:
            st.sober = st.sober | {i}
        return True

    def _dies(self, st: _State, i: int) -> None:
        st.alive[i] = False
        if st.chars[i] in self.droison_one and not st.multi:
            st.pz_open = False          # the poison ends when the Poisoner dies
            st.poisoned = -1

    def _become(self, st: _State, j: int, c: str) -> None:
        if st.chars[j] in self.droison_one and not st.multi:
            st.pz_open = False          # ... or stops being the Poisoner
            st.poisoned = -1
        st.chars[j] = c

    def _demon_dies(self, st: _State, i: int, when: str) -> Iterator[_State]:
        """The Demon at seat i has just died (already marked dead): the Scarlet Woman takes
        over if she can (she must, unless she is poisoned); else the game is over and
        nothing is yielded."""
        if any(c in self.vetoes for c in st.chars):
            # a character that may stop the game's end (the Evil Twin: good cannot win
            # while both twins live): the game may go on, unmodelled from here
            s = st.copy()
            s.unknown = True
            s.log += ({"when": when, "what": "unknown"},)
            yield s
        living = sum(st.alive) + 1          # alive before this death
        if living < 5:
            return
        demon = st.chars[i]
        for j, c in enumerate(st.chars):
            if c in self.catchers and st.alive[j]:
                s = st.copy()
                if self._require(s, j):
                    self._become(s, j, demon)
                    s.log += (self._step(when, "becomes", j, character=demon),)
                    yield s

    def _demon(self, st: _State, N: int) -> Iterator[_State]:
        if N == 1:
            yield st
            return
        imps = [i for i, c in enumerate(st.chars) if self.team[c] == "demon" and st.alive[i]]
        if not imps:
            return              # the game would have ended
        imp = imps[0]
        deaths = self.deaths.get(N)
        if deaths is None and not self.pb.complete_deaths:
            outcomes: list[frozenset[int]] = [frozenset()] + [
                frozenset([i]) for i in range(self.n) if st.alive[i]]
        else:
            outcomes = [deaths or frozenset()]
        if st.chars[imp] not in self.killers or N in self.loose_nights or (
                "kill" in self.trav_effects.get(N, ())) or (self.loose_kill and any(
                st.alive[i] for i, c in enumerate(st.chars) if c in self.loose_kill)):
            # A killer the timeline does not model: tonight's deaths need no explanation.
            yield from self._loose_deaths(st, N, outcomes)
            return
        demon = st.chars[imp]
        names = self.names
        for d in outcomes:
            if len(d) > 1:
                continue
            a = st.attack               # the Demon's known target, or -1
            if not d:
                # No death: the Demon chose a dead player, or a protected one (a sober
                # Soldier, or the sober Monk's choice), or was poisoned.
                if (not all(st.alive)) if a == -1 else not st.alive[a]:
                    s = st.copy()
                    s.log += (self._step(f"night {N}", "no death", imp),)
                    yield s
                    continue
                # A sober Mayor attacked: the Storyteller may move the death to a dead or
                # a protected player (nobody dies).
                bounce = a != -1 and st.chars[a] in self.bouncers
                if bounce and not all(st.alive):
                    s = st.copy()
                    if self._require(s, a):
                        s.log += (self._step(f"night {N}", "no death", imp, bounced=names[a]),)
                        yield s
                        continue
                for j, c in enumerate(st.chars):
                    if not st.alive[j] or j == imp:
                        continue
                    if c in self.protect_self:
                        target: int | None = j
                    elif c in self.protect_chosen:  # its known choice, else the attacked
                        target = next((t for m, t in st.safe if m == j), None if a == -1 else a)
                        if target == j:
                            continue
                    else:
                        continue
                    if target is not None and (not st.alive[target] or (
                            a not in (-1, target) and not bounce)):
                        continue
                    s = st.copy()
                    if bounce and target != a and not self._require(s, a):
                        continue
                    if self._require(s, j):
                        s.log += (self._step(f"night {N}", "no death", imp,
                                             protected_by=names[j]),)
                        yield s
                # A protector the timeline does not model explains it (it subsumes the
                # Demon's poisoning).
                loose = [j for j, c in enumerate(st.chars)
                         if c in self.loose_protect and st.alive[j]]
                s = st.copy()
                if "protect" in self.trav_effects.get(N, ()):
                    s.log += (self._step(f"night {N}", "no death", imp),)
                    yield s
                elif loose:
                    s.log += (self._step(f"night {N}", "no death", imp,
                                         protected_by=names[loose[0]]),)
                    yield s
                elif self._excuse(s, imp, N):
                    s.log += (self._step(f"night {N}", "no death", imp),)
                    yield s
                continue
            (k,) = tuple(d)
            if not st.alive[k]:
                continue
            s = st.copy()
            if not self._require(s, imp):
                continue
            if a not in (-1, k):
                # Only the Demon kills at night: its known target died, or was a sober
                # Mayor whose death the Storyteller moved to k.
                if not (st.alive[a] and st.chars[a] in self.bouncers and k != imp
                        and self._require(s, a)):
                    continue
                s.log += (self._step(f"night {N}", "bounced", a, to=names[k]),)
            # A Monk whose known choice was the victim protected nobody: droisoned.
            if not all(self._excuse(s, m, N) for m, t in st.safe if t == k):
                continue
            if k != imp:
                if s.chars[k] in self.protect_self and not self._excuse(s, k, N):
                    continue
                self._dies(s, k)
                s.log += (self._step(f"night {N}", "killed", k),)
                yield s
                continue
            # The star-pass: the Scarlet Woman takes it if she can; else any living
            # Minion (the Storyteller's choice), as the engine's Imp does.
            self._dies(s, imp)
            s.log += (self._step(f"night {N}", "killed itself", imp, character=demon),)
            if demon not in self.passers:
                yield from self._demon_dies(s, imp, f"night {N}")
                continue
            living = sum(s.alive) + 1
            sw = [j for j, c in enumerate(s.chars) if c in self.catchers and s.alive[j]]
            if sw and living >= 5:
                yield from self._demon_dies(s, imp, f"night {N}")
                s = s.copy()            # she must take it unless she is poisoned
                if not self._excuse(s, sw[0], N):
                    continue
            for j, c in enumerate(s.chars):
                if s.alive[j] and self.team[c] == "minion":
                    s2 = s.copy()
                    self._become(s2, j, demon)
                    s2.log += (self._step(f"night {N}", "becomes", j, character=demon),)
                    yield s2

    def _loose_deaths(self, st: _State, N: int,
                      outcomes: list[frozenset[int]]) -> Iterator[_State]:
        """A night with a killer the timeline does not model: each possible set of deaths
        happens unexplained; a Demon's death makes the state unknown (who holds the Demon
        next is not modelled)."""
        for d in outcomes:
            if any(not st.alive[k] for k in d):
                continue
            s = st.copy()
            for k in sorted(d):
                self._dies(s, k)
                s.log += (self._step(f"night {N}", "died", k),)
                if self.team[s.chars[k]] == "demon":
                    s.unknown = True
            yield s

    def _wakes(self, st: _State, i: int, ability: str, N: int) -> bool:
        rule = self.wake_rule(ability)
        if rule == "first":
            return N == 1
        if rule == "died_tonight":
            return not st.alive[i] and i in self.deaths.get(N, ())
        if rule == "after_execution":
            return N > 1 and st.alive[i] and (N - 1) in st.executed
        return st.alive[i]

    def _infos(self, st: _State, N: int, k: int) -> Iterator[_State]:
        """Check tonight's information facts from the k-th on. A fact that holds with the
        true registrations and no mark narrowed costs nothing; otherwise the alternatives
        (narrow the red herring / rely on a Spy's or Recluse's registration, or poison the
        holder) are branches."""
        facts = self.infos.get(N, ())
        while k < len(facts):
            s, f = facts[k]
            c = st.chars[s]
            if c == f.character and self.align.get(c) == "good":
                if not self._wakes(st, s, c, N):
                    return
                if not st.droisoned(s):
                    options: list[_State] = []
                    if c in self.marks:
                        options += self._marked(st, s, f, N)
                    else:
                        need = self._true(st, s, f, N)
                        if need is not None and not need:
                            k += 1
                            continue            # true as things are: nothing to choose
                        if need:
                            s2 = st.copy()
                            if all(self._require(s2, j) for j in need):
                                options.append(s2)
                    s3 = st.copy()
                    if self._excuse(s3, s, N):
                        options.append(s3)
                    for o in options:
                        yield from self._infos(o, N, k + 1)
                    return
            elif (c in self.believers and self.pb.truthful_claims
                  and self.claims.get(s) == f.character):
                if not self._wakes(st, s, f.character, N):
                    return
            k += 1
        yield st

    def _marked(self, st: _State, s: int, f: Info, N: int) -> list[_State]:
        """A fact of an ability that reads a setup mark (the red herring): the states with
        the mark's possible seats narrowed to those that make it true (the mark among the
        chosen players, or not)."""
        picks = frozenset(self.pb.seat_index(x) for x in f.choice)
        cands = st.herring if st.herring is not None else frozenset(range(self.n))
        out = []
        for group in (cands & picks, cands - picks):
            if group:
                need = self._true(st, s, f, N, mark=min(group))
                if need is not None:
                    s2 = st.copy()
                    if all(self._require(s2, j) for j in need):
                        s2.herring = group
                        out.append(s2)
        if len(out) == 2 and out[0].sober == out[1].sober:
            out[0].herring = cands          # both true: the mark stays as free as it was
            out.pop()
        return out

    def _ability(self, cid: str, holder: str) -> Information:
        key = (cid, holder)
        ab = self._abilities.get(key)
        if ab is None:
            cls = REGISTRY[cid]
            if not issubclass(cls, Information):
                raise SolverInputError(f"{D.get(cid).name} shows no information: "
                                       f"no 'info' fact can be checked for it")
            made = self.game.make_ability(cid, self._player_as(self.names.index(holder), cid))
            assert isinstance(made, Information)
            ab = self._abilities[key] = made
        return ab

    def _player_as(self, seat: int, cid: str) -> Player:
        """A player of the problem's game seat as `cid`, for an ability made to judge
        (its own: the game's players hold one setup's candidate characters, which an
        ability reading its holder's character must not see)."""
        return Player(self.names[seat], seat, cid, self.align.get(cid) or D.get(cid).default_alignment)

    def _reg_options(self, c: str, mentioned: str | None) -> list[tuple[str, str]]:
        """The registrations of a Spy/Recluse that can make a difference to one answer:
        its truth, then one per (team, alignment), and the character the answer names."""
        key = f"{c}|{mentioned}"
        got = self._regs.get(key)
        if got is None:
            if c not in self._regs:
                # The ability's registrations start with its holder's own character: made
                # on a player of that character (not a shared seat's candidate).
                ab = self.game.make_ability(c, self._player_as(0, c))
                self._regs[c] = list(ab.false_registrations())
            truth = (c, self.align[c])
            got, seen = [truth], {(self.team[c], self.align[c], c == mentioned)}
            for rc, ra in self._regs[c]:
                sig = (D.get(rc).team, ra, rc == mentioned)
                if sig not in seen:
                    seen.add(sig)
                    got.append((rc, ra))
            self._regs[key] = got
        return got

    def _true(self, st: _State, s: int, f: Info, N: int,
              mark: int | None = None) -> frozenset[int] | None:
        """Is the fact among its ability's truths in this state? None: no; else the seats
        whose false registration it needs (their ability must work: sober). Memoised by
        everything the world is built from."""
        bad, pz = st.bad, st.poisoned
        regs = tuple(i for i, c in enumerate(st.chars)
                     if c in self.registering and i != pz and i not in bad)
        key = (f, s, N, tuple(st.chars), tuple(st.alive), st.executed.get(N - 1),
               self.deaths.get(N), mark, regs)
        memo = self._memo
        if key in memo:
            return memo[key]
        got = self._true_now(st, s, f, N, mark, regs)
        if len(memo) > 200_000:
            memo.clear()
        memo[key] = got
        return got

    @property
    def game(self) -> Game:
        if self._game is None:
            self._game = Game(self.pb.script, REGISTRY)
            for i, name in enumerate(self.names):
                self._game.add_player(name, self.domains[i][0])
        return self._game

    def adopt_memo(self, other: "Solver") -> None:
        """Share another solver's memo of information checks and its abilities (same seats
        and script: the memo's keys hold everything a check reads)."""
        if other.names == self.names and other.pb.script is self.pb.script:
            self._memo = other._memo
            self._game, self._abilities, self._regs = other._game, other._abilities, other._regs

    def _true_now(self, st: _State, s: int, f: Info, N: int, mark: int | None,
                  regs: tuple[int, ...]) -> frozenset[int] | None:
        names = self.names
        align = self.align
        if N in self.odd_circle:
            return self._true_seated(st, s, f, N, mark, regs, self.circle[N])
        players = tuple(WorldPlayer(names[i], i, st.chars[i], align[st.chars[i]],
                                    st.alive[i]) for i in range(self.n))
        return self._true_of(players, st, s, f, N, mark, regs)

    def _true_seated(self, st: _State, s: int, f: Info, N: int, mark: int | None,
                     regs: tuple[int, ...], circle: tuple[str, ...]) -> frozenset[int] | None:
        """`_true_now` in a circle with Travellers (or without a seat that left): each
        Traveller good or evil when its alignment is not known, alive or dead on the night
        it died; the check holds if it holds in one of them."""
        seat = {x: i for i, x in enumerate(self.names)}
        options = []
        for pos, x in enumerate(circle):
            if x in seat:
                i = seat[x]
                c = st.chars[i]
                options.append([WorldPlayer(x, pos, c, self.align[c], st.alive[i])])
                continue
            t = self.travellers[x]
            sides = [t.alignment] if t.alignment else ["good", "evil"]
            # alive at night N unless it died before (on day N-1 or earlier, or an earlier
            # night); either on the night it died
            d = t.died
            lives = [True] if d is None or d[1] > N or (d[0] == "day" and d[1] == N) else (
                [True, False] if d == ("night", N) else [False])
            options.append([WorldPlayer(x, pos, t.character, a, alive, True)
                            for a in sides for alive in lives])
        best: frozenset[int] | None = None
        for players in itertools.product(*options):
            got = self._true_of(tuple(players), st, s, f, N, mark, regs)
            if got is not None and (best is None or len(got) < len(best)):
                best = got
                if not got:
                    break
        return best

    def _true_of(self, players: tuple[WorldPlayer, ...], st: _State, s: int, f: Info, N: int,
                 mark: int | None, regs: tuple[int, ...]) -> frozenset[int] | None:
        names = self.names
        holder = names[s]
        # The holder's marks and today's nominators note what the ability reads: a mark the
        # timeline does not set (the Choirboy's King-killer) or the nominators (the Town
        # Crier), fields the problem does not give, make a false answer constrain nothing.
        reads = _Reads({self.marks[f.character]: names[mark]} if mark is not None else {})
        noms = _Touched()
        ex = st.executed.get(N - 1)
        world = World(players, {}, {holder: f.choice} if f.choice else {}, {holder: reads},
                      names[ex] if ex is not None else None,
                      tuple(names[i] for i in sorted(self.deaths.get(N, ()))), noms)
        ab = self._ability(f.character, holder)
        if f.answer in ab.truths(world, holder) or reads.missing or noms.touched:
            return frozenset()
        if not regs:
            return None
        mentioned = f.answer.get("character") if isinstance(f.answer, dict) else None
        # Fewest false registrations first: one seat registering falsely, then two, ...
        opts = {i: self._reg_options(st.chars[i], mentioned)[1:] for i in regs}
        for size in range(1, len(regs) + 1):
            for seats in itertools.combinations(regs, size):
                for combo in itertools.product(*(opts[i] for i in seats)):
                    w = world._replace(registrations={names[i]: r for i, r in zip(seats, combo)})
                    if f.answer in ab.truths(w, holder):
                        return frozenset(seats)
        return None

    def _after_day_death(self, s: _State, died: int, N: int, k: int) -> Iterator[_State]:
        """Day N's event k killed `died`: if it was the Demon, every way the game goes on
        (`_demon_dies`); then day N's next event."""
        if self.team[s.chars[died]] == "demon" and not s.unknown:
            if s.chars[died] not in self.killers:
                s.unknown = True        # a Demon the timeline does not model died
                s.log += ({"when": f"day {N}", "what": "unknown"},)
            else:
                for s2 in self._demon_dies(s, died, f"day {N}"):
                    yield from self._day(s2, N, k + 1)
                return
        yield from self._day(s, N, k + 1)

    def _public_day(self, st: _State, N: int, k: int) -> Iterator[_State]:
        """Day N's event k in an unknown state: its public death, nothing explained."""
        ev = self.days[N][k]
        idx = self.pb.seat_index
        died = {Execution: lambda: ev.seat, Died: lambda: ev.seat,
                VirginTrigger: lambda: ev.nominator,
                SlayerShot: lambda: ev.target if ev.died else None}[type(ev)]()
        s = st.copy()
        if died is not None:
            x = idx(died)
            if not s.alive[x]:
                return
            s.alive[x] = False
            if not isinstance(ev, (SlayerShot, Died)):
                s.executed[N] = x
        yield from self._day(s, N, k + 1)

    def _day(self, st: _State, N: int, k: int) -> Iterator[_State]:
        events = self.days.get(N, ())
        if N >= self.last and k >= len(events):
            yield st
            return
        if k >= len(events):
            yield from self._night(st, N + 1)
            return
        ev = events[k]
        idx = self.pb.seat_index
        if st.unknown:
            yield from self._public_day(st, N, k)
        elif isinstance(ev, Died):
            x = idx(ev.seat)
            if not st.alive[x]:
                return
            s = st.copy()
            self._dies(s, x)
            s.log += (self._step(f"day {N}", "died", x),)
            yield from self._after_day_death(s, x, N, k)
        elif isinstance(ev, Execution):
            x = idx(ev.seat)
            if not st.alive[x]:
                return
            s = st.copy()
            if s.chars[x] in self.saints and not self._excuse(s, x, N):
                return                  # evil would have won
            self._dies(s, x)
            s.executed[N] = x
            yield from self._after_day_death(s, x, N, k)
        elif isinstance(ev, SlayerShot):
            a, t = idx(ev.shooter), idx(ev.target)
            real = st.chars[a] in self.shooters and st.alive[a] and a not in st.used
            s = st.copy()
            if real:
                s.used = st.used | {a}
            demon = self.team[st.chars[t]] == "demon"
            recluse = not demon and st.chars[t] in self.registering and any(
                self.team.get(rc, D.get(rc).team) == "demon"
                for rc, _ in self._reg_options(st.chars[t], None))
            if ev.died and demon and st.chars[t] not in self.killers:
                # a Demon the timeline does not model: whether it dies is its own rule
                if not (real and st.alive[t] and self._require(s, a)):
                    return
                self._dies(s, t)
                yield from self._after_day_death(s, t, N, k)
            elif ev.died:
                if not (real and st.alive[t] and (demon or recluse)):
                    return
                if not self._require(s, a) or (recluse and not self._require(s, t)):
                    return
                self._dies(s, t)
                yield from self._after_day_death(s, t, N, k)
            else:
                if (real and demon and st.alive[t] and st.chars[t] in self.killers
                        and not self._excuse(s, a, N)):
                    return
                yield from self._day(s, N, k + 1)
        elif isinstance(ev, VirginTrigger):
            n_, v = idx(ev.nominator), idx(ev.virgin)
            if st.chars[v] not in self.virgins or v in st.used or not st.alive[n_]:
                return
            s = st.copy()
            if not self._require(s, v):
                return
            c = st.chars[n_]
            if self.team[c] != "townsfolk":
                if not (c in self.registering and any(
                        D.get(rc).team == "townsfolk" for rc, _ in self._reg_options(c, None))
                        and self._require(s, n_)):
                    return
            s.used = st.used | {v}
            self._dies(s, n_)
            s.executed[N] = n_
            yield from self._after_day_death(s, n_, N, k)
