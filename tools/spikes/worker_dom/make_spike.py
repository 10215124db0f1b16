"""Write dist/spike.html from dist/index.html: the page's Python in a PyScript worker."""
import sys
from pathlib import Path
from spike_paths import HERE, REPO, SPIKE_TREE  # noqa: E402,F401

dist = Path(sys.argv[1] if len(sys.argv) > 1 else SPIKE_TREE + "/dist")
html = (dist / "index.html").read_text(encoding="utf-8")
old = '<script type="py" config="./pyscript.toml">import ui.dom.app</script>'
assert old in html
# src, not inline code: inline worker code becomes a blob: URL that polyscript
# fetch()es (polyscript/esm/worker/url.js:35, worker/class.js:67), refused by connect-src 'self'.
html = html.replace(old, '<script type="py" worker src="./spike_main.py" config="./pyscript.toml"></script>')
(dist / "spike_main.py").write_text("import ui.dom.app\n", encoding="utf-8")
(dist / "spike.html").write_text(html, encoding="utf-8")
for suffix in (".br", ".gz"):  # no stale siblings
    (dist / f"spike.html{suffix}").unlink(missing_ok=True)
# Timed variants: the same pages with spike_timed.py as their entry (marks around each render).
here = Path(__file__).resolve().parent
(dist / "spike_timed.py").write_text((here / "spike_timed.py").read_text(encoding="utf-8"), encoding="utf-8")
(dist / "spike-timed.html").write_text(html.replace('src="./spike_main.py"', 'src="./spike_timed.py"'), encoding="utf-8")
index = (dist / "index.html").read_text(encoding="utf-8")
(dist / "index-timed.html").write_text(
    index.replace(old, '<script type="py" src="./spike_timed.py" config="./pyscript.toml"></script>'), encoding="utf-8")
print("wrote", dist / "spike.html", "spike-timed.html", "index-timed.html")
