"""The optional compiled build (`make fast`, tools/build_fast.py): which modules mypyc
compiles, and a guard against running a compiled module older than its source."""
from __future__ import annotations

import glob
import os

# Paths relative to the package folder; compiled to C extensions next to the sources.
MODULES = ("engine/game.py", "engine/state.py", "engine/runner.py", "engine/views.py", "engine/setup.py",
           "engine/voting.py", "engine/decisions.py", "engine/rand.py",
           "agents/random_bot.py", "storyteller/auto.py")

HERE = os.path.dirname(os.path.abspath(__file__))


def compiled() -> list[str]:
    """The compiled extension files present (empty: pure Python)."""
    out = []
    for m in MODULES:
        out += glob.glob(os.path.join(HERE, m[:-3]) + ".*.so")
    return out


def check() -> None:
    """Refuse a compiled module older than its source: it would run the old code."""
    for m in MODULES:
        src = os.path.join(HERE, m)
        for ext in glob.glob(src[:-3] + ".*.so"):
            if os.path.getmtime(ext) < os.path.getmtime(src):
                raise ImportError(
                    f"{ext} is older than {src}: rebuild it (`make fast`) or go back to pure "
                    "Python (`make pure`)")
