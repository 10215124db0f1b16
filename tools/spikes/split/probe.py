"""Load one page once and print everything it says (console of every type,
page errors, PyScript error banners), the spike's own numbers and the markers.

    python3 tools/spikes/split/probe.py split-post.html            # plain worker
    python3 tools/spikes/split/probe.py split-psw.html --tap 2 --rtt 50
"""
import argparse
import json
import sys

from playwright.sync_api import sync_playwright

from common import close, launch, start_server

p_ = argparse.ArgumentParser()
p_.add_argument("page")
p_.add_argument("--query", default="?seed=11&lang=pt")
p_.add_argument("--tap", type=int, default=1)
p_.add_argument("--rtt", type=int, default=0)
p_.add_argument("--eval", default="")
p_.add_argument("--timeout", type=float, default=90)
a = p_.parse_args()

server, base = start_server()
with sync_playwright() as p:
    browser = launch(p)
    try:
        ctx = browser.new_context(service_workers="block")
        page = ctx.new_page()
        page.on("console", lambda m: print(f"[console.{m.type}] {m.text[:600]}"))
        page.on("pageerror", lambda e: print(f"[pageerror] {str(e)[:800]}"))
        page.goto(base + a.page + a.query)
        try:
            page.wait_for_selector("html.ready", timeout=a.timeout * 1000)
        except Exception as e:
            print("NOT READY:", e)
            print("py-error:", page.evaluate("[...document.querySelectorAll('.py-error')].map(e => e.textContent).join('\\n')"))
            sys.exit(1)
        print("ready; hand:", page.evaluate("[...document.querySelectorAll('#hand button.card')].map(b => b.dataset.code + (b.getAttribute('aria-disabled')==='true'?'-':'+'))"))
        print("markers:", page.evaluate("JSON.stringify(document.documentElement.dataset)"))
        for i in range(a.tap):
            page.wait_for_function("document.documentElement.dataset.toMove === 'you' && !!document.querySelector(\"#hand button.card[aria-disabled='false']\")", timeout=60000)
            code = page.evaluate("document.querySelector(\"#hand button.card[aria-disabled='false']\").dataset.code")
            page.click(f"#hand button.card[data-code='{code}']")
            page.wait_for_function(f"!document.querySelector(\"#hand button.card[data-code='{code}']\")", timeout=30000)
            print(f"tap {code}: gone; trick:", page.evaluate("[...document.querySelectorAll('#trick img')].map(i => i.dataset.code)"))
        if a.rtt:
            page.evaluate(f"window.splitRtt({a.rtt})")
            page.wait_for_function("window.splitStats.rttDone === true", timeout=60000)
        page.wait_for_timeout(1500)
        s = page.evaluate("JSON.stringify(window.splitStats)")
        print("splitStats:", s[:3000])
        print("marks:", page.evaluate("JSON.stringify(performance.getEntriesByType('mark').filter(m => m.name.startsWith('split')).map(m => [m.name, Math.round(m.startTime)]))"))
        if a.eval:
            print("eval:", page.evaluate(a.eval))
        print("py-error:", page.evaluate("[...document.querySelectorAll('.py-error')].map(e => e.textContent).join('\\n')"))
    finally:
        close(browser)
        server.shutdown()
