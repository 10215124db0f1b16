"""Step 1: open a page, wait for ready, draw, one move; list every error.

    python3 probe.py spike.html [--no-isolate] [--timeout 60]
"""
import argparse, json, sys, time
from coi_server import serve_coi
from playwright.sync_api import sync_playwright
from spike_paths import HERE, REPO, SPIKE_TREE  # noqa: E402,F401

ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ap = argparse.ArgumentParser()
ap.add_argument("page", default="spike.html", nargs="?")
ap.add_argument("--query", default="?seed=11&level=random&fast=1&worker=0")
ap.add_argument("--no-isolate", action="store_true")
ap.add_argument("--timeout", type=float, default=60)
ap.add_argument("--dist", default=SPIKE_TREE + "/dist")
ap.add_argument("--moves", type=int, default=3)
a = ap.parse_args()
server, base = serve_coi(a.dist, isolate=not a.no_isolate)
log = []
with sync_playwright() as p:
    b = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
    page = b.new_page()
    t0 = time.monotonic()
    page.on("console", lambda m: log.append((round(time.monotonic() - t0, 2), "console." + m.type, m.text[:600])))
    page.on("pageerror", lambda e: log.append((round(time.monotonic() - t0, 2), "pageerror", str(e)[:600])))
    page.on("worker", lambda w: log.append((round(time.monotonic() - t0, 2), "worker", w.url[:80])))
    page.goto(base + a.page + a.query)
    print("crossOriginIsolated:", page.evaluate("crossOriginIsolated"))
    result = {}
    try:
        page.wait_for_selector("html.ready", timeout=a.timeout * 1000)
        result["ready_s"] = round(time.monotonic() - t0, 2)
        page.wait_for_selector("#hand button.card", timeout=10000)
        result["hand"] = page.eval_on_selector_all("#hand button.card", "bs => bs.map(b => b.dataset.code + ':' + b.getAttribute('aria-disabled'))")
        for i in range(a.moves):
            page.wait_for_selector("html[data-to-move='you']", timeout=30000)
            btn = page.query_selector("#hand button.card[aria-disabled='false']")
            code = btn.get_attribute("data-code")
            t1 = time.monotonic()
            btn.click()
            page.wait_for_function("c => !document.querySelector(`#hand button.card[data-code='${c}']`)", arg=code, timeout=30000)
            gone = time.monotonic() - t1
            page.wait_for_selector("html[data-to-move='you'], html[data-to-move='none']", timeout=30000)
            result.setdefault("moves", []).append((code, round(gone * 1000), round((time.monotonic() - t1) * 1000)))
        result["attrs"] = page.evaluate("Object.fromEntries([...document.documentElement.attributes].map(a => [a.name, a.value]))")
    except Exception as e:
        result["failed"] = str(e).splitlines()[0]
    result["py_error"] = page.eval_on_selector_all(".py-error", "es => es.map(e => e.textContent.slice(0, 1500))")
    result["boot_text"] = page.eval_on_selector("#boot-text", "e => e.textContent")
    page.wait_for_timeout(1500)
    b.close()
server.shutdown()
print(json.dumps(result, indent=1, ensure_ascii=False))
print("--- log")
for entry in log:
    print(entry)
