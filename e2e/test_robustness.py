"""Nothing lost, nothing hung (issue 12): hostile storage, blocked IndexedDB,
two tabs, a full quota, a link over a match in progress, a new match while the
computer thinks, framing by a stranger, and a failed precache."""

from __future__ import annotations

import functools
import json
import re
import shutil
import threading

import pytest
from playwright.sync_api import expect

from e2e import scenarios
from e2e.conftest import DIST, FIRST_LOAD_MS, install_new_build, open_game
from e2e.pages import BOT_MS, CATALOGS, TablePage
from tools import serve

# Always with a seed: the random bot, seeded by its view, then plays the same
# moves every run (without one, some deals let it end the hand at once).
FAST = "level=random&fast=1"
PT = CATALOGS["pt"]


def notice(table: TablePage, key: str):
    return table.page.get_by_role("status").filter(has_text=table.t(key))


def stored_match(table: TablePage) -> dict:
    return json.loads(table.stored("sixtysix.game")["match"])


@pytest.mark.parametrize("key, told", [
    ("sixtysix.settings", "notice.discarded"),
    ("sixtysix.stats", "notice.discarded"),
    ("sixtysix.game", "notice.corrupt"),
])
def test_a_deeply_nested_stored_value_never_locks_the_page(fresh_table, key, told):
    # 4,479 levels overflowed the wasm stack inside json.loads, on every reload.
    table = fresh_table.open(f"seed=3&{FAST}", storage={key: "[" * 4479})
    expect(notice(table, told)).to_be_visible()
    assert table.page.evaluate("(k) => localStorage.getItem(k)", key) != "[" * 4479
    table.play_first()  # the table plays
    table.wait_turn()
    table.rebuild()  # and the next load is clean
    expect(table.page.get_by_role("status")).to_be_hidden()


def test_the_game_starts_and_plays_where_indexeddb_is_refused(new_context):
    # PyScript's boot waited for ever on a refused indexedDB.open.
    context = new_context()
    context.add_init_script(
        "IDBFactory.prototype.open = function () { throw new DOMException('denied', 'SecurityError'); };")
    table = TablePage(context.new_page(), open_game).open(f"lang=it&seed=3&{FAST}")
    table.play_first()
    table.wait_turn()


def test_the_watchdog_speaks_when_python_never_comes(new_context):
    context = new_context()
    context.add_init_script("window.sixtysixBootTimeoutMs = 1500;")
    # PyScript never arrives (an empty module), as on a connection that stalls.
    context.route(re.compile(r".*/vendor/pyscript/core\.js$"),
                  lambda route: route.fulfill(body="", content_type="text/javascript"))
    page = context.new_page()
    page.goto("./")
    expect(page.locator("#boot-text")).to_have_text(PT["boot.stuck"])


def test_a_missing_app_zip_is_said_at_once_not_after_the_watchdog(new_context, page_errors):
    # js/pyodide-loader.mjs fetches app.zip itself (no PyScript [files]): a
    # failure must reach the player now, not after the two minutes' watchdog.
    context = new_context()
    context.route(re.compile(r".*/app\.zip$"), lambda route: route.fulfill(status=404, body="gone"))
    says_it_has_not_started(context, page_errors, "/app.zip")  # the browser's own line about the 404


def test_a_missing_locale_file_is_said_in_the_pages_own_words_and_leaves_the_shell_readable(new_context, page_errors):
    # An Italian visit whose it.json is gone: the start fails (a [files] fetch of
    # PyScript's), said in Italian all the same (the page carries its boot words),
    # and the header shows the build's words instead of staying unseen.
    context = new_context()
    context.route(re.compile(r".*/locales/it\.json$"), lambda route: route.fulfill(status=404, body="gone"))
    page = context.new_page()
    page.goto("./?lang=it")
    expect(page.locator("html")).to_have_attribute("data-boot", "stuck", timeout=FIRST_LOAD_MS)
    expect(page.locator("#boot-text")).to_have_text(CATALOGS["it"]["boot.failed"])
    expect(page.locator("html")).not_to_have_class(re.compile(r"\brelabel\b"))
    title = page.get_by_role("heading", level=1)
    assert title.evaluate("(el) => getComputedStyle(el).color") != "rgba(0, 0, 0, 0)"
    page_errors.errors = [e for e in page_errors.errors if "it.json" not in e and "status of 404" not in e]
    page.close()  # PyScript's banner was the test's doing


def says_it_has_not_started(context, page_errors, *own_errors: str) -> None:
    """The game opened in ``context`` says on its boot line that it has not
    started, well before the watchdog would, and is never ready. The console
    lines with any of ``own_errors`` (and PyScript's error banner) are the
    test's doing; any other error still fails it."""
    page = context.new_page()
    page.goto("./")
    expect(page.locator("html")).to_have_attribute("data-boot", "stuck", timeout=FIRST_LOAD_MS)
    expect(page.locator("#boot-text")).to_have_text(PT["boot.failed"])  # not the watchdog's "too long"
    expect(page.locator("#boot-text")).to_be_visible()
    expect(page.locator("html")).not_to_have_class(re.compile(r"\bready\b"))
    page_errors.errors = [e for e in page_errors.errors if not any(own in e for own in own_errors)]
    page.close()  # its banner, if PyScript showed one, was the test's doing too


# Each file a start needs (the DOM layer's, then the game's worker's), missing,
# and what the browser says of it.
START_FILES = {
    "vendor/pyscript/core.js": ["core.js"],  # its <script> fails to load (js/boot.js)
    "vendor/micropython/micropython.mjs": ["micropython.mjs"],  # an import that failed
    "vendor/micropython/micropython.wasm": ["wasm", "ArrayBuffer instantiation"],  # MicroPython aborts
    "pyscript.toml": ["pyscript.toml"],  # PyScript's banner
    "ui/dom/main.py": ["main.py"],  # PyScript's banner
    "ui/dom-layer.pack": ["dom-layer.pack"],  # a [files] fetch PyScript gave up on
    "js/core-worker.mjs": ["worker failed"],  # the worker's own script (js/core-link.js)
    "vendor/pyodide/pyodide.mjs": ["worker failed"],  # one it imports
    "vendor/pyodide/pyodide.asm.wasm": ["wasm"],  # Pyodide's own hook would wait for ever
    "vendor/pyodide/python_stdlib.zip": ["vendor/pyodide/", "did not start"],  # Pyodide stops, and says much
}


@pytest.mark.parametrize("path", START_FILES)
def test_a_file_the_start_needs_that_fails_is_said_at_once(new_context, page_errors, path):
    # Each failed before ready and, but the last, said nothing until the two minutes' watchdog.
    context = new_context()
    context.route(re.compile(rf".*/{re.escape(path)}$"), lambda route: route.fulfill(status=404, body="gone"))
    says_it_has_not_started(context, page_errors, "status of 404", *START_FILES[path])


@pytest.mark.parametrize("damage", ["index", "cut"])
def test_a_damaged_dom_layer_pack_is_said_at_once_not_after_the_watchdog(new_context, page_errors, damage):
    # ui/dom/main.py mounts the DOM layer's modules from ui/dom-layer.pack: a pack
    # whose index cannot be read, or cut short, must reach the player now.
    pack = (DIST / "ui" / "dom-layer.pack").read_bytes()
    body = b"ui/x.mpy:many\nnothing" if damage == "index" else pack[: len(pack) // 2]
    context = new_context()
    context.route(re.compile(r".*/ui/dom-layer\.pack$"),
                  lambda route: route.fulfill(status=200, body=body, content_type="application/octet-stream"))
    says_it_has_not_started(context, page_errors, "the page's modules could not load")  # ui/dom/main.py's line


def test_two_tabs_never_write_an_older_position_over_a_newer_one(table, context, open_game):
    table.open(f"seed=3&{FAST}")
    other = TablePage(context.new_page(), open_game).open(FAST)  # resumes the same match
    assert other.hand() == table.hand()
    table.play_first()
    table.wait_turn()
    ahead = stored_match(table)
    # The other tab hears of it and shows the newer position, and says why.
    expect(notice(other, "notice.other_tab")).to_be_visible()
    expect(other.html).to_have_attribute("data-to-move", "you")
    other.expect_hand(table.hand())  # (each of the first tab's saves comes as it is made)
    other.play_first()
    other.wait_turn()
    assert len(stored_match(other)["hands"][-1]["actions"]) > len(ahead["hands"][-1]["actions"])
    expect(notice(table, "notice.other_tab")).to_be_visible()
    table.expect_hand(other.hand())  # (the notice comes with the first of the other tab's saves)
    revision = table.stored("sixtysix.game")["revision"]
    table.play_first()  # the first tab plays on from the newer position
    table.wait_turn()
    assert table.stored("sixtysix.game")["revision"] > revision


def test_a_full_quota_is_said_once_and_no_older_position_is_resumed(table):
    table.open(f"seed=3&{FAST}")
    table.page.evaluate("""() => {
      const real = Storage.prototype.setItem;
      Storage.prototype.setItem = function (k, v) {
        if (k === "sixtysix.game") throw new DOMException("full", "QuotaExceededError");
        return real.call(this, k, v);
      };
    }""")
    table.play_first()
    table.wait_turn()
    expect(notice(table, "notice.save_failed")).to_have_count(1)
    assert table.page.evaluate("localStorage.getItem('sixtysix.game')") is None
    table.play_first()  # the game keeps playing
    table.wait_turn()
    table.reload()
    expect(table.page.get_by_role("log")).not_to_contain_text(table.t("msg.resumed"))


def test_blocked_storage_is_said_and_the_game_plays(new_context):
    context = new_context()
    context.add_init_script("""Object.defineProperty(window, "localStorage", {
      get() { throw new DOMException("denied", "SecurityError"); } });""")
    table = TablePage(context.new_page(), open_game).open(f"seed=3&{FAST}")
    expect(notice(table, "notice.save_failed")).to_be_visible()
    table.play_first()
    table.wait_turn()


def test_a_seed_link_over_a_match_in_progress_asks_first(fresh_table):
    table = fresh_table.open(f"seed=3&{FAST}")
    table.play_first()
    table.wait_turn()
    hand = table.hand()
    table.visit(f"seed=5&{FAST}")
    confirm = table.page.get_by_role("dialog", name=table.t("confirm.title"))
    expect(confirm).to_contain_text(table.t("confirm.seed"))
    confirm.get_by_role("button", name=table.t("confirm.keep"), exact=True).click()
    expect(confirm).to_be_hidden()
    assert table.hand() == hand and stored_match(table)["seed"] == 3
    # a reload does not ask again (the address is put right after the dialog closes)
    expect(table.page).not_to_have_url(re.compile(r"[?&]seed="))

    table.visit(f"seed=5&{FAST}")
    confirm.get_by_role("button", name=table.t("confirm.replace"), exact=True).click()
    expect(confirm).to_be_hidden()
    # The old match was at hand 1 too: wait for the new one to be saved, not for marks already there.
    table.page.wait_for_function("""() => {
        try { return JSON.parse(JSON.parse(localStorage.getItem('sixtysix.game')).match).seed === 5; }
        catch (e) { return false; }
    }""")
    expect(table.html).to_have_attribute("data-hand", "1")
    table.wait_turn()
    assert stored_match(table)["seed"] == 5 and table.hand() != hand
    assert table.stored("sixtysix.stats")["matches_lost"] == 1  # the abandoned match counts as lost


def test_the_embedded_game_keeps_its_own_save(fresh_table):
    table = fresh_table.open(f"embed=1&seed=3&{FAST}")
    table.play_first()
    table.wait_turn()
    framed = json.loads(table.stored("sixtysix.game.embed")["match"])
    table.visit(f"seed=5&{FAST}")  # the standalone page: its own match, nothing to confirm
    expect(table.html).to_have_attribute("data-hand", "1")
    assert table.page.get_by_role("dialog", name=table.t("confirm.title")).is_hidden()
    assert stored_match(table)["seed"] == 5
    assert json.loads(table.stored("sixtysix.game.embed")["match"]) == framed  # untouched


def test_a_new_match_from_the_menu_while_the_computer_thinks(fresh_table):
    # The computer is held mid-thought (its answer waits for window.sixtysixHoldBot,
    # ?test=1 only): the new match is asked for, confirmed and saved while it thinks.
    table = fresh_table.open(f"seed=3&{FAST}")
    table.wait_turn()
    table.page.evaluate("() => { window.sixtysixHoldBot = new Promise((go) => { window.releaseBot = go; }); }")
    table.play_first()
    expect(table.html).to_have_attribute("data-thinking", "1")
    dialog = table.open_options()
    dialog.get_by_role("button", name=table.t("button.new_match")).click()
    confirm = table.page.get_by_role("dialog", name=table.t("confirm.title"))
    confirm.get_by_role("button", name=table.t("confirm.replace"), exact=True).click()
    expect(confirm).to_be_hidden()
    # Saved at once, while the old turn still waits for its answer.
    table.page.wait_for_function("""() => {
        try { return JSON.parse(JSON.parse(localStorage.getItem('sixtysix.game')).match).seed !== 3; }
        catch (e) { return false; }
    }""")
    assert table.html.get_attribute("data-thinking") == "1", "the computer stopped thinking before the new match"
    assert table.stored("sixtysix.stats")["matches_lost"] == 1
    table.page.evaluate("() => { window.releaseBot(); delete window.sixtysixHoldBot; }")
    expect(table.html).to_have_attribute("data-hand", "1")
    match = stored_match(table)
    assert match["seed"] != 3 and table.stored("sixtysix.stats")["matches_lost"] == 1
    # The old turn's late answer went nowhere: the new match is exactly as CPython deals and plays it.
    sim = scenarios.Sim(match["seed"])
    expect(table.html).to_have_attribute("data-to-move", "none" if sim.over else "you", timeout=BOT_MS)
    if not sim.over:  # (the random test opponent may close and lose at once)
        assert sorted(table.hand()) == sorted(sim.hand())
        table.play_first()  # the new match plays on
        table.page.wait_for_selector("html[data-to-move='you'], html[data-to-move='none']")


class HeaderlessHandler(serve.Handler):
    """tools/serve.py as a host that sends no security headers would serve."""

    quiet = True

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        serve.SimpleHTTPRequestHandler.end_headers(self)


@pytest.fixture
def headerless():
    server = serve.Server(("127.0.0.1", 0), functools.partial(HeaderlessHandler, directory=str(DIST)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture
def decoy(tmp_path):
    """Another origin on loopback (a public one may not frame a loopback page at
    all), on another port: a plain server with no headers. Same site, so the
    frame keeps its storage (cross-site, a frame may be refused storage: the
    game then plays without saving)."""
    server = serve.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(serve.SimpleHTTPRequestHandler, directory=str(tmp_path)))
    server.RequestHandlerClass.log_message = lambda *a: None
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"

    def host(page, game_url: str) -> str:
        (tmp_path / "decoy.html").write_text(
            f'<!doctype html><title>decoy</title><link rel="icon" href="data:,"><iframe src="{game_url}" width="800" height="600"></iframe>')
        page.goto(origin + "/decoy.html")
        return origin

    host.origin = origin
    yield host
    server.shutdown()
    server.server_close()


def test_a_stranger_framing_the_game_gets_a_link_not_a_table(page, headerless, decoy):
    decoy(page, headerless + "?embed=1&lang=pt")
    frame = page.frame_locator("iframe")
    expect(frame.locator("html")).to_have_attribute("data-frame", "blocked")
    link = frame.get_by_role("link", name=PT["frame.open"])
    expect(link).to_be_visible()
    assert "embed" not in link.get_attribute("href") and link.get_attribute("target") == "_blank"
    expect(frame.get_by_text(PT["frame.blocked"])).to_be_visible()
    expect(frame.get_by_role("group", name=PT["hand.you.aria"])).to_be_hidden()
    expect(frame.get_by_role("button", name=PT["button.menu"])).to_be_hidden()


def test_a_host_named_by_parent_origin_gets_the_game_without_console_errors(page, headerless, decoy):
    decoy(page, headerless + "?embed=1&lang=pt&seed=3&fast=1&level=random&parent_origin=" + decoy.origin)
    frame = page.frame_locator("iframe")
    expect(frame.locator("html")).to_have_class(re.compile(r"\bready\b"), timeout=FIRST_LOAD_MS)
    expect(frame.locator("html")).not_to_have_attribute("data-frame", "blocked")
    html = frame.locator("html")
    expect(html).to_have_attribute("data-to-move", "you", timeout=BOT_MS)
    frame.get_by_role("group", name=PT["hand.you.aria"]).locator("button[aria-disabled='false']").first.click()
    expect(html).to_have_attribute("data-busy", "0", timeout=BOT_MS)  # the bot worker answered (it boots first)
    # A dialog opens without the autofocus attribute a cross-origin frame blocks with a console error.
    last_trick = frame.get_by_role("button", name=PT["button.last_trick"])
    expect(last_trick).to_be_enabled()
    last_trick.click()
    dialog = frame.get_by_role("dialog", name=PT["last_trick.title"])
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading", name=PT["last_trick.title"])).to_be_focused()


@pytest.mark.offline
def test_a_failed_precache_is_reported_and_retried_on_the_next_visit(page, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    # precached, never loaded by the game page (with its precompressed siblings)
    missing = [site / "rules" / f"strategia-it.html{ext}" for ext in ("", ".br", ".gz")]
    kept = [m.read_bytes() for m in missing]
    for m in missing:
        m.unlink()
    server, url = serve.serve_in_thread(site)
    try:
        table = TablePage(page, open_game)
        open_game(page, query=f"seed=3&{FAST}", path=url)
        expect(page.locator("html")).to_have_attribute("data-sw", "failed", timeout=FIRST_LOAD_MS)
        expect(notice(table, "notice.offline_not_ready")).to_be_visible()
        table.play_first()  # the game plays online all the same
        for m, data in zip(missing, kept):
            m.write_bytes(data)
        open_game(page, query=f"seed=3&{FAST}", path=url)  # the next visit installs again
        expect(page.locator("html")).to_have_attribute("data-sw", "ready", timeout=FIRST_LOAD_MS)
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.offline
def test_a_tab_left_on_the_old_version_says_so_after_another_tab_updates(context, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    server, url = serve.serve_in_thread(site)
    # The page gives a takeover 5 s, then plays on (the next test's subject): on a
    # loaded machine the swap of workers alone once took longer. The wait here is
    # for the takeover, so it gets the whole navigation's time.
    context.add_init_script(f"window.sixtysixTakeoverMs = {FIRST_LOAD_MS};")
    try:
        old_tab = TablePage(context.new_page(), open_game)
        open_game(old_tab.page, query=f"seed=3&{FAST}", path=url)
        expect(old_tab.html).to_have_attribute("data-sw", "ready", timeout=FIRST_LOAD_MS)
        old_tab.play_first()  # a hand in progress: the old tab reloads only once it ends
        old_tab.wait_turn()
        new_tab = TablePage(context.new_page(), open_game)
        open_game(new_tab.page, query=f"seed=3&{FAST}", path=url)
        expect(new_tab.html).to_have_attribute("data-sw", "ready", timeout=FIRST_LOAD_MS)
        install_new_build(new_tab.page, site)
        with new_tab.page.expect_navigation():
            new_tab.page.evaluate("setTimeout(() => window.sixtysixApplyUpdate(), 0)")
        # The old tab now runs old code on the new worker's files: it says so.
        expect(old_tab.html).to_have_attribute("data-sw-update", "outdated")
        expect(notice(old_tab, "notice.outdated")).to_be_visible()
    finally:
        server.shutdown()
        server.server_close()


def hold_requests(server, path: str, release: threading.Event) -> threading.Event:
    """Make server hold every request for path until release is set; the
    event returned is set once such a request has arrived."""
    serving = server.RequestHandlerClass  # functools.partial(handler class, directory=...)
    arrived = threading.Event()

    class Holding(serving.func):
        def do_GET(self):
            if self.path.split("?")[0] == path:
                arrived.set()
                release.wait(FIRST_LOAD_MS / 1000)
            super().do_GET()

    server.RequestHandlerClass = functools.partial(Holding, *serving.args, **serving.keywords)
    return arrived


@pytest.mark.offline
def test_a_new_version_that_cannot_take_over_lets_the_table_play_on(page, tmp_path):
    # The old worker is busy with a request the server holds: the new version
    # cannot take over (the browser waits for the old worker to finish). The
    # page gives up waiting and plays the new match on its own version; when
    # the request ends, the new version takes over, and the page says it is behind.
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    (site / "held.txt").write_text("held\n")
    release = threading.Event()
    server, url = serve.serve_in_thread(site)
    arrived = hold_requests(server, "/held.txt", release)
    try:
        table = TablePage(page, open_game)
        # The easy computer, not the random one: the new match's deal is not
        # known in advance, and the random computer may declare falsely on its
        # first lead (1 legal action in 8), ending the hand this test needs.
        open_game(page, query="seed=3&level=easy&fast=1&test=1", path=url)
        expect(table.html).to_have_attribute("data-sw", "ready", timeout=FIRST_LOAD_MS)
        table.play_first()
        table.wait_turn()  # a trick is over: the stock is no longer full
        assert table.html.get_attribute("data-stock") != "12"
        install_new_build(page, site)
        page.evaluate("""() => {
            window.samePage = true;
            document.addEventListener("sixtysix:update-stalled", () => { window.stalled = true; });
            fetch("./held.txt?busy=1");  // a query: the old worker's own handler fetches it
        }""")
        # Busy for sure: its handler's request is at the server (a service worker
        # stopped while idle starts first, and the new match must not come before).
        assert arrived.wait(FIRST_LOAD_MS / 1000), "the old worker never asked for held.txt"
        dialog = table.open_options()
        dialog.get_by_role("button", name=table.t("button.new_match")).click()
        confirm = page.get_by_role("dialog", name=table.t("confirm.title"))
        confirm.get_by_role("button", name=table.t("confirm.replace"), exact=True).click()
        page.wait_for_function("window.stalled === true")
        expect(table.html).to_have_attribute("data-stock", "12")  # the new match, drawn
        # The computer held (?test=1): the hand cannot end before the takeover. Held
        # only once the player is to move (the computer leads this match's first hand).
        table.wait_turn()
        page.evaluate("() => { window.sixtysixHoldBot = new Promise((go) => { window.releaseBot = go; }); }")
        table.play_first()
        assert page.evaluate("window.samePage")  # never reloaded
        release.set()
        expect(table.html).to_have_attribute("data-sw-update", "outdated")
        expect(notice(table, "notice.outdated")).to_be_visible()
        assert page.evaluate("window.samePage")  # a hand in progress: it reloads once it ends
        page.evaluate("window.releaseBot()")
    finally:
        release.set()
        server.shutdown()
        server.server_close()
