"""Targets, tables and the report of a run (pure; tests/test_bench.py)."""

from __future__ import annotations

import json

from tools import bench_network  # the first visit on a phone network
from sixtysix.levels import LEVELS
from .stats import paired_ratios, ratio, summarize


KB = 1000  # targets in kB of 1000 bytes (the stricter reading)

# (key in the figures, what, limit, unit): every target is "value < limit".
TARGETS = [
    ("shell_warm_ms", "table shell visible, warm revisit", 300, "ms"),
    ("resume_painted_ms", "position left painted on a reload, from navigation", 150, "ms"),
    ("ready_ratio_cold", "game ready / floor ready, cold", 1.15, "x"),
    ("ready_ratio_warm", "game ready / floor ready, warm", 1.15, "x"),
    ("revisit_bytes", "bytes transferred on a revisit", 50 * KB, "B"),
    ("hard_p95_ms", "hard bot decision in the browser, p95", 250, "ms"),
    ("cold_task_ms", "longest main-thread task until ready, cold", 100, "ms"),
    ("warm_task_ms", "longest main-thread task until ready, warm", 100, "ms"),
    ("pyodide_instances", "Pyodide instances the page starts", 1, "n"),
    # issue 33: 0.8x the 241 MB that make bench measured on 2026-12-04, with two Pyodides
    ("memory_above_blank_mb", "memory above a blank tab, 6 s after ready", 0.8 * 241, "MB"),
    ("play_longest_task_ms", "longest main-thread task during play", 200, "ms"),
    ("payload_gzip_bytes", "app payload (dist/ minus vendor/), gzip", 400 * KB, "B"),
    ("more_gzip_bytes", "code fetched after ready (app-more.zip), gzip", 80 * KB, "B"),
    ("problems_br_bytes", "problems data (assets/problems.json), brotli", 150 * KB, "B"),
    ("lessons_br_bytes", "lessons' words (locales/lessons/, both), brotli", 20 * KB, "B"),
]


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
    return {"ms": fmt_ms, "B": fmt_bytes, "x": fmt_ratio, "MB": lambda x: "-" if x is None else f"{x:,.1f} MB"}.get(
        unit, lambda x: "-" if x is None else f"{x:,.0f}")(v)


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
            met = value <= limit
            row.update(met=met, over=value / limit)
            gap = fmt_value(abs(limit - value), unit) if unit != "x" else f"{abs(limit - value):.3f}"
            row["verdict"] = (f"met, {gap} to spare ({value / limit:.0%} of the limit)" if met
                              else f"MISSED by {gap} ({value / limit:.0%} of the limit)")
        out.append(row)
    return out


def visit_kinds(reps: list[dict]) -> list[str]:
    """The visits of a page's runs: cold, warm and, for the game, snapshot."""
    return [k for k in ("cold", "warm", "snapshot") if reps and k in reps[0]]


def load_summary(runs: dict) -> dict:
    out = {}
    for name, reps in runs.items():
        out[name] = {}
        for visit_kind in visit_kinds(reps):
            vs = [r[visit_kind] for r in reps]
            out[name][visit_kind] = {k: summarize(v[k] for v in vs)
                                     for k in ("ready_ms", "fcp_ms", "shell_ms", "lcp_ms", "runtime_ms",
                                               "first_move_ms", "imports_ms", "app_start_ms",
                                               "first_choose_ms", "worker_start_ms", "bytes", "bytes_to_ready",
                                               "cdp_page_bytes", "longest_task_ms", "longest_task_to_ready_ms")}
    floor = runs.get("floor", [])
    for name, reps in runs.items():
        for visit_kind in visit_kinds(reps):
            # a snapshot visit is a revisit: set beside the floor's warm one
            floor_kind = "warm" if visit_kind == "snapshot" else visit_kind
            rs = paired_ratios([r[visit_kind]["ready_ms"] for r in reps], [f[floor_kind]["ready_ms"] for f in floor])
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
    loads_runs = result.get("loads", {})
    game = loads.get("game", {})
    f = {
        "shell_warm_ms": game.get("warm", {}).get("shell_ms", {}).get("median"),
        "resume_painted_ms": summarize(ms for r in loads_runs.get("game", []) if "resume" in r
                                       for ms in r["resume"]["painted_ms"]).get("median"),
        "ready_ratio_cold": game.get("cold", {}).get("ready_ratio", {}).get("median"),
        "ready_ratio_warm": game.get("warm", {}).get("ready_ratio", {}).get("median"),
        "revisit_bytes": max((game.get(kind, {}).get("bytes", {}).get("max") for kind in ("warm", "snapshot")),
                             key=lambda b: -1 if b is None else b),
        "hard_p95_ms": result.get("bots", {}).get("hard", {}).get("browser", {}).get("p95"),
        "play_longest_task_ms": (result.get("play") or {}).get("longest_task_ms"),
        "cold_task_ms": game.get("cold", {}).get("longest_task_to_ready_ms", {}).get("median"),
        "warm_task_ms": game.get("warm", {}).get("longest_task_to_ready_ms", {}).get("median"),
        "pyodide_instances": max((r["pyodide_realms"] for r in result.get("memory", [])), default=None),
        "memory_above_blank_mb": summarize(r["above_blank_mb"] for r in result.get("memory", [])).get("median"),
        "payload_gzip_bytes": result.get("site", {}).get("payload", {}).get("gzip"),
        "more_gzip_bytes": result.get("site", {}).get("data", {}).get("app-more.zip", {}).get("gzip"),
        "problems_br_bytes": result.get("site", {}).get("data", {}).get("assets/problems.json", {}).get("br"),
        "lessons_br_bytes": sum(v["br"] for k, v in result.get("site", {}).get("data", {}).items()
                                if k.startswith("locales/lessons/")) or None,
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
            for v in (rep[kind] for kind in visit_kinds([rep])):
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
            for kind in s:
                v = s[kind]
                rows.append([f"{name} {kind}", fmt_ms(v["ready_ms"]["median"]),
                             f"{fmt_ms(v['ready_ms']['min'])}..{fmt_ms(v['ready_ms']['max'])}",
                             fmt_ratio(v["ready_ratio"]["median"]) if name != "floor" else "1.00x",
                             fmt_ms(v["runtime_ms"]["median"]), fmt_ms(v["after_runtime_ms"]["median"]),
                             fmt_ms(v["imports_ms"]["median"]), fmt_ms(v["worker_start_ms"]["median"]),
                             fmt_ms(v["fcp_ms"]["median"]), fmt_ms(v["shell_ms"]["median"]),
                             fmt_ms(v["first_move_ms"]["median"]), fmt_ms(v["longest_task_to_ready_ms"]["median"]),
                             fmt_bytes(v["bytes_to_ready"]["median"]), fmt_bytes(v["bytes"]["median"])])
        parts.append(format_table(
            ["page, visit", "ready", "range", "x floor", "runtime", "+python", "imports", "worker", "FCP", "shell",
             "1st move", "task", "B to ready", "B visit"], rows,
            title="\nLoad (medians; ready = class 'ready'; runtime = PyScript 'Loaded Pyodide' on the floor, "
                  "'Loaded MicroPython' on the game (its Pyodide starts in the worker); "
                  "+python = ready - runtime; imports = the DOM layer's modules loading (ui/dom/main.py); "
                  "worker = from new Worker() to the game's worker's first line (js/core-link.js); "
                  "task = the longest main-thread task until ready; "
                  "x floor = median of paired ratios; shell = title text and stock card painted; "
                  "1st move = the computer's first move done; B = bytes the server sent, a cold "
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
            title=f"\nBot decisions over {n} positions (bench/bot/ worker; CPython on the sources of app.zip)"))
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
        p, z, more = site["payload"], site["app_zip"], site.get("data", {}).get("app-more.zip")
        groups = ", ".join(f"{k} {fmt_bytes(v['gzip'])}" for k, v in list(p["by_folder"].items())[:6])
        parts.append(f"\nPayload (dist/ without vendor/): {p['files']} files, {fmt_bytes(p['bytes'])} raw, "
                     f"{fmt_bytes(p['gzip'])} gzipped one by one ({groups}); app.zip {fmt_bytes(z['bytes'])}, "
                     f"{z['entries']} entries" + (f"; fetched after ready, app-more.zip {fmt_bytes(more['bytes'])}, "
                                                  f"{fmt_bytes(more['gzip'])} gzipped" if more else ""))
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
    rows = [[t["what"], measured(t), "<= " + fmt_value(t["limit"], t["unit"]), t["verdict"]] for t in result["targets"]]
    parts.append(format_table(["target", "measured", "limit", "verdict"], rows, title="\nTargets"))
    return "\n".join(parts)
