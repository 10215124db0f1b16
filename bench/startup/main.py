"""Time the game's main-thread Python startup, piece by piece (see index.html)."""

import builtins
import json
import os
import sys
import time

import js  # not `pyscript`: see bench/floor/main.py

document, window = js.document, js

START_MS = window.performance.now()  # Python is running from here on
clock = time.perf_counter
rows = []  # one per import statement that loaded something: name, total and self ms
stack = []  # child time of the imports in progress
real_import = builtins.__import__


def timed_import(name, globals=None, locals=None, fromlist=(), level=0):
    before = set(sys.modules)
    stack.append(0.0)
    t = clock()
    try:
        return real_import(name, globals, locals, fromlist, level)
    finally:
        total = (clock() - t) * 1000.0
        children = stack.pop()
        new = set(sys.modules) - before
        if stack:
            stack[-1] += total
        if new:
            package = (globals or {}).get("__package__") or ""
            label = ("." * level + name) if level else name
            if level and package:
                label = f"{package}:{label}"
            if fromlist:
                label += " (" + ",".join(map(str, fromlist)) + ")"
            rows.append({"import": label, "total_ms": total, "self_ms": total - children, "modules": sorted(new)})


def step(report, key, fn):
    t = clock()
    value = fn()
    report["steps"][key] = (clock() - t) * 1000.0
    return value


def game_imports():
    import asyncio  # noqa: F401  (ui/dom/app.py's own imports, in its order)

    from ui.model import present  # noqa: F401
    from ui.model.i18n import LANGUAGES, Translator, load_catalog, pick_language  # noqa: F401
    from ui.model.settings import PLAYER_LEVELS, UrlOptions  # noqa: F401
    from ui.model.storage import SavedDataError, Store  # noqa: F401
    from ui.model.table import COMPUTER, HUMAN, Table  # noqa: F401


def worker_imports():
    from ui.model.botcall import choose_json  # noqa: F401  (ui/bot_worker.py)


def first_render_model():
    """ui/dom/app.py's App() and first render without the DOM: the URL options,
    the saved data (an in-memory stand-in for localStorage), the catalogs, a
    new table, saving it, and the presentation model. Lazy imports made on
    the way show up in the import rows."""
    from ui.model import present
    from ui.model.i18n import Translator, load_catalog
    from ui.model.page import PageState
    from ui.model.settings import UrlOptions
    from ui.model.storage import MemoryBackend, Store
    from ui.model.table import Table

    url = UrlOptions.parse("?seed=4&fast=1")
    store = Store(MemoryBackend())
    settings, stats = store.load_settings(), store.load_stats()
    store.load_game()
    catalogs = {lang: load_catalog(lang) for lang in ("pt", "it")}
    table = Table.new(url.seed, stats)
    store.save_game(table.match, table.counted_hands)
    store.save_stats(stats)
    return present.build(table, PageState(settings=settings), Translator("pt", catalogs["pt"]))


def compile_sources():
    """Compile every .py unpacked from app.zip: the cost .pyc files would save."""
    total, files = 0.0, 0
    for top in ("sixtysix", "ui"):
        for folder, _, names in os.walk(top):
            for n in names:
                if n.endswith(".py"):
                    with open(os.path.join(folder, n), encoding="utf-8") as f:
                        source = f.read()
                    t = clock()
                    compile(source, n, "exec", dont_inherit=True)
                    total += clock() - t
                    files += 1
    return {"files": files, "ms": total * 1000.0}


report = {"python_start_ms": START_MS, "python": sys.version.split()[0], "steps": {}}
builtins.__import__ = timed_import
try:
    step(report, "import_game_modules", game_imports)
    step(report, "catalogs_table_present", first_render_model)
    step(report, "import_worker_modules", worker_imports)
finally:
    builtins.__import__ = real_import
report["compile"] = compile_sources()
report["imports"] = sorted(rows, key=lambda r: -r["self_ms"])
report["sys_modules"] = len(sys.modules)
document.getElementById("out").textContent = json.dumps(report)
document.documentElement.classList.add("ready", "done")
