# Hippodrome: every target does its own set-up on a machine that has only python3.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck bench golden clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

## run: play Royal Turf in the terminal against two heuristic bots
run: $(STAMP)
	$(BIN)/hippodrome play royal_turf --seat human --seat heuristic --seat heuristic

## test: every test, the linter and the type checker
test: $(STAMP) lint typecheck
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests scripts
	$(BIN)/ruff format --check src tests scripts

typecheck: $(STAMP)
	$(BIN)/mypy

## bench: random-playout speed of every playable game
bench: $(STAMP)
	$(BIN)/hippodrome bench royal_turf --seconds 10

## golden: regenerate the golden game records (after a deliberate rules change)
golden: $(STAMP)
	$(BIN)/python scripts/regenerate_golden.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
