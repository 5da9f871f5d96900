"""Alsaahir (Townsfolk).

"Each day, if you publicly guess which players are Minion(s) and which are Demon(s), good
wins."

How to Run: each day, once only, if the Alsaahir declares the ability, they guess which
players are the Demon(s) and which are the Minions. If the guess is wrong, nothing happens;
if right, good wins at once.

A guess is `{minions: [names], demons: [names]}` (a scenario writes `ability: {by: Ann,
character: alsaahir, minions: [Dan], demons: [Cat]}`, as docs/scenarios.md shows). It is right
when `demons` is exactly the set of players who are a Demon (alive or dead, or "is the
Demon" through an ability: Lil' Monsta's babysitter) and `minions` exactly the other players
whose character is a Minion (alive or dead). A player who is both (Legion) is a Demon.

Rulings:
- The guess is about characters, not alignment: a good Minion must be guessed as a Minion;
  evil Travellers and evil Townsfolk are not guessed. It is checked against the grimoire,
  without registrations: a Recluse is not a Minion, a Spy is (the rules would let a Spy or
  Recluse misregister, but the designers recommend against it: never fun).
- Once a guess is made that day (right, wrong, drunk or poisoned) the Alsaahir cannot guess
  again until the next day. A drunk or poisoned Alsaahir's right guess does nothing.
- A dead Alsaahir has no ability (the use is a claim that does nothing); a player
  pretending to be the Alsaahir is announced and nothing happens.
- The Evil Twin's "good can't win" and the Heretic apply to the Alsaahir's win as to any.
- Bots guess one Demon and as many Minions as the setup table deals for the table's size,
  among the players who are not Travellers (the day options list those guesses: at most
  5,460, for 15 players); a written guess may name any disjoint players, with at least
  one Demon (`accepts_day_use`).
"""
from __future__ import annotations

import itertools

from .. import data as D
from ..engine.ability import Ability, State
from ..engine.outcome import Outcome

TEAMS = D.teams()


class Alsaahir(Ability):
    id = "alsaahir"
    kind = "ending"
    outcome_reasons = {"alsaahir": "the Alsaahir guessed every Minion and Demon: good wins"}
    guessed_day: State[int | None] = State(None)     # the day of its guess

    def available(self) -> bool:
        game = self.game
        return self.player.alive and self.guessed_day != game.day and not game.day_over

    def day_options(self) -> list[dict]:
        if not self.available():
            return []
        game = self.game
        names = [p.name for p in game.players if not p.traveller]   # never a Minion or Demon
        dealt = len(names)
        k = D.player_counts(dealt)["minion"] if 5 <= dealt <= 15 else 1
        out = []
        for demon in names:
            rest = [n for n in names if n != demon]
            for minions in itertools.combinations(rest, min(k, len(rest))):
                out.append({"minions": list(minions), "demons": [demon]})
        return out

    def accepts_day_use(self, args: dict, legal: list[dict]) -> bool:
        if set(args) != {"minions", "demons"} and set(args) != {"demons"}:
            return False
        minions, demons = args.get("minions", []), args["demons"]
        names = self.game.by_name
        for group in (minions, demons):
            if not isinstance(group, list) or not all(isinstance(n, str) and n in names
                                                      for n in group):
                return False
        everyone = list(minions) + list(demons)
        return bool(demons) and len(set(everyone)) == len(everyone)

    def truth(self) -> tuple[set[str], set[str]]:
        """(the Minions, the Demons) now, by character."""
        game = self.game
        demons = {p.name for p in game.players if game.is_demon(p)}
        minions = {p.name for p in game.players
                   if TEAMS[p.character] == "minion" and p.name not in demons}
        return minions, demons

    def day_ability(self, args: dict) -> None:
        game, me = self.game, self.player
        self.guessed_day = game.day
        minions, demons = self.truth()
        right = set(args.get("minions", [])) == minions and set(args["demons"]) == demons
        if not right:
            return          # nothing happens (the engine announces it)
        if not self.functioning:
            self.no_effect("win")
            return
        self.triggered()
        game.end(Outcome("good", "alsaahir",
                         f"the Alsaahir ({me.name}) guessed every Minion and Demon", self.id))

    @classmethod
    def describe_use(cls, args: dict) -> str | None:
        if "demons" in args:
            m = ", ".join(args.get("minions", [])) or "nobody"
            return (f"guesses the Demon(s): {', '.join(args['demons'])}; the Minion(s): {m}")
        return None
