"""Browser tests: serve dist/ and drive Chromium with pytest-playwright.

What every e2e test gets here:

- ``base_url``: dist/ served by tools/serve.py on a free port for the whole
  run (``make e2e`` builds dist/ first). ``page.goto("./?lang=it")`` works.
- Chromium: Debian's /usr/bin/chromium when it exists (``playwright
  install`` cannot download browsers here), else Playwright's own.
- Service workers are blocked (they answer requests that ``page.route``
  then never sees, and they outlive a test). A test about offline play is
  marked ``@pytest.mark.offline``: its ``page``, ``context`` and
  ``new_context()`` allow them. (It works through pytest-playwright's
  ``browser_context_args`` marker; a test with its own such marker should
  pass ``service_workers="allow"`` there itself.)
- A test FAILS on any ``pageerror``, any console error (the page's or a
  worker's, CSP violations included), or a PyScript error banner
  (``.py-error``) left on a page.
- ``open_game(page, query="")`` opens the game and waits for
  ``<html class="ready">`` (set by ui/ when the table is live), 60 s at most
  for a first load. Import it (``from e2e.conftest import open_game``, or
  ``from conftest import ...``, which a collection hook below keeps
  pointing here for e2e modules) or request the fixture ``open_game``.
"""

from __future__ import annotations

import collections
import os
import re
import sys
import weakref
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from tools.serve import serve_in_thread  # noqa: E402

# pytest imports this file as "conftest"; let `from e2e.conftest import ...`
# in tests reach this same module (one PAGE_LOGS), not a second copy.
THIS_MODULE = sys.modules[__name__]  # "conftest" may later name tests/conftest.py
sys.modules.setdefault("e2e.conftest", THIS_MODULE)

CHROMIUM = "/usr/bin/chromium"
FIRST_LOAD_MS = 60_000  # a cold Pyodide start on a busy 2-core machine
expect.set_options(timeout=15_000)  # after load; the bot may think a while

# Flags for a sandboxed root user on a machine with no internet: without the
# networking ones Chromium keeps calling Google's services and failing.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

# Make CSP violations loud even where Chromium would only report them.
CSP_WATCH = """
document.addEventListener("securitypolicyviolation", (e) =>
  console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"}`));
"""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "offline: the test's context allows service workers")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # pytest-playwright reads the browser_context_args marker in new_context.
    for item in items:
        if item.get_closest_marker("offline"):
            item.add_marker(pytest.mark.browser_context_args(service_workers="allow"))


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector: pytest.Collector):
    # While a test module beside this file is imported, "conftest" means this
    # file, so `from conftest import open_game` works whatever order pytest
    # loaded the conftests in (the last one loaded owns that name).
    if not (isinstance(collector, pytest.Module) and collector.path.parent == Path(__file__).parent):
        return (yield)
    previous = sys.modules.get("conftest")
    sys.modules["conftest"] = THIS_MODULE
    try:
        return (yield)
    finally:
        if previous is None:
            sys.modules.pop("conftest", None)
        else:
            sys.modules["conftest"] = previous


@pytest.fixture(scope="session")
def base_url() -> str:
    if not (DIST / "sw.js").is_file():
        pytest.fail("dist/ is not built: run `make dist` (or `make e2e`)")
    server, url = serve_in_thread(DIST)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    args = dict(browser_type_launch_args)
    if os.path.exists(CHROMIUM) and "channel" not in args:
        args["executable_path"] = CHROMIUM
    args["args"] = [*args.get("args", []), *CHROMIUM_ARGS]
    return args


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict, base_url: str) -> dict:
    return {**browser_context_args, "base_url": base_url, "service_workers": "block"}


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


@pytest.fixture
def new_context(new_context, page_errors: PageErrors):
    """pytest-playwright's new_context (behind ``context`` and ``page`` too),
    with every page of every context watched for errors."""

    def make(**kwargs) -> BrowserContext:
        context = new_context(**kwargs)
        context.set_default_navigation_timeout(FIRST_LOAD_MS)
        context.add_init_script(CSP_WATCH)
        context.on("page", page_errors.watch)
        return context

    return make


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item):
    # After the test body: fail it (not its teardown) if a page misbehaved.
    result = yield
    guard = getattr(item, "funcargs", {}).get("page_errors")
    if guard is not None:
        guard.check()
    return result


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
    if timed_out:  # (outside the except: no chained Playwright traceback)
        state = page.evaluate("document.documentElement.className + ' | ' + document.body.innerText.slice(0, 300)")
        log = "\n".join(PAGE_LOGS.get(page, ["(no log: page not opened through the context fixture)"]))
        pytest.fail(f"{page.url} not ready after {FIRST_LOAD_MS / 1000:.0f} s.\n<html class | text>: {state}\nlast console lines:\n{log}", pytrace=False)
    banner = page.locator(".py-error")
    if banner.count():
        pytest.fail("PyScript error while loading:\n" + "\n".join(banner.all_inner_texts()), pytrace=False)
    expect(page.locator("html")).to_have_class(re.compile(r"(^|\s)ready(\s|$)"))
    return page


@pytest.fixture(name="open_game")
def open_game_fixture():
    """The open_game helper, for tests that prefer a fixture to an import."""
    return open_game
