"""The site under test: paths and pages, staging the build with the bench pages, CPython on its app.zip."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

from .stats import BenchError, data_sizes, payload, zip_breakdown


DIST = ROOT / "dist"
STAGE = ROOT / "build" / "bench-site"
RESULTS = ROOT / "results"
BENCH_PAGES = ROOT / "bench"  # floor/, bot/, startup/ and observe.js (none of them ships in dist/)
POSITIONS_PY = ROOT / "tools" / "bench_positions.py"


FLOOR_PAGE = "bench/floor/sw.html"
# Seed 4 deals a hand the computer leads (at the default level): each load
# also times the computer's first move after ready, i.e. how long the bot
# worker keeps the player waiting. fast=1 (a test option of the page) only
# shortens the pauses that follow a move.
GAME_QUERY = "?seed=4&fast=1"
GAME_PAGE = GAME_QUERY
# The reloads of a match left mid-hand play at the player's own pace: each
# finished trick stays on show before the player's turn comes. At fast=1 the
# turn came at once, and a reload then landed inside V8's optimising compile
# of the bot's hot wasm, which the trick's show covers for a player
# (docs/performance.md, "A reload right after the computer's move").
RESUME_PAGE = "?seed=4"
PLAY_PAGE = "?seed=3&level=hard&fast=1"


BOT_PAGE = "bench/bot/"
STARTUP_PAGE = "bench/startup/"


def stage_site(build: bool, dist: Path = DIST, stage: Path = STAGE, positions: int = 24) -> dict:
    """Build (or copy dist/) into ``stage``, measure the payload, add the bench pages."""
    if build:
        from tools import build as site_build

        site_build.build(stage)
    else:
        if not (Path(dist) / "sw.js").is_file() or not (Path(dist) / "vendor").is_dir():
            raise BenchError(f"{dist} is not built: run `make dist` (or leave out --no-build)")
        if stage.exists():
            shutil.rmtree(stage)
        shutil.copytree(dist, stage)
    info = {"payload": payload(stage), "app_zip": zip_breakdown(stage / "app.zip"), "data": data_sizes(stage)}
    # The bench pages: not in dist/ and not in the service worker's list
    # (the worker lets such requests through to the network).
    for name in ("floor", "bot", "startup"):
        shutil.copytree(BENCH_PAGES / name, stage / "bench" / name, dirs_exist_ok=True)
    shutil.copyfile(POSITIONS_PY, stage / "bench" / "bot" / "bench_positions.py")
    run_python([str(POSITIONS_PY), "--positions", str(positions), "--write",
                str(stage / "bench" / "bot" / "positions.json")])
    return info


def run_python(args: list[str], timeout: float = 900) -> str:
    """Run CPython on the sources app.zip was built from (the zip holds
    bytecode for the browser's Python, which CPython cannot load); return stdout."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONDONTWRITEBYTECODE="1")
    try:
        done = subprocess.run([sys.executable, *args], env=env, cwd=ROOT, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        raise BenchError(f"python {' '.join(args)} took more than {timeout:.0f} s") from None
    if done.returncode:
        raise BenchError(f"python {' '.join(args)} failed:\n{done.stderr[-2000:]}")
    return done.stdout


def git_state() -> dict:
    """The commit benchmarked and the files that differed from it (the build
    takes the working tree, others' unfinished edits included)."""
    def git(*args):
        try:
            return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=30).stdout
        except (OSError, subprocess.SubprocessError):
            return ""
    dirty = [line[3:] for line in git("status", "--porcelain", "--untracked-files=no").splitlines()]
    return {"commit": git("rev-parse", "--short", "HEAD").strip(), "modified": dirty}
