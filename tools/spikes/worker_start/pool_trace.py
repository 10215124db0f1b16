"""Spike (issue 33): what each thread of the renderer does until a visit is ready.

    python3 tools/build.py
    python3 tools/spikes/worker_start/pool_trace.py [--cold] [--settle-s 0] [--query "?seed=4&fast=1"]

In make bench's browser (tools/bench/browser.py), a first visit (open
``--settle-s`` after ready) and then the visit traced (Chrome tracing, V8's categories); ``--cold`` traces the first
visit instead. Prints, per 50 ms from navigation, how many milliseconds each
busy thread had a traced event running (the threads of one name merged, so
at most 50), the page's own marks, and what the renderer's thread pool
spent its time on while the game's worker booted Pyodide (from the worker's
first module to its runtime mark).
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
from tools.bench.browser import Browser, visit  # noqa: E402

CATEGORIES = ["v8", "v8.wasm", "disabled-by-default-v8.compile", "toplevel", "devtools.timeline",
              "blink.user_timing", "loading"]
BUCKET_MS = 50


def traced_visit(query: str, cold: bool, settle_s: float = 0) -> list[dict]:
    browser = Browser(ROOT / "dist", 60)
    try:
        context, url, log = browser.context()
        if not cold:
            first = context.new_page()
            first.goto(url + query)
            first.wait_for_selector("html.ready", state="attached", timeout=browser.timeout_ms)
            first.wait_for_timeout(settle_s * 1000)  # the first visit lasts this long after ready
            first.evaluate("localStorage.clear()")
            first.close()
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        events, complete = [], []
        cdp.on("Tracing.dataCollected", lambda params: events.extend(params["value"]))
        cdp.on("Tracing.tracingComplete", lambda params: complete.append(True))
        cdp.send("Tracing.start", {"traceConfig": {"includedCategories": CATEGORIES}, "transferMode": "ReportEvents"})
        page.goto(url + query)
        page.wait_for_selector("html.ready", state="attached", timeout=browser.timeout_ms)
        cdp.send("Tracing.end")
        while not complete:
            page.wait_for_timeout(50)
        browser.done_with(context)
        return events
    finally:
        browser.close()


def busy_by_bucket(spans: list[tuple[float, float]]) -> dict[int, float]:
    """Milliseconds covered by the union of ``spans`` (µs from navigation), per bucket."""
    buckets: dict[int, float] = collections.Counter()
    covered = 0.0
    for start, end in sorted(spans):
        t = max(start, covered)
        while t < end:
            k = int(t // (BUCKET_MS * 1000))
            step = min(end, (k + 1) * BUCKET_MS * 1000)
            buckets[k] += (step - t) / 1000
            t = step
        covered = max(covered, end)
    return buckets


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cold", action="store_true", help="trace the first visit")
    parser.add_argument("--query", default="?seed=4&fast=1")
    parser.add_argument("--settle-s", type=float, default=0, help="how long the first visit stays open after ready")
    args = parser.parse_args()
    events = traced_visit(args.query, args.cold, args.settle_s)
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    nav = min(e["ts"] for e in events if e.get("name") == "navigationStart")
    spans = collections.defaultdict(list)
    for e in events:
        if e.get("ph") == "X" and "dur" in e:
            spans[names.get((e["pid"], e["tid"]), "?")].append((e["ts"] - nav, e["ts"] - nav + e["dur"]))
    print(f"{'cold' if args.cold else 'warm'} visit of {args.query}: ms busy per {BUCKET_MS} ms from navigation")
    busiest = sorted(spans, key=lambda name: -sum(b - a for a, b in spans[name]))[:6]
    for name in busiest:
        buckets = busy_by_bucket(spans[name])
        print(f"  {name[:28]:28s} " + " ".join(f"{buckets.get(k, 0):3.0f}" for k in range(max(buckets) + 1)))
    marks = sorted({(e["name"], round((e["ts"] - nav) / 1000)) for e in events if e.get("name", "").startswith("sixtysix:")},
                   key=lambda m: m[1])
    print("  marks: " + ", ".join(f"{name[9:]} {ms}" for name, ms in marks))
    times = dict((name, ms) for name, ms in marks)
    start, end = times.get("sixtysix:worker-start", 0), times.get("sixtysix:worker-runtime", 10 ** 6)
    pool = collections.Counter()
    for e in events:
        at = (e.get("ts", 0) - nav) / 1000
        if e.get("ph") == "X" and "dur" in e and "ThreadPool" in names.get((e["pid"], e["tid"]), "") and start <= at <= end:
            pool[e["name"]] += e["dur"] / 1000
    print(f"  the thread pool from {start} to {end} ms (the worker booting Pyodide), by event, summed over its threads:")
    for name, ms in pool.most_common(5):
        print(f"    {ms:7.1f} ms  {name}")


if __name__ == "__main__":
    main()
