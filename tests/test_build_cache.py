"""The build's cache (tools/build_cache.py), shared by every clone on a machine: its
compressed bytes (tools/precompress.py) and its bytecode (tools/bytecode.py)."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import time

import pytest

from tools import build_cache, bytecode, precompress

DATA = b"sixty-six " * 400


@pytest.mark.parametrize("encoding", precompress.available_encodings())
def test_a_hit_is_used_and_a_damaged_entry_is_made_again(tmp_path, encoding):
    packed = precompress.cached_compress(DATA, encoding, tmp_path)
    (entry,) = tmp_path.iterdir()
    assert precompress.decompress(packed, encoding) == DATA
    assert entry.read_bytes() == packed
    entry.write_bytes(packed[:-5])  # cut short (a full disk, a killed build)
    assert precompress.cached_compress(DATA, encoding, tmp_path) == packed
    assert entry.read_bytes() == packed
    entry.write_bytes(precompress.compress(b"other bytes " * 50, encoding))  # sound, but not this input's
    assert precompress.cached_compress(DATA, encoding, tmp_path) == packed
    assert [p.name for p in tmp_path.iterdir()] == [entry.name]  # no temporary file left behind


def test_a_cache_that_cannot_be_written_leaves_the_build_going(tmp_path, capsys):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    packed = precompress.cached_compress(DATA, "gzip", blocked / "cache")
    assert precompress.decompress(packed, "gzip") == DATA
    assert "not cached" in capsys.readouterr().out


def test_the_cache_is_the_user_s_unless_told(monkeypatch, tmp_path):
    monkeypatch.setenv("SIXTYSIX_BUILD_CACHE", str(tmp_path / "here"))
    assert build_cache.folder("precompressed") == tmp_path / "here" / "precompressed"
    monkeypatch.delenv("SIXTYSIX_BUILD_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert build_cache.folder("bytecode") == tmp_path / "sixtysix" / "bytecode"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert build_cache.root() == tmp_path / ".cache" / "sixtysix"
    monkeypatch.setenv("HOME", "/")
    assert build_cache.root() == build_cache.ROOT / "build" / "cache"
    monkeypatch.delenv("HOME")
    monkeypatch.setattr(build_cache.Path, "home", classmethod(lambda cls: (_ for _ in ()).throw(RuntimeError("no home"))))
    assert build_cache.root() == build_cache.ROOT / "build" / "cache"


def test_a_hit_in_a_cache_that_cannot_be_touched_is_still_used(tmp_path, monkeypatch):
    packed = precompress.cached_compress(DATA, "gzip", tmp_path)

    def refuse(*args, **kwargs):
        raise PermissionError("read-only")
    monkeypatch.setattr(build_cache.os, "utime", refuse)
    monkeypatch.setattr(precompress, "compress", lambda *args: pytest.fail("compressed again"))
    assert precompress.cached_compress(DATA, "gzip", tmp_path) == packed


def test_entries_no_build_used_for_a_month_are_forgotten(tmp_path):
    month_ago = time.time() - 31 * 86400
    for data in (DATA, DATA + b"!"):
        precompress.cached_compress(data, "gzip", tmp_path)
        os.utime(tmp_path / precompress.cache_key(data, "gzip"), (month_ago, month_ago))
    precompress.cached_compress(DATA, "gzip", tmp_path)  # used again by this build
    stranger = tmp_path / "notes.txt"  # a cache folder set to a shared one: others' files stay
    stranger.write_text("mine")
    os.utime(stranger, (month_ago, month_ago))
    build_cache.prune(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [precompress.cache_key(DATA, "gzip"), "notes.txt"]


SOURCES = {"ui/a.py": b"A = 1\n", "ui/b.py": b"B = 2\n"}


def fake_pyc(text: str) -> str:
    """An unchecked-hash .pyc's header (PEP 552) before the source: what the build checks."""
    return base64.b64encode(b"MAGC" + (1).to_bytes(4, "little") + bytes(8) + text.encode()).decode()


class FakeCompiler:
    """tools/compile_pyc.mjs's answer without Node."""

    def __init__(self, answer=None) -> None:
        self.runs = 0
        self.answer = answer

    def __call__(self, request: str, pyodide) -> bytes:
        self.runs += 1
        if self.answer is not None:
            return self.answer
        files = json.loads(request)["files"]
        return json.dumps({rel: fake_pyc(text) for rel, text in files.items()}).encode()


def test_a_compile_is_kept_and_a_damaged_entry_is_compiled_again(tmp_path, monkeypatch):
    compiler = FakeCompiler()
    monkeypatch.setattr(bytecode, "run_compiler", compiler)
    first = bytecode.compile_pyc(SOURCES, cache=tmp_path)
    assert set(first) == set(SOURCES) and compiler.runs == 1
    assert bytecode.compile_pyc(SOURCES, cache=tmp_path) == first and compiler.runs == 1  # a hit
    (entry,) = tmp_path.iterdir()
    assert entry.stat().st_mode & 0o777 == 0o644
    whole = entry.read_bytes()
    entry.write_bytes(whole[:-7])  # cut short (a full disk, a killed build)
    assert bytecode.compile_pyc(SOURCES, cache=tmp_path) == first and compiler.runs == 2
    assert entry.read_bytes() == whole  # made again
    entry.write_bytes(whole[:40] + b"X" + whole[41:])  # one byte changed
    assert bytecode.compile_pyc(SOURCES, cache=tmp_path) == first and compiler.runs == 3
    stale = b"{}"  # whole, but no bytecode for these sources (an older compiler's answer)
    entry.write_bytes(hashlib.sha256(stale).digest() + stale)
    assert bytecode.compile_pyc(SOURCES, cache=tmp_path) == first and compiler.runs == 4
    assert bytecode.compile_pyc({**SOURCES, "ui/b.py": b"B = 3\n"}, cache=tmp_path) != first  # other sources
    assert bytecode.compile_pyc(SOURCES, stdlib=True, cache=tmp_path) == first and compiler.runs == 6  # another request
    assert len(list(tmp_path.iterdir())) == 3


@pytest.mark.parametrize("answer", [b"Loading pyodide...\n{}", b"{}", json.dumps({"ui/a.py": "bm90IGEgcHlj", "ui/b.py": "bm90IGEgcHlj"}).encode()])
def test_an_answer_without_bytecode_for_each_source_stops_the_build_and_is_not_kept(tmp_path, monkeypatch, answer):
    monkeypatch.setattr(bytecode, "run_compiler", FakeCompiler(answer))
    with pytest.raises(SystemExit, match="no bytecode for each source"):
        bytecode.compile_pyc(SOURCES, cache=tmp_path)
    assert not tmp_path.exists() or list(tmp_path.iterdir()) == []


def test_without_a_cache_every_build_compiles(tmp_path, monkeypatch):
    compiler = FakeCompiler()
    monkeypatch.setattr(bytecode, "run_compiler", compiler)
    monkeypatch.setattr(bytecode, "CACHE", False)  # as tests/test_dist.py's determinism test builds
    bytecode.compile_pyc(SOURCES)
    bytecode.compile_pyc(SOURCES)
    assert compiler.runs == 2


def test_another_runtime_or_compiler_compiles_again(tmp_path, monkeypatch):
    compiler = FakeCompiler()
    monkeypatch.setattr(bytecode, "run_compiler", compiler)
    runtime, script, cache = tmp_path / "pyodide", tmp_path / "compile_pyc.mjs", tmp_path / "cache"
    runtime.mkdir()
    (runtime / "pyodide.asm.wasm").write_bytes(b"one")
    script.write_text("// one")
    monkeypatch.setattr(bytecode, "COMPILER", script)
    for change in (lambda: None, lambda: (runtime / "python_stdlib.zip").write_bytes(b"stdlib"),
                   lambda: (runtime / "pyodide.asm.wasm").write_bytes(b"two"), lambda: script.write_text("// two")):
        change()
        runs = compiler.runs
        bytecode.compile_pyc(SOURCES, pyodide=runtime, cache=cache)
        assert compiler.runs == runs + 1  # a miss: the key names what changed
        bytecode.compile_pyc(SOURCES, pyodide=runtime, cache=cache)
        assert compiler.runs == runs + 1  # and then a hit
