"""Ship only the runtime that runs: the vendored files the pages request and
the stdlib modules the game imports, as traced in Chromium.

``tools/runtime-trace.json`` (written by ``tools/stdlib_trace.py``, which
plays the game in Pyodide on a full build and records every request under
``vendor/`` and every module imported, on the page and in the bot worker)
holds both lists. The build then

- copies only the listed ``vendor/`` files (no codemirror, xterm,
  ``pyodide.js``, no maps);
- writes ``python_stdlib.zip`` with only the listed modules and the
  packages that hold them, as bytecode in place of source (``json/
  decoder.pyc``, made by tools/bytecode.py: zipimport loads it as it is,
  so no start compiles the stdlib), ``STORED`` (the server's brotli packs
  the whole archive better than per-file deflate, and zipimport reads it
  without inflating);
- writes ``pyodide-lock.json`` with no packages (we load none);
- applies the few exact ``PATCHES`` below (each says why).

``python3 tools/build.py --full-runtime`` ships the npm packages whole,
for debugging an import that the trace missed.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TRACE = ROOT / "tools" / "runtime-trace.json"
STDLIB = "python_stdlib.zip"
LOCK = "pyodide-lock.json"
ZIP_TIME = (1980, 1, 1, 0, 0, 0)

#: Exact edits to vendored files, each with its reason; the build stops if a
#: new runtime version no longer holds the text (then look again).
PATCHES = {
    "vendor/pyodide/pyodide.asm.mjs": [
        (
            # At import, Pyodide makes a one-page shared wasm memory for a
            # 100 ms Atomics.wait when a non-blocking read of stdin says EAGAIN.
            # Outside cross-origin isolation Chromium logs a deprecation for
            # it on every load (Lighthouse's Best Practices). Not isolated,
            # a plain buffer makes Atomics.wait throw, which syncSleep
            # already catches (as it does on the main thread today); the game
            # never reads stdin.
            "new Int32Array(new WebAssembly.Memory({shared:!0,initial:1,maximum:1}).buffer)",
            "new Int32Array(globalThis.crossOriginIsolated?new WebAssembly.Memory({shared:!0,initial:1,maximum:1}).buffer:new ArrayBuffer(4))",
        ),
    ],
    "vendor/pyscript/core-C9KDLldu.js": [
        (
            # PyScript prefixes every script it runs with `import pyscript`,
            # which compiles its whole Python package (context, display,
            # events, fetch, storage, websocket, workers...) from source:
            # under MicroPython in the page's longest main-thread task
            # (docs/performance.md, "The longest task"); under
            # Pyodide it also makes the stdlib ship `html` (100 kB) for
            # `pyscript.display`. No page of ours imports `pyscript`
            # (ui/dom/web.py takes MicroPython's own `js` and `jsffi`; the
            # bench's floor pages use `js`). The prefix deletes the name
            # after, so it stays bound.
            '"import pyscript as _pyscript"',
            '"_pyscript = None"',
        ),
        (
            # PyScript imports each of its plugins at start, whatever the
            # page uses: five more modules (8 kB, five requests on the first
            # visit, five parses) for `<script type="py-editor">`,
            # `"py-game"`, a terminal, the `donkey` API and deprecation
            # warnings, none of which the pages have. `plugins = ["!..."]` in
            # pyscript.toml does not help: the `py` type, which has no config
            # here, still loads them all. The error plugin stays (an error's
            # banner on the page; the e2e tests look for it).
            '"deprecations-manager":()=>import("./deprecations-manager-UpAPKqCb.js"),'
            'donkey:()=>import("./donkey-4Hrqd7WZ.js"),error:()=>import("./error-D2315lOB.js"),'
            '"py-editor":()=>import("./py-editor-C4XsZtn7.js"),"py-game":()=>import("./py-game-DWiCrr7a.js"),'
            '"py-terminal":()=>import("./py-terminal-CwQ6kcjg.js")',
            'error:()=>import("./error-D2315lOB.js")',
        ),
    ],
    # MicroPython's npm package is an Emscripten build with ASSERTIONS, whose
    # FS error is an Error with a stack and a message. The page's first start
    # makes some 216 of them on its main thread (each failed lookup of a
    # module where it is not, each folder of [files] made again), about 20 ms
    # there in all; every caller catches them and reads only `errno` and
    # `name`. This is the class Emscripten emits without ASSERTIONS, as in
    # Pyodide's bundle (docs/performance.md, "MicroPython's file errors").
    "vendor/micropython/micropython.mjs": [
        (
            'ErrnoError:class extends Error{name="ErrnoError";constructor(errno){for(var key in super('
            'runtimeInitialized?(errno=>UTF8ToString(_strerror(errno)))(errno):""),this.errno=errno,ERRNO_CODES)'
            'if(ERRNO_CODES[key]===errno){this.code=key;break}}}',
            'ErrnoError:class{name="ErrnoError";constructor(errno){this.errno=errno}}',
        ),
    ],
}


def load_trace(path: Path = TRACE) -> dict:
    trace = json.loads(path.read_text(encoding="utf-8"))
    if not trace.get("vendor_files") or not trace.get("stdlib_modules"):
        raise SystemExit(f"build: {path} lists no files or no modules: run tools/stdlib_trace.py")
    return trace


def module_of(entry: str) -> str | None:
    """The module a zip entry defines ("json/decoder.py" or its bytecode "json/decoder.pyc"
    -> "json.decoder"), or None for data."""
    if not entry.endswith((".py", ".pyc")):
        return None
    parts = entry.rsplit(".", 1)[0].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def with_parents(modules: set[str]) -> set[str]:
    """Each module and every package above it ("a.b.c" -> a, a.b, a.b.c)."""
    out = set()
    for name in modules:
        parts = name.split(".")
        out.update(".".join(parts[: i + 1]) for i in range(len(parts)))
    return out


def zip_modules(path: Path) -> set[str]:
    with zipfile.ZipFile(path) as zf:
        return {m for m in map(module_of, zf.namelist()) if m}


def write_trimmed_stdlib(src: Path, dest: Path, modules: set[str], compile_pyc) -> int:
    """Write into dest the bytecode of src's entries for modules (and their packages),
    each in its source's place; return the entry count.

    ``compile_pyc`` maps {path: source} to {path: bytecode} (tools/bytecode.py)."""
    keep = with_parents(modules)
    with zipfile.ZipFile(src) as zin:
        # Folders come back implicitly; data files (README, py.typed) are not imported.
        sources = {i.filename: zin.read(i) for i in zin.infolist() if module_of(i.filename) in keep}
    entries = {name[:-3] + ".pyc": code for name, code in compile_pyc(sources, stdlib=True).items()}
    dest.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_STORED) as zout:
        for name in sorted(entries):
            entry = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            entry.external_attr = 0o644 << 16
            zout.writestr(entry, entries[name])
    return len(entries)


def write_empty_lock(src: Path, dest: Path) -> None:
    """The lock file Pyodide reads at start, with its header but no packages."""
    lock = json.loads(src.read_text(encoding="utf-8"))
    lock["packages"] = {}
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def vendor_trimmed(pyodide: Path, pyscript: Path, out: Path, trace: dict, copy_file, compile_pyc) -> None:
    """Write out/vendor/ with only the traced files, the stdlib trimmed (and compiled), the lock emptied."""
    sources = {"vendor/pyodide/": pyodide, "vendor/pyscript/": pyscript}
    unknown = sorted(set(PATCHES) - set(trace["vendor_files"]))
    if unknown:  # a patch that would silently not apply: a new runtime version renamed its file
        raise SystemExit(f"build: PATCHES in tools/trim_runtime.py name files the trace does not list: {unknown}")
    for rel in trace["vendor_files"]:
        if rel.startswith("vendor/micropython/"):
            continue  # MicroPython, whole: tools/dom_layer.py vendors it
        prefix = next((p for p in sources if rel.startswith(p)), None)
        if prefix is None:
            raise SystemExit(f"build: {TRACE.name} names {rel}, outside vendor/pyodide/ and vendor/pyscript/")
        src = sources[prefix] / rel[len(prefix):]
        if not src.is_file():
            raise SystemExit(f"build: {rel} is not in node_modules (a new runtime version?): run tools/stdlib_trace.py")
        if rel.endswith("/" + STDLIB):
            write_trimmed_stdlib(src, out / rel, set(trace["stdlib_modules"]), compile_pyc)
        elif rel.endswith("/" + LOCK):
            write_empty_lock(src, out / rel)
        elif rel in PATCHES:
            write_patched(src, out / rel, PATCHES[rel])
        else:
            copy_file(src, out / rel)


def write_patched(src: Path, dest: Path, edits: list[tuple[str, str]]) -> None:
    text = src.read_text(encoding="utf-8")
    for old, new in edits:
        if text.count(old) != 1:
            raise SystemExit(f"build: {src.name} no longer holds the text one patch replaces: check tools/trim_runtime.py PATCHES")
        text = text.replace(old, new)
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(text, encoding="utf-8")
