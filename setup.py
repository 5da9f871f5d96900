"""The build: setuptools (metadata in pyproject.toml) plus the engine core compiled with mypyc.

`pip install .`, `pip install -e .` (the Makefile) and CI run this through pip. The build
step (`build_ext`, which runs once per wheel or editable build: never while pip only asks for
the build's requirements or metadata) compiles the modules listed in
`clocktower/_compiled.py` (MODULES) with mypyc into C extensions, and writes a stamp,
`clocktower/_build.json`: the SHA-256 of each compiled module's source as it was compiled.
At run time `clocktower/_compiled.py` reads the stamp: a source that no longer matches it
(an editable checkout edited since the build) makes the whole package run as pure Python,
with a one-line warning.

The build is pure Python, whole, with one line saying why, when `CLOCKTOWER_PURE=1` is set,
when there is no C compiler or no Python headers, or when mypyc or the C compiler fails.
pip shows a build's output only with `-v`: `python tools/build_fast.py --status` (run by
`make install`) says which build is installed.
"""
from __future__ import annotations

import ast
import contextlib
import hashlib
import importlib.machinery
import io
import json
import os
import shlex
import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.dist import Distribution

ROOT = Path(__file__).resolve().parent
PACKAGE = "clocktower"
STAMP = "_build.json"                       # written into the package by the build
CONFIG = ROOT / "tools" / "build_fast.ini"  # mypy options for the mypyc build only


def compiled_modules() -> tuple[str, ...]:
    """`_compiled.MODULES` (paths relative to the package), read without importing anything
    (the package's dependencies need not be installed where the build runs)."""
    tree = ast.parse((ROOT / PACKAGE / "_compiled.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "MODULES" for t in node.targets):
            return tuple(ast.literal_eval(node.value))
    raise RuntimeError("clocktower/_compiled.py has no MODULES")


def source_hashes(modules: tuple[str, ...]) -> dict[str, str]:
    return {m: hashlib.sha256((ROOT / PACKAGE / m).read_bytes()).hexdigest() for m in modules}


def pure_requested() -> bool:
    return os.environ.get("CLOCKTOWER_PURE", "") not in ("", "0")


def missing_toolchain() -> str | None:
    """Why C extensions cannot be built here (no compiler, no headers), or None."""
    cc = sysconfig.get_config_var("CC") or os.environ.get("CC") or "cc"
    cc = os.environ.get("CC", cc)
    exe = shlex.split(cc)[0] if cc.strip() else "cc"
    if shutil.which(exe) is None:
        return f"no C compiler ({exe} not found)"
    include = sysconfig.get_paths().get("include", "")
    if not os.path.exists(os.path.join(include, "Python.h")):
        return f"no Python headers ({include}/Python.h not found; Debian: python3-dev)"
    return None


def _first_error(text: str) -> str:
    for line in text.splitlines():
        if "error" in line.lower():
            return line.strip()
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    return lines[-1] if lines else "no message"


class BuildCompiled(build_ext):
    """build_ext that makes its extensions (mypyc's) when it runs, and falls back to a pure
    build, whole, when it cannot make them."""

    _runs = 0       # mypyc runs in this process (at most one: see run)
    _sub: build_ext | None = None       # the build_ext that built the extensions

    def run(self) -> None:
        modules = compiled_modules()
        hashes = source_hashes(modules)     # the sources as they are compiled
        self._remove_outputs()              # no compiled module of an earlier build stays
        reason = "CLOCKTOWER_PURE=1" if pure_requested() else missing_toolchain()
        if reason is None:
            reason = self._compile(modules)
        if reason is None:
            self._stamp({"build": "compiled", "ext_suffix": _ext_suffix(),
                         "modules": hashes})
            print(f"clocktower: compiled {len(modules)} modules with mypyc", file=sys.stderr)
        else:
            self.extensions = []
            self._remove_outputs()          # nor one half made by this one
            self._stamp({"build": "pure", "reason": reason})
            print(f"clocktower: building pure Python ({reason})", file=sys.stderr)

    def _compile(self, modules: tuple[str, ...]) -> str | None:
        """mypyc, then the C compiler; the reason it failed, or None."""
        try:
            from mypyc.build import mypycify
        except ImportError as e:
            return f"mypyc not importable: {e}"
        if BuildCompiled._runs:
            raise RuntimeError("mypyc ran twice in one build")  # pragma: no cover
        BuildCompiled._runs += 1
        print(f"clocktower: compiling {len(modules)} modules with mypyc", file=sys.stderr)
        out = io.StringIO()
        cwd = os.getcwd()
        try:
            os.chdir(ROOT)
            with contextlib.redirect_stdout(out):
                exts = mypycify([f"{PACKAGE}/{m}" for m in modules]
                                + ["--config-file", str(CONFIG)],
                                opt_level="3", group_name=f"{PACKAGE}.compiled")
        except (Exception, SystemExit) as e:
            sys.stderr.write(out.getvalue())
            return f"mypyc failed: {_first_error(out.getvalue() or str(e))}"
        finally:
            os.chdir(cwd)
        # The extensions exist only now: a plain build_ext, given them from the start and
        # this command's settings, builds them.
        self.distribution.ext_modules = exts
        sub = build_ext(self.distribution)
        for opt in ("inplace", "editable_mode", "build_lib", "build_temp", "force",
                    "compiler", "debug", "parallel", "plat_name"):
            setattr(sub, opt, getattr(self, opt))
        sub.ensure_finalized()
        self._sub = sub
        try:
            sub.run()
        except (Exception, SystemExit) as e:
            self._sub = None
            return f"C compile failed: {_first_error(str(e))}"
        return None

    def _package_dir(self) -> Path:
        return ROOT / PACKAGE if self.inplace else Path(self.build_lib) / PACKAGE

    def _stamp(self, data: dict) -> None:
        d = self._package_dir()
        d.mkdir(parents=True, exist_ok=True)
        (d / STAMP).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")

    def _remove_outputs(self) -> None:
        """Every compiled file in the package's output (the sources, in an editable build;
        build/lib, kept between builds, otherwise): none is a source, all are ours."""
        for so in self._package_dir().rglob("*.so"):
            so.unlink()

    def get_outputs(self) -> list[str]:
        built = self._sub.get_outputs() if self._sub else []
        return [*built, str(self._package_dir() / STAMP)]

    def get_output_mapping(self) -> dict[str, str]:
        return self._sub.get_output_mapping() if self._sub else {}


def _ext_suffix() -> str:
    return importlib.machinery.EXTENSION_SUFFIXES[0]


class CompiledDistribution(Distribution):
    def has_ext_modules(self) -> bool:
        # The extensions are made by build_ext itself (BuildCompiled.run), so that mypyc runs
        # only in a build step; saying so here makes `build` run build_ext and tags the wheel
        # for this platform.
        return True


if __name__ == "__main__":
    setup(distclass=CompiledDistribution, cmdclass={"build_ext": BuildCompiled})
