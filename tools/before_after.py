"""The page before and after a change, side by side in the same run:

    python3 tools/build.py && python3 -m tools.before_after [--before b3afb57] [--rounds 3] [--cpu-slowdown 4] [--lighthouse [--lighthouse-runs 4]]
    python3 tools/build.py && python3 -m tools.before_after --before <commit> --revisits 3 [--rounds 4] [--snapshot] [--new-tab 8]
    python3 tools/build.py && python3 -m tools.before_after --targets [--rounds 4]

``--before`` names a commit (default: the last one whose page ran two
Pyodides, issue 33's starting point); its site is built from ``git archive``
into ``build/before-<commit>/`` with this checkout's node_modules, and served
beside ``dist/``. Each round opens, in a fresh headless Chromium each (cold
HTTP cache, service workers blocked, no start-up snapshot made),
about:blank and both pages, in ABBA order across rounds, on
``?seed=11&lang=pt`` (the player leads), then reloads each page once (warm
HTTP cache). Per visit: the longest main-thread task and the Total Blocking
Time (tasks' time over 50 ms) from navigation until ``<html class="ready">``,
the time to ready, the wasm files fetched and the Pyodide instances (the
realms, page or worker, where ``loadPyodide`` ran). Per cold visit: the
summed USS of Chromium's processes 6 s after ready, minus about:blank's in
the same round, and a card tap until the card leaves the hand.
``--cpu-slowdown 4`` slows each page's main thread as Lighthouse's mobile
preset counts it (DevTools' CPU throttling; the workers run at full speed),
which is where its long tasks show. With
``--snapshot`` each page makes its start-up snapshot after the cold visit
and the warm visit restores it, as a real revisit does (no memory figure
then). ``--lighthouse``: Lighthouse on both pages as make bench runs it,
``--lighthouse-runs`` times each, in turn (``--rounds 0``: only that).
``--revisits N`` measures a returning player instead: per round and page, a
fresh Chromium profile on disk (its HTTP cache and V8's code caches kept
between visits, as a player's browser keeps them; the incognito contexts
above keep nothing), the service worker on, a first visit and then N more
once the service worker is ready, each a navigation in the same tab, with
``--snapshot`` the start-up snapshot made after the first, and with
``--new-tab SECONDS`` each revisit in a new tab, the last one closed after
that long (a player who comes back later); per visit the time to ready, the
longest main-thread task until then and whether the service worker served it.
``--targets`` (what ``make bench`` runs) measures issue 33's targets against
the page before: per round and page, a first visit and a revisit in a new tab
that restores the start-up snapshot (as ``--revisits 1 --new-tab 1
--snapshot``), and a cold visit to a deal the computer leads (the computer's
first move done; the memory above about:blank's, measured in the same round,
6 s after ready), and each site's own engine in a worker (its Pyodide and
app.zip, the hard level on tools/bench_positions.py's positions); it prints
the medians and each target (``TARGETS``), the median of the rounds' paired
ratios (this page / the page before) at most 1, or 0.8 for the memory.
Prints the medians; ``--json FILE`` keeps every figure. Timings
count only as ratios within a run: the machine is shared.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools.bench.browser import chromium_uss_mb as uss_mb, pyodide_realms, wait_ready  # noqa: E402
from tools.bench.report import evaluate_targets, fmt_ratio  # noqa: E402
from tools.bench.stats import paired_ratios  # noqa: E402
from tools.chromium_flags import BASE_ARGS, CHROMIUM  # noqa: E402
from tools.serve import serve_in_thread  # noqa: E402

PAGES = ("before", "after")
#: The last commit whose page ran two Pyodides (one on the main thread, one for the bot).
TWO_RUNTIMES = "b3afb57"
QUERY = "?seed=11&lang=pt"
WATCH = r"""
globalThis.sixtysixSnapshotDelayMs = __DELAY__;
window.__m = {longtasks: [], readyAt: null, firstToMove: null, youAt: null};
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__m.longtasks.push([e.startTime, e.duration]);
}).observe({type: "longtask", buffered: true});
new MutationObserver((_, watch) => {
  const root = document.documentElement;
  if (root && root.classList.contains("ready") && window.__m.readyAt === null) {
    window.__m.readyAt = performance.now();
    watch.disconnect();
  }
}).observe(document, {attributes: true, attributeFilter: ["class"], subtree: true, childList: true});
// Who was first to move, and the player's first turn: on a deal the computer
// leads, its first move done. Read from the records, in order (two changes can
// come in one task): each record's old value, then the attribute as it is now.
new MutationObserver((records, watch) => {
  const root = document.documentElement;
  if (!root) return;
  const values = records.filter((r) => r.target === root && r.attributeName === "data-to-move").map((r) => r.oldValue);
  values.push(root.dataset.toMove);
  for (const value of values) {
    if (value && window.__m.firstToMove === null) window.__m.firstToMove = value;
  }
  if (values.includes("you") && window.__m.youAt === null) {
    window.__m.youAt = performance.now();
    watch.disconnect();
  }
}).observe(document, {attributes: true, attributeOldValue: true, attributeFilter: ["data-to-move"], subtree: true, childList: true});
"""
TAP = r"""async () => {
  const button = document.querySelector("#hand button.card[aria-disabled='false']");
  const code = button.dataset.code;
  const gone = new Promise((resolve) => new MutationObserver((_, watch) => {
    if (!document.querySelector(`#hand button.card[data-code='${code}']`)) { watch.disconnect(); resolve(performance.now()); }
  }).observe(document.getElementById("hand"), {childList: true, subtree: true, attributes: true}));
  const start = performance.now();
  button.click();
  return (await gone) - start;
}"""
YOUR_TURN = "() => document.documentElement.dataset.toMove === 'you' && document.documentElement.dataset.busy === '0'"


def launch(p):
    """A fresh headless Chromium (Debian's where installed, else Playwright's)."""
    return p.chromium.launch(executable_path=CHROMIUM if Path(CHROMIUM).exists() else None, args=BASE_ARGS)


def visit(page, url: str, wasm: list) -> dict:
    wasm.clear()
    page.goto(url)
    wait_ready(page, 90_000)
    page.wait_for_function("() => document.documentElement.dataset.toMove !== 'computer'", timeout=90_000)
    page.wait_for_timeout(300)  # late longtask entries
    m = page.evaluate("window.__m")
    tasks = [d for start, d in m["longtasks"] if start < m["readyAt"]]
    return {"ready_ms": round(m["readyAt"]), "longest_task_ms": round(max(tasks, default=0)),
            "tbt_ms": round(sum(max(0, d - 50) for d in tasks)), "wasm": sorted(wasm),
            "pyodide_wasm": wasm.count("pyodide.asm.wasm"),
            "runtime": page.evaluate("document.documentElement.dataset.runtime || null")}  # snapshot | boot


def wait_snapshot_saved(page) -> None:
    """The start-up snapshot made (js/pyodide-loader.mjs sets data-snapshot
    once it is saved, skipped or failed); any other outcome stops the run."""
    page.wait_for_selector("html[data-snapshot]", state="attached", timeout=90_000)
    made = page.evaluate("document.documentElement.dataset.snapshot")
    if made != "saved":
        raise SystemExit(f"{page.url}: the start-up snapshot was not made ({made})")


def one(p, base: str, name: str, snapshot: bool = False, cpu_slowdown: float = 1) -> dict:
    """One fresh browser: about:blank's memory, or a page's cold and warm visits."""
    browser = launch(p)
    try:
        context = browser.new_context(service_workers="block")
        context.add_init_script(WATCH.replace("__DELAY__", "1" if snapshot else "1e9"))
        page = context.new_page()
        if cpu_slowdown != 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu_slowdown})
        wasm: list[str] = []
        page.on("request", lambda r: r.url.endswith(".wasm") and wasm.append(r.url.rsplit("/", 1)[1]))
        if name == "about:blank":
            page.goto("about:blank")
            page.wait_for_timeout(6000)
            return {"uss_mb": uss_mb()}
        out = {"cold": visit(page, base + QUERY, wasm)}
        if snapshot:  # the revisit restores the start-up snapshot made on this device
            wait_snapshot_saved(page)
        else:
            page.wait_for_timeout(6000)
            out["uss_mb"] = uss_mb()
        out["pyodide_realms"] = pyodide_realms(page)
        page.wait_for_function(YOUR_TURN, timeout=60_000)
        out["tap_ms"] = round(page.evaluate(TAP), 1)
        page.evaluate("localStorage.clear()")
        out["warm"] = visit(page, base + QUERY, wasm)
        return out
    finally:
        browser.close()


def revisits(p, base: str, times: int, snapshot: bool = False, new_tab: float = 0) -> list[dict]:
    """A player's visits in one fresh profile on disk (its caches kept between
    visits, the service worker on; the start-up snapshot made after the first
    only if ``snapshot``): the first, then ``times`` more once the service
    worker is ready, each a navigation in the same tab, or with ``new_tab`` in a
    new tab, the last one closed that many seconds later."""
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM if Path(CHROMIUM).exists() else None, args=BASE_ARGS)
        try:
            context.add_init_script(WATCH.replace("__DELAY__", "1" if snapshot else "1e9"))
            wasm: list[str] = []
            context.on("request", lambda r: r.url.endswith(".wasm") and wasm.append(r.url.rsplit("/", 1)[1]))
            page = context.pages[0] if context.pages else context.new_page()
            out = []
            for n in range(times + 1):
                if new_tab and n:
                    page.wait_for_timeout(new_tab * 1000)
                    old, page = page, context.new_page()
                    old.close()
                out.append(visit(page, base + QUERY, wasm))
                out[-1]["controlled"] = page.evaluate("!!(navigator.serviceWorker && navigator.serviceWorker.controller)")
                if n == 0:
                    page.wait_for_selector("html[data-sw='ready']", state="attached", timeout=90_000)
                    if snapshot:
                        wait_snapshot_saved(page)
            return out
        finally:
            context.close()


#: Issue 33's targets against the last page with two Pyodides (``--before``,
#: default b3afb57, which stands for the issue's "today"), in the issue's words
#: "revisit: ... first move possible (worker ready) no later than today's ready;
#: first computer move on a cold visit no later than today's": the first move
#: possible on a revisit (a new tab that restores the start-up snapshot) and the
#: computer's first move on a cold visit, each the median over the rounds of
#: the paired ratios (this page / that page), at most 1; and "the page's memory
#: above a blank tab <= 0.8x today's, measured side by side": the summed USS of
#: Chromium's processes 6 s after ready on that cold visit, minus about:blank's
#: in a fresh browser of the same round; and "the engine in the worker no slower
#: than today's": each site's own Pyodide and app.zip in a module worker
#: (engine_in_worker), the summed time of the hard level's decisions on
#: tools/bench_positions.py's positions. The cold visits' ready
#: is printed beside them, for the record, and every ratio with its rounds'
#: range: the rounds spread by a quarter either way on this machine.
TARGETS = [
    ("ready_revisit", "first move possible (ready), revisit with its snapshot", 1.0, "x"),
    ("computer_move_cold", "the computer's first move done, cold visit", 1.0, "x"),
    ("memory_cold", "memory above a blank tab, 6 s after ready, cold visit", 0.8, "x"),
    ("engine_hard", "the engine in a worker: hard decisions' summed time", 1.0, "x"),
]
RECORD = [
    ("ready_cold", "ready, cold visit (the player leads)"),
    ("ready_cold_computer", "ready, cold visit (the computer leads)"),
]
#: A deal the computer leads, as make bench's game visits (tools/bench/site.py).
COMPUTER_LEADS = "?seed=4&fast=1&lang=pt"


def computer_first_move(p, base: str, blank_mb: float) -> dict:
    """A cold visit (a fresh browser, as one()'s) to a deal the computer leads:
    when it is ready and when the computer's first move is done, from
    navigation, and the browser's memory 6 s after ready above ``blank_mb``."""
    browser = launch(p)
    try:
        context = browser.new_context(service_workers="block")
        context.add_init_script(WATCH.replace("__DELAY__", "1e9"))
        page = context.new_page()
        page.goto(base + COMPUTER_LEADS)
        wait_ready(page, 90_000)
        page.wait_for_function("() => window.__m.youAt !== null", timeout=90_000)
        m = page.evaluate("window.__m")
        if m["firstToMove"] != "computer":
            raise SystemExit(f"{base}{COMPUTER_LEADS}: the computer does not lead this deal (first to move: {m['firstToMove']})")
        page.wait_for_timeout(max(0, m["readyAt"] + 6000 - page.evaluate("performance.now()")))
        return {"ready_ms": round(m["readyAt"]), "computer_move_ms": round(m["youAt"]),
                "above_blank_mb": round(uss_mb() - blank_mb, 1)}
    finally:
        browser.close()


#: Run in a module worker of a page without CSP (a 404 of the site's server):
#: the site's own Pyodide (stack switching hidden, as js/pyodide-loader.mjs
#: does) and app.zip, and tools/bench_positions.py beside it (make bench's
#: timing loop, whose ``decide`` is the game's bot call), then ENGINE_PY.
#: ORIGIN, VIEWS, HARNESS and RESULT are set before it.
ENGINE_JS = r"""
for (const name of ["Suspending", "Suspender"]) delete WebAssembly[name];
try {
  const { loadPyodide } = await import(ORIGIN + "/vendor/pyodide/pyodide.mjs");
  const py = await loadPyodide({ indexURL: ORIGIN + "/vendor/pyodide/" });
  const zip = await (await fetch(ORIGIN + "/app.zip")).arrayBuffer();
  py.FS.writeFile("/home/pyodide/app.zip", new Uint8Array(zip));
  py.FS.writeFile("/home/pyodide/bench_positions.py", HARNESS);
  py.globals.set("VIEWS", VIEWS);
  RESULT(py.runPython(ENGINE_PY));
} catch (e) {
  RESULT(JSON.stringify({ error: String(e) }));
}
"""
#: The hard level on each position, after one warm-up (as bench/bot/ times it).
ENGINE_PY = """
import json, sys
sys.path.insert(0, "/home/pyodide/app.zip")
import bench_positions
views = json.loads(VIEWS)
bench_positions.decide(views[0], "hard")
json.dumps({"hard_ms": [row["ms"] for row in bench_positions.time_level(views, "hard")]})
"""
WORKER_RUN = """async ([origin, views, harness, js, py]) => {
  const code = `const ORIGIN = ${JSON.stringify(origin)}; const VIEWS = ${JSON.stringify(views)};
    const HARNESS = ${JSON.stringify(harness)}; const ENGINE_PY = ${JSON.stringify(py)};
    const RESULT = (r) => postMessage(r);` + js;
  const w = new Worker(URL.createObjectURL(new Blob([code], {type: "text/javascript"})), {type: "module"});
  const out = await new Promise((resolve) => { w.onmessage = (e) => resolve(e.data);
    w.onerror = (e) => resolve(JSON.stringify({error: String(e.message)}));
    // A wasm that fails to load leaves Pyodide's start waiting for ever.
    setTimeout(() => resolve(JSON.stringify({error: "no answer in 180 s"})), 180000); });
  w.terminate();
  return out;
}"""


def engine_in_worker(p, base: str, views: list[str]) -> dict:
    """The site's engine in a worker of its own Pyodide: each hard decision's
    ms on ``views`` (JSON texts) and their sum."""
    browser = launch(p)
    try:
        page = browser.new_context(service_workers="block").new_page()
        page.goto(base + "no-such-page")  # the server's 404: no CSP, the site's origin
        harness = (ROOT / "tools" / "bench_positions.py").read_text(encoding="utf-8")
        out = json.loads(page.evaluate(WORKER_RUN, [base.rstrip("/"), json.dumps(views), harness, ENGINE_JS, ENGINE_PY]))
        if "error" in out:
            raise SystemExit(f"{base}: the engine did not run in a worker ({out['error']})")
        return {"hard_ms": [round(ms, 2) for ms in out["hard_ms"]], "hard_total_ms": round(sum(out["hard_ms"]), 1)}
    finally:
        browser.close()


def target_ratios(runs: dict) -> dict[str, list[float]]:
    """Each figure's paired ratios (after / before), round by round, from ``--targets``."""
    def ratios(get):
        return paired_ratios([get(x) for x in runs["after"]], [get(x) for x in runs["before"]])
    return {
        "ready_revisit": ratios(lambda x: x["visits"][1]["ready_ms"]),
        "computer_move_cold": ratios(lambda x: x["computer"]["computer_move_ms"]),
        "memory_cold": ratios(lambda x: x["computer"]["above_blank_mb"]),
        "engine_hard": ratios(lambda x: x["engine"]["hard_total_ms"]),
        "ready_cold": ratios(lambda x: x["visits"][0]["ready_ms"]),  # not targets: for the record
        "ready_cold_computer": ratios(lambda x: x["computer"]["ready_ms"]),
    }


def target_figures(runs: dict) -> dict:
    """Each figure's median paired ratio (after / before) from ``--targets``' rounds."""
    return {key: round(statistics.median(values), 3) for key, values in target_ratios(runs).items() if values}


def print_targets(p, bases: dict, args) -> None:
    """``--targets``: per round and page (ABBA), a player's first visit and a
    revisit in a new tab that restores the start-up snapshot (revisits()), and a
    cold visit to a deal the computer leads; the medians, and the targets."""
    from tools import bench_positions

    views = [json.dumps(v) for v in bench_positions.positions()]
    runs: dict[str, list] = {name: [] for name in PAGES}
    for r in range(args.rounds):
        blank_mb = one(p, "", "about:blank")["uss_mb"]
        for name in (PAGES if r % 2 == 0 else PAGES[::-1]):
            visits = revisits(p, bases[name], 1, snapshot=True, new_tab=1)
            if visits[1]["runtime"] != "snapshot":
                raise SystemExit(f"{name}: the revisit did not restore the start-up snapshot ({visits[1]['runtime']})")
            result = {"visits": visits, "computer": computer_first_move(p, bases[name], blank_mb),
                      "engine": engine_in_worker(p, bases[name], views)}
            runs[name].append(result)
            print(f"round {r + 1} {name}: ready {visits[0]['ready_ms']} ms cold, {visits[1]['ready_ms']} ms revisit; "
                  f"the computer's first move {result['computer']['computer_move_ms']} ms "
                  f"(ready {result['computer']['ready_ms']} ms), {result['computer']['above_blank_mb']} MB "
                  f"above a blank tab; {len(views)} hard decisions in a worker {result['engine']['hard_total_ms']} ms",
                  flush=True)
    if args.json:
        args.json.write_text(json.dumps(runs, indent=1))
    print(f"\nmedians of {args.rounds} rounds (ms from navigation) | " + " | ".join(PAGES))
    rows = (("first move possible (ready), cold", lambda x: x["visits"][0]["ready_ms"]),
            ("first move possible (ready), revisit with its snapshot", lambda x: x["visits"][1]["ready_ms"]),
            ("ready, cold, on a deal the computer leads", lambda x: x["computer"]["ready_ms"]),
            ("the computer's first move done, cold", lambda x: x["computer"]["computer_move_ms"]),
            ("memory above a blank tab, 6 s after ready, cold (MB)", lambda x: x["computer"]["above_blank_mb"]),
            (f"{len(views)} hard decisions in a worker, summed", lambda x: x["engine"]["hard_total_ms"]))
    for label, get in rows:
        print(f"{label} | " + " | ".join(str(median(get(x) for x in runs[name])) for name in PAGES))
    ratios, figures = target_ratios(runs), target_figures(runs)
    spread = lambda key: f"rounds {min(ratios[key]):.2f}-{max(ratios[key]):.2f}"  # noqa: E731
    print(f"\nIssue 33's targets: this page / the page of {args.before} (median of the rounds' paired ratios)")
    for row in evaluate_targets(figures, TARGETS):
        print(f"{row['what']:56s} {fmt_ratio(row['value']):>6s} ({spread(row['key'])})  <= "
              f"{fmt_ratio(row['limit'])}  {row['verdict']}")
    for key, what in RECORD:
        print(f"{'(for the record) ' + what:56s} {fmt_ratio(figures[key]):>6s} ({spread(key)})")


def build_commit(commit: str) -> Path:
    """``commit``'s dist/, built once into build/before-<commit>/ from ``git archive``."""
    sha = subprocess.run(["git", "rev-parse", "--short", commit], cwd=ROOT, check=True, capture_output=True,
                         text=True).stdout.strip()
    tree = ROOT / "build" / f"before-{sha}"
    dist = tree / "dist"
    if (dist / "index.html").is_file():
        return dist
    if tree.exists():
        shutil.rmtree(tree)
    tree.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", sha], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    (tree / "node_modules").symlink_to(ROOT / "node_modules")  # read only: its build runs no npm
    subprocess.run([sys.executable, "tools/build.py"], cwd=tree, check=True, stdout=subprocess.DEVNULL)
    return dist


def median(values) -> float:
    return round(statistics.median(values), 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default=TWO_RUNTIMES, help=f"the commit to compare with (default {TWO_RUNTIMES})")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--cpu-slowdown", type=float, default=1,
                        help="DevTools CPU throttling of each page's main thread (4: Lighthouse's mobile preset)")
    parser.add_argument("--lighthouse", action="store_true",
                        help="also Lighthouse (mobile and desktop, as make bench runs it) on each page, once")
    parser.add_argument("--lighthouse-runs", type=int, default=1,
                        help="with --lighthouse: runs per page and preset, in turn (A B, B A...), each printed")
    parser.add_argument("--revisits", type=int, default=0,
                        help="instead of the rounds' cold and warm visits: a first visit and N revisits "
                             "in one fresh profile per page and round, the service worker on")
    parser.add_argument("--new-tab", type=float, default=0, metavar="SECONDS",
                        help="with --revisits: each revisit in a new tab, the last one closed after SECONDS")
    parser.add_argument("--snapshot", action="store_true",
                        help="let each page make its start-up snapshot after the cold visit, so the warm "
                             "visit restores it (a real revisit); no memory figure then")
    parser.add_argument("--targets", action="store_true",
                        help="issue 33's targets against the page before (make bench runs it; --json keeps its rounds): "
                             "a first visit and a revisit restoring the snapshot, the computer's first move and "
                             "the memory on a cold visit, and the engine in a worker, per round and page")
    args = parser.parse_args()
    if args.targets and (args.revisits or args.snapshot or args.cpu_slowdown != 1 or args.lighthouse):
        parser.error("--targets makes its own visits: no --revisits, --snapshot, --cpu-slowdown or --lighthouse")
    if args.targets and args.rounds < 1:
        parser.error("--targets needs at least one round")
    if args.revisits and args.cpu_slowdown != 1:
        parser.error("--cpu-slowdown applies to the rounds' visits, not to --revisits")
    sites = {"before": build_commit(args.before), "after": ROOT / "dist"}
    bases = {name: serve_in_thread(str(site))[1].rstrip("/") + "/" for name, site in sites.items()}
    print(f"before: {args.before} ({sites['before'].relative_to(ROOT)}), after: the working tree's dist/", flush=True)
    runs: dict[str, list] = {name: [] for name in ("about:blank", *PAGES)}
    with sync_playwright() as p:
        if args.targets:
            return print_targets(p, bases, args)
        if args.revisits:
            return print_revisits(p, bases, args)
        for r in range(args.rounds):
            order = PAGES if r % 2 == 0 else PAGES[::-1]
            blank = {} if args.snapshot else one(p, "", "about:blank")
            runs["about:blank"].append(blank)
            for name in order:
                result = one(p, bases[name], name, args.snapshot, args.cpu_slowdown)
                if not args.snapshot:
                    result["above_blank_mb"] = round(result["uss_mb"] - blank["uss_mb"], 1)
                runs[name].append(result)
                print(f"round {r + 1} {name}: {json.dumps(result)}", flush=True)
    if args.rounds:
        print_medians(runs, args.rounds, args.snapshot)
    if args.lighthouse:
        runs.update(lighthouse_runs(bases, args.lighthouse_runs))
    if args.json:
        args.json.write_text(json.dumps(runs, indent=1))


def print_medians(runs: dict, rounds: int, snapshot: bool) -> None:
    print(f"\nmedians of {rounds} rounds | " + " | ".join(PAGES))
    rows = [("longest main-thread task to ready, cold (ms)", lambda x: x["cold"]["longest_task_ms"]),
            ("longest main-thread task to ready, warm (ms)", lambda x: x["warm"]["longest_task_ms"]),
            ("Total Blocking Time to ready, cold (ms)", lambda x: x["cold"]["tbt_ms"]),
            ("ready, cold (ms)", lambda x: x["cold"]["ready_ms"]),
            ("ready, warm (ms)", lambda x: x["warm"]["ready_ms"]),
            ("memory above about:blank, 6 s after ready (MB)", lambda x: x["above_blank_mb"]),
            ("tap until the card leaves the hand (ms)", lambda x: x["tap_ms"]),
            ("Pyodide instances (realms that fetched its wasm)", lambda x: x["pyodide_realms"]),
            ("pyodide.asm.wasm fetched, cold", lambda x: x["cold"]["pyodide_wasm"])]
    if snapshot:
        rows = [row for row in rows if "memory" not in row[0]]
        print("(warm: the start-up snapshot made after the cold visit restored)")
    for label, get in rows:
        print(f"{label} | " + " | ".join(str(median(get(x) for x in runs[name])) for name in PAGES))
    print("wasm fetched, cold | " + " | ".join(", ".join(runs[name][0]["cold"]["wasm"]) for name in PAGES))


def print_revisits(p, bases: dict, args) -> None:
    """``--revisits``: each page's visits in turn, ABBA across rounds; the medians by visit."""
    runs: dict[str, list] = {name: [] for name in PAGES}
    for r in range(args.rounds):
        for name in (PAGES if r % 2 == 0 else PAGES[::-1]):
            runs[name].append(revisits(p, bases[name], args.revisits, args.snapshot, args.new_tab))
            print(f"round {r + 1} {name}: " + json.dumps([{k: v[k] for k in ("ready_ms", "longest_task_ms", "controlled")}
                                                         for v in runs[name][-1]]), flush=True)
    print(f"\nmedians of {args.rounds} rounds, visit by visit (1: the first"
          + ("; the start-up snapshot made after it" if args.snapshot else "") + ") | " + " | ".join(PAGES))
    for n in range(args.revisits + 1):
        for label, key in (("ready (ms)", "ready_ms"), ("longest main-thread task to ready (ms)", "longest_task_ms")):
            print(f"visit {n + 1}, {label} | " + " | ".join(str(median(v[n][key] for v in runs[name])) for name in PAGES))
    if args.json:
        args.json.write_text(json.dumps(runs, indent=1))


def lighthouse_runs(bases: dict, times: int) -> dict:
    """Lighthouse (mobile, desktop; as make bench runs it) ``times`` times on each
    page, in turn; prints each run and each page's longest tasks."""
    from tools.bench_network import run_lighthouse

    found: dict[str, dict[str, list]] = {}
    print("\nLighthouse (score; TBT, LCP, CLS) | " + " | ".join(PAGES))
    for preset in ("mobile", "desktop"):
        found[f"lighthouse_{preset}"] = {name: [] for name in PAGES}
        for k in range(times):
            for name in (PAGES if k % 2 == 0 else PAGES[::-1]):
                found[f"lighthouse_{preset}"][name].append(run_lighthouse(bases[name], preset))
            cells = []
            for name in PAGES:
                r = found[f"lighthouse_{preset}"][name][-1]
                if "scores" not in r:
                    cells.append(r.get("error", "?"))
                    continue
                m = r["metrics"]
                cells.append(f"{r['scores'].get('performance')}; {m.get('tbt_ms') or 0:.0f} ms, "
                             f"{m.get('lcp_ms') or 0:.0f} ms, {m.get('cls') or 0:.3f}")
            print(f"{preset}{f' run {k + 1}' if times > 1 else ''} | " + " | ".join(cells))
            for name in PAGES:
                tasks = found[f"lighthouse_{preset}"][name][-1].get("long_tasks", [])
                print(f"  {preset} {name}, longest tasks (file start+duration ms): "
                      + ", ".join(f"{t['file']} {t['start_ms']}+{t['duration_ms']}" for t in tasks))
    return found


if __name__ == "__main__":
    main()
