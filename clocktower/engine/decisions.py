"""Decisions are data: who decides, what kind, the legal options, and context.

The engine never calls a bot directly. It builds a Decision and hands it to the answerer
registered for `decision.who` (the Storyteller, a player's agent, a scenario file, a person).
The answer is validated against the decision before the engine uses it.

Two shapes:

* `Choice`: an explicit list of options (info to show, yes/no, a character to pick).
* `PlayerChoice`: choose `count` players from a candidate list (optionally declinable).
  Its options are enumerated on demand, so a 15-player pick of 2 costs nothing until asked.
* `InfoChoice`: a `Choice` of information whose false answers are an `OptionSpace` (every
  "1 of 2 players is X" for a droisoned player): counted, indexed and tested without being
  listed; `options()` lists them only when someone asks.

An answerer that samples by index uses `n_options()` and `option(i)`, which never build a
list; `options()` is the whole list (built on demand).

Answers are plain JSON values: a player choice is a list of names (seat order) or None
for "declined"; a Choice answer is one of its options.
"""
from __future__ import annotations

import itertools
from mypy_extensions import mypyc_attr     # for the compiled build; a no-op otherwise
from typing import Any, Callable

from .options import OptionSpace
from .rand import randrange, sample


NO_DEFAULT = object()


@mypyc_attr(allow_interpreted_subclasses=True)     # characters subclass decisions
class Decision:
    """Base class. `default` is the answer that is not written to the log (a hand not
    raised, a turn passed): replay answers any unlogged decision with its default."""

    kind: str
    who: str
    context: dict
    prompt: str
    default: Any = NO_DEFAULT
    n_true: int | None = None       # information (a Choice): the first n_true options are true

    def options(self) -> list:
        raise NotImplementedError

    def is_legal(self, answer: Any) -> bool:
        raise NotImplementedError

    def sample(self, rng) -> Any:
        return rng.choice(self.options())

    def n_options(self) -> int:
        return len(self.options())

    def option(self, i: int) -> Any:
        return self.options()[i]

    def is_true(self, answer: Any) -> bool:
        """Information: whether a legal `answer` is one of the first n_true options."""
        return self.options().index(answer) < (self.n_true or 0)

    def only_option(self) -> tuple[bool, Any]:
        """(True, option) when exactly one answer is legal: the engine need not ask."""
        return False, None

    def describe(self) -> dict:
        return {"kind": self.kind, "who": self.who, "prompt": self.prompt,
                "context": self.context}


@mypyc_attr(allow_interpreted_subclasses=True)     # characters subclass decisions
class Choice(Decision):
    __slots__ = ("kind", "who", "prompt", "context", "_options", "n_true", "default")

    def __init__(self, kind: str, who: str, options: list, prompt: str = "",
                 context: dict | None = None, n_true: int | None = None,
                 default: Any = NO_DEFAULT):
        self.default = default
        self.kind = kind
        self.who = who
        self._options = options
        self.prompt = prompt
        self.context = context if context is not None else {}
        # For information: the first n_true options are true, the rest are false.
        self.n_true = n_true

    def options(self) -> list:
        return self._options

    def is_legal(self, answer: Any) -> bool:
        return answer in self._options

    def sample(self, rng) -> Any:
        return self._options[randrange(rng, len(self._options))]

    def n_options(self) -> int:
        return len(self._options)

    def option(self, i: int) -> Any:
        return self._options[i]

    def is_true(self, answer: Any) -> bool:
        """Information: whether a legal `answer` is one of the first n_true options."""
        return self._options.index(answer) < (self.n_true or 0)

    def only_option(self):
        if len(self._options) == 1:
            return True, self._options[0]
        return False, None


@mypyc_attr(allow_interpreted_subclasses=True)     # characters subclass decisions
class InfoChoice(Choice):
    """Information for the Storyteller to pick: `truths` (listed) then the false answers of
    `space`, an `OptionSpace` that excludes the truths. Same options, in the same order, as
    a `Choice` of `truths + list(space)` with n_true = len(truths), without listing them."""

    __slots__ = ("_truths", "_space")

    def __init__(self, who: str, truths: list, space: OptionSpace, context: dict | None = None):
        Choice.__init__(self, "info", who, None, "", context, n_true=len(truths))  # type: ignore[arg-type]
        self._truths = truths
        self._space = space.without(truths)

    def options(self) -> list:
        if self._options is None:
            self._options = list(self._truths) + list(self._space)
        return self._options

    def n_options(self) -> int:
        return len(self._truths) + len(self._space)

    def option(self, i: int) -> Any:
        t = self._truths
        return t[i] if i < len(t) else self._space[i - len(t)]

    def is_legal(self, answer: Any) -> bool:
        return answer in self._truths or answer in self._space

    def is_true(self, answer: Any) -> bool:
        return answer in self._truths

    def sample(self, rng) -> Any:
        return self.option(randrange(rng, self.n_options()))

    def only_option(self):
        if self.n_options() == 1:
            return True, self.option(0)
        return False, None


@mypyc_attr(allow_interpreted_subclasses=True)     # characters subclass decisions
class PlayerChoice(Decision):
    """Choose `count` distinct players among `candidates` (names, seat order)."""

    __slots__ = ("kind", "who", "prompt", "context", "candidates", "count", "optional", "check")

    def __init__(self, kind: str, who: str, candidates: list[str], count: int = 1,
                 optional: bool = False, prompt: str = "", context: dict | None = None,
                 check: Callable[[list[str]], bool] | None = None):
        self.kind = kind
        self.who = who
        self.candidates = candidates
        self.count = count
        self.optional = optional
        self.prompt = prompt
        self.context = context if context is not None else {}
        self.check = check

    def options(self) -> list:
        opts: list = [None] if self.optional else []
        for combo in itertools.combinations(self.candidates, self.count):
            pick = list(combo)
            if self.check is None or self.check(pick):
                opts.append(pick)
        return opts

    def is_legal(self, answer: Any) -> bool:
        if answer is None:
            return self.optional
        if not isinstance(answer, list) or len(answer) != self.count:
            return False
        cands = self.candidates
        if any(a not in cands for a in answer):     # names only, before hashing them
            return False
        if len(set(answer)) != self.count:
            return False
        return self.check is None or self.check(answer)

    def sample(self, rng) -> Any:
        if self.check is None and len(self.candidates) >= self.count:
            pick = sample(rng, self.candidates, self.count)
            if len(pick) < 2:
                return pick
            order = {n: i for i, n in enumerate(self.candidates)}
            return sorted(pick, key=order.__getitem__)
        return super().sample(rng)

    def canonical(self, answer: list[str]) -> list[str]:
        """`answer` in seat order; an answer that is not a list of names is left as it is
        (`is_legal` refuses it)."""
        if len(answer) < 2 or not all(isinstance(n, str) for n in answer):
            return list(answer)
        order = {n: i for i, n in enumerate(self.candidates)}
        return sorted(answer, key=lambda n: order.get(n, 999))

    def only_option(self):
        if not self.optional and len(self.candidates) == self.count and self.check is None:
            return True, list(self.candidates)
        return False, None


@mypyc_attr(allow_interpreted_subclasses=True)     # characters subclass decisions
class DayActionChoice(Decision):
    """What a player does next in the day: pass (None), {"nominate": name},
    {"ability": id, **args} or {"exile": name} (call for a Traveller's exile). Options are
    built on demand from the three lists.

    Besides those, a player may always make a public claim (`claim_answer`): {"claim":
    character id} and optionally what that character's ability learned, {"night": n,
    "info": {...}} (the `learn` event's fields) and "chose": [names] (the players the
    ability chose that night, when its answer depends on them). Claims are statements, not options: they
    are not listed (a random pick never makes one), and any well-formed claim is legal.

    Nor are `pretends` listed: the uses of the day ability of the character the player last
    claimed, when they do not hold it (`Game.pretend_uses`: a Slayer bluffer's shot). They
    are legal answers, carried out as pretended uses."""

    __slots__ = ("kind", "who", "prompt", "context", "nominees", "uses", "exiles", "pretends")
    default: Any = None

    def __init__(self, who: str, nominees: list[str], uses: list[dict], context: dict | None = None,
                 exiles: list[str] | None = None, pretends: list[dict] | None = None):
        self.kind = "day_action"
        self.who = who
        self.prompt = "What do you do?"
        self.context = context if context is not None else {}
        self.nominees = nominees
        self.uses = uses
        self.exiles = exiles or []
        self.pretends = pretends or []

    def options(self) -> list:
        return ([None] + [{"nominate": n} for n in self.nominees] + list(self.uses)
                + [{"exile": n} for n in self.exiles])

    def is_legal(self, answer: Any) -> bool:
        if answer is None:
            return True
        if not isinstance(answer, dict):
            return False
        if "nominate" in answer:
            return len(answer) == 1 and answer["nominate"] in self.nominees
        if "exile" in answer:
            return len(answer) == 1 and answer["exile"] in self.exiles
        if "claim" in answer:
            return claim_answer(answer)
        return answer in self.uses or answer in self.pretends

    def sample(self, rng) -> Any:
        opts = self.options()
        return opts[randrange(rng, len(opts))]

    def only_option(self):
        if not self.nominees and not self.uses and not self.exiles:
            return True, None
        return False, None


class SpeakChoice(Decision):
    """A turn with nothing to do but talk: pass (None, the default) or a public claim
    (`claim_answer`), as in a day action. Asked by `runner.talk_turn` when a player has no
    day action to take (dead without a day ability, or alive having nominated) and their
    answerer says it `speaks`: a dead Ravenkeeper tells what it learned. A pass is neither
    numbered nor logged (so an answerer that passes, or that is never asked, leaves the
    game as it was); a claim is numbered and logged as a `speak` decision, as a day
    action's answer is, and replay answers a `speak` turn from that record."""

    __slots__ = ("kind", "who", "prompt", "context")
    default: Any = None

    def __init__(self, who: str, context: dict | None = None):
        self.kind = "speak"
        self.who = who
        self.prompt = "Say something? (pass, or a claim of who you are and what you learned)"
        self.context = context if context is not None else {}

    def options(self) -> list:
        return [None]

    def is_legal(self, answer: Any) -> bool:
        return answer is None or (isinstance(answer, dict) and "claim" in answer
                                  and claim_answer(answer))

    def sample(self, rng) -> Any:
        return None


def claim_answer(answer: dict) -> bool:
    """Whether `answer` is a well-formed claim: {"claim": a character id} with optionally
    both "night" (an int from 1) and "info" (a dict: what the ability learned that night),
    and with them "chose" (the players the ability chose that night, a list of names)."""
    from .. import data as D
    cid = answer.get("claim")
    if not isinstance(cid, str) or cid not in D.all_characters():
        return False
    keys = set(answer)
    if keys == {"claim"}:
        return True
    night, info, chose = answer.get("night"), answer.get("info"), answer.get("chose", [])
    return (keys - {"chose"} == {"claim", "night", "info"} and isinstance(night, int)
            and not isinstance(night, bool) and night >= 1 and isinstance(info, dict)
            and isinstance(chose, list) and all(isinstance(n, str) for n in chose))


@mypyc_attr(allow_interpreted_subclasses=True)     # characters subclass decisions
class VoteChoice(Decision):
    """Raise a hand (True) or not (False) on a nomination. Not raising is the default."""

    __slots__ = ("who", "context")
    kind = "vote"
    prompt = "Vote to execute?"
    default: Any = False
    _OPTIONS = [True, False]

    def __init__(self, who: str, context: dict):
        self.who = who
        self.context = context

    def options(self) -> list:
        return self._OPTIONS

    def is_legal(self, answer: Any) -> bool:
        return answer is True or answer is False

    def sample(self, rng) -> Any:
        return rng.random() < 0.5

    def only_option(self):
        return False, None
