"""The DOM events bound to the page's actions: each handler only translates an
event (a click, a key, a storage or service-worker event) into a command to
the model side (:class:`ui.dom.link.CoreLink`, which decides what it does)
or a call on :class:`ui.dom.options.Options`, :class:`ui.dom.sync.Sync`,
:class:`ui.dom.dialogs.Dialogs` or :class:`ui.dom.confirm.Confirm`. Every
listener goes through one :class:`ui.dom.elements.Listeners`, so
:meth:`Events.unbind` removes them all."""

from ui.dom.elements import by_id, root, show_dialog, window_target
from ui.dom.web import document

#: Arrow keys move the focus along the hand.
HAND_MOVES = {"ArrowRight": 1, "ArrowDown": 1, "ArrowLeft": -1, "ArrowUp": -1}


class Events:
    def __init__(self, link, options, sync, dialogs, confirm, listeners, hold):
        self.link, self.options, self.sync = link, options, sync
        #: ``hold()``: the table says "wait" (ui/dom/render.py's Renderer.hold).
        self.hold = hold
        self.dialogs, self.confirm, self.listeners = dialogs, confirm, listeners

    def unbind(self):
        self.listeners.unbind_all()

    def bind(self):
        o, s, d = self.options, self.sync, self.dialogs
        send = self.link.send
        listen = self.listeners.listen
        listen(by_id("hand"), "click", self.on_hand_click)
        listen(by_id("hand"), "keydown", self.on_hand_key)
        for name in ("exchange", "close", "declare"):
            listen(by_id(f"btn-{name}"), "click", lambda e, n=name: self.press(n))
        listen(document, "pointerdown", self.on_pointer_down)
        listen(by_id("btn-hint"), "click", lambda e: send("hint"))
        listen(by_id("btn-next-hand"), "click", self.on_next_hand)
        listen(by_id("btn-new-match"), "click", self.on_new_match_in_menu)
        listen(by_id("btn-new-match-end"), "click", lambda e: self.new_match())
        listen(by_id("btn-rules"), "click", lambda e: show_dialog("rules-dialog"))
        listen(by_id("btn-menu"), "click", lambda e: d.open_menu())
        listen(by_id("btn-last-trick"), "click", lambda e: d.open_last_trick())
        listen(by_id("btn-sheet"), "click", lambda e: d.open_sheet())
        listen(by_id("sheet-box"), "click", d.on_sheet_click)
        listen(by_id("story-sheet"), "click", d.on_sheet_click)
        listen(by_id("btn-stats"), "click", lambda e: d.open_stats())
        listen(by_id("btn-daily"), "click", lambda e: d.start_daily())
        listen(by_id("btn-problems"), "click", lambda e: d.start_problem())
        listen(by_id("btn-next-problem"), "click", lambda e: d.start_problem())
        listen(by_id("btn-lessons"), "click", lambda e: d.lessons.open_list())
        listen(by_id("btn-rules-lessons"), "click", lambda e: d.lessons.from_rules())
        listen(by_id("lessons-list"), "click", d.lessons.on_list_click)
        listen(by_id("btn-next-lesson"), "click", lambda e: d.lessons.next())
        listen(by_id("btn-leave-lesson"), "click", lambda e: send("back_to_match"))
        listen(by_id("btn-first-match"), "click", lambda e: d.lessons.first_match())
        listen(by_id("btn-stats-reset"), "click", lambda e: d.ask_reset_stats())
        listen(by_id("btn-review"), "click", lambda e: d.open_review_of_table())
        listen(by_id("btn-replay"), "click", lambda e: send("replay", other_seat=False))
        listen(by_id("btn-replay-other"), "click", lambda e: send("replay", other_seat=True))
        listen(by_id("btn-back"), "click", lambda e: send("back_to_match"))
        listen(by_id("btn-share"), "click", lambda e: d.open_share())
        listen(by_id("share-dialog"), "click", d.on_share_click)
        listen(window_target, "hashchange", lambda e: d.open_link())
        listen(by_id("btn-notice-ok"), "click", lambda e: send("dismiss_notices"))
        for button in document.querySelectorAll("button.lang"):
            listen(button, "click", lambda e: o.switch_language(str(e.currentTarget.dataset.lang)))
        listen(by_id("level-select"), "change", o.on_level)
        listen(by_id("count-myself"), "change", o.on_count_myself)
        listen(by_id("practice"), "change", o.on_practice)
        listen(by_id("confirm-moves"), "change", o.on_confirm_moves)
        listen(by_id("coach"), "change", o.on_coach)
        listen(by_id("btn-take-back"), "click", lambda e: send("take_back"))
        listen(by_id("speed-select"), "change", o.on_speed)
        listen(by_id("theme-select"), "change", o.on_theme)
        listen(by_id("four-colour"), "change", o.on_four_colour)
        listen(by_id("sound"), "change", o.on_sound)
        listen(by_id("trick"), "click", lambda e: send("hurry"))
        listen(document, "keydown", self.on_page_key)
        listen(document, "sixtysix:update-ready", lambda e: s.on_update_ready())
        listen(document, "sixtysix:outdated", lambda e: s.on_outdated())
        listen(document, "sixtysix:update-stalled", lambda e: s.on_update_stalled())
        listen(document, "sixtysix:offline-failed", lambda e: send("tell_once", key="notice.offline_not_ready"))
        listen(window_target, "storage", s.on_storage)
        listen(by_id("confirm-dialog"), "close", lambda e: self.confirm.on_closed())
        listen(by_id("btn-confirm-keep"), "click", lambda e: by_id("confirm-dialog").close("keep"))
        listen(by_id("btn-confirm-replace"), "click", lambda e: by_id("confirm-dialog").close("replace"))
        # What the service worker said before Python ran (js/sw-register.js).
        if root.getAttribute("data-sw-update") == "ready":
            s.on_update_ready()
        if root.getAttribute("data-sw-update") == "outdated":
            s.on_outdated()
        if root.getAttribute("data-sw") == "failed":
            send("tell_once", key="notice.offline_not_ready")

    def new_match(self):
        """A new match (over one in progress the model side asks first)."""
        self.link.send("new_match", seed=None, confirmed=False)

    def on_new_match_in_menu(self, event):
        by_id("menu-dialog").close()
        self.new_match()

    def on_next_hand(self, event):
        """The next hand; a keyboard player lands on its first card. "Wait" at
        once: the model side always deals it (and says so a round trip later)."""
        self.link.send("next_hand", focus=document.activeElement == by_id("btn-next-hand"))
        self.hold()

    def on_hand_click(self, event):
        button = event.target.closest("button.card")
        if button:
            self.tap_card(str(button.dataset.code))

    def tap_card(self, code):
        """A tap on the card ``code`` of the hand (also one held from before the
        page was up, js/last-table.js): the model side plays it, or says in
        words why a dimmed card may not be played. A card with the keyboard
        focus keeps its place in the hand for the focus after the move."""
        if self.link.model is None:
            return  # no table from the model side yet: js/last-table.js holds the tap (ui/dom/page.py plays it)
        buttons = list(by_id("hand").querySelectorAll("button.card"))
        cards = [str(b.dataset.code) for b in buttons]
        if code not in cards:
            return
        at = cards.index(code)
        self.link.send("tap_card", code=code, focus_at=at if document.activeElement == buttons[at] else None)
        if self.playable(code):
            self.hold()  # "wait" at once, not when the model side's answer comes (from the worker)

    def press(self, name):
        """A tap on a move's button: the model side makes the move, or first asks
        about a costly one; "wait" at once when the last table says it acts."""
        if by_id(f"btn-{name}").getAttribute("aria-disabled") == "true":
            return  # the second half of the double tap that asked the question
        acts = self.players_turn() and name in self.link.model.acts_at_once
        self.link.send("press", name=name, focus=document.activeElement == by_id(f"btn-{name}"))
        if acts:
            self.hold()

    def players_turn(self):
        """The last table drawn waits for the player's move."""
        model = self.link.model
        return model is not None and model.to_move == "you" and not model.busy

    def playable(self, code):
        """The last table drawn lets the player play ``code`` now."""
        return self.players_turn() and any(card.code == code and card.playable for card in self.link.model.my_cards)

    def on_hand_key(self, event):
        key = str(event.key)
        buttons = list(by_id("hand").querySelectorAll("button.card"))
        if not buttons or (key not in HAND_MOVES and key not in ("Home", "End")):
            return
        current = next((i for i, b in enumerate(buttons) if b == document.activeElement), 0)
        if key == "Home":
            target = 0
        elif key == "End":
            target = len(buttons) - 1
        else:
            target = (current + HAND_MOVES[key]) % len(buttons)
        event.preventDefault()
        for i, b in enumerate(buttons):
            b.tabIndex = 0 if i == target else -1
        buttons[target].focus()

    def on_pointer_down(self, event):
        """A costly move asked about: a press anywhere but its button withdraws
        the question (before that press's own click acts)."""
        armed = self.link.armed()
        if armed and not event.target.closest(f"#btn-{armed}"):
            self.link.send("withdraw")

    def on_page_key(self, event):
        """Enter, Space or Escape while a finished trick is on show gathers it
        (no dialog is open then: the table is busy); Escape withdraws a costly
        move's question."""
        if self.link.armed() and str(event.key) == "Escape":
            self.link.send("withdraw")
            return
        if self.link.trick_on_show() and str(event.key) in ("Enter", " ", "Escape"):
            event.preventDefault()
            self.link.send("hurry")
