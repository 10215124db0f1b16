"""The page and the world around it: other tabs, new versions, the address bar.

The DOM side only: another tab's write (a ``storage`` event) and what the
service worker says (``js/sw-register.js``) go to the model side as
commands, which decides (:class:`ui.model.core.Core`: adopt the other tab's
newer match, reload between hands...); its ``address``, ``reload`` and
``apply_update`` messages are carried out here.
"""

from ui.dom.web import window


class Sync:
    def __init__(self, link):
        self.link = link

    def on_storage(self, event):
        """The storage event fires in every other tab of this origin on a write."""
        self.link.send("storage", key=str(event.key or ""))

    def on_update_ready(self):
        self.link.send("update_ready")

    def on_outdated(self):
        self.link.send("outdated")

    def on_update_stalled(self):
        """The new version did not take over (js/sw-register.js gave up waiting)."""
        self.link.send("play_on")

    def reload(self):
        window.location.reload()

    def apply_update(self):
        """Hand the page to the waiting new version (it reloads the page); if
        none is waiting after all, the table plays on."""
        try:
            taken = bool(window.sixtysixApplyUpdate())
        except Exception as exc:
            log_error("update", exc)
            taken = False
        if not taken:
            self.link.send("play_on")

    @staticmethod
    def change_query(changes):
        """The address's query with ``changes`` (``None``: removed), in place
        (no new history entry); a ``#hand=`` fragment was read at the start already."""
        params = window.URLSearchParams.new(window.location.search)
        for name, value in changes.items():
            if value is None:
                params.delete(name)
            else:
                params.set(name, str(value))
        query = str(params.toString())
        window.history.replaceState(None, "", str(window.location.pathname) + (f"?{query}" if query else ""))
