"""Pyodide's bare boot, timed in a page and in a dedicated worker of the same origin:

    python3 tools/build.py && python3 -m tools.boot_probe [site folder, default dist/] [--rounds 4] [--same-tab]

Each round opens a page with no script of its own (a 404 of the site's
server, so no CSP) in one context (a warm HTTP cache after the first) and
times, in a module worker made there and then in the page itself: importing
the loader, ``loadPyodide`` (the page: Pyodide's own; the worker:
js/pyodide-loader.mjs's, as the game's worker boots it), and a first
``import``. Prints ``[import ms, boot ms, first import ms]`` per realm.
``--same-tab``: every round navigates one tab instead of opening a new one,
so the renderer process that booted Pyodide before boots it again.
"""

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from playwright.sync_api import sync_playwright  # noqa: E402

from tools.chromium_flags import BASE_ARGS, CHROMIUM  # noqa: E402
from tools.serve import serve_in_thread  # noqa: E402

#: Run in each realm: ORIGIN is the site, RESULT(times) hands the figures back.
BOOT = """
const t0 = performance.now();
const { loadPyodide } = await import(ORIGIN + (globalThis.document ? '/vendor/pyodide/pyodide.mjs' : '/js/pyodide-loader.mjs'));
const t1 = performance.now();
const py = globalThis.document ? await loadPyodide({ indexURL: ORIGIN + '/vendor/pyodide/' }) : await loadPyodide({});
const t2 = performance.now();
py.runPython('import json, asyncio, random');
const t3 = performance.now();
RESULT([Math.round(t1 - t0), Math.round(t2 - t1), Math.round(t3 - t2)]);
"""
PAGE = "async (origin) => { const ORIGIN = origin; return await new Promise(async (RESULT) => { " + BOOT + " }); }"
WORKER = """async (origin) => {
  const code = `const ORIGIN = ${JSON.stringify(origin)}; const RESULT = (r) => postMessage(r); ` + %s;
  const w = new Worker(URL.createObjectURL(new Blob([code], {type: 'text/javascript'})), {type: 'module'});
  return await new Promise((resolve) => { w.onmessage = (e) => resolve(e.data); w.onerror = (e) => resolve(String(e.message)); });
}""" % repr(BOOT)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default=str(ROOT / "dist"))
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--same-tab", action="store_true", help="navigate one tab instead of opening new ones")
    args = parser.parse_args()
    server, url = serve_in_thread(args.site)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=BASE_ARGS)
        c = b.new_context(base_url=url, service_workers="block")
        origin = url.rstrip("/")
        tab = c.new_page() if args.same_tab else None
        for i in range(args.rounds):
            for realm, probe in (("worker", WORKER), ("page  ", PAGE)):
                page = tab or c.new_page()
                page.goto("./nothing-here")
                print(i, realm, page.evaluate(probe, origin))
                if tab is None:
                    page.close()
        b.close()
    server.shutdown()


if __name__ == "__main__":
    main()
