"""The '1 of 2 players is a particular X' information shared by several characters."""
from __future__ import annotations

from .. import data as D
from ._common import any_pair_infos, pair_infos


def one_of_two(ability, team: str, zero_allowed: bool = False) -> dict | None:
    """Washerwoman / Librarian / Investigator: show a `team` character and two players.

    Each player is asked how they register (the Spy may register as a Townsfolk or Outsider,
    the Recluse as a Minion). Any player who registers as a `team` character may be marked,
    the one who learns included ("any Townsfolk character token"); the WRONG player is any
    other player. With none, the Librarian learns `count: 0`. If the Storyteller's
    registrations left none for an ability that has no 'zero' answer, the players who truly
    are that team are used, so a sober player is never left with nothing true to learn.
    """
    game, me = ability.game, ability.player
    matches = []
    for p in game.players:
        char, _align, reg_team = game.registers_team(p, ability.id)
        if reg_team == team:
            matches.append((char, p))
    if not matches and not zero_allowed:
        matches = [(p.character, p) for p in game.players if D.get(p.character).team == team]
    truths = pair_infos(game, me, matches, team)
    if not matches and zero_allowed:
        truths = [{"count": 0}]

    def lies():
        return any_pair_infos(game, me, team, ({"count": 0},) if zero_allowed else ())

    return game.tell(me, truths, lies, ability=ability)
