"""The automatic Storyteller's advice (the `advice` judgement: the Fisherman). See
docs/storyteller.md, "Fisherman's advice".

Advice is concrete and backed by a true fact that helps the asking player's team (their
alignment now), chosen among `characters/_advice.py:candidates` by strength: the worse that
team is doing (the share of its players still alive against the start, `good_ahead`), the
stronger the advice: behind (by more than 0.05) strong, ahead (by more than 0.05) mild,
else medium; with no advice of that strength, the nearest strength that has some (weaker
first). Uniformly at random (the Storyteller's seeded generator) among those. A drunk or
poisoned player is given false advice about as often as false information
(`AutoStoryteller.p_false`), chosen uniformly among the false candidates.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..characters._advice import candidates

if TYPE_CHECKING:  # pragma: no cover
    from .auto import AutoStoryteller

STRENGTH = {1: "mild", 2: "medium", 3: "strong"}


def strength_for(st: "AutoStoryteller", game, team: str) -> tuple[int, str]:
    ahead = st.good_ahead(game) * (1 if team == "good" else -1)
    if ahead < -0.05:
        return 3, f"{team} is behind ({ahead:+.2f})"
    if ahead > 0.05:
        return 1, f"{team} is ahead ({ahead:+.2f})"
    return 2, f"{team} is about even ({ahead:+.2f})"


def advice(st: "AutoStoryteller", decision, game) -> dict:
    ctx = decision.context
    me = game.by_name[ctx["player"]]
    legal = decision.options()
    if ctx.get("droisoned") and st.rng.random() < st.p_false(game):
        bad = [a for _, a in candidates(game, me, honest=False) if decision.is_legal(a)]
        if bad:
            pick = bad[st.rng.randrange(len(bad))]
            return {**pick, "why": "drunk or poisoned: bad advice (a false fact) "
                                   f"for the {me.alignment} team"}
    true = [(t, a) for t, a in candidates(game, me, honest=True) if decision.is_legal(a)]
    tier, how = strength_for(st, game, me.alignment)
    for t in sorted({t for t, _ in true}, key=lambda t: (abs(t - tier), t)):
        pool = [a for s, a in true if s == t]
        pick = pool[st.rng.randrange(len(pool))]
        return {**pick, "why": f"{how}: {STRENGTH[t]} advice backed by a true fact, "
                               f"at random among {len(pool)}"}
    pick = legal[st.rng.randrange(len(legal))]
    return {**pick, "why": "no advice backed by a fact: at random"}
