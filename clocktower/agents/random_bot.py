"""A random bot: answers its own decisions at random from the legal options, with a few
tendencies so that games move: it nominates sometimes (living players other than itself),
votes about half the time, and when it must choose one player it usually picks a living
player other than itself (any legal player otherwise).

It sees only its own view (`engine/views.py`): the character it was told it is (a Drunk
bot believes it is its Townsfolk), the public table and its own events."""
from __future__ import annotations

import random
from typing import Any, ClassVar, Iterable

from mypy_extensions import mypyc_attr     # for the compiled build; a no-op otherwise

from ..engine.decisions import PlayerChoice
from ..engine.rand import draw, randrange, seeded
from ..engine.views import PlayerView


@mypyc_attr(allow_interpreted_subclasses=True)     # tests and users subclass the bot
class RandomBot:
    sees_everything = False     # a player's own view (engine/views.py); said, not looked up in vain
    # Said too (`Game.fast_answerer` reads them once per player and game): looked up in
    # vain, each was an AttributeError raised and caught, about 4,000 instructions. Class
    # attributes, so that a subclass may say otherwise in its class body.
    speaks: ClassVar[bool] = False          # never asked for a turn to talk
    answers_checked: ClassVar[bool] = False

    def __init__(self, seed: int = 0, name: str = "", nominate: float = 0.3,
                 vote: float = 0.45, use_ability: float = 0.3, decline: float = 0.15,
                 living: float = 0.9, exile: float = 0.05, rng: random.Random | None = None):
        # `rng`: a generator shared with the other bots of the game (`random_bots`), else
        # the bot's own, seeded from the game's seed and its name
        self.rng = rng if rng is not None else seeded(f"bot:{seed}:{name}")
        self.p_nominate = nominate
        self.p_vote = vote
        self.p_ability = use_ability
        self.p_decline = decline
        self.p_living = living
        self.p_exile = exile

    # The engine's fast path (Game.fast_answerer): the same answers as through __call__.
    def fast_vote(self, view) -> bool:
        return draw(self.rng) < self.p_vote

    def fast_day_action(self, view, nominees: list[str], uses: list[dict],
                        exiles: list[str] | None) -> dict | None:
        rng = self.rng
        if exiles and draw(rng) < self.p_exile:
            return {"exile": exiles[randrange(rng, len(exiles))]}
        if uses and draw(rng) < self.p_ability:
            return uses[randrange(rng, len(uses))]
        if nominees and draw(rng) < self.p_nominate:
            living = _living_others(view, nominees, view.name)
            if living:
                return {"nominate": living[randrange(rng, len(living))]}
        return None

    def fast_choose(self, view, who: str, kind: str, candidates: list[str], count: int,
                    optional: bool) -> Any:
        """What `__call__` answers to `PlayerChoice(kind, who, candidates, count, optional)`
        (without a check), drawing the same: the engine's night-choice fast path
        (`Game.choose_players`)."""
        if kind in _NOT_CHOICES:        # answered by kind in `__call__`, not as a choice
            return self(PlayerChoice(kind, who, candidates, count, optional), view)
        rng = self.rng
        if optional and draw(rng) < self.p_decline:
            return None
        if count == 1 and draw(rng) < self.p_living:
            living = _living_others(view, candidates, who)
            if living:
                return [living[randrange(rng, len(living))]]
        return PlayerChoice(kind, who, candidates, count, optional).sample(rng)

    def __call__(self, decision: Any, view) -> object:
        rng = self.rng
        kind = decision.kind
        if kind == "vote":
            return draw(rng) < self.p_vote
        if kind == "day_action":
            return self.fast_day_action(view, decision.nominees, decision.uses, decision.exiles)
        if kind == "talk":          # day talk (engine/talk.py): a random bot says nothing
            return None
        if kind == "claim":         # a public claim when nominated: sometimes a bluff
            me = view.character         # who it believes it is
            claims = [c for c in decision.options() if c is not None]
            if me in claims:
                return me if draw(rng) < 0.5 else None
            return claims[randrange(rng, len(claims))] if draw(rng) < 0.05 else None
        if isinstance(decision, PlayerChoice):    # the only decisions with these fields
            if decision.optional and draw(rng) < self.p_decline:
                return None
            if decision.count == 1 and decision.check is None and draw(rng) < self.p_living:
                living = _living_others(view, decision.candidates, decision.who)
                if living:
                    return [living[randrange(rng, len(living))]]
        return decision.sample(rng)


# The kinds `RandomBot.__call__` answers before it looks at a decision's fields.
_NOT_CHOICES = frozenset({"vote", "day_action", "talk", "claim"})


def _living_others(view: Any, names: list[str], me: str) -> list[str]:
    """The players of `names` but `me` who are alive as the table knows it (`view.alive`),
    in order. A player's own view (`PlayerView`, exactly: no subclass that may answer
    otherwise) is asked with compiled calls, a stand-in view through its attribute (in a
    15-player game the generic calls were about 1.5% of the instructions)."""
    if type(view) is PlayerView:
        pv: PlayerView = view
        return [n for n in names if n != me and pv.alive(n)]
    alive = view.alive
    return [n for n in names if n != me and alive(n)]


def random_bots(seed: int, names: Iterable[str]) -> dict[str, RandomBot]:
    """The random bots of one game (`clocktower play`, `bench`, `simulate`), sharing one
    generator seeded from the game's seed: seeding a Mersenne Twister costs about as much as
    a tenth of a 5-player game, and a game has a bot for every player. The game stays the
    same for the same seed, seating and answers (the bots draw in the order they are asked).
    A bot made alone (`RandomBot(seed, name)`: a scenario's, a web seat's) keeps its own."""
    rng = seeded(f"bots:{seed}")
    return {n: RandomBot(seed, n, rng=rng) for n in names}
