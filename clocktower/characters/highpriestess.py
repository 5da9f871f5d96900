"""High Priestess (Carousel, Townsfolk).

"Each night, learn which player the Storyteller believes you should talk to most."

(The almanac entry in the seed is garbled; this is the official ability and How to Run.)
How to Run: each night, wake the High Priestess and point to a player. The player shown
may be alive or dead, good or evil, the same every night or not; there are no official
criteria: the Storyteller shows whom they think talking to would most benefit the High
Priestess (and the good team): a player with important information not yet shared, an
evil player whose bluff does not hold, a good player on the wrong track.

Rulings:

* Any other player is a legal answer, for a sober High Priestess too (the Storyteller's
  belief is the truth here); the High Priestess is not shown themself. It is a Storyteller
  judgement (`engine/judgement.py`, `judgement: talk_to`), written in a scenario as
  information: `storyteller: {Ann: {players: [Bob]}}`.
* The automatic Storyteller's policy is in docs/storyteller.md (a good player holding true
  information that points at evil, first; an evil High Priestess is shown a teammate). A
  drunk or poisoned High Priestess may be shown anyone: the policy then points at the
  player it rates least useful.
* A dead High Priestess does not wake.
"""
from __future__ import annotations

from ..engine.ability import Ability
from ..engine.judgement import judge


class HighPriestess(Ability):
    id = "highpriestess"
    kind = "information"

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        others = [p for p in game.players if p is not me]
        if not others:
            return
        judge(game, me, self, [{"players": [p.name]} for p in others], "talk_to",
              prompt="whom should they talk to most?", droisoned=not self.functioning)

    @classmethod
    def describe_info(cls, info: dict) -> str | None:
        ps = info.get("players")
        if isinstance(ps, list) and len(ps) == 1:
            return f"the Storyteller believes you should talk to {ps[0]} most"
        return None
