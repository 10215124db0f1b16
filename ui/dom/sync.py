"""The page and the world around it: other tabs, new versions, the address bar.

Another tab's save reaches this one as a ``storage`` event: its statistics
replace ours, its newer match is adopted (:meth:`ui.model.flow.Flow.adopt_newer`).
A new version waiting (``js/sw-register.js``) takes over between hands.
"""

from pyscript import window

from ui.dom.worker_link import log_error
from ui.model.storage import STATS_KEY


class Sync:
    def __init__(self, flow, keeper, url):
        self.flow, self.keeper, self.url = flow, keeper, url
        #: Another tab installed a new version: this tab's code is old.
        self.outdated = False
        #: A new version is installed and waits for this page.
        self.update_waiting = False

    # -- other tabs ------------------------------------------------------------
    def on_storage(self, event):
        """The storage event fires in every other tab of this origin on a write."""
        key = str(event.key or "")
        flow = self.flow
        if key == STATS_KEY:
            flow.use_stats(self.keeper.load_stats())
        elif key == self.keeper.game_key and not flow.busy and self.keeper.newer_elsewhere():
            if flow.adopt_newer():  # while busy, the next save finds it STALE and adopts
                flow.render()

    # -- new versions ------------------------------------------------------------
    def on_update_ready(self):
        if self.update_waiting:
            return
        self.update_waiting = True
        self.flow.tell("notice.update")
        self.flow.render()

    def on_outdated(self):
        """Another tab installed a new version: say so, and reload at the next hand boundary."""
        if self.outdated:
            return
        self.outdated = True
        self.flow.tell_once("notice.outdated")
        self.flow.render()
        table = self.flow.table
        if self.flow.match_table is None and (table.hand_over or not table.in_progress):
            self.reload_if_outdated()

    def new_version_takes_over(self):
        """Between hands a new version takes over now (it reloads the page)."""
        return self.reload_if_outdated() or self.apply_update_now()

    def reload_if_outdated(self):
        if not self.outdated:
            return False
        window.location.reload()
        return True

    def apply_update_now(self):
        """Between hands: hand over to a waiting new version (it reloads the page)."""
        if not self.update_waiting:
            return False
        self.update_waiting = False
        try:
            return bool(window.sixtysixApplyUpdate())
        except Exception as exc:
            log_error("update", exc)
            return False

    # -- the address -------------------------------------------------------------
    def after_new_match(self):
        self.drop_seed_from_url()
        return self.new_version_takes_over()

    def drop_seed_from_url(self):
        """A reload must resume the match on the table, not restart the link's seed."""
        if self.url.seed is None:
            return
        self.change_query(seed=None)
        self.url = self.url.replace(seed=None)

    def show_language(self, lang):
        """The language in the address (``?lang=it``): a reload, a bookmark or a
        copied address keeps it. The other parameters stay as they were."""
        self.change_query(lang=lang)
        self.url = self.url.replace(lang=lang)

    @staticmethod
    def change_query(**changes):
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
