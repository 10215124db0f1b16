"""How long a whole hand's review takes in Chromium, and whether the page stays
responsive meanwhile: part of ``make bench``.

    python3 tools/bench_review.py [--hands N] [--no-build]

Builds the site into ``build/bench-review-site/`` (``--no-build``: serves
``dist/`` as it is), plays ``--hands`` hands in CPython (the hard bot against the medium one, seeds
0..N-1), opens each one's share link (``#hand=``) in the built game in headless
Chromium, and waits until the review dialog reports ``data-progress="done"``.
Per hand: the review time (sum of the page's ``sixtysix:review_step``
measures, one worker call per decision, so the worker's boot is not counted),
the slowest single call, and the longest main-thread task while the review
ran (PerformanceObserver ``longtask``). The same reviews are timed in CPython
with the code in ``sixtysix/`` for the ratio: only ratios from one run are
worth comparing (the machine is shared). Writes
``results/bench-review-<date>.json``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sixtysix import Game, bots  # noqa: E402
from sixtysix.review import review  # noqa: E402
from tools.bench import CHROMIUM, CHROMIUM_ARGS, DIST, RESULTS  # noqa: E402
from tools import build as site_build  # noqa: E402
from tools.serve import serve_in_thread  # noqa: E402
from ui.model import share  # noqa: E402

STAGE = ROOT / "build" / "bench-review-site"
LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]); })
  .observe({type: "longtask", buffered: true});
"""


def played_hand(seed: int) -> Game:
    g = Game.new(seed=f"bench-review:{seed}")
    players = [bots.make("hard", seed=seed), bots.make("medium", seed=seed)]
    while g.result is None:
        g.apply(players[g.to_move].choose(g.view(g.to_move)))
    return g


def cpython_times(games) -> list[float]:
    out = []
    for g in games:
        start = time.perf_counter()
        review(g, 0)
        out.append((time.perf_counter() - start) * 1000)
    return out


def browser_times(games, base: str, timeout_ms: float) -> list[dict]:
    from playwright.sync_api import sync_playwright

    out = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for g in games:
            context = browser.new_context(service_workers="block")
            context.add_init_script(LONGTASKS)
            page = context.new_page()
            link = share.encode(g.deck, g.dealer, g.action_notations())
            page.goto(f"{base}?fast=1{share.PREFIX}{link}")
            page.wait_for_selector("#review-dialog[data-progress=done]", state="attached", timeout=timeout_ms)
            state = page.evaluate("""() => ({
              steps: performance.getEntriesByName("sixtysix:review_step").map((m) => [m.startTime, m.duration]),
              tasks: window.__longtasks})""")
            steps = state["steps"]
            first = min(s for s, _ in steps) if steps else 0
            during = [d for s, d in state["tasks"] if s >= first]
            out.append({"decisions": len(steps), "review_ms": sum(d for _, d in steps),
                        "slowest_call_ms": max((d for _, d in steps), default=0),
                        "longest_task_during_review_ms": max(during, default=0)})
            context.close()
        browser.close()
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--no-build", action="store_true", help="serve dist/ as it is (else a private build)")
    parser.add_argument("--timeout", type=float, default=180, help="seconds per hand in the browser")
    args = parser.parse_args(argv)
    site = DIST
    if not args.no_build:  # a private build: a dist/ that e2e tests are serving is left alone
        site = STAGE
        site_build.build(site)
    games = [played_hand(s) for s in range(args.hands)]
    server, base = serve_in_thread(site)
    try:
        browser = browser_times(games, base, args.timeout * 1000)
    finally:
        server.shutdown()
        server.server_close()
    cpython = cpython_times(games)
    rows = []
    for g, b, c in zip(games, browser, cpython):
        rows.append({**b, "cpython_ms": c, "ratio": b["review_ms"] / c if c else None, "actions": len(g.actions)})
    result = {"when": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"), "hands": rows,
              "median_review_ms": statistics.median(r["review_ms"] for r in rows),
              "max_review_ms": max(r["review_ms"] for r in rows),
              "median_ratio": statistics.median(r["ratio"] for r in rows if r["ratio"]),
              "longest_task_ms": max(r["longest_task_during_review_ms"] for r in rows)}
    print("hand  decisions  browser review  slowest call  CPython  ratio  longest main-thread task")
    for i, r in enumerate(rows):
        print(f"{i:>4}  {r['decisions']:>9}  {r['review_ms']:>11.0f} ms  {r['slowest_call_ms']:>9.0f} ms"
              f"  {r['cpython_ms']:>5.0f} ms  {r['ratio']:>4.1f}x  {r['longest_task_during_review_ms']:>6.0f} ms")
    print(f"median review {result['median_review_ms']:.0f} ms (max {result['max_review_ms']:.0f} ms), "
          f"{result['median_ratio']:.1f}x CPython; longest main-thread task {result['longest_task_ms']:.0f} ms")
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / f"bench-review-{dt.date.today().isoformat()}.json"
    path.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
