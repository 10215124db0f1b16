"""Step 2: interleaved runs of the normal page and the spike, one browser at a time.

    python3 measure.py --pairs 5 --out results.json            # index.html vs spike.html
    python3 measure.py --pairs 3 --timed --moves 4 --out timed.json   # *-timed.html: render marks + DOM calls

Every run: a fresh Chromium (cold HTTP cache, no service worker yet), the
served dist/ with COOP/COEP, an init script (before navigation) that keeps
buffered 'longtask' entries, the time <html> got class "ready" (MutationObserver,
page clock = ms from navigation start) and a count of Atomics.notify calls
on the main thread (one per synchronous call a worker makes into the page:
coincident/src/main.js:147). The snapshot making is pushed out of the window
(sixtysixSnapshotDelayMs), so the memory samples see no third Pyodide.
Memory: summed USS/PSS of every chromium process (/proc/<pid>/smaps_rollup),
--mem-after seconds after ready, --mem-samples samples 1 s apart.
"""
import argparse, json, os, statistics, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from coi_server import serve_coi
from playwright.sync_api import sync_playwright
from spike_paths import HERE, REPO, SPIKE_TREE  # noqa: E402,F401

ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
INIT = r"""
globalThis.sixtysixSnapshotDelayMs = 1e9;
window.__spike = {longtasks: [], readyAt: null, calls: 0, marks: {}};
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__spike.longtasks.push([e.startTime, e.duration]);
  }).observe({type: "longtask", buffered: true});
} catch (e) { window.__spike.noLongtask = String(e); }
const notify = Atomics.notify;
Atomics.notify = function (...a) { window.__spike.calls++; return notify.apply(this, a); };
const mark = performance.mark.bind(performance);
performance.mark = function (name, ...rest) {
  if (String(name).startsWith("spike:")) (window.__spike.marks[name] ??= []).push(window.__spike.calls);
  return mark(name, ...rest);
};
const watch = new MutationObserver(() => {
  const root = document.documentElement;
  if (root && root.classList.contains("ready") && window.__spike.readyAt === null) {
    window.__spike.readyAt = performance.now();
    window.__spike.callsAtReady = window.__spike.calls;
    watch.disconnect();
  }
});
watch.observe(document, {attributes: true, attributeFilter: ["class"], subtree: true, childList: true});
"""

CLICK = r"""async () => {
  const btn = document.querySelector("#hand button.card[aria-disabled='false']");
  const code = btn.dataset.code;
  const calls0 = window.__spike.calls;
  const gone = new Promise((resolve) => {
    const check = () => !document.querySelector(`#hand button.card[data-code='${code}']`);
    const obs = new MutationObserver(() => { if (check()) { obs.disconnect(); resolve(performance.now()); } });
    obs.observe(document.getElementById("hand"), {childList: true, subtree: true, attributes: true});
  });
  const t0 = performance.now();
  btn.click();
  const t1 = await gone;
  return {code, click_to_gone_ms: t1 - t0, calls_to_gone: window.__spike.calls - calls0, t0};
}"""

YOUR_TURN = """() => document.documentElement.dataset.toMove === 'you' && document.documentElement.dataset.busy === '0'
  && !!document.querySelector("#hand button.card[aria-disabled='false']")"""


def chromium_pids():
    pids = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            exe = os.readlink(f"/proc/{pid}/exe")
        except OSError:
            continue
        if "chromium" in exe or exe.endswith("/chrome"):
            pids.append(int(pid))
    return pids


def memory():
    uss = pss = rss = 0
    n = 0
    by_type = {}
    for pid in chromium_pids():
        try:
            fields = {}
            for line in open(f"/proc/{pid}/smaps_rollup"):
                parts = line.split()
                if len(parts) >= 2 and parts[0].endswith(":") and parts[1].isdigit():
                    fields[parts[0][:-1]] = int(parts[1])
        except OSError:
            continue
        n += 1
        try:
            cmd = open(f"/proc/{pid}/cmdline").read().replace("\0", " ").split()
        except OSError:
            cmd = []
        kind = next((c.split("=", 1)[1] for c in cmd if c.startswith("--type=")), "browser")
        if kind == "utility":
            kind = next((c.split("=", 1)[1].split(".")[-1] for c in cmd if c.startswith("--utility-sub-type=")), "utility")
        by_type[kind] = round(by_type.get(kind, 0) + (fields.get("Private_Clean", 0) + fields.get("Private_Dirty", 0)) / 1024, 1)
        uss += fields.get("Private_Clean", 0) + fields.get("Private_Dirty", 0)
        pss += fields.get("Pss", 0)
        rss += fields.get("Rss", 0)
    return {"procs": n, "uss_mb": round(uss / 1024, 1), "pss_mb": round(pss / 1024, 1), "rss_mb": round(rss / 1024, 1), "uss_by_type_mb": by_type}


def one_run(p, base, page_name, query, a):
    assert not chromium_pids(), "another chromium is running"
    browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
    errors = []
    try:
        ctx = browser.new_context()
        ctx.add_init_script(INIT)
        page = ctx.new_page()
        page.on("console", lambda m: errors.append(f"console.{m.type}: {m.text[:300]}") if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda e: errors.append(f"pageerror: {str(e)[:300]}"))
        out = {"page": page_name, "query": query}
        if page_name == "about:blank":
            page.goto("about:blank")
        else:
            page.goto(base + page_name + query)
            page.wait_for_selector("html.ready", timeout=a.timeout * 1000)
            s = page.evaluate("window.__spike")
            ready = s["readyAt"]
            lts = [(st, d) for st, d in s["longtasks"] if st < ready]
            out.update(ready_ms=round(ready), calls_to_ready=s.get("callsAtReady"),
                       longest_task_ms=round(max([d for _, d in lts], default=0)),
                       tbt_ms=round(sum(max(0, d - 50) for _, d in lts)), longtasks=len(lts),
                       longtask_list=[(round(st), round(d)) for st, d in lts], noLongtask=s.get("noLongtask"))
            moves = []
            for i in range(a.moves):
                page.wait_for_function(YOUR_TURN, timeout=60000)
                calls0 = page.evaluate("window.__spike.calls")
                m = page.evaluate(CLICK)
                page.wait_for_function(YOUR_TURN + " || document.documentElement.dataset.toMove === 'none'", timeout=60000)
                m["click_to_your_turn_ms"] = round(page.evaluate("performance.now()") - m["t0"])
                m["calls_turn"] = page.evaluate("window.__spike.calls") - calls0
                m["click_to_gone_ms"] = round(m["click_to_gone_ms"])
                del m["t0"]
                moves.append(m)
            out["moves"] = moves
            # every long task from navigation until the last move's answer was drawn
            s2 = page.evaluate("window.__spike")
            out["longest_task_to_last_move_ms"] = round(max([d for _, d in s2["longtasks"]], default=0))
            out["tbt_to_last_move_ms"] = round(sum(max(0, d - 50) for _, d in s2["longtasks"]))
            if a.timed:
                out["render_ms"] = [round(e, 1) for e in page.evaluate(
                    "performance.getEntriesByName('spike:render').map(e => e.duration)")]
                out["static_texts_ms"] = [round(e, 1) for e in page.evaluate(
                    "performance.getEntriesByName('spike:static').map(e => e.duration)")]
                marks = page.evaluate("window.__spike.marks")
                out["render_start_calls"] = marks.get("spike:render-start", [])
        if a.mem_samples:
            page.wait_for_timeout(a.mem_after * 1000)
            out["mem"] = []
            for _ in range(a.mem_samples):
                out["mem"].append(memory())
                page.wait_for_timeout(1000)
        out["errors"] = errors
        return out
    finally:
        browser.close()
        for _ in range(50):
            if not chromium_pids():
                break
            time.sleep(0.1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=5)
    ap.add_argument("--moves", type=int, default=1)
    ap.add_argument("--timed", action="store_true", help="index-timed.html / spike-timed.html")
    ap.add_argument("--pages", default="", help="comma list to override the pair, e.g. index.html,spike.html,about:blank")
    ap.add_argument("--query", default="?seed=11&level=random&fast=1")
    ap.add_argument("--mem-after", type=float, default=6)
    ap.add_argument("--mem-samples", type=int, default=0)
    ap.add_argument("--timeout", type=float, default=90)
    ap.add_argument("--dist", default=SPIKE_TREE + "/dist")
    ap.add_argument("--out", default="results.json")
    a = ap.parse_args()
    if a.pages:
        pages = a.pages.split(",")
    else:
        pages = ["index-timed.html", "spike-timed.html"] if a.timed else ["index.html", "spike.html"]
    server, base = serve_coi(a.dist)
    runs = []
    with sync_playwright() as p:
        for i in range(a.pairs):
            order = pages if i % 2 == 0 else pages[::-1]  # ABBA: neither always goes first
            for name in order:
                query = a.query + ("&worker=0" if name.startswith("spike") else "")
                if "@" in name:  # name@query: own query (e.g. index.html@?seed=11&...&worker=0)
                    name, query = name.split("@", 1)
                r = one_run(p, base, name, query, a)
                r["pair"] = i
                runs.append(r)
                print(json.dumps({k: v for k, v in r.items() if k not in ("longtask_list",)}), flush=True)
    server.shutdown()
    json.dump(runs, open(a.out, "w"), indent=1)


if __name__ == "__main__":
    main()
