"""Step 1b: what of the DOM layer works from the worker: a key the page must
preventDefault, the language buttons (e.currentTarget), a dialog, localStorage.

    python3 probe_interactions.py spike.html     # and: index.html (same query, for contrast)
"""
import json, sys, time
from coi_server import serve_coi
from playwright.sync_api import sync_playwright
from spike_paths import HERE, REPO, SPIKE_TREE  # noqa: E402,F401

ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
name = sys.argv[1] if len(sys.argv) > 1 else "spike.html"
server, base = serve_coi(SPIKE_TREE + "/dist")
log, res = [], {}
with sync_playwright() as p:
    b = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
    page = b.new_page()
    page.add_init_script("globalThis.sixtysixSnapshotDelayMs = 1e9;")
    page.on("console", lambda m: log.append(f"console.{m.type}: {m.text[:400]}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: log.append(f"pageerror: {str(e)[:400]}"))
    page.goto(base + name + "?seed=11&level=random&fast=1&worker=0")
    page.wait_for_selector("html.ready", timeout=90000)
    page.wait_for_function("document.documentElement.dataset.toMove === 'you' && document.documentElement.dataset.busy === '0'", timeout=60000)
    # 1. Arrow key on the hand: ui/dom/events.py on_hand_key calls event.preventDefault() and moves focus.
    page.evaluate("""() => { window.__keys = [];
        window.addEventListener('keydown', e => window.__keys.push([e.key, e.defaultPrevented])); }""")
    page.focus("#hand button.card")
    page.keyboard.press("ArrowRight")
    t0 = time.monotonic()
    try:
        page.wait_for_function("document.activeElement && document.activeElement.matches('#hand button.card:nth-child(2)')", timeout=20000)
        res["arrow_focus_moved_after_ms"] = round((time.monotonic() - t0) * 1000)
    except Exception as e:
        res["arrow_focus_moved"] = "no: " + str(e).splitlines()[0]
    res["arrow_defaultPrevented_at_window"] = page.evaluate("window.__keys")
    # 2. Language button: events.py:62 reads e.currentTarget.dataset.lang.
    page.click("button.lang[data-lang='it']")
    t0 = time.monotonic()
    try:
        page.wait_for_function("document.documentElement.dataset.lang === 'it'", timeout=20000)
        res["lang_switch_ms"] = round((time.monotonic() - t0) * 1000)
    except Exception as e:
        res["lang_switch"] = "no: " + str(e).splitlines()[0]
    # 3. The menu dialog (showModal from the handler).
    page.click("#btn-menu")
    t0 = time.monotonic()
    try:
        page.wait_for_selector("#menu-dialog[open]", timeout=20000)
        res["menu_open_ms"] = round((time.monotonic() - t0) * 1000)
    except Exception as e:
        res["menu_open"] = "no: " + str(e).splitlines()[0]
    # 4. localStorage written through the window proxy.
    res["localStorage_keys"] = page.evaluate("Object.keys(localStorage)")
    page.wait_for_timeout(2000)
    b.close()
server.shutdown()
print(json.dumps(res, indent=1))
print("--- errors/warnings")
for line in log:
    print(line)
