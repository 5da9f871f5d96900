"""Helpers shared by character modules (information shapes, common night actions)."""
from __future__ import annotations

from itertools import combinations

from .. import data as D


def pair_infos(game, player, matches, team: str = ""):
    """'1 of 2 players is a particular <team> character' truths.

    `matches` is [(character, target_player)] of players that register as that character.
    Each truth is {character, players: [target, other]}: the WRONG player `other` is any
    player but the target ("any other character token"), the one who learns included.
    """
    out = []
    seen = set()
    for char, target in matches:
        for other in game.players:
            if other is target:
                continue
            first, second = (target, other) if target.seat < other.seat else (other, target)
            key = (char, first.name, second.name)
            if key not in seen:
                seen.add(key)
                out.append({"character": char, "players": [first.name, second.name]})
    return out


CHARACTER_TEAMS = ("townsfolk", "outsider", "minion", "demon")


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


def any_pair_infos(game, player, team: str):
    """Every well-formed '1 of 2 players is X' answer for a character of `team` (droisoned)."""
    names = [p.name for p in game.players]
    out = []
    for char in team_characters(game, team):
        for a, b in combinations(names, 2):
            out.append({"character": char, "players": [a, b]})
    return out


def false_registrations(ability, teams: tuple[str, ...], alignment: str) -> list[tuple[str, str]]:
    """Recluse/Spy-style registrations: the player's own character with `alignment`, then
    every character of `teams` on the script with `alignment`. Computed once per ability
    (the script does not change during a game)."""
    cached = ability.state.get("false_registrations")
    if cached is None:
        script = ability.game.script
        cached = [(ability.player.character, alignment)]
        cached += [(c, alignment) for team in teams for c in script.of_team(team)]
        ability.state["false_registrations"] = cached
    return cached


def registering_alignment(game, players, alignment: str, purpose: str) -> list:
    """The players who register as `alignment` to this query (each asked once); if none
    does, the players who truly have it (the Storyteller may not leave the answer empty)."""
    found = [p for p in players if game.registration(p, purpose)[1] == alignment]
    return found or [p for p in players if p.alignment == alignment]
