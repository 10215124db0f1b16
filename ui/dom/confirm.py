"""The confirm question: asks before something is lost, then calls back with the answer.

Marker on ``<html>``: ``data-confirm`` (``seed``/``new_match``/``reset``, the
question's key) while the dialog asks.
"""

from ui.dom.elements import by_id, root, set_text, show_dialog


class Confirm:
    def __init__(self, texts):
        #: ``texts()``: the translator in force.
        self.texts = texts
        #: What to do with the answer (``True``: replace), while the dialog asks.
        self.on_answer = None

    @property
    def asking(self) -> bool:
        return self.on_answer is not None

    def ask(self, text_key, on_answer, title="confirm.title", yes="confirm.replace", no="confirm.keep"):
        t = self.texts().t
        set_text(by_id("confirm-title"), t(title))
        set_text(by_id("btn-confirm-replace"), t(yes))
        set_text(by_id("btn-confirm-keep"), t(no))
        set_text(by_id("confirm-text"), t(text_key))
        root.dataset.confirm = text_key.split(".", 1)[1]
        self.on_answer = on_answer
        show_dialog("confirm-dialog")

    def on_closed(self):
        on_answer, self.on_answer = self.on_answer, None
        root.dataset.confirm = ""
        if on_answer is not None:
            on_answer(str(by_id("confirm-dialog").returnValue) == "replace")
