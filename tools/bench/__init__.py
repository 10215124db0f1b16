"""Load time, transfer and bot speed of the built site: ``make bench``.

    python3 -m tools.bench [--reps N] [--quick] [--profile] [--no-build]

Builds the site (tools/build.py) into a private folder, ``build/bench-site/``
(so a ``dist/`` that e2e tests are serving is never rebuilt under them), or
with ``--no-build`` copies the existing ``dist/`` there. Serves it with
tools/serve.py's handler (CSP, MIME types, ``Cache-Control: no-cache``) on a
free port, a new server for every browser context, counting every byte the
server writes. Drives headless Chromium (Debian's /usr/bin/chromium, the e2e
flags) with service workers ALLOWED, and measures, all in one run:

- Load, ``--reps`` times, floor and game interleaved (ABBA order, so drift
  and noise fall on both): each repetition opens a fresh context (empty
  cache, no service worker), loads the page cold, waits until its service
  worker has precached everything (``data-sw="ready"``), then opens it
  again in the same context: the warm revisit, served by the worker. The
  floor is ``bench/floor/sw.html``: the bare one-line page plus the same
  service-worker registration, so both pay the same precache download when
  cold and both are served from the same cache when warm. Per visit: time
  to ``<html class="ready">``, first contentful paint, the shell marker
  paint (Element Timing of the title text and the stock card image), bytes.
- Resume: in each game repetition, a match left one trick in and reloaded,
  then a trick further and reloaded again, three reloads in all, at the
  player's own pace (``RESUME_PAGE``: each trick on show before the turn)
  (``RESUME_RELOADS``; one reload moved more than the changes measured):
  when js/last-table.js drew the position left (its mark
  ``sixtysix:restored``), when its hand's first card painted (Element
  Timing ``restored``: the target, the median of every reload) and when
  the table was ready, from navigation.
- Bytes: counted by the server (headers and bodies of every response), so
  they are what really went over the network: requests answered by the
  service worker from its cache cost 0, and the worker's own precache
  downloads are counted. Chromium's page-target CDP figure
  (``Network.loadingFinished`` encodedDataLength of responses not served
  by the worker) is kept as a cross-check; it misses the worker's requests.
- Bot decisions in the browser: ``bench/bot/``, a page that unpacks
  ``app.zip`` in a PyScript worker exactly like the game and answers
  positions generated from seeds (tools/bench_positions.py) through
  ``ui.model.botcall.choose_json`` one call at a time, timed in the worker and as
  the main thread's round trip; the same worker measures engine speed.
- Play: the game (``?level=hard&fast=1``) with Playwright playing the human
  for one hand; the longest main-thread task (PerformanceObserver longtask)
  after ready, overall and while the computer is to move.
- CPython, for the ratios: ``python -m sixtysix.bench --json`` and the same
  positions at each level, both on the sources that app.zip's bytecode is
  compiled from (the very code the browser ran).
- The game is opened on a deal the computer leads, so every load also
  times the computer's first move after ready (the bot worker must be up).
  The saved match is cleared after each visit, so the revisit deals the
  same hand again.
- The first visit on a phone network (tools/bench_network.py; not with
  ``--quick``, ``--no-network`` / ``--no-lighthouse`` skip its parts): cold
  loads of the game and of a naive floor (bench/floor/ on the untouched npm
  runtime, no compression) under CDP network emulation at Slow 4G and 4G,
  time to ready and bytes on the wire; Lighthouse 12.2.3 mobile and desktop.
- ``--profile``: also ``bench/startup/``: the game's main-thread imports and
  start work timed in Pyodide. docs/performance.md reads these.

Prints a table (ratios against the floor; targets met or missed) and writes
every raw figure to ``results/bench-<date>.json``. Timings are only worth
their ratio to the floor measured in the same run; the targets live here,
never in tests. See docs/performance.md.

The package: :mod:`.stats` (percentiles, ratios, sizes), :mod:`.report`
(targets, tables, the report), :mod:`.site` (paths, pages, staging),
:mod:`.server` (the byte-counting server), :mod:`.browser` (Chromium),
:mod:`.scenarios` (what is measured there) and :mod:`.__main__` (the run).
"""

from __future__ import annotations

import sys
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[2]
if str(_ROOT) not in sys.path:   # for the imports of sixtysix and tools below
    sys.path.insert(0, str(_ROOT))

DESCRIPTION = __doc__.splitlines()[0]

from .stats import BenchError, gzip_size, paired_ratios, payload, percentile, ratio, summarize, zip_breakdown  # noqa: E402,F401
from .report import KB, TARGETS, bot_summary, evaluate_targets, fmt_bytes, fmt_ms, fmt_ratio, fmt_value, format_table, headline, load_summary, longest_text, report_text, slim  # noqa: E402,F401
from .site import BENCH_PAGES, BOT_PAGE, DIST, FLOOR_PAGE, GAME_PAGE, GAME_QUERY, PLAY_PAGE, POSITIONS_PY, RESULTS, ROOT, STAGE, STARTUP_PAGE, git_state, run_python, stage_site  # noqa: E402,F401
from .server import ByteLog, _CountingWriter, counting_server  # noqa: E402,F401
from .browser import Browser, CHROMIUM, CHROMIUM_ARGS, _by_path, _first_measure, bench_state, open_page, visit  # noqa: E402,F401
from .scenarios import bot_page, load_runs, play_hand, startup_page  # noqa: E402,F401
# the run itself: tools.bench.__main__ (main, parse_args), not imported here (runpy runs it)
