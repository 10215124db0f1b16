"""The trimmed runtime is the build: every lazily importing path finds its modules.

dist/ ships a python_stdlib.zip cut to tools/runtime-trace.json. Here the
same paths that trace was made from (e2e/import_paths.py: the bot at each
level, the hint, records, a damaged save, a language switch, a new match,
an error report) run on dist/ with the import tracer in the page's worker. Every
module they import that the full npm stdlib holds must be in dist's zip; a
missing one also fails the game run itself (a console error, which
conftest turns into a failure).
"""

from __future__ import annotations

import json
from pathlib import Path


from e2e import import_paths
from e2e.conftest import DIST, ROOT
from e2e.pages import TablePage

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
    assert "worker" in trace.sources, "no trace from the page's worker"
    assert {"json", "asyncio", "random"} <= trace.names  # the trace sees the game's own imports
    assert missing_from_dist(trace) == [], "run python3 tools/stdlib_trace.py and rebuild"


def test_an_error_report_finds_its_modules(browser, base_url):
    # Its own context: the worker raises on purpose, which conftest's watch would fail.
    context = browser.new_context(base_url=base_url, service_workers="block")
    try:
        import_paths.route_traced(context, error_page=True)
        page = context.new_page()
        said = []
        page.on("console", lambda m: said.append(m.text) if "has not started" in m.text else None)
        trace = import_paths.ImportTrace()
        trace.watch(page)
        import_paths.drive_error(page)
        assert any("JSONDecodeError" in line for line in said), said
        assert "traceback" in trace.names
        assert missing_from_dist(trace) == [], "run python3 tools/stdlib_trace.py and rebuild"
    finally:
        context.close()


#: Logs where the game's modules came from, once the worker has imported them.
ORIGINS = """\
import sys as _o_sys, json as _o_json, js as _o_js
import ui.core_worker, ui.model.core, sixtysix.game
_o_js.console.log("origins:" + _o_json.dumps({name: _o_sys.modules[name].__spec__.origin
                                              for name in ("ui.core_worker", "ui.model.core", "sixtysix.game")}))
"""


def test_the_worker_imports_the_game_from_app_zip_bytecode(page, context, open_game):
    # tools/build.py: the modules the game imports ship in app.zip as bytecode,
    # so the worker compiles none of them as it starts.
    origins = []
    page.on("worker", lambda w: w.on("console", lambda m: origins.append(m.text) if m.text.startswith("origins:") else None))
    import_paths.route_traced(context, preamble=ORIGINS)
    TablePage(page, open_game).open("level=random&fast=1")
    assert len(origins) == 1
    found = json.loads(origins[0][len("origins:"):])
    assert found == {name: f"/home/pyodide/app.zip/{name.replace('.', '/')}.pyc" for name in found}, found
