"""The page's DOM layer under MicroPython (issue 33): PyScript's
``type="mpy"`` script on the main thread. It draws and forwards, nothing
more: the model side runs in the worker (ui/core_worker.py), and the DOM
side is :mod:`ui.dom.split`.

The start is cut into tasks, so the main thread is never held long: PyScript's
own start ends, then the DOM layer's modules come out of their pack (one
file in ``[files]``, tools/dom_layer.py) and MicroPython loads them, in two
tasks (bytecode, ``sixtysix:dom-imports``), then the DOM side is built and
asks the worker to begin (``sixtysix:dom-build``); ``sixtysix:dom-ready``
once the first table is drawn. Each step waits for the browser's next task
(``next_task``). This file stays source, and short: the page compiles it.
"""

import asyncio
import os

import js

js.performance.mark("sixtysix:dom-start")

PACK = "ui/dom-layer.pack"


def unpack(pack=PACK):
    """The pack's files written out beside it, its folders made: an index line
    of ``path:size`` pairs, then their bytes in that order. Read in one call:
    with ``readline`` and a read per file, unpacking took 12-34 ms of a
    cold visit, against 4-25 ms so (four visits each, a throwaway timing)."""
    with open(pack, "rb") as f:
        raw = f.read(os.stat(pack)[6])
    start = raw.index(b"\n") + 1
    data = memoryview(raw)
    made = set()
    for entry in raw[:start - 1].decode().split():
        path, size = entry.rsplit(":", 1)
        parts = path.split("/")
        for end in range(1, len(parts)):
            folder = "/".join(parts[:end])
            if folder not in made:
                made.add(folder)
                try:
                    os.mkdir(folder)
                except OSError:  # there already (PyScript made the pack's own)
                    pass
        end = start + int(size)
        with open(path, "wb") as out:
            out.write(data[start:end])
        start = end


def next_task():
    """An awaitable kept in the browser's next task. MicroPython's
    ``asyncio.sleep(0)`` goes on in the same task (its loop runs every ready
    step before it hands back to the browser), so it never lets the page paint
    or answer a tap between two long steps; a browser timer does."""
    return js.Promise.new(lambda resolve, reject: js.setTimeout(resolve, 0))


async def main():
    await next_task()
    unpack()
    await next_task()
    from ui.dom import render  # noqa: F401  (the largest module: the imports in two tasks)

    await next_task()
    from ui.dom import split

    js.performance.measure("sixtysix:dom-imports", "sixtysix:dom-start")
    await next_task()
    split.start()


asyncio.create_task(main())
