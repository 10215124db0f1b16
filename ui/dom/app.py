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
"""

from pyscript import window

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
from ui.model.storage import EMBED_GAME_KEY, GAME_KEY, SavedDataError, Store
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


def build_page():
    url = UrlOptions.parse(str(window.location.search or ""))
    store = open_store(url)
    settings = store.load_settings()
    stats = store.load_stats()
    browser = [str(x) for x in (window.navigator.languages or [])]
    lang = pick_language(url.lang, settings.lang, browser)
    catalogs = {code: load_catalog(code) for code in LANGUAGES}
    level = url.level or settings.level
    stats.level = level
    worker = BotWorker(in_worker=url.worker)
    renderer = Renderer(lang, None)
    controls = Controls(url, store, settings, stats, Translator(lang, catalogs[lang]), catalogs, renderer, worker)
    notices = ["notice.discarded"] if store.discarded else []
    table, ask_seed = open_table(store, stats, url.seed, notices, controls.practising())
    flow = Flow(table, settings, ask=worker.call, sleep=asyncio.sleep, clock=lambda: window.performance.now() / 1000,
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
    controls.worker.boot()
    await controls.computer_turns()


async def main():
    if root.classList.contains("frame-blocked"):
        return  # js/guard.js refused the framing page: no playable table here
    try:
        await start(build_page())
    except Exception as exc:
        log_error("start", exc)
        lang = str(root.lang or "pt")
        catalog = load_catalog(lang if lang in LANGUAGES else "pt")
        set_text(by_id("boot-text"), catalog["boot.failed"])


asyncio.ensure_future(main())
