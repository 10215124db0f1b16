"""Spike (issue 33): where a reload's 150 ms to the position painted go.

    python3 tools/build.py && python3 tools/spikes/reload_paint/measure.py [--reloads 10] [--inline] [--trace] [--site DIR]

One headless Chromium on a fresh profile (service worker on, as a player's
revisit): a match left one trick in, then ``--reloads`` reloads, each read
once the table is live again: when the old page's unload handlers ended
(``unloadEventEnd``), when js/last-table.js drew the position
(``sixtysix:restored``), the first contentful paint, when the hand's
first card painted (Element Timing ``restored``, make bench's figure) and
when the DOM layer had drawn Python's first table (the end of
``sixtysix:dom-ready``), all from navigation; and the console errors seen.

``--inline``: the same on a copy of a site built before tools/build.py put
the page's blocking files inside it (``--site``; ui/table.css, js/shared.js,
js/boot.js, js/core-link.js, js/last-table.js), each
named by its hash in the policy (tools/build.py's own functions): the
spike that measured that step before it was built.

``--site DIR``: another built site than dist/ (``tools.before_after``'s
``build/before-<commit>/dist``, for a before-and-after).

``--trace``: one more reload under a DevTools trace (tools/task_trace.py's
categories), and what the renderer's main thread did from navigation to the
paint: the old page's unload events, the scripts run, the card faces' SVG
documents (``SVGImage::DataChanged``), each task over 8 ms with what is
longest inside it.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
import tools.serve  # noqa: E402
from tools.chromium_flags import BASE_ARGS, CHROMIUM  # noqa: E402
from tools.task_trace import CATEGORIES, label, traced  # noqa: E402

YOUR_TURN = "() => { const d = document.documentElement.dataset; return d.toMove === 'you' && d.busy === '0'; }"
WATCH = """window.__painted = {}; new PerformanceObserver((list) => { for (const e of list.getEntries())
  window.__painted[e.identifier] = e.renderTime || e.loadTime; }).observe({type: 'element', buffered: true});
globalThis.sixtysixSnapshotDelayMs = 1e9;"""
READ = """() => { const n = performance.getEntriesByType('navigation')[0];
  return {unload_end: n.unloadEventEnd,
    drawn: (performance.getEntriesByName('sixtysix:restored')[0] || {}).startTime ?? null,
    fcp: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? null,
    painted: window.__painted.restored ?? null,
    ready: (() => { const m = performance.getEntriesByName('sixtysix:dom-ready')[0]; return m ? m.startTime + m.duration : null; })()}; }"""
def inline_copy(built: Path) -> Path:
    """A copy of built with its blocking files put inside index.html and the
    policy naming them, as tools/build.py does now (the site must predate that)."""
    from tools.build import inline_blocking, write_csp

    site = Path(tempfile.mkdtemp(prefix="reload-paint-")) / "site"
    shutil.copytree(built, site)
    inline_blocking(site)  # exits if built already carries them
    write_csp(site)  # the page's meta and the _headers the server sends
    for sibling in ("index.html.br", "index.html.gz"):
        (site / sibling).unlink(missing_ok=True)
    return site


def traced_reload(page, until_ms: float = 600) -> None:
    """Reload under a trace; print the main thread's work from navigation to ``until_ms``."""
    def reload():
        page.reload()
        page.wait_for_function(YOUR_TURN, timeout=60_000)
        return page.evaluate(READ)["painted"]

    painted, chunks = traced(page, CATEGORIES, reload)
    # the game's own navigation (each card face, an SVG document, has one too)
    navigations = [e for e in chunks if e.get("name") == "navigationStart"
                   and "seed=" in str((e.get("args", {}).get("data", {}) or {}).get("documentLoaderURL", ""))]
    start = navigations[-1]["ts"]
    main = {(e["pid"], e["tid"]) for e in chunks if e.get("name") == "thread_name"
            and e.get("args", {}).get("name") == "CrRendererMain"}
    events = [e for e in chunks if (e["pid"], e["tid"]) in main and e.get("ph") == "X" and "dur" in e
              and 0 <= e["ts"] - start <= until_ms * 1000]
    at = lambda e: (e["ts"] - start) / 1000  # noqa: E731
    print(f"traced reload: the hand's first card painted at {painted:.0f} ms")
    for e in events:
        kind = (e.get("args", {}).get("data", {}) or {}).get("type", "")
        if e["name"] == "EventDispatch" and kind in ("pagehide", "visibilitychange", "unload") and e["dur"] > 500:
            print(f"  {at(e):5.0f} ms  {e['dur'] / 1000:5.1f} ms  the old page's {kind} listeners")
        if e["name"] == "EvaluateScript":
            print(f"  {at(e):5.0f} ms  {e['dur'] / 1000:5.1f} ms  {label(e)}")
    # an SVG image's document made before the paint (its nested events of no length left out)
    faces = [e for e in events if e["name"] == "SVGImage::DataChanged" and e["dur"] > 100 and at(e) < painted]
    each = " ".join(f"{e['dur'] / 1000:.1f}" for e in faces)
    print(f"  SVG images made into documents before the paint: {len(faces)}, "
          f"{sum(e['dur'] for e in faces) / 1000:.1f} ms in all ({each} ms)")
    tasks, end = [], 0
    for e in sorted((e for e in events if e["name"] in ("RunTask", "ThreadControllerImpl::RunTask") and e["dur"] > 8000),
                    key=lambda e: (e["ts"], -e["dur"])):
        if e["ts"] >= end:
            tasks.append(e)
            end = e["ts"] + e["dur"]
    for task in tasks:
        inside = [e for e in events if task["ts"] <= e["ts"] and e["ts"] + e["dur"] <= task["ts"] + task["dur"]
                  and e["name"] not in ("RunTask", "ThreadControllerImpl::RunTask")]
        top = ", ".join(f"{label(e)} {e['dur'] / 1000:.1f}" for e in sorted(inside, key=lambda e: -e["dur"])[:3])
        print(f"  task at {at(task):5.0f} ms, {task['dur'] / 1000:5.1f} ms: {top}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reloads", type=int, default=10)
    parser.add_argument("--inline", action="store_true")
    parser.add_argument("--trace", action="store_true", help="then one reload under a DevTools trace")
    parser.add_argument("--site", type=Path, default=ROOT / "dist", help="the built site (default dist/)")
    args = parser.parse_args()
    site = inline_copy(args.site) if args.inline else args.site
    server, url = tools.serve.serve_in_thread(site)
    rows, errors = [], []
    try:
        with sync_playwright() as p, tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
            context = p.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM if Path(CHROMIUM).exists() else None, args=BASE_ARGS, headless=True)
            context.add_init_script(WATCH)
            page = context.pages[0]
            page.on("console", lambda m: m.type == "error" and errors.append(m.text[:120]))
            page.on("response", lambda r: r.status >= 400 and errors.append(f"{r.status} {r.url}"))
            page.goto(url + "?seed=5&level=random")
            page.wait_for_function(YOUR_TURN, timeout=60_000)
            page.locator('#hand button.card[aria-disabled="false"]').first.click()
            page.wait_for_function(YOUR_TURN, timeout=60_000)
            for _ in range(args.reloads):
                page.reload()
                page.wait_for_function(YOUR_TURN, timeout=60_000)
                page.wait_for_function("() => window.__painted.restored !== undefined", timeout=10_000)
                rows.append(page.evaluate(READ))
            if args.trace:
                traced_reload(page)
            context.close()
    finally:
        server.shutdown()
        if args.inline:
            shutil.rmtree(site.parent, ignore_errors=True)
    print(f"{'inline copy' if args.inline else args.site}: {args.reloads} reloads, ms from navigation (median, then each)")
    for key in rows[0]:
        values = [r[key] for r in rows if r[key] is not None]
        print(f"  {key:11s} {statistics.median(values):6.0f}   {[round(v) for v in values]}")
    print(f"  console errors: {len(errors)} {errors[:2]}")


if __name__ == "__main__":
    main()
