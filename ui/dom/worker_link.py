"""The page's line to the bot worker (``ui/bot_worker.py``), with its timing marks.

The worker's own Pyodide boots once the table is live (:meth:`BotWorker.boot`);
the first call waits for it. Where a worker cannot start (a cross-site frame
may refuse it IndexedDB) the same module runs on this page instead.
Performance marks: ``sixtysix:worker-ready`` and ``sixtysix:<function>``
(``choose``, ``hint``, ``review_step``) for ``performance.getEntriesByName``.
"""

import asyncio

from pyscript import create_named_worker, window


def log_error(where, exc):
    """Errors go to the console (the e2e tests fail on any)."""
    window.console.error(f"Sixty-Six: {where}: {type(exc).__name__}: {exc}")


async def _no_hold():
    return None


class BotWorker:
    def __init__(self, in_worker: bool = True, hold=_no_hold):
        #: ``False`` (``?worker=0``, tests only): the computer thinks on this page.
        self.in_worker = in_worker
        #: Awaited before an answer is handed back (the tests' hold; ui/dom/app.py).
        self.hold = hold
        self.worker = None
        self.booting = None
        #: Calls made: each call's start mark has its own name, so calls that
        #: overlap (a review's step and the computer's move) time themselves.
        self.calls = 0

    def boot(self):
        """Start the worker (once: a page built afresh keeps it)."""
        if self.booting is None:
            self.booting = asyncio.ensure_future(self._start())

    async def _start(self):
        """The bot worker, or ``None`` where it cannot start (its own boot needs
        IndexedDB, which a cross-site frame may refuse): then the computer
        thinks on this page, which pauses the page while it does (also with
        ``?worker=0``, for tests whose subject is not the worker)."""
        if not self.in_worker:
            return None
        try:
            return await create_named_worker(src="./ui/bot_worker.py", name="bot", config="./pyscript.toml")
        except Exception as exc:
            window.console.warn(f"Sixty-Six: the bot worker did not start ({type(exc).__name__}: {exc}); "
                                "the computer thinks on this page")
            return None

    async def call(self, function, *args):
        """Call ``function`` of the bot worker with JSON-like ``args``; raises if it fails."""
        if self.worker is None:
            window.performance.mark("sixtysix:worker-wait")
            self.worker = await self.booting
            if self.worker is None:  # the worker's module itself, on this page (imported only then)
                from ui import bot_worker
                self.worker = bot_worker
            window.performance.measure("sixtysix:worker-ready", "sixtysix:worker-wait")
        self.calls += 1
        start = f"sixtysix:ask:{self.calls}"
        window.performance.mark(start)
        result = getattr(self.worker, function)(*args)
        if not isinstance(result, str):  # a worker's answer is a promise
            result = await result
        # performance.getEntriesByName("sixtysix:choose" / "sixtysix:hint" / "sixtysix:review_step")
        window.performance.measure(f"sixtysix:{function}", start)
        window.performance.clearMarks(start)
        await self.hold()
        return str(result)

    async def call_or_none(self, function, *args):
        """:meth:`call`, or ``None`` (logged) if it fails."""
        try:
            return await self.call(function, *args)
        except Exception as exc:
            log_error(f"bot worker {function}", exc)
            return None
