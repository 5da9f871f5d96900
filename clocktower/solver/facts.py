"""Facts a world solver problem is made of (plain frozen data; see docs/solver.md).

Seats are named by player name. Characters are character ids (`D.get` normalises names).
Days and nights are numbered from 1; night 1 is the first night, day N follows night N.

Static facts (about the starting grimoire):

- `Is(seat, character)` / `IsNot(seat, character)`: the seat's starting character.
- `Team(seat, team)`: the seat's starting character is of this team (a Minion is shown
  the Demon).
- `Alignment(seat, "good" | "evil")`.
- `NotInPlay(characters)`: none of these is in play (the Demon's bluffs).
- `Claim(seat, character)`: a public claim. With `Problem.truthful_claims` a good player's
  claim is their character, or the Townsfolk they believe they are (the Drunk); an evil
  player may claim anything. Without it a claim constrains nothing by itself. A claim with
  `night` N says the seat's character changed that night (a good player's character never
  changes in the rules the solver models, so only an evil player can make such a claim).

The timeline (public events; used to know who was alive when, and checked against the
rules the solver models):

- `Execution(day, seat)`: the seat was executed on that day and died.
- `NightDeaths(night, seats)`: exactly these players died that night (nights 2+). A
  problem with `complete_deaths` (puzzles) means a night without this fact had no death.
- `SlayerShot(day, shooter, target, died)`: a public shot and whether the target died.
- `VirginTrigger(day, nominator, virgin)`: the nominator was executed at once on
  nominating the Virgin (and died).
- `Died(day, seat)`: the seat died by day of another public cause (an ability the solver
  does not model, such as the Gunslinger's or the Witch's; leaving the table).

The circle (who sits where; Travellers join and leave mid-game):

- `Seating(night, players)`: the circle during night N's information and after, until the
  next `Seating` (names in order: the problem's seats and Travellers). Without one the
  circle is the problem's seats.
- `Traveller(name, character, alignment=None, died=None)`: a Traveller in some `Seating`
  (not one of the problem's seats: not dealt a character), its alignment when known (else
  either), and when it died, `("day", N)` or `("night", N)` (its death is public).

Information (what a player says they learned, or what a bot privately learned):

- `Info(night, seat, character, answer, choice=())`: `seat`, as `character` (their
  character or the one they claim or believe), learned `answer` (a dict in the format of
  the ability's `truths`: `{"count": 1}`, `{"yes": True}`, `{"character": "imp", "players":
  ["Ann", "Bob"]}`) after choosing `choice` (players). A sober, healthy holder of that
  ability was shown one of its truths; a holder who is the Drunk, poisoned, or not that
  character constrains nothing.

Choices (what a player chose with an ability that night):

- `Chose(night, seat, character, players=(), chosen=None, known=False)`: `seat`, as
  `character`, chose `players` (or the character `chosen`: the Courtier's) that night. Said
  by the seat (`known` false) it is read like an `Info`: a good holder of that ability (or
  a Drunk who believes it) must have woken to choose and chosen so; an evil holder's
  constrains nothing. `known` (the viewer's own choice, a puzzle's statement): it
  happened, so the seat held that ability (or believed it: the Drunk) and woke that night.
  The timeline uses a holder's choice: the Poisoner's is the night's poison target, the
  Monk's the only player it protects, an information ability's is that night's `Info`
  choice (a Fortune Teller's pair).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Union


@dataclass(frozen=True)
class Is:
    seat: str
    character: str


@dataclass(frozen=True)
class IsNot:
    seat: str
    character: str


@dataclass(frozen=True)
class Team:
    seat: str
    team: str           # townsfolk, outsider, minion or demon


@dataclass(frozen=True)
class Alignment:
    seat: str
    alignment: str


@dataclass(frozen=True)
class NotInPlay:
    characters: tuple[str, ...]


@dataclass(frozen=True)
class Claim:
    seat: str
    character: str
    night: int = 0          # claimed from this night on (0: from the start)


@dataclass(frozen=True)
class Execution:
    day: int
    seat: str


@dataclass(frozen=True)
class NightDeaths:
    night: int
    seats: tuple[str, ...]


@dataclass(frozen=True)
class SlayerShot:
    day: int
    shooter: str
    target: str
    died: bool


@dataclass(frozen=True)
class VirginTrigger:
    day: int
    nominator: str
    virgin: str


@dataclass(frozen=True)
class Died:
    day: int
    seat: str


@dataclass(frozen=True)
class Seating:
    night: int
    players: tuple[str, ...]


@dataclass(frozen=True)
class Traveller:
    name: str
    character: str
    alignment: str | None = None
    died: tuple[str, int] | None = None


@dataclass(frozen=True)
class Info:
    night: int
    seat: str
    character: str
    answer: Any = field(compare=True)
    choice: tuple[str, ...] = ()

    def __hash__(self) -> int:      # answers are dicts: hash by their repr (computed once)
        h = self.__dict__.get("_hash")
        if h is None:
            h = hash((self.night, self.seat, self.character,
                      repr(sorted(self.answer.items())) if isinstance(self.answer, dict)
                      else repr(self.answer), self.choice))
            object.__setattr__(self, "_hash", h)
        return h


@dataclass(frozen=True)
class Chose:
    night: int
    seat: str
    character: str                  # the ability the seat used (its character or belief)
    players: tuple[str, ...] = ()   # the players chosen, in the order given
    chosen: str | None = None       # a chosen character (the Courtier's)
    known: bool = False             # it happened (else: the seat says so)


Fact = Union[Is, IsNot, Team, Alignment, NotInPlay, Claim, Execution, Died, NightDeaths, SlayerShot,
             VirginTrigger, Info, Chose, Seating, Traveller]
DAY_EVENTS = (Execution, SlayerShot, VirginTrigger, Died)
