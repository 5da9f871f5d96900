"""Helpers shared by character modules (information shapes, common night actions)."""
from __future__ import annotations

from itertools import combinations, permutations

from .. import data as D


def seat_sorted(game, names):
    order = {p.name: p.seat for p in game.players}
    return sorted(names, key=order.__getitem__)


def pair_infos(game, player, matches, team: str):
    """'1 of 2 players is a particular <team> character' truths.

    `matches` is [(character, target_player)] of players that register as that character.
    Each truth is {character, players: [target, other]} with `other` any other player.
    """
    out = []
    seen = set()
    for char, target in matches:
        for other in game.players:
            if other is target or other is player:
                continue
            names = seat_sorted(game, [target.name, other.name])
            key = (char, tuple(names))
            if key not in seen:
                seen.add(key)
                out.append({"character": char, "players": names})
    return out


def any_pair_infos(game, player, team: str):
    """Every well-formed '1 of 2 players is X' answer for a character of `team` (droisoned)."""
    chars = [c for c in game.script.characters
             if c not in game.script.homebrew and D.get(c).team == team]
    for p in game.players:
        if D.get(p.character).team == team and p.character not in chars:
            chars.append(p.character)
    others = [p.name for p in game.players if p is not player]
    out = []
    for char in chars:
        for a, b in combinations(others, 2):
            out.append({"character": char, "players": [a, b]})
    return out
