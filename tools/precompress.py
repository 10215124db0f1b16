"""Precompressed siblings for a built site: ``x.wasm`` gets ``x.wasm.br`` and ``x.wasm.gz``.

A static host (or tools/serve.py) sends the sibling that the browser's
``Accept-Encoding`` allows, with ``Content-Encoding``, instead of the file
itself. gzip comes from the standard library (level 9, mtime 0), brotli
from the pinned PyPI package ``Brotli`` (quality 11); both are
deterministic, so a build is byte-identical from the same inputs.

Brotli at quality 11 takes about 35 s of one core for the 9.6 MB wasm, so
compressed bytes are kept under the hash of their input (and the settings)
in the user's build cache (tools/build_cache.py, the kind
``precompressed``): a rebuild with an unchanged runtime costs nothing, and
a fresh clone on the same machine finds the npm runtime's bytes compressed
already. A hit is decompressed and compared with its input before it is
used, so a damaged entry is made again, never shipped.
"""

from __future__ import annotations

import gzip
import hashlib
import zlib
from pathlib import Path

from tools import build_cache

try:
    import brotli
except ImportError:  # requirements-dev.txt pins it; without it only .gz is written
    brotli = None

CACHE = build_cache.folder("precompressed")

#: What is worth compressing (png and ico are compressed already; a zip gets a
#: sibling only where it shrinks: the STORED stdlib shrinks 5x, a deflated zip barely).
COMPRESSIBLE = {".wasm", ".pack", ".js", ".mjs", ".json", ".html", ".css", ".svg", ".toml", ".webmanifest", ".py", ".txt", ".map", ".zip"}
#: Encodings in the order a server should prefer them, with their file suffix.
ENCODINGS = {"br": ".br", "gzip": ".gz"}
BROTLI_QUALITY = 11
GZIP_LEVEL = 9
#: Below this a compressed copy saves less than its own headers cost.
MIN_SIZE = 256


def compress(data: bytes, encoding: str) -> bytes:
    if encoding == "gzip":
        return gzip.compress(data, GZIP_LEVEL, mtime=0)
    return brotli.compress(data, quality=BROTLI_QUALITY)


def decompress(packed: bytes, encoding: str) -> bytes:
    return gzip.decompress(packed) if encoding == "gzip" else brotli.decompress(packed)


def cache_key(data: bytes, encoding: str) -> str:
    """The input's hash with the settings and the compressor's version (another
    Brotli or zlib may pack the same bytes otherwise: a build stays its own version's)."""
    version = getattr(brotli, "__version__", "") if encoding == "br" else zlib.ZLIB_RUNTIME_VERSION
    return hashlib.sha256(f"{encoding}:{version}:{BROTLI_QUALITY}:{GZIP_LEVEL}:".encode() + data).hexdigest()


def cached_compress(data: bytes, encoding: str, cache: Path = CACHE) -> bytes:
    key = cache_key(data, encoding)
    packed = build_cache.load(cache, key)
    try:
        if packed is not None and decompress(packed, encoding) == data:  # a damaged entry is made again
            return packed
    except Exception:  # not the encoding's format
        pass
    packed = compress(data, encoding)
    build_cache.store(cache, key, packed, "compressed bytes")
    return packed


def available_encodings() -> list[str]:
    return [e for e in ENCODINGS if e != "br" or brotli is not None]


def encoded_sizes(data: bytes, cache: Path = CACHE) -> list[int]:
    """[plain, gzip, br] bytes as a server with write_siblings' files sends data
    (the plain size where no sibling is written)."""
    sizes = [len(data)]
    for encoding in ("gzip", "br"):
        packed = len(data) if len(data) < MIN_SIZE or encoding not in available_encodings() else len(cached_compress(data, encoding, cache))
        sizes.append(min(packed, len(data)))
    return sizes


def write_siblings(out: Path, cache: Path = CACHE) -> dict[str, int]:
    """Write a .br and a .gz beside every compressible file of out that shrinks;
    return the bytes written per encoding."""
    encodings = available_encodings()
    if "br" not in encodings:
        print("build: warning: the Brotli package is missing (pip install -r requirements-dev.txt); writing .gz only")
    written = dict.fromkeys(encodings, 0)
    for path in sorted(p for p in out.rglob("*") if p.is_file() and p.suffix in COMPRESSIBLE):
        data = path.read_bytes()
        if len(data) < MIN_SIZE:
            continue
        for encoding in encodings:
            packed = cached_compress(data, encoding, cache)
            if len(packed) < len(data):
                path.with_name(path.name + ENCODINGS[encoding]).write_bytes(packed)
                written[encoding] += len(packed)
    build_cache.prune(cache)
    return written


def is_sibling(rel: str) -> bool:
    """A precompressed copy (never listed for precaching: the server sends it in place of the original)."""
    return rel.endswith(tuple(ENCODINGS.values()))
