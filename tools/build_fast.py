"""Rebuild, remove or report the compiled engine core of this checkout (`make fast`,
`make pure`, and the line `make install` prints).

    .venv/bin/python tools/build_fast.py            # rebuild it (pip install --no-deps -e .)
    .venv/bin/python tools/build_fast.py --clean    # back to pure Python (removes it)
    .venv/bin/python tools/build_fast.py --status   # one line: which build runs, and why
    .venv/bin/python tools/build_fast.py --require-compiled   # the same; fails if pure (CI)

The build itself is setup.py's (the one `pip install` runs): mypyc compiles the modules
listed in `clocktower/_compiled.py` into C extensions next to the sources of an editable
install, and `clocktower/_build.json` stamps the hash of each source compiled. Editing one
of those sources makes the package run as pure Python (with a one-line warning) until it is
rebuilt. Logs are the same byte for byte in either build (`tools/logdigest.py`).
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from clocktower import _compiled  # noqa: E402  (this checkout's, not another install's)


def clean() -> None:
    """Every compiled file in the package (none is a source: all are ours) and the stamp."""
    for p in _compiled.compiled():
        Path(p).unlink()
    (Path(_compiled.HERE) / _compiled.STAMP).unlink(missing_ok=True)
    shutil.rmtree(ROOT / "build", ignore_errors=True)


def status() -> _compiled.Build:
    b = _compiled.check()
    print(f"clocktower: {b.describe()}")
    return b


def build() -> None:
    """The install's own build, in place: pip runs setup.py in its isolated build
    environment (mypy comes from [build-system] requires)."""
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                           "-e", str(ROOT)])
    if done.returncode:
        sys.exit(done.returncode)
    if not status().compiled:
        sys.exit("error: the engine core was not compiled (the reason above; "
                 "`python -m pip install -v --no-deps -e .` shows the build's output)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clean", action="store_true", help="remove the compiled modules")
    ap.add_argument("--status", action="store_true", help="say which build this checkout runs")
    ap.add_argument("--require-compiled", action="store_true",
                    help="say which build this checkout runs; fail unless it is compiled (CI)")
    args = ap.parse_args()
    if args.clean:
        clean()
        print("clocktower: pure Python: compiled modules removed")
    elif args.status:
        status()
    elif args.require_compiled:
        if not status().compiled:
            sys.exit("error: the engine core is not compiled here (the reason above)")
    else:
        build()


if __name__ == "__main__":
    main()
