# The two set-up commands of the README:
#   make run    install everything, load the fixtures, serve the app on SQLite (http://127.0.0.1:8000) with a task worker
#   make test   install everything (Chromium included), run the whole suite on SQLite and PostgreSQL (2 processes each)
SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
# Test processes per database (pytest-xdist): one per core of the 2-core machine the suite is timed on.
TEST_WORKERS ?= 2
UV_VERSION := 0.13.9

.PHONY: run test install system-deps lint catalogs prices bench bench-prices bench-recommend bench-report bench-fuzz bench-estate bench-awr

$(BIN)/.installed: requirements.txt requirements-dev.txt
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed (apt-get install python3.11)")'
	$(PYTHON) -m venv $(VENV)
	@# uv installs the same pinned set as pip in seconds rather than a minute and a half (a clean checkout's
	@# install is part of the suite's time); pip does it where uv cannot be had.
	$(BIN)/pip install -q --disable-pip-version-check uv==$(UV_VERSION) \
	  && $(BIN)/uv pip install -q --python $(BIN)/python -r requirements-dev.txt \
	  || $(BIN)/pip install -q --disable-pip-version-check -r requirements-dev.txt
	touch $@

install: $(BIN)/.installed

run: install system-deps
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py create_demo_user
	$(BIN)/python manage.py load_scenarios
	$(BIN)/python manage.py load_prices
	@# the task worker (price refreshes) beside the web server; it stops when the server stops
	@trap 'kill $$worker 2>/dev/null; wait $$worker 2>/dev/null' EXIT; \
	$(BIN)/python manage.py db_worker --no-reload & worker=$$!; \
	echo "== task worker started (pid $$worker)"; \
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

system-deps:
	@bash .ci/system-deps

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# Bytecode caches (__pycache__, ignored by git) are written even where PYTHONDONTWRITEBYTECODE is set: without them
# each test process recompiles the app and pytest rewrites every test module again (~10 s of CPU per process), and
# each process a test starts (manage.py, the task worker) recompiles the app (~1.5 s).
test: export PYTHONDONTWRITEBYTECODE :=
test: install system-deps lint
	$(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/python manage.py check_rules
	@echo "== test suite on SQLite ($(TEST_WORKERS) processes)"
	$(BIN)/pytest -n $(TEST_WORKERS) --dist loadfile
	@TEST_WORKERS=$(TEST_WORKERS) bash .ci/postgres-leg $(BIN)

# Regenerate fixtures/catalog/ from ../shared (the app never reads ../shared at run time).
catalogs: install
	$(BIN)/python manage.py import_catalogs
	$(BIN)/python manage.py import_cpu_options --shared ../shared
	$(BIN)/python manage.py import_odb --shared ../shared

# Regenerate fixtures/prices/ from ../shared through the same importers an admin uses.
prices: install
	$(BIN)/python manage.py build_price_fixtures --shared ../shared

# Speed goals live here, not in timed tests: prints evaluations per second (goal 200,000/s).
bench: install
	$(BIN)/python bench/iolimits_bench.py

# Streams the eu-west-1 offer files and a synthetic 500 MB one: rows per second and peak memory (a few minutes).
bench-prices: install
	$(BIN)/python bench/prices_bench.py

# One recommendation per golden scenario (median, p95) and the API's throughput under gunicorn vs /healthz.
bench-recommend: install
	$(BIN)/python bench/recommend_bench.py

# The PDF comparison of a golden scenario: median seconds per PDF, warm and cold browser (goal < 2 s).
bench-report: install system-deps
	$(BIN)/python bench/report_bench.py

# ~60 s of hand-made hostile requests, then schemathesis from the OpenAPI document (30,000 requests, at most 30 min),
# both against gunicorn on 127.0.0.1: requests and 5xx per endpoint (goal 0) and the workers' peak memory.
bench-fuzz: install
	@status=0; $(BIN)/python bench/fuzz_load.py || status=1; \
	$(BIN)/python bench/fuzz_schema.py || status=1; exit $$status

# 10,000 databases from the golden scenarios (sizes varied), uploaded as five 2,000-row CSV inventories, assessed
# by 4 database workers after 1 worker over 2,500 and 2 over 5,000: a table of wall time, databases/s, per-database
# median and p95 per worker count (the core count printed: 4 workers on 2 cores cannot pass ~2x one worker).
# Options: .venv/bin/python bench/estate_bench.py --help (--databases, --workers, --database-url, --timeout).
bench-estate: install
	$(BIN)/python bench/estate_bench.py

# AWR/Statspack/AWR-Miner parsing: reports per second and peak memory, a 2 MB HTML report included (goal < 1 s),
# and a task worker's resting, peak and after memory around a 40-file background import (read in a child process).
bench-awr: install
	$(BIN)/python bench/awr_bench.py
