"""Spike (issue 33): the game's worker as one module instead of three.

    python3 tools/build.py
    python3 tools/spikes/worker_start/one_module.py [--rounds 6]

``js/core-worker.mjs`` imports ``js/pyodide-loader.mjs``, which imports
``vendor/pyodide/pyodide.mjs``: three fetches one after the other before the
worker's first line. This serves dist/ beside a copy whose worker is the
three files in one (pyodide.mjs in a function scope, the loader's exports
made plain declarations) and loads each cold (a fresh profile) and then
warm (the same profile, the HTTP cache), in turn (A B, B A, ...), service
workers blocked and no start-up snapshot: when the worker's first line ran
(``sixtysix:worker-start``, from ``new Worker()``) and when ``<html
class="ready">`` came, from navigation.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
from tools.chromium_flags import BASE_ARGS, CHROMIUM  # noqa: E402
from tools.serve import serve_in_thread  # noqa: E402

LOADER_IMPORT = 'import { loadPyodide as boot, version } from "../vendor/pyodide/pyodide.mjs";'
WORKER_IMPORT = 'import { loadPyodide } from "./pyodide-loader.mjs";'
PYODIDE_EXPORT = re.compile(r"export\{(\w+) as loadPyodide,(\w+) as version\};")
# When <html> turns ready, on the page's clock (set before the document parses).
WATCH = """globalThis.sixtysixSnapshotDelayMs = 1e9; window.__ready = null;
new MutationObserver((_, seen) => { if (document.documentElement?.classList.contains('ready')) {
  window.__ready = performance.now(); seen.disconnect(); } })
  .observe(document, {attributes: true, subtree: true, attributeFilter: ['class']});"""
READ = """() => ({ready: window.__ready,
  worker: (performance.getEntriesByName('sixtysix:worker-start')[0] || {}).duration ?? null})"""


def one_module_copy(dist: Path, into: Path) -> Path:
    """dist/ copied, its worker made one module (the precompressed siblings of
    the changed file dropped, so the server sends the new text)."""
    site = into / "one-module"
    shutil.copytree(dist, site)
    pyodide = (dist / "vendor/pyodide/pyodide.mjs").read_text(encoding="utf-8")
    exported = PYODIDE_EXPORT.search(pyodide)
    if not exported:
        raise SystemExit("pyodide.mjs no longer ends with the export this spike rewrites")
    body = pyodide[:exported.start()] + f"return {{ loadPyodide: {exported[1]}, version: {exported[2]} }};"
    body = body.replace("//# sourceMappingURL=pyodide.mjs.map", "")
    loader = (dist / "js/pyodide-loader.mjs").read_text(encoding="utf-8")
    worker = (dist / "js/core-worker.mjs").read_text(encoding="utf-8")
    if LOADER_IMPORT not in loader or WORKER_IMPORT not in worker:
        raise SystemExit("the worker's imports changed: update this spike")
    loader = loader.replace(LOADER_IMPORT, "const { loadPyodide: boot, version } = (() => {\n" + body + "\n})();")
    loader = loader.replace("export { version };", "")
    loader = re.sub(r"^export (const|async function|function) ", r"\1 ", loader, flags=re.M)
    (site / "js/core-worker.mjs").write_text(worker.replace(WORKER_IMPORT, loader), encoding="utf-8")
    for sibling in site.glob("js/core-worker.mjs.*"):
        sibling.unlink()
    return site


def visits(p, url: str) -> dict:
    """A cold visit on a fresh profile, then a warm one on the same profile."""
    out = {}
    with tempfile.TemporaryDirectory() as profile:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM if Path(CHROMIUM).exists() else None, args=BASE_ARGS,
            service_workers="block")
        try:
            context.add_init_script(WATCH)
            for kind in ("cold", "warm"):
                page = context.new_page()
                page.goto(url)
                page.wait_for_function("window.__ready !== null", timeout=60_000)
                out[kind] = page.evaluate(READ)
                page.close()
        finally:
            context.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        sites = {"three modules (dist/)": ROOT / "dist", "one module": one_module_copy(ROOT / "dist", Path(tmp))}
        urls = {name: serve_in_thread(str(site))[1] + "index.html?seed=11&lang=pt" for name, site in sites.items()}
        rows = {name: {"cold": [], "warm": []} for name in sites}
        with sync_playwright() as p:
            for n in range(args.rounds):
                for name in (list(sites) if n % 2 == 0 else list(sites)[::-1]):
                    for kind, figures in visits(p, urls[name]).items():
                        rows[name][kind].append(figures)
    print(f"{args.rounds} rounds, medians in ms from navigation (each round's figure after them)")
    for name, kinds in rows.items():
        for kind, runs in kinds.items():
            ready = [round(r["ready"]) for r in runs]
            worker = [round(r["worker"]) for r in runs if r["worker"] is not None]
            print(f"  {name:22s} {kind}: worker start {statistics.median(worker):5.0f} {worker}"
                  f"   ready {statistics.median(ready):5.0f} {ready}")


if __name__ == "__main__":
    main()
