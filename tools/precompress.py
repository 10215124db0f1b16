"""Precompressed siblings for a built site: ``x.wasm`` gets ``x.wasm.br`` and ``x.wasm.gz``.

A static host (or tools/serve.py) sends the sibling that the browser's
``Accept-Encoding`` allows, with ``Content-Encoding``, instead of the file
itself. gzip comes from the standard library (level 9, mtime 0), brotli
from the pinned PyPI package ``Brotli`` (quality 11); both are
deterministic, so a build is byte-identical from the same inputs.

Brotli at quality 11 takes about 45 s for the 9.6 MB wasm, so compressed
bytes are kept in ``build/precompressed/`` under the hash of their input
(and the settings): a rebuild with an unchanged runtime costs nothing.
"""

from __future__ import annotations

import gzip
import hashlib
from pathlib import Path

try:
    import brotli
except ImportError:  # requirements-dev.txt pins it; without it only .gz is written
    brotli = None

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "build" / "precompressed"

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


def cached_compress(data: bytes, encoding: str, cache: Path = CACHE) -> bytes:
    key = hashlib.sha256(f"{encoding}:{BROTLI_QUALITY}:{GZIP_LEVEL}:".encode() + data).hexdigest()
    hit = cache / key
    if hit.is_file():
        return hit.read_bytes()
    packed = compress(data, encoding)
    cache.mkdir(parents=True, exist_ok=True)
    tmp = hit.with_suffix(".tmp")
    tmp.write_bytes(packed)
    tmp.replace(hit)  # atomic: two builds at once never read half a file
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
    return written


def is_sibling(rel: str) -> bool:
    """A precompressed copy (never listed for precaching: the server sends it in place of the original)."""
    return rel.endswith(tuple(ENCODINGS.values()))
