"""Run calls.html (spike.html whose worker runs calls_bench.py instead of the app) 3 times.

    python3 run_calls_bench.py   (after make_spike.py; copies calls_bench.py into dist as calls.html's entry)
"""
import json, sys
from pathlib import Path
from coi_server import serve_coi
import measure; INIT, ARGS = measure.INIT, measure.ARGS
from playwright.sync_api import sync_playwright
from spike_paths import HERE, REPO, SPIKE_TREE  # noqa: E402,F401

d = Path(SPIKE_TREE + "/dist")
html = (d / "spike.html").read_text().replace('src="./spike_main.py"', 'src="./calls_bench.py"')
(d / "calls.html").write_text(html)
(d / "calls_bench.py").write_text(Path(__file__).with_name("calls_bench.py").read_text())
server, base = serve_coi(d)
with sync_playwright() as p:
    for i in range(3):
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        ctx = b.new_context(); ctx.add_init_script(INIT)
        page = ctx.new_page()
        page.goto(base + "calls.html")
        page.wait_for_selector("html.calls-done", timeout=120000)
        print(json.dumps(page.evaluate("window.__spikeCalls")))
        b.close()
server.shutdown()
