"""Advice the Storyteller gives (the Fisherman): a piece of advice in words, optionally
backed by a fact a bot can read.

An answer is `{advice: text}` or `{advice: text, fact: {question, answer}}`: `fact` is a
question of the engine's question language (`engine/questions.py`: "is Cat the Demon?",
"is the Demon one of Bob, Cat or Dan?", "is the Poisoner in play?") with its answer `yes` or
`no`. Shown to the player, a fact is spelled out (`full_fact`): the canonical `question`,
the `answer`, the question's `form`, the `players` it names and `what` (a character or a
type) when it has one, so a bot reads it without parsing text.

`candidates(game, me, honest)` lists the advice the automatic Storyteller may give, each
with a strength (1 mild, 2 medium, 3 strong), for the team of the player `me` (their
alignment now): true facts (honest) or false ones (for a drunk or poisoned player). The
policy choosing among them is `storyteller/advice.py` (docs/storyteller.md).
"""
from __future__ import annotations

from typing import Any

from .. import data as D
from ..engine.questions import Question, QuestionError, parse, truth
from ..errors import ClocktowerError

ANSWERS = ("yes", "no")


def make_fact(q: Question, answer: str) -> dict:
    """The fact `q` answered `answer`, spelled out."""
    out: dict[str, Any] = {"question": q.text, "answer": answer, "form": q.form,
                           "players": list(q.players)}
    if q.what is not None:
        out["what"] = q.what
    return out


def read_fact(value: Any, names: list[str]) -> tuple[Question, str]:
    """A written fact (a mapping with `question` and `answer`, other fields as
    `make_fact` spells them), or ClocktowerError saying why it is not one."""
    if not isinstance(value, dict) or "question" not in value or "answer" not in value:
        raise ClocktowerError("a fact is a mapping with a question and an answer (yes or no)")
    if value["answer"] not in ANSWERS:
        raise ClocktowerError(f"a fact's answer is yes or no, not {value['answer']!r}")
    q = parse(value["question"], names)
    full = make_fact(q, value["answer"])
    extra = {k: v for k, v in value.items() if k not in ("question", "answer")}
    if any(full.get(k) != v for k, v in extra.items()):
        raise ClocktowerError(f"the fact's fields do not match its question {q.text!r}")
    return q, value["answer"]


def full_fact(value: dict, game) -> dict:
    q, answer = read_fact(value, [p.name for p in game.players])
    return make_fact(q, answer)


def holds(q: Question, answer: str, game) -> bool:
    return truth(q, game)[0] == answer


def statement(fact: dict) -> str:
    """The fact in words: "Cat is not the Demon"."""
    yes = fact["answer"] == "yes"
    f, ps, what = fact["form"], fact["players"], fact.get("what")
    nt = "" if yes else "not "
    if f in ("evil", "good"):
        return f"{ps[0]} is {nt}{f}"
    if f == "demon":
        return f"{ps[0]} is {nt}the Demon"
    if f == "team":
        return f"{ps[0]} is {nt}{'an' if str(what)[0] in 'aeiou' else 'a'} " \
               f"{str(what).capitalize()}"
    if f == "character":
        return f"{ps[0]} is {nt}the {D.get(str(what)).name}"
    if f == "demon_among":
        names = ", ".join(ps[:-1]) + f" or {ps[-1]}"
        return f"the Demon is {'' if yes else 'none '}{'one ' if yes else ''}of {names}"
    if f == "died_to_demon":
        return f"{ps[0]} did {nt}die to the Demon"
    if f in ("droisoned", "drunk", "poisoned"):
        word = "drunk or poisoned" if f == "droisoned" else f
        return f"{ps[0]} is {nt}{word}"
    if f == "in_play":
        return f"the {D.get(str(what)).name} is {nt}in play"
    return f"the answer to “{fact['question']}” is {fact['answer']}"


def _advice(action: str, q: Question, answer: str) -> dict:
    fact = {"question": q.text, "answer": answer}
    said = statement(make_fact(q, answer))
    return {"advice": f"{action}: {said}.", "fact": fact}


def _windows(living: list, size: int) -> list[list]:
    """Runs of `size` consecutive players in seat order (around the circle)."""
    n = len(living)
    if n < size:
        return []
    if n == size:
        return [living]
    return [[living[(i + k) % n] for k in range(size)] for i in range(n)]


def candidates(game, me, honest: bool = True) -> list[tuple[int, dict]]:
    """(strength, advice) for the team of `me`: true facts, or false ones (not honest)."""
    others = [p for p in game.players if p is not me and not p.traveller]
    living = [p for p in others if p.alive]
    out: list[tuple[int, dict]] = []

    names = [p.name for p in game.players]

    def add(tier: int, action: str, q: Question, answer: str = "yes") -> None:
        try:    # only questions that read back as written ("is Ann the Drunk?" does not)
            if parse(q.text, names) != q:
                return
        except QuestionError:
            return
        if holds(q, answer, game) == honest:
            out.append((tier, _advice(action, q, answer)))

    def seated(ps) -> tuple[str, ...]:
        return tuple(p.name for p in sorted(ps, key=lambda p: p.seat))

    if me.alignment == "good":
        for p in living:
            add(1, f"Trust {p.name}", Question("good", (p.name,)))
        for c in game.script.characters:
            if D.get(c).team == "minion":
                add(1, f"Plan for the {D.get(c).name}", Question("in_play", (), c))
        for p in living:
            add(2, f"Doubt what {p.name} learns", Question("droisoned", (p.name,)))
        for size, tier in ((3, 2), (2, 3)):
            for w in _windows(living, size):
                add(tier, "Find the Demon", Question("demon_among", seated(w)))
        for p in living:
            if D.get(p.character).team == "minion" or not honest:
                add(3, f"Execute {p.name}", Question("evil", (p.name,)))
    else:
        for p in living:
            add(1, f"Work with {p.name}", Question("evil", (p.name,)))
        for p in living:
            add(2, f"Keep {p.name} alive", Question("demon", (p.name,)))
            add(2, f"Back {p.name}'s claims", Question("droisoned", (p.name,)))
        from ._info import Information
        for p in living:
            if p.alignment == "good" and any(isinstance(a, Information)
                                             and a.id == p.character for a in p.held):
                ch = p.character if honest else next(
                    (c for c in game.script.characters if D.get(c).team == "townsfolk"
                     and c != p.character), p.character)
                add(3, f"Kill {p.name}", Question("character", (p.name,), ch))
    return out


class AdviceMenu(list):
    """The legal advice: iterating gives the automatic Storyteller's candidates (true ones,
    and false ones for a drunk or poisoned player); `in` accepts any advice text, with a
    well-formed fact that is true unless the player is drunk or poisoned."""

    def __init__(self, items, game, droisoned: bool):
        super().__init__(items)
        self.game = game
        self.droisoned = droisoned

    def __contains__(self, answer: Any) -> bool:
        if not isinstance(answer, dict) or not set(answer) <= {"advice", "fact"}:
            return False
        text = answer.get("advice")
        if not isinstance(text, str) or not text.strip():
            return False
        if "fact" not in answer:
            return True
        try:
            q, a = read_fact(answer["fact"], [p.name for p in self.game.players])
        except (ClocktowerError, QuestionError):
            return False
        return self.droisoned or holds(q, a, self.game)
