"""The automatic Storyteller: seeded, always legal, mildly balance-minded.

It answers every Storyteller decision from the decision's own legal options:

* information for a drunk or poisoned player: true or false, false more often while good
  is ahead (more good players alive than the table started with in proportion to evil);
* Recluse/Spy registration: the truth usually, a false registration sometimes;
* the Storyteller's judgement (which team is winning, whom to talk to, a yes/no question:
  `engine/judgement.py`): the policies of `storyteller/judgement.py`, each answer with its
  reason; `continuations` and `days` size the estimate of who is winning (0 continuations:
  no estimate, "neither");
* everything else (bluffs, red herring, star-pass heir, ...): uniformly at random, among
  the decision's `suggested` options when it names some.
"""
from __future__ import annotations

import random

from mypy_extensions import mypyc_attr     # for the compiled build; a no-op otherwise

from ..engine.decisions import Choice, Decision
from ..engine.judgement import Judgement
from ..engine.rand import randrange, seeded
from . import estimate as _estimate


@mypyc_attr(allow_interpreted_subclasses=True)     # tests and users subclass it
class AutoStoryteller:
    sees_everything = True      # as a Storyteller does (see engine/views.py)

    def __init__(self, seed: int = 0, misregister: float = 0.25,
                 continuations: int = _estimate.CONTINUATIONS, days: int = _estimate.DAYS,
                 rng: random.Random | None = None):
        # `rng`: a generator to share (a continuation's: storyteller/estimate.py)
        self.rng = rng if rng is not None else seeded(f"storyteller:{seed}")
        self.misregister = misregister
        self.continuations = continuations
        self.days = days

    def p_false(self, game) -> float:
        """How likely a drunk or poisoned player is shown something false."""
        return min(0.85, max(0.25, 0.5 + self.good_ahead(game)))

    def good_ahead(self, game) -> float:
        """Share of living players who are good, minus the share at the start (about -0.3..0.3)."""
        players = [p for p in game.players if not p.traveller]
        if not players:
            return 0.0
        good_all = sum(p.alignment == "good" for p in players) / len(players)
        living = [p for p in players if p.alive]
        if not living:
            return 0.0
        good_now = sum(p.alignment == "good" for p in living) / len(living)
        return good_now - good_all

    def __call__(self, decision: Decision, view) -> object:
        """`view`: the Storyteller's view (`view.game` is the game)."""
        rng = self.rng
        if isinstance(decision, Judgement):
            from .judgement import answer
            return answer(self, decision, view.game)
        if isinstance(decision, Choice) and decision.n_true is not None:
            # By index: a droisoned player's false answers are never listed (InfoChoice).
            n = decision.n_options()
            option = decision.option
            n_true = decision.n_true
            if decision.kind == "register":
                if n > 1 and rng.random() < self.misregister:
                    return option(1 + randrange(rng, n - 1))
                return option(0)
            if 0 < n_true < n:
                if rng.random() < self.p_false(view.game):
                    return option(n_true + randrange(rng, n - n_true))
                return option(randrange(rng, n_true))
            return option(randrange(rng, n))
        suggested = decision.context.get("suggested") if isinstance(decision, Choice) else None
        if suggested:
            # A decision may name the options a sensible Storyteller would pick among
            # (e.g. the living Minions for Lil' Monsta's babysitter); all options stay legal.
            return suggested[randrange(rng, len(suggested))]
        return decision.sample(rng)
