"""A small language of yes/no questions about the game (the Artist asks one).

A person may ask the Storyteller anything; the engine understands these forms (case and
spacing free, the question mark optional; a player is named as seated, a character by its
name or id):

| form | example | yes when |
|---|---|---|
| `evil` / `good` | `is Bob evil?` | Bob's alignment is that |
| `demon` | `is Bob the Demon?` | Bob is the Demon (a Demon character, or "is the Demon" by an ability) |
| `team` | `is Bob a Minion?` (Townsfolk, Outsider, Minion, Demon, Traveller) | Bob's character is of that type |
| `character` | `is Bob the Imp?` | Bob's character is that one (the Drunk is the Drunk) |
| `demon_among` | `is the Demon one of Bob, Cat or Dan?` | one of them is the Demon |
| `died_to_demon` | `did Bob die to the Demon?` | Bob has died (this game) to a Demon's attack |
| `droisoned` | `is Bob drunk or poisoned?` (also `drunk`, `poisoned`) | Bob is so now |
| `in_play` | `is the Imp in play?` | a player is that character (or it is in play undealt) |

Answers are the grimoire's truth: the Storyteller answers a direct question honestly, so a
player's registration (the Recluse, the Spy) does not change the answer (our ruling: the
Artist's question is answered by the Storyteller, not by an ability that detects).

`parse(text, names)` returns a `Question` or raises `QuestionError` saying why the text is
not one (an unknown player, an unknown character, a form it does not know);
`Question.text` is its canonical wording, which `parse` reads back. `truth(question, game)`
is ("yes" or "no", the reason in words).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .. import data as D
from ..errors import ClocktowerError

TEAM_WORDS = {"townsfolk": "townsfolk", "outsider": "outsider", "minion": "minion",
              "demon": "demon", "traveller": "traveller", "traveler": "traveller"}
STATUS_WORDS = {"drunk or poisoned": "droisoned", "poisoned or drunk": "droisoned",
                "drunk": "drunk", "poisoned": "poisoned"}
FORMS = ("evil", "good", "demon", "team", "character", "demon_among", "died_to_demon",
         "droisoned", "drunk", "poisoned", "in_play")


class QuestionError(ClocktowerError):
    """Text that is not a question of the language (the message says why)."""


@dataclass(frozen=True)
class Question:
    form: str
    players: tuple[str, ...] = ()
    what: str | None = None         # a character id (character, in_play) or a team (team)

    @property
    def text(self) -> str:
        """The canonical wording (parse(q.text) == q)."""
        f, ps = self.form, self.players
        if f in ("evil", "good"):
            return f"is {ps[0]} {f}?"
        if f == "demon":
            return f"is {ps[0]} the Demon?"
        if f == "team":
            what = str(self.what)
            article = "an" if what[0] in "aeiou" else "a"
            return f"is {ps[0]} {article} {what.capitalize()}?"
        if f == "character":
            return f"is {ps[0]} the {D.get(str(self.what)).name}?"
        if f == "demon_among":
            names = ", ".join(ps[:-1]) + f" or {ps[-1]}" if len(ps) > 1 else ps[0]
            return f"is the Demon one of {names}?"
        if f == "died_to_demon":
            return f"did {ps[0]} die to the Demon?"
        if f == "droisoned":
            return f"is {ps[0]} drunk or poisoned?"
        if f in ("drunk", "poisoned"):
            return f"is {ps[0]} {f}?"
        return f"is the {D.get(str(self.what)).name} in play?"


def _norm(text: str) -> str:
    t = " ".join(str(text).replace("\u2019", "'").split()).strip()
    while t.endswith("?"):
        t = t[:-1].rstrip()
    return t


def _player(word: str, names: list[str], text: str) -> str:
    w = word.strip()
    for n in names:
        if n.lower() == w.lower():
            return n
    raise QuestionError(f"{w!r} is not a player's name (in {text!r})")


def _players(words: str, names: list[str], text: str) -> tuple[str, ...]:
    parts = [p for p in re.split(r"\s*,\s*|\s+or\s+|\s+and\s+", words.strip()) if p]
    if not parts:
        raise QuestionError(f"no players named in {text!r}")
    out = tuple(_player(p, names, text) for p in parts)
    if len(set(out)) != len(out):
        raise QuestionError(f"a player is named twice in {text!r}")
    return out


def _character(words: str, text: str) -> str:
    try:
        return D.get(words.strip()).id
    except ClocktowerError:
        raise QuestionError(f"{words.strip()!r} is not a character (in {text!r})") from None


def _match(pattern: str, t: str):
    return re.fullmatch(pattern, t, re.IGNORECASE)


def parse(text: str, names: list[str]) -> Question:
    """The question `text` asks, with players among `names`; QuestionError if it is not one
    of the forms the engine understands."""
    if not isinstance(text, str) or not _norm(text):
        raise QuestionError("a question is a non-empty text")
    t = _norm(text)
    m = _match(r"is the demon (?:one of|among) (.+)", t)
    if m:
        return Question("demon_among", _players(m.group(1), names, text))
    m = _match(r"did (.+?) die to the demon", t)
    if m:
        return Question("died_to_demon", (_player(m.group(1), names, text),))
    m = _match(r"is the (.+) in play", t)
    if m:
        return Question("in_play", (), _character(m.group(1), text))
    m = _match(r"is (.+?) (evil|good)", t)
    if m:
        return Question(m.group(2).lower(), (_player(m.group(1), names, text),))
    for words, form in STATUS_WORDS.items():
        # "is Ann drunk?" asks a status; "is Ann the Drunk?" asks a character (below).
        m = _match(r"is (.+?) " + words, t)
        if m and not re.search(r"\s(?:the|an?)$", m.group(1), re.IGNORECASE):
            return Question(form, (_player(m.group(1), names, text),))
    m = _match(r"is (.+?) the demon", t)
    if m:
        return Question("demon", (_player(m.group(1), names, text),))
    m = _match(r"is (.+?) an? (townsfolk|outsider|minion|demon|traveller|traveler)", t)
    if m:
        return Question("team", (_player(m.group(1), names, text),),
                        TEAM_WORDS[m.group(2).lower()])
    m = _match(r"is (.+?) the (.+)", t)
    if m:
        return Question("character", (_player(m.group(1), names, text),),
                        _character(m.group(2), text))
    raise QuestionError(f"{t!r} is not a question the engine understands (forms: is X evil?, "
                        "is X good?, is X the Demon?, is X a Minion?, is X the <character>?, "
                        "is the Demon one of X, Y?, did X die to the Demon?, "
                        "is X drunk or poisoned?, is the <character> in play?)")


def try_parse(text: str, names: list[str]) -> Question | None:
    try:
        return parse(text, names)
    except QuestionError:
        return None


def truth(q: Question, game) -> tuple[str, str]:
    """("yes" or "no", why) for `q` in `game` now, from the grimoire."""
    P = game.by_name
    f = q.form
    if f == "demon_among":
        demons = [n for n in q.players if game.is_demon(P[n])]
        if demons:
            return "yes", f"{demons[0]} is the Demon ({P[demons[0]].character})"
        return "no", f"none of {', '.join(q.players)} is the Demon"
    p = P[q.players[0]] if q.players else None
    if f in ("evil", "good"):
        assert p is not None
        return ("yes" if p.alignment == f else "no"), f"{p.name} is {p.alignment}"
    if f == "demon":
        assert p is not None
        yes = game.is_demon(p)
        return ("yes" if yes else "no"), f"{p.name} is the {D.get(p.character).name}" + \
            ("" if yes else ", not the Demon")
    if f == "team":
        assert p is not None
        team = D.get(p.character).team
        return ("yes" if team == q.what else "no"), f"{p.name} is the {D.get(p.character).name} ({team})"
    if f == "character":
        assert p is not None
        return ("yes" if p.character == q.what else "no"), \
            f"{p.name} is the {D.get(p.character).name}"
    if f == "died_to_demon":
        assert p is not None
        causes = [e.get("cause") for e in game.log
                  if e["type"] == "death" and e.get("player") == p.name]
        if "demon" in causes:
            return "yes", f"{p.name} died to the Demon"
        if causes:
            return "no", f"{p.name} died, but not to the Demon ({', '.join(map(str, causes))})"
        return "no", f"{p.name} has not died"
    if f in ("droisoned", "drunk", "poisoned"):
        assert p is not None
        state = {"droisoned": game.droisoned, "drunk": game.is_drunk,
                 "poisoned": game.is_poisoned}[f](p)
        word = "drunk or poisoned" if f == "droisoned" else f
        return ("yes" if state else "no"), f"{p.name} is {'' if state else 'not '}{word}"
    if f == "in_play":
        cid = str(q.what)
        yes = game.in_play(cid)
        return ("yes" if yes else "no"), f"the {D.get(cid).name} is {'' if yes else 'not '}in play"
    raise QuestionError(f"unknown question form {f!r}")
