"""Python bytecode for the browser, made by the vendored Pyodide itself.

Both zips the pages import from carry bytecode in place of source:
``app.zip`` (the game's modules, tools/build.py) and the trimmed
``python_stdlib.zip`` (tools/trim_runtime.py). Python imports a ``.pyc``
that sits where its source would (no ``__pycache__``) as it is, from a
folder and through zipimport alike, so no start compiles them first
(docs/performance.md, "Bytecode in app.zip" and "Bytecode in
python_stdlib.zip").

Each compile boots Pyodide in Node (about 2 s), so its output is kept in
the user's build cache (tools/build_cache.py, the kind ``bytecode``) under
the hash of its request, the compiler and the runtime's files: a fresh clone
of the same sources on the same machine compiles nothing. An entry carries
the hash of its own bytes; one that does not match, or does not hold an
unchecked-hash .pyc for each source, is compiled again.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Literal

from tools import build_cache

ROOT = Path(__file__).resolve().parent.parent
COMPILER = ROOT / "tools" / "compile_pyc.mjs"  # run with the npm Pyodide that vendor/ is cut from
PYODIDE = ROOT / "node_modules" / "pyodide"
CACHE = build_cache.folder("bytecode")
#: The runtime's files the compiler's output follows from: the interpreter, its
#: stdlib (ast, py_compile) and the modules that load them.
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")


def compile_pyc(sources: dict[str, bytes], stdlib: bool = False, pyodide: Path = PYODIDE,
                cache: Path | Literal[False] | None = None) -> dict[str, bytes]:
    """The bytecode of each source, keyed by the source's path ("json/decoder.py").

    Compiled in Node by tools/compile_pyc.mjs, so magic number and marshal
    format are the browser's; the same sources give the same bytes. With
    ``stdlib``, the code names its file inside the runtime's stdlib zip,
    else relative to the working directory (where app.zip unpacks).
    ``cache``: the folder of earlier compiles (None: ``CACHE``); ``False``
    compiles and keeps nothing."""
    if not sources:
        return {}
    request = json.dumps({"files": {rel: text.decode("utf-8") for rel, text in sources.items()}, "stdlib": stdlib})
    cache = CACHE if cache is None else cache
    if cache:
        key = hashlib.sha256(f"pyc:{compiler_identity(pyodide)}:".encode() + request.encode()).hexdigest()
        compiled = cached_compile(cache, key, sources)
        if compiled is not None:
            return compiled
    output = run_compiler(request, pyodide)
    compiled = parse_output(output, sources)
    if compiled is None:
        sys.exit(f"build: compiling bytecode failed: tools/compile_pyc.mjs answered no bytecode for each source "
                 f"({output[:200]!r})")
    if cache:
        build_cache.store(cache, key, hashlib.sha256(output).digest() + output, "bytecode")
        build_cache.prune(cache)
    return compiled


def compiler_identity(pyodide: Path) -> str:
    """The hash of the compiler and of the runtime's files it runs on. Hashing
    them takes about 40 ms and a build compiles twice, so the hash is kept for
    as long as no file's size or modification time changes (a runtime changed
    under a running process is still seen)."""
    files = [COMPILER, *(pyodide / name for name in RUNTIME_FILES)]
    stamps = tuple((f.stat().st_size, f.stat().st_mtime_ns) if f.is_file() else None for f in files)
    return _identity(tuple(files), stamps)


@functools.lru_cache(maxsize=4)
def _identity(files: tuple[Path, ...], stamps: tuple) -> str:
    digest = hashlib.sha256(files[0].read_bytes())
    for path in files[1:]:
        digest.update(f"{path.name}:".encode() + (path.read_bytes() if path.is_file() else b"-"))
    return digest.hexdigest()


def parse_output(output: bytes, sources: dict[str, bytes]) -> dict[str, bytes] | None:
    """The compiler's answer as {path: bytecode}, or None unless it is one
    unchecked-hash .pyc for each source and nothing else."""
    try:
        compiled = {rel: base64.b64decode(data, validate=True) for rel, data in json.loads(output).items()}
    except (ValueError, TypeError, AttributeError):
        return None
    if set(compiled) != set(sources) or not all(map(is_unchecked_pyc, compiled.values())):
        return None
    return compiled


def cached_compile(cache: Path, key: str, sources: dict[str, bytes]) -> dict[str, bytes] | None:
    """An earlier compile of the same request, if its entry is whole (its first
    32 bytes hash the rest) and holds bytecode for each source."""
    entry = build_cache.load(cache, key)
    if entry is None or hashlib.sha256(entry[32:]).digest() != entry[:32]:
        return None
    return parse_output(entry[32:], sources)


def run_compiler(request: str, pyodide: Path) -> bytes:
    try:
        done = subprocess.run(["node", str(COMPILER), str(pyodide)], input=request.encode("utf-8"),
                              capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        stderr = getattr(error, "stderr", None) or b""
        sys.exit(f"build: compiling bytecode failed: {stderr.decode('utf-8', 'replace') or error}")
    return done.stdout


def pyc_name(rel: str) -> str:
    """Where a source's bytecode goes: in its place ("ui/model/table.py" -> "ui/model/table.pyc")."""
    return rel[:-3] + ".pyc"


def is_unchecked_pyc(data: bytes) -> bool:
    """A .pyc whose header flags say "unchecked-hash" (PEP 552): no timestamp, no source check."""
    return len(data) > 16 and int.from_bytes(data[4:8], "little") == 0b01
