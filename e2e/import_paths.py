"""Trace which stdlib modules the game imports in Pyodide, on the paths that import lazily.

Used by ``e2e/test_stdlib_trim.py`` (the trimmed build must hold every
module these paths import) and by ``tools/stdlib_trace.py`` (which writes
the list the build trims the stdlib to).

How: the page's worker (js/core-worker.mjs, the one Pyodide) is served with
a preamble run just before it imports ``ui.core_worker``: it logs
``sys.modules`` as it stands (what Pyodide imported while booting, and
the game's modules when the start-up snapshot held them) and
then every ``import`` audit event, to the worker's console. A failed import
logs its name too, so a module missing from a trimmed stdlib still shows up
in the trace. The page's own Python is MicroPython's, which has no stdlib
zip to trim.
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import BrowserContext, Page, Route, expect

from e2e import scenarios
from e2e.pages import BOT_MS, TablePage

#: The review's analysis of a whole hand (as e2e/test_axe.py allows).
REVIEW_MS = 120_000

MARK = "sixtysix-trace:"
#: What Pyodide imported while booting.
BOOT_PREAMBLE = f"""\
import sys as _trace_sys, js as _trace_js
_trace_js.console.log({MARK!r} + ",".join(sorted(_trace_sys.modules)))
"""
PREAMBLE = BOOT_PREAMBLE + f"""\
def _trace_import(event, args):
    if event == "import":
        _trace_js.console.log({MARK!r} + args[0])
_trace_sys.addaudithook(_trace_import)
del _trace_import
"""
#: The worker's script, and where the preamble goes in it.
WORKER_SCRIPT = re.compile(r"/js/core-worker\.mjs(\?.*)?$")
WORKER_IMPORT = "const module = pyodide.pyimport(GAME_MODULE);"
#: The error run: the worker's Python raises before the game is imported, so
#: the trace covers how an error is reported (the traceback's formatting).
ERROR_SCRIPT = 'import json\njson.loads("{not json")\n'


class ImportTrace:
    """Every module name the traced scripts logged, on the page and in its workers."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.sources: set[str] = set()  # "page", "worker": where a trace came from

    def watch(self, page: Page) -> None:
        page.on("console", lambda msg: self._log(msg, "page"))
        page.on("worker", lambda worker: worker.on("console", lambda msg: self._log(msg, "worker")))

    def _log(self, msg, source: str) -> None:
        if msg.text.startswith(MARK):
            self.sources.add(source)
            self.names.update(n for n in msg.text[len(MARK):].split(",") if n)


def route_traced(context: BrowserContext, error_page: bool = False, preamble: str = PREAMBLE) -> None:
    """Serve the page's worker with the tracing ``preamble`` run before the
    game's import (and, for ``error_page``, a script that raises)."""

    def traced(route: Route) -> None:
        body = route.fetch().text()
        if WORKER_IMPORT not in body:
            raise AssertionError(f"js/core-worker.mjs no longer says {WORKER_IMPORT!r}")
        script = preamble + (ERROR_SCRIPT if error_page else "")
        route.fulfill(status=200, content_type="text/javascript; charset=utf-8",
                      body=body.replace(WORKER_IMPORT, f"pyodide.runPython({json.dumps(script)});\n  " + WORKER_IMPORT))

    context.route(WORKER_SCRIPT, traced)


def turn_or_end(table: TablePage) -> str:
    table.page.wait_for_function(
        "() => ['you', 'none'].includes(document.documentElement.dataset.toMove)", timeout=BOT_MS)
    return table.html.get_attribute("data-to-move")


def drive_game(page: Page, open_game, on_ready=None) -> None:
    """Every path of the page that imports something late, one after another:
    start, the bot worker at each level, the hint, a finished hand (its review,
    the score sheet and the statistics, imported when first opened) and the next,
    a reload that resumes the saved match (records), a damaged save (the
    recovery notice), a language switch, the options and a new match."""
    table = TablePage(page, open_game)
    sc = scenarios.can_exchange()
    table.open(f"seed={sc.seed}&level=random&fast=1")
    if on_ready:
        on_ready()
    table.replay(sc.intents)
    table.press("hint")
    expect(table.html).to_have_attribute("data-hint", re.compile(".+"), timeout=BOT_MS)
    table.switch_language("it")
    table.reload()  # resumes the saved hand: records.loads
    for level in ("easy", "medium", "hard", "random"):
        if turn_or_end(table) == "none":
            break
        if level != "random":
            dialog = table.open_options()
            dialog.locator("#level-select").select_option(level)
            table.close_dialog(dialog)
        table.play_first()
    for _ in range(60):  # the rest of the hand
        if turn_or_end(table) == "none":
            break
        table.play_first()
    expect(table.html).to_have_attribute("data-result", re.compile(".+"))
    open_late_dialogs(table)
    table.button("next_hand").click()
    turn_or_end(table)
    table.store_raw("sixtysix.game", "{not json")
    table.reload()
    expect(page.get_by_role("status")).to_be_visible()
    dialog = table.open_options()
    dialog.locator("#btn-new-match").click()
    expect(table.html).to_have_attribute("data-hand", "1")


def open_late_dialogs(table: TablePage) -> None:
    """The dialogs whose modules load when first opened (ui/dom/controls.py, ui/dom/dialogs.py)."""
    for button, title in (("review", "review.title"), ("sheet", "sheet.title")):
        table.button(button).click()
        dialog = table.page.get_by_role("dialog", name=table.t(title))
        expect(dialog).to_be_visible()
        if button == "review":  # the review's analysis comes from the worker, decision by decision
            expect(dialog).to_have_attribute("data-progress", "done", timeout=REVIEW_MS)
        table.close_dialog(dialog)
    options = table.open_options()
    options.get_by_role("button", name=table.t("button.stats"), exact=True).click()
    stats = table.page.get_by_role("dialog", name=table.t("stats.title"))
    expect(stats).to_be_visible()
    table.close_dialog(stats)


def drive_error(page: Page) -> None:
    """The worker's Python raises as it starts: the page says the game did not start."""
    page.goto("index.html?seed=1&fast=1")
    expect(page.locator("html")).to_have_attribute("data-boot", "stuck", timeout=60_000)
