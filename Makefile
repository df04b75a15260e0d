# One entry point: `make run` serves the catalogue with the sample collection, `make test` runs
# every test on SQLite and on a temporary PostgreSQL server.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
SETTINGS ?= ludotheque.settings.dev

.PHONY: setup run test lint screenshots messages

setup: $(VENV)/.installed

# setup.py compiles play/games/buffalo/_search*.c (the Buffalo bots' search): a change rebuilds it.
$(VENV)/.installed: pyproject.toml setup.py $(wildcard play/games/buffalo/_search*.[ch])
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

# The site with its background workers (manage.py bot_workers and import_workers); Ctrl-C stops
# them all.
run: setup
	$(PY) manage.py migrate --noinput
	$(PY) manage.py import_games samples/records
	$(PY) manage.py bot_workers & bots=$$!; \
	$(PY) manage.py import_workers & imports=$$!; \
	trap 'kill $$bots $$imports 2>/dev/null; wait $$bots $$imports' EXIT INT TERM; \
	$(PY) manage.py runserver 127.0.0.1:8000

test: setup
	./scripts/system_deps.sh
	$(PY) scripts/test.py

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

screenshots: setup
	./scripts/system_deps.sh
	$(PY) scripts/screenshots.py

messages: setup
	$(PY) manage.py makemessages -l en --ignore=.venv --ignore=tests
	$(PY) manage.py compilemessages --ignore=.venv
