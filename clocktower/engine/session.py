"""A game answered from outside, one decision at a time (a person, an agent): the pull-style
API of the game driver (`engine/driver.py`).

The engine asks synchronously; a `Session` runs the game in a coroutine (`driver.Stepped`)
that pauses when an outside party must answer and returns that decision with its view;
`answer(x)` validates the answer and continues from that point (the work of one step, not
a re-run of the game). `fork(answerers)` gives an independent session at the same point
(the same inputs re-run: correct by construction), which may continue with other answerers.

    session = Session(lambda answerers: make_game(answerers), outside={"storyteller"})
    decision = session.pending()          # the decision waiting for a person, or None
    session.view().to_json()              # what that person may see (their view)
    session.answer(decision.options()[0]) # validated like any answer
"""
from __future__ import annotations

from typing import Any, Callable

from ..errors import IllegalAnswer
from .decisions import Decision
from .driver import Stepped
from .game import Answerer, Game
from .runner import play


def _checked(d: Decision, answer: Any) -> Any:
    """`answer` as `Game.decide` takes it (a player choice in seat order), or IllegalAnswer."""
    if isinstance(answer, list) and hasattr(d, "canonical"):
        answer = d.canonical(answer)
    if not d.is_legal(answer):
        raise IllegalAnswer(d, answer)
    return answer


class _Outside:
    """The answerer of the outside parties: the answers given so far, in order, then a pause
    until the next one is given (handed over by the resume itself). Its answers are checked
    against the very decision they answer (`Session.answer`; a re-run's here), so
    `Game.decide` does not check them again (`answers_checked`)."""

    __slots__ = ("session",)
    answers_checked = True

    def __init__(self, session: "Session"):
        self.session = session

    def __call__(self, decision: Decision, view) -> Any:
        s = self.session
        c = s._cursor
        s._cursor = c + 1
        if c < len(s.answers):          # a re-run (a fork): the answers given before
            return _checked(decision, s.answers[c])
        if s.game is None:              # asked during setup: the game being set up
            s.game = view._game         # (a player's view does not show it to players)
        return s._stepped.wait(decision)


class Session:
    def __init__(self, build: Callable[[dict], Game], outside: set[str],
                 run: Callable[[Game], Any] = play, answers: list | None = None):
        """`build(answerers)` makes a set-up game whose answerers for the names in `outside`
        are the ones given; `run(game)` plays it (default: the whole game with bot days).
        `answers`: outside answers to give first, in order (a re-run to that point)."""
        self.build = build
        self.outside = set(outside)
        self.run = run
        self.answers: list[Any] = list(answers or [])
        self._cursor = 0
        self.game: Game | None = None
        self._stepped = Stepped(self._main)
        self._pending: Decision | None = self._stepped.resume()

    def _main(self) -> None:
        outside = _Outside(self)
        game = self.build({who: outside for who in self.outside})   # setup may ask too
        self.game = game
        self.run(game)

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
        """Give the pending decision its answer; returns the next pending decision. An
        illegal answer raises IllegalAnswer and changes nothing."""
        d = self._pending
        if d is None:
            raise IllegalAnswer(_NoDecision(), answer, "no decision is waiting")
        if isinstance(answer, list) and hasattr(d, "canonical"):     # (`_checked`, inline)
            answer = d.canonical(answer)
        if not d.is_legal(answer):
            raise IllegalAnswer(d, answer)
        self.answers.append(answer)
        d = self._pending = self._stepped.resume(answer)
        return d

    def fork(self, answerers: dict[str, Answerer] | None = None) -> "Session":
        """An independent session at the same point: the game re-run from its inputs (the
        same build and the answers given so far). `answerers` take over those outside
        parties from here (the pending decision too, if it is theirs)."""
        twin = Session(self.build, self.outside, self.run, self.answers)
        if answerers:
            game = twin.game
            assert game is not None, "fork: the game is still being set up"
            game.answerers.update(answerers)
            twin.outside -= set(answerers)
            while twin._pending is not None and twin._pending.who in answerers:
                d = twin._pending
                answerer, view = game.fast_answerer(d.who)[:2]
                twin.answer(answerer(d, view))
        return twin


class _NoDecision:
    kind = "nothing"
    who = "nobody"
