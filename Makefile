# Two commands: `make run` (the bot, SQLite by default; no token: the playground) and
# `make test` (the whole suite).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: run test test-fast venv venv-test lint bench chromium

# pip quietly: no progress, no version notice, no build chatter (a failure still shows), and
# not setuptools' "Editable installation" banner (a warning every editable install prints)
PIP    := PYTHONWARNINGS="ignore:Editable installation" $(BIN)/pip --quiet \
          --disable-pip-version-check --no-input

# what running needs, and nothing else: the package and its dependencies (no test extras, no
# compiler; the bot's code linked in place, so an edit needs no reinstall)
$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --upgrade pip
	$(PIP) install -e .
	touch $@

# what the tests need besides: pytest, hypothesis, linters, Playwright, and the reference
# Guobiao calculator (PyMahjongGB, built from its sdist with g++)
$(BIN)/.installed-test: $(BIN)/.installed pyproject.toml
	$(PIP) install -e '.[test]'
	touch $@

venv: $(BIN)/.installed
venv-test: $(BIN)/.installed-test

# with a bot token (TELEGRAM_BOT_TOKEN in the environment or in .env): the bot on Telegram;
# without one: the playground, the same bot offline in a web page (http://127.0.0.1:8080/)
run: venv
	@if [ -n "$$TELEGRAM_BOT_TOKEN" ] || grep -qsE '^[[:space:]]*TELEGRAM_BOT_TOKEN[[:space:]]*=[[:space:]]*[^[:space:]#]' .env; then \
		$(BIN)/mahjong-tally bot; \
	else \
		echo "No TELEGRAM_BOT_TOKEN: opening the playground instead (the bot offline, four phones in a web page)."; \
		$(BIN)/mahjong-tally playground; \
	fi

lint: venv-test
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
test-fast: venv-test
	$(BIN)/python -m pytest -q -x -p no:cacheprovider -m "not postgres and not slow" tests

bench: venv
	$(BIN)/python benchmarks/bench_scoring.py
