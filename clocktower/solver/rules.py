"""What the world solver's timeline knows of each character: read from its own module.

A character's class declares `world_rules` (engine/ability.py): the effects its ability
can have on the world beyond information, each with the form the timeline models or None
for an effect it does not model. A class that declares nothing is read from its `kind`
(the engine's ability kinds): a killing, malfunction, transformation or protection
ability may kill, droison, change characters or protect in ways not modelled. A
character added later is modelled by declaring its rules in its own module.

The forms the timeline models (docs/solver.md, "How it solves"):

| effect | form | meaning |
|---|---|---|
| kill | chosen | the Demon kills the player it chose each night from night 2 |
| pass | minion | the Demon choosing itself passes its character to a living Minion |
| droison | one | one player a night, poisoned that night and the next day; ends with the holder |
| droison | many | any players (the lazy poison is never spent) |
| protect | self / chosen | safe from the Demon (the holder / the player it chose, not itself) |
| change | catch | becomes the Demon when the Demon dies with 5+ alive |
| shoot | demon | once a day: the chosen player dies if the Demon (or registers as it) |
| nominated | townsfolk_dies | its first nominator dies if a Townsfolk (or registers as one) |
| executed | evil_wins | executed while sober: evil wins (the game would be over) |
| bounce | kill | the Demon's kill on it may land on another player |
| wake | died_tonight / after_execution | its information comes only then |
| mark | red_herring | its truths read a good player the Storyteller marked at setup |

An effect with None (or a form the timeline does not know) **loosens** the timeline where
it could act: an unmodelled killer alive makes a night's deaths free; an unmodelled
droisoner makes any malfunction possible; an unmodelled change of character makes the
state unknown from the first night it could act (nothing later is checked); an
unmodelled protector explains any night without a death.
"""
from __future__ import annotations

from typing import Mapping

from .. import data as D
from ..characters import REGISTRY

KNOWN: dict[str, set[str]] = {
    "kill": {"chosen"}, "pass": {"minion"}, "droison": {"one", "many"},
    "protect": {"self", "chosen"}, "change": {"catch"}, "shoot": {"demon"},
    "nominated": {"townsfolk_dies"}, "executed": {"evil_wins"}, "bounce": {"kill"},
    "wake": {"died_tonight", "after_execution"}, "mark": {"red_herring"},
}
FROM_KIND: dict[str, dict[str, str | None]] = {
    "killing": {"kill": None}, "malfunction": {"droison": "many"},
    "transformation": {"change": None}, "protection": {"protect": None}}


def rules_of(cid: str) -> Mapping[str, str | None]:
    """The character's declared world rules, or those its kind implies. A form the
    timeline does not know reads as None (unmodelled)."""
    cls = REGISTRY.get(cid)
    if cls is None:
        return {}
    declared: Mapping[str, str | None] = cls.world_rules or FROM_KIND.get(cls.kind, {})
    return {k: (v if v in KNOWN.get(k, ()) else None) for k, v in declared.items()}


def first_night_of(cid: str) -> int:
    """The first night the character's ability can act (its night-order data: 1 when it
    has a first-night position, else 2); 2 for one that acts only by day or on an event."""
    d = D.get(cid)
    return 1 if d.first_night else 2
