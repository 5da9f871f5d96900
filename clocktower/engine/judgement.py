"""Information the Storyteller gives by their own judgement, with the reason recorded.

Some abilities show what the Storyteller *believes* (which team is winning, whom a player
should talk to) or answer a question the engine may not be able to check. Any of their
options is legal (for a sober player too, where the rules say so): the Storyteller judges.
`judge(...)` asks that as a `Judgement`, a Storyteller decision of kind `info` (so a
scenario writes it like information: `storyteller: {Ann: {alignment: evil}}`) whose answer
may carry the Storyteller's reason: one of the options, or the option with a `why` string
added. The automatic Storyteller's policies (`clocktower/storyteller/judgement.py`) give
one; a written or a person's answer need not. The reason is logged with the answer (the
`decision` event, Storyteller-only) and repeated in a `judgement` event (Storyteller-only)
for narration; the player's `learn` event carries only what they are shown.

The decision's context names the question in `judgement` (`winning`, `talk_to`,
`question`), so policies are chosen by what is asked, never by character.
"""
from __future__ import annotations

from typing import Any, Callable

from .decisions import Choice


class Judgement(Choice):
    """A Storyteller decision whose answer is an option, or an option plus `why` (a str)."""

    __slots__ = ()

    def is_legal(self, answer: Any) -> bool:
        if isinstance(answer, dict) and "why" in answer:
            if not isinstance(answer["why"], str):
                return False
            answer = {k: v for k, v in answer.items() if k != "why"}
        return answer in self._options


def judge(game, player, ability, options: list[dict], judgement: str, *,
          prompt: str = "", droisoned: bool = False, truth: dict | None = None,
          explain: Callable[[dict], str | None] | None = None,
          context: dict | None = None, shown: dict | None = None) -> dict:
    """Ask the Storyteller's judgement, record its reason, show the player the answer.

    `options`: the legal answers (dicts of `learn` fields). `truth`: the honest answer when
    the engine knows one (the Artist's parsed question), for the record (`true`) and
    narration. `explain(answer)`: the engine's own reason when the answer brings none (a
    written answer). `shown`: more fields for the player's `learn` event (the question).
    Returns what the player was shown (without `why`)."""
    ctx = {"player": player.name, "ability": ability.id, "droisoned": droisoned,
           "judgement": judgement, **(context or {})}
    if truth is not None:
        ctx["truth"] = truth
    answer = game.decide(Judgement("info", "storyteller", options, prompt, ctx))
    told = {k: v for k, v in answer.items() if k != "why"}
    why = answer.get("why")
    if why is None and explain is not None:
        why = explain(told)
    fields: dict[str, Any] = {"player": player.name, "ability": ability.id,
                              "judgement": judgement, "answer": told,
                              "reason": why if why is not None else "the Storyteller's own judgement (no reason given)"}
    if truth is not None:
        fields["true"] = told == truth
    game.emit("learn", [player.name], player=player.name, ability=ability.id, **told,
              **(shown or {}))
    game.emit("judgement", "storyteller", **fields)
    return told
