"""Spike (issue 33): do the card faces paint sooner as one SVG document, or
as PNGs, than as one SVG document each (what the game ships)?

    python3 tools/spikes/reload_paint/faces.py [--rounds 12]

Writes three pages into a temporary folder, each inserting a hand's seven
faces and the back at once (70x98 CSS px) into an empty page, and reads
when each face painted (Element Timing) from the insertion:

- ``files``: assets/cards/pt/<code>.svg, as the game shows them;
- ``sprite``: one SVG of all 24 faces, each shown through a <view> (``sprite.svg#AS``);
- ``png``: each face rendered by Chromium to a 140x196 PNG (two device pixels a CSS pixel).

One headless Chromium on a fresh profile; every page visited once first
(its files then come from the HTTP cache), then the rounds in ABC/CBA order.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
from tools.chromium_flags import BASE_ARGS, CHROMIUM  # noqa: E402
from tools.serve import serve_in_thread  # noqa: E402

HAND = ["9C", "KC", "9H", "QS", "TS", "AS", "KD"]
PAGES = ("files", "sprite", "png")
INSERT = """window.painted = {}; new PerformanceObserver((list) => { for (const e of list.getEntries())
  window.painted[e.identifier] = e.renderTime; }).observe({type: 'element', buffered: true});
setTimeout(() => { window.t0 = performance.now();
  document.getElementById('hand').append(document.getElementById('faces').content.cloneNode(true)); }, 300);"""


def sprite(faces: Path) -> str:
    """All faces in one SVG, side by side, each behind a <view id="<code>">; ids made unique."""
    views, parts = [], []
    for i, path in enumerate(sorted(p for p in faces.glob("*.svg"))):
        code, svg = path.stem, path.read_text(encoding="utf-8").strip()
        inner = re.sub(r"<style>.*?</style>", "", re.sub(r"^<svg[^>]*>", "", svg).removesuffix("</svg>"))
        for name in set(re.findall(r'id="([^"]+)"', inner)):
            inner = (inner.replace(f'id="{name}"', f'id="{code}-{name}"').replace(f'href="#{name}"', f'href="#{code}-{name}"')
                     .replace(f"url(#{name})", f"url(#{code}-{name})"))
        x, y = (i % 6) * 200, (i // 6) * 280
        views.append(f'<view id="{code}" viewBox="{x} {y} 200 280"/>')
        parts.append(f'<svg x="{x}" y="{y}" width="200" height="280" viewBox="0 0 200 280">{inner}</svg>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 {280 * 4}" width="1200" height="{280 * 4}">'
            + "".join(views) + "".join(parts) + "</svg>")


def page_html(src) -> str:
    faces = "".join(f'<img elementtiming="{c}" width="70" height="98" alt="" src="{src(c)}">' for c in HAND + ["back"])
    return (f'<!doctype html><html><body><div id="hand"></div><template id="faces">{faces}</template>'
            '<script src="insert.js"></script></body></html>')


def stage(folder: Path, p) -> None:
    faces = ROOT / "assets" / "cards" / "pt"
    (folder / "cards").mkdir()
    for path in [*faces.glob("*.svg"), ROOT / "assets" / "cards" / "back.svg"]:
        (folder / "cards" / path.name).write_bytes(path.read_bytes())
    (folder / "sprite.svg").write_text(sprite(faces), encoding="utf-8")
    (folder / "insert.js").write_text(INSERT, encoding="utf-8")
    svg = lambda c: f"cards/{c}.svg"  # noqa: E731
    (folder / "files.html").write_text(page_html(svg), encoding="utf-8")
    (folder / "sprite.html").write_text(page_html(lambda c: "cards/back.svg" if c == "back" else f"sprite.svg#{c}"),
                                        encoding="utf-8")
    (folder / "png.html").write_text(page_html(lambda c: f"png/{c}.png"), encoding="utf-8")
    (folder / "png").mkdir()
    server, url = serve_in_thread(folder)
    try:
        browser = p.chromium.launch(executable_path=CHROMIUM if Path(CHROMIUM).exists() else None, args=BASE_ARGS)
        shot = browser.new_page(viewport={"width": 140, "height": 196})
        for code in HAND + ["back"]:
            shot.goto(url + "files.html")
            shot.evaluate(f"""() => new Promise((done) => {{ document.body.innerHTML = '';
                const img = new Image(140, 196); img.style.display = 'block'; img.onload = done;
                img.src = '{svg(code)}'; document.body.style.margin = '0'; document.body.append(img); }})""")
            shot.screenshot(path=str(folder / "png" / f"{code}.png"))
        browser.close()
    finally:
        server.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=12)
    args = parser.parse_args()
    got = {name: [] for name in PAGES}
    with sync_playwright() as p, tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        folder = Path(tmp) / "site"
        folder.mkdir()
        stage(folder, p)
        pngs = sorted((folder / "png").glob("*.png"))
        print(f"PNG faces: {sum(f.stat().st_size for f in pngs) / len(pngs) / 1000:.1f} kB each on average "
              f"({len(pngs)} faces; the shipped SVG faces: dist/assets/cards/<lang>/*.svg.br)")
        server, url = serve_in_thread(folder)
        try:
            context = p.chromium.launch_persistent_context(
                str(Path(tmp) / "profile"), executable_path=CHROMIUM if Path(CHROMIUM).exists() else None,
                args=BASE_ARGS, headless=True)
            page = context.pages[0]
            done = f"() => window.painted && Object.keys(window.painted).length >= {len(HAND) + 1}"
            for r in range(args.rounds + 1):
                for name in (PAGES if r % 2 == 0 else PAGES[::-1]):
                    page.goto(f"{url}{name}.html")
                    page.wait_for_function(done)
                    if r:  # the first round fills the HTTP cache
                        got[name].append(page.evaluate("Math.max(...Object.values(window.painted)) - window.t0"))
            context.close()
        finally:
            server.shutdown()
    print(f"from insertion to the last of 8 faces painted, ms (median of {args.rounds}, then each)")
    for name, values in got.items():
        print(f"  {name:7s} {statistics.median(values):5.0f}   {[round(v) for v in values]}")


if __name__ == "__main__":
    main()
