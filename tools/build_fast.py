"""Optional compiled build of the engine core with mypyc (`make fast`; `make pure` undoes it).

    .venv/bin/python -m pip install 'mypy>=1.10'    # done by `make fast`
    .venv/bin/python tools/build_fast.py            # compiles COMPILED in place
    .venv/bin/python tools/build_fast.py --clean    # back to pure Python

The compiled modules are C extensions written next to their sources
(`clocktower/engine/game.cpython-311-x86_64-linux-gnu.so`, ...), which Python imports
instead of the `.py` files. Everything else stays interpreted, and the pure-Python package
is the fallback: without a build (or after `--clean`) nothing changes. Logs are the same
byte for byte either way (`tools/logdigest.py`). `clocktower/_compiled.py` refuses to run a
compiled module older than its source (rebuild or clean after editing one).
"""
from __future__ import annotations

import argparse
import glob
import importlib.util
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _modules() -> list[str]:
    """The list in clocktower/_compiled.py, read without importing the package."""
    spec = importlib.util.spec_from_file_location("_compiled", ROOT / "clocktower" / "_compiled.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return ["clocktower/" + m for m in mod.MODULES]


COMPILED = _modules()
CONFIG = ROOT / "tools" / "build_fast.ini"


def built() -> list[Path]:
    """Every compiled file in the package (none is part of the sources: all are ours),
    including those of modules no longer in the list."""
    return sorted((ROOT / "clocktower").rglob("*.so"))


def clean() -> None:
    for p in built():
        p.unlink()
    shutil.rmtree(ROOT / "build", ignore_errors=True)


def build() -> None:
    try:
        from mypyc.build import mypycify
        from setuptools import setup
    except ImportError:
        sys.exit("error: mypyc is not installed: `make fast` installs it "
                 "(python -m pip install 'mypy>=1.10')")
    os.chdir(ROOT)
    clean()
    # One shared library inside the package (clocktower/compiled__mypyc.*.so), so that it
    # imports from wherever the package does.
    modules = mypycify(COMPILED + ["--config-file", str(CONFIG)], opt_level="3",
                       group_name="clocktower.compiled")
    setup(name="clocktower-compiled", ext_modules=modules, packages=[],
          script_args=["--quiet", "build_ext", "--inplace"])
    print(f"compiled {len(COMPILED)} modules: " + ", ".join(Path(m).stem for m in COMPILED))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clean", action="store_true", help="remove the compiled modules")
    args = ap.parse_args()
    if args.clean:
        clean()
        print("pure Python: compiled modules removed")
    else:
        build()


if __name__ == "__main__":
    main()
