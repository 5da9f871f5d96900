"""Tests that need ../shared: skipped with a reason on a developer's machine without it, a
failure on CI (CI=true), where a missing ../shared means the run checks less than it says."""
import pytest

from conftest import SHARED, require_shared


def test_missing_shared_fails_on_ci(tmp_path, monkeypatch):
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match=r"seeds is not there.*CI=true"):
        require_shared("seeds", base=tmp_path / "shared")


def test_missing_shared_skips_with_the_reason_elsewhere(tmp_path, monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match=r"shared/seeds is not there"):
        require_shared("seeds", base=tmp_path / "shared")


def test_present_shared_is_returned(tmp_path, monkeypatch):
    monkeypatch.setenv("CI", "true")
    (tmp_path / "shared" / "seeds").mkdir(parents=True)
    assert require_shared("seeds", base=tmp_path / "shared") == tmp_path / "shared" / "seeds"


def test_the_seed_tests_use_it():
    import test_scripts
    marks = [m for m in test_scripts.needs_seeds.mark.args]
    assert "shared_seeds" in marks and test_scripts.SEEDS == SHARED / "seeds"
