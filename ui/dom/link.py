"""The DOM layer's one line to the model side (:class:`ui.model.core.Core`).

Commands go out as JSON text (:meth:`CoreLink.send`), messages come back
as JSON text (:meth:`CoreLink.receive`), each handed to the handler the page
registered for its kind (:meth:`CoreLink.on`). Today both sides run in the
page's one runtime and the text is handed over in a call; with the model in
the worker (issue 33) the same text crosses ``postMessage``. The last table
model received is kept (:attr:`CoreLink.model`): what a key or a press needs
to know at once (a costly move asked about, a finished trick on show) is
read there, never from the model side's objects. Written in the Python
MicroPython runs too (tests/js/micropython.test.mjs).
"""

import json

from ui.dom.model_view import ModelView

#: The messages whose member of that name is a model the DOM draws: read as a :class:`ModelView`.
VIEWED = {"render": "model", "sheet": "sheet", "stats": "stats", "review": "review", "lessons": "lessons"}


class CoreLink:
    def __init__(self, send_text, log):
        #: ``send_text(text)``: a command's JSON text to the model side.
        self.send_text = send_text
        #: ``log(where, exc)``: a message no handler takes is logged.
        self.log = log
        self.handlers = {}
        #: The last table model drawn (a :class:`ui.dom.model_view.ModelView`), ``None`` before the first.
        self.model = None

    def on(self, kind, handler):
        """``handler(**fields)`` takes the messages of ``kind`` (``render`` gets ``model``, read)."""
        self.handlers[kind] = handler

    def send(self, do, **args):
        self.send_text(json.dumps(dict(args, do=do)))

    def send_command(self, command):
        """A command the model side composed itself (an ``ask`` message's ``then``)."""
        self.send_text(json.dumps(command))

    def receive(self, text):
        message = json.loads(text)
        kind = message.pop("kind", None)
        if kind in VIEWED:
            message[VIEWED[kind]] = ModelView(message[VIEWED[kind]])
        if kind == "render":
            self.model = message["model"]
        handler = self.handlers.get(kind)
        if handler is None:
            self.log("link", ValueError(f"no handler for the message {kind!r}"))
            return
        handler(**message)

    # What the last model says, for the keys and presses that must know at once.
    def armed(self):
        """The costly move a first tap asked about (``""``: none)."""
        return self.model.armed if self.model is not None else ""

    def trick_on_show(self):
        """A finished trick waits on the table to be gathered."""
        return self.model is not None and self.model.trick_complete
