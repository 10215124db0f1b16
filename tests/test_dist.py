"""Checks on the built site, dist/ (run `make dist` first; skipped without it).

- Nothing in dist/ names another origin, except where listed below with the
  reason it is never loaded (the e2e tests back this up by recording every
  request the pages make).
- Every file a page, a PyScript config or the web manifest points at exists.
- The service worker precaches exactly the files of dist/.
- The build is deterministic and app.zip holds only the app's code.
"""

from __future__ import annotations

import fnmatch
import json
import re
import tempfile
import tomllib
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tools.precompress import is_sibling

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"

pytestmark = pytest.mark.skipif(not (DIST / "sw.js").is_file(), reason="dist/ is not built: run `make dist`")

TEXT_SUFFIXES = {".html", ".js", ".mjs", ".css", ".toml", ".json", ".webmanifest", ".svg"}
# Hosts that are names, not places we load from.
ALLOWED_EVERYWHERE = {"localhost", "127.0.0.1", "www.w3.org"}  # w3.org: XML namespaces
# Hosts that appear in the vendored runtime as defaults, links or comments
# and are never requested with our config (pyscript.toml sets `interpreter`
# to the vendored Pyodide and lists no `packages`). A new runtime version that
# adds a host fails this test until someone checks what it is for.
VENDOR_ALLOWED = {
    "vendor/pyscript/core-*.js": {
        "cdn.jsdelivr.net",  # default Pyodide/MicroPython URLs when `interpreter` is unset
        "packages.pyscript.net",  # a link in a console warning about `packages`
        "micropython.org",  # MicroPython's package installer (mip); we run Pyodide
        "raw.githubusercontent.com",  # the same installer's github: URLs
        "developer.mozilla.org",  # links in error messages
        "docs.pyscript.net",
        "pyscript.github.io",
        "github.com",
        "0.0.0.0",  # compared with location.href, never fetched
    },
    "vendor/pyodide/pyodide*.*js": {"cdn.jsdelivr.net"},  # default package CDN; we load no packages
    "vendor/micropython/micropython.mjs": {"emscripten.org"},  # a link in an error message (file: URLs)
    "vendor/pyscript/xterm.css": {"www.jsdelivr.com"},  # a comment from the minifier
}
# scheme://host, also with JSON-escaped slashes; a host needs a dot or a
# port to be a place ("scheme://host" in a comment is a pattern, not an origin).
URL_RE = re.compile(r"\b(?:https?|wss?):(?:\\?/){2}([A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)+|[A-Za-z0-9\-]+:\d+)")
# Protocol-relative loads in markup and styles: src="//cdn..." or url(//cdn...).
PROTOCOL_RELATIVE_RE = re.compile(r"""(?:\b(?:src|href|srcset|action|config)\s*=\s*["']?|url\(\s*["']?)//[^/]""", re.I)


def dist_files() -> list[str]:
    return sorted(p.relative_to(DIST).as_posix() for p in DIST.rglob("*") if p.is_file())


def text_files() -> list[str]:
    return [f for f in dist_files() if Path(f).suffix in TEXT_SUFFIXES]


def own_pages() -> list[str]:
    return [f for f in dist_files() if f.endswith(".html") and not f.startswith("vendor/")]


def allowed_hosts(rel: str) -> set[str]:
    hosts = set(ALLOWED_EVERYWHERE)
    for pattern, extra in VENDOR_ALLOWED.items():
        if fnmatch.fnmatch(rel, pattern):
            hosts |= extra
    return hosts


@pytest.mark.parametrize("rel", text_files())
def test_names_no_other_origin(rel):
    text = (DIST / rel).read_text(encoding="utf-8", errors="replace")
    hosts = {h.lower() for h in URL_RE.findall(text)}
    assert hosts <= allowed_hosts(rel), f"{rel} names other origins: {sorted(hosts - allowed_hosts(rel))}"
    if Path(rel).suffix in {".html", ".css", ".svg"}:
        assert not PROTOCOL_RELATIVE_RE.search(text), f"{rel} loads a protocol-relative (other-origin) URL"


def local_target(base: str, url: str) -> str | None:
    """The dist/-relative file url points at from file base, or None if not a local file."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or not parts.path:  # data:, blob:, mailto:, #frag, other origins
        return None
    path = parts.path
    target = Path(path.lstrip("/")) if path.startswith("/") else Path(base).parent / path
    root = DIST.resolve()
    resolved = (root / target).resolve()
    if not resolved.is_relative_to(root):
        return "../" + path  # outside dist/: can never exist there
    if path.endswith("/") or resolved.is_dir():
        resolved = resolved / "index.html"
    return resolved.relative_to(root).as_posix()


def missing(base: str, urls: list[str]) -> list[str]:
    files = set(dist_files())
    return [u for u in urls if (t := local_target(base, u)) is not None and t not in files]


class References(HTMLParser):
    """Collects local URLs from src/href/config-like attributes of a page, and
    the bodies of its inline <script> (but data blocks) and <style> elements."""

    ATTRS = {"src", "href", "config", "poster", "data"}

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.blocks: list[tuple[str, str]] = []  # (script|style, body)
        self._open: str | None = None

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in self.ATTRS and value:
                self.urls.append(value)
            elif name == "srcset" and value:
                self.urls += [part.split()[0] for part in value.split(",") if part.strip()]
        inline = tag == "style" or (tag == "script" and not dict(attrs).get("src")
                                    and dict(attrs).get("type", "text/javascript") in ("text/javascript", "module"))
        self._open = tag if inline else None

    def handle_data(self, data):
        if self._open:
            self.blocks.append((self._open, data))

    def handle_endtag(self, tag):
        self._open = None


# The addresses inside inline blocks that resolve against the page: CSS url()
# and a script's import() (tools/build.py rewrote them from their files').
INLINE_URL = {"style": re.compile(r'url\(["\']?([^"\')]+)'), "script": re.compile(r'import\(["\']([^"\']+)')}


@pytest.mark.parametrize("page", own_pages())
def test_page_references_exist(page):
    parser = References()
    parser.feed((DIST / page).read_text(encoding="utf-8"))
    assert missing(page, parser.urls) == []
    inline_urls = [u for kind, body in parser.blocks for u in INLINE_URL[kind].findall(body) if not u.startswith("#")]
    assert missing(page, inline_urls) == []


def test_the_game_page_carries_the_files_it_paints_with():
    """index.html's stylesheet and its scripts that run before the first paint
    are inside it (tools/build.py), and not shipped on their own."""
    import sys
    sys.path.insert(0, str(ROOT / "tools"))
    from build import INLINED

    parser = References()
    parser.feed((DIST / "index.html").read_text(encoding="utf-8"))
    bodies = [body for _kind, body in parser.blocks]
    for rel in INLINED:
        assert not (DIST / rel).exists(), f"{rel} ships beside index.html, which carries it"
        assert rel not in precache()[1] and f"./{rel}" not in parser.urls
        source = (ROOT / rel).read_text(encoding="utf-8")
        # its first and last lines, in one block: the whole file, put in once
        first, last = source.strip().splitlines()[0], source.strip().splitlines()[-1]
        assert sum(first in b and last in b for b in bodies) == 1, rel
    assert "./assets/cards/back.svg" in " ".join(bodies) and "./js/pyodide-loader.mjs" in " ".join(bodies)


def config_urls(config: dict) -> list[str]:
    urls = [config["interpreter"]] if "interpreter" in config else []
    # [files] sources; "{NAME}" keys are templates, not URLs.
    urls += [src for src in config.get("files", {}) if not re.fullmatch(r"\{.+\}", src)]
    for section in config.get("js_modules", {}).values():
        urls += list(section)
    return [u for u in urls if "{" not in u]


@pytest.mark.parametrize("rel", [f for f in dist_files() if f.endswith(".toml") and not f.startswith("vendor/")])
def test_pyscript_config_references_exist(rel):
    # Resolved beside the config, which sits beside its page (PLATFORM.md).
    config = tomllib.loads((DIST / rel).read_text(encoding="utf-8"))
    assert "packages" not in config, "`packages` pulls micropip from a CDN; ship code in app.zip"
    assert missing(rel, config_urls(config)) == []


def test_manifest_references_exist():
    if not (DIST / "manifest.webmanifest").is_file():
        pytest.skip("no manifest.webmanifest in dist/")
    manifest = json.loads((DIST / "manifest.webmanifest").read_text(encoding="utf-8"))
    urls = [icon["src"] for icon in manifest.get("icons", [])]
    if (DIST / "index.html").is_file():
        urls.append(manifest["start_url"])
    assert missing("manifest.webmanifest", urls) == []


def precache() -> tuple[str, list[str]]:
    text = (DIST / "sw.js").read_text(encoding="utf-8")
    name = re.search(r'const CACHE = "([^"]+)";', text).group(1)
    listing = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", text, re.S).group(1))
    return name, listing


def test_service_worker_precaches_every_file():
    name, listing = precache()
    assert re.fullmatch(r"sixtysix-[0-9a-f]{16}", name)
    assert listing == sorted(listing), "precache list is not sorted"
    # Every file but sw.js itself (the browser fetches it on its own) and the
    # precompressed siblings (the same files): MicroPython and the DOM layer too.
    assert set(listing) == {f for f in dist_files() if not is_sibling(f)} - {"sw.js", "_headers"}
    assert {"vendor/micropython/micropython.wasm", "js/core-worker.mjs", "ui/dom-layer.pack"} <= set(listing)
    assert not [f for f in listing if "codemirror" in f or "xterm" in f or f.endswith((".map", "pyodide.js"))]


def test_the_dom_layer_ships_as_micropython_bytecode_and_nothing_else_as_python():
    from tools.dom_layer import PACK, compile_mpy, dom_sources, shipped

    # The page's MicroPython: its main script (source) and one pack that
    # pyscript.toml lists and the script mounts, holding the DOM layer's
    # modules as bytecode (the packages' empty __init__.py as source)
    files = unpacked(DIST / PACK)
    assert list(files) == [shipped(rel) for rel in dom_sources()]
    with tempfile.TemporaryDirectory() as tmp:  # each file as the build compiles its source
        for rel in dom_sources():
            fresh = Path(tmp) / shipped(rel)
            if fresh.suffix == ".mpy":
                compile_mpy(ROOT / rel, fresh)
            assert files[shipped(rel)] == (fresh.read_bytes() if fresh.suffix == ".mpy" else (ROOT / rel).read_bytes())
    assert {rel for rel in files if rel.endswith(".py")} == {"ui/__init__.py", "ui/dom/__init__.py"}
    assert all(data[:1] == b"M" for rel, data in files.items() if rel.endswith(".mpy"))  # MicroPython's .mpy header
    # the only Python shipped as plain files: the worker's comes from app.zip
    assert {f for f in dist_files() if f.endswith((".py", ".mpy"))} == {"ui/dom/main.py"}
    assert 'src="./ui/dom/main.py"' in (DIST / "index.html").read_text()
    config = tomllib.loads((DIST / "pyscript.toml").read_text(encoding="utf-8"))
    assert config["interpreter"] == "./vendor/micropython/micropython.mjs"
    assert config["files"] == {f"./{rel}": f"./{rel}" for rel in (PACK, "locales/pt.json", "locales/it.json")}


def pack_fs(main_py: Path, raw: bytes):
    """``main_py``'s own ``PackFS`` over ``raw``, run in CPython (the class
    alone: the script's other lines need the page)."""
    import ast
    import io

    node = next(n for n in ast.parse(main_py.read_text(encoding="utf-8")).body
                if isinstance(n, ast.ClassDef) and n.name == "PackFS")
    scope = {"io": io}
    exec(compile(ast.Module([node], []), str(main_py), "exec"), scope)
    return scope["PackFS"](raw)


def unpacked(pack: Path) -> dict[str, bytes]:
    """The files of ``pack`` as ui/dom/main.py's own ``PackFS`` serves them to
    MicroPython's imports, run in CPython (the class alone: the script's
    other lines need the page), by path, in the pack's order."""
    import os

    fs = pack_fs(DIST / "ui" / "dom" / "main.py", pack.read_bytes())
    files = {}
    for path in fs.files:
        mode, size = fs.stat(path)[0], fs.stat(path)[6]
        assert mode == 0x8000  # a file, as an import asks
        with fs.open(path, "rb") as f:
            files[path[1:]] = f.read()
        assert len(files[path[1:]]) == size
        folder = os.path.dirname(path)
        assert fs.stat(folder)[0] == 0x4000  # its package, a folder
    with pytest.raises(OSError):
        fs.stat("/ui/nothing.py")  # the import looks for the next place
    with pytest.raises(OSError):
        fs.open(next(iter(fs.files)), "wb")  # read-only
    return files


@pytest.mark.parametrize("name", ["", "ui/a b.mpy", "ui/a:b.mpy", "/ui/a.mpy", "ui/../a.mpy", "ui//b.mpy",
                                  "ui/./b.mpy", "ui/b/", "ui/a.mpy", "ui"])
def test_the_pack_refuses_a_name_its_index_cannot_hold_or_no_import_would_find(name):
    from tools.dom_layer import pack

    with pytest.raises(ValueError):
        pack([("ui/a.mpy", b"M"), (name, b"")])


def test_main_py_serves_what_the_build_packed():
    from tools.dom_layer import pack

    files = [("ui/__init__.py", b""), ("ui/words.mpy", b"M\x06words"), ("ui/dom/web.mpy", b"M\x06\nweb\n")]
    fs = pack_fs(ROOT / "ui" / "dom" / "main.py", pack(files))
    assert {path: bytes(data) for path, data in fs.files.items()} == {f"/{rel}": data for rel, data in files}
    assert fs.folders == {"/", "/ui", "/ui/dom"}


def test_app_zip_holds_only_app_code():
    with zipfile.ZipFile(DIST / "app.zip") as zf:
        names = zf.namelist()
        times = {info.date_time for info in zf.infolist()}
    assert names == sorted(names)
    # the game's packages (tools/build.py)
    assert {n.split("/")[0] for n in names} <= {"sixtysix", "ui"}
    assert "sixtysix/__init__.pyc" in names
    assert not [n for n in names if "__pycache__" in n or "/tests/" in n or "/test_" in n]
    assert times <= {(1980, 1, 1, 0, 0, 0)}


def test_app_zip_holds_the_bytecode_of_every_module_the_game_imports():
    # tools/build.py: a .pyc in place of each traced module's source (e2e/test_floor.py
    # checks that the browser's Python imports them as they are); the rest as source.
    from tools import trim_runtime
    from tools.build import COMMAND_LINE_ONLY
    from tools.bytecode import is_unchecked_pyc

    names, bytecode, stored = [], {}, set()
    for zip_name in ("app.zip", "app-more.zip"):  # the second: the modules imported on demand (ui/on_demand.py)
        with zipfile.ZipFile(DIST / zip_name) as zf:
            names += zf.namelist()
            bytecode |= {n: zf.read(n) for n in zf.namelist() if n.endswith(".pyc")}
            stored |= {info.compress_type for info in zf.infolist()}
    modules = sorted(trim_runtime.module_of(n[:-1]) for n in bytecode)
    trace = trim_runtime.load_trace()
    assert modules == sorted(trace["app_modules"])
    assert not [n for n in names if n.startswith("pyscript/")]  # the worker runs no PyScript
    assert not [n for n in bytecode if n[:-1] in names]  # no source beside its bytecode
    assert all(is_unchecked_pyc(data) for data in bytecode.values())  # PEP 552: no timestamp, no source check
    assert "sixtysix/review.pyc" in names and "ui/core_worker.pyc" in names
    assert not [n for n in names if n.startswith("ui/dom/")]  # the DOM layer is MicroPython's (tools/dom_layer.py)
    assert not [n for n in names if n.removesuffix("c") in COMMAND_LINE_ONLY]  # the command line's: not at all
    assert stored == {zipfile.ZIP_STORED}  # its .br/.gz siblings compress across entries


def test_build_is_deterministic(tmp_path, monkeypatch):
    """The same sources give the same bytes: a build that compiles its bytecode
    afresh equals one that takes it from the build cache (tools/bytecode.py),
    whose entry an earlier compile made (`make test`'s own build), or this
    test's first build if there was none."""
    if not (ROOT / "node_modules" / "pyodide").is_dir():
        pytest.skip("node_modules/ not installed: run `npm ci`")
    from tools import bytecode
    from tools.build import build

    def differ(a: Path, b: Path) -> list[str]:
        """What two builds differ in: sw.js names a cache hashed from every precached file; the zips' bytes."""
        return [name for name in ("sw.js", "app.zip", "app-more.zip")
                if not ((a / name).is_file() and (b / name).is_file() and (a / name).read_bytes() == (b / name).read_bytes())]

    with monkeypatch.context() as fresh:
        fresh.setattr(bytecode, "CACHE", False)
        build(tmp_path / "a")
    build(tmp_path / "b")
    assert differ(tmp_path / "a", tmp_path / "b") == []


@pytest.mark.parametrize(
    ("rel", "mime"),
    [
        ("vendor/pyodide/pyodide.asm.wasm", "application/wasm"),
        ("vendor/pyodide/pyodide.mjs", "text/javascript"),
        ("manifest.webmanifest", "application/manifest+json"),
        ("app.zip", "application/zip"),
        ("ui/dom-layer.pack", "application/octet-stream"),
        ("sw.js", "text/javascript"),
        ("index.html", "text/html"),
        ("rules/pt.html", "text/html"),
    ],
)
def test_server_sends_type_and_policy(rel, mime):
    if not (DIST / rel).is_file():
        pytest.skip(f"no {rel} in dist/")
    from urllib.request import urlopen

    from tools.serve import CSP, serve_in_thread

    server, url = serve_in_thread(DIST)
    try:
        with urlopen(url + rel) as response:
            assert response.headers["Content-Type"].split(";")[0] == mime
            # a page: the policy of dist/_headers, naming the game page's inline
            # blocks; any other file the same without them (tools/serve.py)
            policy = header_policy_of_dist() if mime == "text/html" else CSP
            assert response.headers["Content-Security-Policy"] == policy
    finally:
        server.shutdown()
        server.server_close()


def header_policy_of_dist() -> str:
    """The policy dist/_headers tells a host to send with every response."""
    lines = (DIST / "_headers").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "/*" and lines[2] == "  X-Content-Type-Options: nosniff"
    name, policy = lines[1].split(": ", 1)
    assert name == "  Content-Security-Policy"
    return policy


def block_hashes(html: str) -> dict[str, list[str]]:
    """Each inline block's CSP source, computed here apart from tools/build.py."""
    import base64
    import hashlib

    parser = References()
    parser.feed(html)
    hashes: dict[str, list[str]] = {}
    for kind, body in parser.blocks:
        digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
        hashes.setdefault(f"{kind}-src", []).append(f"'sha256-{digest}'")
    return hashes


def test_every_page_gets_its_policy_from_tools_serve():
    from tools.serve import csp

    pages = {"index.html": True, "rules/pt.html": False, "rules/it.html": False,
             "rules/strategia-pt.html": False, "rules/strategia-it.html": False}
    for rel, python in pages.items():
        if not (DIST / rel).is_file():
            pytest.skip(f"no {rel} in dist/")
        html = (DIST / rel).read_text(encoding="utf-8")
        metas = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
        assert metas == [csp(python=python, meta=True, inline=block_hashes(html))], rel
        assert "'unsafe-inline'" not in metas[0] and ("'unsafe-eval'" in metas[0]) == python, rel
        assert "frame-ancestors" not in metas[0]  # ignored in a <meta>; a header's job
        assert ("'sha256-" in metas[0]) == python, rel  # the game page's inline blocks; none on the rules pages
        source = (ROOT / rel).read_text(encoding="utf-8")
        assert "default-src" not in source, f"{rel}: the policy is written in tools/serve.py only"
    # The header names the same inline blocks (both policies must let them run) and who may frame the page.
    game = block_hashes((DIST / "index.html").read_text(encoding="utf-8"))
    assert header_policy_of_dist() == csp(inline=game)


def test_the_readme_points_hosts_at_the_header_file():
    from tools.serve import CSP

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "dist/_headers" in readme
    # the policy a host sends is this build's, so the README shows none to copy
    assert f"Content-Security-Policy: {CSP}" not in readme
def test_precompressed_siblings_match_their_files():
    import gzip

    from tools.precompress import COMPRESSIBLE, MIN_SIZE, is_sibling

    try:
        import brotli
    except ImportError:
        brotli = None
    originals = [f for f in dist_files() if Path(f).suffix in COMPRESSIBLE and (DIST / f).stat().st_size >= MIN_SIZE]
    assert "vendor/pyodide/pyodide.asm.wasm" in originals
    for rel in originals:
        data = (DIST / rel).read_bytes()
        gz = DIST / (rel + ".gz")
        assert gz.is_file(), f"{rel} has no .gz"
        assert gzip.decompress(gz.read_bytes()) == data
        if brotli is not None:
            assert brotli.decompress((DIST / (rel + ".br")).read_bytes()) == data
    # Every sibling has its original (no stale .br of a removed file).
    for rel in filter(is_sibling, dist_files()):
        assert (DIST / rel[: rel.rfind(".")]).is_file(), rel


def test_runtime_start_names_first_load_files():
    # js/boot.js starts the runtime from this list once the shell has painted.
    # A preload that the page does not go on to request costs a phone its
    # bytes twice over (and a console warning): each must be a first-load file.
    page = (DIST / "index.html").read_text(encoding="utf-8")
    first_load = json.loads(re.search(r'<script type="application/json" id="boot-bytes">(.*?)</script>', page, re.S).group(1))["files"]
    plan = json.loads(re.search(r'<script type="application/json" id="runtime-start">(.*?)</script>', page, re.S).group(1))
    named = [*plan["modulepreload"], *plan["preload"], plan["module"]]
    assert all(href.startswith("./") for href in named)
    assert {"./vendor/micropython/micropython.wasm", "./pyscript.toml"} <= set(plan["preload"])
    # the worker's Pyodide is fetched by the worker itself, which starts from the head
    assert not [href for href in named if "pyodide" in href]
    assert {href[2:] for href in named} <= set(first_load)
    # PyScript's chunks start side by side (tools/build.py adds them), not along its chain of imports.
    assert {rel for rel in first_load if rel.startswith("vendor/pyscript/") and rel.endswith(".js")} <= {href[2:] for href in named}
    # Nothing of the DOM layer's runtime is requested from the head before the shell paints.
    assert not re.search(r'<(?:script|link)[^>]+(?:pyodide|micropython|pyscript/core\.js|app\.zip)', page.split("<body", 1)[0])


def test_the_page_carries_its_boot_words_in_every_language():
    # js/shared.js bootWords: the bar and a failure's words never wait for a
    # locale file. Each language's boot.* and frame.* texts, exactly.
    page = (DIST / "index.html").read_text(encoding="utf-8")
    block = re.search(r'<script type="application/json" id="boot-words">(.*?)</script>', page, re.S).group(1)
    words = json.loads(block)
    catalogs = {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in (ROOT / "locales").glob("*.json")}
    assert set(words) == set(catalogs) == {"pt", "it"}
    for lang, catalog in catalogs.items():
        assert words[lang] == {k: v for k, v in catalog.items() if k.startswith(("boot.", "frame."))}
        assert {"boot.progress", "boot.failed", "boot.stuck", "frame.blocked"} <= set(words[lang])


def test_the_build_ships_its_list_and_nothing_else_from_the_top_level():
    # tools/build.py copies the explicit COPY list: a stray top-level script or page
    # (or a drawing script) ships only once it is added there
    if not (DIST / "index.html").is_file():
        pytest.skip("dist/ is not built: run `make dist`")
    import importlib.util
    spec = importlib.util.spec_from_file_location("build_for_test", ROOT / "tools" / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    generated = {build.APP_ZIP, build.MORE_ZIP, "sw.js", "favicon.ico", "vendor", "_headers"}
    top = {p.name.removesuffix(".br").removesuffix(".gz") for p in DIST.iterdir()}
    assert top <= {n.split("/")[0] for n in build.COPY} | generated
    shipped_py = {p.relative_to(DIST).parts[0] for p in DIST.rglob("*.py")}
    assert shipped_py <= {"ui"}   # the page's scripts: no drawing script, no bench page
    assert not (DIST / "bench").exists()  # bench and test pages never ship


def test_the_loader_names_the_runtime_it_restores_snapshots_into():
    # js/pyodide-loader.mjs keeps a device's start-up snapshot under the
    # runtime's id: a hash of every vendored Pyodide file and of the two
    # scripts that boot and snapshot it (the loader as written, before the
    # id; the snapshot worker with app.zip's hash in it), so any new byte
    # there or in app.zip means a new id (and the old snapshot is never
    # restored into it); the .br/.gz siblings are written after it, from the
    # same bytes.
    import hashlib

    assert 'from "./pyodide-loader.mjs"' in (DIST / "js" / "core-worker.mjs").read_text(encoding="utf-8")
    loader = (DIST / "js" / "pyodide-loader.mjs").read_text(encoding="utf-8")
    found = re.search(r'const RUNTIME_ID = "([0-9a-f]{16})"', loader)
    assert found, "the build did not fill in the runtime id"
    written = loader.replace(found.group(1), "__RUNTIME_ID__").encode()
    digest = hashlib.sha256()
    for f in sorted(p for p in (DIST / "vendor" / "pyodide").iterdir() if p.is_file() and not is_sibling(p.name)):
        digest.update(f.name.encode() + b"\0" + hashlib.sha256(f.read_bytes()).digest())
    digest.update(b"pyodide-loader.mjs\0" + hashlib.sha256(written).digest())
    digest.update(b"snapshot-worker.mjs\0" + hashlib.sha256((DIST / "js" / "snapshot-worker.mjs").read_bytes()).digest())
    assert found.group(1) == digest.hexdigest()[:16]
    # The snapshot holds the game's modules imported: the worker that makes it
    # checks app.zip against the hash written in it, which the id above covers.
    app_zip = hashlib.sha256((DIST / "app.zip").read_bytes()).hexdigest()
    assert f'const APP_ZIP_SHA256 = "{app_zip}";' in (DIST / "js" / "snapshot-worker.mjs").read_text(encoding="utf-8")
    _, listing = precache()
    assert {"js/pyodide-loader.mjs", "js/snapshot-worker.mjs"} <= set(listing)


class ShellTexts(HTMLParser):
    """Each data-i18n element's text and each data-i18n-label's aria-label, as (key, what is there)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[list[str]] = []
        self.labels: list[tuple[str, str | None]] = []
        self.open: list[list[str]] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("data-i18n-label"):
            self.labels.append((a["data-i18n-label"], a.get("aria-label")))
        if a.get("data-i18n"):
            self.texts.append([a["data-i18n"], ""])
            self.open.append(self.texts[-1])

    def handle_data(self, data):
        if self.open:
            self.open[-1][1] += data

    def handle_endtag(self, tag):
        if self.open:
            self.open.pop()


def test_the_shell_is_built_with_the_texts_of_its_own_language():
    # tools/build.py writes index.html's language (pt) into its empty
    # data-i18n elements and data-i18n-label labels, so the shell paints with
    # its words; texts with a {placeholder} are left to Python. The source
    # holds none (tests/test_locales.py).
    html = (DIST / "index.html").read_text(encoding="utf-8")
    assert '<html lang="pt"' in html
    catalog = json.loads((DIST / "locales" / "pt.json").read_text(encoding="utf-8"))
    shell = ShellTexts()
    shell.feed(html)
    assert len(shell.texts) > 50 and len(shell.labels) > 5
    for key, text in shell.texts:
        assert text == ("" if "{" in catalog[key] else catalog[key]), key
    for key, label in shell.labels:
        assert label == (None if "{" in catalog[key] else catalog[key]), key
    assert "<title data-i18n=\"app.title\">" + catalog["app.title"] + "</title>" in html
