"""The page's dialogs: the menu, the last trick, the score sheet, the statistics,
the confirm question, sharing and ``#hand=`` links (the DOM side; the actions
they lead to are :class:`ui.dom.controls.Controls`'s).

Marker on ``<html>``: ``data-confirm`` (``seed``/``new_match``/``reset``) while
the confirm dialog asks before replacing a match in progress (or resetting the
statistics).
"""

from pyscript import window

from ui.model import share
from ui.dom.render import by_id, root, set_text
from ui.model.settings import PLAYER_LEVELS


def show_dialog(name):
    """showModal, then focus the element meant to be first. Not the autofocus
    attribute: a cross-origin frame blocks it with a console error."""
    dialog = by_id(name)
    dialog.returnValue = ""
    dialog.showModal()
    first = dialog.querySelector("[data-autofocus]")
    if first:
        first.focus()


class Dialogs:
    def __init__(self, controls):
        self.c = controls
        #: What the confirm dialog is asking about: ("seed", n), ("new", seed) or ("reset", None).
        self.confirming = None

    show_dialog = staticmethod(show_dialog)

    def open_menu(self):
        c = self.c
        by_id("level-select").value = c.level if c.level in PLAYER_LEVELS else c.settings.level
        by_id("count-myself").checked = c.settings.count_myself
        by_id("practice").checked = c.settings.practice
        by_id("speed-select").value = c.settings.speed
        by_id("menu-dialog").showModal()

    def open_last_trick(self):
        self.fill_last_trick()
        show_dialog("last-trick-dialog")

    def fill_last_trick(self):
        self.c.renderer.fill_last_trick(self.c.model())

    def open_stats(self):
        by_id("menu-dialog").close()
        self.fill_stats()
        show_dialog("stats-dialog")

    # The sheet's and the statistics' modules are imported when first drawn:
    # the page's start runs Python cold (docs/performance.md).
    def fill_stats(self):
        from ui.dom.stats import fill_stats

        fill_stats(by_id("stats-box"), self.c.stats, self.c.tr)

    def ask_reset_stats(self):
        by_id("stats-dialog").close()
        self.confirming = ("reset", None)
        self.ask_confirm("confirm.reset", "confirm.reset.title", "confirm.reset.yes", "confirm.reset.no")

    def reset_stats(self, confirmed):
        """After the question: every level's counts gone (or kept); the statistics shown again."""
        if confirmed:
            self.c.reset_stats()
        self.open_stats()

    def open_sheet(self):
        self.fill_sheet(by_id("sheet-box"))
        show_dialog("sheet-dialog")

    def fill_sheet(self, box):
        from ui.dom.sheet import fill_sheet

        match = self.c.flow.match
        fill_sheet(box, match.match, self.c.tr, self.review_hand, match.practice is not None)

    def review_hand(self, number):
        """Review hand ``number`` (0-based) of the match, from the score sheet."""
        if by_id("sheet-dialog").open:
            by_id("sheet-dialog").close()
        self.c.spawn(self.c.review_dialog().open(self.c.flow.match.hand_record(number)))

    def refresh(self):
        """Redraw the open dialogs (the language changed)."""
        if by_id("last-trick-dialog").open:
            self.fill_last_trick()
        if by_id("sheet-dialog").open:
            self.fill_sheet(by_id("sheet-box"))
        if by_id("stats-dialog").open:
            self.fill_stats()
        if by_id("review-dialog").open:
            self.c.review_dialog().render()

    # -- the confirm question ------------------------------------------------
    def ask_confirm(self, text_key, title="confirm.title", yes="confirm.replace", no="confirm.keep"):
        t = self.c.tr.t
        set_text(by_id("confirm-title"), t(title))
        set_text(by_id("btn-confirm-replace"), t(yes))
        set_text(by_id("btn-confirm-keep"), t(no))
        set_text(by_id("confirm-text"), t(text_key))
        root.dataset.confirm = text_key.split(".", 1)[1]
        show_dialog("confirm-dialog")

    def ask_new_match(self, seed=None):
        self.confirming = ("new", seed)
        self.ask_confirm("confirm.new_match")

    def ask_seed(self, seed):
        """A ``?seed=`` link over a match in progress: asked once the table shows."""
        self.confirming = ("seed", seed)

    def on_confirm_closed(self):
        asking, self.confirming = self.confirming, None
        root.dataset.confirm = ""
        if asking is None:
            return
        kind, seed = asking
        replace = str(by_id("confirm-dialog").returnValue) == "replace"
        if kind == "reset":
            self.reset_stats(replace)
        elif replace:
            self.c.hold_and(self.c.new_match(seed=seed, confirmed=True))
        elif kind == "seed":
            self.c.drop_seed_from_url()  # keep the match; the link is not asked again on reload
            self.open_link()

    # -- share links ---------------------------------------------------------
    def open_share(self):
        hand = self.c.table.hand_record()
        # The page's own address without its query: a link carries no ?seed= or test option.
        base = str(window.location.origin) + str(window.location.pathname)
        by_id("share-review").value = base + share.PREFIX + share.encode(hand["deck"], hand["dealer"], hand["actions"])
        by_id("share-deal").value = base + share.PREFIX + share.encode(hand["deck"], hand["dealer"], [])
        show_dialog("share-dialog")

    def open_link(self):
        """A ``#hand=`` link: a finished hand opens its review, a bare deal is replayed.
        A broken link gets a notice; the saved match is never touched either way."""
        text = str(window.location.hash or "")
        if not text.startswith(share.PREFIX):
            return
        window.history.replaceState(None, "", str(window.location.pathname) + str(window.location.search))
        try:
            deck, dealer, actions = share.parse(text)
        except share.LinkError as e:
            window.console.warn(f"Sixty-Six: share link refused ({e})")
            self.c.notices.append("notice.bad_link")
            self.c.render()
            return
        hand = {"deck": deck, "dealer": dealer, "actions": actions}
        if actions:
            self.c.spawn(self.c.review_dialog().open(hand))
        else:
            self.c.start_replay(hand)
            self.c.spawn(self.c.flow.play_on_when_idle())
