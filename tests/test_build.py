"""The compiled build (setup.py) and the choice of build at run time (clocktower/_compiled.py):
a compiled module runs only while its source matches the stamp written when it was built;
otherwise, or with CLOCKTOWER_PURE=1, the whole package runs as pure Python, saying so in one
line when a compiled build had to be set aside. Games are the same in either build."""
from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from clocktower import _compiled
from clocktower._compiled import MODULES, NAMES, STAMP, check

ROOT = Path(__file__).resolve().parent.parent
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
# A real compiled build of this checkout, in use (the default install, where it can compile).
COMPILED = _compiled.check().compiled
needs_compiled = pytest.mark.skipif(not COMPILED, reason="this checkout runs pure Python: "
                                    + _compiled.check().reason)


def fake_build(tmp_path: Path) -> Path:
    """A package folder with a source and an (empty) extension for every compiled module, the
    shared runtime, and a stamp matching the sources: what the build leaves."""
    pkg = tmp_path / "clocktower"
    for m in MODULES:
        src = pkg / m
        src.parent.mkdir(parents=True, exist_ok=True)
        src.write_text(f"# {m}\n")
        (pkg / (m[:-3] + SUFFIX)).write_bytes(b"")
    (pkg / ("compiled__mypyc" + SUFFIX)).write_bytes(b"")
    stamp = {"build": "compiled", "ext_suffix": SUFFIX,
             "modules": {m: hashlib.sha256((pkg / m).read_bytes()).hexdigest()
                         for m in MODULES}}
    (pkg / STAMP).write_text(json.dumps(stamp))
    return pkg


def edit_stamp(pkg: Path, **changes) -> None:
    stamp = json.loads((pkg / STAMP).read_text())
    stamp.update(changes)
    (pkg / STAMP).write_text(json.dumps(stamp))


def test_a_matching_build_runs_compiled(tmp_path):
    pkg = fake_build(tmp_path)
    assert check(str(pkg), {}) == _compiled.Build(True)
    assert check(str(pkg), {"CLOCKTOWER_PURE": "0"}).compiled


def test_clocktower_pure_runs_pure_silently(tmp_path):
    b = check(str(fake_build(tmp_path)), {"CLOCKTOWER_PURE": "1"})
    assert not b.compiled and not b.warn and b.reason == "CLOCKTOWER_PURE=1"


def test_a_pure_build_runs_pure_silently_and_says_why(tmp_path):
    pkg = tmp_path / "clocktower"
    pkg.mkdir()
    assert check(str(pkg), {}) == _compiled.Build(False, "no compiled modules")
    (pkg / STAMP).write_text(json.dumps({"build": "pure", "reason": "no C compiler (cc)"}))
    b = check(str(pkg), {})
    assert not b.compiled and not b.warn and "no C compiler (cc)" in b.reason


def test_a_changed_source_falls_back_to_pure_with_a_warning(tmp_path):
    pkg = fake_build(tmp_path)
    hashes = json.loads((pkg / STAMP).read_text())["modules"]
    edit_stamp(pkg, modules={**hashes, "engine/game.py": "0" * 64})
    b = check(str(pkg), {})
    assert not b.compiled and b.warn
    assert "clocktower/engine/game.py changed since the compiled build" in b.reason
    assert "make fast" in b.reason and "pip install -e ." in b.reason


@pytest.mark.parametrize("damage, said", [
    ("no stamp", "without a valid build stamp"),
    ("module list", "not those listed in clocktower/_compiled.py"),
    ("other python", "built for another Python"),
    ("missing extension", "engine/voting.py has no compiled module"),
    ("extra extension", "engine/old.cpython"),
])
def test_any_mismatch_falls_back_to_pure_with_a_warning(tmp_path, damage, said):
    pkg = fake_build(tmp_path)
    if damage == "no stamp":
        (pkg / STAMP).unlink()
    elif damage == "module list":
        hashes = json.loads((pkg / STAMP).read_text())["modules"]
        del hashes["engine/rand.py"]
        edit_stamp(pkg, modules=hashes)
    elif damage == "other python":
        edit_stamp(pkg, ext_suffix=".cpython-399-x86_64-linux-gnu.so")
    elif damage == "missing extension":
        (pkg / ("engine/voting" + SUFFIX)).unlink()
    else:
        (pkg / ("engine/old" + SUFFIX)).write_bytes(b"")
    b = check(str(pkg), {})
    assert not b.compiled and b.warn and said in b.reason, b.reason


# The real build, in a copy of the package run by a fresh interpreter (the choice is made
# once per process, before any engine module is imported).

PROBE = """
import subprocess, sys
import clocktower
from clocktower import _compiled, play_game
import clocktower.engine.session            # compiled too, not imported by a plain game
game = play_game("trouble-brewing", 7, 1)
import clocktower.agents.reasoning      # the reasoning bots and their beliefs (a random game
                                        # does not import them)
import clocktower.envstep               # the environment's step (clocktower.env's)
mods = [sys.modules[n].__file__ for n in _compiled.NAMES if n in sys.modules]
assert len(mods) == len(_compiled.NAMES), sorted(set(_compiled.NAMES) - set(sys.modules))
print(clocktower.__file__)
print(" ".join(sorted({m.rsplit(".", 1)[1] for m in mods})))
print(any(n.endswith("__mypyc") for n in sys.modules))
child = subprocess.run([sys.executable, "-c", "import clocktower.engine.game"],
                       capture_output=True, text=True)
print(repr(child.stderr))
"""


def probe(pythonpath: Path | None, **env) -> tuple[list[str], str]:
    e = {k: v for k, v in os.environ.items()
         if k not in ("CLOCKTOWER_PURE", _compiled._WARNED, "PYTHONPATH")}
    if pythonpath:
        e["PYTHONPATH"] = str(pythonpath)
    e.update(env)
    r = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                       env=e, cwd=pythonpath or ROOT, timeout=300)
    assert r.returncode == 0, r.stderr
    return r.stdout.splitlines(), r.stderr


def package_copy(tmp_path: Path) -> Path:
    shutil.copytree(Path(_compiled.HERE), tmp_path / "clocktower",
                    ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path / "clocktower"


@needs_compiled
def test_the_compiled_build_runs_compiled_whole(tmp_path):
    pkg = package_copy(tmp_path)
    out, err = probe(tmp_path)
    assert out[0] == str(pkg / "__init__.py")
    assert out[1:4] == ["so", "True", "''"] and err == ""


@needs_compiled
def test_a_stale_stamp_runs_the_whole_package_pure_with_one_warning(tmp_path):
    pkg = package_copy(tmp_path)
    hashes = json.loads((pkg / STAMP).read_text())["modules"]
    edit_stamp(pkg, modules={**hashes, "engine/voting.py": "0" * 64})
    out, err = probe(tmp_path)
    assert out[0] == str(pkg / "__init__.py")
    # every compiled module from its source, mypyc's runtime never loaded; a worker process
    # (the simulator's) decides the same without saying it again
    assert out[1:4] == ["py", "False", "''"]
    assert err == ("clocktower: warning: running pure Python: clocktower/engine/voting.py "
                   "changed since the compiled build: rebuild the compiled core: `make fast` "
                   "or `pip install -e .`\n")


def test_clocktower_pure_runs_every_module_from_source():
    out, err = probe(None, CLOCKTOWER_PURE="1")
    assert out[1:4] == ["py", "False", "''"] and err == ""


@needs_compiled
def test_logs_are_identical_compiled_and_pure():
    def digest(**env) -> str:
        e = {k: v for k, v in os.environ.items() if k != "CLOCKTOWER_PURE"}
        e.update(env)
        r = subprocess.run([sys.executable, "tools/logdigest.py", "--games", "1",
                            "--field-order"], cwd=ROOT, capture_output=True, text=True, env=e,
                           timeout=600)
        assert r.returncode == 0, r.stderr
        return r.stdout
    compiled = digest()
    assert compiled and compiled == digest(CLOCKTOWER_PURE="1")


def test_the_list_of_compiled_modules_names_real_sources():
    for name, rel in NAMES.items():
        assert (Path(_compiled.HERE) / rel).is_file(), rel
        assert name == "clocktower." + rel[:-3].replace("/", ".")


# setup.py's build step, run directly into a temporary folder (the pure outcomes only:
# compiling is what the install itself does, and takes minutes).

def load_setup():
    import importlib.util
    spec = importlib.util.spec_from_file_location("clocktower_setup", ROOT / "setup.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)        # not __main__: defines, does not call setup()
    return mod


def test_the_build_compiles_the_listed_modules_and_finds_a_missing_compiler(monkeypatch):
    setup = load_setup()
    assert setup.compiled_modules() == MODULES
    monkeypatch.setenv("CC", "no-such-cc-here")
    assert setup.missing_toolchain() == "no C compiler (no-such-cc-here not found)"


@pytest.mark.parametrize("env, reason", [
    ({"CLOCKTOWER_PURE": "1"}, "CLOCKTOWER_PURE=1"),
    ({"CC": "no-such-cc-here"}, "no C compiler (no-such-cc-here not found)"),
])
def test_a_build_that_cannot_compile_is_pure_whole_and_says_so_in_one_line(tmp_path, env,
                                                                           reason):
    lib = tmp_path / "lib"
    old = lib / "clocktower" / "engine" / ("game" + SUFFIX)     # an earlier build's
    old.parent.mkdir(parents=True)
    old.write_bytes(b"")
    e = {k: v for k, v in os.environ.items() if k != "CLOCKTOWER_PURE"}
    e.update(env)
    r = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--build-lib", str(lib),
                        "--build-temp", str(tmp_path / "temp")], cwd=ROOT, env=e,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    said = [ln for ln in r.stderr.splitlines() if ln.startswith("clocktower:")]
    assert said == [f"clocktower: building pure Python ({reason})"], r.stderr
    assert json.loads((lib / "clocktower" / STAMP).read_text()) == {"build": "pure",
                                                                     "reason": reason}
    assert not list(lib.rglob("*.so"))
    b = check(str(lib / "clocktower"), {})
    assert not b.compiled and not b.warn and reason in b.reason
