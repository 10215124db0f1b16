# Sixty-Six: build, serve and test. `make play` and open the address it prints.
#
#   make setup   install everything (idempotent; apt only if Chromium is missing)
#   make dist    build dist/ (tools/build.py; FULL_RUNTIME=1 ships the npm runtime untrimmed)
#   make play    setup + dist + serve dist/ on http://localhost:8000
#   make test    setup + dist + all tests (what CI runs through .ci/run; the unit
#                tests run while dist/ builds)
#   make unit    Python tests only (tests/), no setup
#   make e2e     dist + browser tests (e2e/), no setup
#   make bench   benchmarks (python3 -m tools.bench; BENCH_ARGS for options)
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

# The unit tests that do not read dist/ run while the build compresses (brotli
# at quality 11 keeps one core busy for about 45 s on a fresh clone), in two
# processes: alone, one would leave the second core idle once the build is
# done (95 s of tests against 45 s of build); the tests of dist/ and the
# browser tests run once it is built.
DIST_TESTS := tests/test_dist.py tests/test_trim_runtime.py
UNIT_N ?= 2

test: setup
	@mkdir -p build
	@echo "test: building dist/ (log: build/dist.log) while the unit tests run"
	@$(MAKE) --no-print-directory dist > build/dist.log 2>&1 & built=$$!; \
	$(PYTHON) -m pytest -q -n $(UNIT_N) $(addprefix --ignore=,$(DIST_TESTS)) tests; unit=$$?; \
	wait $$built; build=$$?; cat build/dist.log; \
	if [ $$build != 0 ]; then echo "test: the build failed (above)"; exit 1; fi; exit $$unit
	$(PYTHON) -m pytest -n $(PYTEST_N) --dist loadgroup $(DIST_TESTS) e2e

unit:
	$(PYTHON) -m pytest tests

e2e: dist
	$(PYTHON) -m pytest -n $(PYTEST_N) --dist loadgroup e2e

bench:
	@# Builds the site into build/bench-site/ (dist/ is left alone), serves it,
	@# and measures it in headless Chromium and CPython; options via
	@# BENCH_ARGS="--reps 5 --profile" (see docs/performance.md).
	$(PYTHON) -m tools.bench $(BENCH_ARGS)
	$(PYTHON) tools/bench_review.py

clean:
	rm -rf dist build results test-results .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -not -path './node_modules/*' -exec rm -rf {} +
