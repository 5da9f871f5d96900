"""Beliefs of the reasoning bots: who is the Demon, who is evil, given the public record.

A hypothesis is an evil team: the Demon's seat and the Minions' seats (the setup table's
counts for the players dealt). Each gets a weight from what the table has seen:

* **Structure** (every hypothesis, cheap): the Demon is alive (the game goes on); a player
  the Demon killed at night is rarely evil (x0.2); two good players do not claim the same
  character (x0.05 for each extra good claimant); a good player does not claim a Minion or
  a Demon (x0.02).
* **Information** (the claims of information): a claimant who is good in the hypothesis
  was shown one of the `truths(world, claimant)` of the ability they claim, in the world
  the hypothesis makes (its evil players as the script's Demon and Minions, everyone else
  as they claimed), on the night they name, with whom they say they chose. A claim that is
  not among them costs x`EPS_INFO` (its holder may be drunk, poisoned, or fooled by a
  registration or a red herring: nothing is ever certain). An evil claimant invents, not
  knowing the others' characters: their information is true in the world less often
  (x`EVIL_TRUE` when it is, x`EVIL_FALSE` when it is not; the rates measured in the bots'
  games).
* **Evidence** (votes, nominations, Demon shots, the Virgin, quiet nights, claim timing):
  `_evidence`, the votes and nominations read as the evil bots play them (`reads.py`).

Every evil team is enumerated (at most `EXACT`: 15 players make 5,460). Each information
claim is weighed in all of them at once (`Table._claim_array`): the hypotheses are grouped
by the roles (good, the Demon, which Minion) of the seats its check reads, and one check
answers a group. Only a claimant with a check that reads the whole table (a Chef's count)
is weighed on a sample: `SAMPLES` hypotheses drawn by priority from the weights of
everything else, when those checks would cost more than `CHECKS`. Every check is memoised
by what it read, for the rest of the game.

**Shared, public.** All of this is a function of public information (the claims, the
deaths, the seating, the script), so the bots of one game share one `Table` (found by the
seating event, the first public event of the game; `table_for`), and one computation a
day serves every bot. A bot's private knowledge is applied on top: a good bot drops the
hypotheses where it is evil (`demon_chances(me)`); an evil bot knows its team and uses
the public beliefs to decide whom to frame and whom to kill. No bot's secret enters the
table. The sampling generator is seeded from the public record, so beliefs are
deterministic.

This is the bots' fast approximate belief: hypotheses about the evil team only, good
players' characters as claimed. The exact world solver (`clocktower/solver/`) answers the
general question (every character assignment, the timeline's rules).
"""
from __future__ import annotations

import itertools
from typing import Any

from mypy_extensions import mypyc_attr     # for the compiled build; a no-op otherwise

from .. import data as D
from ..engine.rand import randrange, seeded
from ..engine.world import EMPTY, World, WorldPlayer
from . import reads

EXACT = 6000            # hypotheses enumerated when at most this many (15 players: 5,460)
CHECKS = 300            # information checks a belief may cost before it samples instead
SAMPLES = 24            # hypotheses kept when sampling
# A claim's information in the hypothesis world, against a good claimant's that holds
# (1): a good claimant's that does not hold, an evil claimant's that holds, and that does
# not. Measured in the bots' own games (`tools/evil_rates.py`, Trouble Brewing 7 / 10 / 13,
# 500 games a count, seeds 40000-40499, the true evil team's world, docs/bots.md "Reading
# votes by the count"): a good claimant's information held in 80% of claims (a droisoned
# claimant, a registration, the world's unknowns), an evil claimant's in 64% (evil invents
# information true in the world its team pretends).
EPS_INFO = 0.25
EVIL_TRUE = 0.8
EVIL_FALSE = 0.45
# An evil claimant's information read against the team's story, not the true world
# (`Table._story`): the world its team pretends, where the team is good as claimed and
# the framed players are evil (`evilplan`: from day 2 the likeliest team of the public
# record at the day's start without a member; before that, and when there is none,
# nobody: `Table.invent` with no frames). Every member's claims of a night are checked
# against the same story, so the team's claims are weighed as one framing hypothesis, not
# as independent lies; a Minion may be the Spy, whose information holds in the true world
# (`_spy_mix`). The factors, against a good claimant's information that holds (1):
# STORY_TRUE when it holds in the story, STORY_FALSE when not (the evil bots' claims, the
# Spy's aside, held in their team's story in 94% of claims, a good claimant's in the true
# world in 81%: 0.94 / 0.8 and 0.06 / 0.8; docs/bots.md "(sixth session)"). Claims of a
# night before STORY_FROM are weighed as before (EVIL_TRUE, EVIL_FALSE in the true world).
# Night 1 (before STORY_FROM) has no public record at the day's start to pick a fake team
# from: the team draws one privately when its first member invents (`evilplan.night_one`,
# from the public posterior's teams without a member, by weight), so an evil claimant's
# night-1 claim is read as a mixture over the teams it could have framed: the public
# posterior as it stood just before the claim, its FRAME_RANKS likeliest teams without the
# claimant, each framing with its weight (`_mixture`: the share `mix` in which the claim
# holds; factor STORY_TRUE * mix + STORY_FALSE * (1 - mix)); with JOINT (below) a
# hypothesis's team's night-1 claims are read together, over one draw for all its members
# from the teams without any of them (`_joint`).
# STORY False (the default): the per-claim rates for every claim (EVIL_TRUE, EVIL_FALSE).
# Measured with evil's night-1 frame (`reasoning.FRAME_DAY1`) and not switched on: good's
# win rate would leave 40-65% while executions stay far from 1.5x the random pick
# (docs/bots.md, "... (sixth session)", "Evil's answer").
STORY = False
STORY_TRUE = 1.18
STORY_FALSE = 0.07
STORY_FROM = 2
FRAME_RANKS = 64        # the teams of a day's start searched for a hypothesis's fake team
# With STORY, the night-1 claims of a hypothesis's evil team read jointly (`Table._joint`):
# one draw of the fake team for all its members, from the teams without any of them, as the
# public record stood before its first member's claim (JOINT_RANKS of the posterior's
# likeliest teams kept at each claim, the first FRAME_RANKS of them without a member used).
# False: each claim its own mixture over the teams without its claimant (`c.mix`, the
# sixth session's reading).
JOINT = True
JOINT_RANKS = 2 * FRAME_RANKS
# Evil's night-1 frame is one the good players' claims do not refute: the team knows which
# claimants are good (everyone outside it), so each team it could frame weighs FRAME_MISS
# for each night-1 claim said by a player outside the team that is false in that team's
# world (`Table.night_one_frames`; the town reads the same draw in `_joint`, where the
# claims before a team's first member's are all outside it). 1.0: no such check (the sixth
# session's draw, from the public posterior alone).
FRAME_MISS = 1e-3
# A nomination's evidence (its hands and its nominator, `reads.vote_log`, and a catch's
# correction) counted at this power: the hands of one nomination are not independent (every
# voter, evil ones too since the fifth session, votes from the same public record), so
# their product overstates them. 0.45 minimises the log loss of the good bots' Demon
# chances on tuning games (10 and 13 players, seeds 41000-41149; docs/bots.md "(sixth
# session)"); 1.0 (the default: not switched on, with STORY) counts each hand as independent.
VOTE_WEIGHT = 1.0
# A script's own measured hands (`reads.hand_table`, clocktower/data/hands-SCRIPT.json) may
# carry the power fitted in its games (`vote_power`, `tools/vote_power.py`), used instead of
# VOTE_WEIGHT on that script (docs/bots.md, "Regalia's executions (eighth session)").
SCRIPT_VOTE_POWER = True
REGISTERED = 0.5        # a registration that would make a claim true is chosen so
DRUNK_TRUE = 0.5        # a Drunk's information holds (or not) with this chance each night
NIGHT_KILLED_EVIL = 0.2
DUPLICATE = 0.05
GOOD_CLAIMS_EVIL = 0.02
# What the table sees happen (see "Evidence" in the module docstring).
# Votes and nominations: `reads.py` (the evil bots' measured rates).
SHOT_MISSED = 0.1       # a good Slayer's shot at the Demon does nothing (drunk, poisoned)
SHOOTER_EVIL = 0.02     # a shot that killed was fired by an evil player
TRIGGER_EVIL = 0.05     # a Virgin's nominator executed by her is evil (a Spy's registration)
VIRGIN_EVIL = 0.02      # the Virgin whose ability worked is evil
VIRGIN_SILENT = 0.25    # a good claimed Virgin's first nominator, a good claimed Townsfolk,
                        # is not executed (drunk or poisoned Virgin, a Drunk nominator)
# On a script with a Minion whose rule vetoes good's win while it and its opposing twin
# live (`veto_share`: the Evil Twin), two players who nominated each other may be the
# Twins (the bots' way of saying so: `plays._eviltwin_nominee`): a hypothesis in which one
# of them is a Minion and the other good is TWIN_PAIR times likelier (measured on the
# bots' games below 50000, Alternate Endings: such pairs held one evil and one good 83% of
# the time at 13 players, 68% at 7, against 46-48% for any two players).
TWIN_PAIR = 4.0
QUIET_UNEXPLAINED = 0.3     # nobody died at night and no good claimed protector is alive
# The Outsider count (`Table._outsiders`): an evil player bluffs an Outsider with this
# chance; claims no deal can make (more good Outsider claimants than Outsiders) weigh this.
EVIL_OUTSIDER = 0.15
OUTSIDERS_FLOOR = 1e-3
# The Outsider count with every Outsider of the script that claims a Townsfolk when good
# (`hidden_outsider`: the Drunk, the Lunatic, the Damsel) hiding among the Townsfolk
# claimants (`_hidden_outsiders`), not the Drunk alone: measured in the seventh session on
# Regalia and The Return of Jafar (docs/bots.md, "(seventh session)") and no better
# (executions +0.01-0.03x, the calibration error +0.5 points at 7 and 10): off.
HIDDEN_OUTSIDERS = False
# Claim timing (`Table._timing`): a Minion's first claim comes among the day's last (as
# many as the evil team) with this chance (a Demon, whose bluffs are safe, claims when good
# players do); a living player who has not claimed by the day's end is a Minion, the Demon
# or good with these likelihoods (good players claim on their first turn, unless they must
# hide: the Damsel). Re-fitted in the seventh session on the games with turns to talk
# (`tools/fit_timing.py`, Trouble Brewing 7 / 10 / 13, 300 games a count, seeds
# 40000-40299; docs/bots.md "(seventh session)"): a Minion's first claim came among the
# last in 47-51% of its first claims (good players 25%, the Demon 23%, against the 29-31%
# the read takes for them), and LATE_MINION 0.5 still gives the lowest log loss of the
# good players' Demon chances with the models on. A living player unclaimed at a day's
# end was a Minion in 1.7-2.3% of Minion-days, the Demon in 0-0.2%, a good player in
# 0-0.2%: silence now speaks of a Minion (about x13) and not of the Demon, and the log
# loss hardly tells the factors apart (within 0.03 nats). Set so (SILENT_MINION 0.015,
# SILENT_DEMON = SILENT_GOOD = 0.0015), the good bots' executions hit evil 0.01-0.04x
# less often (they aim at the Demon chance, and a silent Minion stops being a Demon
# suspect), so the factors stay the third session's, x5 for either (games unchanged).
LATE_MINION = 0.5
SILENT_MINION = 0.5
SILENT_DEMON = 0.5
SILENT_GOOD = 0.1
# A player who claimed an evil character keeps that claim in the beliefs when it claims
# a good one later (`Table.exposed`, as a public use of an evil ability is kept): on
# Regalia the Goblin claims itself when nominated and gives its bluff's information the
# next day, and the beliefs forgot the confession (docs/bots.md, "Regalia's executions
# (eighth session)").
CONFESSIONS_STICK = False
TEAMS = D.teams()
GOOD = ("townsfolk", "outsider")
EVIL = ("minion", "demon")
# Day abilities whose public use kills the target if it registers as the Demon (a shot
# that does nothing says the target is not the Demon, or the shooter is not what they say).
DEMON_SHOTS = ("slayer",)

_TABLES: dict[int, tuple[dict, "Table"]] = {}
_TRUTHS: dict[tuple, Any] = {}
_HYPOTHESES: dict[tuple, list[tuple]] = {}      # by seating: the same for every game
_MATRICES: dict[int, tuple] = {}                # id(hypotheses) -> (them, evil, demon, ...)
_UNIFORMS: dict[tuple, Any] = {}                # (seating, count) -> the sample's 1/u
_ROLES: dict[tuple, Any] = {}                   # (id(hypotheses), names, variant) -> roles
_VECS: dict[tuple[int, int], Any] = {}          # (seats, mask) -> its 0/1 array (`_vec`)
_MASKS: dict[int, tuple] = {}                   # id(hypotheses) -> (them, evil masks as int64)
_COLUMNS: dict[int, tuple] = {}                 # id(roles) -> (them, each seat's as int64)
_OUTSIDERS: dict[tuple, tuple] = {}             # (id(hypotheses), claims, counts) -> (them,
                                                # `_outsiders`' array)


# Public events after which the seating is not the one a table models (engine/seats.py).
SEAT_CHANGES = ("traveller_joined", "traveller_left")


def table_for(view, events: list[dict], at: int | None = None) -> "Table":
    """The game's shared public table, found by its seating event (kept alive here, so its
    id names this game only). `at`: the index in `events` of a seat change (a Traveller
    joined or left): a table for the seating now, found by that event, that has read the
    public events up to it again (the rebuild hook; the reasoning bots call it)."""
    first = next((e for e in events if e["visible_to"] == "all"), None) if at is None \
        else events[at]
    key = id(first)
    found = _TABLES.get(key)
    if found is not None and found[0] is first:
        return found[1]
    table = Table(view)
    if at is not None:
        for ev in events[:at + 1]:
            if ev["visible_to"] == "all":
                table.add(ev)
    if first is not None:
        _keep(first, table)
    return table


def _keep(first: dict, table: "Table") -> None:
    """Keep `table` as the shared public table of the game whose seating event is `first`
    (the oldest half of the kept tables dropped when more than 64)."""
    if len(_TABLES) > 64:
        for k in list(_TABLES)[:32]:
            del _TABLES[k]
    _TABLES[id(first)] = (first, table)


class _Seating:
    """What `Table.__init__` reads of a view, from a table (`fork_table`)."""

    def __init__(self, table: "Table"):
        self.script = table.script
        self.players = table.players
        self._travellers = table.travellers

    def traveller(self, name: str) -> bool:
        return name in self._travellers


def fork_table(table: "Table") -> "Table":
    """A copy of `table` that reads and weighs on its own: every container it holds is
    copied (the claims' too), the values in them shared where nothing changes them in place
    (numbers, strings, arrays, named tuples) and the module's caches shared as they are (they
    are keyed by identity). What `table` last computed is not carried, its memos are: the
    copy's first belief is computed (a `fresh=False` read too), as a table that has read the
    same record cold computes it, but from the memos of the checks. The decision support's
    rollouts start their game's table from one (`adopt_table`): the public record up to the
    point read and weighed once for all of them, not once a rollout."""
    memo: dict[int, Any] = {}
    for cache in (_HYPOTHESES, _MATRICES, _UNIFORMS, _ROLES, _VECS):
        for v in cache.values():
            memo[id(v)] = v
            if type(v) is tuple:
                for x in v:
                    memo[id(x)] = x
    new = Table(_Seating(table))
    names = getattr(type(table), "__mypyc_attrs__", None) or tuple(vars(table))
    # Held for the copy's length: the compiled build boxes a tuple attribute anew at each
    # read, and a freed box's id could come back as another object's (`memo` is by id).
    values = [getattr(table, name) for name in names]
    for name, value in zip(names, values):
        setattr(new, name, _fork(value, memo))
    new._post = None
    new._sub = None
    new._dall = None
    new._marg = {}
    return new


def _fork(x: Any, memo: dict[int, Any]) -> Any:
    if x is None or isinstance(x, (str, int, float, frozenset)):
        return x
    found = memo.get(id(x))
    if found is not None:
        return found
    t = type(x)
    out: Any
    if t is dict:
        out = memo[id(x)] = {}
        for k, v in x.items():
            out[_fork(k, memo)] = _fork(v, memo)
    elif t is list:
        out = memo[id(x)] = []
        out.extend(_fork(v, memo) for v in x)
    elif t is set:
        out = memo[id(x)] = {_fork(v, memo) for v in x}
    elif t is tuple:
        items = [_fork(v, memo) for v in x]
        out = tuple(items) if any(a is not b for a, b in zip(items, x)) else x
        memo[id(x)] = out
    elif t is InfoClaim:
        out = memo[id(x)] = InfoClaim(x.who, x.character, x.night, _fork(x.info, memo),
                                      list(x.chose))
        out.ability = x.ability         # (the same check: it may read the sheet)
        out.base = _fork(x.base, memo)
        out.base_ver = x.base_ver
        out.memo = _fork(x.memo, memo)
        out.reads_all = x.reads_all
        out.wide = x.wide
        out.mix = x.mix
        out.ranks = x.ranks
    elif isinstance(x, tuple) or hasattr(x, "__array_interface__") or callable(x):
        out = x         # named tuples (a world, its players), arrays: never changed in place
    else:
        raise TypeError(f"fork_table: a {t.__name__} in a table")
    return out


def adopt_table(events: list[dict], table: "Table") -> None:
    """Make `table` the shared public table of the game whose log is `events` (found by
    its seating event, as `table_for` finds it): its bots read on from `table.n_public`."""
    first = next((e for e in events if e["visible_to"] == "all"), None)
    if first is not None:
        _keep(first, table)


class _SheetOnly:
    """What a check may read beyond its world: the script's sheet (`game.script`: its
    `characters` and `homebrew`), public to every player. A Dreamer's truths pair the chosen
    player's character with each token of the other side on the script."""
    __slots__ = ("characters", "homebrew", "script")

    def __init__(self, script: tuple) -> None:
        known = D.all_characters()
        self.characters = list(script)
        self.homebrew: dict[str, dict] = {c: {} for c in script if c not in known}
        self.script = self


def truths_of(cid: str, script: tuple | None = None) -> Any:
    """An instance of character `cid`'s ability that answers `truths(world, player)` and
    `shows(world, answer, player)` on any world (it reads nothing else but, given `script`
    (the character ids of the sheet), the script's sheet: `_SheetOnly`), or None if the
    ability shows no information."""
    key = (cid, script)
    if key in _TRUTHS:
        return _TRUTHS[key]
    from ..characters import REGISTRY
    from ..characters._info import Information
    cls = REGISTRY.get(cid)
    inst = None
    if cls is not None and issubclass(cls, Information):
        inst = object.__new__(cls)
        # truths reads only the world (and the sheet, when given one)
        inst.game = _SheetOnly(script) if script is not None else None
        inst.player = None
        inst.state = {}
        inst.origin, inst.source, inst.active = "character", None, True
    if len(_TRUTHS) > 512:
        _TRUTHS.clear()
    _TRUTHS[key] = inst
    return inst


# ---- memoising a check by what it read -----------------------------------------------------
# A check runs `shows` on a tracked world that notes the players whose character or alignment
# it reads. Its answer then holds in every hypothesis whose world gives those players the same
# fields: the computation would read the same values and take the same path. So a claim keeps
# {read seats: {their fields: factor}}, and most hypotheses are answered by a lookup (an
# Empath's claim reads its two neighbours; a Fortune Teller's its two choices). A check that
# goes through the players as a whole (a Steward's, a Shugenja's: `for p in world.players`)
# gets each player as a `_ReadPlayer`, which notes its name when its character or alignment
# is read (since the seventh session; before, any such pass counted as reading everyone);
# such a claim is weighed in every hypothesis while its checks stay narrow; a claim whose
# checks mostly read (nearly) everyone (a Chef's count), or that needs more than
# WIDE_CHECKS checks, is weighed on the sample (`_info_weight`).
_READS: list | None = None
_ALL = "*"
_WIDE = "+"             # noted when a check went through the players as a whole
WIDE_CHECKS = 400


# Both are plain Python classes in the compiled build too (mypyc compiles no subclass of a
# tuple): their methods run interpreted, called by the checks' character code.
@mypyc_attr(native_class=False)
class _Seats(tuple):
    """A tracked world's players: reading them as a whole is noted."""
    __slots__ = ()

    def __iter__(self):
        if _READS is None:
            return tuple.__iter__(self)
        _READS.append(_WIDE)
        new = tuple.__new__
        return iter([new(_ReadPlayer, p) for p in tuple.__iter__(self)])

    def __getitem__(self, i):
        p = tuple.__getitem__(self, i)
        if _READS is None:
            return p
        _READS.append(_WIDE)
        if isinstance(i, slice):
            return tuple([tuple.__new__(_ReadPlayer, q) for q in p])
        return tuple.__new__(_ReadPlayer, p)


def _noted(p: tuple) -> None:
    if _READS is not None:
        _READS.append(tuple.__getitem__(p, 0))


@mypyc_attr(native_class=False)
class _ReadPlayer(WorldPlayer):
    """A tracked world's player met by going through the players: reading what a hypothesis
    decides of it (its character, alignment, team, being the Demon, or the whole tuple)
    notes its name; its name, seat and whether it is alive are the same in every
    hypothesis of a claim, and are not noted."""
    __slots__ = ()

    @property
    def character(self) -> str:
        _noted(self)
        return str(tuple.__getitem__(self, 2))

    @property
    def alignment(self) -> str:
        _noted(self)
        return str(tuple.__getitem__(self, 3))

    @property
    def is_demon(self) -> bool:
        _noted(self)
        return bool(tuple.__getitem__(self, 6))

    @property
    def team(self) -> str:
        _noted(self)
        return TEAMS[str(tuple.__getitem__(self, 2))]

    def __iter__(self):
        _noted(self)
        return tuple.__iter__(self)

    def __getitem__(self, i):
        _noted(self)
        return tuple.__getitem__(self, i)


@mypyc_attr(native_class=False)
class _Tracked(World):
    """A world that notes the players read by name (see above)."""

    def _find(self, name: str) -> WorldPlayer:
        for p in tuple.__iter__(self.players):
            if p.name == name:
                return p
        raise ValueError(f"no player named {name!r} in this world")

    def player(self, name: str) -> WorldPlayer:
        if _READS is not None:
            _READS.append(name)
        return self._find(name)

    def registers(self, who) -> tuple[str, str]:
        name = who.name if isinstance(who, WorldPlayer) else who
        if _READS is not None:
            _READS.append(name)
        r = self.registrations.get(name)
        if r is not None:
            return r
        p = who if who.__class__ is WorldPlayer else self._find(name)
        return p.character, p.alignment

    def neighbours(self, name: str, alive_only: bool = True) -> tuple:
        seats = tuple(tuple.__iter__(self.players))     # who is alive: not a hypothesis
        n = len(seats)
        me = self._find(name)
        found = []
        for sign in (-1, 1):
            q = None
            for step in range(1, n):
                c = seats[(me.seat + sign * step) % n]
                if c.name != name and (c.alive or not alive_only):
                    q = c.name
                    break
            found.append(q)
        return found[0], found[1]


class InfoClaim:
    __slots__ = ("who", "character", "night", "info", "chose", "ability", "base", "base_ver",
                 "memo", "reads_all", "named_minion", "pointed", "named_demon", "mix",
                 "wide", "ranks")

    def __init__(self, who: str, character: str, night: int, info: dict, chose: list[str],
                 script: tuple | None = None):
        self.who = who
        self.character = character
        self.night = night
        self.info = info
        self.chose = tuple(chose)
        self.ability = truths_of(character, script)
        self.base: list | None = None       # the all-good world's players (claims version)
        self.base_ver = -1
        self.memo: dict[tuple[int, ...], dict[tuple, float]] = {}
        self.reads_all = False
        self.wide = False       # a check went through the players as a whole (`_ReadPlayer`)
        # With STORY, before STORY_FROM: the share of the teams its claimant could have
        # framed in which it holds (`Table._mixture`); -1 when not read so.
        self.mix = -1.0
        # With STORY, on night 1: the public posterior's likeliest teams just before the
        # claim (their indices, their weights: `Table._top_ranks`), from which a team whose
        # first member this claimant is drew its frame (`Table._joint`); None otherwise.
        self.ranks: tuple[Any, Any] | None = None
        # The characters the information names ("character", or "characters": a Dreamer's
        # good and evil pair).
        named = [x for x in (info.get("character"), *(info.get("characters") or ()))
                 if isinstance(x, str)]
        # A Minion the information names: a Minion it points at is taken to be that one.
        self.named_minion = next((x for x in named if TEAMS.get(x) == "minion"), None)
        # A Demon the information names: the Demon of this claim's world is that one (on a
        # script of several Demons, an Undertaker's, a Ravenkeeper's or a Dreamer's Fang Gu
        # checked against a Pukka would read the truth as a lie).
        self.named_demon = next((x for x in named if TEAMS.get(x) == "demon"), None)
        pointed = info.get("players")
        self.pointed = tuple(pointed) if isinstance(pointed, list) else ()


class Table:
    """The public record of one game and the beliefs it supports (module docstring)."""

    def __init__(self, view):
        script = view.script
        # The two models' switches, read from the module's constants when the table is
        # made (a test reads one table with them set otherwise: `tests/test_beliefs_story.py`).
        self.story: bool = STORY
        self.vote_weight: float = VOTE_WEIGHT
        self.joint: bool = JOINT
        self.players: list[str] = list(view.players)
        self.seat = {n: i for i, n in enumerate(self.players)}
        self.travellers = {n for n in self.players if view.traveller(n)}
        self.seated = [n for n in self.players if n not in self.travellers]
        self.bit = {n: 1 << i for i, n in enumerate(self.players)}
        counts = D.player_counts(len(self.seated)) if 5 <= len(self.seated) <= 15 \
            else {"townsfolk": max(len(self.seated) - 2, 0), "outsider": 0, "minion": 1,
                  "demon": 1}
        self.n_minions = counts["minion"]
        self.counts = counts
        # The Outsider count's possible changes at setup (the script's `setup_change` data)
        # and the chance that a good Outsider believes a Townsfolk (the Drunk).
        self.out_deltas = outsider_deltas(list(script), counts)
        self.n_outsiders_script = sum(TEAMS.get(c) == "outsider" for c in script)
        self.believers = [c for c in script if believes_townsfolk(c)]
        # The script's Outsiders who, good, claim a Townsfolk (`hidden_outsider`: the Drunk,
        # the Lunatic, the Damsel): with two or more, the Outsider count lets as many hide
        # among the Townsfolk claimants (`_hidden_outsiders`; one: the Drunk's formula).
        # Measured in the seventh session and not switched on (HIDDEN_OUTSIDERS: no better).
        self.n_hidden = sum(1 for c in script if hidden_outsider(c)) if HIDDEN_OUTSIDERS \
            else 0
        # The chance that a given good Townsfolk claimant is one of those (the Drunk).
        in_play = sum(q * min(1.0, max(counts.get("outsider", 0) + d, 0)
                              / max(self.n_outsiders_script, 1))
                      for d, q in self.out_deltas) if self.believers else 0.0
        self.drunk_each = in_play / max(counts.get("townsfolk", 1), 1)
        self.townsfolk = [c for c in script if TEAMS.get(c) == "townsfolk"]
        self.script = list(script)
        self.sheet = tuple(script)      # the sheet a check may read (`truths_of`)
        if SCRIPT_VOTE_POWER:
            # A script whose hands were measured in its own games may carry the power fitted
            # there (`reads.hand_power`; Regalia since the eighth session).
            power = reads.hand_power(self.sheet)
            if power is not None:
                self.vote_weight = power
        # Minions on the script that may register as good (the Spy): the chance a given
        # Minion is one, for information that a Minion registering as good would explain.
        spies = [c for c in script if TEAMS.get(c) == "minion"
                 and any(a == "good" for _c, a in misregistrations(c, list(script)))]
        self.spy_each = len(spies) / max(sum(TEAMS.get(c) == "minion" for c in script), 1)
        self.demons_on_script = [c for c in script if TEAMS.get(c) == "demon"]
        self.minions_on_script = [c for c in script if TEAMS.get(c) == "minion"]
        self.demon_char = self.demons_on_script[0] if self.demons_on_script else "imp"
        self.claims: dict[str, str] = {}
        # who publicly used an evil character's ability, or claimed an evil character
        self.exposed: dict[str, str] = {}
        self.infos: list[InfoClaim] = []
        self.died: dict[str, tuple[str, int]] = {}      # name -> (phase, number)
        self.night_killed: set[str] = set()
        self.executed: dict[int, str] = {}               # day -> who died by execution
        self.nominators: dict[int, tuple[str, ...]] = {}    # day -> who nominated (seat order)
        self.traveller_chars: dict[str, str] = {}
        self.n_public = 0
        self.version = 0
        self.claims_ver = 0
        self._placeholder: tuple[int, str] = (-1, "")
        self._uniforms: Any = ()
        self._hyps: list[tuple] | None = None
        self._prod: dict[int, tuple[int, float, Any]] = {}
        self._evils: dict[tuple, dict[int, WorldPlayer]] = {}   # per hypothesis, night, claim
        self._struct: tuple[Any, Any] | None = None
        self._struct_part: tuple[Any, Any] | None = None
        self._masks: tuple = ((-1, -1), 0, 0)          # (counts, dead mask, night-killed mask)
        self._claim_masks: tuple = (-1, (), 0, 0, 0)   # per claims version (`_structure`)
        self._alive: tuple = (-1, None, None, False, None)     # (dead mask, the Demon alive per h...)
        self._out_cache: tuple[Any, Any] | None = None
        self._misreg: tuple[int, dict[str, list]] = (-1, {})
        self._post: tuple[int, tuple[Any, Any]] | None = None
        self._sub: Any = None       # the weighed hypotheses' Demon seats, evil seats
        self._dall: Any = None      # every seat's rows of one weighing (`_every_row`)
        self._post_key: Any = None
        self._sel: tuple[Any, Any] | None = None
        self._checks_ver = 0
        self._marg: dict[Any, Any] = {}
        self._vecs: dict[int, Any] = {}
        self._said_c: tuple[int, list] = (-1, [])
        self._arrays: dict[InfoClaim, Any] = {}     # claim -> (its factor per hypothesis,
                                                    # the seats its checks read)
        self._said_at_arrays: list = []
        self._claimed: tuple[Any, Any] = (None, None)
        self._per_claimant: dict[str, tuple] = {}   # who -> (claim, arrays, weight array)
        self._prod_sig: frozenset = frozenset()     # claimants weighed one hypothesis at a time
        self._hit: tuple[int, ...] = ()             # seats the last check read (`_factor`)
        # The factors of the claims weighed on the sample (`reads_all`: no memo of what
        # their checks read) in each hypothesis, for one claims version (`_factor`).
        self._whole: tuple[int, dict[tuple, float]] = (-1, {})
        # `_holds_at`'s answers, per (claims version, arrays version).
        self._held: tuple[tuple[int, int], dict[tuple, tuple[Any, Any]]] = ((-1, -1), {})
        self._nulls: tuple[int, dict[InfoClaim, bool]] = (-1, {})   # `_holds_null`'s
        # The team's story (`_story`): day -> the weighed teams at its start, ranked (their
        # indices, their masks); night -> each hypothesis's fake team; claim -> its holding
        # in each hypothesis's story.
        self._ranked: dict[int, tuple[Any, Any]] = {}
        self._fakes: dict[int, Any] = {}
        self._stories: dict[InfoClaim, tuple[Any, Any]] = {}
        self._evil_f: dict[InfoClaim, tuple[Any, Any]] = {}     # claim -> (story, factors)
        self._joint_c: tuple[Any, Any] | None = None    # (key, `_joint`'s array)
        self._joint_sel: dict[InfoClaim, tuple[Any, Any, int]] = {}   # `_joint`: claim ->
                                                            # (g, its teams, FRAME_RANKS)
        self._ones_arr: Any = None
        # Evidence from what happened (votes, nominations, day abilities, quiet nights).
        self.noms: list[tuple[str, str, int, int]] = []     # nominator, nominee, voters, could vote
        # per nomination: (the votes it needed to put its nominee to death, its votes, the
        # living, whether the nominee nominated itself claiming a Demon): `reads.vote_log`
        self.nom_ctx: list[tuple[int, int, int, bool]] = []
        self._tallies: list[tuple[str, int, int]] = []     # today's (nominee, votes, threshold)
        self.catch_noms: list[int] = []     # nominations a catch may explain (`reads.catch_log`)
        self.catchers = reads.catchers(list(script))
        self.exec_alive: dict[int, int] = {}   # day -> players alive before its execution
        self.announced: set[str] = set()    # abilities the Storyteller announced to all
        self.nominated: set[str] = set()
        self.first_nominator: dict[str, str] = {}   # nominee -> who nominated them first
        self.virgin_triggers: list[tuple[str, str]] = []    # (Virgin, nominator)
        self.shots: list[tuple[str, str, bool]] = []        # (shooter, target, killed)
        self._shot: tuple[str, str] | None = None           # a shot awaiting its outcome
        self.quiet_nights: list[int] = []
        # (player, its likelihood ratio if a Minion, if the Demon: against a good player)
        self.timing: list[tuple[str, float, float]] = []
        self.day_pool = 0                   # living players unclaimed at the day's start
        self.n_facts = 0                    # facts of evidence so far
        self._ev: Any = None                # (facts, claims version, log-factor array)
        self._ev_fixed: Any = None          # (facts done, array) of claim-free facts
        self._ev_claims: Any = None         # (what it depends on, array) of the others

    # ---- the record ----------------------------------------------------------------------
    def add(self, ev: dict) -> None:
        """Read the next public event of the game (each exactly once, in order)."""
        self.n_public += 1
        t = ev["type"]
        if t == "claim":
            who, cid = ev["player"], ev["character"]
            mixed = self.story and "info" in ev and isinstance(ev.get("night"), int) \
                and ev["night"] < STORY_FROM and who in self.bit \
                and who not in self.travellers
            # The teams the claimant could have framed: the record as it stood before
            # the claim (as its team drew them: `evilplan.night_one`).
            before = self._frame_ranks(self.bit[who]) if mixed else None
            top = self._top_ranks() if mixed and self.joint else None
            if who not in self.claims and who in self.bit and who not in self.travellers:
                self._timing(who)
            if who in self.exposed:
                cid = self.exposed[who]         # a later bluff does not hide a use
            elif CONFESSIONS_STICK and TEAMS.get(cid) in EVIL and who in self.bit \
                    and who not in self.travellers:
                # A claim of an evil character (a Minion's claim of the Goblin when
                # nominated, of the Demon to give itself up) is a confession: a later
                # bluff of a good character does not take it back.
                self.exposed[who] = cid
            if self.claims.get(who) != cid:
                self.claims[who] = cid
                self.claims_ver += 1
            if "info" in ev and isinstance(ev.get("night"), int):
                c = InfoClaim(who, cid, ev["night"], ev["info"], ev.get("chose") or [],
                              self.sheet)
                if before is not None and c.ability is not None:
                    c.mix = self._mixture(c, before)
                    c.ranks = top
                self.infos.append(c)
            self.version += 1
        elif t == "dawn":
            self._note_catch(ev["number"] - 1)
            for n in ev.get("deaths", ()):
                if n not in self.died:
                    self.died[n] = ("night", ev["number"])
                    self.night_killed.add(n)
            if not ev.get("deaths") and ev["number"] > 1:
                self.quiet_nights.append(ev["number"])
                self.n_facts += 1
            self.version += 1
        elif t == "death":
            n = ev["player"]
            if ev.get("cause") == "execution" and n not in self.died:
                self.exec_alive[ev["number"]] = sum(1 for x in self.seated
                                                    if x not in self.died)
            if n not in self.died:
                self.died[n] = (ev["phase"], ev["number"])
            if ev.get("cause") == "execution":
                self.executed[ev["number"]] = n
            shot = self._shot
            if shot is not None and shot[1] == n and ev.get("cause") == "ability":
                self.shots.append((shot[0], n, True))
                self._shot = None
                self.n_facts += 1
            self.version += 1
        elif t == "nominate":
            if isinstance(ev.get("number"), int) and ev.get("by") in self.seat:
                # the day's nominators, in seat order (a world's `nominators`: the Town
                # Crier's truths read them)
                day = self.nominators.setdefault(ev["number"], ())
                if ev["by"] not in day:
                    self.nominators[ev["number"]] = tuple(sorted(
                        (*day, ev["by"]), key=self.seat.__getitem__))
            target = ev["target"]
            if target not in self.nominated:
                self.nominated.add(target)
                self.first_nominator[target] = ev["by"]
                self.n_facts += 1       # a claimed Virgin's first nomination
        elif t == "nomination":
            bit = self.bit
            voters = 0
            for v in ev.get("voters", ()):
                voters |= bit.get(v, 0)
            living = 0
            for n in self.players:
                if n not in self.died:
                    living |= bit[n]
            target = bit.get(ev["target"], 0)
            self.noms.append((ev["by"], ev["target"], voters & ~target,
                              (living | voters) & ~target))
            self.nom_ctx.append((reads.bar(self._tallies, int(ev.get("threshold", 1 << 30))),
                                 int(ev.get("votes", 0)), living,
                                 ev["by"] == ev["target"]
                                 and TEAMS.get(self.claims.get(ev["target"], "")) == "demon"))
            self._tallies.append((ev["target"], int(ev.get("votes", 0)),
                                  int(ev.get("threshold", 1 << 30))))
            self.n_facts += 1
            self.version += 1
        elif t == "ability_triggered":
            if ev.get("ability") == "virgin" and "target" in ev:
                self.virgin_triggers.append((ev["player"], ev["target"]))
                self.n_facts += 1
                self.version += 1
        elif t == "claim_ability":
            if ev.get("character") in DEMON_SHOTS and isinstance(ev.get("target"), str):
                self._shot = (ev["player"], ev["target"])
            who, cid = ev.get("player"), ev.get("character")
            if isinstance(who, str) and isinstance(cid, str) and TEAMS.get(cid) in EVIL \
                    and who in self.bit and self.claims.get(who) != cid:
                # A public use of a Minion's or a Demon's ability (the Vizier's execution):
                # its user said what they are, as a claim of that character says it.
                self.exposed[who] = cid
                self.claims[who] = cid
                self.claims_ver += 1
                self.version += 1
        elif t == "nothing_happens":
            shot = self._shot
            if shot is not None and ev.get("ability") in DEMON_SHOTS:
                self.shots.append((shot[0], shot[1], False))
                self._shot = None
                self.n_facts += 1
                self.version += 1
        elif t == "day":
            self.day_pool = self._unclaimed()
            if self.story and isinstance(ev.get("number"), int) and ev["number"] >= 2:
                self._rank_day(ev["number"])
            self._tallies = []
        elif t == "day_end":
            for n in self.seated:
                if n not in self.died and n not in self.claims:
                    self.timing.append((n, SILENT_MINION / SILENT_GOOD,
                                        SILENT_DEMON / SILENT_GOOD))
                    self.n_facts += 1
                    self.version += 1
        elif t == "announcement":
            if isinstance(ev.get("ability"), str):
                self.announced.add(ev["ability"])
        elif t == "seating":
            self.traveller_chars = dict(ev.get("travellers") or {})
            dead = ev.get("dead")
            if dead:                            # a grimoire written mid-game (an import)
                for n in dead:
                    if n not in self.died:
                        self.died[n] = ("night", 0)
                self.version += 1
        elif t == "traveller_joined":
            self.traveller_chars[ev["player"]] = ev["character"]

    def _note_catch(self, day: int) -> None:
        """The game went on after day `day`'s execution: if five or more (not Travellers)
        lived before it and a catcher is on the script, the nominations of the executed
        player that day may have been a catch (`reads.catch_log`)."""
        who = self.executed.get(day)
        if who is None or not self.catchers or who not in self.seat:
            return
        if self.exec_alive.get(day, 0) < 5:
            return
        start = len(self.noms) - len(self._tallies)
        for i in range(start, len(self.noms)):
            if self.noms[i][1] == who:
                self.catch_noms.append(i)
                self.n_facts += 1

    def _unclaimed(self) -> int:
        return sum(1 for n in self.seated if n not in self.died and n not in self.claims)

    def _timing(self, who: str) -> None:
        """Note when `who` first claims: among the last few of the day's unclaimed living
        players (as many as the evil team) or not. Good players say who they are when
        their turn comes; evil players without a safe bluff wait until the town has spoken
        (a Minion does not know which characters are in play), so a late first claim is
        evidence of a Minion: LATE_MINION for a Minion, the share of the day's unclaimed
        players it would be by chance for a good player (or the Demon)."""
        pool, k = self.day_pool, 1 + self.n_minions
        if pool <= k:
            return                          # too few left to say anything
        late = self._unclaimed() <= k
        good = k / pool
        if late:
            self.timing.append((who, LATE_MINION / good, 1.0))
        else:
            self.timing.append((who, (1.0 - LATE_MINION) / (1.0 - good), 1.0))
        self.n_facts += 1

    def alive_at_night(self, name: str, night: int) -> bool:
        d = self.died.get(name)
        if d is None:
            return True
        phase, num = d
        return num > night if phase == "night" else num >= night

    def placeholder(self) -> str:
        """A good character for a player who has not claimed: a Townsfolk nobody claimed."""
        ver, found = self._placeholder
        if ver == self.claims_ver:
            return found
        taken = set(self.claims.values())
        found = next((c for c in self.townsfolk if c not in taken),
                     self.townsfolk[0] if self.townsfolk else "washerwoman")
        self._placeholder = (self.claims_ver, found)
        return found

    # ---- hypotheses ----------------------------------------------------------------------
    def hypotheses(self) -> list[tuple]:
        """(Demon's bit, evil mask, Minions, Demon's seat, evil seats) for every evil team,
        or a seeded sample of them."""
        if self._hyps is not None:
            return self._hyps
        key = (tuple(self.players), tuple(self.seated), self.n_minions)
        found = _HYPOTHESES.get(key)
        if found is not None:
            self._hyps = found
            return found
        seated, bit, m = self.seated, self.bit, self.n_minions
        total = len(seated) * _comb(len(seated) - 1, m)
        out = []
        if total <= EXACT:
            for d in seated:
                rest = [n for n in seated if n != d]
                for ms in itertools.combinations(rest, m):
                    mask = bit[d]
                    for x in ms:
                        mask |= bit[x]
                    out.append((bit[d], mask, ms, self.seat[d],
                                tuple(self.seat[x] for x in (d, *ms))))
        else:
            rng = seeded("hypotheses:" + ",".join(self.players))
            seen = set()
            while len(out) < EXACT:
                d = seated[randrange(rng, len(seated))]
                rest = [n for n in seated if n != d]
                ms_list: list[str] = []
                while len(ms_list) < m:
                    x = rest[randrange(rng, len(rest))]
                    if x not in ms_list:
                        ms_list.append(x)
                ms = tuple(sorted(ms_list, key=self.seat.__getitem__))
                mask = bit[d]
                for x in ms:
                    mask |= bit[x]
                if (bit[d], mask) not in seen:
                    seen.add((bit[d], mask))
                    out.append((bit[d], mask, ms, self.seat[d],
                                tuple(self.seat[x] for x in (d, *ms))))
        self._hyps = out
        if len(_HYPOTHESES) > 32:
            _HYPOTHESES.clear()
        _HYPOTHESES[key] = out
        return out

    def _structure(self) -> tuple[Any, Any]:
        """(what it depends on, the structural weight of each hypothesis)."""
        bit = self.bit
        masks = self._masks
        if masks[0] != (len(self.died), len(self.night_killed)):
            dead = 0
            for n in self.died:
                dead |= bit.get(n, 0)
            killed = 0
            for n in self.night_killed:
                killed |= bit.get(n, 0)
            masks = self._masks = ((len(self.died), len(self.night_killed)), dead, killed)
        _n, dead, killed = masks
        found = self._claim_masks
        if found[0] != self.claims_ver:
            groups: dict[str, int] = {}
            claims_evil = 0
            for who, cid in self.claims.items():
                if who not in bit or who in self.travellers:
                    continue
                groups[cid] = groups.get(cid, 0) | bit[who]
                if TEAMS.get(cid) not in GOOD:
                    claims_evil |= bit[who]
            dups = tuple(sorted(g for g in groups.values() if g & (g - 1)))
            out_mask = tf_mask = 0
            for cid, g in groups.items():
                team = TEAMS.get(cid)
                if team == "outsider":
                    out_mask |= g
                elif team == "townsfolk":
                    tf_mask |= g
            found = self._claim_masks = (self.claims_ver, dups, claims_evil, out_mask, tf_mask)
        _v, dups, claims_evil, out_mask, tf_mask = found
        key = (dead, killed, dups, claims_evil, out_mask, tf_mask,
               self.n_facts, self.claims_ver if self.n_facts else 0)
        if self._struct is not None and self._struct[0] == key:
            return key, self._struct[1]
        # One pass over the hypotheses as arrays (`_matrix`): logs of the factors. The
        # deaths' and the claims' part is kept while they stay (a vote adds evidence only).
        import numpy as np
        evil, demon = self._matrix()
        part_key = key[1:6]
        part = self._struct_part
        if part is None or part[0] != part_key:
            logw = (evil @ self._vec(killed)) * np.log(NIGHT_KILLED_EVIL)
            for g in dups:
                extra = g.bit_count() - (evil @ self._vec(g)) - 1
                logw += np.maximum(extra, 0.0) * np.log(DUPLICATE)
            if claims_evil:
                logw += (claims_evil.bit_count() - evil @ self._vec(claims_evil)) \
                    * np.log(GOOD_CLAIMS_EVIL)
                confess = reads.confessions(self, evil, demon)
                if confess is not None:
                    logw += confess
            if out_mask or tf_mask:
                logw += self._outsiders(out_mask, tf_mask)
            part = self._struct_part = (part_key, logw)
        logw = part[1]
        if self.n_facts:
            logw = logw + self._evidence()
        found = self._alive
        if found[0] != dead:
            alive = self._vec(dead)[demon] == 0
            undead = self._undead(dead)
            if undead[0]:
                alive = alive | (self._vec(undead[0])[demon] == 1)
            after = (self._vec(undead[0])[demon] * undead[1]) if undead[0] else None
            vetoed = self._vetoed(dead, alive)
            if vetoed is not None:
                alive = alive | vetoed[0]
                after = vetoed[1] if after is None else after + vetoed[1]
            found = self._alive = (dead, alive, ~alive, bool(alive.any()), after)
        _dead, alive, gone, some, afterlife = found
        if afterlife is not None:
            logw = logw + afterlife
        if some:
            logw = logw - logw[alive].max()     # relative weights: no underflow
        w = np.exp(logw)
        w[gone] = 0.0
        self._struct = (key, w)
        return key, w

    def _undead(self, dead: int) -> tuple[int, float]:
        """(dead seats who may still be the Demon, the log of that chance): on a script
        with a Demon that lives on after its first death registering dead (its class
        acts while dead, `Ability.acts_while_dead`: the Zombuul), a player who died other
        than by the Demon's night kill may be it, with the share of the script's Demons
        that can."""
        share = undead_share(self.script)
        if not share:
            return 0, 0.0
        from math import log
        mask = dead
        for n in self.night_killed:
            mask &= ~self.bit.get(n, 0)
        return mask, log(share)

    def _vetoed(self, dead: int, alive: Any) -> tuple[Any, Any] | None:
        """(the hypotheses whose dead Demon leaves the game going, the log of that chance)
        on a script with a Minion whose own rule vetoes good's win (a class that overrides
        `Ability.veto_outcome`: the Evil Twin, "good can't win if you both live"): the
        game goes on after its Demon's death if that Minion is in play and alive, a chance
        of `veto_share` for each living Minion of the hypothesis. The Storyteller does not
        say why the game goes on, so the town weighs that world against a living Demon."""
        share = veto_share(self.script)
        if not share or not dead:
            return None
        import numpy as np
        evil, _demon = self._matrix()
        living = (1 << len(self.players)) - 1 - dead
        chance = np.minimum(evil @ self._vec(living) * share, 1.0)
        possible = ~alive & (chance > 0.0)
        if not possible.any():
            return None
        return possible, np.where(possible, np.log(np.maximum(chance, 1e-300)), 0.0)

    def _outsiders(self, out_mask: int, tf_mask: int) -> Any:
        """The log-likelihood of the claimed Outsider count in each hypothesis. Good players
        claim truly (a Drunk a Townsfolk): the k good Outsider claimants must be among the
        Outsiders in play, whose count is the table's plus a setup change (`out_deltas`: a
        Baron's +2 in play or not), the t good Townsfolk claimants among the Townsfolk (one
        may be the Drunk); the rest are dealt among the good players who have not claimed.
        So Outsider claims beyond the table's count are evidence for a Baron, or for a lie:
        an evil claimant bluffs an Outsider with chance EVIL_OUTSIDER."""
        found = self._out_cache
        if found is not None and found[0] == (out_mask, tf_mask):
            return found[1]
        import numpy as np
        evil, _demon = self._matrix()
        # The same claims give the same array in every game of this seating and script
        # (what follows reads only them, the hypotheses and the script's counts): kept.
        hyps = self.hypotheses()
        shared_key = (id(hyps), out_mask, tf_mask, len(self.seated), self.n_minions,
                      self.counts.get("outsider", 0), self.n_outsiders_script,
                      bool(self.believers), tuple(self.out_deltas), self.n_hidden,
                      EVIL_OUTSIDER, OUTSIDERS_FLOOR)
        shared = _OUTSIDERS.get(shared_key)
        if shared is not None and shared[0] is hyps:
            self._out_cache = ((out_mask, tf_mask), shared[1])
            return shared[1]
        e_out = evil @ self._vec(out_mask)
        e_tf = evil @ self._vec(tf_mask)
        k_all, t_all = out_mask.bit_count(), tf_mask.bit_count()
        g = len(self.seated) - 1 - self.n_minions     # good players
        base = self.counts.get("outsider", 0)
        n_out = max(self.n_outsiders_script, 1)
        drunk = bool(self.believers)
        pairs, inverse = np.unique(e_out * 64 + e_tf, return_inverse=True)
        vals = []
        for pair in pairs.tolist():
            k, t = k_all - int(pair) // 64, t_all - int(pair) % 64
            free = g - k - t
            f = 0.0
            for delta, q in self.out_deltas:
                o = min(max(base + delta, 0), g)
                whole = _comb(g, o)
                if not whole:
                    continue
                if self.n_hidden > 1:
                    f += q * _hidden_outsiders(o, k, t, free, n_out, self.n_hidden) / whole
                    continue
                plain = _comb(free, o - k) / whole
                pi = min(1.0, o / n_out) if drunk and o > 0 else 0.0
                if pi:
                    with_drunk = (t * _comb(free, o - 1 - k)
                                  + (o - k) * _comb(free, o - k)) / (o * whole) \
                        if o - k >= 0 else 0.0
                    f += q * ((1.0 - pi) * plain + pi * with_drunk)
                else:
                    f += q * plain
            vals.append(max(f, OUTSIDERS_FLOOR))
        like = np.array(vals)[inverse.reshape(-1)]
        out = np.log(like) + e_out * np.log(EVIL_OUTSIDER) \
            + e_tf * np.log(1.0 - EVIL_OUTSIDER)
        self._out_cache = ((out_mask, tf_mask), out)
        if len(_OUTSIDERS) > 1024:
            _OUTSIDERS.clear()
        _OUTSIDERS[shared_key] = (hyps, out)
        return out

    # ---- evidence: what the table saw happen ------------------------------------------------
    def _matrix(self) -> Any:
        """The hypotheses as arrays: (evil[h, seat] in 0/1, the Demon's seat of each)."""
        hyps = self.hypotheses()
        found = _MATRICES.get(id(hyps))
        if found is not None and found[0] is hyps:
            return found[1], found[2]
        import numpy as np
        evil = np.zeros((len(hyps), len(self.players)))
        for hi, h in enumerate(hyps):
            evil[hi, list(h[4])] = 1.0
        demon = np.array([h[3] for h in hyps], dtype=np.intp)
        seats = np.array([h[4] for h in hyps], dtype=np.intp).reshape(len(hyps), -1)
        if len(_MATRICES) > 32:
            _MATRICES.clear()
        # [seat + 1, h]: 1 where that seat is good (row 0: all ones), one contiguous row
        # per seat, read by a good player's marginals (`_marginals`)
        left = np.ascontiguousarray(
            np.concatenate((np.ones((len(hyps), 1)), 1.0 - evil), axis=1).T)
        _MATRICES[id(hyps)] = (hyps, evil, demon, seats, left)
        return evil, demon

    def _seats(self) -> Any:
        """The hypotheses' evil seats as an array [h, the Demon then its Minions]."""
        self._matrix()
        return _MATRICES[id(self.hypotheses())][3]

    def _vec(self, mask: int) -> Any:
        """A mask of seats as a 0/1 array (cached: the same masks recur all game, and in
        every game of as many seats; read only)."""
        v = self._vecs.get(mask)
        if v is None:
            n = len(self.players)
            v = _VECS.get((n, mask))
            if v is None:
                import numpy as np
                if len(_VECS) > 4096:
                    _VECS.clear()
                v = _VECS[(n, mask)] = np.array([(mask >> i) & 1 for i in range(n)],
                                                dtype=float)
            self._vecs[mask] = v
        return v

    def _evidence(self) -> Any:
        """The log of the factor of every hypothesis from the evidence (votes, nominations, day
        shots, the Virgin, quiet nights): a product of likelihood ratios, each against a
        good player's behaviour, so a good player's votes say nothing about them."""
        import numpy as np
        ev = self._ev
        if ev is not None and ev[0] == self.n_facts and ev[1] == self.claims_ver:
            return ev[2]
        evil, demon = self._matrix()
        seat = self.seat
        fixed = self._ev_fixed
        done = (0, 0, 0, 0, 0)
        logw = np.zeros(len(demon))
        if fixed is not None:
            done, logw = fixed[0], fixed[1].copy()
        # Votes: an evil voter raises a hand more often than the table for a good nominee
        # and less often for a teammate; an evil nominator rarely nominates a teammate.
        n_noms, n_shots, n_trig, n_time, n_catch = done
        for i in range(n_noms, len(self.noms)):
            logw += reads.vote_log(self, i, evil, demon) * self.vote_weight
            pair = self._pair_log(i, evil, demon)
            if pair is not None:
                logw += pair
            pair = self._pair_hand(i, evil, demon)      # taken back from the vote's reading
            if pair is not None:
                logw += pair * self.vote_weight
        for i in self.catch_noms[n_catch:]:
            logw += reads.catch_log(self, i, evil, demon) * self.vote_weight
        # A Demon shot: one that did nothing clears its target of being the Demon (unless
        # the shooter is evil, or drunk or poisoned); one that killed was a real shot.
        for shooter, target, killed in self.shots[n_shots:]:
            if shooter not in seat:
                continue
            good_shooter = 1 - evil[:, seat[shooter]]
            if killed:
                logw += (1 - good_shooter) * np.log(SHOOTER_EVIL)
            elif target in seat:
                logw += good_shooter * (demon == seat[target]) * np.log(SHOT_MISSED)
        # The Virgin's ability worked: her nominator registers as a Townsfolk, she is real.
        for virgin, nominator in self.virgin_triggers[n_trig:]:
            if nominator in seat:
                logw += evil[:, seat[nominator]] * np.log(TRIGGER_EVIL)
            if virgin in seat:
                logw += evil[:, seat[virgin]] * np.log(VIRGIN_EVIL)
        # When a player first claimed (late or not), and who never claimed all day.
        for who, as_minion, as_demon in self.timing[n_time:]:
            if who in seat and as_minion > 0.0 and as_demon > 0.0:
                # A Demon claims as early as a good player (its bluffs are safe): the
                # timing of a first claim speaks of a Minion only.
                i = seat[who]
                is_demon = demon == i
                logw += (evil[:, i] - is_demon) * np.log(as_minion) \
                    + is_demon * np.log(as_demon)
        fixed_now = (len(self.noms), len(self.shots), len(self.virgin_triggers),
                     len(self.timing), len(self.catch_noms))
        self._ev_fixed = (fixed_now, logw.copy())
        # Facts that depend on the claims (recomputed when they or these facts change).
        ckey = (self.claims_ver, len(self.first_nominator), len(self.virgin_triggers),
                len(self.quiet_nights), len(self.died))
        if self._ev_claims is not None and self._ev_claims[0] == ckey:
            logw += self._ev_claims[1]
            self._ev = (self.n_facts, self.claims_ver, logw)
            return logw
        fixed_logw, logw = logw, np.zeros(len(demon))
        claims = self.claims
        triggered = {v for v, _n in self.virgin_triggers}
        for virgin, nominator in self.first_nominator.items():
            if claims.get(virgin) != "virgin" or virgin in triggered \
                    or TEAMS.get(claims.get(nominator, "")) != "townsfolk" \
                    or virgin not in seat or nominator not in seat:
                continue
            both_good = (1 - evil[:, seat[virgin]]) * (1 - evil[:, seat[nominator]])
            logw += both_good * np.log(VIRGIN_SILENT)
        if self.quiet_nights:
            guards = [n for n, c in claims.items() if n in seat and protects(c)]
            for night in self.quiet_nights:
                alive = [seat[n] for n in guards if self.alive_at_night(n, night)]
                if alive:
                    none_good = np.prod(evil[:, alive], axis=1)
                else:
                    none_good = 1.0
                logw += none_good * np.log(QUIET_UNEXPLAINED)
        self._ev_claims = (ckey, logw)
        logw = fixed_logw + logw
        self._ev = (self.n_facts, self.claims_ver, logw)
        return logw

    def _pair_log(self, i: int, evil: Any, demon: Any) -> Any:
        """The log-factor of nomination `i` when it answers an earlier one (its nominee
        nominated its nominator) on a script with a vetoing Minion (`veto_share`): the two
        may be the Twins, one a Minion and the other good (`TWIN_PAIR`); None otherwise."""
        by, target = self.noms[i][0], self.noms[i][1]
        if by == target or by not in self.seat or target not in self.seat \
                or not veto_share(self.script):
            return None
        if not any(b == target and t == by for b, t, _v, _c in self.noms[:i]):
            return None
        if any(b == by and t == target for b, t, _v, _c in self.noms[:i]):
            return None         # read once, at the pair's first answer
        import numpy as np
        a, b = self.seat[by], self.seat[target]
        minion_a = evil[:, a] * (demon != a)
        minion_b = evil[:, b] * (demon != b)
        one = minion_a * (1 - evil[:, b]) + minion_b * (1 - evil[:, a])
        return one * np.log(TWIN_PAIR)

    def _pair_hand(self, i: int, evil: Any, demon: Any) -> Any:
        """The hand of a player on the nominee it has nominated and been nominated by (the
        two may be the Twins, each voting to execute the other: `plays._eviltwin_hand`)
        at nomination `i`, on a script with a vetoing Minion: taken back from the vote's
        reading (`reads.vote_log`), as a convention, not a good or evil voter's choice.
        None when there is nothing to take back."""
        by, target, voters, could = self.noms[i]
        if target not in self.seat or not veto_share(self.script):
            return None
        upto = self.noms[:i + 1]
        partners = [b for b, t, _v, _c in upto if t == target and b != target
                    and b in self.seat and any(b2 == target and t2 == b
                                               for b2, t2, _v2, _c2 in upto)]
        if not partners or could.bit_count() <= 1:
            return None
        import numpy as np
        up, down, terms = reads._hand_terms(self, i)
        t = self.seat[target]
        is_demon = (demon == t).astype(float)
        kinds = (("good", 1.0 - evil[:, t]), ("minion", evil[:, t] - is_demon),
                 ("demon", is_demon))
        out = np.zeros(len(demon))
        for p in set(partners):
            b = self.bit[p]
            if not (up | down) & b:
                continue
            for kind, m in kinds:
                lh, ln = terms[kind]
                out -= m * evil[:, self.seat[p]] * (lh if up & b else ln)
        return out

    def _selection(self, skey: Any, base: Any, exact: bool) -> tuple[Any, Any]:
        """The hypotheses weighed, (indices, weights) as arrays: all of them (exact), or a
        priority sample (cached while the structure stays the same)."""
        key = (skey, exact)
        if self._sel is not None and self._sel[0] == key:
            return self._sel[1]
        import numpy as np
        if exact:
            sel = (np.arange(len(base)), base)      # the Demon dead: weight 0
        else:
            # Priority sampling (Duffield, Lund and Thorup): each hypothesis has a fixed
            # uniform u for the whole game; the SAMPLES with the highest w/u are kept, each
            # weighing max(w, tau) (tau: the next highest priority), an unbiased estimate
            # of every sum over hypotheses. Fixed u's keep the same hypotheses chosen while
            # the weights change little, so their information checks stay cached.
            arr = base * self._priorities(len(base))
            k = SAMPLES + 1
            if len(arr) > k:
                # The k highest priorities (ties in index order, as a stable sort's).
                cut = arr[np.argpartition(arr, len(arr) - k)[len(arr) - k]]
                cand = np.flatnonzero(arr >= cut)
            else:
                cand = np.arange(len(arr))
            top = cand[np.argsort(-arr[cand], kind="stable")][:k]
            top = top[base[top] > 0.0]
            tau = float(arr[top[SAMPLES]]) if len(top) > SAMPLES else 0.0
            top = top[:SAMPLES]
            sel = (top, np.maximum(base[top], tau) if tau else base[top])
        self._sel = (key, sel)
        return sel

    def _priorities(self, n: int) -> Any:
        if len(self._uniforms) != n:
            key = (tuple(self.players), n)
            found = _UNIFORMS.get(key)      # seeded by the seating: the same every game
            if found is None:
                import numpy as np
                rng = seeded("samples:" + ",".join(self.players))
                found = np.array([1.0 / (1.0 - rng.random())      # 1/u, u in (0, 1]
                                  for _ in range(n)])
                if len(_UNIFORMS) > 32:
                    _UNIFORMS.clear()
                _UNIFORMS[key] = found
            self._uniforms = found
        return self._uniforms

    def _claimants(self) -> tuple[Any, frozenset, int]:
        """(the product over claimants of their information's weight in every hypothesis,
        the claimants whose checks read the whole table, weighed one sampled hypothesis at
        a time instead (`_info_weight`), how many claims those have). A claimant's weight
        in a hypothesis: evil, the product of EVIL_TRUE for each claim true in its world
        and EVIL_FALSE for each claim not;
        good, the product of the claims' factors, or with chance `drunk_each` (a claimed
        Townsfolk who may be the Drunk) DRUNK_TRUE for each claim."""
        key = (len(self.infos), self.claims_ver)
        if self._claimed[0] == key:
            return self._claimed[1]
        import numpy as np
        arrays: dict[str, list] = {}
        said_by: dict[str, list[InfoClaim]] = {}
        sampled: set[str] = set()
        for c in self.infos:
            if c.ability is None or c.who not in self.seat:
                continue
            a = self._claim_array(c)
            if a is None:
                sampled.add(c.who)
            else:
                arrays.setdefault(c.who, []).append(a)
                said_by.setdefault(c.who, []).append(c)
        full = None
        if arrays.keys() - sampled:
            evil, _demon = self._matrix()
            full = np.ones(len(evil))
            for who, fs in arrays.items():
                if who in sampled:
                    continue
                said = self.claims.get(who, "")
                evs = [self._evil_array(c, f) for c, f in zip(said_by[who], fs)]
                kept = self._per_claimant.get(who)
                if kept is not None and kept[0] == said and len(kept[1]) == len(fs) \
                        and all(a is b for a, b in zip(kept[1], fs)) \
                        and all(a is b for a, b in zip(kept[3], evs)):
                    full *= kept[2]
                    continue
                pf = fs[0].copy()
                pe = evs[0].copy()
                for f, e in zip(fs[1:], evs[1:]):
                    pf *= f
                    pe *= e
                pi = self.drunk_each if TEAMS.get(self.claims.get(who, "")) == "townsfolk" \
                    else 0.0
                good = (1.0 - pi) * pf + pi * DRUNK_TRUE ** len(fs) if pi else pf
                if self.story and self.spy_each:
                    own = [f for c, f in zip(said_by[who], fs) if c.ranks is None]
                    if own:                 # (the joint claims' Spy: `_joint`)
                        pe = self._spy_mix(who, pe, own)
                mine = np.where(evil[:, self.seat[who]] == 1.0, pe, good)
                self._per_claimant[who] = (said, fs, mine, evs)
                full *= mine
        n_sampled = sum(1 for c in self.infos if c.who in sampled and c.ability is not None)
        out = (full, frozenset(sampled), n_sampled)
        self._claimed = (key, out)
        return out

    def _claim_array(self, c: InfoClaim) -> Any:
        """Claim `c`'s factor (`_factor`) in every hypothesis, or None when its check reads
        the whole table (then it is weighed on sampled hypotheses only). The hypotheses are
        grouped by the roles of the seats the check read (`_roles`): a group's members give
        those seats the same players, so one check answers them all; a check that reads a
        seat the group does not share splits the group."""
        if c.reads_all:
            return None
        if c in self._arrays:
            found = self._arrays[c]
            return found[0] if found is not None else None
        if not self._said_at_arrays:
            self._said_at_arrays = self._said()
        import numpy as np
        hyps = self.hypotheses()
        columns = self._role_columns(c.named_minion, c.pointed, c.named_demon)
        me = self.seat[c.who]
        out = np.empty(len(hyps))
        work: list[tuple[Any, frozenset]] = [(np.arange(len(hyps)), frozenset())]
        read: set[int] = set()
        checks = whole = 0
        while work:
            idx, shared = work.pop()
            f = self._factor(c, hyps[int(idx[0])])
            checks += 1
            if c.wide:
                # Too many groups, or checks that read (nearly) everyone most of the time
                # (a Chef's count): weighed on the sample.
                whole += len(self._hit) >= len(self.players) - 1
                if checks > WIDE_CHECKS or (whole > 2 and 2 * whole > checks):
                    c.reads_all = True
            if c.reads_all:
                self._arrays[c] = None
                return None
            read.update(self._hit)
            need = shared.union(self._hit) - {me}
            if need <= shared:
                out[idx] = f
                continue
            # (every hypothesis: the columns themselves, not a gather)
            every = len(idx) == len(hyps)
            cols = [columns[j] if every else columns[j][idx] for j in sorted(need)]
            code = cols[0]
            for col in cols[1:]:
                code = code * 64 + col
            # The groups in the order of their codes, each in the order of idx (a stable
            # sort): one sort, then slices.
            order = np.argsort(code, kind="stable")
            ranked = code[order]
            members = idx[order]
            cuts = [0, *(np.flatnonzero(ranked[1:] != ranked[:-1]) + 1).tolist(), len(idx)]
            need_f = frozenset(need)
            for g in range(len(cuts) - 1):
                work.append((members[cuts[g]:cuts[g + 1]], need_f))
        read.add(me)
        self._arrays[c] = (out, frozenset(read))
        return out

    # ---- the team's story: one framing world for all its claims --------------------------
    def _evil_array(self, c: InfoClaim, f: Any) -> Any:
        """Claim `c`'s factor in every hypothesis where its claimant is evil (`f`: its
        factor there as a good claimant's, in the true world): against the team's story
        (`_story`), or with STORY off the per-claim rates in the true world. The same
        array while what it depends on stays (`_claimants` keeps a claimant's weight)."""
        import numpy as np
        if self.story and c.mix >= 0.0 and c.ranks is not None:
            return self._ones(len(f))       # read with its team's other claims: `_joint`
        if self.story and c.mix >= 0.0:
            found = self._evil_f.get(c)
            if found is not None and found[0] is None and len(found[1]) == len(f):
                return found[1]
            out = np.full(len(f), STORY_TRUE * c.mix + STORY_FALSE * (1.0 - c.mix))
            self._evil_f[c] = (None, out)
            return out
        story = self.story and c.night >= STORY_FROM
        on = self._story(c) if story else f
        found = self._evil_f.get(c)
        if found is not None and found[0] is on:
            return found[1]
        out = np.where(on == 1.0, STORY_TRUE, STORY_FALSE) if story \
            else np.where(on == 1.0, EVIL_TRUE, EVIL_FALSE)
        self._evil_f[c] = (on, out)
        return out

    def _frame_ranks(self, bit: int) -> list[tuple[int, float]]:
        """[(hypothesis, weight)]: the FRAME_RANKS likeliest teams of the public posterior
        now without the player of `bit` (ties in the posterior's order), as a team draws
        its night-1 fake team (`evilplan.night_one`)."""
        import numpy as np
        idx, w = self._weights()
        keep = (w > 0.0) & ((self._hyp_masks()[idx] & bit) == 0)
        idx, w = idx[keep], w[keep]
        order = np.argsort(-w, kind="stable")[:FRAME_RANKS]    # (a stable sort: ties kept)
        return list(zip(idx[order].tolist(), w[order].tolist()))

    def _mixture(self, c: InfoClaim, ranks: list[tuple[int, float]]) -> float:
        """The share of the weight of `ranks` (the teams `c`'s claimant could have framed)
        in which claim `c` holds: its information true where that team is the Demon and its
        Minions and everyone else is as claimed (`_factor`). 1.0 when there are none."""
        hyps = self.hypotheses()
        total = hit = 0.0
        for hi, wi in ranks:
            total += wi
            if self._factor(c, hyps[hi]) == 1.0:
                hit += wi
        return hit / total if total > 0.0 else 1.0

    def _top_ranks(self) -> tuple[Any, Any]:
        """(hypothesis indices, weights) of the JOINT_RANKS likeliest teams of the public
        posterior now (ties in the posterior's order, as `evilplan.night_one` sorts)."""
        import numpy as np
        idx, w = self._weights()
        keep = w > 0.0
        idx, w = idx[keep], w[keep]
        order = np.argsort(-w, kind="stable")[:JOINT_RANKS]
        return idx[order].copy(), w[order].copy()

    def _ones(self, n: int) -> Any:
        import numpy as np
        found = self._ones_arr
        if found is None or len(found) != n:
            found = self._ones_arr = np.ones(n)
        return found

    def _joint(self) -> Any:
        """Per hypothesis, the likelihood of its evil team's night-1 claims read together
        (with STORY and JOINT): the team drew one fake team for all its members when its
        first member spoke (`evilplan.night_one`), from the public posterior as it stood
        just before that claim (`c.ranks`), the FRAME_RANKS likeliest teams without any of
        its members, by weight; each member's night-1 claim weighs STORY_TRUE where it
        holds in that team's world (the team the Demon and its Minions, everyone else as
        claimed) and STORY_FALSE where not (each team weighed FRAME_MISS for each claim
        before the first member's that it makes false, as the team drew it); a Minion's claim may be the Spy's (the share
        `spy_each`), true in the true world (not for a claim whose check reads the whole
        table, `reads_all`: a check in every hypothesis would cost too much, so a Spy's
        night-1 Chef count is read as a frame). The array is the mixture over the draws:
        sum_F w_F prod_c factor_c(F) / sum_F w_F; 1 where the team made no such claim;
        where no team is left to frame, each claim against the world with nobody evil."""
        import numpy as np
        mixed = [c for c in self.infos
                 if c.ranks is not None and c.ability is not None and c.who in self.seat]
        key = (len(mixed), self.claims_ver)     # (later nights' claims do not change it)
        found = self._joint_c
        if found is not None and found[0] == key:
            return found[1]
        evil, demon = self._matrix()
        hyps = self.hypotheses()
        n = len(hyps)
        out = np.ones(n)
        if mixed:
            masks = self._hyp_masks()
            first = np.full(n, -1, dtype=np.intp)
            for j, c in enumerate(mixed):
                m = (first < 0) & (evil[:, self.seat[c.who]] == 1.0)
                first[m] = j
            lst, lsf = np.log(STORY_TRUE), np.log(STORY_FALSE)
            for j, cj in enumerate(mixed):
                g = np.flatnonzero(first == j)
                if not len(g):
                    continue
                ranks = cj.ranks
                assert ranks is not None
                cidx, cw = ranks
                # The teams each hypothesis of g may have drawn (apart from its members,
                # the first FRAME_RANKS of them): a function of g and the ranks alone,
                # kept per first member's claim while its g stays (claims come after one
                # another: a later one leaves an earlier first member's g as it was).
                kept_sel = self._joint_sel.get(cj)
                if kept_sel is not None and kept_sel[2] == FRAME_RANKS \
                        and len(kept_sel[0]) == len(g) and bool((kept_sel[0] == g).all()):
                    sel = kept_sel[1]
                else:
                    apart = (masks[g][:, None] & masks[cidx][None, :]) == 0
                    sel = apart & (np.cumsum(apart, axis=1) <= FRAME_RANKS)
                    self._joint_sel[cj] = (g, sel, FRAME_RANKS)
                if FRAME_MISS != 1.0 and j:
                    # the claims before its first member's are all outside the team: the
                    # frames they refute are (nearly) never drawn (`night_one_frames`)
                    miss = np.zeros(len(cidx))
                    for c in mixed[:j]:
                        miss += 1.0 - self._holds_at(c, cidx)
                    cw = cw * FRAME_MISS ** miss
                wsel = sel * cw[None, :]
                tot = wsel.sum(axis=1)
                logp = np.zeros((len(g), len(cidx)))
                null = np.zeros(len(g))
                for c in mixed[j:]:
                    s = self.seat[c.who]
                    rows = np.flatnonzero(evil[g, s] == 1.0)    # where it is a member
                    if not len(rows):
                        continue
                    holds = self._holds_at(c, cidx)
                    arr = self._claim_array(c)
                    held = self._holds_null(c)
                    if self.spy_each and arr is not None:
                        # per row: (1 - q) S(the frame's world) + q S(the true world)
                        q = self.spy_each * (demon[g[rows]] != s)
                        st = np.where(arr[g[rows]] == 1.0, STORY_TRUE, STORY_FALSE)
                        hi = np.log((1.0 - q) * STORY_TRUE + q * st)
                        lo = np.log((1.0 - q) * STORY_FALSE + q * st)
                        logp[rows] += lo[:, None] + (hi - lo)[:, None] * holds[None, :]
                        null[rows] += hi if held else lo
                    else:
                        logp[rows] += (lsf + (lst - lsf) * holds)[None, :]
                        null[rows] += lst if held else lsf
                top = logp.max(axis=1, initial=0.0)
                val = (wsel * np.exp(logp - top[:, None])).sum(axis=1)
                framed = tot > 0.0
                out[g] = np.where(framed, val / np.where(framed, tot, 1.0) * np.exp(top),
                                  np.exp(null))
        self._joint_c = (key, out)
        return out

    def night_one_frames(self, mask: int) -> tuple[list[int], list[float]]:
        """The teams an evil team (`mask`: its members) may frame on night 1 and their
        weights: the FRAME_RANKS likeliest of the public posterior now with none of its
        members (ties in the posterior's order), each times FRAME_MISS for each night-1
        information claim said so far by a player outside the team that is false in that
        team's world (`evilplan.night_one` draws from them; `_joint` reads the draw)."""
        import numpy as np
        idx, w = self._weights()
        hyps = self.hypotheses()
        cands = [(hi, wi) for hi, wi in zip(idx.tolist(), w.tolist())
                 if wi > 0.0 and not hyps[hi][1] & mask]
        cands.sort(key=lambda x: -x[1])
        cands = cands[:FRAME_RANKS]
        if not cands:
            return [], []
        cidx = np.array([hi for hi, _w in cands], dtype=np.intp)
        weights = np.array([wi for _h, wi in cands])
        if FRAME_MISS != 1.0:
            miss = np.zeros(len(cands))
            for c in self.infos:
                if c.night == 1 and c.ability is not None and c.who in self.bit \
                        and not self.bit[c.who] & mask:
                    miss += 1.0 - self._holds_at(c, cidx)
            weights = weights * FRAME_MISS ** miss
        return cidx.tolist(), weights.tolist()

    def _holds_at(self, c: InfoClaim, cidx: Any) -> Any:
        """1.0 where claim `c` holds in the world of each hypothesis of `cidx` (its
        claimant good as claimed), else 0.0 (read only). Kept per claim and `cidx` (by
        identity: a claim's `ranks`) while the claims and their arrays stay (`_joint` asks
        each claim at each of its team's first member's ranks, once per member before it)."""
        import numpy as np
        ver = (self.claims_ver, self._checks_ver)
        held = self._held
        if held[0] != ver:
            held = self._held = (ver, {})
        key = (c, id(cidx))
        kept = held[1].get(key)
        if kept is not None and kept[0] is cidx:
            return kept[1]
        arr = self._claim_array(c)
        if arr is not None:
            out = (arr[cidx] == 1.0).astype(float)
        else:
            hyps = self.hypotheses()
            out = np.array([1.0 if self._factor(c, hyps[i]) == 1.0 else 0.0
                            for i in cidx.tolist()])
        held[1][key] = (cidx, out)
        return out

    def _holds_null(self, c: InfoClaim) -> bool:
        """Whether claim `c` holds in the world with nobody evil (everyone as claimed: its
        `_base`), kept per claims version (`_joint` asks it once per team's first member;
        the check's memo entries and flags are written by the first asking, as a second
        would write them again)."""
        found = self._nulls
        if found[0] != self.claims_ver:
            found = self._nulls = (self.claims_ver, {})
        kept = found[1].get(c)
        if kept is None:
            kept = found[1][c] = self._shows(c, tuple(self._base(c))) == 1.0
        return kept

    def _hyp_masks(self) -> Any:
        """Every hypothesis's evil mask as an int64 array (shared per seating)."""
        import numpy as np
        hyps = self.hypotheses()
        found_m = _MASKS.get(id(hyps))
        if found_m is None or found_m[0] is not hyps:
            arr = np.array([h[1] for h in hyps], dtype=np.int64)
            if len(_MASKS) > 32:
                _MASKS.clear()
            found_m = _MASKS[id(hyps)] = (hyps, arr)
        return found_m[1]

    def _spy_mix(self, who: str, pe: Any, fs: list) -> Any:
        """An evil claimant's weight `pe` (against its team's story) where it is a Minion
        that may be one that sees the Grimoire and registers as good (the Spy: the script's
        share of such Minions, `spy_each`): its information then holds in the true world,
        as a good claimant's (`fs`, its claims' factors there), at the story's rates."""
        import numpy as np
        evil, demon = self._matrix()
        i = self.seat[who]
        spy = np.where(fs[0] == 1.0, STORY_TRUE, STORY_FALSE)
        for f in fs[1:]:
            spy = spy * np.where(f == 1.0, STORY_TRUE, STORY_FALSE)
        q = self.spy_each * (demon != i)
        return (1.0 - q) * pe + q * spy

    def _rank_day(self, day: int) -> None:
        """At day `day`'s start: the weighed evil teams ranked by weight, the likeliest
        first (ties in the posterior's order), as `evilplan` picks a team's fake team from
        them; kept for the claims of that night."""
        import numpy as np
        idx, w = self._weights()
        keep = w > 0.0
        idx, w = idx[keep], w[keep]
        order = np.argsort(-w, kind="stable")[:FRAME_RANKS]
        ranked = idx[order]
        hyps = self.hypotheses()
        masks = np.array([hyps[i][1] for i in ranked.tolist()], dtype=np.int64)
        self._ranked[day] = (ranked, masks)
        self._fakes.pop(day, None)

    def _fake(self, night: int) -> Any:
        """Per hypothesis, the index of the team its evil team frames in its claims of
        `night`: the likeliest team at that day's start with none of its members
        (`evilplan.on_day`), -1 for none (night 1, or no such team: nobody framed)."""
        found = self._fakes.get(night)
        if found is not None:
            return found
        import numpy as np
        n = len(self.hypotheses())
        ranked = self._ranked.get(night)
        if ranked is None or not len(ranked[0]):
            out = np.full(n, -1, dtype=np.intp)
        else:
            found_m = _MASKS.get(id(self.hypotheses()))
            if found_m is None or found_m[0] is not self.hypotheses():
                arr = np.array([h[1] for h in self.hypotheses()], dtype=np.int64)
                if len(_MASKS) > 32:
                    _MASKS.clear()
                found_m = _MASKS[id(self.hypotheses())] = (self.hypotheses(), arr)
            apart = (found_m[1][:, None] & ranked[1][None, :]) == 0
            first = apart.argmax(axis=1)
            out = np.where(apart[np.arange(n), first], ranked[0][first], -1)
        self._fakes[night] = out
        return out

    def _story(self, c: InfoClaim) -> Any:
        """1.0 where claim `c` holds in the story of each hypothesis's evil team, else 0.0:
        the world where the team is good as claimed and its fake team of `c`'s night
        (`_fake`) is the Demon and its Minions (as `Table.invent` makes it; nobody evil
        where there is no fake team). So every claim of the team that night is read
        against the same framed world, and a team whose claims agree with one framing of
        another team is the likelier for it."""
        import numpy as np
        night_key = c.night in self._ranked
        key = (self.claims_ver, night_key)
        found = self._stories.get(c)
        if found is not None and found[0] == key:
            return found[1]
        fakes = self._fake(c.night)
        hyps = self.hypotheses()
        null = self._shows(c, tuple(self._base(c))) == 1.0
        out = np.full(len(hyps), 1.0 if null else 0.0)
        if night_key:
            arr = self._claim_array(c)
            for fi in np.unique(fakes[fakes >= 0]).tolist():
                f = arr[fi] if arr is not None else self._factor(c, hyps[fi])
                out[fakes == fi] = 1.0 if f == 1.0 else 0.0
        self._stories[c] = (key, out)
        return out

    def _roles(self, named: str | None, pointed: tuple, demon: str | None = None) -> Any:
        """Every hypothesis's seats as role codes [h, seat]: 0 good, else 1 + the index of
        the evil character `_evil_players` gives the seat (the Demon the script's, the
        Minions the script's in order, one the information names and points at as that
        one; the Demon `demon`, the one the information names, if any), as arrays."""
        pseats = tuple(self.seat[x] for x in pointed if x in self.seat) if named else ()
        hyps = self.hypotheses()
        demon = demon or self.demon_char
        key = (id(hyps), demon, tuple(self.minions_on_script), named, pseats)
        found = _ROLES.get(key)         # the same for every game at this seating
        if found is not None and found[0] is hyps:
            return found[1]
        import numpy as np
        seats = self._seats()
        n_h, n = len(seats), len(self.players)
        names: list[str] = []          # codes only group: any numbering within one array

        def code(ch: str) -> int:
            if ch not in names:
                names.append(ch)
            return 1 + names.index(ch)

        rows = np.arange(n_h)
        roles = np.zeros((n_h, n), dtype=np.int16)
        roles[rows, seats[:, 0]] = code(demon)
        m = seats.shape[1] - 1
        plain = [code(ch) for ch in self._minion_seq(None, m)]
        if named is None or not pseats or not m:
            for j in range(m):
                roles[rows, seats[:, 1 + j]] = plain[j]
        else:
            minions = seats[:, 1:]
            hit = np.isin(minions, pseats)
            has = hit.any(axis=1)
            first = hit.argmax(axis=1)
            rest = np.array([code(ch) for ch in self._minion_seq(named, m - 1)] or [0])
            for j in range(m):
                rank = np.minimum(j - (j > first), len(rest) - 1)
                taken = np.where(first == j, code(named), rest[rank])
                roles[rows, minions[:, j]] = np.where(has, taken, plain[j])
        if len(_ROLES) > 256:
            _ROLES.clear()
        _ROLES[key] = (hyps, roles)
        return roles

    def _role_columns(self, named: str | None, pointed: tuple,
                      demon: str | None = None) -> list:
        """`_roles` as one contiguous int64 array per seat (every hypothesis's role code of
        that seat), shared per seating as `_roles` is: a claim's groups are split by them."""
        import numpy as np
        roles = self._roles(named, pointed, demon)
        found = _COLUMNS.get(id(roles))
        if found is not None and found[0] is roles:
            return found[1]
        cols = [np.ascontiguousarray(roles[:, j], dtype=np.int64)
                for j in range(roles.shape[1])]
        if len(_COLUMNS) > 256:
            _COLUMNS.clear()
        _COLUMNS[id(roles)] = (roles, cols)
        return cols

    def _minion_seq(self, taken: str | None, m: int) -> list[str]:
        """The characters `_evil_players` gives m Minions in seat order, none of them
        `taken` (the one the information names)."""
        spare = self.minions_on_script
        out, k = [], 0
        for _ in range(m):
            while k < len(spare) - 1 and spare[k] == taken:
                k += 1
            out.append(spare[k] if spare else "poisoner")
            if k < len(spare) - 1:
                k += 1
        return out

    def _info_weight(self, hi: int) -> float:
        """The product of every information claim's factor in hypothesis `hi` (each claim
        multiplied in once: claims only ever come after one another). A good claimant of a
        Townsfolk may be the Drunk (`drunk_each`): their claims then hold or not alike
        (DRUNK_TRUE each), so a claimant whose every night was wrong is not taken as evil
        beyond the chance that they are the Drunk."""
        infos = self.infos
        n = len(infos)
        done, w, mine = self._prod.get(hi, (0, 1.0, None))
        if done < n:
            h = self.hypotheses()[hi]
            mask, bit = h[1], self.bit
            mine = dict(mine) if mine else {}
            w = 1.0
            sampled = self._prod_sig
            for ci in range(done, n):
                c = infos[ci]
                if c.ability is None or c.who not in sampled:
                    continue
                f = self._factor(c, h)
                if mask & bit.get(c.who, 0):
                    # An evil claimant invents: information that holds in this world too
                    # is less likely from them than from a good claimant (they do not
                    # know the others' characters).
                    if self.story and c.mix >= 0.0 and c.ranks is not None:
                        f = f_spy = 1.0     # read with its team's other claims: `_joint`
                    elif self.story and c.mix >= 0.0:
                        # A night-1 claim: the mixture over the teams it could frame
                        f, f_spy = STORY_TRUE * c.mix + STORY_FALSE * (1.0 - c.mix), \
                            STORY_TRUE if f == 1.0 else STORY_FALSE
                    elif self.story and c.night >= STORY_FROM:
                        # Against the team's story; as a Spy's, against the true world
                        f, f_spy = (STORY_TRUE if self._story(c)[hi] == 1.0
                                    else STORY_FALSE), \
                            STORY_TRUE if f == 1.0 else STORY_FALSE
                    else:
                        f = f_spy = EVIL_TRUE if f == 1.0 else EVIL_FALSE
                    pf, pg = mine.get(c.who, (1.0, 1.0))
                    mine[c.who] = (pf * f, pg * f_spy)
                else:
                    pf, pg = mine.get(c.who, (1.0, 1.0))
                    mine[c.who] = (pf * f, pg * DRUNK_TRUE)
            pi_all = self.drunk_each
            spy = self.spy_each if self.story else 0.0
            for who, (pf, pg) in mine.items():
                b = bit.get(who, 0)
                if mask & b:
                    pi = spy if b != h[0] else 0.0        # a Minion may be the Spy
                else:
                    pi = pi_all if TEAMS.get(self.claims.get(who, "")) == "townsfolk" \
                        else 0.0
                w *= (1.0 - pi) * pf + pi * pg if pi else pf
            self._prod[hi] = (n, w, mine)
        return w

    def _factor(self, c: InfoClaim, h: tuple) -> float:
        """Claim `c` in hypothesis `h`, its claimant taken as good and as claimed: 1 if
        true, else EPS_INFO. A claim whose checks read the whole table (`reads_all`) keeps
        its answer per hypothesis while the claims stay the same (`_whole`): the sample's
        hypotheses are weighed again when the sample changes, and the evil team's night-1
        draw asks the same teams (`_holds_at`)."""
        whole_key: tuple | None = None
        if c.reads_all:
            found = self._whole
            if found[0] != self.claims_ver:
                found = self._whole = (self.claims_ver, {})
            whole_key = (c, h[0], h[1], self.executed.get(c.night - 1),
                         self.nominators.get(c.night - 1, ()))
            f_kept = found[1].get(whole_key)
            if f_kept is not None:
                return f_kept
        base = self._base(c)
        named = c.named_minion
        key = (h[0], h[1], c.night, named, c.pointed if named is not None else None,
               c.named_demon)
        evil = self._evils.get(key)
        if evil is None:
            evil = self._evils[key] = self._evil_players(c, h, base)
        me = self.seat[c.who]
        if me in evil:
            evil = {i: wp for i, wp in evil.items() if i != me}
        if not c.reads_all:
            get = evil.get
            said = self._said()
            for seats, table in c.memo.items():
                f = table.get((*[get(i) or base[i] for i in seats], *[said[i] for i in seats],
                               said[-1]))
                if f is not None:
                    self._hit = seats
                    return f
        players = list(base)
        for i, wp in evil.items():
            players[i] = wp
        f = self._shows(c, tuple(players))
        if whole_key is not None:
            self._whole[1][whole_key] = f
        return f

    def _evil_players(self, c: InfoClaim, h: tuple, base: list) -> dict[int, WorldPlayer]:
        """Seat -> WorldPlayer of hypothesis `h`'s evil players on claim `c`'s night: the
        script's Demon (the one the information names, if any), and Minions (one the
        information names and points at as that one, the others the script's in order)."""
        dbit, _mask, ms, di = h[0], h[1], h[2], h[3]
        named, pointed = c.named_minion, c.pointed
        seat, new = self.seat, tuple.__new__
        spare = self.minions_on_script
        out = {}
        k = 0
        taken = named if named is not None and any(x in pointed for x in ms) else None
        for x in ms:
            i = seat[x]
            if taken is not None and x in pointed and named is not None:
                ch, named = taken, None
            else:
                while k < len(spare) - 1 and spare[k] == taken:
                    k += 1
                ch = spare[k] if spare else "poisoner"
                if k < len(spare) - 1:
                    k += 1
            p = base[i]
            out[i] = new(WorldPlayer, (p[0], i, ch, "evil", p[4], False, False))
        p = base[di]
        out[di] = new(WorldPlayer, (p[0], di, c.named_demon or self.demon_char, "evil", p[4],
                                    False, False))
        return out

    def _shows(self, c: InfoClaim, players: tuple) -> float:
        """1 if `c`'s information is true for its claimant in the world of `players` (on
        its night, with its choice); else the best of the registrations that would make it
        true (`_alternates`: a claimed Recluse registering as evil, a Minion as good), else
        EPS_INFO; memoised by what the checks read."""
        global _READS
        rest = (EMPTY, {c.who: c.chose} if c.chose else EMPTY, EMPTY,
                self.executed.get(c.night - 1), (), self.nominators.get(c.night - 1, ()))
        if c.reads_all:
            w = tuple.__new__(World, (players, *rest))
            return self._check(c, w, players)
        tracked = tuple.__new__(_Tracked, (_Seats(players), *rest))
        _READS = reads = []
        try:
            f = self._check(c, tracked, players)
        except Exception:
            f, reads = 1.0, [_ALL]
        finally:
            _READS = None
        if _ALL in reads:
            c.reads_all = True
        else:
            seat = self.seat
            seats = tuple(sorted({seat[n] for n in reads if n in seat}))
            if _WIDE in reads:
                c.wide = True
            said = self._said()
            c.memo.setdefault(seats, {})[(*[players[i] for i in seats],
                                          *[said[i] for i in seats], said[-1])] = f
            self._hit = seats
        return f

    def _check(self, c: InfoClaim, world: World, players: tuple) -> float:
        try:
            if c.ability.shows(world, c.info, c.who):
                return 1.0
        except Exception:       # a world this ability cannot read: it says nothing
            return 1.0
        best = EPS_INFO
        for regs, f in self._alternates(c, players):
            if f <= best:
                continue
            try:
                if c.ability.shows(world._replace(registrations=regs), c.info, c.who):
                    best = f
            except Exception:
                continue
        return best

    def _alternates(self, c: InfoClaim, players: tuple) -> list[tuple[dict, float]]:
        """Registrations that may explain information false in a hypothesis's world, each
        with its chance: the good claimants of a character that may register as evil (a
        Recluse: as the Demon, as a Minion; the Storyteller's choice, REGISTERED), the
        hypothesis's Minions as what they claim, good (one may be the Spy: `spy_each`)."""
        out: list[tuple[dict, float]] = []
        claims, me = self.claims, c.who
        ver, claimed = self._misreg
        if ver != self.claims_ver:
            script = self.script
            claimed = {n: r for n, ch in claims.items()
                       if (r := misregistrations(ch, script))}
            self._misreg = (self.claims_ver, claimed)
        evil_regs: dict[str, list] = {}
        spy: dict[str, tuple[str, str]] = {}
        for p in tuple.__iter__(players):
            name = p[0]
            if name == me:
                continue
            if p[3] == "good":
                if name in claimed and p[2] == claims.get(name):
                    evil_regs[name] = claimed[name]
            elif self.spy_each and TEAMS.get(p[2]) == "minion":
                said = claims.get(name, "")
                spy[name] = (said if TEAMS.get(said) in GOOD else self.placeholder(),
                             "good")
        if evil_regs:
            for team in ("demon", "minion"):
                want = c.named_minion if team == "minion" else c.named_demon
                regs = {}
                for n, options in evil_regs.items():
                    pick = next((r for r in options if r[0] == want), None) or next(
                        (r for r in options if TEAMS.get(r[0]) == team), None)
                    if pick is not None:
                        regs[n] = pick
                if regs:
                    out.append((regs, REGISTERED))
        if spy:
            out.append((spy, max(EPS_INFO, REGISTERED * self.spy_each)))
        return out

    def _said(self) -> list:
        """What each seat claims (None: nothing yet), then the placeholder character: the
        part of a check's memo key beyond the world's players (a Minion's claim is what a
        Spy registers as, `_alternates`), per claims version."""
        found = self._said_c
        if found[0] != self.claims_ver:
            claims = self.claims
            found = self._said_c = (self.claims_ver,
                                    [claims.get(n) for n in self.players] + [self.placeholder()])
        return found[1]

    def _base(self, c: InfoClaim) -> list:
        """Claim `c`'s night with everyone good as claimed (cached per claims version)."""
        if c.base is not None and c.base_ver == self.claims_ver:
            return c.base
        night, placeholder, new = c.night, self.placeholder(), tuple.__new__
        players = []
        for i, n in enumerate(self.players):
            alive = self.alive_at_night(n, night)
            if n in self.travellers:
                ch = self.traveller_chars.get(n, placeholder)
                players.append(new(WorldPlayer, (n, i, ch, "good", alive, True, False)))
                continue
            ch = self.claims.get(n) or placeholder
            if TEAMS.get(ch) not in GOOD:
                ch = placeholder
            players.append(new(WorldPlayer, (n, i, ch, "good", alive, False, False)))
        c.base, c.base_ver = players, self.claims_ver
        return players

    def posterior(self) -> list[tuple[int, tuple[int, ...], int, float]]:
        """[(Demon's seat, evil seats, evil mask, weight)] for the public record now."""
        idx, w = self._weights()
        hyps = self.hypotheses()
        return [(hyps[hi][3], hyps[hi][4], hyps[hi][1], wi)
                for hi, wi in zip(idx.tolist(), w.tolist()) if wi > 0.0]

    def _weights(self, fresh: bool = True) -> tuple[Any, Any]:
        """(indices of the hypotheses weighed, their weights) as arrays, for the public
        record now (`fresh=False`: as last computed)."""
        post = self._post
        if post is not None and (post[0] == self.version or not fresh):
            return post[1]
        hyps = self.hypotheses()
        skey, base = self._structure()
        n_info = len(self.infos)
        key = (skey, n_info, self.claims_ver)
        if post is not None and self._post_key == key:
            self._post = (self.version, post[1])
            return post[1]
        if self._checks_ver != self.claims_ver:
            # Worlds changed: every product again; the checks' memos stay (their keys hold
            # what they read, claims included: `_shows`), so most are lookups; a claim's
            # array stays while the seats its checks read say the same (`_said`).
            self._prod.clear()
            before, said = self._said_at_arrays, self._said()
            if len(before) != len(said) or before[-1] != said[-1]:
                self._arrays.clear()
            else:
                changed = {i for i, (a, b) in enumerate(zip(before, said)) if a != b}
                if changed:
                    self._arrays = {c: a for c, a in self._arrays.items()
                                    if a is not None and not changed & a[1]}
            self._said_at_arrays = said
            self._checks_ver = self.claims_ver
        full, sampled, n_sampled = self._claimants()
        prior = base * full if full is not None else base
        if self.story and self.joint and any(c.ranks is not None for c in self.infos):
            prior = prior * self._joint()
        exact = not n_sampled or len(hyps) * n_sampled <= CHECKS
        idx, w = self._selection((skey, n_info, self.claims_ver), prior, exact)
        if n_sampled:
            import numpy as np
            if self._prod_sig != sampled:
                self._prod.clear()
                self._prod_sig = sampled
            weigh = self._info_weight
            w = w * np.array([weigh(hi) for hi in idx.tolist()])
        if len(w) > 64:
            # Hypotheses below 1e-9 of the likeliest change no marginal by more than the
            # float error of summing the rest: left out (the dead Demon's weigh 0).
            top = float(w.max()) if len(w) else 0.0
            keep = w > top * 1e-9
            if not keep.all():
                idx, w = idx[keep], w[keep]
        out = (idx, w)
        self._post = (self.version, out)
        self._sub = None
        self._post_key = key
        self._marg = {}
        return out

    # ---- marginals -----------------------------------------------------------------------
    def _marginals(self, exclude: int, demon: bool, fresh: bool = True) -> dict[str, float]:
        """A player's marginals: over all the hypotheses weighed (`exclude` 0, the public
        view), or over those where the seat of bit `exclude` is good (a good player's own
        view): a weighted count per seat (bincount: no matrix product, whose threads cost
        more CPU than they save at these sizes)."""
        idx, w = self._weights(fresh)
        key = (exclude, demon)
        m = self._marg.get(key)
        if m is not None:
            return m
        row = exclude.bit_length()              # the seat's row (0: every hypothesis)
        d = self._dall
        if d is None or d[0] is not w:
            d = self._dall = self._every_row(idx, w)
        if demon:
            return self._demon_row(row, d[1], d[2], key)
        total = d[1][row]
        if total <= 0.0:
            m = dict.fromkeys(self.players, 0.0)
        else:
            import numpy as np
            seats = d[4]
            acc = np.bincount(seats.ravel(), weights=np.repeat(d[3][row], seats.shape[1]),
                              minlength=len(self.players)).tolist()
            m = dict(zip(self.players, [a / total for a in acc]))
        self._marg[key] = m
        return m

    def _every_row(self, idx: Any, w: Any) -> tuple[Any, list, list, Any, Any]:
        """One weighing's rows for every seat at once (a good player asks its own: about 8 a
        weighing at 10 players): (the weights, each row's total, the Demon's weighted count
        per row and seat (a flat list), the rows [seat + 1, h] (w where that seat is good,
        row 0 every hypothesis), the weighed hypotheses' evil seats). Each row's products,
        its sum along a contiguous row, its counts (added in hypothesis order) and their
        divisions are the same floats as one row's alone."""
        import numpy as np
        hyps = self.hypotheses()
        found = _MATRICES[id(hyps)] if id(hyps) in _MATRICES else None
        if found is None or found[0] is not hyps:
            self._matrix()
            found = _MATRICES[id(hyps)]
        sub = self._sub
        whole = len(idx) == len(hyps)           # every hypothesis: no copy
        if sub is None or sub[0] is not idx:
            sub = self._sub = (idx, *((found[2], found[3]) if whole else
                                      (found[2][idx], found[3][idx])))
        _idx, dseat, seats = sub
        n = len(self.players)
        rows = found[4] if whole else np.ascontiguousarray(found[4][:, idx])
        ww = rows * w
        k = len(rows)
        bins = (np.arange(k)[:, None] * n + dseat).ravel()
        return (w, ww.sum(axis=1).tolist(),
                np.bincount(bins, weights=ww.ravel(), minlength=k * n).tolist(), ww, seats)

    def _demon_row(self, row: int, totals: list, acc: list, key: Any) -> dict[str, float]:
        """Seat row `row`'s Demon marginals from every row's totals and weighted counts
        (`_marginals`), kept for this weighing."""
        total = totals[row]
        n = len(self.players)
        if total <= 0.0:
            m = dict.fromkeys(self.players, 0.0)
        else:
            m = dict(zip(self.players, [a / total for a in acc[row * n:(row + 1) * n]]))
        self._marg[key] = m
        return m

    def public_demon(self, fresh: bool = True) -> dict[str, float]:
        """name -> chance of being the Demon, from public information alone; `fresh=False`:
        as last computed."""
        return self._marginals(0, True, fresh)

    def public_evil(self, fresh: bool = True) -> dict[str, float]:
        """name -> chance of being evil from public information; `fresh=False`: as last
        computed (a night choice: nothing said since the day's last vote matters)."""
        return self._marginals(0, False, fresh)

    def demon_chances(self, me: str, fresh: bool = True) -> dict[str, float]:
        """name -> chance of being the Demon for a good player `me` (never evil)."""
        return self._marginals(self.bit.get(me, 0), True, fresh)

    def evil_chances(self, me: str) -> dict[str, float]:
        return self._marginals(self.bit.get(me, 0), False)

    def target_chances(self, me: str) -> dict[str, float]:
        """name -> chance that executing them is what good needs, for a good player `me`:
        the Demon where the Demon lives; in a hypothesis whose dead Demon left the game
        going (a Minion's veto of good's win while it lives: `_vetoed`), each of its
        living Minions alike (one of them holds the veto). With no such veto on the
        script, or nobody dead yet, the Demon chances (`demon_chances`)."""
        if not self.died or not veto_share(self.script):
            return self.demon_chances(me)
        idx, w = self._weights()
        self._structure()
        dead = self._alive[0]
        import numpy as np
        evil, demon = self._matrix()
        if len(idx) != len(demon):
            evil, demon = evil[idx], demon[idx]
        mine = self.bit.get(me, 0)
        if mine:
            w = w * (1.0 - evil[:, mine.bit_length() - 1])
        total = float(w.sum())
        if total <= 0.0:
            return dict.fromkeys(self.players, 0.0)
        gone = self._vec(dead)[demon] == 1
        living = evil * self._vec((1 << len(self.players)) - 1 - dead)
        k = living.sum(axis=1)
        moved = gone & (k > 0)
        acc = np.bincount(demon[~moved], weights=w[~moved], minlength=len(self.players))
        if moved.any():
            acc = acc + (living[moved] * (w[moved] / k[moved])[:, None]).sum(axis=0)
        return dict(zip(self.players, (acc / total).tolist()))

    def likeliest_team(self, me: str) -> tuple[tuple[str, tuple[str, ...]], float] | None:
        """((the Demon, its Minions), chance) of the likeliest evil team for a good player
        `me` (never evil), or None when nothing is weighed."""
        exclude = self.bit.get(me, 0)
        total, best, best_w = 0.0, None, -1.0
        for di, evil, mask, w in self.posterior():
            if mask & exclude:
                continue
            total += w
            if w > best_w:
                best, best_w = (di, evil), w
        if best is None or total <= 0.0:
            return None
        di, evil = best
        names = self.players
        return (names[di], tuple(names[i] for i in evil if i != di)), best_w / total

    def informs(self, cid: str) -> bool:
        return truths_of(cid) is not None

    # ---- inventing information -----------------------------------------------------------
    def invent(self, bluff: str, me: str, frames: list[str], day: int, rng) -> dict | None:
        """Information for `me`'s claimed `bluff` learned last night (night 1 on day 1), true
        in the world where `frames` are the Demon and its Minions and everyone else is as
        claimed: {"night", "info", "chose"?}, or None if the bluff learns nothing then."""
        ab = truths_of(bluff, self.sheet)
        if ab is None:
            return None
        fn = ab.truths
        night = day
        data = D.get(bluff)
        if not (data.first_night if night == 1 else data.other_night):
            return None
        demon = self.demons_on_script[0] if self.demons_on_script else "imp"
        minions = list(self.minions_on_script) or ["poisoner"]
        # Players who have not claimed yet get distinct unclaimed Townsfolk; information
        # about them is avoided (what they will claim is unknown).
        spare = [c for c in self.townsfolk if c not in self.claims.values() and c != bluff]
        known = {me, *frames, *(n for n in self.claims if n in self.seat)}
        players = []
        for i, n in enumerate(self.players):
            alive = self.alive_at_night(n, night)
            if n == me:
                ch, al = bluff, "good"
            elif n in frames:
                k = frames.index(n)
                ch = demon if k == 0 else minions[(k - 1) % len(minions)]
                al = "evil"
            else:
                ch = self.claims.get(n) or ""
                if TEAMS.get(ch) not in GOOD:
                    ch = spare.pop(randrange(rng, len(spare))) if spare else bluff
                al = "good"
            players.append(WorldPlayer(n, i, ch, al, alive, n in self.travellers, False))
        world = World(tuple(players), executed=self.executed.get(night - 1),
                      nominators=self.nominators.get(night - 1, ()))
        others = [n for n in self.players if n != me and n not in frames]
        tries: list[list[str]] = [[]]
        # An ability that needs a choice: as many players as others claimed to choose for
        # it, else (an ability acting every night) two, then one, else (one that acts on
        # its holder's death, the Ravenkeeper) one if `me` died that night. Whether the
        # ability acted for `me` that night at all is the caller's (`reasoning.acts_for`).
        sizes = sorted({len(c.chose) for c in self.infos if c.character == bluff and c.chose})
        if not sizes and data.first_night and data.other_night:
            sizes = [2, 1]
        elif not sizes and self.died.get(me) == ("night", night):
            sizes = [1]
        if frames and others:
            for k in sizes:
                pick = [frames[0]] + [others[randrange(rng, len(others))]][:k - 1]
                tries.append(sorted(set(pick), key=self.seat.__getitem__))
        for chose in tries:
            w = world._replace(choices={me: tuple(chose)}) if chose else world
            try:
                true = fn(w, me)
            except Exception:
                continue
            if true:
                safe = [t for t in true if all(x in known for x in t.get("players", ()))]
                pool = safe or true
                out: dict[str, Any] = {"night": night,
                                       "info": dict(pool[randrange(rng, len(pool))])}
                if chose:
                    out["chose"] = chose
                return out
        return None


def outsider_deltas(script: list[str], counts: dict) -> list[tuple[int, float]]:
    """[(change of the Outsider count at setup, chance)]: the distribution the script's
    setup changes make (each character's data `setup_change`, engine/setup.py: `outsiders`
    (the Baron +2, the Fang Gu +1, the Vigormortis -1), `outsiders_choice` (the Balloonist),
    `outsiders_any` (the Kazali), `requires` of an Outsider (the Huntsman's Damsel)), each
    in play with the chance its team's slots give it (a Minion: the Minion slots over the
    script's Minions). Read from the data, not from names."""
    n_team = {t: sum(TEAMS.get(c) == t for c in script) for t in TEAMS_ORDER}
    dist: dict[int, float] = {0: 1.0}
    for cid in script:
        change = D.get(cid).setup_change or {}
        team = TEAMS.get(cid)
        if not change or team not in n_team or not n_team[team]:
            continue
        p = min(1.0, counts.get(team, 0) / n_team[team])
        opts: list[int] = []
        if "outsiders" in change:
            opts = [int(change["outsiders"])]
        elif "outsiders_choice" in change:
            opts = [int(x) for x in change["outsiders_choice"]]
        elif change.get("outsiders_any"):
            opts = list(range(-counts.get("outsider", 0), counts.get("minion", 0) + 1))
        elif TEAMS.get(change.get("requires", "")) == "outsider":
            drawn = min(1.0, counts.get("outsider", 0) / max(n_team["outsider"], 1))
            p *= 1.0 - drawn
            opts = [1]
        if p <= 0.0 or not opts or opts == [0]:
            continue
        new: dict[int, float] = {}
        for d, q in dist.items():
            new[d] = new.get(d, 0.0) + q * (1.0 - p)
            for o in opts:
                new[d + o] = new.get(d + o, 0.0) + q * p / len(opts)
        dist = new
    return sorted(dist.items())


TEAMS_ORDER = ("townsfolk", "outsider", "minion", "demon")
_MISREG: dict[tuple, list[tuple[str, str]]] = {}


def misregistrations(cid: str, script: list[str]) -> list[tuple[str, str]]:
    """The (character, alignment) pairs a holder of `cid` may register as besides the truth,
    from its own rule code (`Ability.false_registrations`: the Recluse as an evil Minion or
    Demon, the Spy as a good Townsfolk or Outsider), on this script; [] for most."""
    key = (cid, tuple(script))
    found = _MISREG.get(key)
    if found is not None:
        return found
    from types import SimpleNamespace
    from ..characters import REGISTRY
    cls = REGISTRY.get(cid)
    found = []
    if cls is not None and getattr(cls, "misregisters", False):
        inst = object.__new__(cls)
        inst.state = {}
        inst.game = SimpleNamespace(script=SimpleNamespace(
            of_team=lambda team: [c for c in script if TEAMS.get(c) == team]))
        inst.player = SimpleNamespace(character=cid)
        inst.origin, inst.source, inst.active = "character", None, True
        try:
            found = [(c, a) for c, a in inst.false_registrations()
                     if a != D.get(cid).default_alignment]
        except Exception:       # a rule that needs a game: no registration modelled
            found = []
    _MISREG[key] = found
    return found
_BELIEVERS: dict[str, bool] = {}


def believes_townsfolk(cid: str) -> bool:
    """Whether a good Outsider `cid` believes they are a Townsfolk (the Drunk: its class's
    `unaware` and `believes`), so claims one, truthfully as far as they know."""
    found = _BELIEVERS.get(cid)
    if found is None:
        from ..characters import REGISTRY
        cls = REGISTRY.get(cid)
        found = _BELIEVERS[cid] = (cls is not None and TEAMS.get(cid) == "outsider"
                                   and bool(getattr(cls, "unaware", False))
                                   and "townsfolk" in getattr(cls, "believes", ()))
    return found


_PROTECTS: dict[str, bool] = {}
_SHARES: dict[tuple, float] = {}        # (script, team, hook) -> `_override_share`


_HIDES: dict[str, bool] = {}
_HIDDEN: dict[str, bool] = {}


def hides(cid: str) -> bool:
    """Whether a good player with character `cid` keeps it to themself: its ability offers
    evil a day action that wins if aimed at them (the Damsel's guess: a class with the
    engine's `offers_day_action` hook, on a good character)."""
    found = _HIDES.get(cid)
    if found is None:
        from ..characters import REGISTRY
        from ..engine.ability import Ability
        cls = REGISTRY.get(cid)
        found = _HIDES[cid] = (cls is not None and TEAMS.get(cid) == "outsider"
                               and cls.offers_day_action is not Ability.offers_day_action)
    return found


def hidden_outsider(cid: str) -> bool:
    """Whether a good Outsider `cid` claims a Townsfolk: it `hides` (the Damsel), or its
    class is `unaware` (its holder believes another character and claims it, or bluffs as
    that character would: the Drunk, the Lunatic). Read from the rule code."""
    found = _HIDDEN.get(cid)
    if found is None:
        from ..characters import REGISTRY
        cls = REGISTRY.get(cid)
        found = _HIDDEN[cid] = hides(cid) or (
            cls is not None and TEAMS.get(cid) == "outsider"
            and bool(getattr(cls, "unaware", False)))
    return found


def _hidden_outsiders(o: int, k: int, t: int, free: int, n_out: int, hidden: int) -> float:
    """The ways (over C(good players, o), the caller's division) that o Outsiders in play
    fit k good Outsider claimants and t good Townsfolk claimants, with `free` good players
    unclaimed, when the script's n_out Outsiders hold `hidden` who claim a Townsfolk: j of
    them in play (hypergeometric), a uniform j of the o; the Outsider claimants are among
    the others, the Townsfolk claimants who are Outsiders among them. With hidden = 1 this
    is the Drunk's formula of `_outsiders`."""
    if o - k < 0:
        return 0.0
    total = 0.0
    draw = _comb(n_out, o)
    for j in range(0, min(hidden, o) + 1):
        pj = _comb(hidden, j) * _comb(n_out - hidden, o - j) / draw if draw \
            else float(j == min(hidden, o))
        if not pj:
            continue
        ways = 0.0
        for i in range(0, min(j, t) + 1):
            ways += _comb(t, i) * _comb(free, o - k - i) * _comb(o - k - i, j - i)
        total += pj * ways / _comb(o, j)
    return total


def _override_share(script: list[str], team: str, hook: str) -> float:
    """The share of the script's characters of `team` whose class overrides the engine's
    `Ability.<hook>` (their own rule code, not a list of names)."""
    key = (tuple(script), team, hook)
    found = _SHARES.get(key)
    if found is None:
        from ..characters import REGISTRY
        from ..engine.ability import Ability
        base = getattr(Ability, hook)
        ours = [c for c in script if TEAMS.get(c) == team]
        hit = [c for c in ours if c in REGISTRY and getattr(REGISTRY[c], hook) is not base]
        found = _SHARES[key] = len(hit) / len(ours) if ours else 0.0
    return found


def undead_share(script: list[str]) -> float:
    """The share of the script's Demons whose own rule keeps them acting after a death,
    registering dead (a class that overrides `Ability.acts_while_dead`: the Zombuul)."""
    return _override_share(script, "demon", "acts_while_dead")


def veto_share(script: list[str]) -> float:
    """The chance that a given Minion of the script's is one whose own rule vetoes good's
    win while it lives (a class that overrides `Ability.veto_outcome`: the Evil Twin)."""
    return _override_share(script, "minion", "veto_outcome")


def protects(cid: str) -> bool:
    """Whether character `cid`'s ability can stop a death (its class has the engine's
    `protects` hook: the Monk, the Soldier, the Innkeeper...)."""
    found = _PROTECTS.get(cid)
    if found is None:
        from ..characters import REGISTRY
        from ..engine.ability import Ability
        cls = REGISTRY.get(cid)
        found = _PROTECTS[cid] = cls is not None and cls.protects is not Ability.protects
    return found


def _comb(n: int, k: int) -> int:
    if k < 0 or k > n:
        return 0
    from math import comb
    return comb(n, k)
