# The two commands a new user needs: `make demo` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: demo test install install-test bench scenarios clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

install: $(VENV)/.installed

install-test: $(VENV)/.installed-test

demo: install
	$(BIN)/clocktower play --script trouble-brewing --players 10 --seed 7

test: install-test
	$(BIN)/python -m pytest

scenarios: install
	$(BIN)/clocktower scenario run scenarios/

bench: install
	$(BIN)/clocktower bench --script trouble-brewing --players 10 --games 2000

clean:
	rm -rf $(VENV) build *.egg-info
