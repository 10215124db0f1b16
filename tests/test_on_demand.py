"""The split of the app's bytecode: app.zip for the start, app-more.zip on demand (ui/on_demand.py).

- The list is right: no module that the page or the bot worker imports as
  it starts (at the top of a module, from the scripts they run) is in
  app-more.zip, and every module of the runtime trace that is imported
  only inside functions is, but for the one the start calls for all the
  same (:data:`AT_START`). e2e/test_on_demand.py checks the same in the
  browser: nothing of the list imported until ready, nor by a computer's
  move or a hint.
- The finder imports a listed module from the zip, writing it first if it
  is not there yet, once; it leaves other names alone.
- The built zips (with dist/): the on-demand modules are in app-more.zip
  only, as bytecode, and the service worker precaches it.
"""

from __future__ import annotations

import ast
import json
import re
import sys
import zipfile
from pathlib import Path

import pytest

from tools import trim_runtime
from ui import on_demand

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"

#: What the worker runs first (js/core-worker.mjs imports ui.core_worker) and the
#: loader's finder. (The page's DOM layer is MicroPython's, never in app.zip.)
ENTRIES = ("ui.core_worker", "ui.on_demand")
#: Imported inside a function, but at every start all the same (none now: the
#: course's module loads at the start only to resume a lesson left under way,
#: which ``Store.lesson_under_way`` tells without it).
AT_START: set[str] = set()


def app_modules() -> dict[str, Path]:
    """Every module of the app's packages that app.zip holds, by dotted name
    (not the DOM layer: MicroPython runs it on the page, tools/dom_layer.py)."""
    out = {}
    for top in ("sixtysix", "ui"):
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if "tests" in parts or parts[:2] == ("ui", "dom"):
                continue
            out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def top_level_statements(body):
    """The statements a module runs as it is imported: not those inside functions."""
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        yield node
        for field in ("body", "orelse", "finalbody", "handlers"):
            inner = getattr(node, field, None)
            if isinstance(inner, list):
                yield from top_level_statements(inner)


def imported_at_import(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The app's modules that importing ``name`` imports by its own top-level statements."""
    from tests.test_import_cycles import import_targets

    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in top_level_statements(ast.parse(path.read_text(encoding="utf-8")).body):
        out |= import_targets(node, package, modules)
    return out


def start_closure(entries=ENTRIES) -> set[str]:
    """Every app module imported, at the top of modules, from ``entries``
    (each with the packages above it, which Python imports first)."""
    modules = app_modules()
    seen: set[str] = set()
    todo = list(entries)
    while todo:
        name = todo.pop()
        for parent in trim_runtime.with_parents({name}):
            if parent not in seen:
                seen.add(parent)
                todo.extend(imported_at_import(parent, modules[parent], modules))
    return seen


def test_the_closure_follows_top_level_imports_only():
    start = start_closure()
    assert {"ui.core_worker", "ui.model.table", "sixtysix.game", "ui.model.botcall", "sixtysix.bots.pimc"} <= start
    assert "ui" in start and "sixtysix.bots" in start  # packages above
    # imported inside a function of a start-up module only
    assert not {"ui.model.review", "ui.model.stats_table", "ui.model.daily"} & start


def test_no_module_the_start_imports_is_on_demand():
    assert on_demand.MODULES & (start_closure() | AT_START) == set()


def test_every_module_imported_only_later_is_on_demand():
    # The runtime trace: what the page and the worker were seen to import on
    # every lazily importing path (tools/stdlib_trace.py, e2e/import_paths.py).
    traced = set(trim_runtime.load_trace()["app_modules"])
    later = traced - start_closure() - AT_START
    assert later - on_demand.MODULES == set(), "add them to ui/on_demand.py's MODULES"
    assert on_demand.MODULES - traced == set(), "not seen imported: rerun tools/stdlib_trace.py"


def test_on_demand_modules_are_modules_of_the_app_not_packages():
    modules = app_modules()
    assert on_demand.MODULES <= set(modules)
    assert not [m for m in on_demand.MODULES if modules[m].name == "__init__.py"]


def test_the_worker_s_moves_and_hints_need_nothing_on_demand():
    # ui/model/botcall.py's choose and hint (the bots at every level)
    assert on_demand.MODULES & start_closure(("ui.model.botcall",)) == set()
    assert "sixtysix.review" not in imported_at_import(
        "ui.model.botcall", ROOT / "ui" / "model" / "botcall.py", app_modules())


# --- the finder ------------------------------------------------------------------------------


@pytest.fixture
def lazy_package(tmp_path, monkeypatch):
    """A package ``odpkg`` on sys.path whose module ``odpkg.late`` is only in a zip."""
    (tmp_path / "odpkg").mkdir()
    (tmp_path / "odpkg" / "__init__.py").write_text("", encoding="utf-8")
    source = tmp_path / "source.zip"
    with zipfile.ZipFile(source, "w") as zf:
        zf.writestr("odpkg/late.py", "VALUE = 42\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path, source.read_bytes()
    for name in ("odpkg", "odpkg.late", "odpkg.other"):
        sys.modules.pop(name, None)


def test_the_finder_writes_the_zip_once_and_imports_from_it(lazy_package, monkeypatch):
    folder, data = lazy_package
    target = folder / "more.zip"
    mounts = []

    def mount():
        mounts.append(1)
        target.write_bytes(data)

    finder = on_demand.OnDemand(str(target), mount, {"odpkg.late"})
    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, finder])
    assert finder.find_spec("odpkg.other") is None and finder.find_spec("json") is None
    assert mounts == []  # nothing asked for yet
    import odpkg.late

    assert odpkg.late.VALUE == 42
    assert odpkg.late.__spec__.origin == f"{target}/odpkg/late.py"
    assert finder.find_spec("odpkg.late") is not None
    assert mounts == [1]


def test_the_finder_leaves_a_written_zip_alone(lazy_package, monkeypatch):
    folder, data = lazy_package
    target = folder / "more.zip"
    target.write_bytes(data)  # the background fetch came first

    def mount():
        raise AssertionError("fetched again")

    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, on_demand.OnDemand(str(target), mount, {"odpkg.late"})])
    import odpkg.late

    assert odpkg.late.VALUE == 42


def test_a_zip_that_cannot_be_fetched_is_an_import_error(lazy_package, monkeypatch):
    folder, _ = lazy_package

    def mount():
        raise OSError("offline")

    finder = on_demand.OnDemand(str(folder / "more.zip"), mount, {"odpkg.late"})
    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, finder])
    with pytest.raises(ImportError, match="app-more.zip.*offline"):
        import odpkg.late  # noqa: F401


def test_mounted_says_whether_the_zip_is_there(lazy_package, monkeypatch):
    folder, data = lazy_package
    target = folder / "more.zip"
    monkeypatch.setattr(sys, "meta_path", [f for f in sys.meta_path if not isinstance(f, on_demand.OnDemand)])
    assert on_demand.mounted()  # no finder (CPython): the sources are there
    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, on_demand.OnDemand(str(target), lambda: None)])
    assert not on_demand.mounted()
    target.write_bytes(data)
    assert on_demand.mounted()


def test_install_puts_the_finder_last(monkeypatch):
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    on_demand.install("/nowhere/app-more.zip", lambda: None)
    assert isinstance(sys.meta_path[-1], on_demand.OnDemand)
    assert sys.meta_path[-1].modules == on_demand.MODULES


# --- the built zips -----------------------------------------------------------------------


@pytest.mark.skipif(not (DIST / "sw.js").is_file(), reason="dist/ is not built: run `make dist`")
def test_dist_ships_the_on_demand_modules_in_the_second_zip_only():
    with zipfile.ZipFile(DIST / "app.zip") as zf:
        first = {trim_runtime.module_of(n) for n in zf.namelist()}
    with zipfile.ZipFile(DIST / on_demand.ZIP) as zf:
        names = zf.namelist()
        times = {info.date_time for info in zf.infolist()}
        stored = {info.compress_type for info in zf.infolist()}
    assert names == sorted(names) and all(n.endswith(".pyc") for n in names)
    assert {trim_runtime.module_of(n) for n in names} == on_demand.MODULES
    assert first & on_demand.MODULES == set()
    assert "ui.on_demand" in first and "ui.core_worker" in first
    assert times == {(1980, 1, 1, 0, 0, 0)} and stored == {zipfile.ZIP_STORED}
    # the service worker precaches it (offline play), the progress bar does not wait for it
    listing = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", (DIST / "sw.js").read_text(), re.S).group(1))
    assert on_demand.ZIP in listing
    boot = json.loads(re.search(r'<script type="application/json" id="boot-bytes">(.*?)</script>', (DIST / "index.html").read_text(), re.S).group(1))
    assert "app.zip" in boot["files"] and on_demand.ZIP not in boot["files"]
