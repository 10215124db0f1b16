"""``python3 -m tools.bench`` (``make bench``): one run, its JSON and its report."""

from __future__ import annotations

import argparse
import datetime as dt
import functools
import json
import os
import platform
import sys
import time
from pathlib import Path

from tools import bench_network  # the first visit on a phone network
from sixtysix.levels import LEVELS
from . import DESCRIPTION
from .browser import Browser
from .report import bot_summary, evaluate_targets, headline, load_summary, report_text, slim
from .scenarios import bot_page, load_runs, memory_runs, play_hand, startup_page
from .site import DIST, FLOOR_PAGE, GAME_PAGE, PLAY_PAGE, RESULTS, ROOT, STAGE, git_state, run_python, stage_site
from .stats import BenchError


def parse_args(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m tools.bench", description=DESCRIPTION)
    ap.add_argument("--reps", type=int, default=None, help="cold+warm loads of each page (default 5; 1 with --quick)")
    ap.add_argument("--quick", action="store_true", help="1 rep, 8 positions, 0.5 s engine runs, no play")
    ap.add_argument("--profile", action="store_true", help="also the start-up profile (bench/startup/)")
    ap.add_argument("--no-build", action="store_true", help="bench the existing dist/ instead of building")
    ap.add_argument("--incognito", action="store_true",
                    help="Playwright's incognito contexts (in-memory HTTP cache) instead of a fresh profile per run")
    ap.add_argument("--dist", default=str(DIST), help="with --no-build: the built site (default dist/)")
    ap.add_argument("--positions", type=int, default=None, help="bot positions (default 24; 8 with --quick)")
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--seconds", type=float, default=None, help="engine speed run length (default 2; 0.5 quick)")
    ap.add_argument("--timeout", type=float, default=180, help="seconds for one page load (default 180)")
    ap.add_argument("--no-network", action="store_true", help="skip the network-emulated first visits (tools/bench_network.py)")
    ap.add_argument("--no-lighthouse", action="store_true", help="skip Lighthouse (mobile and desktop)")
    ap.add_argument("--lighthouse-runs", type=int, default=bench_network.LH_RUNS,
                    help=f"Lighthouse runs per preset, their medians counted (default {bench_network.LH_RUNS})")
    ap.add_argument("--network-reps", type=int, default=1, help="cold loads of each page per network profile (default 1)")
    ap.add_argument("--out", default=None, help="JSON file (default results/bench-<date>.json)")
    ap.add_argument("--sample", default=None, help="also write a slimmer copy there (docs/bench-sample.json)")
    args = ap.parse_args(argv)
    args.reps = args.reps or (1 if args.quick else 5)
    args.positions = args.positions or (8 if args.quick else 24)
    args.seconds = args.seconds or (0.5 if args.quick else 2.0)
    if args.reps < 1 or args.positions < 1:
        ap.error("--reps and --positions must be at least 1")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    say = functools.partial(print, flush=True)
    levels = [x for x in args.levels.split(",") if x]
    started = time.time()
    now = dt.datetime.now().astimezone()
    result: dict = {"meta": {"date": now.isoformat(timespec="seconds"), "reps": args.reps, "quick": args.quick,
                             "profile": args.profile, "positions": args.positions, "cpus": os.cpu_count(),
                             "machine": platform.machine(), "cpython": platform.python_version(),
                             "load_before": list(os.getloadavg()), "floor_page": FLOOR_PAGE, "game_page": GAME_PAGE,
                             "play_page": PLAY_PAGE}}
    result["meta"].update(git_state())
    browser = None
    try:
        say(f"bench: {'building' if not args.no_build else 'copying ' + args.dist} into "
            f"{STAGE.relative_to(ROOT)}/")
        result["site"] = stage_site(not args.no_build, Path(args.dist), STAGE, args.positions)
        say("bench: CPython (the sources of app.zip): engine and bot positions")
        result["cpython_engine"] = json.loads(run_python(
            ["-m", "sixtysix.bench", "--json", "--seconds", str(args.seconds)]).strip().splitlines()[-1])
        result["cpython_bots"] = json.loads(run_python(
            [str(STAGE / "bench" / "bot" / "bench_positions.py"), "--positions", str(args.positions), "--levels",
             ",".join(levels), "--json"]).strip().splitlines()[-1])
        browser = Browser(STAGE, args.timeout, profile=not args.incognito)
        result["meta"]["contexts"] = "incognito" if args.incognito else "fresh profile per run (disk HTTP cache)"
        pages = {"floor": FLOOR_PAGE, "game": GAME_PAGE}
        say(f"bench: loads, {args.reps} cold+warm reps of {', '.join(pages)} (interleaved)")
        result["loads"] = load_runs(browser, pages, args.reps, say)
        result["load_summary"] = load_summary(result["loads"])
        say(f"bench: memory and Pyodide instances, {min(args.reps, 3)} rounds")
        result["memory"] = memory_runs(browser, GAME_PAGE, min(args.reps, 3), say)
        say("bench: bot decisions in the browser (bench/bot/)")
        result["bot_browser"] = bot_page(browser, levels, args.seconds, max(browser.timeout_ms, 1800_000))
        result["bots"] = bot_summary(result["bot_browser"], result["cpython_bots"])
        if not args.quick:
            say("bench: two hands of play against the hard bot")
            result["play"] = play_hand(browser, max(browser.timeout_ms, 600_000), say)
        if args.profile:
            say("bench: startup profile (bench/startup/)")
            result["startup"] = startup_page(browser, browser.timeout_ms)
        if not (args.quick or args.no_network):
            say(f"bench: first visits under network emulation ({', '.join(bench_network.PROFILES)})")
            try:
                result["network"] = bench_network.network_runs(browser.pw, browser.launch, STAGE, args.network_reps,
                                                               max(args.timeout, 400), say)
                result["network_summary"] = bench_network.network_summary(result["network"])
            except Exception as exc:  # keep every other figure of the run
                say(f"bench: network runs failed: {exc}")
                result["network_error"] = str(exc)
        if not (args.quick or args.no_lighthouse):
            result["lighthouse"] = bench_network.lighthouse_runs(STAGE, say, max(1, args.lighthouse_runs))
    except BenchError as exc:
        say(f"bench: error: {exc}")
        return 2
    except KeyboardInterrupt:
        say("bench: interrupted")
        return 130
    finally:
        if browser is not None:
            result["meta"]["chromium"] = browser.version
            browser.close()
    result["meta"]["load_after"] = list(os.getloadavg())
    result["meta"]["seconds"] = round(time.time() - started)
    result["headline"] = headline(result)
    result["targets"] = evaluate_targets(result["headline"])
    result["first_visit"] = bench_network.headline(result.get("network_summary", {}), result.get("lighthouse", {}))
    result["first_visit_targets"] = bench_network.evaluate(result["first_visit"])
    out = Path(args.out) if args.out else RESULTS / f"bench-{now.strftime('%Y%m%d-%H%M%S')}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    if args.sample:
        Path(args.sample).write_text(json.dumps(slim(result), indent=1) + "\n", encoding="utf-8")
    say("\n" + report_text(result))
    say(f"\nbench: raw figures in {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out} "
        f"({result['meta']['seconds']} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
