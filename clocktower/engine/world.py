"""A world: the facts an information ability's answer depends on, as plain immutable data.

An information ability (`truths(world, player)` on the Washerwoman, the Empath, the King...)
computes its true answers from a `World`, without asking any decision and without emitting
anything. Its `night()` asks the Storyteller's registrations and the player's choices, builds
the world from the game with those, calls `truths`, and tells. A bot can build other worlds
("if Cat were the Imp and Dan the Spy, what would the Empath have learned?") and call the
same method:

    w = World.from_game(game)                        # the grimoire now, registrations = truth
    w = w.with_characters({"Cat": "imp", "Dan": ("spy", "evil")})
    w = w.with_registrations({"Dan": ("butler", "good")})   # how Dan registered to the ability
    w = w.with_choice("Eve", ["Ann", "Cat"])         # what Eve chose tonight
    w = w.with_marks("Eve", red_herring="Bob")       # Eve's ability's own reminders
    game.player("Eve").ability.truths(w)             # the true answers Eve could be shown

A world holds:

- `players`: one `WorldPlayer` per seat (name, seat, character, alignment, alive, traveller,
  `is_demon`: "is the Demon" through an ability, such as Lil' Monsta's babysitter);
- `registrations`: how a player registered to the asking ability ((character, alignment));
  a player not listed registers as what they are;
- `choices`: the players each holder chose tonight (holder name -> names);
- `marks`: each holder's ability's own reminders that its answer depends on (holder name ->
  {key: value}), e.g. the Fortune Teller's red herring;
- `executed`: the player who died by execution today (None if nobody did);
- `deaths_tonight`: the players who died tonight so far;
- `nominators`: the players who nominated today.

The engine knows no character names: what a key of `marks` means is the ability's business.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Iterable, Mapping, NamedTuple

from .. import data as D

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

TEAMS = D.teams()
EMPTY: Mapping = MappingProxyType({})


class WorldPlayer(NamedTuple):
    name: str
    seat: int
    character: str
    alignment: str
    alive: bool = True
    traveller: bool = False
    is_demon: bool = False      # "is the Demon" through an ability, besides a Demon character

    @property
    def team(self) -> str:
        return TEAMS[self.character]


class World(NamedTuple):
    """Immutable (a named tuple): the `with_` methods return changed copies."""
    players: tuple[WorldPlayer, ...]
    registrations: Mapping[str, tuple[str, str]] = EMPTY
    choices: Mapping[str, tuple[str, ...]] = EMPTY
    marks: Mapping[str, Mapping[str, Any]] = EMPTY
    executed: str | None = None
    deaths_tonight: tuple[str, ...] = ()
    nominators: tuple[str, ...] = ()

    # ---- building ----------------------------------------------------------------------
    @classmethod
    def from_game(cls, game: "Game") -> "World":
        """The game's grimoire now: seats, characters, alignments, who is alive (registering
        alive), who is the Demon by an ability, today's execution death, tonight's deaths
        and today's nominators. No registrations, choices or marks: add them with the
        `with_` methods."""
        # Built at every tell: tuple.__new__ skips the named tuple's Python-level __new__.
        new, wp = tuple.__new__, WorldPlayer
        hooks = game.hooks("counts_as_demon")
        if hooks:
            players = tuple([new(wp, (p.name, p.seat, p.character, p.alignment, p.alive,
                                      p.traveller, any(ab.counts_as_demon(p) for ab in hooks)))
                             for p in game.players])
        else:
            players = tuple([new(wp, (p.name, p.seat, p.character, p.alignment, p.alive,
                                      p.traveller, False)) for p in game.players])
        nominators = game.nominators
        return new(cls, (players, EMPTY, EMPTY, EMPTY, executed_today(game),
                         tuple([p.name for p in game.deaths_tonight])
                         if game.phase == "night" else (),
                         tuple([p.name for p in game.players if p.name in nominators])
                         if nominators else ()))      # in seat order

    @classmethod
    def of(cls, seats: Iterable, **facts) -> "World":
        """A hand-built world: `seats` are (name, character) or (name, character, alignment)
        or (name, character, alignment, alive) tuples in seat order, or WorldPlayers.
        The alignment defaults to the character's; `facts` are the other fields."""
        players = []
        for i, s in enumerate(seats):
            if isinstance(s, WorldPlayer):
                players.append(s._replace(seat=i))
                continue
            name, char, *rest = s
            cid = D.get(char).id
            align = rest[0] if rest and rest[0] else D.get(cid).default_alignment
            alive = rest[1] if len(rest) > 1 else True
            players.append(WorldPlayer(name, i, cid, align, alive, TEAMS[cid] == "traveller"))
        return cls(tuple(players), **facts)

    def with_characters(self, assignment: Mapping[str, Any]) -> "World":
        """Another world: players given another character (`name: character`, alignment the
        character's default) or character and alignment (`name: (character, alignment)`).
        Their registrations are dropped (they register as what they now are)."""
        changed = {}
        for name, v in assignment.items():
            char, align = (v, None) if isinstance(v, str) else v
            cid = D.get(char).id
            changed[name] = (cid, align or D.get(cid).default_alignment)
        self._known(changed)
        players = tuple(p._replace(character=changed[p.name][0], alignment=changed[p.name][1])
                        if p.name in changed else p for p in self.players)
        regs = {k: v for k, v in self.registrations.items() if k not in changed}
        return self._replace(players=players, registrations=regs)

    def with_players(self, **changes: Mapping[str, Any]) -> "World":
        """Another world with some players' fields changed: `with_players(Ann={"alive": False})`."""
        self._known(changes)
        players = tuple(p._replace(**changes[p.name]) if p.name in changes else p
                        for p in self.players)
        return self._replace(players=players)

    def with_registrations(self, regs: Mapping[str, tuple[str, str]]) -> "World":
        """Another world where these players registered as (character, alignment)."""
        if not regs:
            return self
        self._known(regs)
        # (tuple.__new__: a hot path, the named tuple's interpreted `_replace` skipped)
        return tuple.__new__(World, (self[0], {**self.registrations,
                                               **{k: (v[0], v[1]) for k, v in regs.items()}},
                                     *self[2:]))

    def with_choice(self, holder: str, players: Iterable[str]) -> "World":
        self._known([holder, *players])
        return self._replace(choices={**self.choices, holder: tuple(players)})

    def with_marks(self, holder: str, **marks: Any) -> "World":
        self._known([holder])
        return self._replace(marks={**self.marks, holder: {**self.marks.get(holder, {}),
                                                           **marks}})

    def with_facts(self, **facts: Any) -> "World":
        """Another world with other `executed`, `deaths_tonight` or `nominators`."""
        bad = set(facts) - {"executed", "deaths_tonight", "nominators"}
        if bad:
            raise ValueError(f"unknown world facts: {sorted(bad)}")
        changes: dict[str, Any] = {k: tuple(v) if isinstance(v, (list, set)) else v
                                   for k, v in facts.items()}
        return self._replace(**changes)

    def _known(self, names: Iterable[str]) -> None:
        seated = {p.name for p in self.players}
        unknown = [n for n in names if n not in seated]
        if unknown:
            raise ValueError(f"no player named {unknown[0]!r} in this world")

    # ---- reading -----------------------------------------------------------------------
    def player(self, name: str) -> WorldPlayer:
        for p in self.players:
            if p.name == name:
                return p
        raise ValueError(f"no player named {name!r} in this world")

    def registers(self, who) -> tuple[str, str]:
        """(character, alignment) `who` (a name or a WorldPlayer) registers as to the asking
        ability."""
        if who.__class__ is WorldPlayer:
            r = self.registrations.get(who.name)
            return r if r is not None else (who.character, who.alignment)
        r = self.registrations.get(who)
        if r is not None:
            return r
        p = self.player(who)
        return p.character, p.alignment

    def registers_team(self, who) -> str:
        return TEAMS[self.registers(who)[0]]

    def registers_alignment(self, who) -> str:
        return self.registers(who)[1]

    def registers_as_demon(self, name: str) -> bool:
        """'Is the Demon' through an ability, or registers as a Demon character."""
        return self.player(name).is_demon or self.registers_team(name) == "demon"

    def is_demon(self, name: str) -> bool:
        p = self.player(name)
        return p.is_demon or p.team == "demon"

    def choice(self, holder: str) -> tuple[str, ...]:
        return tuple(self.choices.get(holder, ()))

    def mark(self, holder: str, key: str, default: Any = None) -> Any:
        return self.marks.get(holder, {}).get(key, default)

    def neighbours(self, name: str, alive_only: bool = True) -> tuple:
        """The nearest (alive) players anticlockwise and clockwise of `name` (names)."""
        n = len(self.players)
        me = self.player(name)
        found = []
        for sign in (-1, 1):
            q = None
            for step in range(1, n):
                c = self.players[(me.seat + sign * step) % n]
                if c.name != name and (c.alive or not alive_only):
                    q = c.name
                    break
            found.append(q)
        return found[0], found[1]


# Per game (game.memo): (night, answer). At night the answer cannot change (deaths by execution happen
# by day), so the log is read once a night however many abilities ask.


def executed_today(game: "Game") -> str | None:
    """The player who died by execution on the latest day (from the log: the last death by
    execution, in a day phase, since the latest `day` event), or None."""
    if game.executed_today is None:     # nobody executed today: no death by execution
        return None
    night = game.phase == "night"
    if night:
        memo = game.memo.get("executed_today")
        if memo is not None and memo[0] == game.night:
            return memo[1]
    found = None
    log: list[dict] = game.log
    for i in range(len(log) - 1, -1, -1):       # newest first
        e = log[i]
        t = e["type"]
        if t == "day":
            break
        if t == "death" and e["cause"] == "execution" and e["phase"] == "day":
            found = e["player"]
            break
    if night:
        game.memo["executed_today"] = (game.night, found)
    return found


# ---- '1 of 2 players is X' (characters/_info.py, `OneOfTwo`), compiled -------------------
# The Washerwoman's, Librarian's and Investigator's truths are every pair of a match with
# another player: up to 14 a match at 15 players, listed at each of their steps and in the
# automatic Storyteller's registration tests. Interpreted, the two loops below were about
# a third of a 15-player game's time (docs/architecture.md, "Sixth round").

def registering_as(world: World, team: str) -> list[tuple[str, WorldPlayer]]:
    """(character, player) for each player of `world` who registers (`World.registers`) as
    a character of `team`, in seat order. A character id the team table lacks is looked up
    with `data.get`, as the character's data says."""
    regs = world.registrations
    out: list[tuple[str, WorldPlayer]] = []
    for p in world.players:
        r = regs.get(p.name) if regs else None
        char = r[0] if r is not None else p.character
        t = TEAMS.get(char)
        if t is None:
            t = D.get(char).team
        if t == team:
            out.append((char, p))
    return out


def pair_truths(players: tuple[WorldPlayer, ...],
                matches: list[tuple[str, WorldPlayer]]) -> list[dict]:
    """For each match (character, target) in order, the truth {"character", "players"} of
    the target with every other of `players` (the pair in seat order), for marks of which
    no two share a character (so no truth repeats). `targets` are among `players`."""
    out: list[dict] = []
    for char, target in matches:
        tname = target.name
        tseat = target.seat
        for other in players:
            if other is not target:
                oname = other.name
                out.append({"character": char,
                            "players": [tname, oname] if tseat < other.seat
                            else [oname, tname]})
    return out
