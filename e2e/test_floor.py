"""The toolchain end to end: vendored runtime, build, server, Chromium.

bench/floor/ is the barest page on the vendored PyScript + Pyodide; if it
boots here with no foreign request, every later page can.
"""

from __future__ import annotations

import json
import zipfile

import pytest

from e2e.conftest import DIST, open_game
from tools import trim_runtime

# The barest boot, from nothing cached: a fresh context for each test.
pytestmark = pytest.mark.cold


def foreign_requests(urls: list[str], base_url: str) -> list[str]:
    """Requests that left our origin (data:/blob: URLs never leave the page)."""
    return [u for u in urls if not u.startswith(base_url) and not u.startswith(("data:", "blob:"))]


def test_floor_boots_from_our_origin_only(page, base_url):
    requests: list[str] = []
    page.context.on("request", lambda r: requests.append(r.url))
    open_game(page, path="bench/floor/")
    html = page.locator("html")
    ready_ms = int(html.get_attribute("data-ready-ms"))
    print(f"\nfloor ready in {ready_ms} ms (performance.now() at ready, cold cache)")
    assert page.locator("#out").inner_text().startswith("Python 3.")
    assert foreign_requests(requests, base_url) == []
    assert any(u.endswith("/vendor/pyodide/pyodide.asm.wasm") for u in requests)


def test_app_zip_unpacks_onto_sys_path(page):
    """The [files] convention in tools/build.py: "./app.zip" = "./*"."""
    open_game(page, path="bench/floor/appzip.html")
    report = json.loads(page.locator("#out").inner_text())
    assert report["cwd"] == "/home/pyodide" and report["cwd_on_path"]
    with zipfile.ZipFile(DIST / "app.zip") as zf:
        top = {name.split("/")[0] for name in zf.namelist()}
    assert top <= set(report["entries"])
    packages = {name for name in top if f"{name}/__init__.py" in zf.namelist()}
    assert {name for name, ok in report["importable"].items() if ok} >= packages


def test_app_modules_import_from_their_bytecode_without_compiling(page):
    """tools/build.py ships the game's modules as .pyc compiled by the vendored
    Pyodide: the browser's Python imports them as they are (one of another
    Python would be refused for its magic number)."""
    open_game(page, path="bench/floor/appzip.html")
    report = json.loads(page.locator("#out").inner_text())
    # every module the game imports (the runtime trace's list), none compiled here
    assert sorted(report["loaders"]) == trim_runtime.load_trace()["app_modules"]
    assert set(report["loaders"].values()) == {"SourcelessFileLoader"}
    assert report["compiled_from_source"] == []


def test_the_stdlib_imports_from_its_bytecode(page):
    """The trimmed python_stdlib.zip holds .pyc in place of each source
    (tools/trim_runtime.py): zipimport finds them, so no start compiles the stdlib."""
    open_game(page, path="bench/floor/appzip.html")
    files = json.loads(page.locator("#out").inner_text())["stdlib_files"]
    assert {"json", "asyncio.tasks", "pyodide.ffi"} <= set(files)  # imported by the page, PyScript and Pyodide
    assert {name: path for name, path in files.items() if not path.endswith(".pyc")} == {}
