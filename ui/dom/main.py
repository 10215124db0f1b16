"""The page's DOM layer under MicroPython (issue 33): PyScript's
``type="mpy"`` script on the main thread. It draws and forwards, nothing
more: the model side runs in the worker (ui/core_worker.py), and the DOM
side is :mod:`ui.dom.split`.

The start is cut into tasks, so the main thread is never held long: PyScript's
own start ends, then the DOM layer's pack (one file in ``[files]``,
tools/dom_layer.py) is mounted in a task, and MicroPython loads the modules
from it in two more (bytecode, ``sixtysix:dom-imports``), then the DOM side is
built and asks the worker to begin (``sixtysix:dom-build``);
``sixtysix:dom-ready`` once the first table is drawn. Each step waits for the
browser's next task (``next_task``). This file stays source (the pack is
mounted by it): the page compiles it.
"""

import asyncio
import io
import os
import sys

import js
from jsffi import to_js

js.performance.mark("sixtysix:dom-start")

PACK = "ui/dom-layer.pack"


class PackFS:
    """The pack as a read-only file system for MicroPython's ``os.mount``: an
    index line of ``path:size`` pairs, then the files' bytes in that order.
    The modules are imported from memory: written out as files, they cost a
    call out of the wasm per file written and per few bytes read back (from
    the pack's read to the DOM side built, 41 ms of a cold visit's main
    thread so, 29 ms from memory: medians of ten visits each, a throwaway
    timing)."""

    def __init__(self, raw):
        start = raw.index(b"\n") + 1
        data = memoryview(raw)
        self.files = {}
        self.folders = {"/"}
        for entry in raw[:start - 1].decode().split():
            path, size = entry.rsplit(":", 1)
            end = start + int(size)
            self.files["/" + path] = data[start:end]
            start = end
            folder = "/" + path
            while "/" in folder[1:]:
                folder = folder[:folder.rindex("/")]
                self.folders.add(folder)

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        pass

    def stat(self, path):
        if path in self.folders:
            return (0x4000, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        if path in self.files:
            return (0x8000, 0, 0, 0, 0, 0, len(self.files[path]), 0, 0, 0)
        raise OSError(2)  # ENOENT: the import looks elsewhere

    def open(self, path, mode):
        if "w" in mode or "a" in mode or "+" in mode:
            raise OSError(30)  # EROFS
        if path not in self.files:
            raise OSError(2)
        return io.BytesIO(self.files[path])

    def ilistdir(self, path):
        return iter(())  # an import never lists a folder: none is listed


def mount(pack=PACK, at="/dom-layer"):
    """The pack's modules importable, from memory."""
    with open(pack, "rb") as f:
        os.mount(PackFS(f.read(os.stat(pack)[6])), at)
    sys.path.insert(0, at)


def next_task():
    """An awaitable kept in the browser's next task. MicroPython's
    ``asyncio.sleep(0)`` goes on in the same task (its loop runs every ready
    step before it hands back to the browser), so it never lets the page paint
    or answer a tap between two long steps; a browser timer does."""
    return js.Promise.new(lambda resolve, reject: js.setTimeout(resolve, 0))


async def main():
    try:
        await next_task()
        mount()
        await next_task()
        from ui.dom import render  # noqa: F401  (the largest module: the imports in two tasks)

        await next_task()
        from ui.dom import split
    except Exception as exc:  # a damaged pack or module: said at once (js/guard.js), not after the watchdog
        js.console.error("Sixty-Six: the page's modules could not load: " + repr(exc))
        js.dispatchEvent(js.CustomEvent.new("sixtysix:boot-failed", to_js({"detail": PACK + ": " + repr(exc)})))
        return
    js.performance.measure("sixtysix:dom-imports", "sixtysix:dom-start")
    await next_task()
    split.start()


asyncio.create_task(main())
