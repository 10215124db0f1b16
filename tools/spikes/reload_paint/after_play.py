"""Spike (issue 33): make bench's reloads, the address and the wait before each varied.

    python3 tools/build.py
    python3 tools/spikes/reload_paint/after_play.py "?seed=4&fast=1" "?seed=4" [--wait-ms 0] [--rounds 2]
        [--browser-arg="--js-flags=--no-wasm-dynamic-tiering --no-wasm-tier-up"]

For each address (a query after the game's URL; "" for none), in turn and
each in a fresh browser (make bench's own, tools/bench/browser.py): a first
visit, then a page that plays a card, waits for the player's turn, waits
``--wait-ms`` more and reloads, three times, as make bench's resume step
does (make bench also has a warm visit and a start-up snapshot made
before it). Per address, the medians of every reload: the document's first and
last byte, ``domInteractive``, the position drawn by js/last-table.js, the
hand's first card painted (ms from navigation); and how many of the hand's
faces were drawn inline (the rest as images).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
from tools.bench.browser import Browser, visit  # noqa: E402
from tools.bench.scenarios import RESUME_RELOADS, play_a_card  # noqa: E402

READ = """() => { const n = performance.getEntriesByType('navigation')[0];
  return {first_byte: n.responseStart, last_byte: n.responseEnd, interactive: n.domInteractive,
    drawn: (performance.getEntriesByName('sixtysix:restored')[0] || {}).startTime,
    painted: window.__bench.elements.restored}; }"""
FACES = "[document.querySelectorAll('#hand .early-face').length, document.querySelectorAll('#hand img.card-img:not(.face-later)').length]"


def second_visit(browser: Browser, query: str):
    """A fresh context with a first visit made, and a second page on the game, ready: (context, page)."""
    context, url, log = browser.context()
    visit(context, url + query, log, browser.timeout_ms)
    page = context.new_page()
    page.goto(url + query)
    page.wait_for_selector("html.ready", state="attached")
    return context, page


def reloads(browser: Browser, query: str, wait_ms: int) -> list[dict]:
    context, page = second_visit(browser, query)
    try:
        rows = []
        for _ in range(RESUME_RELOADS):
            play_a_card(page, browser.timeout_ms)
            page.wait_for_timeout(wait_ms)
            page.reload(wait_until="commit")
            page.wait_for_function("performance.getEntriesByName('sixtysix:restored').length > 0")
            inline, images = page.evaluate(FACES)
            page.wait_for_selector("html.ready", state="attached")
            row = page.evaluate(READ)
            if row["drawn"] is None or row["painted"] is None:
                sys.exit(f"{query or '(no query)'}: the position left was not drawn and painted before Python ({row})")
            rows.append({**row, "inline": inline, "images": images})
        page.evaluate("localStorage.clear()")
        return rows
    finally:
        browser.done_with(context)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("queries", nargs="+", help='what follows the game\'s URL, e.g. "?seed=4&fast=1"; "" for nothing')
    parser.add_argument("--wait-ms", type=int, default=0, help="after the player's turn comes, before each reload")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--site", type=Path, default=ROOT / "dist", help="the built site (default dist/)")
    parser.add_argument("--browser-arg", action="append", default=[], help="one more Chromium switch (repeatable)")
    args = parser.parse_args()
    browser = Browser(args.site, 60)
    browser.launch["args"] = [*browser.launch["args"], *args.browser_arg]
    rows: dict[str, list[dict]] = {q: [] for q in args.queries}
    try:
        for n in range(args.rounds):
            for query in args.queries if n % 2 == 0 else args.queries[::-1]:
                rows[query] += reloads(browser, query, args.wait_ms)
    finally:
        browser.close()
    print(f"medians of {args.rounds * RESUME_RELOADS} reloads each, ms from navigation, {args.wait_ms} ms waited before each")
    for query, each in rows.items():
        medians = {key: statistics.median(r[key] for r in each)
                   for key in ("first_byte", "last_byte", "interactive", "drawn", "painted")}
        faces = f"{sum(r['inline'] for r in each)} faces inline, {sum(r['images'] for r in each)} as images"
        print(f"{query or '(no query)':18s} " + "  ".join(f"{k} {v:.0f}" for k, v in medians.items()) + f"  ({faces})")


if __name__ == "__main__":
    main()
