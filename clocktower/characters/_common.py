"""Helpers shared by character modules (information shapes, common night actions)."""
from __future__ import annotations

from typing import ClassVar

from .. import data as D
from ..engine.ability import Ability, State
from ..engine.options import OptionSpace
from ..engine.world import pair_truths


def pair_infos(game, player, matches, team: str = ""):
    """'1 of 2 players is a particular <team> character' truths.

    `matches` is [(character, target_player)] of players that register as that character.
    Each truth is {character, players: [target, other]}: the WRONG player `other` is any
    player but the target ("any other character token"), the one who learns included.
    """
    if len({char for char, _t in matches}) == len(matches):
        # No two matches share a character, so no truth repeats (a hot path: up to 14
        # truths a match): the same list as below, without the set of keys; compiled
        # (engine/world.py) for a world's players (a tuple of `WorldPlayer`s; a game's
        # are a list).
        players = game.players
        if players.__class__ is tuple:
            return pair_truths(players, matches)
        out = []
        for char, target in matches:
            tname, tseat = target.name, target.seat
            for other in players:
                if other is not target:
                    out.append({"character": char,
                                "players": [tname, other.name] if tseat < other.seat
                                else [other.name, tname]})
        return out
    return pair_infos_listed_once(game.players, matches)


def pair_infos_listed_once(players, matches) -> list[dict]:
    """`pair_infos` for any marks: each truth listed once (two marks may share a
    character, as a Spy registering as a Townsfolk in play)."""
    out = []
    seen = set()
    for char, target in matches:
        for other in players:
            if other is target:
                continue
            first, second = (target, other) if target.seat < other.seat else (other, target)
            key = (char, first.name, second.name)
            if key not in seen:
                seen.add(key)
                out.append({"character": char, "players": [first.name, second.name]})
    return out


CHARACTER_TEAMS = ("townsfolk", "outsider", "minion", "demon")


def last_day_nominees(game) -> set[str]:
    """The players nominated on the last day that had nominations (the public record's
    suspects), read from the log, cached in `game.memo` (nominations happen by day: by
    night the answer holds until dawn)."""
    key = (game.phase, game.night, game.day, len(game.log) if game.phase == "day" else -1)
    memo = game.memo.get("nominees")
    if memo is not None and memo[0] == key:
        return memo[1]
    found: set[str] = set()
    day = None
    for ev in reversed(game.log):
        if ev["type"] == "nominate":
            if day is None:
                day = ev["number"]
            elif ev["number"] != day:
                break
            found.add(ev["target"])
    game.memo["nominees"] = (key, found)
    return found


def team_characters(game, *teams: str) -> list[str]:
    """The characters of `teams` (default: all but Travellers) on the script, in script
    order, then any other such characters in play: what a Storyteller could show."""
    teams = teams or CHARACTER_TEAMS
    chars = [c for c in game.script.characters
             if c not in game.script.homebrew and D.get(c).team in teams]
    for p in game.players:
        if D.get(p.character).team in teams and p.character not in chars:
            chars.append(p.character)
    return chars


def any_pair_infos(game, player, team: str, extras: tuple = ()) -> "PairInfoSpace":
    """Every well-formed '1 of 2 players is X' answer for a character of `team` (droisoned),
    then `extras`: as a lazy `OptionSpace` (characters in `team_characters` order, pairs in
    seat order), counted and indexed without listing the hundreds of answers."""
    return PairInfoSpace(team_characters(game, team), [p.name for p in game.players], extras)


class PairInfoSpace(OptionSpace):
    """{character: c, players: [a, b]} for each character c, then each pair a, b of `names`
    (a seated before b, in `combinations` order); then the `extras`."""

    __slots__ = ("chars", "names", "extras", "_n", "_pairs", "_seat", "_char_index")

    def __init__(self, chars: list[str], names: list[str], extras=()):
        super().__init__()
        self.chars = list(dict.fromkeys(chars))
        self.names = names
        self.extras = list(extras)
        n = self._n = len(names)
        self._pairs = n * (n - 1) // 2
        self._seat = {name: i for i, name in enumerate(names)}
        self._char_index = {c: i for i, c in enumerate(self.chars)}

    def raw_len(self) -> int:
        return len(self.chars) * self._pairs + len(self.extras)

    def raw(self, i: int) -> dict:
        main = len(self.chars) * self._pairs
        if i >= main:
            return self.extras[i - main]
        c, k = divmod(i, self._pairs)
        a, row = 0, self._n - 1
        while k >= row:
            k -= row
            a += 1
            row -= 1
        return {"character": self.chars[c], "players": [self.names[a], self.names[a + 1 + k]]}

    def raw_index(self, o) -> int | None:
        if isinstance(o, dict) and len(o) == 2 and "character" in o and "players" in o:
            players = o["players"]
            try:
                ci = self._char_index.get(o["character"])
                if ci is not None and isinstance(players, list) and len(players) == 2:
                    a, b = self._seat.get(players[0]), self._seat.get(players[1])
                    if a is not None and b is not None and a < b:
                        return ci * self._pairs + a * (2 * self._n - a - 1) // 2 + (b - a - 1)
            except TypeError:       # an unhashable character or name: not an answer
                pass
        for j, e in enumerate(self.extras):
            if e == o:
                return len(self.chars) * self._pairs + j
        return None


class RegistersFalsely(Ability):
    """Recluse/Spy-style registrations, for a character class to subclass: the player's own
    character with `false_alignment`, then every character of `false_teams` on the script
    with `false_alignment`. Computed once per ability (the script does not change during a
    game) and kept in `registers_as`."""
    false_teams: ClassVar[tuple[str, ...]] = ()
    false_alignment: ClassVar[str] = ""
    registers_as: State[list[tuple[str, str]] | None] = State(None)

    def false_registrations(self) -> list[tuple[str, str]]:
        cached = self.registers_as
        if cached is None:
            script, alignment = self.game.script, self.false_alignment
            cached = [(self.player.character, alignment)]
            cached += [(c, alignment) for team in self.false_teams for c in script.of_team(team)]
            self.registers_as = cached
        return cached


def registering_alignment(game, players, alignment: str, purpose: str) -> list:
    """The players who register as `alignment` to this query (each asked once); if none
    does, the players who truly have it (the Storyteller may not leave the answer empty)."""
    found = [p for p in players if game.registration(p, purpose)[1] == alignment]
    return found or [p for p in players if p.alignment == alignment]
