"""The offline service worker (sw.js) and its page side (sw-register.js).

Run on bench/floor/sw.html, the floor page plus sw-register.js, so they do
not depend on the game page (a test page: it never ships, so offline the
game page itself is loaded from the precache).
"""

from __future__ import annotations

import contextlib
import shutil
import time

import pytest
from playwright.sync_api import expect

from e2e.conftest import DIST, FIRST_LOAD_MS, TEST_PAGES, install_new_build, open_game
from tools.serve import serve_in_thread

PAGE = "bench/floor/sw.html"

# Ask the controlling worker for its cache name and precache state.
STATUS_JS = """() => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => resolve(event.data);
  navigator.serviceWorker.controller.postMessage({type: "precache-status"}, [channel.port2]);
})"""


def wait_sw_ready(page):
    expect(page.locator("html")).to_have_attribute("data-sw", "ready", timeout=FIRST_LOAD_MS)


@contextlib.contextmanager
def own_site(tmp_path):
    """A copy of dist/ (and the test pages) served on its own origin, so its
    worker starts from nothing: yields (its folder, its URL)."""
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    for rel, source in TEST_PAGES.items():
        shutil.copytree(source, site / rel)
    server, url = serve_in_thread(site)
    try:
        yield site, url
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.offline
def test_plays_offline_from_the_precache(page, context):
    open_game(page, path=PAGE)
    wait_sw_ready(page)
    status = page.evaluate(STATUS_JS)
    assert status["complete"] and status["total"] > 40
    context.set_offline(True)
    # The game boots from the precache alone (this test page is not in it:
    # it never ships); query strings are ignored, a folder URL means its index.html.
    open_game(page, query="lang=it&seed=3")
    assert page.locator("html").get_attribute("lang") == "it"
    body = page.evaluate("fetch('./?x=1').then((r) => r.text())")
    assert 'id="runtime-start"' in body


# How each file of the last load was answered (Resource Timing of the static routes).
SOURCES_JS = """() => ({
  page: performance.getEntriesByType('navigation')[0].workerMatchedSourceType,
  // a static route's answer ("cache"), or the fetch handler's from the cache
  files: performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname,
    e.workerMatchedSourceType || (e.deliveryType === 'cache-storage' ? 'handler' : '')]),
})"""
WORKER_SOURCES_JS = """() => performance.getEntriesByType('resource')
  .map((e) => [new URL(e.name).pathname, e.deliveryType])"""


@pytest.mark.offline
def test_a_revisit_takes_its_files_from_the_cache_without_the_worker(page):
    open_game(page, path=PAGE)
    wait_sw_ready(page)
    open_game(page, query="seed=3")
    seen = page.evaluate(SOURCES_JS)
    assert seen["page"] == ""   # no route: a navigation with a query needs the handler's key
    files = dict(seen["files"])
    for path in ("/vendor/micropython/micropython.wasm", "/vendor/pyscript/core.js", "/js/guard.js"):
        assert files.get(path) == "cache", (path, files.get(path))
    # the page's own files by the static routes; the game's worker's module scripts
    # (listed here too) through the fetch handler, as the worker's files below
    assert {path for path, source in seen["files"] if source != "cache"} <= {
        "/js/pyodide-loader.mjs", "/vendor/pyodide/pyodide.mjs", "/vendor/pyodide/pyodide.asm.mjs"}
    assert {source for _, source in seen["files"]} <= {"cache", "handler"}
    # The game's worker fetches the runtime and the app (its own resource entries):
    # Chromium sends a dedicated worker's requests through the fetch handler, not
    # the static routes, and the handler answers them from the same cache.
    worker = next(w for w in page.workers if "/js/core-worker.mjs" in w.url)
    fetched = dict(worker.evaluate(WORKER_SOURCES_JS))
    for path in ("/app.zip", "/vendor/pyodide/pyodide.asm.wasm", "/vendor/pyodide/python_stdlib.zip"):
        assert fetched.get(path) == "cache-storage", (path, fetched.get(path))
    assert set(fetched.values()) == {"cache-storage"}
    open_game(page)   # the folder URL is in the cache too: the worker need not even start
    assert page.evaluate(SOURCES_JS)["page"] == "cache"


def test_nosw_skips_registration(page):
    open_game(page, query="nosw=1", path=PAGE)
    expect(page.locator("html")).to_have_attribute("data-sw", "off")


@pytest.mark.offline
def test_new_build_waits_for_the_page_then_takes_over(page, tmp_path):
    with own_site(tmp_path) as (site, url):
        open_game(page, path=url + PAGE)
        wait_sw_ready(page)
        old = page.evaluate(STATUS_JS)["cache"]
        page.evaluate("document.addEventListener('sixtysix:update-ready', () => { window.updates = (window.updates || 0) + 1; })")

        assert install_new_build(page, site) == old
        assert page.evaluate("window.updates") == 1
        # Installed but waiting: the old worker still serves this page.
        assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => !!r.waiting)")
        assert page.evaluate(STATUS_JS)["cache"] == old

        # Applying reloads the page: trigger it after evaluate has returned.
        with page.expect_navigation():
            page.evaluate("setTimeout(() => window.sixtysixApplyUpdate(), 0)")
        page.wait_for_selector("html.ready", state="attached")
        wait_sw_ready(page)
        assert page.evaluate(STATUS_JS)["cache"] == old + "-next"
        assert page.evaluate("caches.keys()") == [old + "-next"]


@pytest.mark.offline
def test_a_new_build_takes_over_while_a_request_wakes_the_old_worker(page, context, tmp_path):
    # Chromium hurries the old worker out only if it is running when the new one
    # asks to take over: one that a request is waking just then held the swap
    # until it idled (30 s; never while DevTools is attached, as under Playwright).
    with own_site(tmp_path) as (site, url):
        open_game(page, path=url + PAGE)
        wait_sw_ready(page)
        old = page.evaluate(STATUS_JS)["cache"]
        assert install_new_build(page, site) == old
        # A URL with a query goes to the old worker's fetch handler: it wakes.
        apply = "setTimeout(() => { fetch('/?wake=1'); window.sixtysixApplyUpdate(); }, 0)"
        assert take_over_from_stopped_workers(page, context, apply) == old + "-next"


def take_over_from_stopped_workers(page, context, apply: str) -> str:
    """Every service worker stopped, then ``apply`` (a script) asks the waiting
    one to take over: the page reloads on it. Returns the cache serving it then."""
    devtools = context.new_cdp_session(page)
    devtools.send("ServiceWorker.enable")
    devtools.send("ServiceWorker.stopAllWorkers")
    with page.expect_navigation(timeout=15_000):
        page.evaluate(apply)
    wait_sw_ready(page)
    return page.evaluate(STATUS_JS)["cache"]


#: Put first in a copy's sw.js: every start of that worker once it is the active one (the
#: restart the test is about, not its first install) takes SLOW_START_MS of a busy core.
SLOW_START_MS = 3000
SLOW_START = (f"if (self.registration.active) {{ const until = Date.now() + {SLOW_START_MS}; "
              "while (Date.now() < until); }\n")


@pytest.mark.offline
def test_a_new_build_takes_over_from_an_old_worker_slow_to_start(page, context, tmp_path):
    # On a busy device the old worker's start may outlast a short wait for its
    # answer: asked to take over while the old one was still starting, the new
    # one held the swap for good under DevTools (the old page asked after 2 s).
    with own_site(tmp_path) as (site, url):
        sw = site / "sw.js"
        build = sw.read_text()
        sw.write_text(SLOW_START + build)
        open_game(page, path=url + PAGE)
        wait_sw_ready(page)
        old = page.evaluate(STATUS_JS)["cache"]
        assert install_new_build(page, site, script=build) == old  # a new build that starts at once
        apply = "setTimeout(() => window.sixtysixApplyUpdate(), 0)"
        started = time.monotonic()
        assert take_over_from_stopped_workers(page, context, apply) == old + "-next"
        assert time.monotonic() - started >= SLOW_START_MS / 1000, "the old worker's restart was not slow"
