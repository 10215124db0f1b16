"""The toolchain end to end: vendored runtime, build, server, Chromium.

bench/floor/ is the barest page on the vendored PyScript + Pyodide; if it
boots here with no foreign request, every later page can.
"""

from __future__ import annotations

import json
import zipfile

import pytest

from e2e.conftest import DIST, PageErrors, open_game, watched_context
from tools import trim_runtime

# The barest boot, from nothing cached: a fresh context for each test, but the
# three tests of appzip.html's one report share one (`appzip_report`), in one
# process (`--dist loadgroup`).
pytestmark = pytest.mark.cold
APPZIP = pytest.mark.xdist_group("floor-appzip")


@pytest.fixture(scope="module")
def appzip_report(browser, browser_context_args) -> dict:
    """What bench/floor/appzip.html reports of app.zip and the stdlib, from one
    cold boot that the tests reading it share (a console error fails them all)."""
    errors = PageErrors()
    context = watched_context(browser.new_context(**browser_context_args), errors.watch)
    try:
        page = context.new_page()
        open_game(page, path="bench/floor/appzip.html")
        report = json.loads(page.locator("#out").inner_text())
        errors.check()
    finally:
        context.close()
    return report


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


@APPZIP
def test_app_zip_unpacks_onto_sys_path(appzip_report):
    """The [files] convention in tools/build.py: "./app.zip" = "./*"."""
    report = appzip_report
    assert report["cwd"] == "/home/pyodide" and report["cwd_on_path"]
    with zipfile.ZipFile(DIST / "app.zip") as zf:
        top = {name.split("/")[0] for name in zf.namelist()}
    assert top <= set(report["entries"])
    packages = {name for name in top if f"{name}/__init__.py" in zf.namelist()}
    assert {name for name, ok in report["importable"].items() if ok} >= packages


@APPZIP
def test_app_modules_import_from_their_bytecode_without_compiling(appzip_report):
    """tools/build.py ships the game's modules as .pyc compiled by the vendored
    Pyodide: the browser's Python imports them as they are (one of another
    Python would be refused for its magic number)."""
    report = appzip_report
    # every module the game imports (the runtime trace's list), none compiled here
    assert sorted(report["loaders"]) == trim_runtime.load_trace()["app_modules"]
    assert set(report["loaders"].values()) == {"SourcelessFileLoader"}
    assert report["compiled_from_source"] == []


@APPZIP
def test_the_stdlib_imports_from_its_bytecode(appzip_report):
    """The trimmed python_stdlib.zip holds .pyc in place of each source
    (tools/trim_runtime.py): zipimport finds them, so no start compiles the stdlib."""
    files = appzip_report["stdlib_files"]
    assert {"json", "asyncio.tasks", "pyodide.ffi"} <= set(files)  # imported by the page, PyScript and Pyodide
    assert {name: path for name, path in files.items() if not path.endswith(".pyc")} == {}
