"""The page's localStorage as the worker sees it (issue 33).

localStorage exists only on the page, and the model side runs in a worker.
The page sends its saved items when the worker boots and each item another
tab writes later; every write here is handed to ``write(key, value)``
(``value`` ``None``: removed), which the page carries out in localStorage
(js/core-link.js). Reads are then as synchronous as localStorage's, and
every guarantee of :class:`ui.model.storage.Store` (bounded parsing, the
revision check against other tabs, a write that fails) holds on this copy.
A write the page could not make (its quota, storage blocked) is reported
back (:meth:`MirrorBackend.refused`): from then on writes fail here too, so
the store says so instead of believing it saved.

>>> sent = []
>>> m = MirrorBackend({"a": "1"}, lambda k, v: sent.append((k, v)))
>>> m.getItem("a"), m.getItem("b")
('1', None)
>>> m.setItem("b", 2); m.removeItem("a"); sent
[('b', '2'), ('a', None)]
>>> m.refused("b"); m.setItem("b", "3")
Traceback (most recent call last):
...
OSError: the page could not save 'b'
>>> m.close(); m.removeItem("b"); sent[-1], m.getItem("b")
(('a', None), '2')
"""


class MirrorBackend:
    def __init__(self, items: dict, write):
        self.items = {str(k): str(v) for k, v in items.items()}
        self.write = write
        #: A key whose write the page refused (``None``: none).
        self.refused_key = None
        #: A new boot replaced the core on this copy (:meth:`close`).
        self.closed = False

    def getItem(self, key):  # noqa: N802 (localStorage's names)
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        if self.closed:
            return
        if self.refused_key is not None:
            raise OSError(f"the page could not save {self.refused_key!r}")
        self.items[key] = str(value)
        self.write(key, str(value))

    def removeItem(self, key):  # noqa: N802
        if self.closed:
            return
        self.items.pop(key, None)
        self.write(key, None)

    def close(self) -> None:
        """A new boot replaced the core on this copy: whatever the stopped core
        still writes (a turn under way) is dropped, never sent to the page."""
        self.closed = True

    def learn(self, key: str, value) -> None:
        """Another tab wrote ``key`` (``None``: removed it)."""
        if value is None:
            self.items.pop(key, None)
        else:
            self.items[key] = str(value)

    def refused(self, key: str) -> None:
        self.refused_key = key
