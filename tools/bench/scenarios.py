"""What the bench does in the browser: interleaved loads, the bot page, play, the start-up page."""

from __future__ import annotations

import json
import math
import os
import time

from .browser import Browser, bench_state, chromium_uss_mb, open_page, pyodide_realms, visit
from .report import fmt_ms
from .site import BOT_PAGE, PLAY_PAGE, RESUME_PAGE, STARTUP_PAGE
from .stats import BenchError, summarize


#: Makes the start-up snapshot at once on the page it is given to (js/pyodide-loader.mjs
#: otherwise waits for 5 s of ready, idle table; Browser.context() sets "never").
MAKE_SNAPSHOT_NOW = "window.sixtysixSnapshotDelayMs = 1;"


def make_snapshot(context, url: str, timeout_ms: float) -> int:
    """Let the game make its start-up snapshot in this context, as a first visit
    left idle would; return its size in Cache Storage, in bytes."""
    page = context.new_page()
    page.add_init_script(MAKE_SNAPSHOT_NOW)
    try:
        page.goto(url, timeout=timeout_ms)
        page.wait_for_selector("html[data-snapshot]", state="attached", timeout=timeout_ms)
        made = page.evaluate("document.documentElement.dataset.snapshot")
        size = page.evaluate("""() => caches.open('snapshot-sixtysix').then((c) => c.keys()
            .then((keys) => Promise.all(keys.map((k) => c.match(k).then((r) => r.arrayBuffer())))))
            .then((bodies) => bodies.reduce((sum, b) => sum + b.byteLength, 0))""")
        page.evaluate("localStorage.clear()")
    finally:
        page.close()
    if made != "saved":
        raise BenchError(f"{url}: the start-up snapshot was not made ({made})")
    return size


YOUR_TURN = "() => { const d = document.documentElement.dataset; return d.toMove === 'you' && d.busy === '0'; }"


def play_a_card(page, timeout_ms: float) -> None:
    """On the player's turn, the first playable card, then until it is the player's turn again."""
    page.wait_for_function(YOUR_TURN, timeout=timeout_ms)
    page.locator('#hand button.card[aria-disabled="false"]').first.click()
    page.wait_for_function(f"() => document.documentElement.dataset.busy === '1' || ({YOUR_TURN})()",
                           timeout=timeout_ms)
    page.wait_for_function(YOUR_TURN, timeout=timeout_ms)


#: Reloads per rep: a single reload moved more than the changes measured (the
#: frame it lands in is a matter of a vsync or two), so each rep reloads a few.
RESUME_RELOADS = 3


def resume_visit(context, url: str, timeout_ms: float, reloads: int = RESUME_RELOADS) -> dict:
    """A match left mid-hand and opened again (a reload), ``reloads`` times, a
    trick further each time: when the position left is drawn (js/last-table.js's
    mark ``sixtysix:restored``), when its hand's first card painted (Element
    Timing ``restored``) and when the table is live, all from navigation, a
    list of each."""
    page = context.new_page()
    times = []
    try:
        page.goto(url, timeout=timeout_ms)
        page.wait_for_selector("html.ready", state="attached", timeout=timeout_ms)
        for _ in range(reloads):
            play_a_card(page, timeout_ms)
            page.reload(timeout=timeout_ms)
            page.wait_for_selector("html.ready", state="attached", timeout=timeout_ms)
            times.append(page.evaluate("""() => ({ready: window.__bench.marks.ready,
                drawn: (performance.getEntriesByName('sixtysix:restored')[0] || {}).startTime ?? null,
                painted: window.__bench.elements.restored ?? null})"""))
        page.evaluate("localStorage.clear()")
    finally:
        page.close()
    for each in times:
        if each["drawn"] is None or each["painted"] is None:
            raise BenchError(f"{url}: the match left mid-hand was not drawn before Python on its reload ({each})")
    return {f"{name}_ms": [each[name] for each in times] for name in ("drawn", "painted", "ready")}


def page_runs(browser: Browser, name: str, page: str) -> tuple[dict, dict | None]:
    """One rep of one page in a fresh context: its cold and warm visits and, for the
    game, the visit restoring the snapshot made in between and the reloads."""
    context, url, log = browser.context()
    resume = None
    try:
        visits = {"cold": visit(context, url + page, log, browser.timeout_ms)}
        visits["warm"] = visit(context, url + page, log, browser.timeout_ms)
        if name == "game":
            size = make_snapshot(context, url + page, browser.timeout_ms)
            visits["snapshot"] = visit(context, url + page, log, browser.timeout_ms)
            visits["snapshot"]["snapshot_bytes"] = size
            resume = resume_visit(context, url + RESUME_PAGE, browser.timeout_ms)
    finally:
        browser.done_with(context)
    return visits, resume


def load_runs(browser: Browser, pages: dict[str, str], reps: int, say) -> dict:
    """``reps`` runs of each page, interleaved (A B, B A, A B...): cold, warm
    and, for the game, a third visit that restores the start-up snapshot
    made in between."""
    runs = {name: [] for name in pages}
    names = list(pages)
    for rep in range(reps):
        order = names if rep % 2 == 0 else names[::-1]
        for name in order:
            crashed = 0
            while True:
                try:
                    visits, resume = page_runs(browser, name, pages[name])
                    break
                except BenchError as exc:
                    # The floor runs the npm runtime as it is, with Pyodide's stack switching
                    # (JSPI), whose rare renderer crash the game avoids (docs/performance.md,
                    # "No stack switching (JSPI)"): its rep is run again, once. Never the game's.
                    if name == "game" or crashed or "crashed" not in str(exc):
                        raise
                    crashed += 1
                    say(f"  warning: rep {rep + 1}/{reps} {name}: the tab crashed ({exc}); running the rep again")
            runs[name].append({**visits, "loadavg": os.getloadavg()[0], "crashed_before": crashed})
            if name == "game":
                runs[name][-1]["resume"] = resume
                each = lambda key: ", ".join(fmt_ms(v) for v in resume[key])  # noqa: E731
                say(f"  rep {rep + 1}/{reps} game resumed ({len(resume['painted_ms'])} reloads): the position left "
                    f"drawn at {each('drawn_ms')}, painted at {each('painted_ms')}, ready at {each('ready_ms')}")
            for kind, v in visits.items():
                for e in v["errors"][:3]:
                    say(f"  warning: {name} {kind}: {e}")
            say(f"  rep {rep + 1}/{reps} {name:9s} ready " + "  ".join(
                f"{kind} {fmt_ms(v['ready_ms']):>9s}" for kind, v in visits.items())
                + f"  shell warm {fmt_ms(visits['warm']['shell_ms'])}"
                + (f"  (snapshot {visits['snapshot']['snapshot_bytes'] / 1e6:.1f} MB)" if "snapshot" in visits else ""))
    return runs


#: How long after ready the memory is read (the background fetches and the first idle work done).
SETTLE_MS = 6000


def memory_runs(browser: Browser, game: str, rounds: int, say) -> list[dict]:
    """Per round, each in a browser of its own with no service worker: the summed
    USS of Chromium's processes with about:blank, and 6 s after the game's
    cold visit is ready (its difference is the page's memory above a blank
    tab); and how many Pyodides the page started (page and workers)."""
    out = []
    for r in range(rounds):
        row = {}
        for name in ("blank", "game"):
            context, url, _ = browser.context(service_workers="block")
            try:
                page = context.new_page()
                if name == "blank":
                    page.goto("about:blank")
                else:
                    page.goto(url + game, timeout=browser.timeout_ms)
                    page.wait_for_selector("html.ready", state="attached", timeout=browser.timeout_ms)
                page.wait_for_timeout(SETTLE_MS)
                row[f"{name}_uss_mb"] = chromium_uss_mb()
                if name == "game":
                    row["pyodide_realms"] = pyodide_realms(page)
            finally:
                browser.done_with(context)
        row["above_blank_mb"] = row["game_uss_mb"] - row["blank_uss_mb"]
        say(f"  round {r + 1}/{rounds}: {row['above_blank_mb']:.1f} MB above about:blank, "
            f"{row['pyodide_realms']} Pyodide")
        out.append(row)
    return out


def bot_page(browser: Browser, levels, seconds: float, timeout_ms: float) -> dict:
    context, url, log = browser.context()
    try:
        query = f"?levels={','.join(levels)}&seconds={seconds:g}"
        page, errors = open_page(context, url + BOT_PAGE + query, "html.done", timeout_ms)
        report = json.loads(page.locator("#out").inner_text())
        state = bench_state(page)
        page.close()
    finally:
        browser.done_with(context)
    if "error" in report:
        raise BenchError(f"bot page: {report['error']}")
    ready = state["bench"]["marks"].get("ready") or 0
    report["longtasks_after_ready"] = [t for t in state["bench"]["longtasks"] if t[0] >= ready]
    report["errors"] = errors
    return report


#: What a player's action always changes: the hand (a card left it, or the
#: exchange brought the trump in), the stock (closed), the turn or the result.
TABLE_KEY = """() => { const d = document.documentElement.dataset;
    const hand = [...document.querySelectorAll('#hand button.card')].map((b) => b.dataset.code).join();
    return [hand, d.stockState, d.toMove, d.result, d.hand].join('|'); }"""


def play_hand(browser: Browser, timeout_ms: float, say, hands: int = 2) -> dict:
    """Play ``hands`` hands as the human (first playable card) against the hard bot."""
    context, url, log = browser.context()
    clicks, played = 0, 0
    try:
        page, errors = open_page(context, url + PLAY_PAGE, "html.ready", timeout_ms)
        html = page.locator("html")
        deadline = time.time() + timeout_ms / 1000
        while played < hands:
            if time.time() > deadline:
                raise BenchError(f"play: {hands} hands not over within {timeout_ms / 1000:.0f} s")
            page.wait_for_function("""() => { const d = document.documentElement.dataset;
                return d.result || (d.toMove === 'you' && d.busy === '0'); }""", timeout=timeout_ms)
            if html.get_attribute("data-result"):
                played += 1
                if played < hands:
                    page.locator("#btn-next-hand").click()
                    page.wait_for_function("() => !document.documentElement.dataset.result", timeout=timeout_ms)
                continue
            before = page.evaluate(TABLE_KEY)
            card = page.locator('#hand button.card[aria-disabled="false"]')
            if card.count():
                card.first.click()
            else:  # no card to play: the first action button shown (declare...)
                page.locator("section.actions button.action:not([hidden])").first.click()
            clicks += 1
            # At ?fast=1 a whole exchange of cards may happen within the click's
            # own task, so no passing state (busy, the computer to move) is waited
            # on: only that the table is no longer what it was.
            page.wait_for_function(f"(before) => ({TABLE_KEY})() !== before", arg=before, timeout=timeout_ms)
        state = bench_state(page)
        page.close()
    finally:
        browser.done_with(context)
    b = state["bench"]
    ready = b["marks"]["ready"]
    tasks = [t for t in b["longtasks"] if t[0] >= ready]
    # the computer's turns: from data-to-move="computer" to the next change
    turns, moves = [], [m for m in b["moves"] if m[0] >= ready]
    for (t, who), nxt in zip(moves, moves[1:] + [[math.inf, None]]):
        if who == "computer" and nxt[0] != math.inf:
            turns.append((t, nxt[0]))
    during = [d for s, d in tasks if any(a <= s < z for a, z in turns)]
    chooses = [d for n, _, d in state.get("measures", []) if n == "sixtysix:choose"]
    say(f"  played {hands} hands: {clicks} actions, {len(turns)} computer turns, "
        f"{len(tasks)} main-thread tasks over 50 ms after ready")
    return {"hands": hands, "actions": clicks, "marks": b["marks"], "longtasks": tasks,
            "longest_task_ms": max((d for _, d in tasks), default=0.0),
            "longest_task_computer_ms": max(during, default=0.0),
            "computer_turns": len(turns),
            "computer_turn_ms": summarize([z - a for a, z in turns]),
            "choose_call_ms": summarize(chooses),  # each bot call's time in the worker (ui/core_worker.py's timing)
            "boot_longest_task_ms": max((d for s, d in b["longtasks"] if s < ready), default=0.0),
            "errors": errors}


def startup_page(browser: Browser, timeout_ms: float) -> dict:
    context, url, log = browser.context()
    try:
        page, errors = open_page(context, url + STARTUP_PAGE, "html.done", timeout_ms)
        report = json.loads(page.locator("#out").inner_text())
        page.close()
    finally:
        browser.done_with(context)
    report["errors"] = errors
    return report
