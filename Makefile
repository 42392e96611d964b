# Two commands: `make run` (the bot, SQLite by default) and `make test` (the whole suite).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: run test test-fast venv lint bench chromium

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

venv: $(BIN)/.installed

run: venv
	$(BIN)/mahjong-tally bot

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

test: lint chromium
	$(BIN)/python -m pytest -q -p no:cacheprovider tests

# the browser the Mini App's tests drive (tests/web): Debian's chromium, through Playwright's
# Python package, never a downloaded browser (CI runs as root; elsewhere prefix sudo)
chromium:
	command -v chromium >/dev/null || (apt-get update && apt-get install -y --no-install-recommends chromium)

# the inner loop: no lint, no PostgreSQL, no slow reliability tests, stop at the first failure
test-fast: venv
	$(BIN)/python -m pytest -q -x -p no:cacheprovider -m "not postgres and not slow" tests

bench: venv
	$(BIN)/python benchmarks/bench_scoring.py
