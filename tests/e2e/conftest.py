"""End-to-end tests of the web grimoire in a real headless Chromium (Debian's package),
driven by Playwright's Python package. No browser is downloaded: Playwright launches the
system Chromium (`/usr/bin/chromium`, or the first one on PATH).

Without Chromium or Playwright the tests are skipped with the reason; on CI (CI=true) that
is a failure instead, so they cannot silently stop running there. Screenshots are written
to test-artifacts/e2e/ (git-ignored; $E2E_ARTIFACTS to change it).
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from .e2e_server import Server

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "clocktower" / "web" / "static"
ARTIFACTS = Path(os.environ.get("E2E_ARTIFACTS", ROOT / "test-artifacts" / "e2e"))

# Chromium must never reach for the network (this and CI machines have none: it would hang).
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]


def on_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def missing(why: str) -> None:
    if on_ci():
        pytest.fail(f"{why}; CI=true, so the end-to-end tests must run: this is a failure",
                    pytrace=False)
    pytest.skip(why)


def find_chromium() -> str | None:
    if os.path.exists("/usr/bin/chromium"):
        return "/usr/bin/chromium"
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="package")      # closed when tests/e2e is done, not at the session's end
def browser():
    exe = find_chromium()
    if exe is None:
        missing("no Chromium found (install Debian's `chromium` package: `make browser` "
                "does it as root)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("the `playwright` Python package is not installed (`make install-test`)")
    pw = sync_playwright().start()
    try:
        b = pw.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS, headless=True,
                               timeout=60_000)
    except Exception as e:     # a broken Chromium install: say so, with Playwright's words
        pw.stop()
        missing(f"Chromium at {exe} did not start under Playwright: {e}")
    yield b
    b.close()
    pw.stop()


def watch(page, who: str, errors: list[str]) -> None:
    """Collect the page's uncaught errors and Content-Security-Policy violations into
    `errors`: the pages run under the server's real policy (no `bypass_csp`), and a
    violation is a failure of the page.

    Under that policy (no 'unsafe-eval') `wait_for_function` takes a function, `"() => ..."`:
    Playwright compiles a function once, from outside the page, but polls a bare expression
    with `eval` inside it, which the policy refuses as soon as it has to poll twice."""
    page.on("pageerror", lambda e: errors.append(f"{who}: {e}"))
    page.on("console", lambda m: errors.append(f"{who}: {m.text}")
            if "Content Security Policy" in m.text else None)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="module")
def server(tmp_path_factory, artifacts):
    folder = tmp_path_factory.mktemp("serve")
    s = Server(folder / "games.sqlite", artifacts / "server.log")
    yield s
    s.stop()
