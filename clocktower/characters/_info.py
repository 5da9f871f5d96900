"""The '1 of 2 players is a particular X' information shared by several characters."""
from __future__ import annotations

from ._common import any_pair_infos, pair_infos


def one_of_two(ability, team: str, zero_allowed: bool = False) -> dict | None:
    game, me = ability.game, ability.player
    matches = []
    for p in game.players:
        if p is me:
            continue
        char, _align, reg_team = game.registers_team(p, ability.id)
        if reg_team == team:
            matches.append((char, p))
    truths = pair_infos(game, me, matches, team)
    if not matches and zero_allowed:
        truths = [{"count": 0}]

    def lies():
        out = any_pair_infos(game, me, team)
        if zero_allowed:
            out.append({"count": 0})
        return out

    return game.tell(me, truths, lies, ability=ability)
