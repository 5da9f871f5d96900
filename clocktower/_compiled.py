"""The compiled build (setup.py, run by `pip install`): which modules mypyc compiles, and
the choice, once per process, between running them compiled or the whole package as pure
Python.

The build writes `_build.json` next to this file: the SHA-256 of each compiled module's
source as it was compiled. `install()` (called first thing by `clocktower/__init__.py`,
before any engine module can be imported) puts a finder at the front of `sys.meta_path`;
on the first import of a compiled module it asks `check()`:

- compiled: every module in MODULES has its extension for this Python, the stamp lists
  exactly MODULES, and every source still has its stamped hash. Python's own finders then
  import the extensions (they come before the `.py` files next to them).
- pure, silently: `CLOCKTOWER_PURE=1`, or no compiled module present (a pure build).
- pure, with a one-line warning on stderr: anything else (an editable checkout's source
  edited since the build, a module added to or taken from MODULES, a build for another
  Python, no stamp). The finder then imports every compiled module from its `.py` source,
  so the package never runs stale compiled code nor a mix of the two builds; mypyc's shared
  runtime library is imported only by compiled modules, so it is never loaded.
"""
from __future__ import annotations

import importlib.machinery
import os
import sys
from typing import Any, Mapping, NamedTuple, Sequence

# `import clocktower` imports this module: what only check() needs is imported there.

# Paths relative to the package folder; compiled to C extensions next to the sources.
MODULES = ("engine/game.py", "engine/night.py", "engine/day.py", "engine/runner.py",
           "engine/views.py", "engine/setup.py", "engine/setuprules.py", "engine/voting.py",
           "engine/decisions.py", "engine/driver.py", "engine/session.py",
           "engine/evilinfo.py",
           "engine/rand.py", "engine/state.py", "engine/world.py", "agents/random_bot.py",
           "agents/beliefs.py", "agents/reasoning.py", "agents/plays.py",
           "agents/goodplays.py", "agents/evilplan.py", "agents/reads.py",
           "storyteller/auto.py", "storyteller/lean.py", "envstep.py")

HERE = os.path.dirname(os.path.abspath(__file__))
STAMP = "_build.json"
REBUILD = "rebuild the compiled core: `make fast` or `pip install -e .`"
_WARNED = "_CLOCKTOWER_BUILD_WARNED"     # set once warned: worker processes say it no more

# Module name -> its source, relative to the package folder.
NAMES = {"clocktower." + m[:-3].replace("/", "."): m for m in MODULES}


class Build(NamedTuple):
    compiled: bool
    reason: str = ""        # why pure ("" when compiled)
    warn: bool = False      # a compiled build that cannot be used: said on stderr

    def describe(self) -> str:
        if self.compiled:
            return f"compiled engine core (mypyc, {len(MODULES)} modules)"
        return f"pure Python ({self.reason})"


def compiled(here: str = HERE) -> list[str]:
    """The compiled extension files present (empty: a pure build). Whether they are used
    is `build().compiled`."""
    import glob
    return sorted(glob.glob(os.path.join(here, "**", "*.so"), recursive=True))


def _sha256(path: str) -> str:
    import hashlib
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def _read_stamp(here: str) -> dict[str, Any] | None:
    import json
    try:
        with open(os.path.join(here, STAMP), encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def check(here: str = HERE, environ: Mapping[str, str] = os.environ,
          modules: Sequence[str] = MODULES) -> Build:
    """Which build this package can run (see the module's docstring)."""
    if environ.get("CLOCKTOWER_PURE", "") not in ("", "0"):
        return Build(False, "CLOCKTOWER_PURE=1")
    stamp = _read_stamp(here)
    present = compiled(here)
    if not present:
        said = stamp.get("reason") if stamp and stamp.get("build") == "pure" else None
        return Build(False, f"built without compiling: {said}" if said
                     else "no compiled modules")

    def stale(why: str) -> Build:
        return Build(False, f"{why}: {REBUILD}", warn=True)

    if stamp is None or stamp.get("build") != "compiled" \
            or not isinstance(stamp.get("modules"), dict):
        return stale(f"compiled modules without a valid build stamp ({STAMP})")
    stamped = stamp["modules"]
    if sorted(stamped) != sorted(modules):
        return stale("the compiled modules are not those listed in clocktower/_compiled.py")
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    if stamp.get("ext_suffix") != suffix:
        return stale(f"the compiled modules were built for another Python "
                     f"({stamp.get('ext_suffix')}, this one loads {suffix})")
    expected = {os.path.join(here, m[:-3] + suffix) for m in modules}
    for ext in present:
        if ext not in expected and not os.path.basename(ext).split(".")[0].endswith("__mypyc"):
            return stale(f"{os.path.relpath(ext, here)} is no longer compiled")
    for m in modules:
        if not os.path.exists(os.path.join(here, m[:-3] + suffix)):
            return stale(f"{m} has no compiled module")
        src = os.path.join(here, m)
        if not os.path.exists(src) or _sha256(src) != stamped[m]:
            return stale(f"clocktower/{m} changed since the compiled build")
    return Build(True)


_build: Build | None = None


def build() -> Build:
    """The build this process runs, decided once (warning on stderr when the compiled build
    present cannot be used)."""
    global _build
    if _build is None:
        b = check()
        if b.warn and not os.environ.get(_WARNED):
            sys.stderr.write(f"clocktower: warning: running pure Python: {b.reason}\n")
            os.environ[_WARNED] = "1"
        _build = b
    return _build


class PureFinder:
    """On the first import of a compiled module, decides the build; when it is pure, imports
    every compiled module from its source instead of its extension."""

    @staticmethod
    def find_spec(fullname: str, path: Any = None, target: Any = None
                  ) -> importlib.machinery.ModuleSpec | None:
        rel = NAMES.get(fullname)
        if rel is None or build().compiled:
            return None
        import importlib.util
        return importlib.util.spec_from_file_location(fullname, os.path.join(HERE, rel))


def install() -> None:
    if PureFinder not in sys.meta_path:
        sys.meta_path.insert(0, PureFinder)
