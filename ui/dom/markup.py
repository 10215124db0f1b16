"""The page's markup as it was before the first start, put back by the tests'
reset (``?test=1``: ui/dom/split.py), so one booted page
serves many tests as if each were a first load."""

from ui.dom.elements import root
from ui.dom.web import document, window


class PristineMarkup:
    def __init__(self):
        #: ``<html>``'s attributes and the body's parts (its scripts aside).
        self.attributes = {str(a.name): str(a.value) for a in root.attributes}
        self.parts = [el.cloneNode(True) for el in document.body.children if str(el.tagName) != "SCRIPT"]

    def restore(self):
        for name in [str(a.name) for a in root.attributes]:
            if name not in self.attributes:
                root.removeAttribute(name)
        for name, value in self.attributes.items():
            root.setAttribute(name, value)
        for el in [el for el in document.body.children if str(el.tagName) != "SCRIPT"]:
            el.remove()
        scripts = document.body.querySelector(":scope > script")
        for part in self.parts:
            document.body.insertBefore(part.cloneNode(True), scripts)
        if document.activeElement:
            document.activeElement.blur()
        window.scrollTo(0, 0)
