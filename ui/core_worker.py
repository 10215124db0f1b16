"""The worker that holds the model side (issue 33): one Pyodide for the table,
the turn loop and the bot, off the page's main thread. js/core-worker.mjs
boots it and hands every text the page posts to :meth:`CoreHost.receive`.

The page (js/core-link.js, then ui/dom/main.py) sends the core's commands
(:data:`ui.model.core.COMMANDS`) and a few of the host's own:

- ``{"do": "boot", "query": "?seed=7", "storage": {...} | null, "langs": [...]}``:
  build the core from the page's address, its saved items (``null``:
  storage blocked) and the browser's languages; sent again by the tests'
  reset, it replaces the core (the one before stops);
- ``{"do": "stored", "key", "value"}``: another tab wrote an item;
- ``{"do": "refused", "key"}``: the page could not write an item;
- ``{"do": "hold_bot", "on": true}`` (tests): the bot's answers wait until it is sent with ``false``.

It posts the core's messages and its own: ``{"kind": "store", "key", "value"}``
for the page to write and ``{"kind": "timing", "name", "ms"}`` for each bot
call (always these prefixes: the page's shim reads them before the DOM
layer), and ``{"kind": "booted"}`` on every boot, before the core is built:
all that comes after it is the new core's (the writes its start makes, such as
a damaged item put right, included; the tests' reset drops what came before
it, js/core-link.js). The bot is called
here, in the same thread (:data:`ui.model.botcall.ANSWERS`): while it thinks,
commands wait in the worker's queue, and the page stays free.
"""

import asyncio
import json
import time

from ui.model.botcall import ANSWERS
from ui.model.core import Core
from ui.model.i18n import LANGUAGES, Translator, load_catalog
from ui.model.mirror import MirrorBackend
from ui.model.settings import UrlOptions

HOST_COMMANDS = ("boot", "stored", "refused", "hold_bot")


class CoreHost:
    def __init__(self, post, fetch_text, console):
        #: ``post(text)``: a message to the page.
        self.post = post
        self.fetch_text = fetch_text
        self.console = console
        self.core = None
        self.backend = None
        self.catalogs = {lang: load_catalog(lang) for lang in LANGUAGES}
        #: Set while the bot may answer (tests clear it to hold the computer mid-thought).
        self.bot_free = asyncio.Event()
        self.bot_free.set()

    def receive(self, text):
        text = str(text)
        try:
            data = json.loads(text)
            name = data.get("do") if isinstance(data, dict) else None
        except ValueError:
            name = None
        if name in HOST_COMMANDS:
            getattr(self, f"on_{name}")(data)
        elif self.core is None:
            self.log("command", RuntimeError("a command before the boot"))
        else:
            self.core.handle(text)

    def on_boot(self, data):
        if self.core is not None:
            self.core.stop()
            if self.backend is not None:
                self.backend.close()  # its late writes would land in the new table's storage
        self.post('{"kind":"booted"}')
        storage = data.get("storage")
        self.backend = MirrorBackend(storage, self.write) if isinstance(storage, dict) else None
        translators = {lang: Translator(lang, dict(catalog)) for lang, catalog in self.catalogs.items()}
        self.core = Core(UrlOptions.parse(str(data.get("query") or "")), translators, backend=self.backend,
                         browser_langs=[str(x) for x in data.get("langs") or []], post=self.post, ask=self.ask,
                         sleep=asyncio.sleep, clock=time.monotonic, log=self.log, warn=self.console.warn,
                         fetch_text=self.fetch_text)

    def on_stored(self, data):
        if self.backend is not None:
            self.backend.learn(str(data["key"]), data.get("value"))

    def on_refused(self, data):
        """The page could not write an item (``value``: what it still holds there):
        the copy learns it, and the save is made again, failing now, so the store
        says so and leaves no older position behind to be resumed."""
        if self.backend is not None and self.core is not None:
            self.backend.learn(str(data["key"]), data.get("value"))
            self.backend.refused(str(data["key"]))
            self.core.save_again()

    def on_hold_bot(self, data):
        if data.get("on"):
            self.bot_free.clear()
        else:
            self.bot_free.set()

    def write(self, key, value):
        self.post(json.dumps({"kind": "store", "key": key, "value": value}, separators=(",", ":")))

    async def ask(self, function, *args):
        """The bot's answer (:data:`ui.model.botcall.ANSWERS`), computed here; how long it took
        goes to the page as ``sixtysix:<function>`` (make bench, the e2e tests)."""
        await self.bot_free.wait()
        start = time.perf_counter()
        answer = ANSWERS[function](*args)
        ms = (time.perf_counter() - start) * 1000
        self.post(json.dumps({"kind": "timing", "name": f"sixtysix:{function}", "ms": round(ms, 3)},
                             separators=(",", ":")))
        return answer

    def log(self, where, exc):
        self.console.error(f"Sixty-Six: {where}: {type(exc).__name__}: {exc}")
