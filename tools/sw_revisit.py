"""A revisit as players make it: the service worker stopped, as the browser stops it
when idle, before the page is opened again.

``make bench``'s warm visit follows the cold one at once, while the worker still
runs, so it never pays the worker's start. This compares builds on that revisit,
interleaved in one browser (each run: a fresh context, a first visit until
offline play is ready, ``ServiceWorker.stopAllWorkers``, then the revisit)::

    python3 tools/sw_revisit.py DIST_A DIST_B [--reps 6]

It prints, per build, the medians of the revisit's navigation timings (ms):
when the page's first byte arrived (``responseStart``), the end of
DOMContentLoaded, and the game's ready (``sixtysix:app-ready``), and how the
page was answered (``workerMatchedSourceType``: ``cache`` by a static route,
empty by the worker's fetch handler).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.chromium_flags import BASE_ARGS, CHROMIUM, disabled_features  # noqa: E402
from tools.serve import serve_in_thread  # noqa: E402

TIMINGS_JS = """() => { const n = performance.getEntriesByType('navigation')[0];
  const ready = performance.getEntriesByName('sixtysix:app-ready')[0];
  return {first_byte: n.responseStart, dcl: n.domContentLoadedEventEnd,
          ready: ready ? ready.startTime + ready.duration : null, source: n.workerMatchedSourceType}; }"""


def revisit(browser, url: str, timeout_ms: float) -> dict:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url + "?snapshot=never")   # no start-up snapshot: the revisit boots as usual
        page.wait_for_selector('html[data-sw="ready"]', state="attached", timeout=timeout_ms)
        page.close()
        cdp = context.new_cdp_session(context.new_page())
        cdp.send("ServiceWorker.enable")
        cdp.send("ServiceWorker.stopAllWorkers")
        time.sleep(1.0)
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html.ready", state="attached", timeout=timeout_ms)
        return page.evaluate(TIMINGS_JS)
    finally:
        context.close()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dists", nargs="+", help="built sites (dist/ folders) to compare")
    parser.add_argument("--reps", type=int, default=6)
    parser.add_argument("--timeout", type=float, default=90.0, help="seconds per load")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    servers = {d: serve_in_thread(d) for d in args.dists}
    runs: dict[str, list[dict]] = {d: [] for d in args.dists}
    try:
        with sync_playwright() as p:
            # as make bench launches it: Debian's Chromium (else Playwright's own), idle pages off
            launch = {"executable_path": CHROMIUM if Path(CHROMIUM).exists() else None, "args": BASE_ARGS}
            launch["args"] = [*BASE_ARGS, disabled_features(p.chromium, launch)]
            browser = p.chromium.launch(**launch)
            for rep in range(args.reps):
                for d in (args.dists if rep % 2 == 0 else args.dists[::-1]):
                    runs[d].append(revisit(browser, servers[d][1], args.timeout * 1000))
            browser.close()
    finally:
        for server, _ in servers.values():
            server.shutdown()
    for d, rows in runs.items():
        med = {k: statistics.median(r[k] for r in rows if r[k] is not None) for k in ("first_byte", "dcl", "ready")}
        print(f"{d}: first byte {med['first_byte']:.1f}  DOMContentLoaded {med['dcl']:.0f}  ready {med['ready']:.0f}"
              f"  (page answered by: {rows[0]['source'] or 'fetch handler'}; {len(rows)} revisits)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
