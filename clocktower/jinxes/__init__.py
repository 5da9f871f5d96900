"""Jinxes: one module per jinxed pair with rules in play, registered like characters.

Each module defines one `clocktower.engine.jinx.Jinx` subclass with `pair` set and a
docstring quoting the jinx. `JINXES` maps frozenset(pair) to the class; the characters'
`REGISTRY` carries it (`REGISTRY.jinxes`), and a game puts a jinx into play when both of its
characters are on the script (`engine/jinx.py:activate`). Setup-only jinxes are data:
`clocktower/data/jinxes.py`.
"""
from __future__ import annotations

from ..engine.jinx import Jinx, module_classes

JINXES: dict[frozenset, type[Jinx]] = {}


def _load() -> None:
    for obj in module_classes(__name__, __path__, Jinx):
        key = obj.key()
        if len(key) != 2 or key in JINXES:
            raise RuntimeError(f"jinx {obj.__name__}: pair {obj.pair} is not a new pair")
        JINXES[key] = obj


_load()
