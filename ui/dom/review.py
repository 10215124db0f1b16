"""The hand review dialog (the DOM layer of ui/model/review.py).

Opened with a finished hand's record (``{"deck", "dealer", "actions"}``): it
shows the hand trick by trick (buttons, the chart's bars and the arrow keys),
with both hands, the stock in order and the trump card, and asks the bot
worker for the value of the player's decisions one at a time, so the page
stays responsive and the progress shows. Its top (status, the chart of what
each trick's decisions cost, the steps) keeps its place while the values
arrive; only the body under it scrolls. Markers for tests on the dialog:
``data-frame`` (1-based), ``data-frames``, ``data-progress`` (``"2/9"``,
then ``done``); on each bar ``data-costly`` and ``data-current``.
"""

import json

from pyscript import document

from sixtysix.review import Decision, costliest, decision_points, replay

from ui.dom.elements import by_id, card_img, set_text, show_dialog
from ui.model.review import (MARK_WORDS, WHO, action_words, card_marks, chart, costly_text, decision_text, frames,
                             hand_cost, is_costly, number)

HUMAN, COMPUTER = 0, 1


class ReviewDialog:
    def __init__(self, texts, ask, spawn, reviewed):
        #: ``texts()``: the translator in force.
        self.texts = texts
        #: ``await ask("review_step", hand_json, index)``: the worker's answer, or ``None``.
        self.ask = ask
        #: ``spawn(coroutine)``: run it, errors logged.
        self.spawn = spawn
        #: ``reviewed(hand, decisions)``: every decision of the player valued (index -> Decision).
        self.reviewed = reviewed
        self.hand = None
        self.frames = []
        self.at = 0
        self.decisions: dict[int, Decision] = {}
        self.pending: list[int] = []
        self.cache: dict[str, dict] = {}  # hand key -> decisions, for a second opening
        self.failed = False
        self.run_id = 0
        self.costly_shown = None  # what the list of costly decisions shows now
        self.show_computer = False  # the computer's decisions valued and shown too

    def bind(self, listeners):
        listeners.listen(by_id("btn-review-prev"), "click", lambda e: self.step(-1))
        listeners.listen(by_id("btn-review-next"), "click", lambda e: self.step(1))
        listeners.listen(by_id("review-dialog"), "keydown", self.on_key)
        listeners.listen(by_id("review-computer"), "change", self.on_show_computer)
        listeners.listen(by_id("review-costly"), "click", self.on_frame_click)
        listeners.listen(by_id("review-chart"), "click", self.on_frame_click)

    @property
    def tr(self):
        return self.texts()

    # -- opening and analysing ---------------------------------------------
    async def open(self, hand: dict, keep_frame: bool = False):
        """Show ``hand`` and value its decisions (from the cache if done before)."""
        self.hand = {"deck": list(hand["deck"]), "dealer": hand["dealer"], "actions": list(hand["actions"])}
        self.frames = frames(self.hand["deck"], self.hand["dealer"], self.hand["actions"])
        self.at = min(self.at, len(self.frames) - 1) if keep_frame else 0
        key = json.dumps(self.hand)
        self.decisions = self.cache.setdefault(key, {})
        game = replay(self.hand["deck"], self.hand["dealer"], self.hand["actions"])
        players = (HUMAN, COMPUTER) if self.show_computer else (HUMAN,)
        wanted = sorted(i for p in players for i in decision_points(game, p))
        self.shown = set(wanted)
        self.pending = [i for i in wanted if i not in self.decisions]
        self.total = len(wanted)
        self.failed = False
        self.run_id += 1
        dialog = by_id("review-dialog")
        self.render()
        if not dialog.open:
            show_dialog("review-dialog")
        await self.analyse(self.run_id, key)

    async def analyse(self, run_id, key):
        text = json.dumps(self.hand)
        # Closing the dialog stops the analysis (the bot worker is free for play);
        # opening it again goes on from the cache.
        while self.pending and run_id == self.run_id and by_id("review-dialog").open:
            index = self.pending[0]
            answer = await self.ask("review_step", text, index)
            if run_id != self.run_id:
                return  # another hand was opened meanwhile
            if answer is None:
                self.failed = True
                break
            self.pending.pop(0)
            self.cache[key][index] = Decision.from_dict(json.loads(answer))
            self.render()
        if run_id == self.run_id and not self.pending and not self.failed and self.total:
            self.reviewed(self.hand, self.decisions)
        self.render()

    def stop(self):
        """An analysis under way stops at its next step (the page is built afresh)."""
        self.run_id += 1
        self.pending = []

    def on_show_computer(self, event):
        self.show_computer = bool(event.target.checked)
        if self.hand is not None:
            self.spawn(self.open(self.hand, keep_frame=True))

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

    # -- drawing -------------------------------------------------------------
    def render(self):
        dialog = by_id("review-dialog")
        t = self.tr.t
        done = not self.pending
        dialog.dataset.frame = str(self.at + 1)
        dialog.dataset.frames = str(len(self.frames))
        dialog.dataset.progress = "done" if done else f"{self.total - len(self.pending)}/{self.total}"
        by_id("review-computer").checked = self.show_computer
        if self.failed:
            status = t("review.failed")
        elif not self.total:
            status = t("review.none")
        elif done:
            status = t("review.total", value=number(hand_cost(self.decisions), self.tr.lang).lstrip("+"))
        else:
            status = t("review.progress", done=self.total - len(self.pending), total=self.total)
        set_text(by_id("review-progress"), status)
        set_text(by_id("review-about"), t("review.done", total=self.total) if done and self.total else "")
        self.render_chart()
        self.render_costly(done)
        self.render_frame()

    def render_chart(self):
        """One bar per trick, as tall as what the decisions in it cost (a full
        bar: 3 game points, a whole hand's worth); the costly ones marked, the
        one shown ringed. Drawn afresh each time: one listener serves them all."""
        box = by_id("review-chart")
        box.replaceChildren()
        for bar in chart(self.frames, self.decisions, self.shown, self.tr):
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
            for side, cost in (("you", bar.you), ("computer", bar.computer)):
                if cost is not None:
                    fill = document.createElement("span")
                    fill.className = f"fill {side}"
                    fill.style.height = f"{min(cost, 3.0) / 3.0 * 100:.0f}%"
                    button.appendChild(fill)
            box.appendChild(button)

    def render_costly(self, done):
        mine = [self.decisions[i] for i in sorted(self.decisions) if self.decisions[i].player == HUMAN]
        worst = costliest(mine) if done and self.total else None
        shown = (self.tr.lang, id(self.decisions), None if worst is None else [d.index for d in worst])
        if shown == self.costly_shown:
            return  # redrawn only when it changes (each button holds a handler)
        self.costly_shown = shown
        box = by_id("review-costly")
        box.replaceChildren()
        if worst is None:
            return
        if not worst:
            p = document.createElement("p")
            set_text(p, self.tr.t("review.no_costly"))
            box.appendChild(p)
            return
        title = document.createElement("h3")
        set_text(title, self.tr.t("review.costly.title"))
        box.appendChild(title)
        for d in worst:
            button = document.createElement("button")
            button.type = "button"
            button.className = "costly"
            button.dataset.index = str(d.index)
            set_text(button, costly_text(d, self.tr))
            frame = next(k for k, f in enumerate(self.frames) if any(i == d.index for i, _, _ in f.actions))
            button.dataset.frame = str(frame)
            box.appendChild(button)

    def on_frame_click(self, event):
        """A costly decision's button or a chart's bar (one listener each for them all): its trick."""
        button = event.target.closest("button[data-frame]")
        if button:
            self.go(int(str(button.dataset.frame)))

    def cards_row(self, codes, label_key, params=None, mark_last=False, marks=None):
        row = document.createElement("div")
        row.className = "review-row"
        label = document.createElement("p")
        label.className = "review-label"
        set_text(label, self.tr.t(label_key, **(params or {})))
        row.appendChild(label)
        cards = document.createElement("div")
        cards.className = "review-cards"
        for i, code in enumerate(codes):
            mark = (marks or {}).get(code)
            name = self.tr.card(code)
            if mark:  # the card played and the best one, said as well as shown
                name = f"{name} ({self.tr.t(MARK_WORDS[mark])})"
            img = card_img(self.tr.lang, code, name)
            img.classList.add("mini")
            if mark_last and i == len(codes) - 1:
                img.classList.add("trump")
            if mark:
                img.dataset.mark = mark
            cards.appendChild(img)
        row.appendChild(cards)
        return row

    def render_frame(self):
        box = by_id("review-frame")
        box.replaceChildren()
        by_id("btn-review-prev").disabled = self.at <= 0
        by_id("btn-review-next").disabled = self.at >= len(self.frames) - 1
        if not self.frames:
            return
        f = self.frames[self.at]
        t = self.tr.t
        has_trick = bool(f.trick) and f.winner is not None
        n_tricks = sum(1 for x in self.frames if x.winner is not None)
        set_text(by_id("review-at"), t("review.trick", n=f.number, total=n_tricks) if has_trick else t("review.after"))
        box.appendChild(self.cards_row(f.hands[1], "review.hand.computer"))
        if f.trick:
            box.appendChild(self.cards_row([c for _, c in f.trick], f"review.played.{WHO[f.trick[0][0]]}"))
        box.appendChild(self.cards_row(f.hands[0], "review.hand.you", marks=card_marks(f, self.decisions)))
        if f.closed:
            box.appendChild(self.line(t("review.stock.closed")))
        elif f.stock:
            box.appendChild(self.cards_row(f.stock, "review.stock", mark_last=True))
        else:
            box.appendChild(self.line(t("review.stock.empty")))
        for index, player, action in f.actions:
            if not action.startswith("play:"):
                box.appendChild(self.line(t(f"review.event.{WHO[player]}",
                                            action=self.words(action))))
            if index in self.shown and index in self.decisions:
                box.appendChild(self.decision(self.decisions[index]))
        if f.winner is not None:
            box.appendChild(self.line(t(f"review.won.{WHO[f.winner]}")))

    def words(self, action):
        return action_words(action, self.tr, False)

    def line(self, text, cls="review-line"):
        p = document.createElement("p")
        p.className = cls
        set_text(p, text)
        return p

    def decision(self, d: Decision):
        box = document.createElement("div")
        box.className = "review-decision"
        box.dataset.index = str(d.index)
        box.dataset.costly = "1" if is_costly(d) else "0"
        if is_costly(d):
            box.appendChild(self.line(costly_text(d, self.tr), "review-costly-line"))
        for text in decision_text(d, self.tr):
            box.appendChild(self.line(text, "review-alt"))
        if d.exact:
            box.appendChild(self.line(self.tr.t("review.exact"), "review-note"))
        return box
