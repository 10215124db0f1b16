"""Lighthouse 12 mobile (simulated throttling, as tools/bench_network.py runs it) on index.html and
spike.html served with COOP/COEP, interleaved, one browser at a time.

    python3 lh.py --pairs 2 --out lighthouse.json
"""
import argparse, json, os, subprocess, sys, tempfile
from pathlib import Path
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from coi_server import serve_coi
from spike_paths import HERE, REPO, SPIKE_TREE  # noqa: E402,F401

LH = REPO + "/node_modules/.bin/lighthouse"
ap = argparse.ArgumentParser()
ap.add_argument("--pairs", type=int, default=2)
ap.add_argument("--out", default="lighthouse.json")
a = ap.parse_args()
server, base = serve_coi(SPIKE_TREE + "/dist")
pages = [("index.html", "?seed=11&level=random&fast=1"), ("spike.html", "?seed=11&level=random&fast=1&worker=0")]
runs = []
for i in range(a.pairs):
    for name, q in (pages if i % 2 == 0 else pages[::-1]):
        with tempfile.TemporaryDirectory() as tmp:
            report = Path(tmp) / "r.json"
            cmd = [LH, base + name + q, "--output=json", f"--output-path={report}", "--quiet",
                   "--only-categories=performance", "--chrome-flags=--headless=new --no-sandbox --disable-gpu"]
            subprocess.run(cmd, env={**os.environ, "CHROME_PATH": "/usr/bin/chromium"}, capture_output=True, timeout=420)
            r = json.loads(report.read_text())
        au = r["audits"]
        row = {"page": name, "pair": i, "score": round(100 * (r["categories"]["performance"]["score"] or 0)),
               **{k: round(au[k]["numericValue"]) for k in ("total-blocking-time", "first-contentful-paint",
                                                            "largest-contentful-paint", "interactive", "max-potential-fid")},
               "longest_tasks": sorted((round(t["duration"]) for t in au.get("long-tasks", {}).get("details", {}).get("items", [])), reverse=True)[:5],
               "mainthread_work_ms": round(au["mainthread-work-breakdown"]["numericValue"])}
        runs.append(row)
        print(json.dumps(row), flush=True)
server.shutdown()
json.dump(runs, open(a.out, "w"), indent=1)
