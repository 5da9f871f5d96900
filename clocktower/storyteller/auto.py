"""The automatic Storyteller: seeded, always legal, balance-minded, never wasting a choice.

It answers every Storyteller decision from the decision's own legal options (the full
policy, decision by decision, is the table in docs/storyteller.md):

* how the game stands: `estimate.standing(game)`, good's chance of winning by the lean's
  model (a logistic model of cheap features of the grimoire and the public record, fitted
  to the decision support's standing forecast on each script: clocktower/data/lean.json);
  a team whose chance is below 0.35 is "far behind" and the discretionary choices lean
  its way, within the rules;
* information: never a useless answer when a useful one is legal (a player shown
  themselves, or their own character); for a drunk or poisoned player, false more often
  while good is ahead (`p_false`), and a plausible lie: about a character someone in the
  game could claim (in play, believed, or a bluff), a count next to a true one;
* Recluse/Spy registration: a false registration only when it changes what the asking
  ability shows (else the truth: a wasted misregistration is none), more often while good
  is ahead, rarely while good is far behind;
* the Storyteller's judgement (which team is winning, whom to talk to, a yes/no question:
  `engine/judgement.py`): the policies of `storyteller/judgement.py`, each answer with its
  reason; `continuations` and `days` size the estimate of who is winning (0 continuations:
  no estimate, "neither");
* every other choice (bluffs, red herring, star-pass heir, ...): among the options the
  decision's context says favour the team far behind (`favours: {team: [options]}`), else
  among its `suggested` options, else uniformly at random.
"""
from __future__ import annotations

import random
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr     # for the compiled build; a no-op otherwise

from ..engine.decisions import Choice, Decision
from ..engine.judgement import Judgement
from ..engine.rand import draw, randrange, seeded
from . import estimate as _estimate

DRAWS = 24          # tries at a plausible lie among many false answers before settling
TESTS = 3           # false registrations tested for mattering before giving the truth
# The bounds of the chance that a droisoned player is shown something false (`p_false`) and
# of the chance that a registration that matters is false (`p_misregister`).
P_FALSE_MIN, P_FALSE_MAX = 0.25, 0.85
P_MISREGISTER_MIN, P_MISREGISTER_MAX = 0.05, 0.6


@mypyc_attr(allow_interpreted_subclasses=True)     # tests and users subclass it
class AutoStoryteller:
    sees_everything = True      # as a Storyteller does (see engine/views.py)
    # Said, not looked up in vain (see `RandomBot.speaks`):
    speaks: ClassVar[bool] = False
    answers_checked: ClassVar[bool] = False

    def __init__(self, seed: int = 0, misregister: float = 0.25,
                 continuations: int = _estimate.CONTINUATIONS, days: int = _estimate.DAYS,
                 rng: random.Random | None = None, lean: bool = True):
        # `rng`: a generator to share (a continuation's: storyteller/estimate.py)
        self.rng = rng if rng is not None else seeded(f"storyteller:{seed}")
        self.misregister = misregister
        self.continuations = continuations
        self.days = days
        # `lean=False`: the game is always taken as even (the `neutral` policy): no lean
        # towards the team far behind, the even-game probabilities, medium advice
        self.lean = lean
        # The chances are the bounded ones above (not a subclass's): see `_misregisters`
        cls = type(self)
        self._bounded = cls.p_false is AutoStoryteller.p_false \
            and cls.p_misregister is AutoStoryteller.p_misregister

    def continuation(self, seed: int, rng: random.Random) -> "AutoStoryteller":
        """The Storyteller of one of `estimate`'s continuations: this one's kind (its lean,
        its misregistration rate: a neutral Storyteller's estimate of who is winning is
        played on without a lean) that does not estimate again (so an estimate never
        nests), sharing the continuation's generator."""
        return AutoStoryteller(seed, misregister=self.misregister, continuations=0, rng=rng,
                               lean=self.lean)

    def standing(self, game: Any) -> float:
        """How the game stands, -0.5 (evil sure to win) .. +0.5 (good sure to): good's chance
        minus one half, `estimate.standing` (0, even, for a Storyteller that does not lean)."""
        return _estimate.standing(game).score if self.lean else 0.0

    def p_false(self, game: Any) -> float:
        """How likely a drunk or poisoned player is shown something false."""
        return min(P_FALSE_MAX, max(P_FALSE_MIN, 0.5 + self.standing(game)))

    def p_misregister(self, game: Any) -> float:
        """How likely a registration that matters is false (`misregister` when even)."""
        return min(P_MISREGISTER_MAX, max(P_MISREGISTER_MIN,
                                          self.misregister + self.standing(game)))

    # The two draws against those chances are made first, and the game's standing is read
    # only when the draw falls between the chance's bounds: outside them the answer is the
    # same whatever the standing (the same draws and answers; `standing` reads the grimoire
    # and the public record, a tenth of a registration decision). A subclass that changes
    # `p_false` or `p_misregister` is always asked.
    def _shows_false(self, game: Any) -> bool:
        r = draw(self.rng)
        if self._bounded:
            if r < P_FALSE_MIN:
                return True
            if r >= P_FALSE_MAX:
                return False
        return r < self.p_false(game)

    def _misregisters(self, game: Any) -> bool:
        r = draw(self.rng)
        if self._bounded:
            if r < P_MISREGISTER_MIN:
                return True
            if r >= P_MISREGISTER_MAX:
                return False
        return r < self.p_misregister(game)

    def good_ahead(self, game: Any) -> float:
        """Share of living players who are good, minus the share at the start (about -0.3..0.3);
        0 for a Storyteller that does not lean."""
        return _estimate.standing(game).alive if self.lean else 0.0

    def __call__(self, decision: Decision, view: Any) -> object:
        """`view`: the Storyteller's view (`view.game` is the game)."""
        rng = self.rng
        if isinstance(decision, Judgement):
            from .judgement import answer
            return answer(self, decision, view.game)
        if isinstance(decision, Choice) and decision.n_true is not None:
            if decision.kind == "register":
                return self.register(decision, view.game)
            return self.info(decision, view.game)
        if isinstance(decision, Choice):
            ctx = decision.context
            favours = ctx.get("favours") if self.lean else None
            if favours:
                behind = _estimate.standing(view.game).behind
                lean = favours.get(behind) if behind is not None else None
                if lean:
                    return lean[randrange(rng, len(lean))]
            suggested = ctx.get("suggested")
            if suggested:
                # A decision may name the options a sensible Storyteller would pick among
                # (e.g. the living Minions for Lil' Monsta's babysitter); all options stay legal.
                return suggested[randrange(rng, len(suggested))]
        return decision.sample(rng)

    # ---- information --------------------------------------------------------------------
    def info(self, decision: Choice, game: Any) -> object:
        """Information: by index (a droisoned player's false answers are never listed:
        `InfoChoice`). Truths first, false answers after `n_true`."""
        rng = self.rng
        n = decision.n_options()
        n_true = decision.n_true or 0
        me = game.by_name.get(decision.context.get("player"))
        if 0 < n_true < n and self._shows_false(game):
            return self._lie(decision, game, me, n_true, n)
        if n_true == 0:
            return self._lie(decision, game, me, 0, n)
        # Uniform among the true answers that are not wasted: a first draw stands unless
        # wasted, then a draw among the useful ones (uniform overall, and one draw only
        # in the usual case).
        pick = decision.option(randrange(rng, n_true))
        if not wasted(pick, me):
            return pick
        useful = [i for i in range(n_true) if not wasted(decision.option(i), me)]
        if useful:
            return decision.option(useful[randrange(rng, len(useful))])
        return pick

    def _lie(self, decision: Choice, game: Any, me: Any, lo: int, hi: int) -> object:
        """A false answer (options lo..hi-1), plausible when one can be found."""
        rng = self.rng
        truths = [decision.option(i) for i in range(lo)]
        claims = claimable_now(game)
        if hi - lo <= DRAWS:
            good = [i for i in range(lo, hi)
                    if plausible(decision.option(i), me, truths, claims)]
            if good:
                return decision.option(good[randrange(rng, len(good))])
            return decision.option(lo + randrange(rng, hi - lo))
        fallback = -1       # the first draw that is at least not wasted
        for _ in range(DRAWS):
            pick = lo + randrange(rng, hi - lo)
            option = decision.option(pick)
            if plausible(option, me, truths, claims):
                return option
            if fallback < 0 and not wasted(option, me):
                fallback = pick
        if fallback < 0:
            fallback = next((i for i in range(lo, hi) if not wasted(decision.option(i), me)),
                            lo + randrange(rng, hi - lo))
        return decision.option(fallback)

    # ---- registration -------------------------------------------------------------------
    def register(self, decision: Choice, game: Any) -> object:
        """Option 0 is the truth; a false registration only when it matters to the asking
        ability (`registration_matters`), with probability `p_misregister`: up to
        `TESTS` false registrations drawn at random are tested, the first that matters is
        given (so each that matters is as likely as another), else the truth."""
        n = decision.n_options()
        if n < 2 or not self._misregisters(game):
            return decision.option(0)
        ctx = decision.context
        truth = decision.option(0)
        test = Mattering(game, ctx.get("player"), ctx.get("purpose"), truth)
        left = list(range(1, n))
        for _ in range(TESTS):
            if not left:
                break
            i = left.pop(randrange(self.rng, len(left)))
            if test(decision.option(i)):
                return decision.option(i)
        return truth


# ---------------------------------------------------------------------------- helpers
def believed(p: Any) -> str:
    """The character a player believes they are."""
    return p.thinks or p.character


def wasted(option: Any, me: Any) -> bool:
    """Information that tells `me` nothing they do not know: themselves alone as the player
    shown, or their own (believed) character, alone or on themselves (the King shown the
    King; a Washerwoman shown 'one of me and Bob is the Washerwoman')."""
    if me is None or not isinstance(option, dict):
        return False
    players = option.get("players")
    if isinstance(players, list) and players == [me.name] and len(option) == 1:
        return True
    char = option.get("character")
    if char is not None and char == believed(me):
        return not isinstance(players, list) or me.name in players
    return False


def claimable_now(game: Any) -> frozenset:
    """Characters someone in the game may be claiming: what every player believes they are
    (their character, or the one they think), the evil team's characters and the bluffs.
    Cached for the phase in `game.memo`."""
    key = (game.phase, game.night, game.day, game.n_decisions if game.phase == "setup" else 0)
    memo = game.memo.get("st.claimable")
    if memo is not None and memo[0] == key:
        return memo[1]
    out = {believed(p) for p in game.players} | {p.character for p in game.players}
    out |= set(game.bluffs)
    found = frozenset(out)
    game.memo["st.claimable"] = (key, found)
    return found


def plausible(option: Any, me: Any, truths: list, claims: frozenset) -> bool:
    """A false answer that does not give itself away: not wasted, about a character someone
    may claim, a count within one of a true count."""
    if wasted(option, me):
        return False
    if not isinstance(option, dict):
        return True
    char = option.get("character")
    if isinstance(char, str) and char not in claims:
        return False
    chars = option.get("characters")
    if isinstance(chars, list) and any(isinstance(c, str) and c not in claims for c in chars):
        return False
    count = option.get("count")
    if type(count) is int and truths:
        near = [t.get("count") for t in truths if isinstance(t, dict)]
        if any(type(c) is int and abs(c - count) <= 1 for c in near):
            return True
        return not any(type(c) is int for c in near)
    return True


class Mattering:
    """Does registering as `alt` instead of `truth` change what the asking ability
    (`purpose`, an ability id) shows `name`'s querier? For an information ability: its
    truths in the game's world now with either registration (the truth's computed once).
    When neither shows anything (the ability's choice is not in the world yet) or the
    ability is not one that informs, it may matter: True. Where the ability has a `basis`
    (a cheaper value its truths follow from), an alternative with the truth's basis does
    not matter, without listing its truths."""

    def __init__(self, game: Any, name: Any, purpose: Any, truth: dict):
        self.ability: Any = None
        self.world: Any = None
        self.name = name
        self.base: list | None = None
        self.basis: Any = None
        if not isinstance(name, str):
            return
        for ab in game.all_abilities():
            if ab.id == purpose and ab.player is not None and hasattr(ab, "truths"):
                self.ability = ab
                break
        if self.ability is None:
            return
        from ..engine.world import World
        self.world = World.from_game(game)
        self.base = self._shown(truth)
        self.basis = self._basis(truth)

    def _world(self, reg: dict) -> Any:
        return self.world.with_registrations({self.name: (reg["character"], reg["alignment"])})

    # An ability's `truths` and `basis` are functions of the world that raise nothing the
    # rules can cause: an exception from them is an engine bug and goes up as one (it was
    # once read as "it may matter", hiding the bug).
    def _shown(self, reg: dict) -> list:
        return list(self.ability.truths(self._world(reg)))

    def _basis(self, reg: dict) -> Any:
        basis = getattr(self.ability, "basis", None)
        return None if basis is None else basis(self._world(reg))

    def __call__(self, alt: dict) -> bool:
        if self.ability is None or self.base is None:
            return True
        if self.basis is not None and self.base and self._basis(alt) == self.basis:
            return False        # the same truths (`Information.basis`), not listed again
        shown = self._shown(alt)
        if not shown and not self.base:
            return True
        return shown != self.base


def registration_matters(game: Any, name: Any, purpose: Any, truth: dict, alt: dict) -> bool:
    """`Mattering(game, name, purpose, truth)(alt)`: see `Mattering`."""
    return Mattering(game, name, purpose, truth)(alt)
