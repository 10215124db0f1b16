"""Run split-check.html (page/check.py under MicroPython) and print its results.

    python3 tools/spikes/split/run_check.py
"""
import json

from playwright.sync_api import sync_playwright

from common import close, launch, start_server

server, base = start_server()
with sync_playwright() as p:
    browser = launch(p)
    try:
        page = browser.new_context(service_workers="block").new_page()
        page.on("console", lambda m: print(f"[console.{m.type}] {m.text[:700]}") if m.type != "debug" else None)
        page.on("pageerror", lambda e: print(f"[pageerror] {str(e)[:700]}"))
        page.goto(base + "split-check.html?seed=11")
        page.wait_for_function("window.splitCheck !== undefined", timeout=60000)
        for name, status, value in json.loads(page.evaluate("window.splitCheck")):
            print(f"{status:4} {name}: {value[:400]}")
        print("py-error:", page.evaluate("[...document.querySelectorAll('.py-error')].map(e => e.textContent).join('\\n')"))
    finally:
        close(browser)
        server.shutdown()
