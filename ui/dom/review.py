"""The hand review dialog (the DOM layer of ui/model/review.py).

The model side (ui/model/core_dialogs.py) opens a finished hand's review and
values the player's decisions one bot call at a time, posting the review in
words after each (``review`` messages). This dialog draws it: the hand trick
by trick (buttons, the chart's bars and the arrow keys), with both hands, the
stock in order and the trump card, so the page stays responsive and the
progress shows. Its top (status, the chart of what
each trick's decisions cost, the steps) keeps its place while the values
arrive; only the body under it scrolls. Markers for tests on the dialog:
``data-frame`` (1-based), ``data-frames``, ``data-progress`` (``"2/9"``,
then ``done``); on each bar ``data-costly`` and ``data-current``.
"""

from ui.dom.elements import by_id, card_img, set_text, show_dialog
from ui.dom.web import document

#: The list of costly decisions before anything is drawn in it.
UNDRAWN = object()


class ReviewDialog:
    """Draws the model side's review (``review`` messages, in words) and steps
    through its tricks itself: the trick shown is the only state kept here."""

    def __init__(self, link):
        self.link = link
        #: The last review received (ui.model.review.HandReview.view).
        self.view = None
        self.at = 0
        self.costly_shown = UNDRAWN  # what the list of costly decisions shows now

    def bind(self, listeners):
        listeners.listen(by_id("btn-review-prev"), "click", lambda e: self.step(-1))
        listeners.listen(by_id("btn-review-next"), "click", lambda e: self.step(1))
        listeners.listen(by_id("review-dialog"), "keydown", self.on_key)
        listeners.listen(by_id("review-dialog"), "close", lambda e: self.link.send("review_closed"))
        listeners.listen(by_id("review-computer"), "change", self.on_show_computer)
        listeners.listen(by_id("review-costly"), "click", self.on_frame_click)
        listeners.listen(by_id("review-chart"), "click", self.on_frame_click)

    @property
    def frames(self):
        return self.view.frames if self.view is not None else []

    def show(self, view, opening, keep_frame):
        """A ``review`` message: drawn if the dialog is open or opens now (a late
        one after closing is dropped: the model side stops with the close)."""
        dialog = by_id("review-dialog")
        if not opening and not dialog.open:
            return
        self.view = view
        if opening and not keep_frame:
            self.at = 0
        self.at = max(0, min(self.at, len(self.frames) - 1))
        self.render()
        if opening and not dialog.open:
            show_dialog("review-dialog")

    def on_show_computer(self, event):
        self.link.send("review_computer", show=bool(event.target.checked))

    # -- moving --------------------------------------------------------------
    def step(self, delta):
        if self.frames:
            self.go(max(0, min(len(self.frames) - 1, self.at + delta)))

    def go(self, index):
        """Show frame ``index`` from its top (a costly line at the bottom may have asked for it)."""
        self.at = index
        self.render()
        by_id("review-frame").parentElement.scrollTop = 0

    def on_key(self, event):
        """The arrow keys, Home and End step through the hand whatever has the
        focus inside the dialog, except a control that uses them itself."""
        key = str(event.key)
        moves = {"ArrowLeft": -1, "ArrowRight": 1, "Home": -len(self.frames), "End": len(self.frames)}
        target = event.target
        tag = str(target.tagName).lower()
        own_keys = tag in ("select", "textarea") or (tag == "input" and str(target.type) not in ("checkbox", "radio"))
        if key in moves and not own_keys:
            event.preventDefault()
            self.step(moves[key])

    def on_frame_click(self, event):
        """A costly decision's button or a chart's bar (one listener each for them all): its trick."""
        button = event.target.closest("button[data-frame]")
        if button:
            self.go(int(str(button.dataset.frame)))

    # -- drawing -------------------------------------------------------------
    def render(self):
        view = self.view
        dialog = by_id("review-dialog")
        dialog.dataset.frame = str(self.at + 1)
        dialog.dataset.frames = str(len(self.frames))
        dialog.dataset.progress = view.progress
        by_id("review-computer").checked = view.show_computer
        set_text(by_id("review-progress"), view.status)
        set_text(by_id("review-about"), view.about)
        self.render_chart()
        self.render_costly()
        self.render_frame()

    def render_chart(self):
        """One bar per trick, as tall as what the decisions in it cost (a full
        bar: 3 game points, a whole hand's worth); the costly ones marked, the
        one shown ringed. Drawn afresh each time: one listener serves them all."""
        box = by_id("review-chart")
        box.replaceChildren()
        for bar in self.view.bars:
            button = document.createElement("button")
            button.type = "button"
            button.className = "bar"
            button.dataset.frame = str(bar.frame)
            button.dataset.costly = "1" if bar.costly else "0"
            button.dataset.current = "1" if bar.frame == self.at else "0"
            if bar.pending:
                button.dataset.pending = "1"
            button.setAttribute("aria-label", bar.label)
            if bar.frame == self.at:
                button.setAttribute("aria-current", "step")
            for side in ("you", "computer"):
                cost = bar[side]
                if cost is not None:
                    fill = document.createElement("span")
                    fill.className = f"fill {side}"
                    fill.style.height = f"{min(cost, 3.0) / 3.0 * 100:.0f}%"
                    button.appendChild(fill)
            box.appendChild(button)

    def render_costly(self):
        costly = self.view.costly
        if self.costly_shown is not UNDRAWN and costly == self.costly_shown:
            return  # redrawn only when it changes
        self.costly_shown = costly
        box = by_id("review-costly")
        box.replaceChildren()
        if costly is None:
            return
        if not costly.decisions:
            box.appendChild(line(costly.empty, None))
            return
        title = document.createElement("h3")
        set_text(title, costly.title)
        box.appendChild(title)
        for item in costly.decisions:
            button = document.createElement("button")
            button.type = "button"
            button.className = "costly"
            button.dataset.index = str(item.index)
            set_text(button, item.text)
            button.dataset.frame = str(item.frame)
            box.appendChild(button)

    def render_frame(self):
        box = by_id("review-frame")
        box.replaceChildren()
        by_id("btn-review-prev").disabled = self.at <= 0
        by_id("btn-review-next").disabled = self.at >= len(self.frames) - 1
        if not self.frames:
            return
        frame = self.frames[self.at]
        set_text(by_id("review-at"), frame.at)
        for item in frame.parts:
            box.appendChild(self.item(item))

    def item(self, item):
        if "row" in item:
            return self.cards_row(item)
        if "line" in item:
            return line(item.line, item.cls)
        box = document.createElement("div")
        box.className = "review-decision"
        box.dataset.index = str(item.decision)
        box.dataset.costly = "1" if item.costly else "0"
        for part in item.lines:
            box.appendChild(line(part.line, part.cls))
        return box

    def cards_row(self, item):
        row = document.createElement("div")
        row.className = "review-row"
        row.appendChild(line(item.row, "review-label"))
        cards = document.createElement("div")
        cards.className = "review-cards"
        for card in item.cards:
            img = card_img(self.view.lang, card.code, card.name)
            img.classList.add("mini")
            if card.trump:
                img.classList.add("trump")
            if card.mark:
                img.dataset.mark = card.mark
            cards.appendChild(img)
        row.appendChild(cards)
        if item.legend:
            # What the outlines mean, for the eye (each marked card's name already says it)
            legend = document.createElement("p")
            legend.className = "review-marks-key"
            legend.setAttribute("aria-hidden", "true")
            for entry in item.legend:
                key = document.createElement("span")
                swatch = document.createElement("span")
                swatch.className = "review-swatch"
                swatch.dataset.mark = entry.mark
                words = document.createElement("span")
                set_text(words, entry.words)
                key.appendChild(swatch)
                key.appendChild(words)
                legend.appendChild(key)
            row.appendChild(legend)
        return row


def line(text, cls):
    p = document.createElement("p")
    if cls:
        p.className = cls
    set_text(p, text)
    return p
