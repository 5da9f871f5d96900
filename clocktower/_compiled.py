"""The optional compiled build (`make fast`, tools/build_fast.py): which modules mypyc
compiles, and a guard against running a compiled module older than its source."""
from __future__ import annotations

import glob
import os

# Paths relative to the package folder; compiled to C extensions next to the sources.
MODULES = ("engine/game.py", "engine/night.py", "engine/day.py", "engine/runner.py",
           "engine/views.py", "engine/setup.py", "engine/voting.py", "engine/decisions.py",
           "engine/rand.py", "engine/state.py", "engine/world.py", "agents/random_bot.py",
           "storyteller/auto.py")

HERE = os.path.dirname(os.path.abspath(__file__))


def compiled() -> list[str]:
    """The compiled extension files present (empty: pure Python)."""
    return sorted(glob.glob(os.path.join(HERE, "**", "*.so"), recursive=True))


def check() -> None:
    """Refuse a compiled module older than its source (it would run the old code), or one
    whose source is gone or no longer compiled."""
    for ext in compiled():
        stem = os.path.basename(ext).split(".", 1)[0]
        src = os.path.join(os.path.dirname(ext), stem + ".py")
        rel = os.path.relpath(src, HERE)
        if stem.endswith("__mypyc"):
            continue        # the shared runtime of the compiled modules
        if rel not in MODULES or not os.path.exists(src) \
                or os.path.getmtime(ext) < os.path.getmtime(src):
            raise ImportError(
                f"{ext} is stale (older than its source, or no longer compiled): rebuild "
                "(`make fast`) or go back to pure Python (`make pure`)")
