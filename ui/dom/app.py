"""The page: PyScript's main-thread script for index.html. It only boots.

It reads the URL and builds the page's two sides in its one Pyodide
(:class:`InPage`): the model side is one object, :class:`ui.model.core.Core`
(the store, the table and the turn loop, :class:`ui.model.flow.Flow`, which
owns the page's state); the DOM side, :class:`ui.dom.page.Page`, speaks to
it only through :class:`ui.dom.link.CoreLink`, commands out and messages in,
as JSON text. Only this module knows the core: it builds it and hands it the
link's text. (split.html runs the same DOM side under MicroPython with the
core in a worker: ``ui/dom/main.py``, issue 33.) No rule of the game is
decided on the page.

Markers for tests on ``<html>``: class ``ready`` once the table is live (set
here); after every render (``ui/dom/render.py``) ``data-to-move``
(``you``/``computer``/``none``), ``data-hand``, ``data-score`` (``"2-1"``),
``data-stock``, ``data-stock-state``, ``data-result``, ``data-hint``,
``data-lang``, ``data-busy``, ``data-speed``, ``data-thinking`` (the bot is
computing), ``data-armed`` (``close``/``declare`` while a first tap on that
costly move asks to be confirmed, else empty), ``data-lesson`` and
``data-lesson-step`` (the lesson on the table and its step, from 1;
empty outside lessons) and ``data-gathered``
(``hurried``/``timed``: how the last finished trick left the table),
with ``data-theme`` (``auto``/``light``/``dark``; ``js/boot.js`` sets a saved
one before the first paint) and ``data-deck`` (``two``/``four``: the
four-colour deck);
``data-confirm`` (``seed``/``new_match``/``reset``, ``ui/dom/confirm.py``)
while the confirm dialog asks before replacing a match in progress.
``js/guard.js`` sets ``data-boot="stuck"`` and
``data-frame="blocked"``; ``js/sw-register.js`` sets ``data-sw`` and
``data-sw-update`` (``ready``/``outdated``).

With ``?test=1`` (tests only) the page offers ``window.sixtysixReset(query)``:
storage cleared, the address's query replaced, every listener unbound, and
the page built afresh from the new query by the same code as a first load
(a promise; ``<html class="ready">`` again once done). One booted page then
serves many tests.

Timings for benchmarks (``performance.getEntriesByName``):
``sixtysix:imports`` (the game's modules loading, here), ``sixtysix:app-ready``
(our start-up once they are in, here),
``sixtysix:worker-ready``, ``sixtysix:choose``, ``sixtysix:hint`` and
``sixtysix:review_step`` (each bot call, ``ui/dom/worker_link.py``).
"""

from pyscript import window

# Marked before the imports below: the bench times them ("sixtysix:imports").
window.performance.mark("sixtysix:imports-start")

import asyncio

from pyscript.ffi import create_proxy

from ui.dom.elements import by_id, root, set_text
from ui.dom.link import CoreLink
from ui.dom.markup import PristineMarkup
from ui.dom.page import Page
from ui.dom.worker_link import BotWorker, log_error
from ui.model.core import Core
from ui.model.i18n import LANGUAGES, Translator, load_catalog
from ui.model.settings import UrlOptions

window.performance.mark("sixtysix:app-start")  # Python is running: the rest is our own start-up
window.performance.measure("sixtysix:imports", "sixtysix:imports-start")


def local_storage():
    """The browser's localStorage, or ``None`` where it is blocked (play without saving)."""
    try:
        return window.localStorage
    except Exception:
        return None


async def fetch_text(path):
    """A file of the site as text (the model side's ``fetch_text``); raises if it cannot be had."""
    response = await window.fetch(path)
    if not response.ok:
        raise OSError(f"HTTP {response.status} for {path}")
    return str(await response.text())


class InPage:
    """Both sides in the page's one runtime: the DOM side (:class:`ui.dom.page.Page`)
    and the model side (:class:`ui.model.core.Core`), the link's text handed over in a call."""

    def __init__(self, url, catalogs, worker):
        translators = {code: Translator(code, catalogs[code]) for code in LANGUAGES}
        # The model side answers through the link, built before it (its messages come later).
        link = CoreLink(lambda text: self.core.handle(text), log_error)
        self.core = Core(
            url, translators, backend=local_storage(),
            browser_langs=[str(x) for x in (window.navigator.languages or [])], post=link.receive,
            ask=worker.call, sleep=asyncio.sleep, clock=lambda: window.performance.now() / 1000,
            log=log_error, warn=window.console.warn, fetch_text=fetch_text)
        self.page = Page(link, self.core.texts().lang, lambda lang: catalogs[lang])
        self.worker = worker

    async def start(self):
        self.page.start()
        root.classList.remove("booting")
        root.classList.add("ready")
        window.performance.measure("sixtysix:app-ready", "sixtysix:app-start")
        # The bot's own Pyodide boots only now: started with the page, it competed
        # with the page's interpreter for the two cores and delayed "ready" by
        # about 40% (docs/performance.md). The first bot call awaits it.
        self.worker.boot()

    def stop(self):
        """Leave nothing behind: listeners off, the turn loop stopped, dialogs closed."""
        self.page.stop()
        self.core.stop()


def catalogs():
    return {code: load_catalog(code) for code in LANGUAGES}


class TestReset:
    """``?test=1`` (tests only): ``window.sixtysixReset(query)`` starts the page
    afresh in place, so the e2e tests reuse one booted page (e2e/conftest.py).

    It returns a Promise. It stops the old page (every listener unbound; a
    turn under way, even a computer's thought, stops at its next step and
    never draws or saves again), closes the dialogs, clears localStorage and
    sessionStorage, then stores the optional second argument's entries
    (``{"sixtysix.game": text}``: a saved match to resume), puts ``query`` (``"?lang=it&seed=7&fast=1&worker=0&test=1"``)
    in the address, puts the page's markup back as it was before the first
    start, and builds and starts :class:`InPage` as a first load does. It
    resolves once ``<html>`` is ``ready`` again with the new table drawn.
    The bot worker is kept (it holds no game).

    Also: while ``window.sixtysixHoldBot`` is a pending Promise, the bot's
    answers wait for it, so a test can act while the computer is thinking
    (``data-thinking="1"``) and then let it go on.
    """

    def __init__(self, catalogs):
        self.catalogs = catalogs
        self.page = None
        self.workers = {}  # in_worker -> the BotWorker made for it
        self.markup = PristineMarkup()  # before the first start
        window.sixtysixReset = create_proxy(self.promise)

    def open(self, url):
        """The page for ``url``, with the bot worker kept for its mode."""
        self.page = InPage(url, self.catalogs, self.worker(url))
        return self.page

    def worker(self, url):
        if url.worker not in self.workers:
            self.workers[url.worker] = BotWorker(in_worker=url.worker, hold=bot_hold)
        return self.workers[url.worker]

    def promise(self, query, storage=None):
        saved = storage.to_py() if hasattr(storage, "to_py") else {}
        done = asyncio.ensure_future(self.reset(str(query), {str(k): str(v) for k, v in saved.items()}))

        def executor(resolve, reject):
            def settle(future):
                error = None if future.cancelled() else future.exception()
                if future.cancelled() or error is not None:
                    reject(f"sixtysixReset failed: {error!r}")
                else:
                    resolve(None)
            done.add_done_callback(settle)

        proxy = create_proxy(executor)  # called at once by the Promise's constructor
        try:
            return window.Promise.new(proxy)
        finally:
            proxy.destroy()

    async def reset(self, query, storage):
        if self.page is not None:
            self.page.stop()
        window.sixtysixHoldBot = None  # a test that failed while holding the computer lets it go
        for name in ("localStorage", "sessionStorage"):
            try:
                getattr(window, name).clear()
            except Exception:  # storage blocked: nothing to clear
                pass
        for key, text in storage.items():  # what the new page finds saved, as after a reload
            window.localStorage.setItem(key, text)
        window.history.replaceState(None, "", query if query.startswith("?") else "?" + query)
        self.markup.restore()
        started = asyncio.ensure_future(self.open(UrlOptions.parse(str(window.location.search or ""))).start())
        while not started.done() and not root.classList.contains("ready"):
            await asyncio.sleep(0)
        if not root.classList.contains("ready"):
            raise RuntimeError("the page did not start again (see the console)")

async def bot_hold():
    """Tests only: wait while ``window.sixtysixHoldBot`` is a pending Promise."""
    hold = getattr(window, "sixtysixHoldBot", None)
    if hold is not None and hasattr(hold, "then"):
        await hold


async def main():
    if root.classList.contains("frame-blocked"):
        return  # js/guard.js refused the framing page: no playable table here
    try:
        url = UrlOptions.parse(str(window.location.search or ""))
        texts = catalogs()
        if url.test:
            reset = TestReset(texts)  # before the first start: it keeps the markup as it was
            page = reset.open(url)
        else:
            page = InPage(url, texts, BotWorker(in_worker=url.worker))
        await page.start()
    except Exception as exc:
        log_error("start", exc)
        lang = str(root.lang or "pt")
        catalog = load_catalog(lang if lang in LANGUAGES else "pt")
        set_text(by_id("boot-text"), catalog["boot.failed"])


asyncio.ensure_future(main())
