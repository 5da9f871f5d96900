"""End-to-end tests of the web grimoire (a package, so its conftest does not shadow tests/conftest.py)."""
