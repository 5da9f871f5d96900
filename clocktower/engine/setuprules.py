"""The setup rules in one place: the team counts a bag may have, and a written grimoire's
problems.

Every caller that does bag arithmetic asks here: the engine's bag builder
(`engine/setup.py`), the web's hand-dealt grimoire (`web/setupcheck.py`), the solver's
setups (`solver/core.py`), a script's player counts (`scripts/validate.py`) and a written
scenario's not-dealt Demon (`scenario/runner.py`).

- `legal_counts(players, chosen, not_dealt)`: every team count a bag holding `chosen` may
  have, one per combination of the Storyteller's setup choices, with the characters those
  changes require. The changes are each character's own data (`setup_change`, listed in
  `engine/setup.py`'s docstring): the Baron's +2 Outsiders, the Godfather's and the
  Balloonist's choices, the Fang Gu's +1, the Huntsman's Damsel...
- `apply_changes`: the table's counts changed by the setup changes of a list of
  characters, for one set of choices (what `legal_counts` and the bag builder call).
- `check_grimoire(script, lines, registry, not_dealt, bluffs)`: the problems of a
  hand-dealt grimoire (errors: illegal; warnings: what the Storyteller should know). Who
  believes they are another character, and of which team, is each character's own
  `Ability.believes`; that the believed character is not in play (the Drunk) and that the
  character sits beside the Demon (the Marionette) are its data (`not_dealt_as_self`,
  `neighbours_demon`).
- `implied_not_dealt(script, dealt)`: the characters in play that no seat holds, when a
  grimoire does not say (Lil' Monsta when no seat holds a Demon).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Mapping

from .. import data as D
from ..data.jinxes import exclusive_pairs
from ..errors import UnknownCharacter

TEAM_ORDER = ("demon", "minion", "outsider", "townsfolk")
TEAM_WORDS = {"townsfolk": "Townsfolk", "outsider": "Outsider", "minion": "Minion",
              "demon": "Demon", "traveller": "Traveller"}
StPick = Callable[[str, list], Any]


def _change(cid: str) -> dict:
    return D.get(cid).setup_change or {}


def legal_counts(players: int, chosen: list[str], not_dealt: Iterable[str] = ()
                 ) -> Iterator[tuple[dict, set]]:
    """The team counts a bag holding `chosen` (and `not_dealt`, in play without a seat: Lil'
    Monsta) may have with `players` players (Travellers aside): one (counts, forced) per
    combination of the Storyteller's setup choices (`outsiders_choice`, `outsiders_any`),
    each without and then with the required characters counted as added
    (`apply_changes`); `forced`: the characters those setup changes require. Combinations
    the changes cannot make are left out. Lazy: a caller looking for one that fits stops
    at it."""
    base = D.player_counts(players)
    in_play = list(chosen) + list(not_dealt)
    choice_ids = [c for c in chosen if _change(c).get("outsiders_choice")
                  or _change(c).get("outsiders_any")]
    option_lists = []
    for cid in choice_ids:
        change = _change(cid)
        if "outsiders_choice" in change:
            option_lists.append(list(change["outsiders_choice"]))
        else:
            option_lists.append(list(range(-base["outsider"] - 2, base["minion"] + 3)))
    for picks in itertools.product(*option_lists) if option_lists else [()]:
        memo = dict(zip(choice_ids, picks))
        for added in (frozenset(), frozenset(chosen)):
            try:
                counts, forced, _nd = apply_changes(base, in_play,
                                                    lambda cid, opts: memo[cid], dict(memo),
                                                    added)
            except (KeyError, ValueError):
                continue        # this choice is not one these setup changes can make
            yield counts, forced


def apply_changes(base: dict, chosen: list[str], st_pick: StPick, memo: dict,
                  added: set | frozenset = frozenset()) -> tuple[dict, set, set]:
    """The table's counts changed by the setup changes of `chosen` (each applied once).

    Returns (counts, forced, not_dealt). A not-dealt character fills its team's count
    without a seat (Lil' Monsta: the Demon is in play, an extra Minion takes the seat).
    `st_pick(cid, options)` answers a Storyteller choice not yet in `memo` (which keeps
    it). `added`: the required characters that were added by their requirement (not
    drawn): only those move a slot between teams.
    """
    counts = dict(base)
    forced: set[str] = set()
    not_dealt: set[str] = set()
    for cid in chosen:
        change = D.get(cid).setup_change
        if not change:
            continue
        own_team = D.get(cid).team
        if "outsiders" in change:
            counts["outsider"] += change["outsiders"]
            counts["townsfolk"] -= change["outsiders"]
        if "outsiders_choice" in change:
            if cid not in memo:
                memo[cid] = st_pick(cid, change["outsiders_choice"])
            counts["outsider"] += memo[cid]
            counts["townsfolk"] -= memo[cid]
        moved = 0
        if change.get("minions_chosen_by_demon"):
            moved = counts["minion"]
            counts["townsfolk"] += moved
            counts["minion"] = 0
        if change.get("outsiders_any"):
            if cid not in memo:
                memo[cid] = st_pick(cid, list(range(-counts["outsider"], moved + 1)))
            counts["outsider"] += memo[cid]
            counts["townsfolk"] -= memo[cid]
        if change.get("not_dealt"):
            not_dealt.add(cid)
        if change.get("neighbours_demon"):
            counts["townsfolk"] += 1
        if "minions" in change:
            counts["minion"] += change["minions"]
        if change.get("no_demon"):
            counts["demon"] -= 1
            counts["townsfolk"] += 1
        if "requires" in change:
            req = change["requires"]
            forced.add(req)
            req_team = D.get(req).team
            if req in added and req_team != own_team \
                    and {req_team, own_team} <= {"outsider", "townsfolk"}:
                counts[req_team] += 1
                counts[own_team] -= 1
    return counts, forced, not_dealt


def required(cid: str) -> str | None:
    """The character `cid`'s setup change requires in play (the Huntsman's Damsel)."""
    return _change(cid).get("requires")


def implied_not_dealt(script_ids: Iterable[str], dealt: Iterable[str],
                      registry: Mapping[str, Any]) -> list[str]:
    """The characters in play without a seat that a grimoire holding `dealt` implies: a
    Demon that no player is dealt (Lil' Monsta: data `not_dealt`) is in play when no seat
    holds a Demon and no dealt character's setup change removes the Demon (the
    Summoner)."""
    dealt = list(dealt)
    if any(D.get(c).team == "demon" or _change(c).get("no_demon") for c in dealt):
        return []
    return sorted(c for c in script_ids if c in registry and _change(c).get("not_dealt")
                  and c not in dealt and D.get(c).team == "demon")


@dataclass
class GrimoireCheck:
    """A written grimoire's problems: `errors` make it illegal; `warnings` are what the
    Storyteller should know (setup changes, jinxes, a Marionette away from the Demon);
    `counts`: per team, how many the grimoire has and how many the rules expect."""
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    counts: dict[str, dict] = field(default_factory=dict)

    @property
    def legal(self) -> bool:
        return not self.errors


def believers(registry: Mapping[str, Any]) -> list[str]:
    """The characters whose holder believes they are another (`Ability.believes`)."""
    return [cid for cid, cls in registry.items() if cls.believes]


def _team(cid: str) -> str:
    return D.get(cid).team


def check_grimoire(script: Any, lines: list[dict], registry: Mapping[str, Any],
                   not_dealt: Iterable[str] = (), bluffs: list[str] | None = None
                   ) -> GrimoireCheck:
    """The problems of a hand-dealt grimoire for `script`.

    `lines`: one per seat in seat order, each {"name", "character", "alignment"?,
    "thinks"?, "traveller"?} (a Traveller's seat is marked `traveller`); `not_dealt`:
    characters in play without a seat; `bluffs`: the Demon's bluffs, if chosen. Checks:
    each character known, implemented, on the script and dealt once; a Traveller's seat
    holds a Traveller with an alignment; `thinks` only for a character that believes
    another (`Ability.believes`), of a team it believes, on the script, and not in play
    when the character's data says so (`not_dealt_as_self`: the Drunk); the team counts
    one of `legal_counts` with the required characters in play; no exclusive setup jinx;
    bluffs not in play. Warnings: setup changes, jinxes in play, a character that should
    neighbour the Demon (`neighbours_demon`) and does not, bluffs off the script."""
    out = GrimoireCheck()
    errors, warnings = out.errors, out.warnings
    not_dealt = list(not_dealt)
    on_script = set(script.characters)
    chosen: list[str] = []
    for k, line in enumerate(lines):
        where = f"grimoire[{k}] ({line['name']})"
        try:
            cid = D.get(str(line.get("character", ""))).id
        except UnknownCharacter as e:
            errors.append(f"{where}: {e}")
            continue
        if cid not in registry:
            errors.append(f"{where}: {D.get(cid).name} is not implemented yet")
            continue
        team = _team(cid)
        if line.get("traveller"):
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
            teams = registry[cid].believes
            if not teams:
                names = [f"the {D.get(c).name}" for c in believers(registry)]
                errors.append(f"{where}: only {', '.join(names[:-1])} or {names[-1]} "
                              f"believe they are another character")
            elif _team(tid) not in teams:
                errors.append(f"{where}: the {D.get(cid).name} thinks they are a "
                              f"{' or '.join(TEAM_WORDS[t] for t in teams)}")
            if tid not in on_script:
                errors.append(f"{where}: thinks {D.get(tid).name}, who is not on the script")
        elif registry[cid].believes:
            errors.append(f"{where}: the {D.get(cid).name} needs `thinks`: the character "
                          f"they believe they are")
    n = sum(1 for line in lines if not line.get("traveller"))
    if not 5 <= n <= 15:
        errors.append(f"{n} players (Travellers aside): the setup table covers 5 to 15")
    elif not errors:
        out.counts, problem = _check_counts(n, chosen, not_dealt)
        if problem:
            errors.append(problem)
    in_play = set(chosen) | set(not_dealt)
    believed = {D.get(str(g["thinks"])).id for g in lines if g.get("thinks")
                and not errors}
    for line in lines:
        t = line.get("thinks")
        if t and not errors and D.get(str(t)).id in in_play:
            cid = D.get(str(line["character"])).id
            if _change(cid).get("not_dealt_as_self"):
                teams = " or ".join(TEAM_WORDS[x] for x in registry[cid].believes)
                errors.append(f"{line['name']}: the {D.get(cid).name}'s {teams} must not be "
                              f"in play")
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
    _neighbours(lines, warnings)
    return out


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


def _known(line: dict) -> str | None:
    try:
        return D.get(str(line.get("character"))).id
    except UnknownCharacter:
        return None


def _neighbours(lines: list[dict], warnings: list[str]) -> None:
    """A character whose data says it sits beside the Demon (`neighbours_demon`: the
    Marionette) and does not: a warning."""
    seated = [line for line in lines if not line.get("traveller")]
    for k, line in enumerate(seated):
        cid = _known(line)
        if cid is None or not _change(cid).get("neighbours_demon"):
            continue
        around = [seated[(k - 1) % len(seated)], seated[(k + 1) % len(seated)]]
        if not any((c := _known(x)) is not None and _team(c) == "demon" for x in around):
            warnings.append(f"{line['name']}: the {D.get(cid).name} should neighbour the Demon")
