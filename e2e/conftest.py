"""Browser tests: serve dist/ and drive Chromium with pytest-playwright.

What every e2e test gets here:

- ``base_url``: dist/ served by tools/serve.py on a free port for the whole
  run (``make e2e`` builds dist/ first), with the test pages that never ship
  beside it (``bench/floor/``; see :func:`stage_test_site`).
  ``page.goto("./?lang=it")`` works.
- Chromium: Debian's old headless shell (/usr/bin/chromium-headless-shell,
  what Playwright itself runs headless tests in: a page's start costs a fifth
  less CPU than in the full browser), else Debian's /usr/bin/chromium
  (``playwright install`` cannot download browsers here; ``--headed`` runs
  take this one), else Playwright's own; without
  the browser's own idle WebUI pages (``tools.chromium_flags``) and with wasm
  compiled by V8's baseline compiler only (``--liftoff-only``): a page's
  start then costs about 2 s of CPU instead of 5 (docs/performance.md,
  "The e2e suite's time"). Every context prefers reduced motion, so no card
  is mid-transition when a test clicks it.
- Service workers are blocked (they answer requests that ``page.route``
  then never sees, and they outlive a test). A test about offline play is
  marked ``@pytest.mark.offline``: its ``page``, ``context`` and
  ``new_context()`` allow them. (It works through pytest-playwright's
  ``browser_context_args`` marker; a test with its own such marker should
  pass ``service_workers="allow"`` there itself.)
- A test FAILS on any ``pageerror``, any console error (the page's or a
  worker's, CSP violations included), or a PyScript error banner
  (``.py-error``) left on a page.
- ``page``: a fresh page in ONE browser context shared by the whole run, so
  the HTTP cache (and the compiled wasm and JavaScript kept with it) is warm
  after the first test; its storage (localStorage, IndexedDB, cookies,
  permissions) is emptied before every test, and each test has its own page,
  so no test sees another's state. Cache Storage stays, like the HTTP cache:
  the context's first page makes the start-up snapshot (js/pyodide-loader.mjs)
  before the first test, so every test's page restores it instead of
  booting; e2e/test_snapshot.py tests the snapshot
  itself. A test whose subject is a first visit is marked
  ``@pytest.mark.cold``; it, a test that asks for ``context`` itself (it
  changes the context: routes, init scripts, offline), and an ``offline``
  test get pytest-playwright's own fresh context instead, where no snapshot
  is made unless the test asks for one.
- ``table``: a :class:`e2e.pages.TablePage` on that page.
- ``fresh_table``: a :class:`e2e.pages.TablePage` whose ``open(query)``
  starts a fresh match on ONE page booted once per test process and reused
  by every test that asks for it: ``window.sixtysixReset`` (js/core-link.js,
  ``?test=1`` only) clears storage, puts the query in the address and
  builds the page afresh as a first load does, in about a tenth of a boot's
  CPU. That page lives in a context of its own (no other test's tab shares
  its storage), and whatever it reports during a test fails that test. For
  tests that need only "a fresh match with this query", or with a valid
  saved match or setting found in storage (``open(query, storage=...)``),
  ``rebuild()``, what a reload does to the table without a new runtime
  (the reset to the page's own address and storage), for a test of what is
  kept, and ``visit(query)``, a link followed in the same tab (the reset to
  that address over the page's storage). The embed mode's table works there
  too (the page's first boot is never embedded). A test about a boot or a
  reload itself (the kept table's paint, the snapshot, the shell), two tabs,
  routes, init scripts or the embedded game inside a rules page opens its
  own ``page``.
- ``open_game(page, query="")`` opens the game and waits for
  ``<html class="ready">`` (set by ui/ when the table is live), 60 s at most
  for a first load. Import it (``from e2e.conftest import open_game``) or
  request the fixture ``open_game``.
"""

from __future__ import annotations

import collections
import os
import re
import shutil
import time
import weakref
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, Error as PlaywrightError, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from e2e.pages import TablePage
from tools import crash_dumps
from tools.chromium_flags import BASE_ARGS, disabled_features, e2e_browser
from tools.serve import serve_in_thread

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"

FIRST_LOAD_MS = 60_000  # a cold Pyodide start on a busy 2-core machine
expect.set_options(timeout=15_000)  # after load; the bot may think a while

# --liftoff-only: no optimising tier-up of Pyodide's 9.6 MB of wasm, which
# every page start paid again (the tests' Python is short-lived).
CHROMIUM_ARGS = [*BASE_ARGS, "--js-flags=--liftoff-only"]

# Make CSP violations loud even where Chromium would only report them.
CSP_WATCH = """
document.addEventListener("securitypolicyviolation", (e) =>
  console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"}`));
"""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "offline: the test's context allows service workers")
    config.addinivalue_line("markers", "cold: the test's page gets a fresh context (empty HTTP cache)")
    config.stash[RUN_STARTED] = time.time()


RUN_STARTED = pytest.StashKey[float]()
CRASH_HINT = "`python3 -m tools.crash_dumps` says where a crashed tab died"


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    # A tab that crashed leaves a minidump behind: say where it died, in the run's own log.
    dumps = crash_dumps.dumps_under(crash_dumps.DEFAULT_FOLDER, since=config.stash.get(RUN_STARTED, time.time()))
    if dumps:
        terminalreporter.section("Chromium crash dumps written during this run")
        for path in dumps:
            terminalreporter.write_line(crash_dumps.describe(path))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # pytest-playwright reads the browser_context_args marker in new_context.
    for item in items:
        if item.get_closest_marker("offline"):
            item.add_marker(pytest.mark.browser_context_args(service_workers="allow"))


#: Pages the tests load that are not part of the site (tools/build.py never ships them).
TEST_PAGES = {"bench/floor": ROOT / "bench" / "floor"}


def stage_test_site() -> Path:
    """dist/ plus :data:`TEST_PAGES`, as symlinks (nothing is copied), in a
    folder of this test process's own (xdist workers stage side by side)."""
    site = ROOT / "build" / f"e2e-site-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"
    if site.exists():
        shutil.rmtree(site)
    site.mkdir(parents=True)
    for entry in DIST.iterdir():
        (site / entry.name).symlink_to(entry.resolve())
    link_test_pages(site)
    return site


def link_test_pages(site: Path) -> None:
    """:data:`TEST_PAGES` into site, as symlinks."""
    for rel, source in TEST_PAGES.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).symlink_to(source.resolve())


@pytest.fixture(scope="session")
def base_url() -> str:
    if not (DIST / "sw.js").is_file():
        pytest.fail("dist/ is not built: run `make dist` (or `make e2e`)")
    server, url = serve_in_thread(stage_test_site())
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict, browser_type: BrowserType) -> dict:
    args = dict(browser_type_launch_args)
    executable = e2e_browser(headless=args.get("headless", True))
    if executable and "channel" not in args:
        args["executable_path"] = executable
    args["args"] = [*args.get("args", []), *CHROMIUM_ARGS]
    if browser_type.name == "chromium":
        args["args"].append(disabled_features(browser_type, args))
    return args


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict, base_url: str) -> dict:
    return {**browser_context_args, "base_url": base_url, "service_workers": "block", "reduced_motion": "reduce"}


# Every page's recent console lines and failed requests, for the message
# of a load that timed out (see open_game).
PAGE_LOGS: "weakref.WeakKeyDictionary[Page, collections.deque[str]]" = weakref.WeakKeyDictionary()


class PageErrors:
    """Collects what must fail a test from every page (and worker) of a context."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.pages: list[Page] = []

    def watch(self, page: Page) -> None:
        self.pages.append(page)
        log = PAGE_LOGS.setdefault(page, collections.deque(maxlen=40))
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        page.on("console", lambda msg: self._console(msg, log))
        page.on("worker", lambda worker: worker.on("console", lambda msg: self._console(msg, log, "worker ")))
        page.on("requestfailed", lambda req: log.append(f"request failed: {req.url} {req.failure}"))
        page.on("crash", lambda _page: self._crashed(page, log))
        if COUNT_WORKERS:
            page.on("worker", count_worker)

    def _crashed(self, page: Page, log) -> None:
        # A renderer that dies says nothing itself: what the page said last is the only clue.
        lines = "\n".join(log)
        self.errors.append(f"the page crashed ({page.url}; {CRASH_HINT}); its last console lines:\n{lines}")

    def _console(self, msg, log, source: str = "") -> None:
        log.append(f"{source}console.{msg.type}: {msg.text[:300]}")
        if msg.type == "error":
            where = msg.location.get("url", "") if isinstance(msg.location, dict) else ""
            self.errors.append(f"{source}console error: {msg.text} ({where})")

    def check(self) -> None:
        banners = []
        for page in self.pages:
            if page.is_closed():
                continue
            try:
                banners += page.locator(".py-error").all_inner_texts()
            except Exception:  # page mid-navigation or gone: nothing to read
                pass
        problems = self.errors + [f"PyScript error banner: {text}" for text in banners]
        self.errors = []
        if problems:
            pytest.fail("the page reported errors:\n" + "\n".join(problems), pytrace=False)


@pytest.fixture
def page_errors() -> PageErrors:
    return PageErrors()


# E2E_COUNT_WORKERS=FILE: a line "<test>\t<worker script>" appended to FILE for
# every worker a test's pages start (each game worker is a Pyodide start, the
# suite's main cost: docs/performance.md, "One booted page for many tests"); by file:
#   E2E_COUNT_WORKERS=/tmp/w python3 -m pytest -n 3 e2e && cut -f1 /tmp/w | sed 's/::.*//' | sort | uniq -c | sort -rn
COUNT_WORKERS = os.environ.get("E2E_COUNT_WORKERS")


def count_worker(worker) -> None:
    test = os.environ.get("PYTEST_CURRENT_TEST", "?").rsplit(" (", 1)[0]
    with open(COUNT_WORKERS, "a", encoding="utf-8") as out:  # one short line: whole under O_APPEND
        out.write(f"{test}\t{worker.url.split('?')[0].rsplit('/', 1)[-1]}\n")


def watched_context(context: BrowserContext, on_page) -> BrowserContext:
    """The settings every test context gets: a first-load timeout, CSP made loud, pages watched."""
    context.set_default_navigation_timeout(FIRST_LOAD_MS)
    context.add_init_script(CSP_WATCH)
    context.on("page", on_page)
    return context


@pytest.fixture
def new_context(new_context, page_errors: PageErrors):
    """pytest-playwright's new_context (behind ``context``), with every page
    of every context watched for errors."""

    def make(**kwargs) -> BrowserContext:
        context = watched_context(new_context(**kwargs), page_errors.watch)
        context.add_init_script(NO_SNAPSHOT)  # before the test's own scripts, which may set it
        return context

    return make


# The loader makes its start-up snapshot once the table has been ready and idle
# this long (js/pyodide-loader.mjs): at once for the warm context's first page,
# never in a test's own context unless the test says otherwise (a snapshot's
# boot in a worker is a boot's worth of CPU that the other test process lacks).
SNAPSHOT_AT_ONCE = "window.sixtysixSnapshotDelayMs = 1;"
NO_SNAPSHOT = "window.sixtysixSnapshotDelayMs ??= 2e9;"


class WarmContext:
    """One context for the run's pages: its HTTP cache stays warm between tests,
    and its Cache Storage holds the start-up snapshot before the first test."""

    def __init__(self, browser: Browser, args: dict) -> None:
        self.errors: PageErrors | None = None  # the running test's
        self.context = watched_context(browser.new_context(**args), lambda page: self.errors.watch(page))
        self._make_snapshot()

    def _make_snapshot(self) -> None:
        self.errors = PageErrors()
        page = self.context.new_page()
        page.add_init_script(SNAPSHOT_AT_ONCE)
        open_game(page, "seed=1&level=random&fast=1")
        # "failed" is no reason to stop: the tests then boot the usual way.
        page.wait_for_selector("html[data-snapshot]", state="attached", timeout=FIRST_LOAD_MS)
        page.close()
        self.errors.check()

    def new_page(self, errors: PageErrors) -> Page:
        # Nothing of the last test's storage (every origin) or permissions survives.
        self.context.set_storage_state({"cookies": [], "origins": []})
        self.context.clear_permissions()
        self.errors = errors
        return self.context.new_page()


@pytest.fixture(scope="session")
def warm_context(browser: Browser, browser_context_args: dict):
    warm = WarmContext(browser, browser_context_args)
    yield warm
    warm.context.close()


def needs_own_context(item: pytest.Item) -> bool:
    own = ("cold", "offline", "browser_context_args")
    return "context" in item.fixturenames or any(item.get_closest_marker(m) for m in own)


@pytest.fixture
def page(request: pytest.FixtureRequest, page_errors: PageErrors):
    """A new page: in the warm shared context, or in a fresh one (see the module's docstring)."""
    if needs_own_context(request.node):
        yield request.getfixturevalue("context").new_page()
        return
    page = request.getfixturevalue("warm_context").new_page(page_errors)
    yield page
    page.close()


@pytest.fixture
def table(page: Page) -> TablePage:
    return TablePage(page, open_game)


class RoutedErrors(PageErrors):
    """The shared page's errors, told to the test that is running (see :class:`SharedPage`)."""

    def __init__(self) -> None:
        self.target: PageErrors | None = None
        self.target_name = ""
        self.stray: list[str] = []  # reported while no test was attached
        self.pages = []

    @property
    def errors(self) -> list[str]:
        return self.target.errors if self.target is not None else self.stray

    @errors.setter
    def errors(self, value: list[str]) -> None:
        self.stray = value


RESET = "async ([query, storage]) => { await window.sixtysixReset(query, storage); }"
HAS_RESET = "() => typeof window.sixtysixReset === 'function' && /(^|[?&])test=1(&|$)/.test(location.search)"


class SharedPage:
    """One booted game page per test process, reused by every ``fresh_table``
    test through ``window.sixtysixReset`` (js/core-link.js).

    It lives in a context of its own: a page of the warm context would be a
    second tab of every other test's game (same storage, storage events).
    Errors it reports go to the running test; those reported after a test
    ended (its last turn still running) fail the next one's setup, naming it.
    """

    def __init__(self, browser: Browser, args: dict) -> None:
        self.route = RoutedErrors()
        self.context = watched_context(browser.new_context(**args), self.route.watch)
        self.context.add_init_script(NO_SNAPSHOT)  # one boot per process: a snapshot would cost more than it saves
        self.page: Page | None = None
        self.viewport: dict | None = None

    def attach(self, errors: PageErrors, name: str) -> Page:
        late, before = self.route.stray, self.route.target_name
        self.route.target, self.route.target_name, self.route.stray = errors, name, []
        if late:
            pytest.fail(f"the shared page reported errors after {before} ended:\n" + "\n".join(late), pytrace=False)
        if self.page is None or self.page.is_closed():
            self.page = self.context.new_page()
            self.viewport = self.page.viewport_size
        elif self.page.viewport_size != self.viewport:
            self.page.set_viewport_size(self.viewport)
        errors.pages.append(self.page)  # its PyScript banner is looked for too
        return self.page

    def detach(self) -> None:
        """What the page reports from now on (the ended test's last turn) fails the next setup."""
        self.route.target = None

    def close(self) -> None:
        self.context.close()


def reset_game(page: Page, query: str = "", storage: dict | None = None) -> Page:
    """A fresh match on the shared page: ``query`` (``"seed=3&level=random&fast=1"``),
    storage cleared (then ``storage``'s entries stored: ``{"sixtysix.game": saved}``
    resumes a saved match), the page built afresh; its first boot if it has none yet."""
    query, hashed, fragment = query.lstrip("?").partition("#")
    query = query if re.search(r"(^|&)test=1(&|$)", query) else (f"{query}&test=1" if query else "test=1")
    query += hashed + fragment
    ours = not page.url.startswith("about:") and page.evaluate(HAS_RESET)
    if not ours:  # the first test of this process (or the last one left the game)
        # Never first booted embedded: js/last-table.js picks its keys (the embedded
        # game's own) once per load, and every later reset would keep them.
        embedded = re.search(r"(^|&)embed=1(&|$)", query)
        open_game(page, "test=1" if embedded else query)
        if not storage and not embedded:
            return page
    try:
        page.evaluate(RESET, [f"?{query}", storage or {}])
    except PlaywrightError as error:
        log = "\n".join(PAGE_LOGS.get(page, ["(no log)"]))
        pytest.fail(f"the page's reset to ?{query} failed: {error.message}\nlast console lines:\n{log}", pytrace=False)
    return live(page, "during the reset")


SAVED = """() => [location.search + location.hash,
  Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)]))]"""


def rebuild_game(page: Page) -> Page:
    """What a reload does to the table, without a new runtime: the shared page's
    reset to its own address and storage, so the worker builds its table from
    what was saved and the DOM side starts afresh. (What only a real reload
    does, the page's boot from the kept table and the snapshot, has tests of its
    own: e2e/test_last_table.py, e2e/test_table_state.py, e2e/test_snapshot.py.)"""
    return visit_game(page)


def visit_game(page: Page, query: str | None = None) -> Page:
    """A link followed in the shared page's tab, without a new runtime: its reset
    to ``query`` (None: its own address) with the storage the page has (what a
    navigation keeps)."""
    own, storage = page.evaluate(SAVED)
    return reset_game(page, own if query is None else query, storage)


@pytest.fixture(scope="session")
def shared_page(browser: Browser, browser_context_args: dict):
    shared = SharedPage(browser, browser_context_args)
    yield shared
    shared.close()


@pytest.fixture
def fresh_table(request: pytest.FixtureRequest, shared_page: SharedPage, page_errors: PageErrors) -> TablePage:
    """A :class:`TablePage` on the shared page: ``open(query)`` resets it to a fresh match."""
    page = shared_page.attach(page_errors, request.node.nodeid)
    yield TablePage(page, reset_game, rebuild=rebuild_game, visit=visit_game)
    shared_page.detach()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item):
    # After the test body: fail it (not its teardown) if a page misbehaved.
    result = yield
    guard = getattr(item, "funcargs", {}).get("page_errors")
    if guard is not None:
        guard.check()
    return result


# What a page says when a test failed on it: a click that timed out waits for two frames
# ("visible, enabled and stable"), so a page whose frames stopped, or whose
# main thread is stuck, times out there with nothing else in its log.
FRAME_CAME = "() => new Promise((done) => requestAnimationFrame(() => done(true)))"
PAGE_STATE = "() => `${document.visibilityState}, ${document.documentElement.className}`"


def pages_after_failure(pages: list[Page]) -> list[str]:
    lines = []
    for page in pages:
        if page.is_closed():
            continue
        try:
            page.wait_for_function(FRAME_CAME, timeout=3_000, polling=100)
            frame = "a frame came"
        except PlaywrightError:
            frame = "no frame in 3 s"
        try:
            handle = page.wait_for_function(PAGE_STATE, timeout=3_000, polling=100)
            state = handle.json_value()
            handle.dispose()
        except PlaywrightError:
            state = "its main thread did not answer in 3 s"
        lines.append(f"{page.url}: {frame}; {state}")
    return lines


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    # Any failure: an expect() that timed out raises AssertionError, a load that
    # timed out fails through pytest.fail (open_game, live, reset_game).
    report = yield
    guard = getattr(item, "funcargs", {}).get("page_errors")
    if report.when == "call" and report.failed and guard is not None:
        report.sections.append(("the test's pages after its failure", "\n".join(pages_after_failure(guard.pages))))
    return report


def open_game(page: Page, query: str = "", path: str = "./") -> Page:
    """Open the game (``query`` like ``"lang=it&seed=3"``) and wait until it is live.

    Waits for ``<html class="ready">``; a PyScript error banner fails at once
    instead of after the timeout.
    """
    query = query.lstrip("?")
    page.goto(path + (f"?{query}" if query else ""))
    try:
        page.wait_for_selector("html.ready, .py-error", state="attached", timeout=FIRST_LOAD_MS)
        timed_out = False
    except PlaywrightTimeoutError:
        timed_out = True
    except PlaywrightError as error:  # a crashed tab ("Target crashed") or a closed one: say what it was doing
        log = "\n".join(PAGE_LOGS.get(page, ["(no log)"]))
        pytest.fail(f"{page.url} failed while loading: {error.message} ({CRASH_HINT})\nlast console lines:\n{log}",
                    pytrace=False)
    if timed_out:  # (outside the except: no chained Playwright traceback)
        state = page.evaluate("document.documentElement.className + ' | ' + document.body.innerText.slice(0, 300)")
        log = "\n".join(PAGE_LOGS.get(page, ["(no log: page not opened through the context fixture)"]))
        pytest.fail(f"{page.url} not ready after {FIRST_LOAD_MS / 1000:.0f} s.\n<html class | text>: {state}\nlast console lines:\n{log}", pytrace=False)
    return live(page, "while loading")


def live(page: Page, when: str) -> Page:
    """Fail at once on a PyScript error banner; else wait for ``<html class="ready">``."""
    banner = page.locator(".py-error")
    if banner.count():
        pytest.fail(f"PyScript error {when}:\n" + "\n".join(banner.all_inner_texts()), pytrace=False)
    expect(page.locator("html")).to_have_class(re.compile(r"(^|\s)ready(\s|$)"))
    # js/guard.js says a start failed at the first sign of it: never on a page that then started.
    assert page.locator("html").get_attribute("data-boot") is None, f"{page.url} said it had not started {when}"
    return page


def install_new_build(page: Page, site: Path, script: str | None = None) -> str:
    """A new build in ``site`` (a copy of dist/ that ``page`` runs), installed and
    waiting: a new cache name is all a new build's sw.js differs by (``script``:
    the new sw.js but its cache name, by default the one served now). Returns
    the old cache's name."""
    sw = site / "sw.js"
    served = sw.read_text()
    old = re.search(r'const CACHE = "([^"]+)"', served).group(1)
    sw.write_text((served if script is None else script).replace(old, old + "-next"))
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    expect(page.locator("html")).to_have_attribute("data-sw-update", "ready")
    return old


@pytest.fixture(name="open_game")
def open_game_fixture():
    """The open_game helper, for tests that prefer a fixture to an import."""
    return open_game
