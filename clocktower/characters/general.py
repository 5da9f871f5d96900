"""General (Carousel, Townsfolk).

"Each night, you learn which alignment the Storyteller believes is winning: good, evil, or
neither."

How to Run: each night, wake the General. Thumbs up if you believe the good team is
winning, thumbs down if the evil team is, to the side if neither or you don't know. The
Storyteller decides at the moment the General wakes (events earlier that night count).

Rulings:

* The Storyteller is the judge: every answer is legal, for a sober General too (there is
  no "true" alignment to check against). The answer is a Storyteller judgement
  (`engine/judgement.py`, `judgement: winning`), written in a scenario as information:
  `storyteller: {Ann: {alignment: evil}}`; the General learns `alignment: good`, `evil`
  or `neither`.
* The automatic Storyteller's belief comes from simulated continuations of the game from
  its full knowledge (`storyteller/estimate.py`; policy in docs/storyteller.md). A drunk or
  poisoned General may be shown something else than the belief.
* A dead General does not wake.
"""
from __future__ import annotations

from ..engine.ability import Ability
from ..engine.judgement import judge

OPTIONS = [{"alignment": "good"}, {"alignment": "evil"}, {"alignment": "neither"}]


class General(Ability):
    id = "general"
    kind = "information"

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        judge(game, me, self, [dict(o) for o in OPTIONS], "winning",
              prompt="which team do you believe is winning?",
              droisoned=not self.functioning)

    @classmethod
    def describe_info(cls, info: dict) -> str | None:
        a = info.get("alignment")
        if a == "neither":
            return "the Storyteller believes neither team is winning (thumbs to the side)"
        if a in ("good", "evil"):
            thumb = "up" if a == "good" else "down"
            return f"the Storyteller believes {a} is winning (thumbs {thumb})"
        return None
