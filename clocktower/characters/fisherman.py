"""Fisherman (The Return of Jafar, Townsfolk).

"Once per game, during the day, visit the Storyteller for some advice to help your team
win."

How to Run: once per game, when the Fisherman asks, give them in private one piece of
advice to help their team win; then mark them NO ABILITY. A drunk or poisoned Fisherman may
be given bad advice.

Written as a day action `ability: {by: Ann, character: fisherman}`, answered by
`storyteller: {Ann: {advice: "Execute Cat"}}` in the same day step (optionally with a fact:
`{advice: ..., fact: {question: "is Cat the Demon?", answer: "yes"}}`).

Rulings:
- The advice is text (the almanac: strategy, not necessarily facts). It may carry a `fact`:
  a question of the engine's question language with its answer (`characters/_advice.py`),
  which the Fisherman's `learn` event spells out (`question`, `answer`, `form`, `players`,
  `what`) so a bot can use it. For a sober, healthy Fisherman a fact must be true (the
  Storyteller does not lie to a working ability); a drunk or poisoned one may be told a
  false one. Advice without a fact is always legal.
- The automatic Storyteller always gives concrete advice backed by a fact that helps the
  Fisherman's team (their alignment now), stronger the worse that team is doing (policy:
  `storyteller/advice.py`, docs/storyteller.md "Fisherman's advice").
- The visit is private: the table sees the Fisherman go (the public `claim_ability`), never
  the advice, and no "nothing happens" follows (a pretend looks the same).
- The ability is spent when used, even by a drunk or poisoned Fisherman. A dead Fisherman
  has no ability.
"""
from __future__ import annotations

from typing import Any, ClassVar

from ..engine.ability import Ability, State
from ..engine.judgement import Judgement
from ._advice import AdviceMenu, candidates, full_fact, holds, read_fact, statement


class Fisherman(Ability):
    id = "fisherman"
    kind = "information"
    used = State(False)
    # The advice is private (never in the public claim): a private use.
    private_args: ClassVar[tuple[str, ...]] = ("advice",)

    def day_options(self) -> list[dict]:
        if self.used or not self.player.alive:
            return []
        return [{}]

    def day_ability(self, args: dict) -> None:
        game, me = self.game, self.player
        self.used = True
        self.reminder("No Ability", me)
        droisoned = not self.functioning
        items = [a for _, a in candidates(game, me, honest=True)]
        if droisoned:
            items += [a for _, a in candidates(game, me, honest=False)]
        if len(items) < 2:      # always something to choose (a person may type anything)
            items.append({"advice": "Trust your own judgement."})
        menu = AdviceMenu(items, game, droisoned)
        ctx: dict[str, Any] = {"player": me.name, "ability": self.id,
                               "droisoned": droisoned, "judgement": "advice",
                               "team": me.alignment}
        answer = game.decide(Judgement("info", "storyteller", menu,
                                       f"the Fisherman {me.name} asks for advice "
                                       f"({me.alignment})", ctx))
        told: dict[str, Any] = {"advice": answer["advice"].strip()}
        if "fact" in answer:
            told["fact"] = full_fact(answer["fact"], game)
        why = answer.get("why") or "the Storyteller's own advice (no reason given)"
        self.learn(me, **told)
        checked: dict[str, Any] = {}
        if "fact" in answer:        # a fact the engine can check: was it true?
            q, a = read_fact(answer["fact"], [p.name for p in game.players])
            checked["true"] = holds(q, a, game)
        game.emit("judgement", "storyteller", player=me.name, ability=self.id,
                  judgement="advice", answer=told, reason=why, **checked)

    @classmethod
    def describe_info(cls, info: dict) -> str | None:
        if "advice" not in info:
            return None
        fact = info.get("fact")
        said = statement(fact) if isinstance(fact, dict) and "form" in fact else None
        tail = f" (a fact: {said})" if said and said not in info["advice"] else ""
        return f"the Storyteller advises: “{info['advice']}”{tail}"

    @classmethod
    def describe_use(cls, args: dict) -> str | None:
        return "visits the Storyteller for advice (Fisherman)"
