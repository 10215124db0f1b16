"""The page's DOM layer under MicroPython (issue 33): PyScript's
``type="mpy"`` script on the main thread. It draws and forwards, nothing
more: the model side runs in the worker (ui/core_worker.py), and the DOM
side is :mod:`ui.dom.split`.

The start is cut into tasks, so the main thread is never held long: PyScript's
own start ends, then MicroPython loads the DOM layer's modules in two tasks
(bytecode, ``sixtysix:dom-imports``), then the DOM side is built and asks the
worker to begin (``sixtysix:dom-build``); ``sixtysix:dom-ready`` once the
first table is drawn. Each step waits for the browser's next task
(``ui.dom.web.next_task``: ``asyncio.sleep(0)`` would not yield). This file
stays source, and short: the page compiles it.
"""

import asyncio

from ui.dom.web import next_task, window

window.performance.mark("sixtysix:dom-start")


async def main():
    await next_task()
    from ui.dom import render  # noqa: F401  (the largest module: the imports in two tasks)

    await next_task()
    from ui.dom import split

    window.performance.measure("sixtysix:dom-imports", "sixtysix:dom-start")
    await next_task()
    split.start()


asyncio.create_task(main())
