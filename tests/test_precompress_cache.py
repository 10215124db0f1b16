"""tools/precompress.py's cache of compressed bytes, shared by every clone on a machine."""

from __future__ import annotations

import os
import time

import pytest

from tools import precompress

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
    assert precompress.default_cache() == tmp_path / "here"
    monkeypatch.delenv("SIXTYSIX_BUILD_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert precompress.default_cache() == tmp_path / "sixtysix" / "precompressed"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert precompress.default_cache() == tmp_path / ".cache" / "sixtysix" / "precompressed"
    monkeypatch.setenv("HOME", "/")
    assert precompress.default_cache() == precompress.ROOT / "build" / "precompressed"
    monkeypatch.delenv("HOME")
    monkeypatch.setattr(precompress.Path, "home", classmethod(lambda cls: (_ for _ in ()).throw(RuntimeError("no home"))))
    assert precompress.default_cache() == precompress.ROOT / "build" / "precompressed"


def test_a_hit_in_a_cache_that_cannot_be_touched_is_still_used(tmp_path, monkeypatch):
    packed = precompress.cached_compress(DATA, "gzip", tmp_path)

    def refuse(*args, **kwargs):
        raise PermissionError("read-only")
    monkeypatch.setattr(precompress.os, "utime", refuse)
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
    precompress.prune(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [precompress.cache_key(DATA, "gzip"), "notes.txt"]
