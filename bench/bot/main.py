"""Bot benchmark driver (main thread): times the worker's decisions.

Query: ``?levels=easy,medium,hard&seconds=2&engine=1``. Every decision is
asked for one at a time, as the game does, and timed twice: inside the
worker (``ms``: the bot's compute) and from here (``roundtrip_ms``: what the
page waits). One warm-up call per level, on the first position, is left out.
"""

import asyncio
import json

import js
from polyscript import workers  # PyScript's named workers, without its `pyscript` package (tools/trim_runtime.py)

document, window = js.document, js

root = document.documentElement
out = document.getElementById("out")


def now():
    return window.performance.now()


async def main():
    params = window.URLSearchParams.new(window.location.search)
    levels = [x for x in str(params.get("levels") or "easy,medium,hard").split(",") if x]
    seconds = float(str(params.get("seconds") or "2"))
    report = {"boot_ms": now()}
    worker = await js.Reflect.get(workers, "bench")
    report["worker_ready_ms"] = now()
    report["worker"] = json.loads(str(await worker.info()))
    root.classList.add("ready")
    response = await window.fetch("./positions.json")
    views = json.loads(str(await response.text()))
    texts = [json.dumps(v) for v in views]
    report["positions"] = len(texts)
    report["levels"] = {}
    for level in levels:
        out.textContent = f"timing {level}…"
        await worker.choose(texts[0], level)  # warm-up
        rows = []
        for text in texts:
            t = now()
            answer = json.loads(str(await worker.choose(text, level)))
            answer["roundtrip_ms"] = now() - t
            rows.append(answer)
        report["levels"][level] = rows
    if str(params.get("engine") or "1") != "0":
        out.textContent = "timing the engine…"
        report["engine"] = json.loads(str(await worker.engine(seconds)))
    out.textContent = json.dumps(report)
    root.classList.add("done")


async def guarded():
    try:
        await main()
    except Exception as exc:  # report, so the driver fails fast with the reason
        out.textContent = json.dumps({"error": f"{type(exc).__name__}: {exc}"})
        root.classList.add("done")


asyncio.ensure_future(guarded())
