"""Spike (issue 33): where a reload's 150 ms to the position painted go.

    python3 tools/build.py && python3 tools/spikes/reload_paint/measure.py [--reloads 10] [--inline]

One headless Chromium on a fresh profile (service worker on, as a player's
revisit): a match left one trick in, then ``--reloads`` reloads, each read
once the table is live again: when the old page's unload handlers ended
(``unloadEventEnd``), when js/last-table.js drew the position
(``sixtysix:restored``), the first contentful paint, and when the hand's
first card painted (Element Timing ``restored``, make bench's figure), all
from navigation; and the console errors seen.

``--inline``: the same on a copy of dist/ whose index.html carries its
blocking files in itself (ui/table.css, js/shared.js, js/boot.js,
js/core-link.js, js/last-table.js), the policy loosened to let inline code
run (in the copy and its server only): does the service worker's round
trip for each of them hold the drawing up?
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

YOUR_TURN = "() => { const d = document.documentElement.dataset; return d.toMove === 'you' && d.busy === '0'; }"
WATCH = """window.__painted = {}; new PerformanceObserver((list) => { for (const e of list.getEntries())
  window.__painted[e.identifier] = e.renderTime || e.loadTime; }).observe({type: 'element', buffered: true});
globalThis.sixtysixSnapshotDelayMs = 1e9;"""
READ = """() => { const n = performance.getEntriesByType('navigation')[0];
  return {unload_end: n.unloadEventEnd,
    drawn: (performance.getEntriesByName('sixtysix:restored')[0] || {}).startTime ?? null,
    fcp: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? null,
    painted: window.__painted.restored ?? null}; }"""
BLOCKING = [('<link rel="stylesheet" href="./ui/table.css">', "ui/table.css", "style")] + [
    (f'<script src="./js/{name}.js"></script>', f"js/{name}.js", "script")
    for name in ("shared", "boot", "core-link", "last-table")]


def loosen(policy: str) -> str:
    return (policy.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
            .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"))


def inline_copy() -> Path:
    site = Path(tempfile.mkdtemp(prefix="reload-paint-")) / "site"
    shutil.copytree(ROOT / "dist", site)
    page = site / "index.html"
    html = page.read_text(encoding="utf-8")
    for tag, rel, element in BLOCKING:
        if tag not in html:
            sys.exit(f"index.html no longer has {tag}")
        # addresses inside now resolve against the page, not the file
        body = (site / rel).read_text(encoding="utf-8").replace('url("../', 'url("./').replace(
            'import("./pyodide-loader.mjs")', 'import("./js/pyodide-loader.mjs")')
        html = html.replace(tag, f"<{element}>{body}</{element}>", 1)
    page.write_text(loosen(html), encoding="utf-8")
    for sibling in ("index.html.br", "index.html.gz"):
        (site / sibling).unlink(missing_ok=True)
    tools.serve.CSP = loosen(tools.serve.CSP)
    return site


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reloads", type=int, default=10)
    parser.add_argument("--inline", action="store_true")
    args = parser.parse_args()
    site = inline_copy() if args.inline else ROOT / "dist"
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
            context.close()
    finally:
        server.shutdown()
        if args.inline:
            shutil.rmtree(site.parent, ignore_errors=True)
    print(f"{'inline copy' if args.inline else 'dist/'}: {args.reloads} reloads, ms from navigation (median, then each)")
    for key in rows[0]:
        values = [r[key] for r in rows if r[key] is not None]
        print(f"  {key:11s} {statistics.median(values):6.0f}   {[round(v) for v in values]}")
    print(f"  console errors: {len(errors)} {errors[:2]}")


if __name__ == "__main__":
    main()
