"""The build's cache of bytes that are slow to make, kept per user between builds and clones.

Two kinds live here, each in its own folder: ``precompressed`` (Brotli at
quality 11 on Pyodide's wasm takes about 35 s of one core:
tools/precompress.py) and ``bytecode`` (each of the build's two bytecode
compiles boots Pyodide in Node, about 2 s: tools/bytecode.py). An entry is
named by the hash of everything its bytes follow from, so a fresh clone on
the same machine finds them made, as npm and pip find their downloads.

The root is ``$SIXTYSIX_BUILD_CACHE``, else ``$XDG_CACHE_HOME/sixtysix``,
else ``~/.cache/sixtysix``, else the clone's ``build/cache`` for a user with
no home. Each kind checks its hits before using them (a damaged entry is
made again, never shipped); a cache that cannot be written leaves the build
going; entries no build used for 30 days are removed.
"""

from __future__ import annotations

import os
import re
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Cache entries unused this long are removed after a build.
KEEP_DAYS = 30
#: The cache's own file names (an entry, or one being written): prune() touches no other.
ENTRY = re.compile(r"[0-9a-f]{64}(\.[^/]+\.tmp)?")


def root() -> Path:
    """The folder of every kind (see the module's doc)."""
    if os.environ.get("SIXTYSIX_BUILD_CACHE"):
        return Path(os.environ["SIXTYSIX_BUILD_CACHE"])
    if os.environ.get("XDG_CACHE_HOME"):
        return Path(os.environ["XDG_CACHE_HOME"]) / "sixtysix"
    try:
        home = Path.home()
    except RuntimeError:  # no HOME and no passwd entry
        home = Path("/")
    return home / ".cache" / "sixtysix" if home != Path("/") else ROOT / "build" / "cache"


def folder(kind: str) -> Path:
    return root() / kind


def load(cache: Path, key: str) -> bytes | None:
    """The entry's bytes, or None when there is none or it cannot be read.
    A hit is marked as used, so prune() keeps it."""
    entry = cache / key
    try:
        data = entry.read_bytes()
    except OSError:
        return None
    try:
        os.utime(entry)
    except OSError:  # a read-only cache, or another build's prune() just now
        pass
    return data


def store(cache: Path, key: str, data: bytes, what: str) -> None:
    """Keep ``data`` under ``key``; atomic, so two builds at once never read half
    a file. A read-only home or a full disk: a warning, and the build goes on."""
    tmp = None
    try:
        cache.mkdir(parents=True, exist_ok=True)
        handle, tmp = tempfile.mkstemp(dir=cache, prefix=f"{key}.", suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(tmp, 0o644)  # as a file the build writes (mkstemp's own is 0600)
        os.replace(tmp, cache / key)
    except OSError as error:
        print(f"build: warning: {what} not cached in {cache}: {error}")
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)


def prune(cache: Path, days: float = KEEP_DAYS) -> None:
    """Forget entries no build used for ``days`` (each build's app.zip adds a few)."""
    cutoff = time.time() - days * 86400
    for entry in cache.iterdir() if cache.is_dir() else ():
        try:
            if ENTRY.fullmatch(entry.name) and entry.stat().st_mtime < cutoff:
                entry.unlink()
        except OSError:  # another build removed or replaced it
            pass
