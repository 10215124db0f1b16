"""Where Chromium's CPU goes while a command runs, thread by thread.

    python3 -m tools.thread_cpu -- python3 -m pytest -q -n 3 e2e

Runs the command and reads /proc every 0.3 s meanwhile: each Chromium
thread's CPU time (user + system), summed by the process's type (browser,
renderer, gpu-process, the utility's sub-type) and the thread's name (digits
dropped: ``ThreadPoolForegroundWorker``). A renderer's ``DedicatedWorker`` is
the game's Pyodide worker; its main thread carries the process's own name.
The last 0.3 s of a thread that ends is lost. Linux only.
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import subprocess
import sys
import time

TICK = os.sysconf("SC_CLK_TCK")


def process_kind(pid: int) -> str | None:
    """``browser``, ``renderer``, ``util:NetworkService``... for a Chromium process, else None."""
    try:
        args = open(f"/proc/{pid}/cmdline", "rb").read().split(b"\0")
    except OSError:
        return None
    if not args or b"chrom" not in os.path.basename(args[0]):
        return None
    line = b" ".join(args).decode(errors="replace")
    kind = re.search(r"--type=(\S+)", line)
    if not kind:
        return "browser"
    if kind.group(1) == "utility":
        sub = re.search(r"--utility-sub-type=(\S+)", line)
        return "util:" + (sub.group(1).split(".")[-1] if sub else "")
    return kind.group(1)


class Sampler:
    def __init__(self) -> None:
        self.kinds: dict[int, str | None] = {}
        self.threads: dict[tuple[int, int], list] = {}  # (pid, tid) -> [kind, name, first ticks, last ticks]
        self.started = False

    def sample(self) -> None:
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            pid = int(entry)
            if pid not in self.kinds:
                self.kinds[pid] = process_kind(pid)
            if not self.kinds[pid]:
                continue
            try:
                tids = os.listdir(f"/proc/{pid}/task")
            except OSError:
                continue
            for tid in tids:
                try:
                    stat = open(f"/proc/{pid}/task/{tid}/stat").read()
                except OSError:
                    continue
                name = re.sub(r"\d+$", "", stat[stat.find("(") + 1:stat.rfind(")")])
                fields = stat[stat.rfind(")") + 2:].split()
                ticks = int(fields[11]) + int(fields[12])
                key = (pid, int(tid))
                if key in self.threads:
                    self.threads[key][3] = ticks
                else:  # a thread already running counts from now, a new one from its start
                    self.threads[key] = [self.kinds[pid], name, ticks if not self.started else 0, ticks]
        self.started = True

    def totals(self) -> collections.Counter:
        out = collections.Counter()
        for kind, name, first, last in self.threads.values():
            out[(kind, name)] += (last - first) / TICK
        return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=15, help="rows to print")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the command to run (after --)")
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given")
    sampler = Sampler()
    sampler.sample()
    child = subprocess.Popen(command)
    while child.poll() is None:
        time.sleep(0.3)
        sampler.sample()
    totals = sampler.totals()
    print(f"Chromium's CPU during the command, {sum(totals.values()):.1f} s in all:")
    for (kind, name), seconds in totals.most_common(args.top):
        print(f"{seconds:8.2f}  {kind} / {name}")
    return child.returncode


if __name__ == "__main__":
    sys.exit(main())
