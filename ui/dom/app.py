"""The page: PyScript's main-thread script for index.html. It only boots.

It reads the URL and localStorage, builds the pieces and starts them:
:mod:`ui.model.flow` (the turn loop, which keeps the authoritative match in a
:class:`ui.model.table.Table`), :mod:`ui.dom.render` (the DOM from
:func:`ui.model.present.build`'s model), :mod:`ui.dom.events` (clicks and keys forwarded
as notation strings), :mod:`ui.dom.controls` and :mod:`ui.dom.dialogs` (what the
controls and dialogs do), :mod:`ui.dom.worker_link` (the bot worker,
``ui/bot_worker.py``, so the page never freezes while a bot thinks). No rule
of the game is decided on the page.

Markers for tests on ``<html>``: class ``ready`` once the table is live (set
here); after every render (``ui/dom/render.py``) ``data-to-move``
(``you``/``computer``/``none``), ``data-hand``, ``data-score`` (``"2-1"``),
``data-stock``, ``data-stock-state``, ``data-result``, ``data-hint``,
``data-lang``, ``data-busy``, ``data-speed``, ``data-thinking`` (the bot is
computing) and ``data-gathered`` (``hurried``/``timed``: how the last finished
trick left the table); ``data-confirm`` (``seed``/``new_match``/``reset``,
``ui/dom/dialogs.py``) while the confirm dialog asks before replacing a match in
progress. ``js/guard.js`` sets ``data-boot="stuck"`` and
``data-frame="blocked"``; ``js/sw-register.js`` sets ``data-sw`` and
``data-sw-update`` (``ready``/``outdated``).
Timings for benchmarks (``performance.getEntriesByName``):
``sixtysix:imports`` (the game's modules loading, here), ``sixtysix:app-ready``
(our start-up once they are in, here),
``sixtysix:worker-ready``, ``sixtysix:choose``, ``sixtysix:hint`` and
``sixtysix:review_step`` (each bot call, ``ui/dom/worker_link.py``).

Tests only, with ``?test=1`` in the address: ``window.sixtysixReset(query)``
(a Promise) starts the page afresh in place, without a reload
(:class:`TestReset`).
"""

from pyscript import document, window
from pyscript.ffi import create_proxy

# Marked before the imports below: the bench times them ("sixtysix:imports").
window.performance.mark("sixtysix:imports-start")

import asyncio

from ui.dom.controls import Controls
from ui.dom.dialogs import Dialogs
from ui.dom.events import Events
from ui.model.flow import Flow
from ui.model.i18n import LANGUAGES, Translator, load_catalog, pick_language
from ui.model.pace import pace_for
from ui.dom.render import Renderer, by_id, root, set_text
from ui.model.settings import UrlOptions
from ui.model.storage import EMBED_GAME_KEY, GAME_KEY, MemoryBackend, SavedDataError, Store
from ui.model.table import Table
from ui.dom.worker_link import BotWorker, log_error

window.performance.mark("sixtysix:app-start")  # Python is running: the rest is our own start-up
window.performance.measure("sixtysix:imports", "sixtysix:imports-start")


def open_store(url):
    try:
        backend = window.localStorage
    except Exception:  # storage blocked: play without saving
        backend = None
    return Store(backend, EMBED_GAME_KEY if url.embed else GAME_KEY)


def open_table(store, stats, seed, notices, practice=False):
    """The saved match (resumed), or a new one; and the ``?seed=`` to ask about
    when the link's match would replace a match in progress."""
    saved = None
    try:
        saved = store.load_game()
    except SavedDataError as e:  # the store has removed it
        window.console.warn(f"Sixty-Six: saved game discarded ({e})")
        notices.append("notice.corrupt")
    ask_seed = None
    table = Table.from_saved(saved, stats) if saved is not None else None
    if table is not None and seed is not None and table.match.seed != seed:
        if table.in_progress:
            ask_seed = seed  # asked once the table shows
        else:
            table = None
    if table is not None:
        if not table.hand_over:
            table.say("msg.resumed")
    else:
        table = Table.new(seed, stats, practice=practice)
    return table, ask_seed


def build_page(worker=None):
    """The page's pieces from the address and storage; ``worker``: a bot worker
    kept from before (the tests' reset), else a new one."""
    url = UrlOptions.parse(str(window.location.search or ""))
    store = open_store(url)
    settings = store.load_settings()
    stats = store.load_stats()
    browser = [str(x) for x in (window.navigator.languages or [])]
    lang = pick_language(url.lang, settings.lang, browser)
    catalogs = {code: load_catalog(code) for code in LANGUAGES}
    level = url.level or settings.level
    stats.level = level
    if worker is None or worker.in_worker != url.worker:
        worker = BotWorker(in_worker=url.worker)
    renderer = Renderer(lang, None)
    controls = Controls(url, store, settings, stats, Translator(lang, catalogs[lang]), catalogs, renderer, worker)
    notices = ["notice.discarded"] if store.discarded else []
    table, ask_seed = open_table(store, stats, url.seed, notices, controls.practising())
    ask = TestReset.held(worker.call) if TestReset.asked() else worker.call
    flow = Flow(table, settings, ask=ask, sleep=asyncio.sleep, clock=lambda: window.performance.now() / 1000,
                render=controls.render, save=controls.save, log=log_error,
                gather=lambda winner: renderer.sweep(winner, flow.pace["gather"]),
                pace=pace_for(settings.speed, url.fast), level=level, capped=url.timecap)
    flow.notices = notices
    controls.flow = flow
    controls.dialogs = Dialogs(controls)
    renderer.fill_sheet = controls.dialogs.fill_sheet  # the finished match's sheet, with its review buttons
    controls.events = Events(controls, controls.dialogs)
    controls.save(table)
    if ask_seed is not None:
        controls.dialogs.ask_seed(ask_seed)
    return controls


async def start(controls):
    controls.events.bind()
    controls.renderer.apply_static_texts(controls.tr)
    controls.render()
    root.classList.remove("booting")
    root.classList.add("ready")
    window.performance.measure("sixtysix:app-ready", "sixtysix:app-start")
    dialogs = controls.dialogs
    if dialogs.confirming:
        dialogs.ask_confirm("confirm.seed")
    else:
        dialogs.open_link()
    # The bot's own Pyodide boots only now: started with the page, it competed
    # with the page's interpreter for the two cores and delayed "ready" by
    # about 40% (docs/performance.md). The first bot call awaits it.
    if controls.worker.booting is None:  # (a worker kept by the tests' reset has booted)
        controls.worker.boot()
    await controls.computer_turns()


async def main():
    if root.classList.contains("frame-blocked"):
        return  # js/guard.js refused the framing page: no playable table here
    hook = TestReset.install() if TestReset.asked() else None
    await run(hook)


async def run(hook=None, worker=None):
    """Build the page and start it (the first load, and each reset of the tests)."""
    try:
        controls = build_page(worker)
        if hook is not None:
            hook.controls = controls
        await start(controls)
    except Exception as exc:
        log_error("start", exc)
        lang = str(root.lang or "pt")
        catalog = load_catalog(lang if lang in LANGUAGES else "pt")
        set_text(by_id("boot-text"), catalog["boot.failed"])


# -- tests only ------------------------------------------------------------------
class TestReset:
    """``?test=1``: ``window.sixtysixReset(query)`` starts the page afresh in
    place, so the e2e tests reuse one booted page (e2e/conftest.py).

    It returns a Promise. It clears localStorage and sessionStorage, puts
    ``query`` (``"?lang=it&seed=7&fast=1&worker=0&test=1"``) in the address
    (history.replaceState), unbinds every listener the app bound, stops the
    old turn loop (a turn under way, even a computer's thought, stops at its
    next step and never draws or saves again), closes the dialogs, puts the
    page's markup back as it was before the first start, and builds and
    starts the page the way a first load does (:func:`build_page`,
    :func:`start`). It resolves once ``<html>`` is ``ready`` again with the
    new table drawn. The bot worker (``?worker=1``) is kept: it holds no game.

    Also (``?test=1`` only): while ``window.sixtysixHoldBot`` is a pending
    Promise, the bot's answers wait for it, so a test can act while the
    computer is thinking (``data-thinking="1"``) and then let it go on.
    """

    def __init__(self):
        self.controls = None
        self.workers = {}  # in_worker -> the BotWorker built for it
        # The page as it was before the first start: <html>'s attributes and body's parts.
        self.attributes = {str(a.name): str(a.value) for a in root.attributes}
        self.parts = [el.cloneNode(True) for el in document.body.children if str(el.tagName) != "SCRIPT"]

    @staticmethod
    def asked():
        return "test=1" in str(window.location.search or "").lstrip("?").split("&")

    @staticmethod
    def held(call):
        """``call`` (the bot's), whose answer waits while ``window.sixtysixHoldBot`` is pending."""
        async def ask(*args):
            answer = await call(*args)
            hold = getattr(window, "sixtysixHoldBot", None)
            if hold is not None and hasattr(hold, "then"):
                await hold
            return answer
        return ask

    @classmethod
    def install(cls):
        hook = cls()
        window.sixtysixReset = create_proxy(hook.promise)
        return hook

    def promise(self, query):
        done = asyncio.ensure_future(self.reset(str(query)))

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

    async def reset(self, query):
        old = self.controls
        if old is not None:
            self.retire(old)
            self.workers[old.worker.in_worker] = old.worker
        for dialog in document.querySelectorAll("dialog[open]"):
            dialog.close()
        for storage in ("localStorage", "sessionStorage"):
            try:
                getattr(window, storage).clear()
            except Exception:  # storage blocked: nothing to clear
                pass
        window.history.replaceState(None, "", query if query.startswith("?") else "?" + query)
        self.restore_markup()
        worker = self.workers.get(UrlOptions.parse(str(window.location.search or "")).worker)
        self.controls = None
        started = asyncio.ensure_future(run(self, worker))
        while not started.done() and not root.classList.contains("ready"):
            await asyncio.sleep(0)
        if not root.classList.contains("ready"):
            raise RuntimeError("the page did not start again (see the console)")

    @staticmethod
    def retire(old):
        """The old page's pieces never act, draw or save again."""
        old.events.unbind()
        flow = old.flow
        flow.generation += 1  # a turn under way stops at its next step
        nothing = lambda *args, **kwargs: None  # noqa: E731

        async def no_sweep(*args):
            return None

        old.renderer.render = old.renderer.hold = nothing
        old.renderer.sweep = no_sweep
        old.store.backend = MemoryBackend()  # its last saves go nowhere

    def restore_markup(self):
        for name in [str(a.name) for a in root.attributes]:
            if name not in self.attributes:
                root.removeAttribute(name)
        for name, value in self.attributes.items():
            root.setAttribute(name, value)
        live = [el for el in document.body.children if str(el.tagName) != "SCRIPT"]
        for el in live:
            el.remove()
        scripts = document.body.querySelector(":scope > script")
        for part in self.parts:
            document.body.insertBefore(part.cloneNode(True), scripts)
        if document.activeElement:
            document.activeElement.blur()
        window.scrollTo(0, 0)


asyncio.ensure_future(main())
