"""Information abilities: what is true, separately from asking and telling.

Every ability that shows a player information subclasses `Information` and implements
`truths(world, player=None) -> list[dict]`: the true answers it would show `player` (by
default its holder) in `world` (`clocktower.engine.world.World`), computed without asking
any decision and without emitting anything. An empty list: the ability shows that player
nothing in that world. Its `night()` (or day action) asks the Storyteller's registrations
and the player's choices in the order the rules ask them, builds the world with them
(`self.world(...)`), calls `truths`, and tells (`game.tell`). A bot can call `truths` on a
world it invents ("what would this player have learned if Cat were the Imp?").

Also: the '1 of 2 players is a particular X' information shared by several characters.
"""
from __future__ import annotations

from typing import Any, Iterable

from .. import data as D
from ..engine.ability import Ability
from ..engine.world import World, registering_as
from ._common import any_pair_infos, pair_infos


class Information(Ability):
    """Base class of the abilities that show information (see the module docstring)."""

    def truths(self, world: World, player: str | None = None) -> list[dict]:
        raise NotImplementedError(f"{type(self).__name__}.truths")

    def basis(self, world: World, player: str | None = None) -> Any:
        """A value from which `truths(world, player)` follows and that is cheaper to compute:
        two worlds with equal (not None) bases have equal truths. None: no such value (the
        truths themselves must be compared). The automatic Storyteller's registration tests
        use it to skip listing truths a registration does not change."""
        return None

    def shows(self, world: World, answer: dict, player: str | None = None) -> bool:
        """Whether `answer` is one of `truths(world, player)`: what a reasoner asks of a
        claimed piece of information in a world it considers. An ability with many truths
        may answer faster without listing them (the same answer, always)."""
        return answer in self.truths(world, player)

    def holder(self, player: str | None = None) -> str:
        """The name of the player shown the information: `player`, else the holder."""
        return player if player is not None else self.player.name

    def ask_registrations(self, players: Iterable) -> dict[str, tuple[str, str]]:
        """Ask how each of `players` registers to this ability (in this order): the
        Storyteller's registration decisions, as the world's `registrations`."""
        game = self.game
        return {p.name: game.registration(p, self.id) for p in players}

    def world(self, registrations: dict | None = None, choice: Iterable[str] | None = None,
              **marks: Any) -> World:
        """The game's world now, with these registrations, this holder's choice and marks."""
        w = World.from_game(self.game)
        if registrations or choice is not None or marks:     # one copy (a hot path)
            me = self.player.name
            w = tuple.__new__(World, (w[0], registrations or w.registrations,
                                      {me: tuple(choice)} if choice is not None else w.choices,
                                      {me: marks} if marks else w.marks, *w[4:]))
        return w


def one_of_two_matches(world: World, team: str, zero_allowed: bool = False) -> list:
    """The (character, player) marks of '1 of 2 players is a particular `team` character'
    in `world`: every player who registers as a `team` character; with none and no 'zero'
    answer, the players who truly are that team (see `one_of_two_truths`)."""
    if world.__class__ is World and world.players.__class__ is tuple:
        matches = registering_as(world, team)       # compiled (engine/world.py)
    else:       # a world of another class (a reasoner's, that notes what is read): asked
        matches = []
        for p in world.players:
            char = world.registers(p)[0]
            if D.get(char).team == team:
                matches.append((char, p))
    if not matches and not zero_allowed:
        matches = [(p.character, p) for p in world.players if p.team == team]
    return matches


def one_of_two_truths(world: World, me: str, team: str, zero_allowed: bool = False) -> list[dict]:
    """'1 of 2 players is a particular `team` character' truths in `world` for `me`.

    Any player who registers as a `team` character may be marked, the one who learns
    included ("any Townsfolk character token"); the WRONG player is any other player. With
    none, the Librarian learns `count: 0`. If the registrations left none for an ability
    that has no 'zero' answer, the players who truly are that team are used, so a sober
    player is never left with nothing true to learn.
    """
    matches = one_of_two_matches(world, team, zero_allowed)
    if not matches and zero_allowed:
        return [{"count": 0}]
    return pair_infos(world, world.player(me), matches, team)


class OneOfTwo(Information):
    """Washerwoman / Librarian / Investigator: show a `team` character and two players.

    Each player is asked how they register (the Spy may register as a Townsfolk or Outsider,
    the Recluse as a Minion)."""
    team: str = ""
    zero_allowed: bool = False

    def truths(self, world: World, player: str | None = None) -> list[dict]:
        return one_of_two_truths(world, self.holder(player), self.team, self.zero_allowed)

    def basis(self, world: World, player: str | None = None) -> Any:
        """The marks (character, player name): the truths are their pairs with every other
        player, in seat order (the same players in every world of one game). None for a
        subclass with truths of its own."""
        if type(self).truths is not OneOfTwo.truths:
            return None
        return [(c, p.name) for c, p in one_of_two_matches(world, self.team, self.zero_allowed)]

    def shows(self, world: World, answer: dict, player: str | None = None) -> bool:
        """As `answer in truths(...)`, without listing every pair: a truth names a match
        (a player registering as a `team` character) and any other player, in seat order."""
        if answer.keys() != {"character", "players"}:
            return answer in self.truths(world, player)
        char, pair = answer["character"], answer["players"]
        if not isinstance(pair, list) or len(pair) != 2 or pair[0] == pair[1]:
            return False
        try:
            a, b = world.player(pair[0]), world.player(pair[1])
        except ValueError:
            return False
        if a.seat > b.seat:
            return False
        team = self.team
        for p in (a, b):
            c = world.registers(p)[0]
            if c == char and D.get(c).team == team:
                return True         # a match, shown with any other player
        if not world.registrations:
            return False            # registrations are the truth: no fallback can help
        # Neither registers as `char`: the pair shows it only through the fallback of
        # `one_of_two_matches` (nobody registers as a `team` character, so the players who
        # truly are that team are the marks). The whole table is read only when a or b
        # truly is `char` (a reasoner memoises a check by the players it read).
        if self.zero_allowed or not any(p.character == char and p.team == team
                                        for p in (a, b)):
            return False
        return not any(D.get(world.registers(p)[0]).team == team for p in world.players)

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        world = self.world(self.ask_registrations(game.players))
        team, zero_allowed = self.team, self.zero_allowed

        def lies():
            return any_pair_infos(game, me, team, ({"count": 0},) if zero_allowed else ())

        game.tell(me, self.truths(world), lies, ability=self)
