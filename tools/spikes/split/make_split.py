"""Write the spike's pages into dist/ (git-ignored), after `python3 tools/build.py`.

    python3 tools/spikes/split/make_split.py [--dist DIR] [--unpatched]

Adds, beside today's index.html:
- vendor/micropython/ (micropython.mjs, .wasm from npm) and PyScript's chunks
  the trimmed build left out (mpy-*.js, zip-*.js, ...), with .gz/.br siblings;
- split/: the MicroPython main (main.py), the DOM modules in dom.zip (the
  repo's ui/dom files the renderer needs; patched copies unless --unpatched,
  see PATCHES), the worker side (split_core.py, core_psw.py, core-worker.mjs)
  and link.js;
- split-post.html (plain module worker, postMessage) and split-psw.html
  (PyScript named worker, __export__ + long-polled outbox), both from
  index.html with its <script type="py"> replaced, plus their two configs.
"""
import argparse
import gzip
import io
import re
import shutil
import zipfile
from pathlib import Path

import brotli

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
NODE = REPO / "node_modules"
DOM_FILES = ["elements.py", "model_view.py", "render.py", "motion.py", "sheet.py"]

#: The minimal fixes the DOM modules need under MicroPython (found by probe.py;
#: README.md, question 1). Applied to the copies in dom.zip only.
PATCHES = {
    # MicroPython's create_proxy gives a plain JsProxy: no destroy().
    "elements.py": [("        proxy.destroy()\n", "        if hasattr(proxy, \"destroy\"):\n            proxy.destroy()\n")],
}


def siblings(path: Path):
    data = path.read_bytes()
    path.with_name(path.name + ".gz").write_bytes(gzip.compress(data, 9, mtime=0))
    path.with_name(path.name + ".br").write_bytes(brotli.compress(data, quality=11))


def put(dist: Path, rel: str, data: bytes):
    out = dist / rel
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(data)
    siblings(out)


def dom_zip(patched: bool) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("ui/__init__.py", "")
        z.writestr("ui/dom/__init__.py", "")
        for name in DOM_FILES:
            text = (REPO / "ui" / "dom" / name).read_text()
            if patched:
                for old, new in PATCHES.get(name, []):
                    assert old in text, (name, old)
                    text = text.replace(old, new)
            z.writestr(f"ui/dom/{name}", text)
    return buf.getvalue()


MPY_TOML = """# The MicroPython main of split-*.html (self-hosted, no CDN).
interpreter = "./vendor/micropython/micropython.mjs"

[files]
"./split/dom.zip" = "./*"
"""

CORE_TOML = """# The PyScript named worker of split-psw.html: Pyodide through the repo's loader
# (app.zip on sys.path); the texts and the spike's model module as [files].
interpreter = "./js/pyodide-loader.mjs"
sync_main_only = true

[files]
"./locales/pt.json" = "./locales/pt.json"
"./locales/it.json" = "./locales/it.json"
"./split/split_core.py" = "./split_core.py"
"""


def page(index: str, via: str) -> str:
    html = index.replace('<html lang="pt" class="booting"', f'<html data-via="{via}" lang="pt" class="booting"', 1)
    assert "data-via" in html
    # PyScript's own chunks stay module-preloaded; Pyodide's files are the worker's now.
    start = re.search(r'<script type="application/json" id="runtime-start">(.*?)</script>', html, re.S)
    plan = start.group(1)
    plan = re.sub(r'\s*"\./js/pyodide-loader\.mjs",|\s*"\./vendor/pyodide/pyodide(\.asm)?\.mjs",', "", plan)
    mpy_chunk = next((REPO / "dist" / "vendor" / "pyscript").glob("mpy-*.js")).name
    plan = plan.replace('"./vendor/pyscript/toml-V4Savzlc.js"',
                        f'"./vendor/pyscript/toml-V4Savzlc.js",\n    "./vendor/pyscript/{mpy_chunk}",\n'
                        '    "./vendor/micropython/micropython.mjs"')
    plan = re.sub(r'"preload": \[.*?\]', '"preload": ["./split-mpy.toml"]', plan, flags=re.S)
    html = html.replace(start.group(1), plan)
    scripts = ['<script src="./split/link.js"></script>',
               '<script type="mpy" src="./split/main.py" config="./split-mpy.toml"></script>']
    if via == "psw":
        scripts.append('<script type="py" worker name="core" src="./split/core_psw.py" config="./split-core.toml"></script>')
    old = '<script type="py" config="./pyscript.toml">import ui.dom.app</script>'
    assert old in html
    html = html.replace(old, "\n".join(scripts))
    # link.js early, so the plain worker starts at parse time, not after MicroPython.
    html = html.replace('<script src="./js/boot.js"></script>',
                        '<script src="./js/boot.js"></script>\n<script src="./split/link.js"></script>', 1)
    html = html.replace('\n<script src="./split/link.js"></script>\n<script type="mpy"', '\n<script type="mpy"')
    return html


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dist", default=str(REPO / "dist"))
    ap.add_argument("--unpatched", action="store_true")
    a = ap.parse_args()
    dist = Path(a.dist)
    mp = NODE / "@micropython" / "micropython-webassembly-pyscript"
    for name in ("micropython.mjs", "micropython.wasm"):
        put(dist, f"vendor/micropython/{name}", (mp / name).read_bytes())
    for f in (NODE / "@pyscript" / "core" / "dist").iterdir():
        if f.suffix == ".map" or (dist / "vendor" / "pyscript" / f.name).exists():
            continue
        put(dist, f"vendor/pyscript/{f.name}", f.read_bytes())
    put(dist, "split/dom.zip", dom_zip(not a.unpatched))
    for name in ("main.py", "check.py", "bench_render.py", "split_core.py", "core_psw.py", "core-worker.mjs", "link.js"):
        put(dist, f"split/{name}", (HERE / "page" / name).read_bytes())
    put(dist, "split-mpy.toml", MPY_TOML.encode())
    put(dist, "split-core.toml", CORE_TOML.encode())
    index = (dist / "index.html").read_text()
    for via in ("post", "psw"):
        put(dist, f"split-{via}.html", page(index, via).encode())
    check = page(index, "check").replace('src="./split/main.py"', 'src="./split/check.py"')
    put(dist, "split-check.html", check.encode())
    put(dist, "split-bench-mpy.html", page(index, "bench").replace('src="./split/main.py"', 'src="./split/bench_render.py"').encode())
    # The same benchmark under Pyodide on the main thread (ui/dom from app.zip, as index.html).
    py = index.replace('<script type="py" config="./pyscript.toml">import ui.dom.app</script>',
                       '<script type="py" src="./split/bench_render.py" config="./pyscript.toml"></script>')
    put(dist, "split-bench-py.html", py.encode())
    print(f"make_split: wrote split-post.html, split-psw.html and split/ into {dist}"
          f" ({'unpatched' if a.unpatched else 'patched'} DOM modules)")


if __name__ == "__main__":
    main()
