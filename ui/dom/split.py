"""The page's DOM side under MicroPython (ui/dom/main.py starts it): a
:class:`ui.dom.page.Page`, its commands and messages crossing to the worker
through js/core-link.js (``window.sixtysixCore``).

``<html class="ready">`` once the first table is drawn. The texts are read
from the locale files PyScript writes into MicroPython's working folder
(pyscript.toml's ``[files]``, written by tools/dom_layer.py). A start that fails says
``boot.failed`` on the boot line.

Markers for tests on ``<html>``: class ``ready`` once the table is live (set
by :mod:`ui.dom.split`); after every render (``ui/dom/render.py``) ``data-to-move``
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

With ``?test=1`` (tests only) js/core-link.js offers ``window.sixtysixReset(query,
storage)`` and ``window.sixtysixHoldBot`` (e2e/conftest.py).
"""

import json

from ui.dom.elements import by_id, log_error, root, set_text
from ui.dom.link import CoreLink
from ui.dom.markup import PristineMarkup
from ui.dom.page import Page
from ui.dom.web import create_proxy, window
from ui.words import LANGUAGES, flatten


def read_catalog(lang):
    with open("locales/" + lang + ".json") as f:
        return flatten(json.load(f))


class Split:
    """The DOM side, with the worker's messages coming in through the shim."""

    def __init__(self, shim):
        self.shim = shim
        self.link = CoreLink(lambda text: shim.post(text), log_error)
        lang = str(root.lang or "pt")
        self.page = Page(self.link, lang if lang in LANGUAGES else "pt", read_catalog)
        self.link.on("booted", lambda: None)
        drawn = self.page.on_render

        def first_render(model):
            drawn(model)
            if not root.classList.contains("ready"):
                root.classList.remove("booting")
                root.classList.add("ready")
                window.performance.measure("sixtysix:dom-ready", "sixtysix:dom-start")

        self.link.on("render", first_render)

    def start(self):
        self.shim.listen(create_proxy(lambda text: self.link.receive(str(text))))
        self.page.start()


class SplitReset:
    """``?test=1`` (tests only): ``window.sixtysixRestart()``, called by the tests'
    reset in js/core-link.js once the worker is told to build its table afresh:
    the DOM side stops (every listener unbound, dialogs closed), the markup is
    put back as before the first start, ``<html>`` is marked for the new
    address and storage as js/boot.js marks a load (its language first: the
    new DOM side speaks it from its first word), and a new DOM side starts."""

    def __init__(self, shim):
        self.shim = shim
        self.markup = PristineMarkup()  # before the first start
        self.split = None
        window.sixtysixRestart = create_proxy(self.restart)

    def start(self):
        self.split = Split(self.shim)
        self.split.start()

    def restart(self):
        self.split.page.stop()
        self.markup.restore()
        window.sixtysixMarkRoot()
        self.start()


def start():
    if root.classList.contains("frame-blocked"):
        return  # js/guard.js refused the framing page: no playable table here
    started = window.performance.now()
    try:
        shim = window.sixtysixCore
        if "test=1" in str(window.location.search).lstrip("?").split("&"):
            SplitReset(shim).start()
        else:
            Split(shim).start()
    except Exception as exc:
        log_error("start", exc)
        lang = str(root.lang)
        set_text(by_id("boot-text"), read_catalog(lang if lang in LANGUAGES else LANGUAGES[0])["boot.failed"])
    window.performance.measure("sixtysix:dom-build", {"start": started})  # the DOM side built, begin sent
