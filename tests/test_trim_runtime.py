"""The trimmed runtime in dist/: exactly the traced files and modules (tools/trim_runtime.py).

The trace itself (tools/runtime-trace.json) is remade by tools/stdlib_trace.py
and checked against a live game on the trimmed build by e2e/test_stdlib_trim.py.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from tools import bytecode, trim_runtime
from tools.precompress import is_sibling

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
NPM_STDLIB = ROOT / "node_modules" / "pyodide" / trim_runtime.STDLIB
TRACE = trim_runtime.load_trace()

needs_dist = pytest.mark.skipif(not (DIST / "sw.js").is_file(), reason="dist/ is not built: run `make dist`")
needs_npm = pytest.mark.skipif(not NPM_STDLIB.is_file(), reason="node_modules/ not installed: run `npm ci`")


def test_trace_is_sorted_and_names_runtime_files():
    assert TRACE["vendor_files"] == sorted(set(TRACE["vendor_files"]))
    assert TRACE["stdlib_modules"] == sorted(set(TRACE["stdlib_modules"]))
    assert all(f.startswith(("vendor/pyodide/", "vendor/pyscript/", "vendor/micropython/")) for f in TRACE["vendor_files"])
    assert not [f for f in TRACE["vendor_files"] if f.endswith(".map") or "codemirror" in f or "xterm" in f]


@needs_npm
def test_every_traced_module_is_in_the_npm_stdlib():
    assert set(TRACE["stdlib_modules"]) <= trim_runtime.zip_modules(NPM_STDLIB)


@pytest.mark.parametrize(
    ("entry", "module"),
    [("json/decoder.py", "json.decoder"), ("json/__init__.py", "json"), ("os.py", "os"), ("pyodide/py.typed", None),
     ("json/", None), ("json/decoder.pyc", "json.decoder"), ("json/__init__.pyc", "json")],
)
def test_module_of(entry, module):
    assert trim_runtime.module_of(entry) == module


def test_with_parents():
    assert trim_runtime.with_parents({"a.b.c", "d"}) == {"a", "a.b", "a.b.c", "d"}


@needs_dist
def test_dist_vendor_is_exactly_the_traced_files():
    shipped = sorted(p.relative_to(DIST).as_posix() for p in (DIST / "vendor").rglob("*") if p.is_file())
    # MicroPython among them, vendored whole (tools/dom_layer.py)
    assert sorted(f for f in shipped if not is_sibling(f)) == TRACE["vendor_files"]
    assert {"vendor/micropython/micropython.mjs", "vendor/micropython/micropython.wasm"} <= set(shipped)


@needs_dist
@needs_npm
def test_dist_stdlib_holds_the_bytecode_of_the_traced_modules_and_their_packages_only():
    shipped = DIST / "vendor" / "pyodide" / trim_runtime.STDLIB
    modules = trim_runtime.zip_modules(shipped)
    assert modules == trim_runtime.with_parents(set(TRACE["stdlib_modules"])) & trim_runtime.zip_modules(NPM_STDLIB)
    python = json.loads((DIST / "vendor" / "pyodide" / trim_runtime.LOCK).read_text())["info"]["python"]
    in_zip = "/lib/python{}{}.zip/".format(*python.split(".")[:2])  # where zipimport finds it in the browser
    with zipfile.ZipFile(shipped) as zf, zipfile.ZipFile(DIST / "app.zip") as app:
        assert zf.testzip() is None
        names = zf.namelist()
        assert names and all(n.endswith(".pyc") for n in names)  # bytecode in place of every source
        app_magic = {app.read(n)[:4] for n in app.namelist() if n.endswith(".pyc")}
        assert {zf.read(n)[:4] for n in names} == app_magic  # the same runtime's magic number
        assert all(bytecode.is_unchecked_pyc(zf.read(n)) for n in names)
        for name in ("json/__init__.pyc", "asyncio/tasks.pyc"):  # a traceback names the file as from source
            assert (in_zip + name[:-1]).encode() in zf.read(name)
        assert {i.date_time for i in zf.infolist()} == {trim_runtime.ZIP_TIME}
    assert "email" not in modules and "unittest" not in modules


@needs_dist
def test_dist_lock_file_lists_no_packages():
    lock = json.loads((DIST / "vendor" / "pyodide" / trim_runtime.LOCK).read_text())
    assert lock["packages"] == {}
    assert lock["info"]["python"].startswith("3.")


@needs_npm
def test_full_runtime_switch_ships_the_npm_packages_whole(tmp_path):
    from tools.build import build

    build(tmp_path / "full", full_runtime=True)
    stdlib = tmp_path / "full" / "vendor" / "pyodide" / trim_runtime.STDLIB
    assert stdlib.read_bytes() == NPM_STDLIB.read_bytes()
    assert list((tmp_path / "full" / "vendor" / "pyscript").glob("codemirror*.js"))


@needs_dist
def test_dist_runtime_carries_each_patch_once():
    for rel, edits in trim_runtime.PATCHES.items():
        text = (DIST / rel).read_text(encoding="utf-8")
        for old, new in edits:
            assert text.count(new) == 1 and old not in text, rel


#: Command-line tools in app.zip that neither the page nor the bot worker imports.
CPYTHON_ONLY = {"sixtysix/__main__.py", "sixtysix/arena.py", "sixtysix/bench.py", "sixtysix/bots/fit.py"}


def imported_names(path: Path) -> set[str]:
    import ast

    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


@needs_npm
def test_every_stdlib_import_written_in_the_app_is_traced():
    # A quick net for a new import (a merge, a new module) before the e2e
    # trace check: anything the app's code names must be in the trace.
    stdlib = trim_runtime.zip_modules(NPM_STDLIB)
    traced = set(TRACE["stdlib_modules"])
    untraced = {}
    for pkg in ("sixtysix", "ui"):
        for path in sorted((ROOT / pkg).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if "tests" in path.parts or rel in CPYTHON_ONLY:
                continue
            missing = {n for n in imported_names(path) if n in stdlib and n not in traced}
            if missing:
                untraced[rel] = sorted(missing)
    assert untraced == {}, f"not in tools/runtime-trace.json: {untraced}; run python3 tools/stdlib_trace.py"
