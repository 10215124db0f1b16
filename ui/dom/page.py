"""The page's DOM side: the renderer, sync, confirm, the course, the dialogs,
the options and the events, built in dependency order around one
:class:`ui.dom.link.CoreLink`, with the link's handler for each message kind.

:mod:`ui.dom.split` builds it under MicroPython, with the model side in the
worker (issue 33); the e2e suite drives it in Chromium. Its texts are the
locale catalogs' own (:class:`ui.words.Words`): the fixed texts and the
questions; everything else comes from the model side in words.
"""

import asyncio

from ui.dom.confirm import Confirm
from ui.dom.dialogs import Dialogs, local_date
from ui.dom.elements import Listeners, by_id, log_error, root
from ui.dom.events import Events
from ui.dom.lessons import Lessons
from ui.dom.options import Options
from ui.dom.render import Renderer
from ui.dom.sync import Sync
from ui.dom.web import window
from ui.words import Words, read_catalog


def take_held_card():
    """The card tapped on the table js/last-table.js drew before Python was up
    (``None``: none)."""
    code = getattr(window, "sixtysixHeld", None)
    window.sixtysixHeld = None
    return str(code) if code else None


def drop_restored_marks():
    """The model side's own table is drawn: the table js/last-table.js drew
    (dimmed, a tapped card marked) is no longer a stand-in."""
    if root.classList.contains("restored"):
        for button in window.document.querySelectorAll("#hand button.card.held"):
            button.classList.remove("held")
        root.classList.remove("restored")


def spawn(coroutine):
    """Run a coroutine of the DOM side (a sweep, a copy to the clipboard); its errors are logged."""
    async def guarded():
        try:
            await coroutine
        except Exception as exc:
            log_error("page", exc)
    return asyncio.get_event_loop().create_task(guarded())


class Page:
    """The DOM side (see the module's docstring); ``lang``: the language the
    shell was drawn in (js/boot.js picks it as the model side does)."""

    def __init__(self, link, lang, load_catalog=read_catalog):
        self.link = link
        self.load_catalog = load_catalog
        self.words = {}
        #: The language of the texts shown (the last render's or ``language`` message's).
        self.lang = lang
        #: The language of the table drawn last (``None``: none drawn yet).
        self.drawn_lang = None
        listeners = Listeners()
        self.renderer = renderer = Renderer(lang)
        self.sync = Sync(link)
        self.confirm = Confirm(self.texts)
        self.lessons = Lessons(link)
        self.dialogs = Dialogs(link, renderer, self.texts, spawn, self.confirm, listeners, self.lessons)
        self.options = Options(link, renderer, self.texts)
        self.events = Events(link, self.options, self.sync, self.dialogs, self.confirm, listeners, renderer.hold)
        link.on("render", self.on_render)
        link.on("hold", renderer.hold)
        link.on("sweep", lambda winner, seconds: spawn(renderer.sweep(winner, seconds)))
        link.on("ask", self.ask)
        link.on("focus", lambda id: by_id(id).focus())
        link.on("language", self.on_language)
        link.on("address", self.sync.change_query)
        link.on("reload", self.sync.reload)
        link.on("apply_update", self.sync.apply_update)
        link.on("sheet", self.dialogs.show_sheet)
        link.on("stats", self.dialogs.show_stats)
        link.on("menu", self.dialogs.show_menu)
        link.on("share", self.dialogs.show_share)
        link.on("review", self.dialogs.show_review)
        link.on("lessons", self.lessons.show_list)

    def texts(self):
        """The words of the language shown (its catalog read when first needed)."""
        if self.lang not in self.words:
            self.words[self.lang] = Words(self.lang, self.load_catalog(self.lang))
        return self.words[self.lang]

    def on_render(self, model):
        """A ``render`` message: the table drawn; in a new language, the fixed
        texts and the open dialogs too."""
        if model.lang != self.lang:
            self.on_language(model.lang)
        self.renderer.render(model)
        first = self.drawn_lang is None
        drop_restored_marks()
        if first:  # a card tapped on js/last-table.js's table while the model side started
            held = take_held_card()
            if held is not None:
                self.events.tap_card(held)
        if model.lang != self.drawn_lang:
            if self.drawn_lang is not None:
                self.dialogs.refresh()
            self.drawn_lang = model.lang

    def on_language(self, lang):
        self.lang = lang
        self.options.show_language(lang)

    def ask(self, key, then, otherwise=None):
        """An ``ask`` message: the question, then the command for the answer (if any)."""
        def answered(yes):
            command = then if yes else otherwise
            if command is not None:
                self.link.send_command(command)
        self.confirm.ask(key, answered)

    def start(self):
        """Listen, put the fixed texts in, and have the model side begin: it draws
        the table, then opens the address's link, asks about a ``?seed=`` link,
        plays a card tapped before the page was up, or resumes a lesson, and
        the computer moves if it is its turn."""
        self.events.bind()
        # js/boot.js puts the fixed texts in before the runtime starts and says in
        # which language (<html data-texts>): the same again would be some 100
        # calls into the DOM in this start's one task, a long one on a phone
        # (docs/performance.md, "The fixed texts written once").
        if root.getAttribute("data-texts") != self.lang:
            self.renderer.apply_static_texts(self.texts())
        root.removeAttribute("data-texts")  # said once: a switch later is Python's own
        self.link.send("begin", hash=self.dialogs.take_link(), today=local_date())

    def stop(self):
        """Leave nothing behind on the DOM side: listeners off, dialogs closed."""
        self.events.unbind()
        for dialog in window.document.querySelectorAll("dialog[open]"):
            dialog.close()
        by_id("announce").replaceChildren()
