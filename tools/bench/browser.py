"""Headless Chromium for the bench: fresh contexts, visiting a page, reading its state."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

from tools.chromium_flags import BASE_ARGS as CHROMIUM_ARGS, CHROMIUM, disabled_features

from .server import ByteLog, counting_server
from .site import BENCH_PAGES
from .stats import BenchError


def wait_ready(page, timeout_ms: float) -> None:
    """Until ``<html class="ready">``, asking the page itself every 50 ms.

    Not ``wait_for_selector``: Playwright first injects its own script into
    the page, a main-thread task of 60-120 ms under a 4x slower CPU (about
    25 ms at full speed) that the page's long tasks until ready would count
    (docs/performance.md, "MicroPython's file errors")."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not page.evaluate("document.documentElement.classList.contains('ready')"):
        if time.monotonic() > deadline:
            raise TimeoutError(f"{page.url}: not ready after {timeout_ms / 1000:.0f} s")
        page.wait_for_timeout(50)


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
        # Without Chromium's own omnibox WebUI, which would start beside every
        # measured page and compete with it for the two cores (tools/chromium_flags.py).
        try:
            idle_off = disabled_features(self.pw.chromium, self.launch)
        except Exception as exc:
            self.close()
            raise BenchError(f"cannot start Chromium ({exc}); run `make setup`") from None
        self.launch["args"] = [*CHROMIUM_ARGS, idle_off]
        if not profile:
            try:
                self.browser = self.pw.chromium.launch(**self.launch)
            except Exception as exc:
                self.close()
                raise BenchError(f"cannot start Chromium ({exc}); run `make setup`") from None
            self.version = self.browser.version

    def context(self, service_workers: str = "allow"):
        """A fresh context (empty cache, service workers allowed unless ``"block"``) on a fresh server."""
        server, url, log = counting_server(self.stage)
        self.servers.append(server)
        options = {"service_workers": service_workers, "base_url": url}
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
        # No start-up snapshot unless a step asks for one (scenarios.make_snapshot):
        # a warm visit measures the ordinary boot.
        context.add_init_script("window.sixtysixSnapshotDelayMs ??= 2e9;")
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


def chromium_uss_mb() -> float:
    """Summed USS (private clean + dirty) of the Chromium processes under this one, MB."""
    children: dict[int, list[int]] = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            ppid = int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(pid))
    mine, todo = set(), [os.getpid()]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in mine:
                mine.add(child)
                todo.append(child)
    total = 0
    for pid in mine:
        try:
            if "chrom" not in os.readlink(f"/proc/{pid}/exe"):
                continue
            for line in open(f"/proc/{pid}/smaps_rollup"):
                name, _, rest = line.partition(":")
                if name in ("Private_Clean", "Private_Dirty"):
                    total += int(rest.split()[0])
        except OSError:
            continue
    return total / 1024


#: Whether a realm (the page or a worker) started a Pyodide: it fetched Pyodide's wasm itself.
PYODIDE_HERE = "() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/pyodide.asm.wasm'))"


def pyodide_realms(page) -> int:
    """The realms, page and workers (not the start-up snapshot's), that started a Pyodide."""
    count = 0
    for realm in [page] + [w for w in page.workers if "snapshot-worker" not in w.url]:
        try:
            count += bool(realm.evaluate(PYODIDE_HERE))
        except Exception:  # a worker that went meanwhile
            continue
    return count


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
        # PyScript's runtime (and [files]) ready: the floor's Pyodide, the game's MicroPython
        "runtime_ms": progress.get("Loaded Pyodide", progress.get("Loaded MicroPython")),
        "first_move_ms": first_move,  # the computer's first move done (it leads this deal)
        # the page's own performance.measure()s (ui/dom/main.py, ui/dom/split.py): the DOM layer's
        # modules loading, its start until the first table; the worker's first bot call
        "imports_ms": _first_measure(state, "sixtysix:dom-imports"),
        "app_start_ms": _first_measure(state, "sixtysix:dom-ready"),
        "first_choose_ms": _first_measure(state, "sixtysix:choose"),
        "worker_start_ms": _first_measure(state, "sixtysix:worker-start"),
        "progress": b["progress"],
        "longtasks": b["longtasks"],
        "longest_task_ms": max((d for _, d in b["longtasks"]), default=0.0),
        # from navigation until the first move is possible (issue 33's target)
        "longest_task_to_ready_ms": max((d for start, d in b["longtasks"] if ready is not None and start < ready),
                                        default=0.0),
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
