"""The automatic Storyteller's judgement: its policies for decisions the rules leave to the
Storyteller's belief (`engine/judgement.py`), chosen by the question asked (the decision's
`judgement` context), each answer with its reason (`why`). See docs/storyteller.md.

* `winning` (which team is winning: the General): simulated continuations of the game
  from the Storyteller's full knowledge (`estimate.py`).
* `talk_to` (whom a player should talk to most: the High Priestess): a score per player
  from the grimoire and the information each player has been shown (`talk_scores`).
* `question` (a yes/no question: the Artist): the honest answer to a question of the
  language (`engine/questions.py`); `unknown` for text it cannot read.
* `advice` (advice to help a team win: the Fisherman): `storyteller/advice.py`.
* `accuracy` (how close a guess at a hidden ability is: the Amnesiac): the documented
  similarity the ability computed (`truth`; docs/storyteller.md).

A drunk or poisoned player may be shown anything: the policies then show something else
than their belief about as often as the automatic Storyteller gives false information
(more often while good is ahead).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import data as D
from ..engine.questions import QuestionError, parse
from .estimate import estimate

if TYPE_CHECKING:  # pragma: no cover
    from .auto import AutoStoryteller

SETUP_INFO = ("minioninfo", "demoninfo", "setup", "traveller")
QUIET = 1.5     # below this best score nobody holds information worth talking about


def answer(st: "AutoStoryteller", decision, game) -> dict:
    kind = decision.context.get("judgement")
    if kind == "winning":
        return winning(st, decision, game)
    if kind == "talk_to":
        return talk_to(st, decision, game)
    if kind == "question":
        return question(st, decision, game)
    if kind == "advice":
        from .advice import advice
        return advice(st, decision, game)
    if kind == "accuracy":
        return accuracy(st, decision, game)
    opts = decision.options()       # a judgement this Storyteller has no policy for
    return {**opts[st.rng.randrange(len(opts))], "why": f"no policy for {kind!r}: at random"}


def _lie(st: "AutoStoryteller", game) -> bool:
    return st.rng.random() < st.p_false(game)


# ---------------------------------------------------------------------------- winning
def winning(st: "AutoStoryteller", decision, game) -> dict:
    est = estimate(game, st.continuations, st.days, storyteller=st.continuation)
    belief = est.verdict
    team = "neither team" if belief == "neither" else belief
    why = f"the Storyteller believes {team} is winning: {est.reason}"
    if decision.context.get("droisoned") and _lie(st, game):
        others = [a for a in ("good", "evil", "neither") if a != belief]
        shown = others[st.rng.randrange(len(others))]
        return {"alignment": shown,
                "why": f"drunk or poisoned: shown {shown}, although {why}"}
    return {"alignment": belief, "why": why}


# ---------------------------------------------------------------------------- talk_to
def _points_at_evil(ev: dict, game) -> bool:
    """Does this information name an evil player or an evil character, or show a positive
    count or a nod? (A rough reading of 'information that points at evil'.)"""
    P = game.by_name
    if any(n in P and P[n].alignment == "evil" for n in ev.get("players", [])):
        return True
    c = ev.get("character")
    if isinstance(c, str) and D.teams().get(c) in ("minion", "demon"):
        return True
    if ev.get("alignment") == "evil" or ev.get("yes") is True:
        return True
    return isinstance(ev.get("count"), int) and not isinstance(ev.get("count"), bool) \
        and ev["count"] > 0


def shown_information(game) -> dict[str, list[tuple[dict, bool]]]:
    """Player -> the information their abilities showed them, each with whether it was
    true. A `learn` right after an `info` decision takes that decision's `true`; one with
    no such decision had a single legal answer (true). Setup, evil info, 'you are' and the
    Storyteller's judgements (which have no truth) are left out."""
    out: dict[str, list[tuple[dict, bool]]] = {}
    prev: dict | None = None
    for ev in game.log:
        if ev["type"] == "learn" and ev.get("ability") and ev.get("ability") not in SETUP_INFO \
                and ev.get("reason") is None:
            true = True
            if prev is not None and prev["type"] == "decision" and prev.get("kind") == "info" \
                    and prev.get("player") == ev["player"]:
                if "true" not in prev:
                    prev = ev
                    continue        # a judgement: no truth to weigh
                true = prev["true"]
            out.setdefault(ev["player"], []).append((ev, true))
        prev = ev
    return out


def talk_scores(game, me) -> dict[str, tuple[float, str]]:
    """Name -> (score, reason) for the High Priestess `me` (see docs/storyteller.md)."""
    info = shown_information(game)
    alive = [p for p in game.players if p.alive and not p.traveller]
    endgame = len(alive) <= 4
    evil_me = me.alignment == "evil"
    out: dict[str, tuple[float, str]] = {}
    for p in game.players:
        if p is me:
            continue
        shown = info.get(p.name, [])
        true_evil = sum(1 for ev, t in shown if t and _points_at_evil(ev, game))
        false = sum(1 for ev, t in shown if not t)
        true_any = sum(1 for ev, t in shown if t)
        if evil_me:
            if p.alignment == "evil":
                score, why = ((5.0, "the Demon, the High Priestess's teammate")
                              if game.is_demon(p) else (4.0, "an evil teammate"))
            elif true_evil:
                score, why = 2.0 + true_evil, (f"the good player holding {true_evil} true "
                                               "piece(s) of information that point at evil")
            else:
                score, why = 0.5, "a good player with nothing pointing at evil"
        elif p.alignment == "evil":
            if game.is_demon(p) and endgame:
                score, why = 6.0, "the Demon, with few players left"
            else:
                score, why = 1.0, "evil: talking may expose their bluff"
        elif true_evil and not game.droisoned(p):
            score, why = 3.0 + true_evil, (f"a good player holding {true_evil} true piece(s) "
                                           "of information that point at evil")
        elif false:
            score, why = 2.0, f"a good player misled by {false} false piece(s) of information"
        elif true_any:
            score, why = 1.5, "a good player holding true information"
        else:
            score, why = 0.5, "a good player with no information to share yet"
        if p.alive:
            score += 0.25
        out[p.name] = (score, why)
    return out


def talk_to(st: "AutoStoryteller", decision, game) -> dict:
    me = game.by_name[decision.context["player"]]
    scores = talk_scores(game, me)
    legal = [o["players"][0] for o in decision.options() if o["players"][0] in scores]
    droisoned = bool(decision.context.get("droisoned"))
    if droisoned:
        low = min(scores[n][0] for n in legal)
        pick = [n for n in legal if scores[n][0] == low]
    else:
        top = max(scores[n][0] for n in legal)
        pick = [n for n in legal if scores[n][0] == top]
        if top < QUIET and me.alignment == "good":
            # Nobody holds information yet: pointing at the best-rated (an evil player)
            # would only tell the alignment. Any living player, at random.
            living = [n for n in legal if game.by_name[n].alive] or legal
            name = living[st.rng.randrange(len(living))]
            return {"players": [name], "why": "nobody holds information worth talking "
                                              f"about yet: a living player at random ({name})"}
    name = pick[st.rng.randrange(len(pick))]
    why = f"{name}: {scores[name][1]}"
    if droisoned:
        why = f"drunk or poisoned: shown the player rated least useful ({why})"
    else:
        why = f"the most useful to talk to: {why}"
    return {"players": [name], "why": why}


# ---------------------------------------------------------------------------- question
def question(st: "AutoStoryteller", decision, game) -> dict:
    ctx = decision.context
    truth = ctx.get("truth")
    if not ctx.get("parsed") or truth is None:
        try:
            parse(str(ctx.get("question", "")), [p.name for p in game.players])
            what = "a question it does not read"
        except QuestionError as e:
            what = str(e)
        return {"answer": "unknown", "why": f"the automatic Storyteller cannot read the "
                                            f"question ({what}): it answers I don't know"}
    honest = truth["answer"]
    why = str(ctx.get("why", ""))
    if ctx.get("droisoned") and _lie(st, game):
        shown = "no" if honest == "yes" else "yes"
        return {"answer": shown, "why": f"drunk or poisoned: answered {shown}, although "
                                        f"the honest answer is {honest} ({why})"}
    return {"answer": honest, "why": f"the honest answer: {why}"}


# ---------------------------------------------------------------------------- accuracy
def accuracy(st: "AutoStoryteller", decision, game) -> dict:
    """How close a guess is (the Amnesiac): the documented similarity, the `truth` the
    ability computed (docs/storyteller.md); drunk or poisoned, sometimes another answer."""
    ctx = decision.context
    honest = (ctx.get("truth") or {}).get("answer")
    guess, hidden = ctx.get("guess"), ctx.get("hidden")
    why = f"the guess {guess} against the hidden ability {hidden}"
    opts = [o["answer"] for o in decision.options()]
    if honest not in opts:
        pick = opts[st.rng.randrange(len(opts))]
        return {"answer": pick, "why": f"no documented answer is legal: at random ({why})"}
    others = [a for a in opts if a != honest]
    if ctx.get("droisoned") and others and _lie(st, game):
        shown = others[st.rng.randrange(len(others))]
        return {"answer": shown, "why": f"drunk or poisoned: answered {shown}, although "
                                        f"the similarity says {honest} ({why})"}
    return {"answer": honest, "why": f"the documented similarity: {honest} ({why})"}
