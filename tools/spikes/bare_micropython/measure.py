"""Spike (issue 33): index.html through PyScript against the same page with
MicroPython started without it (make_page.py), side by side: per round and
page, a fresh headless Chromium (service workers blocked, no start-up
snapshot), a cold visit and a reload; the longest main-thread task and the
Total Blocking Time until ready, and the time to ready. ABBA order.

    python3 tools/build.py && python3 tools/spikes/bare_micropython/measure.py [--rounds 4] [--lighthouse N]

``--lighthouse N``: then N Lighthouse mobile runs of each page, with its
longest tasks (tools/bench_network.py).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
from tools.before_after import QUERY, WATCH, visit  # noqa: E402
from tools.chromium_flags import BASE_ARGS, CHROMIUM  # noqa: E402
from tools.serve import serve_in_thread  # noqa: E402
from tools.spikes.bare_micropython.make_page import make  # noqa: E402

PAGES = ("pyscript", "bare")


def one(p, base: str) -> dict:
    browser = p.chromium.launch(executable_path=CHROMIUM if Path(CHROMIUM).exists() else None, args=BASE_ARGS)
    try:
        context = browser.new_context(service_workers="block")
        context.add_init_script(WATCH.replace("__DELAY__", "1e9"))
        page = context.new_page()
        wasm: list[str] = []
        cold = visit(page, base + QUERY, wasm)
        page.evaluate("localStorage.clear()")
        return {"cold": cold, "warm": visit(page, base + QUERY, wasm)}
    finally:
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--lighthouse", type=int, default=0, help="Lighthouse mobile runs per page")
    args = parser.parse_args()
    servers = {"pyscript": serve_in_thread(ROOT / "dist"), "bare": serve_in_thread(make())}
    runs = {name: [] for name in PAGES}
    try:
        with sync_playwright() as p:
            for r in range(args.rounds):
                for name in (PAGES if r % 2 == 0 else PAGES[::-1]):
                    runs[name].append(one(p, servers[name][1]))
                    print(f"round {r + 1} {name}: {runs[name][-1]}", flush=True)
        for n in range(args.lighthouse):
            for name in (PAGES if n % 2 == 0 else PAGES[::-1]):
                from tools.bench_network import run_lighthouse

                r = run_lighthouse(servers[name][1], "mobile")
                tasks = ", ".join(f"{t['file']} {t['duration_ms']}" for t in r.get("long_tasks", []))
                print(f"Lighthouse mobile {name}: {r.get('scores', {}).get('performance')}; "
                      f"TBT {round((r.get('metrics') or {}).get('tbt_ms') or 0)} ms; longest tasks: {tasks}", flush=True)
    finally:
        for server, _ in servers.values():
            server.shutdown()
    print(f"\nmedians of {args.rounds} rounds | " + " | ".join(PAGES))
    for visit_kind in ("cold", "warm"):
        for key, label in (("longest_task_ms", "longest task until ready"), ("tbt_ms", "TBT until ready"),
                           ("ready_ms", "ready")):
            cells = [str(round(statistics.median(x[visit_kind][key] for x in runs[name]), 1)) for name in PAGES]
            print(f"{label}, {visit_kind} (ms) | " + " | ".join(cells))


if __name__ == "__main__":
    main()
