"""Spike (issue 33): index.html with its DOM layer's MicroPython started
without PyScript, beside dist/ (see README.md)."""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent
SITE = ROOT / "build" / "spike-bare"
MPY_SCRIPT = '<script type="mpy" src="./ui/dom/main.py" config="./pyscript.toml"></script>'
PLAN = re.compile(r'(<script type="application/json" id="runtime-start">)(.*?)(</script>)', re.S)


def make(dist: Path = ROOT / "dist", site: Path = SITE) -> Path:
    """site/: dist/'s files as symlinks, index.html rewritten, boot.mjs beside it."""
    if site.exists():
        shutil.rmtree(site)
    site.mkdir(parents=True)
    for entry in dist.iterdir():
        if entry.name != "index.html" and not entry.name.startswith("index.html."):
            (site / entry.name).symlink_to(entry.resolve())
    html = (dist / "index.html").read_text(encoding="utf-8")
    if MPY_SCRIPT not in html:
        sys.exit("index.html no longer starts its DOM layer as the spike expects")
    html = html.replace(MPY_SCRIPT, "")
    found = PLAN.search(html)
    plan = json.loads(found.group(2))
    plan["module"] = "./spike-boot.mjs"
    plan["modulepreload"] = [m for m in plan["modulepreload"] if "/pyscript/" not in m]
    html = html[:found.start()] + found.group(1) + json.dumps(plan, indent=2) + found.group(3) + html[found.end():]
    (site / "index.html").write_text(html, encoding="utf-8")
    shutil.copyfile(HERE / "boot.mjs", site / "spike-boot.mjs")
    return site


if __name__ == "__main__":
    print(make())
