"""tools/crash_dumps.py reads the minidumps Chromium writes for a crashed tab."""

from __future__ import annotations

import struct

import pytest

from tools import crash_dumps


def minidump(*, thread_name: str, stack: tuple[int, int], fault: int, rip: int) -> bytes:
    """A minimal x86-64 minidump: the streams the tool reads, laid out as Crashpad does."""
    blobs: list[bytes] = []
    offset = 32 + 12 * 5  # header, then a directory of five streams

    def place(blob: bytes) -> int:
        nonlocal offset
        at = offset
        blobs.append(blob)
        offset += len(blob)
        return at

    def string(text: str) -> int:
        raw = text.encode("utf-16-le")
        return place(struct.pack("<I", len(raw)) + raw)

    context = bytearray(1232)
    struct.pack_into("<Q", context, crash_dumps.RSP, stack[0])
    struct.pack_into("<Q", context, crash_dumps.RIP, rip)
    context_rva = place(bytes(context))
    stack_rva = place(b"\0" * (stack[1] - stack[0]))
    name_rva = string(thread_name)
    module_name_rva = string("/usr/lib/chromium/chromium")
    streams = {
        crash_dumps.EXCEPTION: struct.pack("<II", 7, 0) + struct.pack("<IIQQII", 11, 2, 0, fault, 0, 0)
        + b"\0" * (15 * 8) + struct.pack("<II", len(context), context_rva),
        crash_dumps.THREAD_LIST: struct.pack("<I", 1) + struct.pack("<IIIIQQII", 7, 0, 0, 0, 0, stack[0],
                                                                    stack[1] - stack[0], stack_rva)
        + struct.pack("<II", len(context), context_rva),
        crash_dumps.THREAD_NAMES: struct.pack("<I", 1) + struct.pack("<IQ", 7, name_rva),
        crash_dumps.MODULE_LIST: struct.pack("<I", 1) + struct.pack("<QIIII", 0x5500_0000_0000, 0x1000_0000, 0, 0,
                                                                    module_name_rva) + b"\0" * 84,
        0x43500001: struct.pack("<I", 5) + b"ptype\0\0\0" + struct.pack("<I", 8) + b"renderer",
    }
    directory = b""
    for kind, blob in streams.items():
        directory += struct.pack("<III", kind, len(blob), place(blob))
    header = b"MDMP" + struct.pack("<IIIIIQ", 0xA793, len(streams), 32, 0, 1764627240, 0)
    return header + directory + b"".join(blobs)


def test_a_read_past_a_secondary_stack_is_named(tmp_path):
    dump = tmp_path / "a.dmp"
    dump.write_bytes(minidump(thread_name="chromium", stack=(0x1BB3_0FFE_D830, 0x1BB3_0FFF_0000),
                              fault=0x1BB3_0FFF_0000, rip=0x5500_09C6_674D))
    crash = crash_dumps.read(dump)
    assert (crash.process, crash.thread, crash.signal, crash.where) == ("renderer", "chromium", "SIGSEGV", "chromium+0x9c6674d")
    assert crash.past_a_secondary_stack
    assert "JSPI" in crash.describe()


def test_a_fault_elsewhere_is_not_called_a_stack_overrun(tmp_path):
    dump = tmp_path / "b.dmp"
    dump.write_bytes(minidump(thread_name="DedicatedWorker thread", stack=(0x7FFC_0000_0000, 0x7FFC_0000_2000),
                              fault=0x7FFC_0000_2000, rip=0x1234))
    crash = crash_dumps.read(dump)
    assert crash.thread == "DedicatedWorker thread" and crash.where == "0x1234"
    assert not crash.past_a_secondary_stack  # a thread's own stack: no secondary-stack story


def test_what_is_not_a_minidump_is_said(tmp_path, capsys):
    (tmp_path / "c.dmp").write_bytes(b"not a dump")
    assert crash_dumps.main([str(tmp_path)]) == 0
    assert "unreadable" in capsys.readouterr().out
    with pytest.raises(ValueError, match="not a minidump"):
        crash_dumps.read(tmp_path / "c.dmp")
