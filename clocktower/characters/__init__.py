"""One module per character. `REGISTRY` maps a character id to its Ability class.

Each module defines one subclass of `clocktower.engine.ability.Ability` with `id` set;
importing this package imports them all.
"""
from __future__ import annotations

from ..engine.ability import Ability
from ..engine.jinx import Registry, module_classes

# Character id -> Ability class; `REGISTRY.jinxes` carries the jinx rules (clocktower/jinxes).
REGISTRY: Registry = Registry()


def _load() -> None:
    for obj in module_classes(__name__, __path__, Ability):
        if obj.id:
            REGISTRY[obj.id] = obj


_load()

from ..jinxes import JINXES  # noqa: E402  (jinx rules, registered after the characters)

REGISTRY.jinxes.update(JINXES)
