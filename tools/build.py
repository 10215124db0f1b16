"""Build the static site into dist/ (standard library only).

    python3 tools/build.py            # or: make dist

Needs node_modules/ (``npm ci``, done by ``make setup``) for the vendored
runtime. Rebuilds dist/ from scratch every time; the output is
deterministic (sorted lists, fixed zip timestamps), so the same inputs give
byte-identical files and the same service-worker cache name.

What lands in dist/
-------------------
- Copied as they are, the explicit list :data:`COPY` and nothing else:
  ``index.html``, ``pyscript.toml``, ``manifest.webmanifest``, ``js/`` (the
  browser scripts), ``ui/``, ``locales/``, ``assets/``, ``rules/``,
  ``icons/``; ``icons/favicon.ico`` also as ``favicon.ico``. The bench and
  test pages (``bench/``) never ship: the e2e suite serves ``bench/floor/``
  beside dist/ (e2e/conftest.py), the benchmark stages its own copy.
  ``__pycache__`` and ``*.pyc`` are skipped. A new top-level file ships only
  once it is added to the list (the drawing scripts live in ``tools/``).
  None of ``ui/``'s Python is copied as it is: the worker imports the model
  side from ``app.zip``, and the DOM layer ships as MicroPython bytecode.
- ``vendor/micropython/``, the DOM layer's modules as ``.mpy`` in one file,
  ``ui/dom-layer.pack``, and ``pyscript.toml``'s ``[files]`` (tools/dom_layer.py).
- ``vendor/pyodide/`` and ``vendor/pyscript/``: the runtime files that
  ``tools/runtime-trace.json`` lists (what the pages were seen to load), with
  ``python_stdlib.zip`` cut to the traced modules, as bytecode, and
  ``pyodide-lock.json`` to no packages (tools/trim_runtime.py). With ``--full-runtime`` (or
  ``FULL_RUNTIME=1``): every ``pyodide*`` file and ``python_stdlib.zip`` of
  the npm package ``pyodide`` and the whole ``@pyscript/core/dist/`` folder,
  without ``.d.ts`` and ``.map`` files.
- What index.html waits for before its first paint (:data:`INLINED`: its
  stylesheet and the four scripts that set its language, link it to the
  worker and draw the table left) is put inside it, each file's relative
  addresses made the page's, and not shipped on its own: a revisit draws
  the table without a round trip for each (docs/performance.md, "The
  page's first files inside it").
- Every page's ``<meta http-equiv="Content-Security-Policy">`` gets its
  content from ``tools/serve.py``'s :func:`csp` (the one definition): the
  Python policy for a page that loads PyScript, the stricter one (no
  ``'unsafe-eval'``, no ``blob:`` workers) for the others, with the hash of
  each of the page's inline blocks. A shipped page without that ``<meta>``
  fails the build. ``_headers`` says what a host sends with every response
  (the header policy, which names the same hashes); tools/serve.py sends it.
- ``index.html``'s empty ``data-i18n`` elements and ``data-i18n-label``
  labels get the texts of its own language (``<html lang="pt">``), from
  locales/: the shell paints with its words (js/boot.js hides them for
  another language until it has put that one's in).
- ``index.html``'s boot-words block gets the boot line's and js/guard.js's
  texts in every language: what the page says while it starts, or when its
  start fails, never waits for a locale file.
- ``js/pyodide-loader.mjs`` (pyscript.toml's ``interpreter``) gets the
  runtime's id, a hash of the vendored runtime's bytes and of the loader
  and snapshot worker: a start-up snapshot made on a device is only
  restored into the runtime it was made from, booted the same way.
- ``index.html``'s ``<html data-build>`` gets a hash of the app's code (app.zip
  and the DOM layer's bytecode), the page and its styles: js/last-table.js draws the table a player left only
  in the build that drew it.
- ``index.html``'s runtime-start block gets PyScript's traced chunks in its
  ``modulepreload`` list (js/boot.js fetches them side by side once the
  shell has painted, instead of PyScript importing one after the other).
- ``app.zip``: the Python packages ``sixtysix/`` and ``ui/`` but the DOM
  layer (no tests, no ``__pycache__``), with their folder names at the top
  of the zip; the modules the game imports as bytecode that the vendored
  Pyodide compiled (tools/bytecode.py), the others as source. The worker
  runs no PyScript: PyScript's own Python package is not in it (the bench's
  pages that run Pyodide through PyScript get the one PyScript writes).
- ``app-more.zip``: the modules that ``ui/on_demand.py`` lists (imported
  only on demand: the statistics, a review, the deal of the day, the
  problems, the lessons), as bytecode, taken out of app.zip. The page fetches it in the
  background once it is ready (js/pyodide-loader.mjs); it is not part of
  the first load's byte total, and the service worker precaches it like
  every file.
- ``sw.js``: made from the repo's ``sw.js`` by filling in the precache list
  (what the pages load: every file in dist/ but sw.js itself, whose bytes
  hold the list, and the precompressed siblings) and
  a cache name ``sixtysix-<hash of all those files and of the sw.js
  template>``, so a new build installs into a new cache and the old one is
  deleted when the new worker activates.
- ``<file>.br`` and ``<file>.gz`` beside every compressible file
  (tools/precompress.py), for servers that negotiate ``Accept-Encoding``
  (tools/serve.py does); they are not precached, being the same files.

The app.zip convention (for whoever writes a page that runs the game's Python)
-----------------------------------------------------------------------
``dist/app.zip`` lands beside ``dist/index.html``. The game's loader
(js/pyodide-loader.mjs, which js/core-worker.mjs calls) fetches it while
the runtime boots, writes it into Pyodide's working directory
(``/home/pyodide/app.zip``) and puts it first on ``sys.path``; so ``import
sixtysix`` and ``import ui.core_worker`` just work, from the zip (zipimport).
The modules of ``app-more.zip`` come through ui/on_demand.py's finder,
which the loader installs. A page on PyScript's own loader gets the same
by unpacking both::

    [files]
    "./app.zip" = "./*"
    "./app-more.zip" = "./*"

(the trailing ``/*`` tells PyScript to unpack the archive).
Do not list ``packages`` (it pulls micropip from a CDN; see PLATFORM.md).
``e2e/test_floor.py`` checks this convention on ``bench/floor/appzip.html``.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import posixpath
import re
import shutil
import sys
import zipfile
from html import escape as html_escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script, tools/ is found as a folder of the clone
from tools import bytecode, dom_layer, precompress, trim_runtime  # noqa: E402
from tools.serve import HEADER_LINE, HEADERS_FILE, csp  # noqa: E402  (the one definition of the policy)
from ui import on_demand  # noqa: E402  (the list of modules app-more.zip holds)

DIST = ROOT / "dist"
NODE = ROOT / "node_modules"

# Copied into dist/ under the same relative path, when present.
COPY = [
    "index.html",
    "pyscript.toml",
    "js",
    "manifest.webmanifest",
    "ui",
    "locales",
    "assets",
    "rules",
    "icons",
]
APP_PACKAGES = ["sixtysix", "ui"]  # zipped into app.zip
#: The command line's own modules: the page never runs them (tournaments, fitting; make bench runs sixtysix/bench.py in the browser).
#: The DOM layer: MicroPython runs it on the page as bytecode (tools/dom_layer.py), never from app.zip.
DOM_LAYER = "ui/dom/"
COMMAND_LINE_ONLY = {"sixtysix/__main__.py", "sixtysix/arena.py", "sixtysix/bots/fit.py"}
APP_ZIP = "app.zip"
#: The modules imported only on demand go into this second zip (ui/on_demand.py).
MORE_ZIP = on_demand.ZIP
ON_DEMAND = on_demand.MODULES
SW_TEMPLATE = ROOT / "sw.js"
# Placeholders in sw.js that the build fills in (the file still runs as is).
SW_LIST_MARK = '["__PRECACHE__"]'
SW_NAME_MARK = "__CACHE_NAME__"
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # earliest time a zip can hold


def skipped(path: Path) -> bool:
    """Build litter that never ships."""
    return "__pycache__" in path.parts or path.suffix == ".pyc" or path.name == ".DS_Store"


def files_under(folder: Path) -> list[Path]:
    """Every shipped file under folder, sorted for deterministic output."""
    return sorted(p for p in folder.rglob("*") if p.is_file() and not skipped(p))


def copy_file(src: Path, dest: Path) -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dest)  # content only: mtimes do not matter


def copy_sources(out: Path) -> None:
    # sw.js is generated below, so it is not copied.
    for name in COPY:
        src = ROOT / name
        if src.is_file():
            copy_file(src, out / name)
        elif src.is_dir():
            for f in files_under(src):
                if not imported_only(f.relative_to(ROOT).as_posix()):
                    copy_file(f, out / name / f.relative_to(src))
        elif name == "index.html":
            print("build: note: no index.html yet (the game page); building the rest")
    # Browsers ask for /favicon.ico on any page without an icon link; a 404
    # there is a console error that fails e2e tests.
    if (ROOT / "icons" / "favicon.ico").is_file():
        copy_file(ROOT / "icons" / "favicon.ico", out / "favicon.ico")


#: index.html's render-blocking files, put inside it (:func:`inline_blocking`):
#: the tag the source page loads each by, and the inline element it becomes.
INLINED = {
    "ui/table.css": ('<link rel="stylesheet" href="./ui/table.css">', "style"),
    "js/shared.js": ('<script src="./js/shared.js"></script>', "script"),
    "js/boot.js": ('<script src="./js/boot.js"></script>', "script"),
    "js/core-link.js": ('<script src="./js/core-link.js"></script>', "script"),
    "js/last-table.js": ('<script src="./js/last-table.js"></script>', "script"),
}
# Addresses that resolve against the file, not the page: CSS url(), and a
# classic script's import() (fetch and new Worker already resolve against the page).
FILE_RELATIVE = {
    "style": re.compile(r'url\((["\']?)(\.{1,2}/[^"\')]+)\1\)'),
    "script": re.compile(r'import\((["\'])(\.{1,2}/[^"\']+)\1\)'),
}


def page_relative(body: str, rel: str, kind: str) -> str:
    """body (the file rel) with its file-relative addresses made relative to the page at the top."""
    def rebase(found: re.Match) -> str:
        target = posixpath.normpath(posixpath.join(posixpath.dirname(rel), found.group(2)))
        return found.group(0).replace(found.group(2), "./" + target, 1)
    return FILE_RELATIVE[kind].sub(rebase, body)


def inline_blocking(out: Path, page: str = "index.html") -> list[str]:
    """Put :data:`INLINED` inside out/page, each in place of its tag, and take
    the files out of out/: they are never loaded on their own. Returns them."""
    html_path = out / page
    if not html_path.is_file():
        return []
    html = html_path.read_text(encoding="utf-8")
    for rel, (tag, kind) in INLINED.items():
        if html.count(tag) != 1:
            sys.exit(f"build: {page} should load {rel} once, by {tag}")
        body = page_relative((out / rel).read_text(encoding="utf-8"), rel, kind)
        if re.search(rf"</{kind}|<!--", body, re.I):
            sys.exit(f"build: {rel} holds </{kind} or <!--, which would end or change its inline block")
        html = html.replace(tag, f"<{kind}>{body}</{kind}>", 1)
        (out / rel).unlink()
    html_path.write_text(html, encoding="utf-8")
    return list(INLINED)


CSP_META = re.compile(r'(<meta http-equiv="Content-Security-Policy" content=")[^"]*(">)', re.I)
# The inline blocks the build writes: exactly <script> or <style>, no attribute
# (a data block, <script type="application/json">, runs nothing and needs no hash).
INLINE_BLOCK = re.compile(r"<(script|style)>(.*?)</\1>", re.S)


def inline_hashes(html: str) -> dict[str, list[str]]:
    """The CSP sources naming each inline block of html, per directive."""
    sources: dict[str, list[str]] = {}
    for kind, body in INLINE_BLOCK.findall(html):
        digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
        sources.setdefault(f"{kind}-src", []).append(f"'sha256-{digest}'")
    return sources


def runs_python(html: str) -> bool:
    return "pyscript/core.js" in html or 'type="py"' in html


def write_csp(out: Path) -> int:
    """Fill each shipped page's CSP <meta> from tools/serve.py, with its inline
    blocks' hashes, and write _headers, the header policy for a host; return the pages' count."""
    count = 0
    inline: dict[str, list[str]] = {}
    for page in sorted(out.rglob("*.html")):
        rel = page.relative_to(out).as_posix()
        html = page.read_text(encoding="utf-8")
        if not CSP_META.search(html):
            sys.exit(f"build: {rel} has no <meta http-equiv=\"Content-Security-Policy\" content=\"...\">")
        hashes = inline_hashes(html)
        policy = csp(python=runs_python(html), meta=True, inline=hashes)
        page.write_text(CSP_META.sub(lambda m: m.group(1) + policy + m.group(2), html), encoding="utf-8")
        for directive, sources in hashes.items():  # the header names every page's blocks
            known = inline.setdefault(directive, [])
            known += [source for source in sources if source not in known]
        count += 1
    (out / HEADERS_FILE).write_text(
        f"/*\n{HEADER_LINE}{csp(inline=inline)}\n  X-Content-Type-Options: nosniff\n", encoding="utf-8")
    return count


def vendor_file(src: Path, out: Path, rel: str) -> None:
    """A runtime's file into out/rel, with tools/trim_runtime.py's PATCHES for it if any."""
    if rel in trim_runtime.PATCHES:
        trim_runtime.write_patched(src, out / rel, trim_runtime.PATCHES[rel])
    else:
        copy_file(src, out / rel)


def vendor_runtime(out: Path, full: bool = False) -> None:
    pyodide = NODE / "pyodide"
    pyscript = NODE / "@pyscript" / "core" / "dist"
    if not pyodide.is_dir() or not pyscript.is_dir():
        sys.exit("build: node_modules/ is missing the runtime: run `npm ci` (or `make setup`)")
    if not full:  # the default: only what the trace saw the pages load
        trim_runtime.vendor_trimmed(pyodide, pyscript, out, trim_runtime.load_trace(), copy_file,
                                    bytecode.compile_pyc)
        return
    # Whole, but patched as the trimmed runtime is (the trace, tools/stdlib_trace.py,
    # builds this way and must see what the shipped page loads).
    for f in sorted(pyodide.iterdir()):
        wanted = f.name.startswith("pyodide") or f.name == "python_stdlib.zip"
        if wanted and not f.name.endswith((".d.ts", ".map")):
            vendor_file(f, out, f"vendor/pyodide/{f.name}")
    for f in files_under(pyscript):
        if f.suffix != ".map":
            vendor_file(f, out, f"vendor/pyscript/{f.relative_to(pyscript).as_posix()}")


def is_test(rel: Path) -> bool:
    return any(p in ("tests", "test") for p in rel.parts[:-1]) or rel.name.startswith("test_") or rel.name == "conftest.py"


def build_app_zip(out: Path) -> int:
    """Zip the Python packages at fixed timestamps and modes; return the entry count.

    The modules that the runtime trace saw the game import go as bytecode
    (``ui/model/table.pyc`` in place of ``ui/model/table.py``), so the browser imports
    them without compiling them first (docs/performance.md, "Bytecode in
    app.zip"). The rest (the command line's) stays source. The zip is
    STORED: its .br/.gz siblings compress across files, where deflating
    each entry would not. The modules of ui/on_demand.py go into
    ``app-more.zip`` instead (:func:`on_demand_entries`); the count is app.zip's."""
    entries = {}
    for pkg in APP_PACKAGES:
        if (ROOT / pkg).is_dir():
            for f in files_under(ROOT / pkg):
                # Python only: ui/table.css is loaded by URL, never from the zip.
                rel = f.relative_to(ROOT)
                if f.suffix == ".py" and not is_test(rel) and rel.as_posix() not in COMMAND_LINE_ONLY \
                        and not rel.as_posix().startswith(DOM_LAYER):
                    entries[f.relative_to(ROOT).as_posix()] = f.read_bytes()
    trace = trim_runtime.load_trace()
    imported = set(trace.get("app_modules", []))
    for rel, code in bytecode.compile_pyc({rel: data for rel, data in entries.items()
                                           if trim_runtime.module_of(rel) in imported}).items():
        del entries[rel]
        entries[bytecode.pyc_name(rel)] = code
    more = on_demand_entries(entries)
    write_zip(out / APP_ZIP, {rel: data for rel, data in entries.items() if rel not in more})
    write_zip(out / MORE_ZIP, more)
    return len(entries) - len(more)


def on_demand_entries(entries: dict[str, bytes]) -> dict[str, bytes]:
    """The entries of the modules imported only on demand (ui/on_demand.py's
    list), which go into app-more.zip: each listed module must be one of the
    app's, a module and not a package (the finder imports no package)."""
    more = {rel: data for rel, data in entries.items() if trim_runtime.module_of(rel) in ON_DEMAND}
    found = {trim_runtime.module_of(rel) for rel in more}
    if found != ON_DEMAND:
        sys.exit(f"build: ui/on_demand.py lists modules the app does not have: {sorted(ON_DEMAND - found)}")
    packages = sorted(rel for rel in more if rel.rsplit("/", 1)[-1].startswith("__init__."))
    if packages:
        sys.exit(f"build: ui/on_demand.py lists packages: {packages}")
    return more


def write_zip(path: Path, entries: dict[str, bytes]) -> None:
    """A STORED zip of entries at fixed timestamps and modes: its .br/.gz
    siblings compress across files, where deflating each entry would not."""
    with zipfile.ZipFile(path, "w") as zf:
        for rel in sorted(entries):
            info = zipfile.ZipInfo(rel, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            zf.writestr(info, entries[rel])


def imported_only(rel: str) -> bool:
    """A ui/ module: the worker imports it from app.zip, the DOM layer's are
    written as bytecode (tools/dom_layer.py); none is copied as it is."""
    return rel.startswith("ui/") and rel.endswith(".py")


def precached(rel: str) -> bool:
    """Whether the service worker precaches dist/rel: what the pages load, so
    not a precompressed sibling (the server sends it in the original's place)."""
    return rel not in ("sw.js", HEADERS_FILE) and not precompress.is_sibling(rel)


LOADER = "js/pyodide-loader.mjs"
SNAPSHOT_WORKER = "js/snapshot-worker.mjs"
RUNTIME_ID_MARK = "__RUNTIME_ID__"
APP_ZIP_SHA256_MARK = "__APP_ZIP_SHA256__"


def write_runtime_id(out: Path) -> str:
    """Name the vendored Pyodide, the code that boots it and snapshots it,
    and app.zip, whose modules the snapshot holds imported, by their bytes
    in js/pyodide-loader.mjs: a start-up snapshot kept on a device is only
    restored into the runtime and the game it was made from, booted the same
    way. app.zip's SHA-256 goes into js/snapshot-worker.mjs first, which
    checks the zip it imports from against it. Returns the id."""
    worker = out / SNAPSHOT_WORKER
    worker_text = worker.read_text(encoding="utf-8")
    if APP_ZIP_SHA256_MARK not in worker_text:
        sys.exit(f"build: {SNAPSHOT_WORKER} lost its placeholder {APP_ZIP_SHA256_MARK}")
    app_zip_sha256 = hashlib.sha256((out / APP_ZIP).read_bytes()).hexdigest()
    worker.write_text(worker_text.replace(APP_ZIP_SHA256_MARK, app_zip_sha256), encoding="utf-8")
    loader = out / LOADER
    text = loader.read_text(encoding="utf-8")
    digest = hashlib.sha256()
    for f in [*files_under(out / "vendor" / "pyodide"), loader, out / SNAPSHOT_WORKER]:
        digest.update(f.name.encode() + b"\0" + hashlib.sha256(f.read_bytes()).digest())
    runtime_id = digest.hexdigest()[:16]
    if RUNTIME_ID_MARK not in text:
        sys.exit(f"build: {LOADER} lost its placeholder {RUNTIME_ID_MARK}")
    loader.write_text(text.replace(RUNTIME_ID_MARK, runtime_id), encoding="utf-8")
    return runtime_id


RUNTIME_PLAN = re.compile(r'(<script type="application/json" id="runtime-start">)(.*?)(</script>)', re.S)


def write_runtime_plan(out: Path, page: str = "index.html") -> list[str]:
    """Add PyScript's traced chunks to the modulepreload list of index.html's
    runtime-start block (js/boot.js starts them side by side, instead of
    PyScript importing one after the other). Returns the added paths."""
    html = out / page
    text = html.read_text(encoding="utf-8") if html.is_file() else ""
    found = RUNTIME_PLAN.search(text)
    if not found:
        return []
    plan = json.loads(found.group(2))
    chunks = [f"./{rel}" for rel in trim_runtime.load_trace()["vendor_files"]
              if rel.startswith("vendor/pyscript/") and rel.endswith(".js") and rel != "vendor/pyscript/core.js"]
    added = [c for c in chunks if c not in plan["modulepreload"]]
    plan["modulepreload"] += added
    block = found.group(1) + json.dumps(plan, indent=2) + found.group(3)
    html.write_text(text[:found.start()] + block + text[found.end():], encoding="utf-8")
    return added


BOOT_BYTES_MARK = '<script type="application/json" id="boot-bytes">{}</script>'


def write_boot_bytes(out: Path, page: str = "index.html") -> int:
    """Fill index.html's boot-bytes block with each file of the first load (what
    tools/runtime-trace.json saw the page request until it was ready) and
    its size as sent plain, gzip and brotli ([raw, gzip, br], from the same
    cached compression the siblings use), so js/progress.js knows the total
    before the first byte arrives. Returns the brotli total."""
    html = out / page
    if not html.is_file() or BOOT_BYTES_MARK not in html.read_text(encoding="utf-8"):
        return 0
    files = {}
    for rel in trim_runtime.load_trace().get("first_load", []):
        if (out / rel).is_file():
            files[rel] = precompress.encoded_sizes((out / rel).read_bytes())
    block = BOOT_BYTES_MARK.replace("{}", json.dumps({"files": files}, separators=(",", ":"), sort_keys=True))
    html.write_text(html.read_text(encoding="utf-8").replace(BOOT_BYTES_MARK, block), encoding="utf-8")
    return sum(sizes[2] for sizes in files.values())


I18N_TEXT = re.compile(r'(<(\w+)\b[^>]*?\sdata-i18n="([^"]+)"[^>]*>)(</\2>)')
I18N_LABEL = re.compile(r'<\w+\b[^>]*?\sdata-i18n-label="([^"]+)"[^>]*>')
PAGE_LANG = re.compile(r'<html\b[^>]*\blang="([a-z]+)"')


def write_shell_texts(out: Path, page: str = "index.html") -> int:
    """Write the texts of the page's own language (``<html lang>``) into its
    empty ``data-i18n`` elements and ``data-i18n-label`` labels, so the table
    shell paints with its words instead of waiting for js/boot.js to fetch
    them (the source keeps no literal text: tests/test_locales.py). For
    another language js/boot.js keeps these unseen until it has replaced
    them. Returns how many texts were written."""
    html = out / page
    text = html.read_text(encoding="utf-8") if html.is_file() else ""
    lang = PAGE_LANG.search(text)
    if not lang:
        return 0
    catalog = json.loads((out / "locales" / f"{lang.group(1)}.json").read_text(encoding="utf-8"))
    written = 0

    def word(key: str) -> str | None:
        """The text, escaped; None for one with a {placeholder}, which only Python can fill."""
        nonlocal written
        if not isinstance(catalog.get(key), str):
            sys.exit(f"build: {page} asks for {key!r}, which locales/{lang.group(1)}.json lacks")
        if "{" in catalog[key]:
            return None
        written += 1
        return html_escape(catalog[key])

    def element(found: re.Match) -> str:
        said = word(found.group(3))
        return found.group(0) if said is None else found.group(1) + said + found.group(4)

    def label(found: re.Match) -> str:
        tag = found.group(0)
        said = None if " aria-label=" in tag else word(found.group(1))
        return tag if said is None else tag[:-1].rstrip("/").rstrip() + f' aria-label="{said}">'

    text = I18N_TEXT.sub(element, text)
    html.write_text(I18N_LABEL.sub(label, text), encoding="utf-8")
    return written


BOOT_WORDS_MARK = '<script type="application/json" id="boot-words">{}</script>'
BOOT_WORDS = ("boot.", "frame.")  # the boot line's and js/guard.js's texts


def write_boot_words(out: Path, page: str = "index.html") -> int:
    """Fill the page's boot-words block with the texts of the boot line and of
    js/guard.js (the keys starting with :data:`BOOT_WORDS`) in every language
    of locales/: the byte bar and a failure's words must not wait for
    locales/<lang>.json, which may be the very file that does not come
    (js/shared.js ``bootWords``). Returns how many texts were written."""
    html = out / page
    text = html.read_text(encoding="utf-8")
    if BOOT_WORDS_MARK not in text:
        sys.exit(f"build: {page} lost its placeholder {BOOT_WORDS_MARK}")
    words = {}
    for catalog in sorted((out / "locales").glob("*.json")):
        texts = json.loads(catalog.read_text(encoding="utf-8"))
        words[catalog.stem] = {key: said for key, said in sorted(texts.items()) if key.startswith(BOOT_WORDS)}
    # "</" written "<\/": no text can end the block early.
    block = json.dumps(words, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    html.write_text(text.replace(BOOT_WORDS_MARK, BOOT_WORDS_MARK.replace("{}", block)), encoding="utf-8")
    return sum(len(said) for said in words.values())


BUILD_MARK = 'data-build=""'


def write_build_stamp(out: Path, page: str = "index.html") -> str:
    """Stamp ``<html data-build>`` with a hash of what draws the table (the app's
    code, the page, its styles): js/last-table.js draws a kept table only in the
    build that kept it."""
    html = out / page
    text = html.read_text(encoding="utf-8")
    if BUILD_MARK not in text:
        sys.exit(f"build: {page} lost its placeholder {BUILD_MARK}")
    digest = hashlib.sha256(text.encode())
    for path in [out / APP_ZIP, *sorted(out.rglob("*.css")), out / dom_layer.PACK, out / "ui/dom/main.py"]:
        digest.update(path.relative_to(out).as_posix().encode() + b"\0" + path.read_bytes())
    stamp = digest.hexdigest()[:12]
    html.write_text(text.replace(BUILD_MARK, f'data-build="{stamp}"', 1), encoding="utf-8")
    return stamp


GAME_BYTES_MARK = 'data-game-bytes="0"'


def write_game_bytes(out: Path, total: int) -> None:
    """Tell the rules pages' play button what a first visit downloads (js/lazy-frame.js)."""
    for page in sorted((out / "rules").glob("*.html")):
        html = page.read_text(encoding="utf-8")
        if GAME_BYTES_MARK in html:
            page.write_text(html.replace(GAME_BYTES_MARK, f'data-game-bytes="{total}"'), encoding="utf-8")


def write_service_worker(out: Path) -> tuple[str, int]:
    """Fill the precache list and the content-hashed cache name into dist/sw.js."""
    template = SW_TEMPLATE.read_text(encoding="utf-8")
    if SW_LIST_MARK not in template or SW_NAME_MARK not in template:
        sys.exit(f"build: sw.js lost its placeholders {SW_LIST_MARK} / {SW_NAME_MARK}")
    paths = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    paths = [p for p in paths if precached(p)]
    digest = hashlib.sha256(template.encode())
    for rel in paths:
        digest.update(rel.encode() + b"\0" + hashlib.sha256((out / rel).read_bytes()).digest())
    name = "sixtysix-" + digest.hexdigest()[:16]
    listing = json.dumps(paths, indent=2)
    (out / "sw.js").write_text(template.replace(SW_LIST_MARK, listing).replace(SW_NAME_MARK, name), encoding="utf-8")
    return name, len(paths)


def build(out: Path = DIST, full_runtime: bool = False) -> str:
    """Build out (dist/) from scratch; return the service worker's cache name.
    full_runtime: ship the npm runtime whole (for debugging a missing import)."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    copy_sources(out)
    inline_blocking(out)
    write_shell_texts(out)
    write_boot_words(out)
    vendor_runtime(out, full_runtime)
    count = build_app_zip(out)
    write_runtime_id(out)
    dom_layer.write_dom_layer(out, vendor_file)
    write_build_stamp(out)
    write_runtime_plan(out)
    boot_bytes = write_boot_bytes(out)
    write_game_bytes(out, boot_bytes)
    write_csp(out)  # last of the pages' changes: it hashes their inline blocks
    name, total = write_service_worker(out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    packed = precompress.write_siblings(out)
    print(f"build: {out.name}/ has {total + 1} files, {size / 1e6:.1f} MB; {APP_ZIP} has {count} files, {MORE_ZIP} {len(ON_DEMAND)}; cache {name}")
    print(f"build: first load of index.html: {boot_bytes / 1e6:.2f} MB as brotli")
    print("build: precompressed siblings: " + ", ".join(f"{enc} {n / 1e6:.1f} MB" for enc, n in packed.items()))
    return name


if __name__ == "__main__":
    build(full_runtime="--full-runtime" in sys.argv[1:] or os.environ.get("FULL_RUNTIME") == "1")
