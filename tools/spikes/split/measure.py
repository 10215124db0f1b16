"""Question 2-3: interleaved runs of today's index.html and the two split pages,
one fresh browser at a time (cold HTTP cache, service workers blocked), plus
about:blank for the memory floor.

    python3 tools/spikes/split/measure.py --rounds 4 --out build/split-results.json

Per run: longtasks (buffered PerformanceObserver, from navigation) up to the
first table ("html.ready": index.html's own marker; the split pages set it
after their first render), the split marks, the summed USS of our Chromium's
processes 6 s after ready (3 samples 1 s apart), three card taps (click ->
the button gone from #hand, MutationObserver), 50 round trips (split pages),
then a reload (warm: HTTP cache) with the same longtask/ready figures.
"""
import argparse
import json
import os
import statistics
import time

from playwright.sync_api import sync_playwright

from common import close, launch, memory, start_server

INIT = r"""
globalThis.sixtysixSnapshotDelayMs = 1e9;  // no snapshot-making worker during the window
window.__m = {longtasks: [], readyAt: null};
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__m.longtasks.push([e.startTime, e.duration]);
}).observe({type: "longtask", buffered: true});
const watch = new MutationObserver(() => {
  const root = document.documentElement;
  if (root && root.classList.contains("ready") && window.__m.readyAt === null) {
    window.__m.readyAt = performance.now();
    watch.disconnect();
  }
});
watch.observe(document, {attributes: true, attributeFilter: ["class"], subtree: true, childList: true});
"""

CLICK = r"""async () => {
  const btn = document.querySelector("#hand button.card[aria-disabled='false']");
  const code = btn.dataset.code;
  const gone = new Promise((resolve) => {
    const check = () => !document.querySelector(`#hand button.card[data-code='${code}']`);
    const obs = new MutationObserver(() => { if (check()) { obs.disconnect(); resolve(performance.now()); } });
    obs.observe(document.getElementById("hand"), {childList: true, subtree: true, attributes: true});
  });
  const t0 = performance.now();
  btn.click();
  return {code, ms: (await gone) - t0};
}"""
YOUR_TURN = """() => document.documentElement.dataset.toMove === 'you' && document.documentElement.dataset.busy === '0'
  && !!document.querySelector("#hand button.card[aria-disabled='false']")"""
MARKS = """JSON.stringify(Object.fromEntries(performance.getEntriesByType('mark')
  .filter(m => m.name.startsWith('split:')).map(m => [m.name, Math.round(m.startTime)])))"""


def boot_figures(page, timeout):
    page.wait_for_selector("html.ready", timeout=timeout)
    page.wait_for_timeout(300)  # late longtask entries
    m = page.evaluate("window.__m")
    ready = m["readyAt"]
    lts = [d for st, d in m["longtasks"] if st < ready]
    return {"ready_ms": round(ready), "longest_task_ms": round(max(lts, default=0)),
            "tasks_over_100": sum(d > 100 for d in lts), "tbt_ms": round(sum(max(0, d - 50) for d in lts)),
            "marks": json.loads(page.evaluate(MARKS)),
            "longtasks": [(round(st), round(d)) for st, d in m["longtasks"] if st < ready]}


def one_run(p, base, name, query, a):
    browser = launch(p)
    notes = []
    try:
        ctx = browser.new_context(service_workers="block")
        ctx.add_init_script(INIT)
        page = ctx.new_page()
        page.on("console", lambda m: notes.append(f"console.{m.type}: {m.text[:200]}")
                if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda e: notes.append(f"pageerror: {str(e)[:200]}"))
        out = {"page": name}
        if name == "about:blank":
            page.goto("about:blank")
            page.wait_for_timeout(a.mem_after * 1000)
        else:
            page.goto(base + name + query)
            out["cold"] = boot_figures(page, a.timeout * 1000)
            page.wait_for_timeout(a.mem_after * 1000)
        out["mem"] = []
        for _ in range(3):
            out["mem"].append(memory())
            page.wait_for_timeout(1000)
        out["uss_mb"] = statistics.median(x["uss_mb"] for x in out["mem"])
        if name != "about:blank":
            taps = []
            for _ in range(a.taps):
                page.wait_for_function(YOUR_TURN, timeout=60000)
                taps.append(page.evaluate(CLICK))
            out["tap_ms"] = [round(t["ms"], 1) for t in taps]
            if name.startswith("split"):
                page.evaluate(f"window.splitRtt({a.rtt})")
                page.wait_for_function("window.splitStats.rttDone === true", timeout=60000)
                s = page.evaluate("window.splitStats")
                out["rtt_median_ms"] = round(statistics.median(s["rtt"]), 2)
                out["rtt_p90_ms"] = round(sorted(s["rtt"])[int(0.9 * len(s["rtt"]))], 2)
                if s.get("rttDirect"):
                    out["rtt_direct_median_ms"] = round(statistics.median(s["rttDirect"]), 2)
                out["rtt_bytes"] = s["rttBytes"]
                out["render_ms"] = [round(r[1], 2) for r in s["renders"]]
                out["parse_ms"] = [round(r[0], 2) for r in s["renders"]]
            page.wait_for_timeout(500)
            page.reload()
            out["warm"] = boot_figures(page, a.timeout * 1000)
        out["notes"] = sorted(set(notes))
        return out
    finally:
        close(browser)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--taps", type=int, default=3)
    ap.add_argument("--rtt", type=int, default=50)
    ap.add_argument("--mem-after", type=float, default=6)
    ap.add_argument("--timeout", type=float, default=90)
    ap.add_argument("--pages", default="about:blank,index.html,split-post.html,split-psw.html")
    ap.add_argument("--query", default="?seed=11&lang=pt")
    ap.add_argument("--out", default="build/split-results.json")
    a = ap.parse_args()
    pages = a.pages.split(",")
    server, base = start_server()
    runs = []
    with sync_playwright() as p:
        for r in range(a.rounds):
            order = pages[r % len(pages):] + pages[:r % len(pages)]  # rotated each round
            for name in order:
                t = time.time()
                try:
                    out = one_run(p, base, name, a.query, a)
                except Exception as e:
                    out = {"page": name, "error": str(e)[:500]}
                out["round"] = r
                runs.append(out)
                brief = {k: out.get(k) for k in ("uss_mb", "tap_ms", "rtt_median_ms", "rtt_direct_median_ms", "error")}
                for phase in ("cold", "warm"):
                    if phase in out:
                        brief[phase] = {k: out[phase][k] for k in ("ready_ms", "longest_task_ms", "tasks_over_100", "marks")}
                print(r, name, json.dumps(brief), f"({time.time() - t:.0f} s)", flush=True)
                os.makedirs(os.path.dirname(a.out) or ".", exist_ok=True)
                json.dump(runs, open(a.out, "w"), indent=1)
    server.shutdown()


if __name__ == "__main__":
    main()
