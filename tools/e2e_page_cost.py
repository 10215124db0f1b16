"""What one page start costs in the e2e suite's browser: machine CPU and wall time.

    python3 -m tools.e2e_page_cost [--starts 5]

Serves dist/ as the e2e suite does, makes the start-up snapshot in one
context, then opens the game ``--starts`` times in it (each a new page, as
each test gets) and reports the machine's busy CPU seconds and the wall time
per start, for Chromium as Playwright launches it, for the e2e suite's
switches (e2e/conftest.py: no idle WebUI pages, ``--liftoff-only``), and for
those switches in the headless shell the suite prefers
(``tools.chromium_flags.HEADLESS_SHELL``, when installed), and for the last
of those with no snapshot (as the shared page starts), with ``--variants``
a page.route on each page and each page in a context of its own, and with each
``--try-switch`` added, in turn and twice each, since this machine is noisy.
``--threads``: instead, only the suite's browser (the headless shell when
installed) with the snapshot, and where a start's CPU goes: Chromium's
threads by process type and name (tools/thread_cpu.py), this process (the
server and Playwright's client) and Playwright's node driver.
Run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from e2e import conftest as e2e  # noqa: E402
from tools.chromium_flags import CHROMIUM, HEADLESS_SHELL, disabled_features  # noqa: E402
from tools.e2e_cpu import busy_seconds  # noqa: E402
from tools.thread_cpu import TICK, Sampler  # noqa: E402
from tools.serve import serve_in_thread  # noqa: E402


def node_seconds() -> float:
    """CPU seconds of every node process so far (Playwright's driver is one)."""
    total = 0
    for entry in os.listdir("/proc"):
        try:
            if entry.isdigit() and b"node" in open(f"/proc/{entry}/cmdline", "rb").read().split(b"\0")[0]:
                fields = open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()
                total += int(fields[11]) + int(fields[12])
        except OSError:
            pass
    return total / TICK


class Watch:
    """Chromium's threads (sampled every 0.1 s), this process and node, over the starts."""

    def __enter__(self):
        self.sampler, self.stop = Sampler(), threading.Event()
        self.sampler.sample()
        self.node, self.own = node_seconds(), sum(os.times()[:2])
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()
        return self

    def _loop(self) -> None:
        while not self.stop.wait(0.1):
            self.sampler.sample()

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join()
        self.sampler.sample()
        self.node, self.own = node_seconds() - self.node, sum(os.times()[:2]) - self.own

    def report(self, starts: int) -> None:
        totals = self.sampler.totals()
        print(f"per start: Chromium {sum(totals.values()) / starts * 1000:.0f} ms, this process "
              f"(server, Playwright's client, the sampler) {self.own / starts * 1000:.0f} ms, "
              f"node {self.node / starts * 1000:.0f} ms")
        for (kind, name), seconds in totals.most_common(10):
            print(f"{seconds / starts * 1000:8.1f} ms  {kind} / {name}")


def cost(browser_type, launch: dict, url: str, starts: int, snapshot: bool = True, variant: str = "",
         watch: Watch | None = None) -> tuple[float, float]:
    """CPU and wall seconds per start; the first page (not counted) makes the
    snapshot, or with ``snapshot=False`` only warms the HTTP cache, and no page
    of the context makes one (as in the tests' own contexts and shared page).
    ``variant``: "route" gives each page a ``page.route`` (one that matches
    nothing: routing is on); "own context" opens each page in a new context,
    as a test that asks for ``context`` gets (empty HTTP cache, no snapshot)."""
    browser = browser_type.launch(**launch)
    try:
        context = browser.new_context(base_url=url, service_workers="block", reduced_motion="reduce")
        if not snapshot:
            context.add_init_script(e2e.NO_SNAPSHOT)
        page = context.new_page()
        if snapshot:
            page.add_init_script(e2e.SNAPSHOT_AT_ONCE)
        e2e.open_game(page, "seed=1&level=random&fast=1")
        if snapshot:
            page.wait_for_selector("html[data-snapshot]", state="attached", timeout=e2e.FIRST_LOAD_MS)
        page.close()
        time.sleep(2)  # let the first page's worker wind down
        cpu, wall = busy_seconds(), time.monotonic()
        with watch or contextlib.nullcontext():
            for _ in range(starts):
                own = browser.new_context(base_url=url, service_workers="block", reduced_motion="reduce") if variant == "own context" else None
                if own:
                    own.add_init_script(e2e.NO_SNAPSHOT)
                page = (own or context).new_page()
                if variant == "route":
                    page.route("**/no-such-file", lambda route: route.abort())
                e2e.open_game(page, "seed=3&level=random&fast=1")
                page.close()
                if own:
                    own.close()
        return (busy_seconds() - cpu) / starts, (time.monotonic() - wall) / starts
    finally:
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--try-switch", action="append", default=[], metavar="SWITCH",
                        help="also measure the last browser with SWITCH added (repeatable; a "
                             "--js-flags= one replaces the suite's)")
    parser.add_argument("--threads", action="store_true",
                        help="only the suite's browser, with where each start's CPU goes")
    parser.add_argument("--variants", action="store_true",
                        help="also measure the last browser with a page.route on each page, and with each page in a new context")
    args = parser.parse_args()
    server, url = serve_in_thread(e2e.stage_test_site())
    try:
        with sync_playwright() as p:
            plain_args = [a for a in e2e.CHROMIUM_ARGS if not a.startswith("--js-flags")]
            plain = {"executable_path": CHROMIUM, "args": plain_args}
            suite = {"executable_path": CHROMIUM, "args": [*e2e.CHROMIUM_ARGS]}
            suite["args"].append(disabled_features(p.chromium, suite))
            launches = [("Playwright's defaults", plain), ("the e2e suite's switches", suite)]
            if Path(HEADLESS_SHELL).exists():
                launches.append(("the same, headless shell", {**suite, "executable_path": HEADLESS_SHELL}))
            if args.threads:
                watch = Watch()
                cpu, wall = cost(p.chromium, launches[-1][1], url, args.starts, watch=watch)
                print(f"{launches[-1][0]:40} {cpu:5.2f} CPU s, {wall:5.2f} s wall per page start ({args.starts} starts)")
                watch.report(args.starts)
                return
            runs = [(name, launch, True, "") for name, launch in launches]
            runs.append(("the last, no snapshot", launches[-1][1], False, ""))
            if args.variants:
                runs += [(f"the last, {v}", launches[-1][1], True, v) for v in ("route", "own context")]
            for switch in args.try_switch:
                base = launches[-1][1]
                kept = [a for a in base["args"] if not (switch.startswith("--js-flags=") and a.startswith("--js-flags="))]
                runs.append((f"the last, {switch}", {**base, "args": [*kept, switch]}, True, ""))
            for _ in range(2):
                for name, launch, snapshot, variant in runs:
                    cpu, wall = cost(p.chromium, launch, url, args.starts, snapshot, variant)
                    print(f"{name:40} {cpu:5.2f} CPU s, {wall:5.2f} s wall per page start ({args.starts} starts)")
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
