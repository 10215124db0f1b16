"""Python bytecode for the browser, made by the vendored Pyodide itself.

Both zips the pages import from carry bytecode in place of source:
``app.zip`` (the game's modules, tools/build.py) and the trimmed
``python_stdlib.zip`` (tools/trim_runtime.py). Python imports a ``.pyc``
that sits where its source would (no ``__pycache__``) as it is, from a
folder and through zipimport alike, so no start compiles them first
(docs/performance.md, "Bytecode in app.zip" and "Bytecode in
python_stdlib.zip").
"""

from __future__ import annotations

import base64
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMPILER = ROOT / "tools" / "compile_pyc.mjs"  # run with the npm Pyodide that vendor/ is cut from
PYODIDE = ROOT / "node_modules" / "pyodide"


def compile_pyc(sources: dict[str, bytes], stdlib: bool = False, pyodide: Path = PYODIDE) -> dict[str, bytes]:
    """The bytecode of each source, keyed by the source's path ("json/decoder.py").

    Compiled in Node by tools/compile_pyc.mjs, so magic number and marshal
    format are the browser's; the same sources give the same bytes. With
    ``stdlib``, the code names its file inside the runtime's stdlib zip,
    else relative to the working directory (where app.zip unpacks)."""
    if not sources:
        return {}
    request = json.dumps({"files": {rel: text.decode("utf-8") for rel, text in sources.items()}, "stdlib": stdlib})
    try:
        done = subprocess.run(["node", str(COMPILER), str(pyodide)], input=request, capture_output=True,
                              text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        sys.exit(f"build: compiling bytecode failed: {getattr(error, 'stderr', '') or error}")
    return {rel: base64.b64decode(data) for rel, data in json.loads(done.stdout).items()}


def pyc_name(rel: str) -> str:
    """Where a source's bytecode goes: in its place ("ui/model/table.py" -> "ui/model/table.pyc")."""
    return rel[:-3] + ".pyc"


def is_unchecked_pyc(data: bytes) -> bool:
    """A .pyc whose header flags say "unchecked-hash" (PEP 552): no timestamp, no source check."""
    return len(data) > 16 and int.from_bytes(data[4:8], "little") == 0b01
