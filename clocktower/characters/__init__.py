"""One module per character. `REGISTRY` maps a character id to its Ability class.

Each module defines one subclass of `clocktower.engine.ability.Ability` with `id` set;
importing this package imports them all.
"""
from __future__ import annotations

import importlib
import pkgutil

from ..engine.ability import Ability
from ..engine.jinx import Registry

# Character id -> Ability class; `REGISTRY.jinxes` carries the jinx rules (clocktower/jinxes).
REGISTRY: Registry = Registry()


def _load() -> None:
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_"):
            continue
        mod = importlib.import_module(f"{__name__}.{info.name}")
        for obj in vars(mod).values():
            if isinstance(obj, type) and issubclass(obj, Ability) and obj.id \
                    and obj.__module__ == mod.__name__:
                REGISTRY[obj.id] = obj


_load()

from ..jinxes import JINXES  # noqa: E402  (jinx rules, registered after the characters)

REGISTRY.jinxes.update(JINXES)
