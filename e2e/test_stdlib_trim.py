"""The trimmed runtime is the build: every lazily importing path finds its modules.

dist/ ships a python_stdlib.zip cut to tools/runtime-trace.json. Here the
same paths that trace was made from (e2e/import_paths.py: the bot worker at
each level, the hint, records, a damaged save, a language switch, a new
match, an error report) run on dist/ with the import tracer in place. Every
module they import that the full npm stdlib holds must be in dist's zip; a
missing one also fails the game run itself (a console error or PyScript's
error banner, which conftest turns into a failure).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import expect

from e2e import import_paths
from e2e.conftest import DIST, ROOT
from e2e.pages import BOT_MS, TablePage

from tools import trim_runtime

FULL_STDLIB = ROOT / "node_modules" / "pyodide" / trim_runtime.STDLIB
SHIPPED_STDLIB = DIST / "vendor" / "pyodide" / trim_runtime.STDLIB


def missing_from_dist(trace: import_paths.ImportTrace) -> list[str]:
    return sorted((trace.names & trim_runtime.zip_modules(FULL_STDLIB)) - trim_runtime.zip_modules(SHIPPED_STDLIB))


def test_every_lazy_import_of_the_game_and_its_worker_is_shipped(page, context, open_game):
    assert SHIPPED_STDLIB.stat().st_size < FULL_STDLIB.stat().st_size * 2, "dist/ has a stored full stdlib?"
    trace = import_paths.ImportTrace()
    import_paths.route_traced(context)
    trace.watch(page)
    import_paths.drive_game(page, open_game)
    assert trace.sources == {"page", "worker"}, f"no trace from {({'page', 'worker'} - trace.sources)}"
    assert {"json", "asyncio", "random"} <= trace.names  # the trace sees the game's own imports
    assert missing_from_dist(trace) == [], "run python3 tools/stdlib_trace.py and rebuild"


def test_an_error_report_finds_its_modules(browser, base_url):
    # Its own context: this page raises on purpose, which conftest's watch would fail.
    context = browser.new_context(base_url=base_url, service_workers="block")
    try:
        import_paths.route_traced(context, error_page=True)
        page = context.new_page()
        trace = import_paths.ImportTrace()
        trace.watch(page)
        import_paths.drive_error(page)
        assert "JSONDecodeError" in page.locator(".py-error").inner_text()
        assert "traceback" in trace.names
        assert missing_from_dist(trace) == [], "run python3 tools/stdlib_trace.py and rebuild"
    finally:
        context.close()


#: Logs where each module of PyScript's own package came from, as the script
#: starts, and where one that nothing has imported yet would come from.
PYSCRIPT_ORIGINS = """\
import sys as _o_sys, json as _o_json, js as _o_js, importlib.util as _o_util
_o_found = {name: module.__spec__.origin for name, module in _o_sys.modules.items()
            if name.split(".")[0] == "pyscript" and not name.startswith("pyscript.js_modules")}
_o_found["pyscript.web (not imported)"] = getattr(_o_util.find_spec("pyscript.web"), "origin", None)
_o_js.console.log("pyscript-origins:" + _o_json.dumps(_o_found))
"""


def test_pyscript_own_package_comes_from_app_zip_bytecode(page, context, open_game):
    # tools/build.py: PyScript writes its package as source at every start;
    # app.zip, first on sys.path, carries it (its imported modules as bytecode),
    # on the page and in the worker.
    origins = {}
    page.on("console", lambda m: origins.setdefault("page", m.text) if m.text.startswith("pyscript-origins:") else None)
    page.on("worker", lambda w: w.on("console", lambda m: origins.setdefault("worker", m.text)
                                     if m.text.startswith("pyscript-origins:") else None))
    import_paths.route_traced(context, preamble=PYSCRIPT_ORIGINS)
    table = TablePage(page, open_game)
    table.open("level=hard&fast=1")
    table.press("hint")  # a bot call: the worker has booted
    expect(table.html).to_have_attribute("data-hint", re.compile(".+"), timeout=BOT_MS)
    assert set(origins) == {"page", "worker"}
    for where, line in origins.items():
        found = json.loads(line[len("pyscript-origins:"):])
        # untraced, so source; but in the zip, where Python looks for the package's modules
        assert found.pop("pyscript.web (not imported)") == "/home/pyodide/app.zip/pyscript/web.py", where
        assert {"pyscript", "pyscript.context"} <= set(found), where
        assert set(found) <= set(trim_runtime.load_trace()["pyscript_modules"]), where
        outside = {n: o for n, o in found.items() if not re.fullmatch(r"/home/pyodide/app\.zip/pyscript/\w+\.pyc", o)}
        assert outside == {}, where
