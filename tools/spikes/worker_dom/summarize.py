"""Summarize measure.py's JSON: per page, each metric's runs, median, and the spike/index ratio per pair.

    python3 summarize.py results.json [timed.json ...]
"""
import json, statistics, sys
from collections import defaultdict

for path in sys.argv[1:]:
    runs = json.load(open(path))
    by = defaultdict(list)
    for r in runs:
        key = r["page"] + ("" if r["page"].startswith("spike") or r["page"] == "about:blank" else " " + r["query"])
        by[key].append(r)
    print(f"== {path}")
    metrics = {
        "ready_ms": lambda r: r.get("ready_ms"),
        "longest_task_ms": lambda r: r.get("longest_task_ms"),
        "tbt_ms": lambda r: r.get("tbt_ms"),
        "calls_to_ready": lambda r: r.get("calls_to_ready"),
        "longest_task_to_last_move_ms": lambda r: r.get("longest_task_to_last_move_ms"),
        "tbt_to_last_move_ms": lambda r: r.get("tbt_to_last_move_ms"),
        "click_to_gone_ms (1st move)": lambda r: r["moves"][0]["click_to_gone_ms"] if r.get("moves") else None,
        "click_to_your_turn_ms (1st move)": lambda r: r["moves"][0]["click_to_your_turn_ms"] if r.get("moves") else None,
        "calls click_to_gone (1st move)": lambda r: r["moves"][0]["calls_to_gone"] if r.get("moves") else None,
        "uss_mb (median of samples)": lambda r: statistics.median(m["uss_mb"] for m in r["mem"]) if r.get("mem") else None,
        "pss_mb (median of samples)": lambda r: statistics.median(m["pss_mb"] for m in r["mem"]) if r.get("mem") else None,
    }
    for key, rs in by.items():
        print(f"-- {key} ({len(rs)} runs)")
        for name, f in metrics.items():
            vals = [f(r) for r in rs]
            vals = [v for v in vals if v is not None]
            if vals:
                print(f"   {name:34s} median {statistics.median(vals):>9} runs {vals}")
        renders = [x for r in rs for x in r.get("render_ms", [])]
        if renders:
            print(f"   {'render_ms (all renders)':34s} median {statistics.median(renders):>9} min {min(renders)} max {max(renders)} n {len(renders)}")
            per = []
            for r in rs:
                starts = r.get("render_start_calls", [])
                per += [b - a for a, b in zip(starts, starts[1:])]
            if per:
                print(f"   {'DOM calls render-start to next':34s} median {statistics.median(per):>9} min {min(per)} max {max(per)}")
            st = [x for r in rs for x in r.get("static_texts_ms", [])]
            print(f"   {'apply_static_texts_ms':34s} {st}")
        errs = sorted({e[:140] for r in rs for e in r.get("errors", [])})
        if errs:
            print("   errors/warnings:", *errs, sep="\n     ")
    pages = list(by)
    if len(pages) == 2:
        a, b = pages
        for name in ("ready_ms", "longest_task_ms", "tbt_ms"):
            ratios = [round(y[name] / x[name], 2) for x, y in zip(by[a], by[b]) if x.get(name) and y.get(name)]
            print(f"   pairwise {b}/{a} {name}: {ratios}")
