"""What the long main-thread tasks of a cold visit are made of (issue 33):

    python3 tools/build.py && python3 -m tools.task_trace [index.html] [--over 50] [--cpu-slowdown 4] [--top 8] [--site DIR]

Loads the page cold in a fresh headless Chromium (service workers blocked,
no start-up snapshot) with a DevTools trace, and prints every main-thread
task over ``--over`` ms until ``<html class="ready">``: its start, its
length, and the longest events inside it with the script or file they
name (script evaluation, compilation, parsing, style and layout, fonts,
wasm). ``--cpu-slowdown 4`` slows the page's CPU as Lighthouse's mobile
preset counts it (DevTools' CPU throttling), ``--top`` events per task;
``--site`` traces another build (one ``tools.before_after`` made, say). With
``--over 50`` (or less) it also sums each task's time beyond 50 ms, as
Total Blocking Time counts it.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools.bench.browser import wait_ready  # noqa: E402
from tools.chromium_flags import BASE_ARGS, CHROMIUM  # noqa: E402
from tools.serve import serve_in_thread  # noqa: E402

#: A user timing mark the moment <html> is ready, in the page's own clock and in the trace's.
READY_MARK = """
new MutationObserver((_, watch) => {
  if (document.documentElement && document.documentElement.classList.contains("ready")) {
    performance.mark("task-trace:ready");
    watch.disconnect();
  }
}).observe(document, {attributes: true, attributeFilter: ["class"], subtree: true, childList: true});
"""
CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "v8.execute", "blink",
              "disabled-by-default-v8.compile", "toplevel", "blink.user_timing", "loading", "fonts"]


def traced(page, categories: list[str], during) -> tuple[object, list[dict]]:
    """``during()`` run under a DevTools trace of ``categories`` taken through
    ``page``'s own CDP session (a persistent context has no Browser to trace
    with): its result and the trace's events."""
    session = page.context.new_cdp_session(page)
    events, done = [], []
    session.on("Tracing.dataCollected", lambda e: events.extend(e["value"]))
    session.on("Tracing.tracingComplete", lambda e: done.append(True))
    session.send("Tracing.start", {"traceConfig": {"includedCategories": categories}, "transferMode": "ReportEvents"})
    result = during()
    session.send("Tracing.end")
    while not done:
        page.wait_for_timeout(100)  # Playwright delivers the trace's events only while it waits
    return result, events


def label(event: dict) -> str:
    data = event.get("args", {}).get("data", {}) or event.get("args", {})
    where = data.get("url") or data.get("fileName") or data.get("functionName") or ""
    return f"{event['name']} {str(where).rsplit('/', 1)[-1]}".strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("page", nargs="?", default="index.html")
    parser.add_argument("--over", type=float, default=50)
    parser.add_argument("--cpu-slowdown", type=float, default=1, help="DevTools CPU throttling rate (1: none)")
    parser.add_argument("--top", type=int, default=8, help="events listed per task, longest first")
    parser.add_argument("--site", type=Path, default=ROOT / "dist", help="the built site to trace (default dist/)")
    args = parser.parse_args()
    _, base = serve_in_thread(str(args.site))
    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        browser = p.chromium.launch(executable_path=CHROMIUM if Path(CHROMIUM).exists() else None, args=BASE_ARGS)
        context = browser.new_context(service_workers="block")
        context.add_init_script("globalThis.sixtysixSnapshotDelayMs = 1e9;" + READY_MARK)
        page = context.new_page()
        if args.cpu_slowdown != 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": args.cpu_slowdown})
        trace = Path(tmp) / "trace.json"
        browser.start_tracing(page=page, path=str(trace), categories=CATEGORIES)
        page.goto(base + args.page + "?seed=11&lang=pt")
        wait_ready(page, 90_000)  # not wait_for_selector, whose own script would show as a task
        ready = page.evaluate("performance.getEntriesByName('task-trace:ready')[0].startTime")
        browser.stop_tracing()
        browser.close()
        events = json.loads(trace.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    threads = {(e["pid"], e["tid"]) for e in events if e.get("name") == "thread_name"
               and e.get("args", {}).get("name") == "CrRendererMain"}
    # times from the page's first parse of its document (the trace stops at ready)
    parses = [e["ts"] for e in events if (e["pid"], e["tid"]) in threads and e.get("name") == "ParseHTML"]
    start = min(parses) if parses else min(e["ts"] for e in events if (e["pid"], e["tid"]) in threads)
    main_events = [e for e in events if (e["pid"], e["tid"]) in threads and e.get("ph") == "X" and "dur" in e]
    marks = [e["ts"] for e in events if e.get("name") == "task-trace:ready"]
    end_ts = min(marks) if marks else float("inf")  # the tasks that start before ready
    tasks = list({(e["ts"], e["dur"]): e for e in main_events if e["name"] in ("RunTask", "ThreadControllerImpl::RunTask")
                  and e["dur"] / 1000 > args.over and start <= e["ts"] < end_ts}.values())  # one per task
    outer, end = [], 0
    for task in sorted(tasks, key=lambda e: (e["ts"], -e["dur"])):  # a task nested in another is the same task
        if task["ts"] >= end:
            outer.append(task)
            end = task["ts"] + task["dur"]
    tasks = outer
    slower = f", the CPU {args.cpu_slowdown:g}x slower" if args.cpu_slowdown != 1 else ""
    blocking = sum(max(0.0, t["dur"] / 1000 - 50) for t in tasks)
    print(f"{args.page}: ready at {ready:.0f} ms{slower}; main-thread tasks over {args.over:.0f} ms "
          f"from the first parse to ready: {len(tasks)}" + (f", blocking {blocking:.0f} ms (beyond 50 ms each)"
                                                            if args.over <= 50 else ""))
    for task in tasks:
        inside = [e for e in main_events if task["ts"] <= e["ts"] and e["ts"] + e["dur"] <= task["ts"] + task["dur"]
                  and e is not task and e["name"] not in ("RunTask", "ThreadControllerImpl::RunTask")]
        print(f"- {(task['ts'] - start) / 1000:.0f} ms after the first parse, {task['dur'] / 1000:.0f} ms long:")
        for e in sorted(inside, key=lambda e: -e["dur"])[:args.top]:
            print(f"    {e['dur'] / 1000:7.1f} ms  {label(e)}")
        fonts = [e for e in inside if e["name"] == "FontCache::GetFontPlatformData"]
        if fonts:  # nested calls counted once: the outermost of each
            outer_fonts = [e for e in fonts if not any(o is not e and o["ts"] <= e["ts"] and e["ts"] + e["dur"] <= o["ts"] + o["dur"]
                                                   for o in fonts)]
            print(f"    fonts looked up: {len(outer_fonts)}, {sum(e['dur'] for e in outer_fonts) / 1000:.1f} ms in all")


if __name__ == "__main__":
    main()
