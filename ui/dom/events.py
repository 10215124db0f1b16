"""The DOM events bound to the page's actions: each handler only translates an
event (a click, a key, a storage or service-worker event) into a call on
:class:`ui.dom.controls.Controls` or :class:`ui.dom.dialogs.Dialogs`."""

from pyscript import document, window
from pyscript.ffi import create_proxy

from ui.dom.render import by_id, root

#: Arrow keys move the focus along the hand.
HAND_MOVES = {"ArrowRight": 1, "ArrowDown": 1, "ArrowLeft": -1, "ArrowUp": -1}


class Events:
    def __init__(self, controls, dialogs):
        self.c = controls
        self.d = dialogs
        #: (target, event, proxy) of every listener bound, for :meth:`unbind`.
        self.proxies = []

    def listen(self, el, event, handler):
        proxy = create_proxy(handler)
        self.proxies.append((el, event, proxy))
        el.addEventListener(event, proxy)

    def unbind(self):
        """Remove every listener :meth:`listen` bound (the tests' page reset, ui/dom/app.py)."""
        for el, event, proxy in self.proxies:
            el.removeEventListener(event, proxy)
            proxy.destroy()
        self.proxies = []

    def bind(self):
        c, d, listen = self.c, self.d, self.listen
        listen(by_id("hand"), "click", self.on_hand_click)
        listen(by_id("hand"), "keydown", self.on_hand_key)
        for name in ("exchange", "close", "declare"):
            listen(by_id(f"btn-{name}"), "click", lambda e, n=name: c.take_input([n]))
        listen(by_id("btn-hint"), "click", lambda e: c.spawn(c.ask_hint()))
        listen(by_id("btn-next-hand"), "click", lambda e: c.hold_and(c.next_hand()))
        listen(by_id("btn-new-match"), "click", lambda e: c.spawn(c.new_match(close_menu=True)))
        listen(by_id("btn-new-match-end"), "click", lambda e: c.hold_and(c.new_match()))
        listen(by_id("btn-rules"), "click", lambda e: d.show_dialog("rules-dialog"))
        listen(by_id("btn-menu"), "click", lambda e: d.open_menu())
        listen(by_id("btn-last-trick"), "click", lambda e: d.open_last_trick())
        listen(by_id("btn-sheet"), "click", lambda e: d.open_sheet())
        listen(by_id("btn-stats"), "click", lambda e: d.open_stats())
        listen(by_id("btn-stats-reset"), "click", lambda e: d.ask_reset_stats())
        listen(by_id("btn-review"), "click", lambda e: c.spawn(c.review_dialog().open(c.table.hand_record())))
        listen(by_id("btn-replay"), "click", lambda e: c.hold_and(c.replay(False)))
        listen(by_id("btn-replay-other"), "click", lambda e: c.hold_and(c.replay(True)))
        listen(by_id("btn-back"), "click", lambda e: c.hold_and(c.back_to_match()))
        listen(by_id("btn-share"), "click", lambda e: d.open_share())
        listen(window, "hashchange", lambda e: d.open_link())
        listen(by_id("btn-notice-ok"), "click", lambda e: c.dismiss_notice())
        for button in document.querySelectorAll("button.lang"):
            listen(button, "click", lambda e: c.switch_language(str(e.currentTarget.dataset.lang)))
        listen(by_id("level-select"), "change", c.on_level)
        listen(by_id("count-myself"), "change", c.on_count_myself)
        listen(by_id("practice"), "change", c.on_practice)
        listen(by_id("btn-take-back"), "click", lambda e: c.take_back())
        listen(by_id("speed-select"), "change", c.on_speed)
        listen(by_id("trick"), "click", lambda e: c.hurry())
        listen(document, "keydown", self.on_page_key)
        listen(document, "sixtysix:update-ready", lambda e: c.on_update_ready())
        listen(document, "sixtysix:outdated", lambda e: c.on_outdated())
        listen(document, "sixtysix:offline-failed", lambda e: c.tell_once("notice.offline_not_ready", True))
        listen(window, "storage", c.on_storage)
        listen(by_id("confirm-dialog"), "close", lambda e: d.on_confirm_closed())
        listen(by_id("btn-confirm-keep"), "click", lambda e: by_id("confirm-dialog").close("keep"))
        listen(by_id("btn-confirm-replace"), "click", lambda e: by_id("confirm-dialog").close("replace"))
        # What the service worker said before Python ran (js/sw-register.js).
        if root.getAttribute("data-sw-update") == "ready":
            c.on_update_ready()
        if root.getAttribute("data-sw-update") == "outdated":
            c.on_outdated()
        if root.getAttribute("data-sw") == "failed":
            c.tell_once("notice.offline_not_ready")

    def on_hand_click(self, event):
        button = event.target.closest("button.card")
        if not button or self.c.busy:
            return
        code = str(button.dataset.code)
        if str(button.getAttribute("aria-disabled")) == "true":
            self.c.refuse(code)  # a dimmed card: say why, in words
            return
        cards = [str(b.dataset.code) for b in by_id("hand").querySelectorAll("button.card")]
        self.c.play_card(code, cards.index(code) if document.activeElement == button else None)

    def on_hand_key(self, event):
        key = str(event.key)
        buttons = list(by_id("hand").querySelectorAll("button.card"))
        if not buttons or key not in (*HAND_MOVES, "Home", "End"):
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

    def on_page_key(self, event):
        """Enter, Space or Escape while a finished trick is on show gathers it
        (no dialog is open then: the table is busy)."""
        if self.c.table.showing_trick is not None and str(event.key) in ("Enter", " ", "Escape"):
            event.preventDefault()
            self.c.hurry()
