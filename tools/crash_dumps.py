"""What Chromium's crash dumps say about a tab that died ("Target crashed").

    python3 -m tools.crash_dumps [FOLDER]

Chromium writes a minidump for every renderer that crashes, also under
Playwright, into ``~/.config/chromium/Crash Reports`` (``pending/`` here,
where nothing is uploaded). For each dump this prints when it was written,
the process type, the thread that crashed, the signal and faulting address,
where the instruction was (module + offset), and the stack the thread was
on: a segfault exactly at the end of a stack that is not a thread's own
(not 0x7f...) is a read past a secondary stack, which is how the JSPI
crashes of 2026-12-01 looked (docs/performance.md, "No stack switching").

Reads the minidump format directly (struct), x86-64 dumps only.
"""

from __future__ import annotations

import argparse
import datetime
import struct
import sys
from dataclasses import dataclass
from pathlib import Path

DEFAULT_FOLDER = Path.home() / ".config" / "chromium" / "Crash Reports"
THREAD_LIST, MODULE_LIST, EXCEPTION, THREAD_NAMES = 3, 4, 6, 24
SIGNALS = {4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 11: "SIGSEGV"}
RSP, RIP = 0x98, 0xF8  # offsets in the x86-64 CONTEXT record


@dataclass
class Crash:
    path: Path
    written: datetime.datetime
    process: str
    thread: str
    signal: str
    address: int
    where: str
    stack: tuple[int, int]  # the crashed thread's stack as dumped: from its stack pointer to its end

    @property
    def past_a_secondary_stack(self) -> bool:
        start, end = self.stack
        return self.address == end and not 0x7F0000000000 <= start < 0x800000000000

    def describe(self) -> str:
        start, end = self.stack
        lines = [
            f"{self.path.name}  written {self.written:%Y-%m-%d %H:%M:%S} UTC",
            f"  {self.process} process, thread {self.thread!r}: {self.signal} at {self.address:#x}, in {self.where}",
            f"  its stack: {start:#x} .. {end:#x}",
        ]
        if self.past_a_secondary_stack:
            lines.append("  -> a read just past the end of a stack that is not a thread's own (most likely a JSPI stack)")
        return "\n".join(lines)


def read(path: Path) -> Crash:
    data = path.read_bytes()
    if data[:4] != b"MDMP":
        raise ValueError(f"{path}: not a minidump")
    count, directory = struct.unpack_from("<II", data, 8)
    streams = {}
    for i in range(count):
        kind, size, rva = struct.unpack_from("<III", data, directory + 12 * i)
        streams[kind] = (rva, size)
    if EXCEPTION not in streams:
        raise ValueError(f"{path}: no exception stream")

    def text(rva: int) -> str:
        (length,) = struct.unpack_from("<I", data, rva)
        return data[rva + 4 : rva + 4 + length].decode("utf-16-le", "replace")

    rva = streams[EXCEPTION][0]
    thread_id, = struct.unpack_from("<I", data, rva)
    code, _flags, _record, address = struct.unpack_from("<IIQQ", data, rva + 8)
    context_size, context_rva = struct.unpack_from("<II", data, rva + 8 + 152)
    rip = struct.unpack_from("<Q", data, context_rva + RIP)[0] if context_size > RIP else 0

    names = {}
    if THREAD_NAMES in streams:
        rva = streams[THREAD_NAMES][0]
        for i in range(struct.unpack_from("<I", data, rva)[0]):
            tid, name_rva = struct.unpack_from("<IQ", data, rva + 4 + 12 * i)
            names[tid] = text(name_rva)

    stack = (0, 0)
    rva = streams[THREAD_LIST][0]
    for i in range(struct.unpack_from("<I", data, rva)[0]):
        tid, *_ , start, size, _mem_rva = struct.unpack_from("<IIIIQQII", data, rva + 4 + 48 * i)
        if tid == thread_id:
            stack = (start, start + size)

    where = f"{rip:#x}"
    rva = streams[MODULE_LIST][0]
    for i in range(struct.unpack_from("<I", data, rva)[0]):
        base, size, _sum, _stamp, name_rva = struct.unpack_from("<QIIII", data, rva + 4 + 108 * i)
        if base <= rip < base + size:
            where = f"{Path(text(name_rva)).name}+{rip - base:#x}"

    # Crashpad's annotation "ptype": a UTF-8 string, its length before it, after the key's padding.
    process = "?"
    key = data.find(b"\x05\x00\x00\x00ptype\x00\x00\x00")
    if key >= 0:
        (length,) = struct.unpack_from("<I", data, key + 12)
        process = data[key + 16 : key + 16 + length].decode("utf-8", "replace")
    stamp = struct.unpack_from("<I", data, 20)[0]
    return Crash(path, datetime.datetime.fromtimestamp(stamp, datetime.timezone.utc), process,
                 names.get(thread_id, str(thread_id)), SIGNALS.get(code, f"signal {code}"), address, where, stack)


def dumps_under(folder: Path, since: float = 0.0) -> list[Path]:
    """The minidumps under folder written at or after ``since`` (a time.time()), oldest first."""
    found = [p for p in folder.rglob("*.dmp") if p.stat().st_mtime >= since] if folder.is_dir() else []
    return sorted(found, key=lambda p: p.stat().st_mtime)


def describe(path: Path) -> str:
    try:
        return read(path).describe()
    except (ValueError, struct.error, KeyError) as error:
        return f"{path.name}: unreadable ({error})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=DEFAULT_FOLDER)
    folder = parser.parse_args(argv).folder
    dumps = dumps_under(folder)
    if not dumps:
        print(f"no crash dumps under {folder}")
    for path in dumps:
        print(describe(path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
