"""Write tools/runtime-trace.json: what the game loads from the runtime, seen in Chromium.

    python3 tools/stdlib_trace.py          # rewrite the trace (after a runtime or app change)
    python3 tools/stdlib_trace.py --check  # exit 1 if the committed trace is out of date

Builds a full-runtime site into build/trace-site/, serves it, and plays
through every lazily importing path (``e2e/import_paths.py``: the bot
at each level, the hint, a finished hand, a resumed and a damaged
save, a language switch, a new match, and a script that raises so error
reporting is covered) with Debian's Chromium. It records

- ``vendor_files``: every ``vendor/`` file requested (page and worker);
- ``first_load``: every file the game page requests until it is ready (the
  byte total of its progress bar, tools/build.py);
- ``stdlib_modules``: every module imported (the game's worker, and the
  bench's PyScript page) that ``python_stdlib.zip`` holds;
- ``app_modules``: every module of the app's own imported (app.zip ships
  their bytecode, tools/build.py).

The build (tools/trim_runtime.py) ships exactly these. e2e/test_stdlib_trim.py
checks, on the trimmed build, that the same paths import nothing outside it.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: the repo's packages (tools, e2e)
    sys.path.insert(0, str(ROOT))

from tools import trim_runtime  # noqa: E402
from ui.on_demand import ZIP as MORE_ZIP  # noqa: E402
from tools.chromium_flags import CHROMIUM  # noqa: E402

STAGE = ROOT / "build" / "trace-site"
#: Every resource the page and its worker fetched until the first table was
#: drawn (the sixtysix:dom-ready measure of ui/dom/split.py; the worker's
#: downloads as js/core-link.js keeps them for js/progress.js).
FIRST_LOAD_JS = """() => {
  const ready = performance.getEntriesByName("sixtysix:dom-ready")[0];
  const end = ready.startTime + ready.duration;
  const page = performance.getEntriesByType("resource").filter((e) => e.startTime <= end).map((e) => e.name);
  return page.concat((window.sixtysixDownloads || []).filter((d) => d.encoded !== undefined).map((d) => d.url));
}"""
#: The page that unpacks app.zip through PyScript's [files], and its script.
APPZIP_PAGE = "bench/floor/appzip.html"
APPZIP_SCRIPT = "**/bench/floor/appzip.py"
#: The faces of the dealt cards change with the deal: left out of the total.
DEAL_DEPENDENT = re.compile(r"assets/cards/[a-z]+/")


def record(site: Path) -> dict:
    from playwright.sync_api import sync_playwright

    from e2e import import_paths
    from e2e.conftest import CHROMIUM_ARGS, open_game

    from tools.build import APP_PACKAGES
    from tools.serve import serve_in_thread

    server, url = serve_in_thread(site)
    trace = import_paths.ImportTrace()
    requested: set[str] = set()
    first_load: set[str] = set()

    def on_request(request):
        if request.url.startswith(url + "vendor/"):
            requested.add(request.url[len(url):].split("?")[0])

    def note_first_load(page) -> None:
        for name in page.evaluate(FIRST_LOAD_JS):
            rel = name[len(url):].split("?")[0] if name.startswith(url) else ""
            if rel and rel != "index.html" and (site / rel).is_file() and not DEAL_DEPENDENT.match(rel):
                first_load.add(rel)

    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM if Path(CHROMIUM).exists() else None, args=CHROMIUM_ARGS)
            for error_page in (False, True):
                context = browser.new_context(base_url=url, service_workers="block")
                context.set_default_navigation_timeout(60_000)
                import_paths.route_traced(context, error_page=error_page)
                page = context.new_page()
                trace.watch(page)
                page.on("request", on_request)
                if error_page:
                    import_paths.drive_error(page)
                else:
                    import_paths.drive_game(page, open_game, on_ready=lambda: note_first_load(page))
                context.close()
            # PyScript unpacking app.zip itself ([files], zipfile): the bench's pages
            # take it that way (tools/build.py's convention, e2e/test_floor.py).
            context = browser.new_context(base_url=url, service_workers="block")
            context.route(APPZIP_SCRIPT, lambda route: route.fulfill(
                status=200, content_type="text/plain; charset=utf-8",
                body=import_paths.BOOT_PREAMBLE + route.fetch().text()))
            page = context.new_page()
            trace.watch(page)
            page.goto(APPZIP_PAGE)
            page.wait_for_function("document.getElementById('out').textContent.startsWith('{')", timeout=60_000)
            context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    stdlib = site / "vendor" / "pyodide" / trim_runtime.STDLIB
    in_zip = trim_runtime.zip_modules(stdlib)
    return {
        "comment": "Written by tools/stdlib_trace.py; the build ships only these (tools/trim_runtime.py).",
        "vendor_files": sorted(requested),
        # app-more.zip comes in the background, not part of the first load (tools/build.py).
        "first_load": sorted(first_load - {"index.html", MORE_ZIP}),
        "stdlib_modules": sorted(trace.names & in_zip),
        "app_modules": sorted(n for n in trace.names if n.split(".")[0] in APP_PACKAGES),
    }


def main(argv: list[str]) -> int:
    from tools import build

    from e2e.conftest import link_test_pages

    build.build(STAGE, full_runtime=True)
    link_test_pages(STAGE)  # bench/floor/, as the e2e site has it
    trace = record(STAGE)
    text = json.dumps(trace, indent=1) + "\n"
    if "--check" in argv:
        current = trim_runtime.TRACE.read_text(encoding="utf-8") if trim_runtime.TRACE.is_file() else ""
        if current != text:
            old = json.loads(current or "{}")
            for key in ("vendor_files", "first_load", "stdlib_modules", "app_modules"):
                added = sorted(set(trace[key]) - set(old.get(key, [])))
                removed = sorted(set(old.get(key, [])) - set(trace[key]))
                print(f"{key}: +{added} -{removed}")
            print("runtime-trace.json is out of date: run python3 tools/stdlib_trace.py")
            return 1
        print("runtime-trace.json is up to date")
        return 0
    trim_runtime.TRACE.write_text(text, encoding="utf-8")
    print(f"wrote {trim_runtime.TRACE.relative_to(ROOT)}: {len(trace['vendor_files'])} vendor files, "
          f"{len(trace['stdlib_modules'])} stdlib modules, {len(trace['app_modules'])} app modules")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
