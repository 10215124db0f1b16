"""Precompressed siblings for a built site: ``x.wasm`` gets ``x.wasm.br`` and ``x.wasm.gz``.

A static host (or tools/serve.py) sends the sibling that the browser's
``Accept-Encoding`` allows, with ``Content-Encoding``, instead of the file
itself. gzip comes from the standard library (level 9, mtime 0), brotli
from the pinned PyPI package ``Brotli`` (quality 11); both are
deterministic, so a build is byte-identical from the same inputs.

Brotli at quality 11 takes about 35 s of one core for the 9.6 MB wasm, so
compressed bytes are kept under the hash of their input (and the settings):
a rebuild with an unchanged runtime costs nothing. The cache is the user's
(``$SIXTYSIX_BUILD_CACHE``, else ``$XDG_CACHE_HOME/sixtysix/precompressed``,
else ``~/.cache/...``), so a fresh clone on the same machine finds the npm
runtime's bytes compressed already, as npm and pip find their downloads; a
hit is decompressed and compared with its input before it is used, so a
damaged entry is made again, never shipped.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import re
import tempfile
import time
import zlib
from pathlib import Path

try:
    import brotli
except ImportError:  # requirements-dev.txt pins it; without it only .gz is written
    brotli = None

ROOT = Path(__file__).resolve().parent.parent


def default_cache() -> Path:
    """Where compressed bytes are kept between builds and clones (see the module's
    doc); the clone's build/ where the user has no home of their own."""
    if os.environ.get("SIXTYSIX_BUILD_CACHE"):
        return Path(os.environ["SIXTYSIX_BUILD_CACHE"])
    if os.environ.get("XDG_CACHE_HOME"):
        return Path(os.environ["XDG_CACHE_HOME"]) / "sixtysix" / "precompressed"
    try:
        home = Path.home()
    except RuntimeError:  # no HOME and no passwd entry
        home = Path("/")
    return home / ".cache" / "sixtysix" / "precompressed" if home != Path("/") else ROOT / "build" / "precompressed"


CACHE = default_cache()

#: What is worth compressing (png and ico are compressed already; a zip gets a
#: sibling only where it shrinks: the STORED stdlib shrinks 5x, a deflated zip barely).
COMPRESSIBLE = {".wasm", ".pack", ".js", ".mjs", ".json", ".html", ".css", ".svg", ".toml", ".webmanifest", ".py", ".txt", ".map", ".zip"}
#: Encodings in the order a server should prefer them, with their file suffix.
ENCODINGS = {"br": ".br", "gzip": ".gz"}
BROTLI_QUALITY = 11
GZIP_LEVEL = 9
#: Below this a compressed copy saves less than its own headers cost.
MIN_SIZE = 256
#: Cache entries unused this long are removed after a build.
KEEP_DAYS = 30


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
    hit = cache / key
    try:
        packed = hit.read_bytes()
        sound = decompress(packed, encoding) == data  # a damaged entry is made again
    except Exception:  # missing, unreadable or not the encoding's format
        sound = False
    if sound:
        try:
            os.utime(hit)  # used: kept by prune()
        except OSError:  # a read-only cache, or another build's prune() just now
            pass
        return packed
    packed = compress(data, encoding)
    tmp = None
    try:
        cache.mkdir(parents=True, exist_ok=True)
        handle, tmp = tempfile.mkstemp(dir=cache, prefix=f"{key}.", suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            out.write(packed)
        os.replace(tmp, hit)  # atomic: two builds at once never read half a file
    except OSError as error:  # a read-only home, a full disk: the build goes on uncached
        print(f"build: warning: compressed bytes not cached in {cache}: {error}")
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
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


#: The cache's own file names (an entry, or one being written): prune() touches no other.
ENTRY = re.compile(r"[0-9a-f]{64}(\.[^/]+\.tmp)?")


def prune(cache: Path = CACHE, days: float = KEEP_DAYS) -> None:
    """Forget entries no build used for ``days`` (each build's app.zip adds two)."""
    cutoff = time.time() - days * 86400
    for entry in cache.iterdir() if cache.is_dir() else ():
        try:
            if ENTRY.fullmatch(entry.name) and entry.stat().st_mtime < cutoff:
                entry.unlink()
        except OSError:  # another build removed or replaced it
            pass


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
    prune(cache)
    return written


def is_sibling(rel: str) -> bool:
    """A precompressed copy (never listed for precaching: the server sends it in place of the original)."""
    return rel.endswith(tuple(ENCODINGS.values()))
