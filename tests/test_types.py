"""The package type-checks: `python -m mypy` with the settings in pyproject.toml ([tool.mypy])."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def mypy(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mypy", *args], cwd=ROOT,
                          capture_output=True, text=True)


def test_the_package_type_checks():
    r = mypy()                      # files = ["clocktower"], from pyproject.toml
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.startswith("Success: no issues found"), r.stdout


def test_a_type_error_fails_the_check(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f(x: int) -> str:\n    return x\n\n\ndef g():\n    return 1 + ''\n")
    r = mypy("--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path / "c"),
             str(bad))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "bad.py:2: error: Incompatible return value type" in r.stdout
    # check_untyped_defs: the body of an unannotated function is checked too.
    assert "bad.py:6: error: Unsupported operand types" in r.stdout


def test_the_package_ships_py_typed():
    assert (ROOT / "clocktower" / "py.typed").is_file()
    import tomllib
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "py.typed" in conf["tool"]["setuptools"]["package-data"]["clocktower"]
