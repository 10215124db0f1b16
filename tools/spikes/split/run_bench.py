"""The render benchmark (page/bench_render.py) under MicroPython and Pyodide,
interleaved ABAB in fresh browsers, one at a time.

    python3 tools/spikes/split/run_bench.py --pairs 5
"""
import argparse
import json
import statistics

from playwright.sync_api import sync_playwright

from common import close, launch, start_server

ap = argparse.ArgumentParser()
ap.add_argument("--pairs", type=int, default=5)
a = ap.parse_args()
server, base = start_server()
rows = {"mpy": [], "py": []}
with sync_playwright() as p:
    for i in range(a.pairs):
        for kind in (("mpy", "py") if i % 2 == 0 else ("py", "mpy")):
            browser = launch(p)
            try:
                page = browser.new_context(service_workers="block").new_page()
                page.on("pageerror", lambda e: print(f"[pageerror] {str(e)[:400]}"))
                page.goto(base + f"split-bench-{kind}.html?seed=11")
                page.wait_for_function("window.splitBench !== undefined", timeout=90000)
                r = json.loads(page.evaluate("window.splitBench"))
                rows[kind].append(r)
                print(kind, {k: round(v, 2) for k, v in r.items()}, flush=True)
            finally:
                close(browser)
server.shutdown()
for kind, rs in rows.items():
    print(kind, "medians:", {k: round(statistics.median(r[k] for r in rs), 2) for k in rs[0]})
print("mpy/py ratio per pair (cold_mid):", [round(m["cold_mid"] / y["cold_mid"], 2) for m, y in zip(rows["mpy"], rows["py"])])
print("mpy/py ratio per pair (alt_mid):", [round(m["alt_mid"] / y["alt_mid"], 2) for m, y in zip(rows["mpy"], rows["py"])])
