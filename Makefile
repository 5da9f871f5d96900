# The two commands a new user needs: `make demo` and `make test` (`make quick` while
# developing: the suite without its slow tests).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: demo test quick install install-test browser bench scenarios clean fast pure

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The install compiles the engine core with mypyc when it can (setup.py; pure Python, whole,
# when it cannot or CLOCKTOWER_PURE=1), then says which build it made.
$(VENV)/.installed: pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	$(BIN)/python tools/build_fast.py --status
	touch $@

$(VENV)/.installed-test: pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	$(BIN)/python tools/build_fast.py --status
	touch $@ $(VENV)/.installed

install: $(VENV)/.installed

install-test: $(VENV)/.installed-test

demo: install
	$(BIN)/clocktower play --script trouble-brewing --players 10 --seed 7

# The printable-sheet tests and the web grimoire's end-to-end tests (tests/e2e, driven by
# the `playwright` package of the test extra: no browser is downloaded) run in headless
# Chromium from Debian's packages. Installed when missing and we are root (as on CI);
# otherwise those tests skip, saying why (with CI=true the e2e tests fail instead).
browser:
	@if command -v chromium >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing chromium (Debian package) for the browser tests"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    chromium fonts-dejavu-core >/dev/null) \
	  || echo "could not install chromium: the browser tests will be skipped"; \
	else echo "chromium not found: the browser tests will be skipped"; fi

test: install-test browser
	$(BIN)/python -m pytest

# For development: every test but the `slow` ones (the property sweeps at 13-15 players,
# the Ray backend, the browser tests; see pyproject.toml). `make test` runs them all (CI).
quick: install-test
	$(BIN)/python -m pytest -m "not slow"

scenarios: install
	$(BIN)/clocktower scenario run scenarios/

bench: install
	$(BIN)/clocktower bench --script trouble-brewing --players 10 --games 2000

# Rebuild the compiled engine core (after editing one of its modules, which otherwise runs
# as pure Python with a warning); `make pure` removes it. See tools/build_fast.py.
fast: install
	$(BIN)/python tools/build_fast.py

pure:
	$(BIN)/python tools/build_fast.py --clean

clean:
	$(BIN)/python tools/build_fast.py --clean 2>/dev/null || true
	rm -rf $(VENV) build *.egg-info

# The command-output samples of README.md and docs/*.md, rewritten by running their
# commands (tools/readme.py; markers say which lines an excerpt keeps). SLOW=1 adds the
# long ones; `$(BIN)/python tools/readme.py --check` only compares (tests/test_readme.py).
.PHONY: readme
readme: install
	$(BIN)/python tools/readme.py $(if $(SLOW),--slow)
