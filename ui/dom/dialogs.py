"""The page's dialogs: the menu, the last trick, the score sheet, the statistics,
the hand review, sharing and ``#hand=`` links (the DOM side; the moves they
lead to are commands to the model side, :class:`ui.dom.link.CoreLink`).
"""

from pyscript import document, window
from pyscript.ffi import to_js

from ui.dom.elements import by_id, set_text, show_dialog
from ui.dom.sheet import draw_sheet
from ui.model import share
from ui.model.settings import PLAYER_LEVELS


def local_date():
    """Today on this device's clock, as ``"2026-12-05"`` (the player's own calendar day)."""
    now = window.Date.new()
    return f"{int(now.getFullYear()):04d}-{int(now.getMonth()) + 1:02d}-{int(now.getDate()):02d}"


class Dialogs:
    def __init__(self, flow, keeper, link, renderer, texts, spawn, confirm, worker, listeners, lessons):
        self.flow, self.keeper, self.link, self.renderer = flow, keeper, link, renderer
        #: The course (ui/dom/lessons.py): ``#lesson`` links open it.
        self.lessons = lessons
        #: ``texts()``: the translator in force.
        self.texts = texts
        #: ``spawn(coroutine)``: run it, errors logged.
        self.spawn = spawn
        self.confirm, self.worker, self.listeners = confirm, worker, listeners
        #: The hand review (ui/dom/review.py), made when first opened.
        self.review = None
        #: The shipped problems (sixtysix.problems), fetched when first asked for.
        self.problems = None

    def open_menu(self):
        flow = self.flow
        settings = flow.settings
        by_id("level-select").value = flow.level if flow.level in PLAYER_LEVELS else settings.level
        by_id("count-myself").checked = settings.count_myself
        by_id("practice").checked = settings.practice
        by_id("confirm-moves").checked = settings.confirm_moves
        by_id("coach").checked = settings.coach
        by_id("speed-select").value = settings.speed
        by_id("theme-select").value = settings.theme
        by_id("four-colour").checked = settings.four_colour
        by_id("sound").checked = settings.sound
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
            self.review_hand(int(str(button.dataset.reviewHand)) - 1)

    def review_hand(self, number):
        """Review hand ``number`` (0-based) of the match, from the score sheet."""
        if by_id("sheet-dialog").open:
            by_id("sheet-dialog").close()
        self.open_review(self.flow.match.hand_record(number))

    def open_review(self, hand):
        if self.review is None:
            from ui.dom.review import ReviewDialog

            self.review = ReviewDialog(self.texts, self.worker.call_or_none, self.spawn, self.note_review)
            self.review.bind(self.listeners)
        self.spawn(self.review.open(hand))

    def open_review_of_table(self):
        """The review of the hand on the table (its end's "review" button)."""
        self.open_review(self.flow.table.hand_record())

    def note_review(self, hand, decisions):
        """A review done, of a hand of the match's own: what the player's decisions
        cost, kept for the statistics; the costly ones the solver decides exactly
        kept as the player's own problems."""
        from ui.model.problem_play import personal_problems
        from ui.model.review import hand_cost

        stats = self.flow.note_review(hand, hand_cost(decisions))
        if stats is None:
            return
        self.keeper.save_stats(stats)
        found = personal_problems(hand, decisions)
        if found:
            book = self.keeper.load_problems()
            if book.add_personal(found, local_date()):
                self.keeper.save_problems(book)

    def stop(self):
        """The review's analysis stops (the page is built afresh)."""
        if self.review is not None:
            self.review.stop()

    def refresh(self):
        """Redraw the open dialogs (the language changed)."""
        if by_id("last-trick-dialog").open:
            self.fill_last_trick()
        if by_id("sheet-dialog").open:
            self.open_sheet()
        if by_id("stats-dialog").open:
            self.fill_stats()
        if by_id("lessons-dialog").open:
            self.lessons.fill_list()
        if by_id("review-dialog").open and self.review is not None:
            self.review.render()

    # -- the deal of the day ---------------------------------------------------
    def start_daily(self, day=None):
        """``day``'s deal (today's, by this device's clock, by default) on the table; the match waits aside."""
        if by_id("menu-dialog").open:
            by_id("menu-dialog").close()
        self.flow.start_daily(day or local_date(), self.keeper.load_daily())
        self.spawn(self.flow.play_on_when_idle())

    # -- problems ---------------------------------------------------------------
    def start_problem(self):
        """The next problem for this player on the table (the shipped set fetched once)."""
        if by_id("menu-dialog").open:
            by_id("menu-dialog").close()
        self.spawn(self._start_problem())

    async def _start_problem(self):
        from sixtysix import problems

        if self.problems is None:
            try:
                response = await window.fetch("assets/problems.json")
                if not response.ok:
                    raise problems.ProblemError(f"HTTP {response.status}")
                self.problems = problems.load(str(await response.text()))
            except Exception as e:  # offline before a first load, or a damaged or tampered file
                window.console.warn(f"Sixty-Six: problems not loaded ({e})")
                self.flow.tell("notice.problems_failed")
                self.flow.render()
                return
        book = self.keeper.load_problems()
        problem, day = book.offer(self.problems)
        if problem is None:
            self.flow.tell("notice.problems_done")
            self.flow.render()
            return
        self.flow.start_problem(problem, book, day)
        await self.flow.play_on_when_idle()

    # -- share links ---------------------------------------------------------
    def open_share(self):
        table = self.flow.table
        hand = table.hand_record()
        # The page's own address without its query: a link carries no ?seed= or test option.
        base = str(window.location.origin) + str(window.location.pathname)
        by_id("share-review").value = base + share.PREFIX + share.encode(hand["deck"], hand["dealer"], hand["actions"])
        daily = table.replay_of.daily if table.replay_of is not None else ""
        # a day's deal is shared as the day: a friend plays it from the same seat, against the same computer
        by_id("share-deal").value = base + (f"#daily={daily}" if daily else
                                            share.PREFIX + share.encode(hand["deck"], hand["dealer"], []))
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

    def open_link(self):
        """A ``#hand=`` link: a finished hand opens its review, a bare deal is
        replayed; a ``#daily=2026-12-05`` link deals that day's deal, a
        ``#lesson=marriage`` link opens that lesson (ui/dom/lessons.py). A broken
        link gets a notice; the saved match is never touched either way."""
        text = str(window.location.hash or "")
        if text.startswith("#daily="):
            self.open_daily_link(text)
            return
        if text == "#lesson" or text.startswith("#lesson="):
            self.lessons.open_link(text)
            return
        if not text.startswith(share.PREFIX):
            return
        window.history.replaceState(None, "", str(window.location.pathname) + str(window.location.search))
        try:
            deck, dealer, actions = share.parse(text)
        except share.LinkError as e:
            window.console.warn(f"Sixty-Six: share link refused ({e})")
            self.flow.tell("notice.bad_link")
            self.flow.render()
            return
        hand = {"deck": deck, "dealer": dealer, "actions": actions}
        if actions:
            self.open_review(hand)
        else:
            self.flow.replay_hand(hand)
            self.spawn(self.flow.play_on_when_idle())

    def open_daily_link(self, text):
        window.history.replaceState(None, "", str(window.location.pathname) + str(window.location.search))
        from ui.model.daily import parse_date

        try:
            day = parse_date(text[len("#daily="):])
        except ValueError as e:
            window.console.warn(f"Sixty-Six: daily link refused ({e})")
            self.flow.tell("notice.bad_link")
            self.flow.render()
            return
        self.start_daily(day)
