"""Spike (issue 33): does a visit reuse Pyodide's compiled wasm, and who compiles it?

    python3 tools/build.py && python3 tools/spikes/wasm_cache/trace.py [--visits 4] [--site build/before-<commit>/dist]

For the floor (bench/floor/sw.html: PyScript and Pyodide on the page, the
service worker registered) and the game, each in a fresh Chromium profile on
disk (a player's browser keeps its caches; Playwright's incognito contexts do
not), the service worker on: ``--visits`` visits in the same tab, each under a
DevTools trace of V8's wasm events. Per visit: the wall time to
``<html class="ready">`` (tracing slows it: compare only within a run),
whether the service worker served the page, and what V8 did with the wasm:
code taken from its cache (``wasm.Deserialize``), the optimising compiler's
CPU time (``wasm.TopTierCompilation``, background threads) and the lazy
baseline compiles, by thread (the page's main thread or the game's worker).
``--site`` measures another build of the site instead of dist/ (one that
``python3 -m tools.before_after --before <commit>`` built, for instance).
"""

from __future__ import annotations

import argparse
import collections
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
from e2e.conftest import link_test_pages  # noqa: E402
from tools.chromium_flags import BASE_ARGS, CHROMIUM, disabled_features  # noqa: E402
from tools.serve import serve_in_thread  # noqa: E402
from tools.task_trace import traced  # noqa: E402

CATEGORIES = ["v8.wasm", "disabled-by-default-v8.wasm.detailed", "v8"]
PAGES = {"floor": "bench/floor/sw.html", "game": "./?seed=2&level=random"}
SHOWN = ("wasm.Deserialize", "wasm.TopTierCompilation", "wasm.CompileLazy", "wasm.SerializeModule")


def staged(dist: Path) -> Path:
    """``dist`` and the floor page (which never ships), as symlinks in a folder of their own."""
    site = Path(tempfile.mkdtemp(prefix="wasm-cache-"))
    for entry in dist.iterdir():
        (site / entry.name).symlink_to(entry.resolve())
    link_test_pages(site)
    return site


def traced_visit(page, path: str) -> tuple[float, bool, dict]:
    def visit():
        start = time.monotonic()
        page.goto(path)
        page.wait_for_selector("html.ready", state="attached", timeout=90_000)
        wall = (time.monotonic() - start) * 1000
        controlled = page.evaluate("!!(navigator.serviceWorker && navigator.serviceWorker.controller)")
        page.wait_for_timeout(3000)  # the optimising compiler's work after ready
        return wall, controlled

    (wall, controlled), chunks = traced(page, CATEGORIES, visit)
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in chunks if e.get("name") == "thread_name"}
    seen: dict[tuple[str, str], list[float]] = collections.defaultdict(lambda: [0, 0.0])
    for e in chunks:
        if e.get("name") in SHOWN:
            thread = threads.get((e["pid"], e["tid"]), "?")
            where = "page" if thread == "CrRendererMain" else "worker" if thread.startswith("DedicatedWorker") else "pool"
            seen[(e["name"], where)][0] += 1
            seen[(e["name"], where)][1] += e.get("dur", 0) / 1000
    return wall, controlled, seen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visits", type=int, default=4)
    parser.add_argument("--site", type=Path, default=ROOT / "dist", help="the built site to measure (default dist/)")
    args = parser.parse_args()
    server, url = serve_in_thread(staged(args.site))
    try:
        with sync_playwright() as p:
            launch = {"executable_path": CHROMIUM if Path(CHROMIUM).exists() else None, "args": [*BASE_ARGS]}
            launch["args"].append(disabled_features(p.chromium, launch))
            for name, path in PAGES.items():
                with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
                    context = p.chromium.launch_persistent_context(profile, **launch, base_url=url)
                    context.add_init_script("window.sixtysixSnapshotDelayMs = 2e9;")
                    page = context.pages[0] if context.pages else context.new_page()
                    for n in range(args.visits):
                        wall, controlled, seen = traced_visit(page, path)
                        if n == 0:  # the next visits are the service worker's
                            page.wait_for_selector("html[data-sw='ready']", state="attached", timeout=90_000)
                        print(f"{name} visit {n + 1}: ready after {wall:.0f} ms (traced), "
                              f"{'served by the service worker' if controlled else 'from the network'}")
                        for (event, where), (count, ms) in sorted(seen.items()):
                            print(f"    {event:26s} {where:6s} {count:5d} x, {ms:7.1f} ms")
                    context.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
