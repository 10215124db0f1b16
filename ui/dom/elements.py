"""The DOM helpers every DOM module shares: elements, text, cards and listeners.

One way to write visible text (:func:`set_text`; every text comes from the
locales), one way to draw a card (:func:`card_img`), and one way to listen:
:func:`listen` returns the function that removes the listener and frees its
proxy, and :class:`Listeners` keeps those for a whole layer, so a page that
builds itself afresh (the tests' reset) leaves no handler behind.
"""

from ui.dom.web import create_proxy, document

root = document.documentElement
#: The window as an event target: MicroPython's ``js`` module (ui.dom.web.window) calls
#: ``addEventListener`` unbound ("Illegal invocation"); the document's view is
#: the same window, reached as an ordinary object in both runtimes.
window_target = document.defaultView


def log_error(where, exc):
    """Errors go to the console (the e2e tests fail on any)."""
    document.defaultView.console.error(f"Sixty-Six: {where}: {type(exc).__name__}: {exc}")


def by_id(name):
    return document.getElementById(name)


def set_text(el, text):
    """The one way the page writes visible text (every text comes from i18n)."""
    if el.textContent != text:
        el.textContent = text


def paragraph(box, text, cls=""):
    """Add a paragraph saying ``text`` (of class ``cls``) at the end of ``box``."""
    p = document.createElement("p")
    if cls:
        p.className = cls
    set_text(p, text)
    box.appendChild(p)


def set_lines(box, texts):
    """Replace ``box``'s content with one paragraph per text."""
    box.replaceChildren()
    for text in texts:
        paragraph(box, text)


def set_label(el, text):
    el.setAttribute("aria-label", text)


def card_src(lang, code):
    """A face's image, in the deck the renderer marked (``data-deck`` on
    ``<html>``): the four-colour deck is the same file with the fragment
    ``#four`` (tools/make_cards.py), so it costs no download of its own."""
    four = root.getAttribute("data-deck") == "four"
    return f"assets/cards/{lang}/{code}.svg{'#four' if four else ''}"


def card_img(lang, code, name):
    img = document.createElement("img")
    img.className = "card-img"
    img.src = card_src(lang, code)
    img.alt = name
    img.draggable = False
    return img


def show_dialog(name):
    """showModal, then focus the element meant to be first. Not the autofocus
    attribute: a cross-origin frame blocks it with a console error."""
    dialog = by_id(name)
    dialog.returnValue = ""
    dialog.showModal()
    first = dialog.querySelector("[data-autofocus]")
    if first:
        first.focus()


def listen(el, event, handler):
    """Call ``handler(event)`` on ``event`` at ``el``; returns the unbind function."""
    proxy = create_proxy(handler)
    el.addEventListener(event, proxy)

    def unbind():
        el.removeEventListener(event, proxy)
        # Pyodide's proxies must be freed; MicroPython's have no destroy() (and
        # need none): tools/spikes/split/README.md, Q1.
        if hasattr(proxy, "destroy"):
            proxy.destroy()

    return unbind


class Listeners:
    """The listeners one layer bound, removed together by :meth:`unbind_all`."""

    def __init__(self):
        self.unbinds = []

    def listen(self, el, event, handler):
        self.unbinds.append(listen(el, event, handler))

    def unbind_all(self):
        while self.unbinds:
            self.unbinds.pop()()
