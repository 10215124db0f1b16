"""Medians per page from measure.py's JSON (and memory above about:blank of the same round).

    python3 tools/spikes/split/summarize.py build/split-results.json
"""
import json
import statistics
import sys

runs = [r for r in json.load(open(sys.argv[1])) if "error" not in r]
blank = {r["round"]: r["uss_mb"] for r in runs if r["page"] == "about:blank"}
med = statistics.median
for name in dict.fromkeys(r["page"] for r in runs):
    if name == "about:blank":
        print(f"about:blank USS: {[r['uss_mb'] for r in runs if r['page'] == name]}")
        continue
    rs = [r for r in runs if r["page"] == name]
    row = {}
    for phase in ("cold", "warm"):
        row[f"{phase} ready"] = [r[phase]["ready_ms"] for r in rs]
        row[f"{phase} longest task"] = [r[phase]["longest_task_ms"] for r in rs]
        row[f"{phase} tasks>100"] = [r[phase]["tasks_over_100"] for r in rs]
        for mark in ("split:mpy-start", "split:worker-ready-seen", "split:first-render"):
            vals = [r[phase]["marks"].get(mark) for r in rs if r[phase]["marks"].get(mark)]
            if vals:
                row[f"{phase} {mark}"] = vals
    row["USS above blank"] = [round(r["uss_mb"] - blank[r["round"]], 1) for r in rs]
    row["tap -> gone"] = sorted(t for r in rs for t in r["tap_ms"])
    for k in ("rtt_median_ms", "rtt_direct_median_ms"):
        if k in rs[0]:
            row[k] = [r[k] for r in rs]
    if "render_ms" in rs[0]:
        row["render (mpy, in play)"] = sorted(t for r in rs for t in r["render_ms"])
    print(f"== {name}")
    for k, v in row.items():
        print(f"  {k}: median {med(v)}  runs {v}")
    print("  notes:", sorted({n for r in rs for n in r.get("notes", [])}))
