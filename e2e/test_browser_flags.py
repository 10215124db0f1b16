"""The test browser's switches: Chromium's idle pages are off, Playwright's own list is kept."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tools.chromium_flags import HEADLESS_SHELL, IDLE_FEATURES


def descendants(pid: int) -> list[int]:
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        children = [p for p, parent in parents.items() if parent == current]
        found += children
        todo += children
    return found


def browser_processes() -> dict[int, list[str]]:
    """The Chromium browser processes this test process started, with their command lines."""
    found = {}
    for pid in descendants(os.getpid()):
        try:
            args = Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")
        except OSError:
            continue
        if "--remote-debugging-pipe" in args:
            found[pid] = args
    return found


def browser_command_lines() -> list[list[str]]:
    return list(browser_processes().values())


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the browser's command line from /proc")
def test_the_last_disable_features_switch_carries_playwrights_list_and_ours(browser):
    lines = browser_command_lines()
    assert lines, "no browser process found under this test process"
    for line in lines:
        switches = [arg for arg in line if arg.startswith("--disable-features=")]
        # Chromium applies only the last one: it must hold every name of the earlier ones.
        last = set(switches[-1].split("=", 1)[1].split(","))
        earlier = {name for arg in switches[:-1] for name in arg.split("=", 1)[1].split(",")}
        assert set(IDLE_FEATURES) <= last, last
        assert earlier and earlier <= last


@pytest.mark.skipif(not Path(HEADLESS_SHELL).exists(), reason="the headless shell is not installed")
def test_the_tests_run_in_the_headless_shell_when_it_is_installed(browser):
    processes = browser_processes()
    assert processes, "no browser process found under this test process"
    # /usr/bin/chromium-headless-shell is a shell script: the browser is the binary it runs.
    binaries = {Path(os.path.realpath(f"/proc/{pid}/exe")).name for pid in processes}
    assert "chromium-headless-shell" in binaries and "chromium" not in binaries, binaries
