# Two commands: `make run` (the bot, SQLite by default; no token: the playground) and
# `make test` (the whole suite).
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

# with a bot token (TELEGRAM_BOT_TOKEN in the environment or in .env): the bot on Telegram;
# without one: the playground, the same bot offline in a web page (http://127.0.0.1:8080/)
run: venv
	@if [ -n "$$TELEGRAM_BOT_TOKEN" ] || grep -qsE '^[[:space:]]*TELEGRAM_BOT_TOKEN[[:space:]]*=[[:space:]]*[^[:space:]#]' .env; then \
		$(BIN)/mahjong-tally bot; \
	else \
		echo "No TELEGRAM_BOT_TOKEN: opening the playground instead (the bot offline, four phones in a web page)."; \
		$(BIN)/mahjong-tally playground; \
	fi

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
