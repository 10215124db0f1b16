# The same render benchmark under MicroPython (split-bench-mpy.html) and
# Pyodide (split-bench-py.html, ui/dom from app.zip's bytecode): the repo's
# Renderer on the models of split/models.json (gen_models.py).
# Result: window.splitBench (JSON text).
from pyscript import window, document
import json
import asyncio

from ui.dom.model_view import read_model
from ui.dom.render import Renderer


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


async def main():
    r = await window.fetch("./split/models.json")
    models = json.loads(str(await r.text()))
    perf = window.performance
    by = document.getElementById
    out = {}
    # warm up once (first-call costs)
    Renderer("pt").render(read_model(models["mid"]))
    cold, alt, parse, over = [], [], [], []
    for i in range(31):
        for box in ("hand", "trick", "opp-hand"):
            by(box).replaceChildren()
        rr = Renderer("pt")
        m = read_model(models["mid"])
        t0 = perf.now()
        rr.render(m)
        cold.append(perf.now() - t0)
    for i in range(31):
        m = read_model(models["mid" if i % 2 else "mid_focus"])
        t0 = perf.now()
        rr.render(m)
        alt.append(perf.now() - t0)
    for i in range(31):
        t0 = perf.now()
        read_model(models["mid"])
        parse.append(perf.now() - t0)
    for i in range(11):
        m = read_model(models["over" if i % 2 else "mid"])
        t0 = perf.now()
        rr.render(m)
        over.append(perf.now() - t0)
    out = {"cold_mid": median(cold), "alt_mid": median(alt), "read_model": median(parse), "mid_over_alt": median(over)}
    window.splitBench = json.dumps(out)


asyncio.create_task(main())
