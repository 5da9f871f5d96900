"""Run `clocktower` with the beliefs' (or another agents module's) constants set, to
measure a model that is not switched on (docs/bots.md, "(sixth session)"):

    .venv/bin/python tools/beliefs_variant.py STORY=1 VOTE_WEIGHT=0.45 -- \\
        bots report trouble-brewing --players 7,10,13 --games 1000 --seed 50000

Each NAME=VALUE sets `clocktower.agents.beliefs.NAME` (MODULE:NAME=VALUE another module
of `clocktower.agents`, e.g. reasoning:FRAME_DAY1=1) to VALUE read as the constant's own
type (a bool from 1 or 0); the arguments after `--` are `clocktower`'s.
"""
from __future__ import annotations

import importlib
import sys


def main() -> None:
    args = sys.argv[1:]
    if "--" not in args:
        sys.exit("error: usage: beliefs_variant.py NAME=VALUE... -- clocktower arguments")
    i = args.index("--")
    for kv in args[:i]:
        name, eq, value = kv.partition("=")
        if not eq:
            sys.exit(f"error: {kv!r}: expected NAME=VALUE")
        mod, _, name = name.rpartition(":")
        m = importlib.import_module("clocktower.agents." + (mod or "beliefs"))
        if not hasattr(m, name):
            sys.exit(f"error: {kv!r}: no constant {name} in clocktower.agents.{mod or 'beliefs'}")
        cur = getattr(m, name)
        try:
            new = (value == "1") if isinstance(cur, bool) else type(cur)(value)
        except ValueError:
            sys.exit(f"error: {kv!r}: not a {type(cur).__name__}")
        setattr(m, name, new)
    sys.argv = ["clocktower", *args[i + 1:]]
    from clocktower.cli import main as cli
    cli()


if __name__ == "__main__":
    main()
