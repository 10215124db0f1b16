"""Where the e2e suite's CPU goes: the machine's busy CPU seconds during each test.

    python3 -m pytest -p tools.e2e_cpu -p no:randomly -n 0 e2e [--e2e-cpu-json FILE]

A pytest plugin. Run the tests one at a time (``-n 0``): each test is charged
the CPU the whole machine spent (outside idle and iowait, /proc/stat) from its
setup to its teardown, its browser's and Playwright's included, which is what
the suite's wall time on two busy cores follows. Prints the files by CPU and
the longest tests at the end; ``--e2e-cpu-json`` keeps every row. Run it on a
quiet machine: another process's CPU is charged to the running test.
"""

from __future__ import annotations

import collections
import json
import os
import time
from pathlib import Path


def busy_seconds() -> float:
    """CPU seconds the whole machine spent outside idle and iowait so far (/proc/stat)."""
    with open("/proc/stat") as f:
        values = [int(v) for v in f.readline().split()[1:]]
    return (sum(values) - values[3] - values[4]) / os.sysconf("SC_CLK_TCK")


STARTS: dict[str, tuple[float, float]] = {}
ROWS: list[tuple[str, float, float]] = []


def pytest_addoption(parser) -> None:
    parser.addoption("--e2e-cpu-json", type=Path, default=None, help="tools.e2e_cpu: every test's CPU and wall time")


def pytest_runtest_setup(item) -> None:
    STARTS[item.nodeid] = (busy_seconds(), time.monotonic())


def pytest_runtest_logfinish(nodeid, location) -> None:
    if nodeid in STARTS:
        cpu, wall = STARTS.pop(nodeid)
        ROWS.append((nodeid, busy_seconds() - cpu, time.monotonic() - wall))


def pytest_terminal_summary(terminalreporter, config) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER") or not ROWS:
        return
    write = terminalreporter.write_line
    terminalreporter.section("CPU by file (tools.e2e_cpu)")
    by_file = collections.defaultdict(lambda: [0.0, 0.0, 0])
    for nodeid, cpu, wall in ROWS:
        row = by_file[nodeid.split("::")[0]]
        row[0] += cpu
        row[1] += wall
        row[2] += 1
    write(f"{sum(r[1] for r in ROWS):7.1f} CPU s, {sum(r[2] for r in ROWS):7.1f} s wall, {len(ROWS)} tests")
    for path, (cpu, wall, count) in sorted(by_file.items(), key=lambda kv: -kv[1][0]):
        write(f"{cpu:7.1f} CPU s {wall:7.1f} s wall {count:4d} tests  {path}")
    terminalreporter.section("the 20 tests that cost most CPU")
    for nodeid, cpu, wall in sorted(ROWS, key=lambda r: -r[1])[:20]:
        write(f"{cpu:6.1f} CPU s {wall:6.1f} s wall  {nodeid}")
    target = config.getoption("--e2e-cpu-json")
    if target:
        target.write_text(json.dumps(ROWS, indent=1))
