"""Driving a game whose answers arrive from outside, one at a time (a person, a web client).

The engine asks synchronously. A `Session` turns that into "what is the next decision
for a person?" / "here is the answer": it re-runs the game from its inputs (script, seed,
seating, and every outside answer given so far) until an outside answerer has no answer
yet (`PendingDecision`), and returns that decision. Because a game is determined by its
inputs, each re-run reaches exactly the same point; a game re-runs in about a millisecond.

    session = Session(lambda answerers: make_game(answerers), outside={"storyteller"})
    decision = session.pending()          # the decision waiting for a person, or None
    session.view().to_json()              # what that person may see (their view)
    session.answer(decision.options()[0]) # validated like any answer
"""
from __future__ import annotations

from typing import Any, Callable

from ..errors import IllegalAnswer, PendingDecision
from .decisions import Decision
from .game import Game
from .runner import play


class _Outside:
    """An answerer for one outside party: answers from a list, then raises PendingDecision."""

    def __init__(self, session: "Session"):
        self.session = session

    def __call__(self, decision: Decision, view) -> Any:
        s = self.session
        if s._cursor < len(s.answers):
            ans = s.answers[s._cursor]
            s._cursor += 1
            return ans
        raise PendingDecision(decision)


class Session:
    def __init__(self, build: Callable[[dict], Game], outside: set[str],
                 run: Callable[[Game], Any] = play):
        """`build(answerers)` makes a set-up game whose answerers for the names in `outside`
        are the ones given; `run(game)` plays it (default: the whole game with bot days)."""
        self.build = build
        self.outside = set(outside)
        self.run = run
        self.answers: list[Any] = []
        self._cursor = 0
        self.game: Game | None = None
        self._pending: Decision | None = None
        self._advance()

    def _advance(self) -> None:
        self._cursor = 0
        outside = _Outside(self)
        try:
            game = self.build({who: outside for who in self.outside})   # setup may ask too
            self.game = game
            self.run(game)
            self._pending = None
        except PendingDecision as p:
            self._pending = p.decision

    def pending(self) -> Decision | None:
        """The decision waiting for an outside answer, or None when the game is over."""
        return self._pending

    def view(self):
        """The view of whoever must answer the pending decision (`engine/views.py`): what a
        client for that seat is sent with the decision (`view.to_json()`), or None."""
        d = self._pending
        if d is None or self.game is None:
            return None
        return self.game.view(d.who)

    def answer(self, answer: Any) -> Decision | None:
        """Give the pending decision its answer; returns the next pending decision."""
        d = self._pending
        if d is None:
            raise IllegalAnswer(_NoDecision(), answer, "no decision is waiting")
        if isinstance(answer, list) and hasattr(d, "canonical"):
            answer = d.canonical(answer)
        if not d.is_legal(answer):
            raise IllegalAnswer(d, answer)
        self.answers.append(answer)
        self._advance()
        return self._pending


class _NoDecision:
    kind = "nothing"
    who = "nobody"
