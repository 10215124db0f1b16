"""Spike (issue 33): what the page's renderer works on while the player's turn comes.

    python3 tools/build.py
    python3 tools/spikes/reload_paint/after_turn.py "?seed=4&fast=1" "?seed=4" [--after-ms 500]

For each address, in make bench's browser (tools/bench/browser.py): a first
visit, then a page that plays a card as make bench's resume step does, traced
(Chrome tracing, V8's categories) from the click until ``--after-ms`` after
the player's turn came. Prints the traced time on the renderer's thread pool
and its worker threads by event, longest first, and how long the turn took.
A reload in that window shares the two cores with what it lists.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
from tools.bench.browser import Browser  # noqa: E402
from tools.bench.scenarios import YOUR_TURN, play_a_card  # noqa: E402
from tools.spikes.reload_paint.after_play import second_visit  # noqa: E402

CATEGORIES = ["v8", "v8.wasm", "disabled-by-default-v8.gc", "disabled-by-default-v8.compile", "toplevel"]


def traced_turn(browser: Browser, query: str, after_ms: int) -> tuple[list[dict], float]:
    """The trace events of one move (the click to ``after_ms`` past the turn), and the turn's time in ms."""
    context, page = second_visit(browser, query)
    try:
        play_a_card(page, browser.timeout_ms)  # the first trick, as make bench's first reload follows
        cdp = context.new_cdp_session(page)
        events, complete = [], []
        cdp.on("Tracing.dataCollected", lambda params: events.extend(params["value"]))
        cdp.on("Tracing.tracingComplete", lambda params: complete.append(True))
        cdp.send("Tracing.start", {"traceConfig": {"includedCategories": CATEGORIES}, "transferMode": "ReportEvents"})
        started = time.monotonic()
        page.locator('#hand button.card[aria-disabled="false"]').first.click()
        page.wait_for_function(YOUR_TURN, timeout=browser.timeout_ms)
        turn_ms = (time.monotonic() - started) * 1000
        page.wait_for_timeout(after_ms)
        cdp.send("Tracing.end")
        while not complete:
            page.wait_for_timeout(50)
        page.evaluate("localStorage.clear()")
        return events, turn_ms
    finally:
        browser.done_with(context)


def by_event(events: list[dict]) -> collections.Counter:
    """Milliseconds of complete events on thread-pool and worker threads, by (thread, event)."""
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
               if e.get("ph") == "M" and e.get("name") == "thread_name"}
    spent = collections.Counter()
    for e in events:
        thread = threads.get((e.get("pid"), e.get("tid")), "")
        if e.get("ph") == "X" and "dur" in e and ("ThreadPool" in thread or "Worker" in thread):
            spent[(thread, e["name"])] += e["dur"] / 1000
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("queries", nargs="+")
    parser.add_argument("--after-ms", type=int, default=500, help="traced after the player's turn came")
    parser.add_argument("--top", type=int, default=8)
    args = parser.parse_args()
    browser = Browser(ROOT / "dist", 60)
    try:
        for query in args.queries:
            events, turn_ms = traced_turn(browser, query, args.after_ms)
            print(f"{query}: the turn came {turn_ms:.0f} ms after the click; traced until {args.after_ms} ms later")
            for (thread, name), ms in by_event(events).most_common(args.top):
                print(f"  {ms:7.1f} ms  {thread} / {name}")
    finally:
        browser.close()


if __name__ == "__main__":
    main()
