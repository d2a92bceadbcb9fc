# Hippodrome: every target does its own set-up on a machine that has only python3.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# make test's pytest workers (pytest-xdist). One by default: with two beside the compiled build's run, the
# tests that start server processes were starved on a two-core machine (one of them took 994 s and failed),
# and a test that calls asyncio.run() after a browser test on the same worker is refused (Playwright's loop)
TEST_WORKERS ?= 1

.PHONY: run play test test-fast compiled lint typecheck bench bench-server bench-cluster bench-faults golden screenshots clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,research,cluster]'
	touch $(STAMP)

## run: the web platform on http://127.0.0.1:8000 (a SQLite file, hippodrome.db)
run: $(STAMP)
	$(BIN)/hippodrome serve --host 127.0.0.1 --port 8000

## play: Royal Turf in the terminal against two heuristic bots
play: $(STAMP)
	$(BIN)/hippodrome play royal_turf --seat human --seat heuristic --seat heuristic

## test: the linter, the type checker and every test, spread over TEST_WORKERS processes (pytest-xdist);
## beside them, where a C compiler is found, the conformance suite and the golden records again on the
## compiled build (make compiled), whose output is printed once both are done; it fails if either fails
test: $(STAMP) lint typecheck
	@mkdir -p build; \
	$(BIN)/python scripts/build_compiled.py --if-possible --test -q > build/compiled-test.log 2>&1 & compiled=$$!; \
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadgroup; pure=$$?; \
	wait $$compiled; again=$$?; \
	echo "== the compiled build: scripts/build_compiled.py --if-possible --test (exit $$again) =="; \
	cat build/compiled-test.log; \
	test $$pure -eq 0 && test $$again -eq 0

## test-fast: the edit-test loop: the engine's, the games' and the conformance suite's tests at their
## short option sets (pytest --fast: each game's first conformance option set from one seed, the
## tests marked slow left out; tests/suite.py), in under two minutes; make test stays the whole truth
test-fast: $(STAMP)
	$(BIN)/python -m pytest --fast -q tests/engine tests/games tests/conformance tests/toy_game

## compiled: the optional compiled build in build/compiled (mypyc; needs a C compiler), used with
## PYTHONPATH=build/compiled (docs/engine.md, "A compiled build")
compiled: $(STAMP)
	$(BIN)/python scripts/build_compiled.py

## lint: ruff over the Python; Biome over the JavaScript (biome.json: its formatter and its
## recommended rules; an error or a warning fails, as any ruff finding does; fix with
## `.venv/bin/biome check --write .`, and `--write --unsafe` for the fixes to read over)
lint: $(STAMP)
	$(BIN)/ruff check src tests scripts examples hatch_build.py
	$(BIN)/ruff format --check src tests scripts examples hatch_build.py
	$(BIN)/biome ci --error-on-warnings .

typecheck: $(STAMP)
	$(BIN)/mypy

## bench: every playable game's speed (playouts, clone, resample_for), the review of a whole game of each
## (docs/analysis/review.md), then through the research adapters
## (PettingZoo, Gymnasium, OpenSpiel: scripts/bench_interop.py, docs/research.md), then a short server load test
## (every limit on, its clients spread over addresses, with chat, logins and replays; fails if a check fails)
bench: $(STAMP)
	$(BIN)/hippodrome bench --all
	$(BIN)/hippodrome bench --all --review
	$(BIN)/python scripts/bench_interop.py --seconds 3 --rounds 3
	$(BIN)/python scripts/load_test.py --tables 50 --spectators 20 --probes 5 --seconds 10 --ramp 2 --warmup 2 --finished 100 \
		--talkers 10 --crowd-talkers 2 --crowd 10 --logins-per-second 0.5 --replays-per-second 0.5

## bench-server: the web server under load, limits on: 200 live tables (50 with a talker), 50 spectators, logins and
## replays, 1,000 finished tables stored; fails if an update or a chat line does not reach every client
bench-server: $(STAMP)
	$(BIN)/python scripts/load_test.py --tables 200 --spectators 50 --seconds 30 --finished 1000 \
		--talkers 50 --crowd 20 --crowd-talkers 5 --logins-per-second 1 --replays-per-second 1

## bench-cluster: the issue 39 goal: nginx in front of two server processes on PostgreSQL and Redis (docs/deploy.md),
## limits on, 300 live tables each with a talker at the allowed rate, 500 spectators at one table (10 of them
## talking), logins and replays; fails if an update or a line is missing, if the p99 from a player's action to the
## last client is 150 ms or more, or if a login or a replay delays other requests by 100 ms or more (p99).
## Its own database (dropped at the end) and a Redis db of its own (its keys removed at the end).
BENCH_DB ?= postgresql://postgres@127.0.0.1:5432/hippodrome_bench
BENCH_REDIS ?= redis://127.0.0.1:6379/13
bench-cluster: $(STAMP)
	$(BIN)/python scripts/load_test.py --workers 2 --nginx --db $(BENCH_DB) --fresh-db --redis $(BENCH_REDIS) \
		--tables 300 --talkers 290 --spectators 600 --crowd 500 --crowd-talkers 10 --probes 10 --bot random \
		--bot-delay 1.5 --logins-per-second 1 --replays-per-second 1 --finished 50 \
		--seconds 30 --ramp 10 --max-p99-ms 150 --max-delay-ms 100

## bench-faults: two server processes on PostgreSQL and a Redis of the run's own: kill -9 of one of them 10 times
## during play, then Redis restarted; checks that nothing acknowledged is lost, every table moves on on the
## survivor, each acknowledged move is the stored action at its version, no version is skipped, every game replays
## (docs/web.md), and fails if one does not hold; its database is dropped at the end
FAULTS_DB ?= postgresql://postgres@127.0.0.1:5432/hippodrome_faults
bench-faults: $(STAMP)
	$(BIN)/python scripts/load_test.py --workers 2 --db $(FAULTS_DB) --fresh-db --tables 12 --probes 3 \
		--bot random --bot-delay 0.1 --kills 10 --restart-redis --kill-every 5

## golden: regenerate the golden game records (after a deliberate rules change)
golden: $(STAMP)
	$(BIN)/python scripts/regenerate_golden.py

## screenshots: regenerate the pictures of the README and the docs (docs/images/, the gallery docs/screenshots/) in Debian's chromium
screenshots: $(STAMP)
	$(BIN)/python scripts/screenshots.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
