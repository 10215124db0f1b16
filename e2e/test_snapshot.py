"""The runtime as js/pyodide-loader.mjs starts it: the start-up snapshot made
on the device after a first start, restored on the next, refused cleanly
when damaged or made by another runtime; and no stack switching (JSPI).

Each snapshot test has a context of its own (``context``), so its Cache
Storage starts empty, and makes the snapshot at once instead of after the
usual idle wait.
"""

from __future__ import annotations

import re

from playwright.sync_api import BrowserContext, Page, expect

from e2e.conftest import DIST, open_game
from e2e.pages import BOT_MS, TablePage

FAST = "seed=4&level=hard&fast=1"
NO_WAIT = "window.sixtysixSnapshotDelayMs = 1;"


def snapshot_key() -> str:
    """Where the loader keeps this build's snapshot (its runtime id is written by tools/build.py)."""
    runtime_id = re.search(r'const RUNTIME_ID = "([0-9a-f]{16})"', (DIST / "js" / "pyodide-loader.mjs").read_text())
    return f"vendor/pyodide/snapshot-{runtime_id.group(1)}.bin"


KEYS = "() => caches.open('snapshot-sixtysix').then((c) => c.keys()).then((r) => r.map((q) => new URL(q.url).pathname))"


def runtime(page: Page) -> str:
    return page.locator("html").get_attribute("data-runtime")


def wait_snapshot_saved(page: Page) -> None:
    expect(page.locator("html")).to_have_attribute("data-snapshot", "saved", timeout=BOT_MS)


def play_a_trick(page: Page) -> None:
    """A card from the player and the bot worker's card (the worker restored too): the trick is taken."""
    table = TablePage(page, open_game)
    table.wait_turn()
    stock = int(page.locator("html").get_attribute("data-stock"))
    table.play_first()
    expect(page.locator("html")).to_have_attribute("data-stock", str(stock - 2), timeout=BOT_MS)


def put_in_cache(page: Page, path: str, data: list[int]) -> None:
    page.evaluate("""([path, data]) => caches.open('snapshot-sixtysix')
        .then((c) => c.put(new URL('/' + path, location.href).href, new Response(new Uint8Array(data))))""", [path, data])


def test_the_second_start_restores_the_snapshot_made_after_the_first(context: BrowserContext):
    context.add_init_script(NO_WAIT)
    first = open_game(context.new_page(), FAST)
    assert runtime(first) == "boot"
    assert first.locator("html").get_attribute("data-game-modules") is None
    wait_snapshot_saved(first)
    assert first.evaluate(KEYS) == [f"/{snapshot_key()}"]
    first.close()

    second = open_game(context.new_page(), FAST)
    assert runtime(second) == "snapshot"
    # The game's modules came with the memory: the worker imported none of them.
    assert second.locator("html").get_attribute("data-game-modules") == "restored"
    expect(second.locator("html")).not_to_have_attribute("data-snapshot", re.compile("."))  # none made again
    play_a_trick(second)


def test_a_damaged_snapshot_is_refused_said_and_made_again(context: BrowserContext):
    context.add_init_script(NO_WAIT)
    warnings = []
    page = context.new_page()
    page.on("console", lambda msg: warnings.append(msg.text) if msg.type == "warning" else None)
    page.goto("./rules/pt.html")
    put_in_cache(page, snapshot_key(), list(range(256)) * 64)
    put_in_cache(page, "vendor/pyodide/snapshot-0000000000000000.bin", [1, 2, 3])  # an older runtime's
    open_game(page, FAST)
    assert runtime(page) == "boot"
    assert any("snapshot was refused" in w for w in warnings), warnings
    play_a_trick(page)
    wait_snapshot_saved(page)
    assert page.evaluate(KEYS) == [f"/{snapshot_key()}"]  # the older one deleted, the damaged one replaced
    again = open_game(context.new_page(), FAST)
    assert runtime(again) == "snapshot"


def test_a_snapshot_that_cannot_be_made_is_said_once_and_not_tried_again(context: BrowserContext):
    context.add_init_script(NO_WAIT)
    context.route("**/js/snapshot-worker.mjs", lambda route: route.fulfill(
        content_type="text/javascript", body="postMessage({error: 'made to fail by the test'});"))
    asked = []
    context.on("request", lambda request: asked.append(request.url) if "snapshot-worker" in request.url else None)
    warnings = []
    page = context.new_page()
    page.on("console", lambda msg: warnings.append(msg.text) if msg.type == "warning" else None)
    open_game(page, FAST)
    expect(page.locator("html")).to_have_attribute("data-snapshot", "failed", timeout=BOT_MS)
    assert any("made to fail by the test" in w for w in warnings), warnings
    assert page.evaluate(KEYS) == []
    page.close()
    asked.clear()
    again = open_game(context.new_page(), FAST)
    assert runtime(again) == "boot"
    play_a_trick(again)  # well past the (zero) wait: no second try
    assert asked == [] and again.locator("html").get_attribute("data-snapshot") is None


def test_a_start_that_fails_after_a_restore_forgets_the_snapshot(context: BrowserContext, page_errors):
    # The snapshot holds the game's modules: if the worker's start fails after
    # restoring it, the next visit must not restore the same memory again.
    # Here the Italian texts are gone on the second visit (the worker's start
    # fails once Pyodide is up); the third visit has them back.
    context.add_init_script(NO_WAIT)
    first = open_game(context.new_page(), FAST)
    wait_snapshot_saved(first)
    first.close()
    gone = re.compile(r".*/locales/it\.json$")
    context.route(gone, lambda route: route.fulfill(status=404, body="gone"))
    second = context.new_page()
    second.goto("./?" + FAST)
    expect(second.locator("html")).to_have_attribute("data-boot", "stuck", timeout=BOT_MS)
    expect(second.locator("html")).to_have_attribute("data-runtime", "snapshot")
    expect(second.locator("html")).to_have_attribute("data-snapshot", "forgotten", timeout=BOT_MS)
    assert second.evaluate(KEYS) == []
    page_errors.errors = [e for e in page_errors.errors if not any(
        own in e for own in ("it.json", "status of 404", "did not start"))]  # this test's doing
    second.close()
    context.unroute(gone)
    again = open_game(context.new_page(), FAST)
    assert runtime(again) == "boot"
    play_a_trick(again)


def test_a_snapshot_is_not_made_from_another_app_zip_than_its_key_names(context: BrowserContext):
    # A new build can take over between the page's start and the snapshot's:
    # the worker that makes it then gets another app.zip than its runtime id
    # names, whose modules would be restored into this build's pages.
    context.add_init_script(NO_WAIT)
    real = (DIST / "app.zip").read_bytes()
    served = []

    def app_zip(route):
        served.append(route.request.url)
        body = real if len(served) == 1 else real[:-1] + bytes([real[-1] ^ 1])  # the game's worker's, then another
        route.fulfill(body=body, content_type="application/zip")

    context.route("**/app.zip", app_zip)
    page = open_game(context.new_page(), FAST)
    expect(page.locator("html")).to_have_attribute("data-snapshot", "skipped", timeout=BOT_MS)
    assert len(served) == 2 and page.evaluate(KEYS) == []
    page.close()
    context.unroute("**/app.zip")
    again = open_game(context.new_page(), FAST)
    assert runtime(again) == "boot"
    play_a_trick(again)


def test_python_runs_without_stack_switching_in_the_game_s_worker(page: Page):
    # The loader hides JSPI before Pyodide looks for it (see its comment):
    # Chromium's JSPI stacks crashed the page in garbage collections.
    open_game(page, FAST)
    play_a_trick(page)  # the worker has booted and played
    # (not the snapshot worker, which may be making one and then go: it boots through the loader too)
    workers = [worker for worker in page.workers if "snapshot-worker" not in worker.url]
    assert [w.url.split("/")[-1].split("?")[0] for w in workers] == ["core-worker.mjs"]
    assert workers[0].evaluate("'Suspending' in WebAssembly || 'Suspender' in WebAssembly") is False
