"""Load time, transfer and bot speed of the built site: ``make bench``.

    python3 tools/bench.py [--reps N] [--quick] [--profile] [--no-build]

Builds the site (tools/build.py) into a private folder, ``build/bench-site/``
(so a ``dist/`` that e2e tests are serving is never rebuilt under them), or
with ``--no-build`` copies the existing ``dist/`` there. Serves it with
tools/serve.py's handler (CSP, MIME types, ``Cache-Control: no-cache``) on a
free port, a new server for every browser context, counting every byte the
server writes. Drives headless Chromium (Debian's /usr/bin/chromium, the e2e
flags) with service workers ALLOWED, and measures, all in one run:

- Load, ``--reps`` times, floor and game interleaved (ABBA order, so drift
  and noise fall on both): each repetition opens a fresh context (empty
  cache, no service worker), loads the page cold, waits until its service
  worker has precached everything (``data-sw="ready"``), then opens it
  again in the same context: the warm revisit, served by the worker. The
  floor is ``bench/floor/sw.html``: the bare one-line page plus the same
  service-worker registration, so both pay the same precache download when
  cold and both are served from the same cache when warm. Per visit: time
  to ``<html class="ready">``, first contentful paint, the shell marker
  paint (Element Timing of the title text and the stock card image), bytes.
- Bytes: counted by the server (headers and bodies of every response), so
  they are what really went over the network: requests answered by the
  service worker from its cache cost 0, and the worker's own precache
  downloads are counted. Chromium's page-target CDP figure
  (``Network.loadingFinished`` encodedDataLength of responses not served
  by the worker) is kept as a cross-check; it misses the worker's requests.
- Bot decisions in the browser: ``bench/bot/``, a page that unpacks
  ``app.zip`` in a PyScript worker exactly like the game and answers
  positions generated from seeds (tools/bench_positions.py) through
  ``ui.botcall.choose_json`` one call at a time, timed in the worker and as
  the main thread's round trip; the same worker measures engine speed.
- Play: the game (``?level=hard&fast=1``) with Playwright playing the human
  for one hand; the longest main-thread task (PerformanceObserver longtask)
  after ready, overall and while the computer is to move.
- CPython, for the ratios: ``python -m sixtysix.bench --json`` and the same
  positions at each level, both with ``app.zip`` on ``sys.path`` (the very
  code the browser ran).
- The game is opened on a deal the computer leads, so every load also
  times the computer's first move after ready (the bot worker must be up).
  The saved match is cleared after each visit, so the revisit deals the
  same hand again.
- The first visit on a phone network (tools/bench_network.py; not with
  ``--quick``, ``--no-network`` / ``--no-lighthouse`` skip its parts): cold
  loads of the game and of a naive floor (bench/floor/ on the untouched npm
  runtime, no compression) under CDP network emulation at Slow 4G and 4G,
  time to ready and bytes on the wire; Lighthouse 12.2.3 mobile and desktop.
- ``--profile``: also variants of the game page in the load rotation, made
  from the staged site (make_variants): without the bot worker; with the
  worker created by ui/app.py once ready; with the service worker
  registered once ready and precaching through the HTTP cache (``cache:
  "no-cache"``); both of the last two together; and
  ``bench/startup/``: the game's main-thread imports and start work timed in
  Pyodide. docs/performance.md reads these.

Prints a table (ratios against the floor; targets met or missed) and writes
every raw figure to ``results/bench-<date>.json``. Timings are only worth
their ratio to the floor measured in the same run; the targets live here,
never in tests. See docs/performance.md.
"""

from __future__ import annotations

import argparse
import datetime as dt
import functools
import gzip
import json
import math
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools import bench_network  # noqa: E402  (the first visit on a phone network)

DIST = ROOT / "dist"
STAGE = ROOT / "build" / "bench-site"
RESULTS = ROOT / "results"
BENCH_PAGES = ROOT / "bench"  # bot/, startup/ and observe.js (floor/ ships with the build)
POSITIONS_PY = ROOT / "tools" / "bench_positions.py"

CHROMIUM = "/usr/bin/chromium"
# The e2e flags (e2e/conftest.py): root in a sandbox, no internet.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]

FLOOR_PAGE = "bench/floor/sw.html"
# Seed 4 deals a hand the computer leads (at the default level): each load
# also times the computer's first move after ready, i.e. how long the bot
# worker keeps the player waiting. fast=1 (a test option of the page) only
# shortens the pauses that follow a move.
GAME_QUERY = "?seed=4&fast=1"
GAME_PAGE = GAME_QUERY
PLAY_PAGE = "?seed=3&level=hard&fast=1"
# --profile: variants of the game page, made from the staged site (see make_variants)
VARIANTS = {
    "noworker": "bench-noworker.html",  # no bot worker at all: what the worker costs
    "lateworker": "bench-lateworker.html",  # the worker created by app.py once ready
    "swlate": "bench-swlate.html",  # service worker registered once ready, precache via "no-cache"
    "fixed": "bench-fixed.html",  # lateworker + swlate
}
NO_BOT = {"noworker"}  # pages whose computer never moves
BOT_PAGE = "bench/bot/"
STARTUP_PAGE = "bench/startup/"
from sixtysix.levels import LEVELS  # noqa: E402
KB = 1000  # targets in kB of 1000 bytes (the stricter reading)

# (key in the figures, what, limit, unit): every target is "value < limit".
TARGETS = [
    ("shell_warm_ms", "table shell visible, warm revisit", 300, "ms"),
    ("ready_ratio_cold", "game ready / floor ready, cold", 1.15, "x"),
    ("ready_ratio_warm", "game ready / floor ready, warm", 1.15, "x"),
    ("revisit_bytes", "bytes transferred on a revisit", 50 * KB, "B"),
    ("hard_p95_ms", "hard bot decision in the browser, p95", 500, "ms"),
    ("play_longest_task_ms", "longest main-thread task during play", 200, "ms"),
    ("payload_gzip_bytes", "app payload (dist/ minus vendor/), gzip", 400 * KB, "B"),
]


class BenchError(Exception):
    """A clean, expected failure (missing dist/, a page that never got ready...)."""


# --- statistics and formatting (pure; tests/test_bench.py) ------------------------------


def percentile(values, q: float) -> float | None:
    """Nearest-rank percentile (``q`` in 0..100) of ``values``; None if empty."""
    data = sorted(values)
    if not data:
        return None
    rank = max(1, math.ceil(q / 100.0 * len(data)))
    return data[min(rank, len(data)) - 1]


def summarize(values) -> dict:
    """n, min, median, p95 (nearest rank), max and mean; None-valued figures if empty."""
    data = [float(v) for v in values if v is not None]
    if not data:
        return {"n": 0, "min": None, "median": None, "p95": None, "max": None, "mean": None}
    return {"n": len(data), "min": min(data), "median": statistics.median(data), "p95": percentile(data, 95),
            "max": max(data), "mean": statistics.fmean(data)}


def ratio(a, b) -> float | None:
    return None if a is None or b is None or b == 0 else a / b


def paired_ratios(numerators, denominators) -> list[float]:
    """a_i / b_i of runs measured side by side (None and zero skipped)."""
    return [a / b for a, b in zip(numerators, denominators) if a is not None and b]


def gzip_size(data: bytes) -> int:
    """Bytes of ``data`` gzipped at level 9 (a fixed mtime: deterministic)."""
    return len(gzip.compress(data, compresslevel=9, mtime=0))


def payload(folder: Path, exclude: tuple[str, ...] = ("vendor",)) -> dict:
    """Size of every file under ``folder`` except the top-level folders ``exclude``
    and the build's precompressed siblings (the same files, encoded), raw and
    gzipped one by one (how a static host compresses them), largest first."""
    from tools.precompress import is_sibling

    folder = Path(folder)
    files = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        rel = path.relative_to(folder)
        if rel.parts[0] in exclude or is_sibling(rel.as_posix()):
            continue
        data = path.read_bytes()
        files.append({"path": rel.as_posix(), "bytes": len(data), "gzip": gzip_size(data)})
    files.sort(key=lambda f: (-f["gzip"], f["path"]))
    groups: dict[str, dict] = {}
    for f in files:
        top = f["path"].split("/")[0] if "/" in f["path"] else "(top level)"
        g = groups.setdefault(top, {"files": 0, "bytes": 0, "gzip": 0})
        g["files"] += 1
        g["bytes"] += f["bytes"]
        g["gzip"] += f["gzip"]
    return {"files": len(files), "bytes": sum(f["bytes"] for f in files), "gzip": sum(f["gzip"] for f in files),
            "by_folder": dict(sorted(groups.items(), key=lambda kv: -kv[1]["gzip"])), "largest": files[:15]}


def zip_breakdown(path: Path) -> dict:
    """What app.zip holds: entries, sizes by top folder and the largest files."""
    with zipfile.ZipFile(path) as zf:
        infos = [i for i in zf.infolist() if not i.is_dir()]
    by_top: dict[str, dict] = {}
    for i in infos:
        top = i.filename.split("/")[0]
        g = by_top.setdefault(top, {"entries": 0, "raw": 0, "compressed": 0})
        g["entries"] += 1
        g["raw"] += i.file_size
        g["compressed"] += i.compress_size
    largest = sorted(infos, key=lambda i: -i.compress_size)[:10]
    return {"bytes": Path(path).stat().st_size, "entries": len(infos),
            "pyc": sum(i.filename.endswith(".pyc") for i in infos), "by_top": by_top,
            "largest": [{"path": i.filename, "raw": i.file_size, "compressed": i.compress_size} for i in largest]}


def fmt_ms(v) -> str:
    return "-" if v is None else f"{v:,.0f} ms" if v >= 10 else f"{v:.1f} ms"


def fmt_bytes(v) -> str:
    if v is None:
        return "-"
    if v < 10 * KB:
        return f"{v:,.0f} B"
    if v < 10 * KB * KB:
        return f"{v / KB:,.1f} kB"
    return f"{v / KB / KB:,.1f} MB"


def fmt_ratio(v) -> str:
    return "-" if v is None else f"{v:.2f}x"


def fmt_value(v, unit: str) -> str:
    return {"ms": fmt_ms, "B": fmt_bytes, "x": fmt_ratio}.get(unit, lambda x: "-" if x is None else f"{x:,.0f}")(v)


def format_table(headers: list[str], rows: list[list], title: str | None = None) -> str:
    """A plain-text table: first column left-aligned, the others right-aligned."""
    cells = [[str(h) for h in headers]] + [["" if c is None else str(c) for c in row] for row in rows]
    ncol = max(len(r) for r in cells)
    cells = [r + [""] * (ncol - len(r)) for r in cells]
    widths = [max(len(r[i]) for r in cells) for i in range(ncol)]

    def line(row):
        parts = [row[0].ljust(widths[0])] + [row[i].rjust(widths[i]) for i in range(1, ncol)]
        return "  ".join(parts).rstrip()

    out = [title] if title else []
    out += [line(cells[0]), "  ".join("-" * w for w in widths)]
    out += [line(r) for r in cells[1:]]
    return "\n".join(out)


def evaluate_targets(figures: dict, targets=TARGETS) -> list[dict]:
    """Each target with its measured value, met or not, and by how much."""
    out = []
    for key, what, limit, unit in targets:
        value = figures.get(key)
        row = {"key": key, "what": what, "limit": limit, "unit": unit, "value": value}
        if value is None:
            row.update(met=None, verdict="not measured")
        else:
            met = value < limit
            row.update(met=met, over=value / limit)
            gap = fmt_value(abs(limit - value), unit) if unit != "x" else f"{abs(limit - value):.3f}"
            row["verdict"] = (f"met, {gap} to spare ({value / limit:.0%} of the limit)" if met
                              else f"MISSED by {gap} ({value / limit:.0%} of the limit)")
        out.append(row)
    return out


# --- the site ---------------------------------------------------------------------------


def stage_site(build: bool, dist: Path = DIST, stage: Path = STAGE, positions: int = 24) -> dict:
    """Build (or copy dist/) into ``stage``, measure the payload, add the bench pages."""
    if build:
        from tools import build as site_build

        site_build.build(stage)
    else:
        if not (Path(dist) / "sw.js").is_file() or not (Path(dist) / "vendor").is_dir():
            raise BenchError(f"{dist} is not built: run `make dist` (or leave out --no-build)")
        if stage.exists():
            shutil.rmtree(stage)
        shutil.copytree(dist, stage)
    info = {"payload": payload(stage), "app_zip": zip_breakdown(stage / "app.zip")}
    # The bench pages: not in dist/ and not in the service worker's list
    # (the worker lets such requests through to the network).
    for name in ("bot", "startup"):
        shutil.copytree(BENCH_PAGES / name, stage / "bench" / name, dirs_exist_ok=True)
    shutil.copyfile(POSITIONS_PY, stage / "bench" / "bot" / "bench_positions.py")
    run_python([str(POSITIONS_PY), "--positions", str(positions), "--write",
                str(stage / "bench" / "bot" / "positions.json")], stage)
    info["variants"] = make_variants(stage)
    return info


WORKER_TAG = re.compile(r"[ \t]*<script\b[^>]*\bworker\b[^>]*>\s*</script>[ \t]*\n?")
READY_LINE = re.compile(r'^([ \t]*)root\.classList\.add\("ready"\)\n', re.M)
# Runs a script's body once <html> has the class "ready" (for the swlate variant).
WHEN_READY_JS = """// bench variant of sw-register.js: registers only once the page is ready.
const benchScriptSrc = document.currentScript.src;
((run) => {
  const root = document.documentElement;
  if (root.classList.contains("ready")) return run();
  new MutationObserver((_, observer) => {
    if (root.classList.contains("ready")) { observer.disconnect(); run(); }
  }).observe(root, {attributes: true, attributeFilter: ["class"]});
})(() => {
%s
});
"""


def make_variants(stage: Path) -> dict[str, str]:
    """Write the --profile variants of the staged game page (``VARIANTS``);
    return name -> what it changes, or why it was skipped. Each patches text
    of index.html, ui/app.py, sw.js or sw-register.js, and is skipped when
    that text has changed shape. Their own files are not in the precache
    list, so their revisits fetch a few hundred bytes that the real page
    would not."""
    index = stage / "index.html"
    if not index.is_file():
        return {name: "skipped: no index.html" for name in VARIANTS}
    html = index.read_text(encoding="utf-8")
    tag = WORKER_TAG.search(html)
    if not tag:
        return {name: "skipped: no worker <script> in index.html" for name in VARIANTS}
    out = {}
    noworker = WORKER_TAG.sub("", html)
    pages = {"noworker": noworker}
    out["noworker"] = "index.html without the bot worker's <script>"

    # lateworker: no worker tag; ui/app.py creates the worker once it has marked ready
    attrs = dict(re.findall(r'\b(name|src|config)="([^"]*)"', tag.group(0)))
    app = stage / "ui" / "app.py"
    text = app.read_text(encoding="utf-8") if app.is_file() else ""
    line = READY_LINE.search(text)
    late = None
    if line and {"name", "src"} <= set(attrs) and 'src="./ui/app.py"' in noworker:
        create = (f'{line.group(1)}asyncio.ensure_future(__import__("pyscript").create_named_worker('
                  f'src={attrs["src"]!r}, name={attrs["name"]!r}, config={attrs.get("config")!r}))  # bench\n')
        (stage / "bench" / "variants").mkdir(parents=True, exist_ok=True)
        (stage / "bench" / "variants" / "lateworker.py").write_text(
            text[:line.end()] + create + text[line.end():], encoding="utf-8")
        late = noworker.replace('src="./ui/app.py"', 'src="./bench/variants/lateworker.py"')
        pages["lateworker"] = late
        out["lateworker"] = "no worker <script>; ui/app.py starts it (create_named_worker) right after ready"

    # swlate: the service worker registered once the page is ready, precaching with
    # cache "no-cache" (revalidate: 304s for what the page just downloaded) instead of "reload"
    register, sw = stage / "sw-register.js", stage / "sw.js"
    reg_text, sw_text = register.read_text(encoding="utf-8"), sw.read_text(encoding="utf-8")
    if ('new URL("sw.js", document.currentScript.src)' in reg_text and 'cache: "reload"' in sw_text
            and 'src="./sw-register.js"' in html):
        body = reg_text.replace('new URL("sw.js", document.currentScript.src)', 'new URL("bench-sw.js", benchScriptSrc)')
        (stage / "bench-sw-register-late.js").write_text(WHEN_READY_JS % body, encoding="utf-8")
        (stage / "bench-sw.js").write_text(sw_text.replace('cache: "reload"', 'cache: "no-cache"'), encoding="utf-8")
        pages["swlate"] = html.replace('src="./sw-register.js"', 'src="./bench-sw-register-late.js"')
        out["swlate"] = 'sw-register.js waits for ready; sw.js precaches with cache: "no-cache", not "reload"'
        if late:
            pages["fixed"] = late.replace('src="./sw-register.js"', 'src="./bench-sw-register-late.js"')
            out["fixed"] = "lateworker and swlate together"
    for name in VARIANTS:
        if name in pages:
            (stage / VARIANTS[name]).write_text(pages[name], encoding="utf-8")
        else:
            out[name] = "skipped: ui/app.py, index.html, sw.js or sw-register.js changed shape"
    return out


def run_python(args: list[str], stage: Path, timeout: float = 900) -> str:
    """Run CPython with the staged app.zip first on sys.path; return stdout."""
    env = dict(os.environ, PYTHONPATH=str(stage / "app.zip"), PYTHONDONTWRITEBYTECODE="1")
    try:
        done = subprocess.run([sys.executable, *args], env=env, cwd=ROOT, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        raise BenchError(f"python {' '.join(args)} took more than {timeout:.0f} s") from None
    if done.returncode:
        raise BenchError(f"python {' '.join(args)} failed:\n{done.stderr[-2000:]}")
    return done.stdout


# --- serving, with a byte count -----------------------------------------------------------


class ByteLog:
    """Every response a server wrote: (end time, path, bytes, status, Sec-Fetch-Dest)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.entries: list[tuple[float, str, int, str, str]] = []

    def add(self, entry) -> None:
        with self.lock:
            self.entries.append(entry)

    def between(self, start: float, end: float = math.inf) -> list[tuple]:
        with self.lock:
            return [e for e in self.entries if start <= e[0] <= end]


class _CountingWriter:
    def __init__(self, raw, handler):
        self.raw, self.handler = raw, handler

    def write(self, data) -> int:
        self.handler.bytes_out += len(data)
        return self.raw.write(data)

    def __getattr__(self, name):
        return getattr(self.raw, name)


def counting_server(directory: Path):
    """tools/serve.py's server and handler, counting each response's bytes."""
    from tools.serve import Handler, Server

    log = ByteLog()

    class CountingHandler(Handler):
        quiet = True

        def setup(self) -> None:
            super().setup()
            self.bytes_out = 0
            self.wfile = _CountingWriter(self.wfile, self)

        def send_response(self, code, message=None) -> None:
            self.status = code
            super().send_response(code, message)

        def handle_one_request(self) -> None:
            self.bytes_out, self.status = 0, 0
            super().handle_one_request()
            if self.bytes_out:
                headers = getattr(self, "headers", None)
                dest = headers.get("Sec-Fetch-Dest", "") if headers else ""
                log.add((time.time(), getattr(self, "path", "?"), self.bytes_out, self.status, dest))

    server = Server(("127.0.0.1", 0), functools.partial(CountingHandler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True, name="bench-serve").start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/", log


# --- the browser ----------------------------------------------------------------------------


class Browser:
    """Chromium, its contexts and the servers started for them; ``close()`` stops them all.

    ``profile=True`` (the default): every context is a browser of its own on
    a new, empty user-data folder, so its HTTP cache lives on disk as in a
    real browser. Playwright's ordinary contexts are incognito, with an
    in-memory HTTP cache that keeps no entry of more than a few MB: there,
    the 9.6 MB pyodide.asm.wasm is never served from the HTTP cache, and
    every second fetch of it (the bot worker's, the service worker's
    precache) goes over the network again. ``profile=False`` measures that.
    """

    def __init__(self, stage: Path, timeout_s: float, profile: bool = True):
        from playwright.sync_api import sync_playwright

        self.stage, self.timeout_ms, self.profile = stage, timeout_s * 1000, profile
        self.servers, self.version, self.browser = [], "?", None
        self.observe = (BENCH_PAGES / "observe.js").read_text(encoding="utf-8")
        self.tmp = Path(tempfile.mkdtemp(prefix="sixtysix-bench-"))
        self.launch = {"args": CHROMIUM_ARGS, "headless": True}
        if os.path.exists(CHROMIUM):
            self.launch["executable_path"] = CHROMIUM
        self.pw = sync_playwright().start()
        if not profile:
            try:
                self.browser = self.pw.chromium.launch(**self.launch)
            except Exception as exc:
                self.close()
                raise BenchError(f"cannot start Chromium ({exc}); run `make setup`") from None
            self.version = self.browser.version

    def context(self):
        """A fresh context (empty cache, service workers allowed) on a fresh server."""
        server, url, log = counting_server(self.stage)
        self.servers.append(server)
        options = {"service_workers": "allow", "base_url": url}
        if self.profile:
            folder = tempfile.mkdtemp(dir=self.tmp)
            try:
                context = self.pw.chromium.launch_persistent_context(folder, **self.launch, **options)
            except Exception as exc:
                raise BenchError(f"cannot start Chromium ({exc}); run `make setup`") from None
            if context.browser is not None:
                self.version = context.browser.version
        else:
            context = self.browser.new_context(**options)
        context.set_default_timeout(self.timeout_ms)
        context.add_init_script(self.observe)
        return context, url, log

    def _stop_servers(self) -> None:
        for server in self.servers:
            server.shutdown()
            server.server_close()
        self.servers = []

    def done_with(self, context) -> None:
        try:
            context.close()
        finally:
            self._stop_servers()
            for folder in self.tmp.iterdir():
                shutil.rmtree(folder, ignore_errors=True)

    def close(self) -> None:
        self._stop_servers()
        try:
            if self.browser is not None:
                self.browser.close()
        finally:
            self.pw.stop()
            shutil.rmtree(self.tmp, ignore_errors=True)


def open_page(context, url: str, until: str, timeout_ms: float):
    """Open ``url`` and wait for ``until`` (a selector) or a PyScript error banner."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    page.on("console", lambda m: errors.append(f"console: {m.text[:300]}") if m.type == "error" else None)
    page.goto(url, wait_until="commit", timeout=timeout_ms)
    try:
        page.wait_for_selector(f"{until}, .py-error", state="attached", timeout=timeout_ms)
    except Exception:
        page.close()
        raise BenchError(f"{url}: no {until} after {timeout_ms / 1000:.0f} s; errors: {errors[-5:]}") from None
    if page.locator(".py-error").count():
        text = page.locator(".py-error").first.inner_text()[:800]
        page.close()
        raise BenchError(f"{url}: PyScript error: {text}")
    return page, errors


def bench_state(page) -> dict:
    return page.evaluate("""() => ({bench: window.__bench, origin: performance.timeOrigin,
      measures: performance.getEntriesByType("measure").map((m) => [m.name, m.startTime, m.duration]),
      resources: performance.getEntriesByType("resource").map((r) => ({name: r.name.replace(location.origin, ""),
        start: r.startTime, end: r.responseEnd, transfer: r.transferSize, encoded: r.encodedBodySize,
        sw: r.workerStart > 0}))})""")


def visit(context, url: str, log: ByteLog, timeout_ms: float, wait_sw: bool = True, wait_move: bool = True) -> dict:
    """One load of ``url``: times since navigation start, and the bytes it cost.
    ``wait_move``: if the computer is to move at ready, wait for its move."""
    net: dict[str, dict] = {}
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    page.on("console", lambda m: errors.append(f"console: {m.text[:300]}") if m.type == "error" else None)
    cdp = context.new_cdp_session(page)
    cdp.on("Network.responseReceived", lambda e: net.setdefault(e["requestId"], {}).update(
        url=e["response"]["url"], sw=bool(e["response"].get("fromServiceWorker"))))
    cdp.on("Network.loadingFinished", lambda e: net.setdefault(e["requestId"], {}).update(
        encoded=e.get("encodedDataLength", 0)))
    cdp.send("Network.enable")
    start = time.time()
    page.goto(url, wait_until="commit", timeout=timeout_ms)
    try:
        page.wait_for_selector("html.ready, .py-error", state="attached", timeout=timeout_ms)
        if page.locator(".py-error").count():
            raise BenchError(f"{url}: PyScript error: {page.locator('.py-error').first.inner_text()[:800]}")
        if wait_move and page.evaluate("document.documentElement.dataset.toMove") == "computer":
            # the computer leads: wait for its first move (the worker must be up)
            page.wait_for_function("document.documentElement.dataset.toMove !== 'computer'", timeout=timeout_ms)
        if wait_sw:
            page.wait_for_function("document.documentElement.dataset.sw === 'ready'", timeout=timeout_ms)
        page.wait_for_timeout(300)  # let the last responses of the page land
        state = bench_state(page)
        # Forget the saved match (not the caches): the revisit deals the same hand again.
        page.evaluate("localStorage.clear()")
    except BenchError:
        page.close()
        raise
    except Exception as exc:
        page.close()
        raise BenchError(f"{url}: not ready (and precached) after {timeout_ms / 1000:.0f} s: {exc}") from None
    page.close()
    end = time.time()
    b, origin = state["bench"], state["origin"] / 1000.0
    marks = b["marks"]
    ready = marks.get("ready")
    requests = log.between(start, end)
    ready_at = origin + ready / 1000.0 if ready is not None else end
    progress = {text: t for t, text in reversed(b["progress"])}  # first time of each step
    first_move = None
    if ready is not None:
        after = [m for m in b["moves"] if m[0] >= ready - 1]
        if after and after[0][1] == "computer":
            first_move = next((t for t, who in after if who != "computer"), None)
    elements = b["elements"]
    shell_parts = [elements.get(k) for k in ("title", "stock")]
    return {
        "ready_ms": ready,
        "fcp_ms": b["paints"].get("first-contentful-paint"),
        "shell_ms": max(shell_parts) if all(v is not None for v in shell_parts) else elements.get("out"),
        "elements": elements,
        "lcp_ms": b["lcp"],
        "dcl_ms": marks.get("dcl"),
        "sw_ready_ms": marks.get("sw_ready"),
        "runtime_ms": progress.get("Loaded Pyodide"),  # PyScript's runtime (and [files]) ready
        "first_move_ms": first_move,  # the computer's first move done (it leads this deal)
        # the page's own performance.measure()s (ui/app.py): its Python start-up, the wait
        # for the bot worker at the first call, the first call itself
        "app_start_ms": _first_measure(state, "sixtysix:app-ready"),
        "worker_wait_ms": _first_measure(state, "sixtysix:worker-ready"),
        "first_choose_ms": _first_measure(state, "sixtysix:choose"),
        "progress": b["progress"],
        "longtasks": b["longtasks"],
        "longest_task_ms": max((d for _, d in b["longtasks"]), default=0.0),
        "bytes": sum(r[2] for r in requests),
        "bytes_to_ready": sum(r[2] for r in requests if r[0] <= ready_at),
        "requests": len(requests),
        "by_path": _by_path(requests),
        "cdp_page_bytes": sum(v.get("encoded", 0) for v in net.values() if not v.get("sw")),
        "resources": state["resources"],
        "errors": errors,
    }


def _first_measure(state: dict, name: str) -> float | None:
    return next((d for n, _, d in state.get("measures", []) if n == name), None)


def _by_path(requests) -> dict:
    out: dict[str, list[int]] = {}
    for _, path, n, _, _ in requests:
        key = path.split("?")[0]
        count = out.setdefault(key, [0, 0])
        count[0] += 1
        count[1] += n
    return dict(sorted(out.items(), key=lambda kv: -kv[1][1]))


def load_runs(browser: Browser, pages: dict[str, str], reps: int, say) -> dict:
    """``reps`` cold+warm runs of each page, interleaved: A B, B A, A B..."""
    runs = {name: [] for name in pages}
    names = list(pages)
    for rep in range(reps):
        order = names if rep % 2 == 0 else names[::-1]
        for name in order:
            context, url, log = browser.context()
            try:
                bot = name not in NO_BOT
                cold = visit(context, url + pages[name], log, browser.timeout_ms, wait_move=bot)
                warm = visit(context, url + pages[name], log, browser.timeout_ms, wait_move=bot)
            finally:
                browser.done_with(context)
            runs[name].append({"cold": cold, "warm": warm, "loadavg": os.getloadavg()[0]})
            for kind, v in (("cold", cold), ("warm", warm)):
                for e in v["errors"][:3]:
                    say(f"  warning: {name} {kind}: {e}")
            say(f"  rep {rep + 1}/{reps} {name:9s} ready cold {fmt_ms(cold['ready_ms']):>9s}  "
                f"warm {fmt_ms(warm['ready_ms']):>9s}  shell warm {fmt_ms(warm['shell_ms'])}")
    return runs


def bot_page(browser: Browser, levels, seconds: float, timeout_ms: float) -> dict:
    context, url, log = browser.context()
    try:
        query = f"?levels={','.join(levels)}&seconds={seconds:g}"
        page, errors = open_page(context, url + BOT_PAGE + query, "html.done", timeout_ms)
        report = json.loads(page.locator("#out").inner_text())
        state = bench_state(page)
        page.close()
    finally:
        browser.done_with(context)
    if "error" in report:
        raise BenchError(f"bot page: {report['error']}")
    ready = state["bench"]["marks"].get("ready") or 0
    report["longtasks_after_ready"] = [t for t in state["bench"]["longtasks"] if t[0] >= ready]
    report["errors"] = errors
    return report


def play_hand(browser: Browser, timeout_ms: float, say, hands: int = 2) -> dict:
    """Play ``hands`` hands as the human (first playable card) against the hard bot."""
    context, url, log = browser.context()
    clicks, played = 0, 0
    try:
        page, errors = open_page(context, url + PLAY_PAGE, "html.ready", timeout_ms)
        html = page.locator("html")
        deadline = time.time() + timeout_ms / 1000
        while played < hands:
            if time.time() > deadline:
                raise BenchError(f"play: {hands} hands not over within {timeout_ms / 1000:.0f} s")
            page.wait_for_function("""() => { const d = document.documentElement.dataset;
                return d.result || (d.toMove === 'you' && d.busy === '0'); }""", timeout=timeout_ms)
            if html.get_attribute("data-result"):
                played += 1
                if played < hands:
                    page.locator("#btn-next-hand").click()
                    page.wait_for_function("() => !document.documentElement.dataset.result", timeout=timeout_ms)
                continue
            card = page.locator('#hand button.card[aria-disabled="false"]')
            if card.count():
                card.first.click()
            else:  # no card to play: the first action button shown (declare...)
                page.locator("section.actions button.action:not([hidden])").first.click()
            clicks += 1
            page.wait_for_function("() => document.documentElement.dataset.busy === '1' || "
                                   "document.documentElement.dataset.toMove !== 'you' || "
                                   "!!document.documentElement.dataset.result", timeout=timeout_ms)
        state = bench_state(page)
        page.close()
    finally:
        browser.done_with(context)
    b = state["bench"]
    ready = b["marks"]["ready"]
    tasks = [t for t in b["longtasks"] if t[0] >= ready]
    # the computer's turns: from data-to-move="computer" to the next change
    turns, moves = [], [m for m in b["moves"] if m[0] >= ready]
    for (t, who), nxt in zip(moves, moves[1:] + [[math.inf, None]]):
        if who == "computer" and nxt[0] != math.inf:
            turns.append((t, nxt[0]))
    during = [d for s, d in tasks if any(a <= s < z for a, z in turns)]
    chooses = [d for n, _, d in state.get("measures", []) if n == "sixtysix:choose"]
    say(f"  played {hands} hands: {clicks} actions, {len(turns)} computer turns, "
        f"{len(tasks)} main-thread tasks over 50 ms after ready")
    return {"hands": hands, "actions": clicks, "marks": b["marks"], "longtasks": tasks,
            "longest_task_ms": max((d for _, d in tasks), default=0.0),
            "longest_task_computer_ms": max(during, default=0.0),
            "computer_turns": len(turns),
            "computer_turn_ms": summarize([z - a for a, z in turns]),
            "choose_call_ms": summarize(chooses),  # ui/app.py's measure of each worker call
            "boot_longest_task_ms": max((d for s, d in b["longtasks"] if s < ready), default=0.0),
            "errors": errors}


def startup_page(browser: Browser, timeout_ms: float) -> dict:
    context, url, log = browser.context()
    try:
        page, errors = open_page(context, url + STARTUP_PAGE, "html.done", timeout_ms)
        report = json.loads(page.locator("#out").inner_text())
        page.close()
    finally:
        browser.done_with(context)
    report["errors"] = errors
    return report


# --- putting it together ------------------------------------------------------------------------


def load_summary(runs: dict) -> dict:
    out = {}
    for name, reps in runs.items():
        out[name] = {}
        for visit_kind in ("cold", "warm"):
            vs = [r[visit_kind] for r in reps]
            out[name][visit_kind] = {k: summarize(v[k] for v in vs)
                                     for k in ("ready_ms", "fcp_ms", "shell_ms", "lcp_ms", "runtime_ms",
                                               "first_move_ms", "app_start_ms", "worker_wait_ms",
                                               "first_choose_ms", "bytes", "bytes_to_ready", "cdp_page_bytes",
                                               "longest_task_ms")}
    floor = runs.get("floor", [])
    for name, reps in runs.items():
        for visit_kind in ("cold", "warm"):
            rs = paired_ratios([r[visit_kind]["ready_ms"] for r in reps], [f[visit_kind]["ready_ms"] for f in floor])
            out[name][visit_kind]["ready_ratio"] = summarize(rs)
            # Python work after the runtime is up: what the page itself adds
            out[name][visit_kind]["after_runtime_ms"] = summarize(
                r[visit_kind]["ready_ms"] - r[visit_kind]["runtime_ms"] for r in reps
                if r[visit_kind]["ready_ms"] is not None and r[visit_kind]["runtime_ms"] is not None)
    return out


def bot_summary(browser_report: dict | None, cpython: dict | None) -> dict:
    out = {}
    for level in LEVELS:
        row = {}
        if browser_report and level in browser_report.get("levels", {}):
            rows = browser_report["levels"][level]
            row["browser"] = summarize(r["ms"] for r in rows)
            row["browser_roundtrip"] = summarize(r["roundtrip_ms"] for r in rows)
            row["browser_per_s"] = 1000.0 * len(rows) / sum(r["ms"] for r in rows) if rows else None
        if cpython and level in cpython.get("levels", {}):
            rows = cpython["levels"][level]
            row["cpython"] = summarize(r["ms"] for r in rows)
            row["cpython_per_s"] = 1000.0 * len(rows) / sum(r["ms"] for r in rows) if rows else None
        for side, report in (("browser", browser_report), ("cpython", cpython)):
            rows = (report or {}).get("levels", {}).get(level, [])
            nodes = [r["nodes"] for r in rows if "nodes" in r]
            if nodes and len(nodes) == len(rows):
                row[f"{side}_nodes_per_s"] = 1000.0 * sum(nodes) / sum(r["ms"] for r in rows)
        if "browser" in row and "cpython" in row:
            row["ratio_total"] = ratio(row["cpython_per_s"], row["browser_per_s"])
            b, c = browser_report["levels"][level], cpython["levels"][level]
            row["same_choices"] = [x["action"] for x in b] == [x["action"] for x in c]
        out[level] = row
    return out


def headline(result: dict) -> dict:
    """The figures the targets are about."""
    loads = result.get("load_summary", {})
    game = loads.get("game", {})
    f = {
        "shell_warm_ms": game.get("warm", {}).get("shell_ms", {}).get("median"),
        "ready_ratio_cold": game.get("cold", {}).get("ready_ratio", {}).get("median"),
        "ready_ratio_warm": game.get("warm", {}).get("ready_ratio", {}).get("median"),
        "revisit_bytes": game.get("warm", {}).get("bytes", {}).get("max"),
        "hard_p95_ms": result.get("bots", {}).get("hard", {}).get("browser", {}).get("p95"),
        "play_longest_task_ms": (result.get("play") or {}).get("longest_task_ms"),
        "payload_gzip_bytes": result.get("site", {}).get("payload", {}).get("gzip"),
    }
    return f


def longest_text(tasks) -> str:
    """The longest of PerformanceObserver's long tasks ([start, ms]); it reports only those over 50 ms."""
    return fmt_ms(max(d for _, d in tasks)) if tasks else "none over 50 ms"


def slim(result: dict) -> dict:
    """The result without the per-visit resource lists, and with only the ten
    largest paths of each visit's byte count (for docs/bench-sample.json)."""
    out = json.loads(json.dumps(result))
    for reps in out.get("loads", {}).values():
        for rep in reps:
            for v in (rep["cold"], rep["warm"]):
                v.pop("resources", None)
                v["by_path"] = dict(list(v["by_path"].items())[:10])
    return out


def report_text(result: dict) -> str:
    meta = result["meta"]
    parts = [f"Sixty-Six bench, {meta['date']}: {meta['reps']} reps, Chromium {meta.get('chromium', '?')} "
             f"({meta.get('contexts', '?')}), "
             f"{meta['cpus']} CPUs, load average {meta['load_before'][0]:.1f} before, "
             f"{meta['load_after'][0]:.1f} after"]
    loads = result.get("load_summary", {})
    if loads:
        rows = []
        for name, s in loads.items():
            for kind in ("cold", "warm"):
                v = s[kind]
                rows.append([f"{name} {kind}", fmt_ms(v["ready_ms"]["median"]),
                             f"{fmt_ms(v['ready_ms']['min'])}..{fmt_ms(v['ready_ms']['max'])}",
                             fmt_ratio(v["ready_ratio"]["median"]) if name != "floor" else "1.00x",
                             fmt_ms(v["runtime_ms"]["median"]), fmt_ms(v["after_runtime_ms"]["median"]),
                             fmt_ms(v["fcp_ms"]["median"]), fmt_ms(v["shell_ms"]["median"]),
                             fmt_ms(v["first_move_ms"]["median"]),
                             fmt_bytes(v["bytes_to_ready"]["median"]), fmt_bytes(v["bytes"]["median"])])
        parts.append(format_table(
            ["page, visit", "ready", "range", "x floor", "runtime", "+python", "FCP", "shell", "1st move",
             "B to ready", "B visit"], rows,
            title="\nLoad (medians; ready = class 'ready'; runtime = PyScript 'Loaded Pyodide'; "
                  "+python = ready - runtime; x floor = median of paired ratios; shell = title text and stock "
                  "card painted; 1st move = the computer's first move done; B = bytes the server sent, a cold "
                  "visit including the service worker's precache; all times from navigation start)"))
    bots = result.get("bots", {})
    if bots:
        rows = []
        for level, r in bots.items():
            b, c = r.get("browser", {}), r.get("cpython", {})
            rows.append([level, fmt_ms(b.get("median")), fmt_ms(b.get("p95")), fmt_ms(b.get("max")),
                         fmt_ms(r.get("browser_roundtrip", {}).get("p95")),
                         fmt_ms(c.get("median")), fmt_ms(c.get("p95")), fmt_ms(c.get("max")),
                         "-" if r.get("browser_per_s") is None else f"{r['browser_per_s']:.1f}",
                         "-" if r.get("cpython_per_s") is None else f"{r['cpython_per_s']:.1f}",
                         fmt_ratio(r.get("ratio_total")), {True: "yes", False: "NO"}.get(r.get("same_choices"), "-")])
        n = (result.get("bot_browser") or {}).get("positions", "?")
        parts.append(format_table(
            ["level", "browser med", "p95", "max", "round-trip p95", "CPython med", "p95", "max",
             "browser/s", "CPython/s", "slowdown", "same moves"], rows,
            title=f"\nBot decisions over {n} positions (bench/bot/ worker; CPython with the same app.zip)"))
    eng_b = (result.get("bot_browser") or {}).get("engine")
    eng_c = result.get("cpython_engine")
    if eng_b or eng_c:
        rows = []
        for key in ("random_hands_per_s", "copy_push_per_s", "push_legal_pop_per_s"):
            b, c = (eng_b or {}).get(key), (eng_c or {}).get(key)
            rows.append([key, "-" if b is None else f"{b:,}", "-" if c is None else f"{c:,}", fmt_ratio(ratio(c, b))])
        parts.append(format_table(
            ["engine", f"Pyodide {(eng_b or {}).get('python', '')}", f"CPython {(eng_c or {}).get('python', '')}",
             "slowdown"], rows, title="\nEngine (sixtysix.bench)"))
    hard = bots.get("hard", {})
    if hard.get("browser_nodes_per_s") and hard.get("cpython_nodes_per_s"):
        parts.append(f"hard search: {hard['browser_nodes_per_s']:,.0f} nodes/s in the browser, "
                     f"{hard['cpython_nodes_per_s']:,.0f} in CPython")
    bot_tasks = (result.get("bot_browser") or {}).get("longtasks_after_ready")
    if bot_tasks is not None:
        parts.append(f"bot page main thread while the worker computed: {longest_text(bot_tasks)}")
    play = result.get("play")
    if play:
        parts.append(f"\nPlay ({play['hands']} hands vs hard, fast pace, {play['actions']} human actions): "
                     f"longest main-thread task after ready {longest_text(play['longtasks'])} (while the computer "
                     f"was to move: {fmt_ms(play['longest_task_computer_ms']) if play['longest_task_computer_ms'] else 'none'}); "
                     f"bot calls (the page's own measure) median {fmt_ms(play['choose_call_ms']['median'])}, "
                     f"max {fmt_ms(play['choose_call_ms']['max'])}; computer turn median "
                     f"{fmt_ms(play['computer_turn_ms']['median'])}, max {fmt_ms(play['computer_turn_ms']['max'])}; "
                     f"longest task while booting {fmt_ms(play['boot_longest_task_ms'])}")
    site = result.get("site", {})
    if site:
        p, z = site["payload"], site["app_zip"]
        groups = ", ".join(f"{k} {fmt_bytes(v['gzip'])}" for k, v in list(p["by_folder"].items())[:6])
        parts.append(f"\nPayload (dist/ without vendor/): {p['files']} files, {fmt_bytes(p['bytes'])} raw, "
                     f"{fmt_bytes(p['gzip'])} gzipped one by one ({groups}); app.zip {fmt_bytes(z['bytes'])}, "
                     f"{z['entries']} entries")
    start = result.get("startup")
    if start:
        top = ", ".join(f"{r['import']} {r['self_ms']:.0f}" for r in start["imports"][:6])
        steps = start["steps"]
        parts.append(f"\nStartup in Pyodide, main thread (--profile): game imports "
                     f"{fmt_ms(steps['import_game_modules'])}, worker imports {fmt_ms(steps['import_worker_modules'])}, "
                     f"catalogs + table + model {fmt_ms(steps['catalogs_table_present'])}, compiling all "
                     f"{start['compile']['files']} .py {fmt_ms(start['compile']['ms'])}; slowest imports (self ms): {top}")
    def measured(t):
        if t["value"] is None:
            return "-"
        if t["unit"] == "x":
            return f"{t['value']:.3f}x"
        if t["key"] == "play_longest_task_ms" and t["value"] == 0:
            return "none > 50 ms"  # what PerformanceObserver reports
        return fmt_value(t["value"], t["unit"])

    parts += bench_network.report_lines(result, fmt_bytes, format_table)
    rows = [[t["what"], measured(t), "< " + fmt_value(t["limit"], t["unit"]), t["verdict"]] for t in result["targets"]]
    parts.append(format_table(["target", "measured", "limit", "verdict"], rows, title="\nTargets"))
    return "\n".join(parts)


def git_state() -> dict:
    """The commit benchmarked and the files that differed from it (the build
    takes the working tree, others' unfinished edits included)."""
    def git(*args):
        try:
            return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=30).stdout
        except (OSError, subprocess.SubprocessError):
            return ""
    dirty = [line[3:] for line in git("status", "--porcelain", "--untracked-files=no").splitlines()]
    return {"commit": git("rev-parse", "--short", "HEAD").strip(), "modified": dirty}


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=None, help="cold+warm loads of each page (default 5; 1 with --quick)")
    ap.add_argument("--quick", action="store_true", help="1 rep, 8 positions, 0.5 s engine runs, no play")
    ap.add_argument("--profile", action="store_true", help="also the no-worker variant and the startup profile")
    ap.add_argument("--no-build", action="store_true", help="bench the existing dist/ instead of building")
    ap.add_argument("--incognito", action="store_true",
                    help="Playwright's incognito contexts (in-memory HTTP cache) instead of a fresh profile per run")
    ap.add_argument("--dist", default=str(DIST), help="with --no-build: the built site (default dist/)")
    ap.add_argument("--positions", type=int, default=None, help="bot positions (default 24; 8 with --quick)")
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--seconds", type=float, default=None, help="engine speed run length (default 2; 0.5 quick)")
    ap.add_argument("--timeout", type=float, default=180, help="seconds for one page load (default 180)")
    ap.add_argument("--no-network", action="store_true", help="skip the network-emulated first visits (tools/bench_network.py)")
    ap.add_argument("--no-lighthouse", action="store_true", help="skip Lighthouse (mobile and desktop)")
    ap.add_argument("--network-reps", type=int, default=1, help="cold loads of each page per network profile (default 1)")
    ap.add_argument("--out", default=None, help="JSON file (default results/bench-<date>.json)")
    ap.add_argument("--sample", default=None, help="also write a slimmer copy there (docs/bench-sample.json)")
    args = ap.parse_args(argv)
    args.reps = args.reps or (1 if args.quick else 5)
    args.positions = args.positions or (8 if args.quick else 24)
    args.seconds = args.seconds or (0.5 if args.quick else 2.0)
    if args.reps < 1 or args.positions < 1:
        ap.error("--reps and --positions must be at least 1")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    say = functools.partial(print, flush=True)
    levels = [x for x in args.levels.split(",") if x]
    started = time.time()
    now = dt.datetime.now().astimezone()
    result: dict = {"meta": {"date": now.isoformat(timespec="seconds"), "reps": args.reps, "quick": args.quick,
                             "profile": args.profile, "positions": args.positions, "cpus": os.cpu_count(),
                             "machine": platform.machine(), "cpython": platform.python_version(),
                             "load_before": list(os.getloadavg()), "floor_page": FLOOR_PAGE, "game_page": GAME_PAGE,
                             "play_page": PLAY_PAGE}}
    result["meta"].update(git_state())
    browser = None
    try:
        say(f"bench: {'building' if not args.no_build else 'copying ' + args.dist} into "
            f"{STAGE.relative_to(ROOT)}/")
        result["site"] = stage_site(not args.no_build, Path(args.dist), STAGE, args.positions)
        say("bench: CPython (same app.zip): engine and bot positions")
        result["cpython_engine"] = json.loads(run_python(
            ["-m", "sixtysix.bench", "--json", "--seconds", str(args.seconds)], STAGE).strip().splitlines()[-1])
        result["cpython_bots"] = json.loads(run_python(
            [str(STAGE / "bench" / "bot" / "bench_positions.py"), "--positions", str(args.positions), "--levels",
             ",".join(levels), "--json"], STAGE).strip().splitlines()[-1])
        browser = Browser(STAGE, args.timeout, profile=not args.incognito)
        result["meta"]["contexts"] = "incognito" if args.incognito else "fresh profile per run (disk HTTP cache)"
        pages = {"floor": FLOOR_PAGE, "game": GAME_PAGE}
        if args.profile:
            pages.update({name: page + GAME_QUERY for name, page in VARIANTS.items()
                          if not result["site"]["variants"][name].startswith("skipped")})
        say(f"bench: loads, {args.reps} cold+warm reps of {', '.join(pages)} (interleaved)")
        result["loads"] = load_runs(browser, pages, args.reps, say)
        result["load_summary"] = load_summary(result["loads"])
        say("bench: bot decisions in the browser (bench/bot/)")
        result["bot_browser"] = bot_page(browser, levels, args.seconds, max(browser.timeout_ms, 1800_000))
        result["bots"] = bot_summary(result["bot_browser"], result["cpython_bots"])
        if not args.quick:
            say("bench: two hands of play against the hard bot")
            result["play"] = play_hand(browser, max(browser.timeout_ms, 600_000), say)
        if args.profile:
            say("bench: startup profile (bench/startup/)")
            result["startup"] = startup_page(browser, browser.timeout_ms)
        if not (args.quick or args.no_network):
            say(f"bench: first visits under network emulation ({', '.join(bench_network.PROFILES)})")
            try:
                result["network"] = bench_network.network_runs(browser.pw, browser.launch, STAGE, args.network_reps,
                                                               max(args.timeout, 400), say)
                result["network_summary"] = bench_network.network_summary(result["network"])
            except Exception as exc:  # keep every other figure of the run
                say(f"bench: network runs failed: {exc}")
                result["network_error"] = str(exc)
        if not (args.quick or args.no_lighthouse):
            result["lighthouse"] = bench_network.lighthouse_runs(STAGE, say)
    except BenchError as exc:
        say(f"bench: error: {exc}")
        return 2
    except KeyboardInterrupt:
        say("bench: interrupted")
        return 130
    finally:
        if browser is not None:
            result["meta"]["chromium"] = browser.version
            browser.close()
    result["meta"]["load_after"] = list(os.getloadavg())
    result["meta"]["seconds"] = round(time.time() - started)
    result["headline"] = headline(result)
    result["targets"] = evaluate_targets(result["headline"])
    result["first_visit"] = bench_network.headline(result.get("network_summary", {}), result.get("lighthouse", {}))
    result["first_visit_targets"] = bench_network.evaluate(result["first_visit"])
    out = Path(args.out) if args.out else RESULTS / f"bench-{now.strftime('%Y%m%d-%H%M%S')}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    if args.sample:
        Path(args.sample).write_text(json.dumps(slim(result), indent=1) + "\n", encoding="utf-8")
    say("\n" + report_text(result))
    say(f"\nbench: raw figures in {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out} "
        f"({result['meta']['seconds']} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
