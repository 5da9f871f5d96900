"""Artist (Sects & Violets, Townsfolk).

"Once per game, during the day, privately ask the Storyteller any yes/no question."

How to Run: during any day the Artist may take the Storyteller aside and ask one question;
the Storyteller whispers "yes", "no" or "I don't know" (or asks them to rephrase a question
that cannot be answered so). The Artist then loses their ability (NO ABILITY). The chat is
private: the table sees that the Artist went to ask, never the question. An evil player
bluffing as the Artist may pretend to ask; the Storyteller pretends to answer.

Written as a day action `ability: {by: Ann, character: artist, question: "is Bob the
Demon?"}`, answered by `storyteller: {Ann: {answer: yes}}` (`yes`, `no`, `unknown`).

Rulings:

* The question is text. The engine reads the forms of its question language
  (`engine/questions.py`: is X evil?, is X the Demon?, is the Demon one of X, Y?, is X the
  Y?, did X die to the Demon?, ...). A sober, healthy Artist asking one of those gets the
  grimoire's truth, and only the truth is legal (registration does not apply: the
  Storyteller answers honestly, no ability detects anything). A question outside the
  language (free text a person asks) may be answered yes, no or unknown: the Storyteller
  judges; the automatic Storyteller says `unknown` (it cannot read it).
* A drunk or poisoned Artist may be given any answer; the ability is spent either way.
* Bots ask questions of the language (`day_options`); a written use may ask any text.
* The question is private: the public `claim_ability` event leaves it out
  (`Ability.private_args`), the Artist's `learn` event carries it with the answer, and no
  "nothing happens" is announced after a private use (a pretend looks the same).
* A dead Artist has no ability.
"""
from __future__ import annotations

from typing import Any, ClassVar

from ..engine.ability import Ability, State
from ..engine.judgement import judge
from ..engine.questions import Question, truth, try_parse

ANSWERS = ("yes", "no", "unknown")


class QuestionMenu(list):
    """The Artist's day uses: iterating gives the questions of the language that bots ask;
    `in` accepts any question text (a person may ask anything)."""

    def __contains__(self, args: Any) -> bool:
        return (isinstance(args, dict) and set(args) == {"question"}
                and isinstance(args["question"], str) and bool(args["question"].strip()))


def bot_questions(game, me) -> list[str]:
    """The questions a bot Artist may ask now: about each other player, whether they are
    evil, the Demon, a Minion, and (for the dead) whether they died to the Demon; and
    whether the Demon is one of two living neighbours (seat order)."""
    out = []
    others = [p for p in game.players if p is not me]
    for p in others:
        out.append(Question("evil", (p.name,)).text)
        out.append(Question("demon", (p.name,)).text)
        out.append(Question("team", (p.name,), "minion").text)
        if not p.alive:
            out.append(Question("died_to_demon", (p.name,)).text)
    living = [p for p in others if p.alive]
    for a, b in zip(living, living[1:]):
        out.append(Question("demon_among", (a.name, b.name)).text)
    return out


class Artist(Ability):
    id = "artist"
    kind = "information"
    used = State(False)
    private_args: ClassVar[tuple[str, ...]] = ("question",)

    def day_options(self) -> list[dict]:
        if self.used or not self.player.alive:
            return []
        return QuestionMenu({"question": q} for q in bot_questions(self.game, self.player))

    def day_ability(self, args: dict) -> None:
        game, me = self.game, self.player
        self.used = True
        self.reminder("No ability", me)
        text = args["question"].strip()
        ok = self.functioning
        q = try_parse(text, [p.name for p in game.players])
        options = [{"answer": a} for a in ANSWERS]
        context: dict[str, Any] = {"question": text, "parsed": q is not None}
        if q is None:
            judge(game, me, self, options, "question", prompt=f"the Artist asks: {text}",
                  droisoned=not ok, context=context, shown={"question": text})
            return
        yes_no, why = truth(q, game)
        honest = {"answer": yes_no}
        context["why"] = why
        if ok:
            options = [honest]
        else:
            options = [honest] + [o for o in options if o != honest]

        def explain(told: dict) -> str:
            if told == honest:
                return f"the honest answer: {why}"
            return f"not the honest answer (the Artist is drunk or poisoned): {why}"

        judge(game, me, self, options, "question", prompt=f"the Artist asks: {q.text}",
              droisoned=not ok, truth=honest, explain=explain, context=context,
              shown={"question": text})

    @classmethod
    def describe_info(cls, info: dict) -> str | None:
        a = info.get("answer")
        if a not in ANSWERS:
            return None
        said = "I don't know" if a == "unknown" else a
        return f"the Storyteller answers “{said}” to “{info.get('question', '?')}”"

    @classmethod
    def describe_use(cls, args: dict) -> str | None:
        return "asks the Storyteller a private question (Artist)"
