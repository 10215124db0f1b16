"""Spike (issue 33): how long the game's worker takes to start, and the page
to be ready, with Playwright driving Chromium (as make bench and the e2e
tests do) and with Chromium alone, side by side.

    python3 tools/build.py && python3 tools/spikes/worker_start/measure.py [--rounds 4]

Playwright attaches to every worker a page starts and holds it until its
own driver has answered (CDP's waitForDebuggerOnStart); a visitor's browser
holds nothing. The page's Pyodide runs in that worker, the bench's floor's
on the main thread, so the hold would count against the game alone.

Per round and driver, a fresh profile: a cold visit, then the browser
closed and opened again on the same profile for a warm one (service worker
and HTTP cache kept), so both drivers do exactly the same. ABBA order. The
page reports itself: a copy of dist/ whose head runs, after js/core-link.js, a
beacon that, once <html class="ready">, sends the measure
"sixtysix:worker-start" (js/core-link.js) and the time of ready to this
script's server as a GET. No compression and no policy header: both
drivers get the same files the same way.
"""

from __future__ import annotations

import argparse
import functools
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
from tools.chromium_flags import BASE_ARGS, CHROMIUM  # noqa: E402

QUERY = "?seed=5&level=random"
DRIVERS = ("playwright", "chromium")
BEACON = """
;(() => {
  const root = document.documentElement;
  new MutationObserver((_, watch) => {
    if (!root.classList.contains("ready")) return;
    watch.disconnect();
    const ready = performance.now();
    setTimeout(() => {
      const m = performance.getEntriesByName("sixtysix:worker-start")[0];
      const report = { ready, worker_made: m ? m.startTime : null, worker_start: m ? m.duration : null };
      fetch("/__probe?" + encodeURIComponent(JSON.stringify(report)));
    }, 300);
  }).observe(root, { attributes: true, attributeFilter: ["class"] });
})();
"""


RUNTIME_START = '<script type="application/json" id="runtime-start">'


def stage() -> Path:
    """dist/ with the beacon as a classic script in <head> right after js/core-link.js
    (which the build puts inside index.html: the beacon comes as a file of its own)."""
    site = Path(tempfile.mkdtemp(prefix="worker-start-")) / "site"
    shutil.copytree(ROOT / "dist", site, ignore=shutil.ignore_patterns("*.br", "*.gz"))
    (site / "js" / "worker-start-beacon.js").write_text(BEACON, encoding="utf-8")
    page = site / "index.html"
    html = page.read_text(encoding="utf-8")
    if RUNTIME_START not in html:
        raise SystemExit(f"index.html lost {RUNTIME_START}")
    page.write_text(html.replace(RUNTIME_START, '<script src="./js/worker-start-beacon.js"></script>\n'
                                 + RUNTIME_START, 1), encoding="utf-8")
    return site


def serve(site: Path):
    reports: list[dict] = []

    class Handler(SimpleHTTPRequestHandler):
        extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                          ".wasm": "application/wasm", ".mpy": "application/octet-stream",
                          ".webmanifest": "application/manifest+json"}

        def log_message(self, *args):
            pass

        def do_GET(self):
            if self.path.startswith("/__probe?"):
                reports.append(json.loads(urllib.parse.unquote(self.path.split("?", 1)[1])))
                self.send_response(204)
                self.end_headers()
                return None
            return super().do_GET()

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/", reports


def wait_report(reports: list, before: int, timeout_s: float = 60) -> dict:
    end = time.time() + timeout_s
    while len(reports) == before:
        if time.time() > end:
            raise TimeoutError("the page never reported ready")
        time.sleep(0.05)
    return reports[-1]


def visit_playwright(p, profile: str, url: str, reports: list) -> dict:
    context = p.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM if Path(CHROMIUM).exists() else None, args=BASE_ARGS, headless=True)
    try:
        context.add_init_script("globalThis.sixtysixSnapshotDelayMs = 1e9;")
        before = len(reports)
        context.pages[0].goto(url)
        return wait_report(reports, before)
    finally:
        context.close()


def visit_chromium(profile: str, url: str, reports: list) -> dict:
    # No start-up snapshot either way: Playwright's visits say so in an init
    # script; here the beacon reports long before the loader's 5 s wait ends.
    args = [CHROMIUM, "--headless=new", *BASE_ARGS, f"--user-data-dir={profile}", url]
    before = len(reports)
    browser = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        return wait_report(reports, before)
    finally:
        browser.terminate()
        browser.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()
    site = stage()
    server, base, reports = serve(site)
    runs = {(d, k): [] for d in DRIVERS for k in ("cold", "warm")}
    from playwright.sync_api import sync_playwright

    try:
        with sync_playwright() as p:
            for r in range(args.rounds):
                for driver in (DRIVERS if r % 2 == 0 else DRIVERS[::-1]):
                    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
                        for kind in ("cold", "warm"):
                            if driver == "playwright":
                                got = visit_playwright(p, profile, base + QUERY, reports)
                            else:
                                got = visit_chromium(profile, base + QUERY, reports)
                            runs[(driver, kind)].append(got)
                            print(f"round {r + 1} {driver:10s} {kind}: " + ", ".join(
                                f"{k} {v:.0f} ms" for k, v in got.items() if v is not None), flush=True)
    finally:
        server.shutdown()
        shutil.rmtree(site.parent, ignore_errors=True)
    print(f"\nmedians of {args.rounds} rounds (ms from navigation; worker start = new Worker() to its first line)")
    print(f"{'driver, visit':20s} {'worker made':>12s} {'worker start':>13s} {'ready':>8s}")
    for (driver, kind), rows in runs.items():
        med = {k: statistics.median(r[k] for r in rows if r[k] is not None) for k in rows[0]}
        print(f"{driver + ', ' + kind:20s} {med['worker_made']:12.0f} {med['worker_start']:13.0f} {med['ready']:8.0f}")


if __name__ == "__main__":
    main()
