"""Dreamer (Sects & Violets; The Return of Jafar, Townsfolk).

"Each night, choose a player (not yourself or Travellers): you learn 1 good & 1 evil
character, 1 of which is correct."

How to Run: each night wake the Dreamer; they point at any player but themself and the
Travellers (alive or dead). If that player's character is a Townsfolk or Outsider, show its
token and any Minion or Demon token; if it is a Minion or Demon, show its token and any
Townsfolk or Outsider token.

Shown as `{players: [Bob], characters: [good, evil]}`: the good character first, so the
order never tells which one is correct.

Rulings:
- Registration applies: the chosen player's token is the character they register as to the
  Dreamer (a Recluse may be shown as a Minion or Demon, then with a good token beside it;
  a Spy as a Townsfolk or Outsider); "good" and "evil" are the character types, not the
  player's alignment (a Townsfolk turned evil is shown as that Townsfolk).
- The other token is any character of the other side on the script, or in play (the
  almanac: "any Minion or Demon token"; showing the evil player's bluff is the
  Storyteller's choice).
- A drunk or poisoned Dreamer may be shown any good and any evil character.
- The Drunk is shown as the Drunk (an Outsider).
"""
from __future__ import annotations

from .. import data as D
from ._common import team_characters
from ._info import Information

GOOD_TEAMS = ("townsfolk", "outsider")
EVIL_TEAMS = ("minion", "demon")


class Dreamer(Information):
    id = "dreamer"
    kind = "information"

    def _tokens(self, world, teams: tuple[str, ...]) -> list[str]:
        """The characters of `teams` the Storyteller could show: the script's, then any
        other such character in play in `world`."""
        out = [c for c in self.game.script.characters
               if c not in self.game.script.homebrew and D.get(c).team in teams]
        for p in world.players:
            if p.team in teams and p.character not in out:
                out.append(p.character)
        return out

    def truths(self, world, player=None) -> list[dict]:
        """The chosen player's registered character with each token of the other side."""
        pick = world.choice(self.holder(player))
        if not pick:
            return []
        char = world.registers(pick[0])[0]
        team = D.get(char).team
        if team in GOOD_TEAMS:
            return [{"characters": [char, e], "players": [pick[0]]}
                    for e in self._tokens(world, EVIL_TEAMS)]
        if team in EVIL_TEAMS:
            return [{"characters": [g, char], "players": [pick[0]]}
                    for g in self._tokens(world, GOOD_TEAMS)]
        return []

    def shows(self, world, answer: dict, player=None) -> bool:
        """As `answer in truths(...)`, reading only the chosen player (and the others only
        for a token the script's sheet does not hold)."""
        chars, names = answer.get("characters"), answer.get("players")
        if answer.keys() != {"characters", "players"} or not isinstance(chars, list) \
                or len(chars) != 2 or not isinstance(names, list) or len(names) != 1:
            return answer in self.truths(world, player)
        pick = world.choice(self.holder(player))
        if not pick or names[0] != pick[0]:
            return False
        try:
            char = world.registers(pick[0])[0]
        except ValueError:
            return False
        team = D.get(char).team
        if team in GOOD_TEAMS:
            mine, other, teams = chars[0], chars[1], EVIL_TEAMS
        elif team in EVIL_TEAMS:
            mine, other, teams = chars[1], chars[0], GOOD_TEAMS
        else:
            return False
        if mine != char:
            return False
        sheet = self.game.script
        if other in sheet.characters and other not in sheet.homebrew \
                and D.get(other).team in teams:
            return True
        return answer in self.truths(world, player)

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        pick = game.choose_players(me, 1, ability=self, allow_self=False,
                                   exclude=[p for p in game.players if p.traveller],
                                   prompt="Dreamer: choose a player (not yourself or a "
                                          "Traveller)")
        if not pick:
            return
        target = pick[0]
        world = self.world(self.ask_registrations([target]), choice=[target.name])

        def lies() -> list[dict]:
            return [{"characters": [g, e], "players": [target.name]}
                    for g in team_characters(game, *GOOD_TEAMS)
                    for e in team_characters(game, *EVIL_TEAMS)]

        game.tell(me, self.truths(world), lies, self)

    @classmethod
    def describe_info(cls, info: dict) -> str | None:
        chars = info.get("characters")
        if not (isinstance(chars, list) and len(chars) == 2):
            return None
        who = ", ".join(info.get("players", [])) or "the chosen player"
        names = [D.get(c).name if c in D.teams() else str(c) for c in chars]
        return f"{who} is the {names[0]} or the {names[1]}"
