# Sixty-Six: build, serve and test. `make play` and open the address it prints.
#
#   make setup   install everything (idempotent; apt only if Chromium is missing)
#   make dist    build dist/ (tools/build.py; FULL_RUNTIME=1 ships the npm runtime untrimmed)
#   make play    setup + dist + serve dist/ on http://localhost:8000
#   make test    setup + dist + all tests (what CI runs through .ci/run; the unit
#                tests run at low priority beside the build and the browser tests)
#   make unit    Python tests only (tests/), no setup
#   make e2e     dist + browser tests (e2e/), no setup
#   make bench   benchmarks (python3 -m tools.bench; BENCH_ARGS for options), then issue 33's
#                targets beside the last page with two Pyodides (tools/before_after.py --targets)
#   make clean   remove build outputs

PYTHON ?= python3
PORT ?= 8000
CHROMIUM := /usr/bin/chromium
HEADLESS_SHELL := /usr/bin/chromium-headless-shell
export DEBIAN_FRONTEND := noninteractive

.PHONY: setup dist play serve test unit e2e bench clean

setup:
	@# Debian's Chromium, for Playwright (it cannot download its own here), and
	@# its old headless shell, which the browser tests run in (lighter: e2e/conftest.py).
	@# apt-get update only when something is missing, and only as root.
	@if [ ! -x $(CHROMIUM) ] || [ ! -x $(HEADLESS_SHELL) ] || ! command -v npm >/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "setup: installing Chromium, its headless shell (and npm if missing) with apt"; \
	    apt-get update -qq && apt-get install -y -qq chromium $$(command -v npm >/dev/null || echo nodejs npm) && \
	    { apt-get install -y -qq chromium-headless-shell || echo "setup: no headless shell package: the browser tests run in chromium"; }; \
	  else echo "setup: not root, so not installing chromium/npm with apt"; fi; \
	fi
	@# PIP_BREAK_SYSTEM_PACKAGES: a Debian system Python refuses pip otherwise.
	PIP_BREAK_SYSTEM_PACKAGES=1 $(PYTHON) -m pip install -q --disable-pip-version-check --root-user-action=ignore -r requirements-dev.txt
	npm ci --no-audit --no-fund --loglevel=error

dist:
	$(PYTHON) tools/build.py

play: setup dist serve

serve:
	$(PYTHON) tools/serve.py --port $(PORT)

# Three processes (pytest-xdist) on two cores: while one test waits on a
# Playwright round trip the others' pages compute, which keeps both cores busy
# (docs/performance.md, "The e2e suite's time"). PYTEST_N=0: one process.
# --dist loadgroup: tests marked with one xdist_group share a process (and what
# a module-scoped fixture booted for them), the others spread as with load.
PYTEST_N ?= 3

# The unit tests that do not read dist/ run at the lowest priority (nice 19)
# beside the build and the browser tests, in two processes. The browser tests
# leave about an eighth of the two cores idle, moments when every test
# process waits on its page; the unit tests' 40-odd CPU s fill those instead
# of running first (docs/performance.md, "The unit tests in the browser tests'
# idle time"). Their log is printed after the browser tests'. The tests of
# dist/, and the server's, whose limits are a few seconds of wall time, run
# with the browser tests at the usual priority (the other limits of tests/ are
# a minute or more, and pytest-timeout's five minutes).
FOREGROUND_TESTS := tests/test_dist.py tests/test_trim_runtime.py tests/test_serve_hardening.py tests/test_serve_encoding.py
UNIT_N ?= 2
# Their own process group (util-linux's setsid), which an interrupt ends whole.
SETSID := $(shell command -v setsid)

test: setup
	@mkdir -p build
	@echo "test: the unit tests run at low priority beside the build and the browser tests (log: build/unit.log)"
	@$(SETSID) nice -n 19 $(PYTHON) -m pytest -q -n $(UNIT_N) $(addprefix --ignore=,$(FOREGROUND_TESTS)) tests > build/unit.log 2>&1 & unit=$$!; \
	trap 'kill -- -$$unit 2>/dev/null || kill $$unit 2>/dev/null; exit 130' INT TERM; \
	$(MAKE) --no-print-directory dist && built=0 || built=1; \
	if [ $$built = 0 ]; then $(PYTHON) -m pytest -n $(PYTEST_N) --dist loadgroup $(FOREGROUND_TESTS) e2e && browser=0 || browser=1; fi; \
	wait $$unit && units=0 || units=1; \
	echo "test: the unit tests (build/unit.log):"; cat build/unit.log; \
	if [ $$built != 0 ]; then echo "test: the build failed (above)"; exit 1; fi; \
	if [ $$browser != 0 ]; then echo "test: browser tests failed (above)"; fi; \
	if [ $$units != 0 ]; then echo "test: unit tests failed (just above)"; fi; \
	[ $$browser = 0 ] && [ $$units = 0 ]

unit:
	$(PYTHON) -m pytest tests

e2e: dist
	$(PYTHON) -m pytest -n $(PYTEST_N) --dist loadgroup e2e

# Issue 33's targets against the last page with two Pyodides (b3afb57, for the
# issue's "today"): rounds of the two pages side by side (tools/before_after.py
# --targets), their figures kept in results/ beside the bench's.
BEFORE_ROUNDS ?= 6

bench: dist
	@# Builds the site into build/bench-site/ (dist/ is left alone), serves it,
	@# and measures it in headless Chromium and CPython; options via
	@# BENCH_ARGS="--reps 5 --profile" (see docs/performance.md). Then dist/
	@# beside the last page with two Pyodides, built once into build/before-b3afb57/.
	$(PYTHON) -m tools.bench $(BENCH_ARGS)
	$(PYTHON) tools/bench_review.py
	@mkdir -p results
	$(PYTHON) -m tools.before_after --targets --rounds $(BEFORE_ROUNDS) --json results/before-after-$$(date -u +%Y%m%d-%H%M%S).json

clean:
	rm -rf dist build results test-results .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -not -path './node_modules/*' -exec rm -rf {} +
