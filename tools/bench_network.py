"""``make bench``'s first visit on a phone network: cold loads under Chromium's
network emulation, and Lighthouse. Called by tools/bench/ (the package); pure helpers are
tested in tests/test_bench_network.py.

Cold loads
----------
Each load is a fresh browser context (empty cache) on a fresh counting
server, its page throttled with CDP ``Network.emulateNetworkConditions`` at
each of ``PROFILES``, timed to ``<html class="ready">`` (bench/observe.js's
mark, ms since navigation) and counted in bytes the server wrote until then
(headers and encoded bodies: what went over the wire).

- The game: the staged site served by tools/serve.py's handler, so with
  its ``.br``/``.gz`` negotiation, as ``make play`` serves it.
- The naive floor, in the same run: ``bench/floor/`` (one line of Python)
  on the untouched npm runtime (every file of ``pyodide`` and
  ``@pyscript/core/dist``, full stdlib), staged without any precompressed
  sibling, so it is served without compression.

Service workers: a service worker's own fetches are a target of their own
that the page's emulation does not throttle. The game registers its worker
only once the page is ready (sw-register.js), so nothing it fetches is on
the way to ready; the bench blocks service workers in these contexts all the
same, so every byte before ready is the page's own, throttled fetch.

Lighthouse
----------
npm ``lighthouse`` (pinned 12.2.3 in package.json) on the staged game,
mobile (its default: simulated Slow 4G, 4x CPU) and ``--preset=desktop``,
with ``CHROME_PATH=/usr/bin/chromium``; its four scores and FCP, LCP, TBT,
CLS, Speed Index.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from tools.chromium_flags import CHROMIUM

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"
NAIVE_STAGE = ROOT / "build" / "bench-naive"
LIGHTHOUSE = NODE / ".bin" / "lighthouse"

#: name -> CDP Network.emulateNetworkConditions (latency ms, throughputs in bytes/s).
PROFILES = {
    "slow4g": {"latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8},
    "4g": {"latency": 40, "downloadThroughput": 10_000_000 / 8, "uploadThroughput": 5_000_000 / 8},
}
FLOOR = "bench/floor/"
GAME = "?seed=4&fast=1"
LH_CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
LH_METRICS = {
    "fcp_ms": "first-contentful-paint",
    "lcp_ms": "largest-contentful-paint",
    "tbt_ms": "total-blocking-time",
    "cls": "cumulative-layout-shift",
    "speed_index_ms": "speed-index",
}
#: (key in the figures, what, comparison, limit).
TARGETS = [
    ("cold_wire_bytes", "bytes on the wire, cold first visit (Slow 4G)", "<=", 4_500_000),
    ("slow4g_ready_ratio", "ready on Slow 4G / naive floor", "<=", 0.35),
    ("lh_mobile_performance", "Lighthouse mobile Performance", ">=", 90),
    ("lh_mobile_tbt_ms", "Lighthouse mobile Total Blocking Time", "<=", 300),
    ("lh_desktop_performance", "Lighthouse desktop Performance", ">=", 98),
    ("lh_accessibility", "Lighthouse Accessibility (worse of mobile, desktop)", ">=", 100),
    ("lh_best_practices", "Lighthouse Best Practices (worse of the two)", ">=", 100),
    ("lh_seo", "Lighthouse SEO (worse of the two)", ">=", 100),
    ("lh_cls", "Lighthouse CLS (worse of the two)", "<=", 0.02),
]


def stage_naive_floor(stage: Path = NAIVE_STAGE) -> Path:
    """bench/floor/ on the npm runtime as shipped (nothing trimmed, no sibling)."""
    if stage.exists():
        shutil.rmtree(stage)
    pyodide, pyscript = NODE / "pyodide", NODE / "@pyscript" / "core" / "dist"
    for f in sorted(pyodide.iterdir()):
        if f.is_file() and (f.name.startswith("pyodide") or f.name == "python_stdlib.zip"):
            (stage / "vendor" / "pyodide").mkdir(parents=True, exist_ok=True)
            shutil.copyfile(f, stage / "vendor" / "pyodide" / f.name)
    shutil.copytree(pyscript, stage / "vendor" / "pyscript")
    shutil.copytree(ROOT / "bench" / "floor", stage / "bench" / "floor")
    return stage


def cold_load(browser, stage: Path, path: str, conditions: dict, timeout_ms: float) -> dict:
    """One throttled cold visit: ms to ready and bytes written until then."""
    from tools.bench import counting_server

    server, url, log = counting_server(stage)
    context = browser.new_context(base_url=url, service_workers="block")
    try:
        context.add_init_script((ROOT / "bench" / "observe.js").read_text(encoding="utf-8"))
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {"offline": False, **conditions})
        start = time.time()
        page.goto(path, timeout=timeout_ms)
        page.wait_for_selector("html.ready", state="attached", timeout=timeout_ms)
        ready_wall = time.time()
        ready_ms = page.evaluate("window.__bench.marks.ready")
        entries = log.between(start, ready_wall)
        return {"ready_ms": round(ready_ms), "wire_bytes": sum(e[2] for e in entries), "requests": len(entries)}
    finally:
        context.close()
        server.shutdown()
        server.server_close()


def network_runs(playwright, launch: dict, game_stage: Path, reps: int, timeout_s: float, say) -> dict:
    """Cold loads of the floor and the game at every profile, interleaved, in a
    browser started from ``playwright`` (tools.bench's, which is still running)."""
    naive = stage_naive_floor()
    out: dict = {}
    browser = playwright.chromium.launch(**launch)
    try:
        for name, conditions in PROFILES.items():
            runs = out.setdefault(name, {"floor": [], "game": []})
            for rep in range(reps):
                for page in (("floor", "game") if rep % 2 == 0 else ("game", "floor")):
                    stage, path = (naive, FLOOR) if page == "floor" else (game_stage, GAME)
                    run = cold_load(browser, stage, path, conditions, timeout_s * 1000)
                    say(f"bench: {name} {page} cold: ready {run['ready_ms'] / 1000:.1f} s, "
                        f"{run['wire_bytes'] / 1e6:.2f} MB in {run['requests']} responses")
                    runs[page].append(run)
    finally:
        browser.close()
    return out


def median(values):
    values = sorted(values)
    if not values:
        return None
    mid = len(values) // 2
    return values[mid] if len(values) % 2 else (values[mid - 1] + values[mid]) / 2


def network_summary(runs: dict) -> dict:
    """Per profile and page: median ready ms and wire bytes; the game/floor ratio."""
    out = {}
    for name, pages in runs.items():
        row = {page: {"ready_ms": median([r["ready_ms"] for r in rs]), "wire_bytes": median([r["wire_bytes"] for r in rs])}
               for page, rs in pages.items()}
        floor, game = row.get("floor", {}).get("ready_ms"), row.get("game", {}).get("ready_ms")
        row["ready_ratio"] = game / floor if floor and game else None
        out[name] = row
    return out


def run_lighthouse(url: str, preset: str, timeout_s: float = 420) -> dict:
    """Lighthouse's four scores (0-100) and metrics for url, ``preset`` "mobile" or "desktop"."""
    if not LIGHTHOUSE.exists():
        return {"error": "node_modules/.bin/lighthouse is missing: run `npm ci`"}
    with tempfile.TemporaryDirectory(prefix="sixtysix-lh-") as tmp:
        report = Path(tmp) / "report.json"
        cmd = [str(LIGHTHOUSE), url, "--output=json", f"--output-path={report}", "--quiet",
               f"--only-categories={','.join(LH_CATEGORIES)}",
               "--chrome-flags=--headless=new --no-sandbox --disable-gpu"]
        if preset == "desktop":
            cmd.append("--preset=desktop")
        env = {**os.environ, "CHROME_PATH": CHROMIUM} if os.path.exists(CHROMIUM) else dict(os.environ)
        try:
            done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout_s)
        except subprocess.TimeoutExpired:
            return {"error": f"lighthouse took over {timeout_s:.0f} s"}
        if not report.is_file():
            return {"error": f"lighthouse exited {done.returncode}: {done.stderr.strip()[-300:]}"}
        return lighthouse_figures(json.loads(report.read_text(encoding="utf-8")))


def lighthouse_figures(report: dict) -> dict:
    """Scores as 0-100 and the five metrics from a Lighthouse JSON report."""
    scores = {k: (None if report["categories"][k]["score"] is None else round(100 * report["categories"][k]["score"]))
              for k in LH_CATEGORIES if k in report.get("categories", {})}
    audits = report.get("audits", {})
    metrics = {key: audits.get(audit, {}).get("numericValue") for key, audit in LH_METRICS.items()}
    failed = sorted(k for k, a in audits.items()
                    if a.get("score") is not None and a["score"] < 0.9 and a.get("scoreDisplayMode") in ("binary", "numeric", "metricSavings"))
    return {"scores": scores, "metrics": metrics, "failed_audits": failed, "long_tasks": long_tasks(report),
            "lighthouse": report.get("lighthouseVersion"), "user_agent": report.get("environment", {}).get("hostUserAgent")}


def long_tasks(report: dict, most: int = 8) -> list[dict]:
    """The longest main-thread tasks of Lighthouse's long-tasks audit: the file
    it names (its last path part, "(the page)" for a folder's address, or
    "Unattributable"), the start and the duration in ms as its simulation
    counts them (the mobile preset's 4x CPU)."""
    items = report.get("audits", {}).get("long-tasks", {}).get("details", {}).get("items", [])
    tasks = [{"file": str(t.get("url", "")).rsplit("/", 1)[-1] or "(the page)",
              "start_ms": round(t.get("startTime", 0)), "duration_ms": round(t.get("duration", 0))} for t in items]
    return sorted(tasks, key=lambda t: -t["duration_ms"])[:most]


#: Lighthouse runs per preset. One run's mobile Total Blocking Time moved by
#: 100-250 ms between runs of the same page here (docs/performance.md, "The
#: fixed texts written once"); Lighthouse's own advice is the median of several.
LH_RUNS = 3


def median_run(runs: list[dict]) -> dict:
    """Several runs of one preset as one: each score and metric the median of
    the runs that worked, the long tasks and failed audits of the run whose
    TBT is the median, and every run's scores and metrics under "runs"."""
    ok = [r for r in runs if "scores" in r]
    if not ok:
        return runs[0] if runs else {"error": "no Lighthouse run"}

    def middle(values):
        values = [v for v in values if v is not None]
        return statistics.median(values) if values else None

    scores = {k: middle(r["scores"].get(k) for r in ok) for k in ok[0]["scores"]}
    metrics = {k: middle(r["metrics"].get(k) for r in ok) for k in ok[0]["metrics"]}
    by_tbt = sorted(ok, key=lambda r: r["metrics"].get("tbt_ms") or 0)
    typical = by_tbt[(len(by_tbt) - 1) // 2]
    return {**typical, "scores": {k: None if v is None else round(v) for k, v in scores.items()}, "metrics": metrics,
            "runs": [{"scores": r["scores"], "metrics": r["metrics"]} for r in ok], "failed_runs": len(runs) - len(ok)}


def lighthouse_runs(game_stage: Path, say, runs: int = LH_RUNS) -> dict:
    from tools.bench import counting_server

    server, url, _ = counting_server(game_stage)
    try:
        out = {}
        for preset in ("mobile", "desktop"):
            say(f"bench: Lighthouse {preset}, {runs} run{'s' if runs > 1 else ''} (the medians count)")
            out[preset] = median_run([run_lighthouse(url, preset) for _ in range(runs)])
        return out
    finally:
        server.shutdown()
        server.server_close()


def headline(summary: dict, lighthouse: dict) -> dict:
    """The figures TARGETS are about (None where not measured)."""
    slow = summary.get("slow4g", {})
    ok = [r for r in (lighthouse or {}).values() if isinstance(r, dict) and "scores" in r]

    def worst(category, pick=min):
        values = [r["scores"].get(category) for r in ok if r["scores"].get(category) is not None]
        return pick(values) if values else None

    cls = [r["metrics"]["cls"] for r in ok if r["metrics"].get("cls") is not None]
    mobile = (lighthouse or {}).get("mobile", {})
    desktop = (lighthouse or {}).get("desktop", {})
    return {
        "cold_wire_bytes": slow.get("game", {}).get("wire_bytes"),
        "slow4g_ready_ratio": slow.get("ready_ratio"),
        "lh_mobile_performance": mobile.get("scores", {}).get("performance") if "scores" in mobile else None,
        "lh_mobile_tbt_ms": mobile.get("metrics", {}).get("tbt_ms") if "scores" in mobile else None,
        "lh_desktop_performance": desktop.get("scores", {}).get("performance") if "scores" in desktop else None,
        "lh_accessibility": worst("accessibility"),
        "lh_best_practices": worst("best-practices"),
        "lh_seo": worst("seo"),
        "lh_cls": max(cls) if cls else None,
    }


def evaluate(figures: dict, targets=TARGETS) -> list[dict]:
    out = []
    for key, what, op, limit in targets:
        value = figures.get(key)
        met = None if value is None else (value <= limit if op == "<=" else value >= limit)
        out.append({"key": key, "what": what, "op": op, "limit": limit, "value": value, "met": met})
    return out


def report_lines(result: dict, fmt_bytes, format_table) -> list[str]:
    """The first-visit tables for tools.bench's report."""
    lines = []
    summary = result.get("network_summary")
    if summary:
        rows = []
        for name, row in summary.items():
            for page in ("floor", "game"):
                r = row.get(page, {})
                rows.append([name, "naive floor (npm runtime, no compression)" if page == "floor" else "game (make play's server)",
                             f"{r['ready_ms'] / 1000:.1f} s" if r.get("ready_ms") else "-",
                             fmt_bytes(r.get("wire_bytes")) if r.get("wire_bytes") else "-"])
            rows.append([name, "game / floor", f"{row['ready_ratio']:.2f}x" if row.get("ready_ratio") else "-", ""])
        lines.append(format_table(["network", "page", "cold: ready", "on the wire until ready"], rows,
                                  title="\nFirst visit under network emulation (service workers blocked)"))
    lh = result.get("lighthouse")
    if lh:
        rows = []
        for preset, r in lh.items():
            if "error" in r:
                rows.append([preset, r["error"], "", "", "", "", "", "", "", ""])
                continue
            s, m = r["scores"], r["metrics"]
            rows.append([preset, *(str(s.get(k, "-")) for k in LH_CATEGORIES),
                         *(f"{m[k] / 1000:.1f} s" if m.get(k) is not None else "-" for k in ("fcp_ms", "lcp_ms")),
                         f"{m['tbt_ms']:.0f} ms" if m.get("tbt_ms") is not None else "-",
                         f"{m['cls']:.3f}" if m.get("cls") is not None else "-",
                         f"{m['speed_index_ms'] / 1000:.1f} s" if m.get("speed_index_ms") is not None else "-"])
        runs = max((len(r.get("runs", [])) for r in lh.values()), default=1)
        lines.append(format_table(["preset", "Perf", "A11y", "BP", "SEO", "FCP", "LCP", "TBT", "CLS", "SI"], rows,
                                  title=f"\nLighthouse 12.2.3 on the game (medians of {runs} runs)"))
        for preset, r in lh.items():
            if r.get("runs"):
                lines.append(f"  {preset}, each run: " + ", ".join(
                    f"{x['scores'].get('performance')} (TBT {x['metrics'].get('tbt_ms') or 0:.0f} ms)" for x in r["runs"]))
    targets = result.get("first_visit_targets")
    if targets:
        def show(t):
            v = t["value"]
            if v is None:
                return "-"
            return fmt_bytes(v) if t["key"].endswith("bytes") else f"{v:.3f}" if isinstance(v, float) else str(v)
        rows = [[t["what"], show(t), f"{t['op']} {fmt_bytes(t['limit']) if t['key'].endswith('bytes') else t['limit']}",
                 "not measured" if t["met"] is None else "met" if t["met"] else "MISSED"] for t in targets]
        lines.append(format_table(["target", "measured", "limit", "verdict"], rows, title="\nFirst-visit targets"))
    return lines
