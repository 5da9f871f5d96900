"""Day talk: rounds of talk turns that open each day, when a game is played with talk
(`runner.play(game, talk=N)`, `clocktower play --talk N`, the environment's `talk=N`).

Each round every player (dead ones too) has one `talk` turn, in an order shuffled each
day from the game's seed (its own generator, `talk:{seed}:{day}`: nobody else's draws
change). A turn's answer (`TalkChoice`) is nothing, a public statement, a whisper to any
subset of the other players, or a public claim in the bots' claim language
(`decisions.claim_answer`). What is said is logged and shown only to those who hear it:
a statement to all (`statement`), a whisper's text to the speaker and its hearers
(`whisper`), and to everyone the fact of the whisper (`whispered`: who to whom), as at a
real table. A game without talk asks nothing and logs nothing more (docs/agents.md).
"""
from __future__ import annotations

from typing import Any

from .decisions import Decision, claim_answer
from .game import Game
from .rand import randrange, seeded

# The longest statement or whisper kept (characters): the rest is refused, not cut.
MAX_TEXT = 2000


class TalkChoice(Decision):
    """A talk turn: None (say nothing, the default), {"say": text}, {"whisper": [names],
    "say": text} or a claim (`claim_answer`). Listed options: nothing, then a bare claim of
    each character on the script; statements, whispers and claims with information are
    legal answers, not listed (as a day action's claims)."""

    default: Any = None

    def __init__(self, who: str, others: list[str], characters: list[str],
                 context: dict | None = None):
        self.kind = "talk"
        self.who = who
        self.prompt = "Say something? (nothing, a statement, a whisper or a claim)"
        self.context = context if context is not None else {}
        self.others = others            # whom a whisper may go to
        self.characters = characters    # the bare claims listed

    def options(self) -> list:
        return [None] + [{"claim": c} for c in self.characters]

    def n_options(self) -> int:
        return 1 + len(self.characters)

    def option(self, i: int) -> Any:
        return None if i == 0 else {"claim": self.characters[i - 1]}

    def sample(self, rng) -> Any:
        return self.option(randrange(rng, self.n_options()))

    def is_legal(self, answer: Any) -> bool:
        if answer is None:
            return True
        if not isinstance(answer, dict):
            return False
        if "claim" in answer:
            return claim_answer(answer)
        text = answer.get("say")
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_TEXT:
            return False
        if set(answer) == {"say"}:
            return True
        to = answer.get("whisper")
        return (set(answer) == {"say", "whisper"} and isinstance(to, list) and bool(to)
                and all(isinstance(n, str) and n in self.others for n in to)
                and len(set(to)) == len(to))

    def describe(self) -> dict:
        return {**super().describe(), "others": list(self.others)}


def order(game: Game) -> list[str]:
    """Today's talk order: every player, shuffled from the game's seed and the day."""
    rng = seeded(f"talk:{game.seed}:{game.day}")
    names = [p.name for p in game.players]
    out = []
    while names:
        out.append(names.pop(randrange(rng, len(names))))
    return out


def talk_rounds(game: Game, rounds: int) -> None:
    """The day's talk: `rounds` rounds of one turn each, in today's order (announced by a
    public `talk` event)."""
    if rounds <= 0 or game.winner is not None or game.day_over:
        return
    names = order(game)
    game.emit("talk", "all", rounds=rounds, order=names)
    script = game.script
    characters = [c for c in script.characters if c not in script.homebrew]
    for _ in range(rounds):
        for name in names:
            if game.winner is not None or game.day_over:
                return
            p = game.by_name[name]
            others = [n for n in names if n != name]
            answer = game.decide(TalkChoice(name, others, characters, {"player": name}))
            if answer is not None:
                say(game, p, answer)


def say(game: Game, p, answer: dict) -> None:
    """Carry out a talk answer (`TalkChoice`) of player `p`."""
    if "claim" in answer:
        game.claim(p, answer["claim"], answer.get("night"), answer.get("info"),
                   answer.get("chose"))
        return
    text = answer["say"]
    to = answer.get("whisper")
    if to is None:
        game.emit("statement", "all", player=p.name, text=text)
        return
    game.emit("whisper", [p.name, *to], player=p.name, to=list(to), text=text)
    game.emit("whispered", "all", player=p.name, to=list(to))
