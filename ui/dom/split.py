"""split.html's DOM side under MicroPython (ui/dom/main.py starts it): the
same :class:`ui.dom.page.Page` as index.html, its commands and messages
crossing to the worker through js/core-link.js (``window.sixtysixCore``).

``<html class="ready">`` once the first table is drawn. The texts are read
from the locale files PyScript puts beside these modules (split-mpy.toml).
"""

from pyscript import window

import json

from pyscript.ffi import create_proxy

from ui.dom.elements import root
from ui.dom.link import CoreLink
from ui.dom.markup import PristineMarkup
from ui.dom.page import Page
from ui.dom.worker_link import log_error
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
    put back as before the first start, and a new DOM side starts."""

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
    window.performance.measure("sixtysix:dom-build", {"start": started})  # the DOM side built, begin sent
