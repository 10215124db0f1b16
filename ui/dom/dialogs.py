"""The page's dialogs: the menu, the last trick, the score sheet, the statistics,
the hand review, sharing, and the address's ``#hand=``/``#daily=``/``#lesson=``
links (the DOM side: what they show comes from the model side in words, and
what they lead to goes to it as commands, :class:`ui.dom.link.CoreLink`).
"""

from ui.dom.elements import by_id, set_text, show_dialog
from ui.dom.sheet import draw_sheet
from ui.dom.web import document, to_js, window

#: The address's links the page opens (ui/model/core_dialogs.py: ``open_link``).
LINKS = ("#hand=", "#daily=", "#lesson")

#: The menu's check boxes and lists, by the setting each shows.
MENU_CHECKS = {"count_myself": "count-myself", "practice": "practice", "confirm_moves": "confirm-moves",
               "coach": "coach", "four_colour": "four-colour", "sound": "sound"}
MENU_LISTS = {"level": "level-select", "speed": "speed-select", "theme": "theme-select"}


def local_date():
    """Today on this device's clock, as ``"2026-12-05"`` (the player's own calendar day)."""
    now = window.Date.new()
    return f"{int(now.getFullYear()):04d}-{int(now.getMonth()) + 1:02d}-{int(now.getDate()):02d}"


class Dialogs:
    def __init__(self, link, renderer, texts, spawn, confirm, listeners, lessons):
        self.link, self.renderer = link, renderer
        #: The course (ui/dom/lessons.py).
        self.lessons = lessons
        #: ``texts()``: the translator in force.
        self.texts = texts
        #: ``spawn(coroutine)``: run it, errors logged.
        self.spawn = spawn
        self.confirm, self.listeners = confirm, listeners
        #: The hand review (ui/dom/review.py), made when first opened.
        self.review = None

    def open_menu(self):
        """Ask for the settings; the ``menu`` message opens the menu with them."""
        self.link.send("show", what="menu", today=local_date())

    def show_menu(self, settings):
        for name, id in MENU_CHECKS.items():
            by_id(id).checked = bool(settings[name])
        for name, id in MENU_LISTS.items():
            by_id(id).value = settings[name]
        by_id("menu-dialog").showModal()

    def open_last_trick(self):
        self.fill_last_trick()
        show_dialog("last-trick-dialog")

    def fill_last_trick(self):
        """The last trick as the table drawn last has it."""
        self.renderer.fill_last_trick(self.link.model)

    # The statistics' and the sheet's contents come from the model side, in
    # words (a ``show`` command; its ``stats``/``sheet`` message draws them).
    def open_stats(self):
        by_id("menu-dialog").close()
        self.fill_stats()

    def fill_stats(self):
        self.link.send("show", what="stats", today=local_date())

    def show_stats(self, stats):
        """The ``stats`` message: the statistics drawn, their dialog opened if it is not."""
        from ui.dom.stats import fill_stats  # imported when first drawn: the page's start runs Python cold

        fill_stats(by_id("stats-box"), stats)
        if not by_id("stats-dialog").open:
            show_dialog("stats-dialog")

    def ask_reset_stats(self):
        by_id("stats-dialog").close()
        self.confirm.ask("confirm.reset", self.reset_stats, "confirm.reset.title", "confirm.reset.yes",
                         "confirm.reset.no")

    def reset_stats(self, confirmed):
        """After the question: every level's counts gone (or kept); the statistics shown again."""
        if confirmed:
            self.link.send("reset_stats")
        self.open_stats()

    def open_sheet(self):
        """Ask for the score sheet (also to redraw it); its ``sheet`` message draws it."""
        self.link.send("show", what="sheet", today=local_date())

    def show_sheet(self, sheet):
        """The ``sheet`` message: the score sheet drawn, its dialog opened if it is not."""
        draw_sheet(by_id("sheet-box"), sheet)
        if not by_id("sheet-dialog").open:
            show_dialog("sheet-dialog")

    def on_sheet_click(self, event):
        """A row's review button (``data-review-hand``, 1-based) in either sheet."""
        button = event.target.closest("button[data-review-hand]")
        if button:
            if by_id("sheet-dialog").open:
                by_id("sheet-dialog").close()
            self.link.send("review", hand=int(str(button.dataset.reviewHand)) - 1, today=local_date())

    def open_review_of_table(self):
        """The review of the hand on the table (its end's "review" button)."""
        self.link.send("review", hand=None, today=local_date())

    def show_review(self, review, opening, keep_frame):
        """The ``review`` message: the review drawn (opened, on ``opening``)."""
        if self.review is None:
            from ui.dom.review import ReviewDialog

            self.review = ReviewDialog(self.link)
            self.review.bind(self.listeners)
        self.review.show(review, opening, keep_frame)

    def refresh(self):
        """Redraw the open dialogs (the language changed; the review comes anew by itself)."""
        if by_id("last-trick-dialog").open:
            self.fill_last_trick()
        if by_id("sheet-dialog").open:
            self.open_sheet()
        if by_id("stats-dialog").open:
            self.fill_stats()
        if by_id("lessons-dialog").open:
            self.link.send("lessons")

    # -- the deal of the day and the problems -------------------------------------
    def start_daily(self):
        """Today's deal (by this device's clock) on the table; the match waits aside."""
        if by_id("menu-dialog").open:
            by_id("menu-dialog").close()
        self.link.send("daily", day=local_date())

    def start_problem(self):
        """The next problem for this player on the table."""
        if by_id("menu-dialog").open:
            by_id("menu-dialog").close()
        self.link.send("problem")

    # -- share links ---------------------------------------------------------
    def open_share(self):
        self.link.send("show", what="share", today=local_date())

    def show_share(self, review, deal):
        """The ``share`` message: the table's hand as links on this page's address."""
        # The page's own address without its query: a link carries no ?seed= or test option.
        base = str(window.location.origin) + str(window.location.pathname)
        by_id("share-review").value = base + review
        by_id("share-deal").value = base + deal
        set_text(by_id("share-status"), "")
        can_send = bool(window.Reflect.has(window.navigator, "share"))  # the system's share sheet, where there is one
        for button in document.querySelectorAll("#share-dialog [data-send]"):
            button.hidden = not can_send
        show_dialog("share-dialog")

    def on_share_click(self, event):
        """A link's copy or send button (``data-copy``/``data-send`` name its field)."""
        copy, send = event.target.closest("[data-copy]"), event.target.closest("[data-send]")
        if copy:
            self.spawn(self.copy_link(by_id(str(copy.dataset.copy))))
        elif send:
            self.spawn(self.send_link(by_id(str(send.dataset.send))))

    async def copy_link(self, field):
        """The link to the clipboard; where the browser refuses, the link is
        selected for the player to copy. Either way the status line says which."""
        try:
            await window.navigator.clipboard.writeText(str(field.value))
            said = "share.copied"
        except Exception:  # no clipboard here (an insecure page, a refusal): select it instead
            field.focus()
            field.select()
            said = "share.selected"
        set_text(by_id("share-status"), self.texts().t(said))

    async def send_link(self, field):
        """The system's share sheet with the link (the player may cancel it)."""
        try:
            await window.navigator.share(to_js({"title": self.texts().t("share.title"), "url": str(field.value)}))
        except Exception as exc:  # cancelled (AbortError) or refused: the dialog stays as it was
            window.console.info(f"Sixty-Six: share sheet closed ({exc})")

    def take_link(self):
        """The address's link for the page to open (``""``: none), taken off the address."""
        text = str(window.location.hash or "")
        if not any(text.startswith(link) for link in LINKS):
            return ""
        window.history.replaceState(None, "", str(window.location.pathname) + str(window.location.search))
        return text

    def open_link(self):
        """A link followed while the page is open (``hashchange``)."""
        text = self.take_link()
        if text:
            self.link.send("open_link", hash=text, today=local_date())
