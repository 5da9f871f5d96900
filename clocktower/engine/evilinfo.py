"""Minion info and Demon info: one table of who wakes and what they are shown.

At each evil-info step of a night (`minioninfo`, `demoninfo`, with 7 or more non-Traveller
players) the engine builds an `EvilInfo` table from the true Minions and Demons and the
Demon's bluffs, passes it through the `evil_info(table)` hook of every ability that
overrides it (priority, then seat order), and then wakes and tells each row:

    minioninfo: one row per Minion: `players` shown as the Demon, `minions` the other Minions
    demoninfo:  one row per Demon: `players` shown as the Minions, `characters` the bluffs

A hook edits the table in place, by capability, not by character name:

- `table.show(p)`: also show `p` in every row's `players` (the Magician: shown to the
  Minions as the Demon and to the Demon as a Minion);
- `table.unshow(p)`: show `p` to nobody (a Marionette the Demon is not told about);
- `table.replace_shown(old, new)`: show `new` where `old` was shown (a Lunatic shown to the
  Minions as the Demon);
- `table.unwake(p)`: do not wake `p` at this step (a Minion that has no Minion info);
- `table.add_row(row)`: wake someone else too;
- `table.skip(why)`: nobody is woken at this step (Lil' Monsta's Minions wake together at
  its own step instead).

Each row's shown players are listed in seat order (so nothing tells a Magician apart).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .. import data as D

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .state import Player

STEPS = ("minioninfo", "demoninfo")
MIN_PLAYERS = 7
TEAMS = D.teams()       # character id -> team (a hot path: no `D.get` per player)


def _team(character: str) -> str:
    team = TEAMS.get(character)
    return team if team is not None else D.get(character).team


@dataclass
class Row:
    """One player woken at an evil-info step and what they are shown."""
    player: "Player"
    players: list = field(default_factory=list)     # shown as the Demon / as the Minions
    minions: list | None = None                     # minioninfo: the other Minions
    characters: list | None = None                  # demoninfo: the bluffs


@dataclass
class EvilInfo:
    step: str
    rows: list[Row]
    skipped: str | None = None

    # ---- edits (for `evil_info` hooks) ---------------------------------------------------
    def show(self, p: "Player") -> None:
        for r in self.rows:
            if p not in r.players:
                r.players.append(p)

    # `unshow` and `unwake` take None (a free ability's holder, `state.holder`: nobody to
    # take out): compiled, an annotation is checked at the call.
    def unshow(self, p: "Player | None") -> None:
        for r in self.rows:
            r.players = [q for q in r.players if q is not p]
            if r.minions is not None:
                r.minions = [q for q in r.minions if q is not p]

    def replace_shown(self, old: "Player", new: "Player") -> None:
        for r in self.rows:
            if old in r.players:
                r.players = [new if q is old else q for q in r.players]

    def unwake(self, p: "Player | None") -> None:
        self.rows = [r for r in self.rows if r.player is not p]

    def add_row(self, row: Row) -> None:
        self.rows.append(row)

    def skip(self, why: str) -> None:
        self.rows = []
        self.skipped = why

    def woken(self) -> list:
        return [r.player for r in self.rows]


def build(game: "Game", step: str) -> EvilInfo | None:
    """The table by the rules before any ability changes it (None: no evil info, fewer than
    7 non-Traveller players)."""
    if sum(1 for p in game.players if not p.traveller) < MIN_PLAYERS:
        return None
    minions = [p for p in game.players if _team(p.character) == "minion"]
    demons = [p for p in game.players if _team(p.character) == "demon"]
    if step == "minioninfo":
        rows = [Row(m, list(demons), minions=[x for x in minions if x is not m])
                for m in minions]
    else:
        rows = [Row(d, list(minions), characters=list(game.bluffs)) for d in demons]
    return EvilInfo(step, rows)


def evil_info(game: "Game", step: str) -> EvilInfo | None:
    """Build the step's table, let abilities change it, then tell each row."""
    table = build(game, step)
    if table is None:
        return None
    for ab in game.hooks("evil_info"):
        ab.evil_info(table)
    for r in table.rows:
        shown = game.players_info(set(r.players))
        if step == "minioninfo":
            game.emit("learn", [r.player.name], player=r.player.name, ability=step,
                      players=shown, minions=game.players_info(r.minions or ()))
        else:
            game.emit("learn", [r.player.name], player=r.player.name, ability=step,
                      players=shown, characters=list(r.characters or ()))
    return table
