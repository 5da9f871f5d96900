"""Jinxes that change setup, as data (the official jinxes.json paraphrased; each pair's
rule is in characters.json, `jinxes`). Jinxes with rules in play are code: `clocktower/jinxes/`.

Each record: `pair` (two character ids; the jinx applies when both are on the script),
`kind`, `rule` (our paraphrase), and fields by kind:

    exclusive        only one of the pair may be in play: the bag builder never deals both
    believed_setup   `who` believing they are `as` applies `as`'s setup change (the
                     Marionette as the Balloonist or the Huntsman): holds by construction,
                     since the Marionette believes a token drawn from the bag, whose setup
                     change the bag builder applied
    enters_after     `who` enters play only after the Demon (`after`) does, seated next to
                     it. With the Kazali: no Minion is dealt, and the Kazali may make a
                     neighbour the Marionette (clocktower/jinxes/marionette_kazali.py).
                     With the Summoner: the Marionette waits as a token, and a good
                     neighbour of the summoned Demon becomes it (marionette_summoner.py).
                     With Lil' Monsta: the Marionette waits as a token, and a good
                     neighbour of the first babysitter becomes it (marionette_lilmonsta.py).
                     A pair without a rule object is never dealt together (as `exclusive`)

The bag builder (`engine/setup.py`) honours `exclusive` and `enters_after`.
"""
from __future__ import annotations

SETUP_JINXES: tuple[dict, ...] = (
    {"pair": ("heretic", "baron"), "kind": "exclusive",
     "rule": "Only one of the Heretic and the Baron can be in play."},
    {"pair": ("heretic", "spy"), "kind": "exclusive",
     "rule": "Only one of the Heretic and the Spy can be in play."},
    {"pair": ("marionette", "balloonist"), "kind": "believed_setup",
     "who": "marionette", "as": "balloonist",
     "rule": "If the Marionette thinks they are the Balloonist, +1 Outsider might have been "
             "added at setup."},
    {"pair": ("marionette", "huntsman"), "kind": "believed_setup",
     "who": "marionette", "as": "huntsman",
     "rule": "If the Marionette thinks they are the Huntsman, the Damsel was added at setup."},
    {"pair": ("marionette", "kazali"), "kind": "enters_after",
     "who": "marionette", "after": "kazali",
     "rule": "The Marionette enters play only after the Kazali makes its Minions, and must "
             "neighbour the Demon."},
    {"pair": ("marionette", "lilmonsta"), "kind": "enters_after",
     "who": "marionette", "after": "lilmonsta",
     "rule": "The Marionette enters play only after Lil' Monsta does, and must neighbour "
             "the Demon."},
    {"pair": ("marionette", "summoner"), "kind": "enters_after",
     "who": "marionette", "after": "summoner",
     "rule": "The Marionette enters play only after the summoned Demon does, and must "
             "neighbour the Demon."},
)

KINDS = ("exclusive", "believed_setup", "enters_after")


def setup_jinxes(characters, kind: str | None = None) -> list[dict]:
    """The setup jinxes whose two characters are both in `characters` (of `kind`, if given)."""
    on = set(characters)
    return [j for j in SETUP_JINXES
            if set(j["pair"]) <= on and (kind is None or j["kind"] == kind)]


def exclusive_pairs(characters) -> list[tuple[str, str]]:
    """Pairs of which only one may be in play, among `characters` (a script's)."""
    return [tuple(j["pair"]) for j in setup_jinxes(characters, "exclusive")]
