# The two set-up commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: run test long lint lint-js typecheck bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.run-installed: pyproject.toml setup.py src/standpat/_native/scorer.c src/standpat/_native/observer.c src/standpat/engine/hand.py | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[fast]'
	touch $@

$(VENV)/.dev-installed: pyproject.toml setup.py src/standpat/_native/scorer.c src/standpat/_native/observer.c src/standpat/engine/hand.py | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.run-installed

## run: install standpat into .venv and start the card room on http://127.0.0.1:8000
run: $(VENV)/.run-installed
	$(BIN)/standpat serve --demo-tables 3

## test: install the dev/test extras and run the whole suite (lint, types, tests) with a
## throw-away PostgreSQL and Redis (installed from Debian's packages when missing)
test: $(VENV)/.dev-installed
	$(BIN)/ruff check src tests benchmarks scripts docs
	$(BIN)/mypy
	scripts/lint-js.sh
	scripts/ensure-chromium.sh
	scripts/ensure-axe.sh
	STANDPAT_REQUIRE_NATIVE=1 STANDPAT_REQUIRE_PG=1 STANDPAT_REQUIRE_REDIS=1 \
		STANDPAT_REQUIRE_BROWSER=1 \
		scripts/ensure-postgres.sh scripts/ensure-redis.sh $(BIN)/python -m pytest -n 2 -q \
		-m "not long"

## long: the long suites, apart from make test (CI runs both), one at a time: the node fault
## suite (three nodes, their own PostgreSQL and Redis, each fault in turn), a table over 20,000
## hands, every bot's seeded play replayed under load
long: $(VENV)/.dev-installed
	STANDPAT_REQUIRE_PG=1 STANDPAT_REQUIRE_REDIS=1 \
		scripts/ensure-postgres.sh scripts/ensure-redis.sh $(BIN)/python -m pytest -q -s \
		-m long -p no:cacheprovider tests

lint: $(VENV)/.dev-installed lint-js
	$(BIN)/ruff check src tests benchmarks scripts docs

## lint-js: ESLint (installed into scripts/eslint by the script) on the browser client
lint-js:
	scripts/lint-js.sh

typecheck: $(VENV)/.dev-installed
	$(BIN)/mypy

## bench: the benchmarks (long; not part of make test)
bench: $(VENV)/.dev-installed
	$(BIN)/python benchmarks/evaluators.py
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/histories.py
	$(BIN)/python benchmarks/load.py --think 0.5
	$(BIN)/python benchmarks/bots.py --hands 2000

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache \
		scripts/eslint/node_modules scripts/axe/node_modules
