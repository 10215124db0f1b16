"""The page: PyScript's main-thread script for index.html (the DOM layer).

Thin on purpose: it reads the URL and localStorage, keeps the authoritative
match in a :class:`ui.table.Table`, renders what :func:`ui.present.build`
computes, forwards clicks and keys as notation strings, and asks the bot
worker (``ui/bot_worker.py``) for the computer's moves and for hints, so the
page never freezes while a bot thinks. No rule of the game is decided here.

Markers for tests on ``<html>``: class ``ready`` once the table is live;
``data-to-move`` (``you``/``computer``/``none``), ``data-hand``,
``data-score`` (``"2-1"``), ``data-stock``, ``data-stock-state``,
``data-result``, ``data-hint``, ``data-lang``, ``data-busy``, ``data-speed``,
``data-thinking`` (the bot is computing) after every render; ``data-gathered``
(``hurried``/``timed``: how the last finished trick left the table); ``data-confirm`` (``seed``/``new_match``) while the confirm dialog
asks before replacing a match in progress. ``ui/guard.js`` sets
``data-boot="stuck"`` and ``data-frame="blocked"``; ``sw-register.js`` sets
``data-sw`` and ``data-sw-update`` (``ready``/``outdated``).
Timings for benchmarks (``performance.getEntriesByName``):
``sixtysix:app-ready`` (our start-up once Python runs), ``sixtysix:worker-ready``,
``sixtysix:choose`` and ``sixtysix:hint`` (each bot call).
"""

import asyncio

from pyscript import create_named_worker, document, window
from pyscript.ffi import create_proxy

from ui import present, share
from ui.flow import Flow
from ui.replay import replay_table
from ui.render import Renderer, by_id, set_text
from ui.review_dialog import ReviewDialog
from ui.sheet_dialog import fill_sheet
from ui.stats_dialog import fill_stats
from ui.pace import SPEEDS, pace_for
from ui.motion import aim_gather
from ui.i18n import LANGUAGES, Translator, load_catalog, pick_language
from ui.state import PLAYER_LEVELS, UrlOptions
from ui.storage import EMBED_GAME_KEY, FAILED, GAME_KEY, STALE, STATS_KEY, SavedDataError, Store
from ui.table import Table

root = document.documentElement
window.performance.mark("sixtysix:app-start")  # Python is running: the rest is our own start-up


def log_error(where, exc):
    window.console.error(f"Sixty-Six: {where}: {type(exc).__name__}: {exc}")


class App:
    def __init__(self):
        self.url = UrlOptions.parse(str(window.location.search or ""))
        try:
            backend = window.localStorage
        except Exception:  # storage blocked: play without saving
            backend = None
        self.store = Store(backend, EMBED_GAME_KEY if self.url.embed else GAME_KEY)
        self.settings = self.store.load_settings()
        self.stats = self.store.load_stats()
        #: Notices said once per page: saving failed, the match moved on in another tab.
        self.told = set()
        #: What the confirm dialog is asking about: ("seed", n) or ("new", None).
        self.confirming = None
        self.outdated = False
        browser = [str(x) for x in (window.navigator.languages or [])]
        self.lang = pick_language(self.url.lang, self.settings.lang, browser)
        self.catalogs = {lang: load_catalog(lang) for lang in LANGUAGES}
        self.tr = Translator(self.lang, self.catalogs[self.lang])
        level = self.url.level or self.settings.level
        self.stats.level = level
        notices = ["notice.discarded"] if self.store.discarded else []
        self.update_waiting = False
        self.renderer = Renderer(self.lang, self.fill_sheet)
        self.worker = None
        table = self.load_table(notices)
        self.flow = Flow(table, self.settings, ask=self.worker_call, sleep=asyncio.sleep, clock=self.clock,
                         render=self.render, save=self.save, gather=self.gather_trick, log=log_error,
                         pace=pace_for(self.settings.speed, self.url.fast), level=level)
        self.flow.notices = notices
        self.proxies = []
        self.review = ReviewDialog(self)

    # The turn loop's state, read here (ui/flow.py owns it).
    table = property(lambda self: self.flow.table)
    match_table = property(lambda self: self.flow.match_table)
    busy = property(lambda self: self.flow.busy)
    notices = property(lambda self: self.flow.notices)
    level = property(lambda self: self.flow.level)

    @staticmethod
    def clock():
        return window.performance.now() / 1000

    async def gather_trick(self, winner):
        """The finished trick sweeps towards its winner's pile."""
        trick = by_id("trick")
        aim_gather(trick, by_id("my-pile" if winner == "you" else "opp-pile"))
        trick.classList.add(f"gather-{winner}")
        await asyncio.sleep(self.flow.pace["gather"])
        trick.classList.remove(f"gather-{winner}")

    # -- start -------------------------------------------------------------
    def load_table(self, notices):
        saved = None
        try:
            saved = self.store.load_game()
        except SavedDataError as e:  # the store has removed it
            window.console.warn(f"Sixty-Six: saved game discarded ({e})")
            notices.append("notice.corrupt")
        seed = self.url.seed
        table = Table(*saved, self.stats) if saved is not None else None
        if table is not None and seed is not None and table.match.seed != seed:
            if table.in_progress:
                self.confirming = ("seed", seed)  # asked once the table shows (start)
            else:
                table = None
        if table is not None:
            if not table.hand_over:
                table.say("msg.resumed")
        else:
            table = Table.new(seed, self.stats)
        self.save(table)
        return table

    def save(self, table):
        if table.replay_of is not None:
            return  # a replayed deal is never saved and never counted
        stats_saved = self.store.save_stats(self.stats)  # first: a tab adopting the match reads these
        status = self.store.save_game(table.match, table.counted_hands)
        if status == STALE:
            self.adopt_newer()
        elif status == FAILED or not stats_saved:
            self.tell_once("notice.save_failed")

    def tell_once(self, key, render=False):
        if key not in self.told:
            self.told.add(key)
            self.notices.append(key)
            if render:
                self.render()

    def adopt_newer(self):
        """Another tab moved this match on: show its position, never write over it."""
        try:
            saved = self.store.load_game()
        except SavedDataError:
            saved = None
        if saved is None:
            return
        self.stats = self.load_stats()
        self.flow.adopt(Table(*saved, self.stats))
        self.renderer.forget()
        self.tell_once("notice.other_tab")
        self.render()

    def load_stats(self):
        stats = self.store.load_stats()
        stats.level = self.level
        return stats

    def on_storage(self, event):
        """The storage event fires in every other tab of this origin on a write."""
        key = str(event.key or "")
        if key == STATS_KEY:
            self.stats = self.load_stats()
            for table in (self.table, self.match_table):
                if table is not None:
                    table.stats = self.stats
        elif key == self.store.game_key and not self.busy and self.store.newer_elsewhere():
            self.adopt_newer()  # while busy, the next save finds it STALE and adopts

    def listen(self, el, event, handler):
        proxy = create_proxy(handler)
        self.proxies.append(proxy)
        el.addEventListener(event, proxy)

    def bind(self):
        self.listen(by_id("hand"), "click", self.on_hand_click)
        self.listen(by_id("hand"), "keydown", self.on_hand_key)
        for name in ("exchange", "close", "declare"):
            self.listen(by_id(f"btn-{name}"), "click", lambda e, n=name: self.take_input([n]))
        self.listen(by_id("btn-hint"), "click", lambda e: self.spawn(self.ask_hint()))
        self.listen(by_id("btn-next-hand"), "click", lambda e: self.hold_and(self.next_hand()))
        self.listen(by_id("btn-new-match"), "click", lambda e: self.spawn(self.new_match(close_menu=True)))
        self.listen(by_id("btn-new-match-end"), "click", lambda e: self.hold_and(self.new_match()))
        self.listen(by_id("btn-rules"), "click", lambda e: self.show_dialog("rules-dialog"))
        self.listen(by_id("btn-menu"), "click", lambda e: self.open_menu())
        self.listen(by_id("btn-last-trick"), "click", lambda e: self.open_last_trick())
        self.listen(by_id("btn-sheet"), "click", lambda e: self.open_sheet())
        self.listen(by_id("btn-stats"), "click", lambda e: self.open_stats())
        self.listen(by_id("btn-stats-reset"), "click", lambda e: self.ask_reset_stats())
        self.listen(by_id("btn-review"), "click", lambda e: self.spawn(self.review.open(self.table.hand_record())))
        self.listen(by_id("btn-replay"), "click", lambda e: self.hold_and(self.replay(False)))
        self.listen(by_id("btn-replay-other"), "click", lambda e: self.hold_and(self.replay(True)))
        self.listen(by_id("btn-back"), "click", lambda e: self.hold_and(self.back_to_match()))
        self.listen(by_id("btn-share"), "click", lambda e: self.open_share())
        self.listen(window, "hashchange", lambda e: self.open_link())
        self.review.bind()
        self.listen(by_id("btn-notice-ok"), "click", lambda e: self.dismiss_notice())
        for button in document.querySelectorAll("button.lang"):
            self.listen(button, "click", lambda e: self.switch_language(str(e.currentTarget.dataset.lang)))
        self.listen(by_id("level-select"), "change", self.on_level)
        self.listen(by_id("count-myself"), "change", self.on_count_myself)
        self.listen(by_id("speed-select"), "change", self.on_speed)
        self.listen(by_id("trick"), "click", lambda e: self.hurry())
        self.listen(document, "keydown", self.on_page_key)
        self.listen(document, "sixtysix:update-ready", lambda e: self.on_update_ready())
        self.listen(document, "sixtysix:outdated", lambda e: self.on_outdated())
        self.listen(document, "sixtysix:offline-failed", lambda e: self.tell_once("notice.offline_not_ready", True))
        self.listen(window, "storage", self.on_storage)
        self.listen(by_id("confirm-dialog"), "close", lambda e: self.on_confirm_closed())
        self.listen(by_id("btn-confirm-keep"), "click", lambda e: by_id("confirm-dialog").close("keep"))
        self.listen(by_id("btn-confirm-replace"), "click", lambda e: by_id("confirm-dialog").close("replace"))
        if root.getAttribute("data-sw-update") == "ready":
            self.on_update_ready()
        if root.getAttribute("data-sw-update") == "outdated":
            self.on_outdated()
        if root.getAttribute("data-sw") == "failed":
            self.tell_once("notice.offline_not_ready")

    async def start(self):
        self.bind()
        self.renderer.apply_static_texts(self.tr)
        self.render()
        root.classList.remove("booting")
        root.classList.add("ready")
        window.performance.measure("sixtysix:app-ready", "sixtysix:app-start")
        if self.confirming:
            self.ask_confirm("confirm.seed")
        else:
            self.open_link()
        # The bot's own Pyodide boots only now: started with the page, it competed
        # with the page's interpreter for the two cores and delayed "ready" by
        # about 40% (docs/performance.md). ask_worker awaits it.
        self.worker_boot = asyncio.ensure_future(self.boot_worker())
        await self.computer_turns()

    async def boot_worker(self):
        """The bot worker, or ``None`` where it cannot start (its own boot needs
        IndexedDB, which a cross-site frame may refuse): then the computer
        thinks on this page, which pauses the page while it does."""
        try:
            return await create_named_worker(src="./ui/bot_worker.py", name="bot", config="./pyscript.toml")
        except Exception as exc:
            window.console.warn(f"Sixty-Six: the bot worker did not start ({type(exc).__name__}: {exc}); "
                                "the computer thinks on this page")
            return None

    def hold_and(self, coro):
        """Mark the table as busy right away, then run ``coro``."""
        self.renderer.hold()
        return self.spawn(coro)

    def spawn(self, coro):
        """Run an event's coroutine; errors are logged (and fail the e2e tests)."""
        async def guarded():
            try:
                await coro
            except Exception as exc:  # keep the page alive
                log_error("event", exc)
                self.flow.busy = False
            if not self.busy:
                self.render()  # whatever happened, the markers end up true
        return asyncio.ensure_future(guarded())

    # -- playing -----------------------------------------------------------
    def on_hand_click(self, event):
        button = event.target.closest("button.card")
        if not button:
            return
        code = str(button.dataset.code)
        if self.busy:
            return
        if str(button.getAttribute("aria-disabled")) == "true":
            if self.table.explain_refusal(code):  # a dimmed card: say why, in words
                self.render()
            return
        actions = self.table.actions_for_card(code)
        if not actions:
            return
        cards = [str(b.dataset.code) for b in by_id("hand").querySelectorAll("button.card")]
        self.renderer.refocus_hand = cards.index(code) if document.activeElement == button else None
        self.take_input(actions)

    def take_input(self, notations):
        """Accept the player's action at once: the markers say "wait" before
        this event returns, so nothing (a person or a test) acts twice."""
        if self.busy or not self.table.human_to_move():
            return
        self.renderer.hold()
        self.spawn(self.human(notations))

    def on_hand_key(self, event):
        key = str(event.key)
        moves = {"ArrowRight": 1, "ArrowDown": 1, "ArrowLeft": -1, "ArrowUp": -1}
        buttons = list(by_id("hand").querySelectorAll("button.card"))
        if not buttons or key not in (*moves, "Home", "End"):
            return
        current = next((i for i, b in enumerate(buttons) if b == document.activeElement), 0)
        if key == "Home":
            target = 0
        elif key == "End":
            target = len(buttons) - 1
        else:
            target = (current + moves[key]) % len(buttons)
        event.preventDefault()
        for i, b in enumerate(buttons):
            b.tabIndex = 0 if i == target else -1
        buttons[target].focus()

    def human(self, notations):
        return self.flow.human(notations)

    def computer_turns(self):
        return self.flow.computer_turns()

    def hurry(self):
        self.flow.hurry()

    def on_page_key(self, event):
        """Enter, Space or Escape while a finished trick is on show gathers it
        (no dialog is open then: the table is busy)."""
        if self.table.showing_trick is not None and str(event.key) in ("Enter", " ", "Escape"):
            event.preventDefault()
            self.hurry()

    async def worker_call(self, function, *args):
        """Call ``function`` of the bot worker with JSON-like ``args``; raises if it fails."""
        if self.worker is None:
            window.performance.mark("sixtysix:worker-wait")
            self.worker = await self.worker_boot
            if self.worker is None:  # the worker's module itself, on this page (imported only then)
                from ui import bot_worker
                self.worker = bot_worker
            window.performance.measure("sixtysix:worker-ready", "sixtysix:worker-wait")
        window.performance.mark("sixtysix:ask")
        result = getattr(self.worker, function)(*args)
        if not isinstance(result, str):  # a worker's answer is a promise
            result = await result
        # performance.getEntriesByName("sixtysix:choose" / "sixtysix:hint" / "sixtysix:review_step")
        window.performance.measure(f"sixtysix:{function}", "sixtysix:ask")
        return str(result)

    async def call_worker(self, function, *args):
        """:meth:`worker_call`, or ``None`` (logged) if it fails."""
        try:
            return await self.worker_call(function, *args)
        except Exception as exc:
            log_error(f"bot worker {function}", exc)
            return None

    def ask_hint(self):
        return self.flow.ask_hint()

    async def next_hand(self):
        if document.activeElement == by_id("btn-next-hand"):
            self.renderer.refocus_hand = 0  # a keyboard player lands on the new hand
        await self.flow.next_hand(takes_over=self.new_version_takes_over)

    def new_version_takes_over(self):
        """Between hands a new version takes over now (it reloads the page)."""
        return self.reload_if_outdated() or self.apply_update_now()

    async def new_match(self, close_menu=False, seed=None, confirmed=False):
        """A new match; over one in progress, only once the player confirms
        (the abandoned match counts as lost). Works while the computer thinks."""
        if close_menu:
            by_id("menu-dialog").close()
        if self.flow.match.in_progress and not confirmed:
            self.confirming = ("new", seed)
            self.ask_confirm("confirm.new_match")
            return
        self.renderer.forget()
        await self.flow.new_match(seed, takes_over=self.after_new_match, landing=self.land_focus)

    def after_new_match(self):
        self.drop_seed_from_url()
        return self.new_version_takes_over()

    def land_focus(self):
        """A new match: focus on the table's heading now and on the first card
        once the player may play, never on <body> (the button pressed may hide)."""
        self.renderer.refocus_hand = 0
        by_id("app-title").focus()

    def drop_seed_from_url(self):
        """A reload must resume the match on the table, not restart the link's seed."""
        if self.url.seed is None:
            return
        params = window.URLSearchParams.new(window.location.search)
        params.delete("seed")
        query = str(params.toString())
        window.history.replaceState(None, "", str(window.location.pathname) + (f"?{query}" if query else ""))
        self.url.seed = None

    def ask_confirm(self, text_key, title="confirm.title", yes="confirm.replace", no="confirm.keep"):
        set_text(by_id("confirm-title"), self.tr.t(title))
        set_text(by_id("btn-confirm-replace"), self.tr.t(yes))
        set_text(by_id("btn-confirm-keep"), self.tr.t(no))
        set_text(by_id("confirm-text"), self.tr.t(text_key))
        root.dataset.confirm = text_key.split(".", 1)[1]
        self.show_dialog("confirm-dialog")

    def on_confirm_closed(self):
        asking, self.confirming = self.confirming, None
        root.dataset.confirm = ""
        if asking is None:
            return
        kind, seed = asking
        if kind == "reset":
            self.reset_stats(str(by_id("confirm-dialog").returnValue) == "replace")
        elif str(by_id("confirm-dialog").returnValue) == "replace":
            self.hold_and(self.new_match(seed=seed, confirmed=True))
        elif kind == "seed":
            self.drop_seed_from_url()  # keep the match; the link is not asked again on reload
            self.open_link()

    # -- replays and share links ---------------------------------------------
    async def replay(self, other_seat):
        """Deal this hand again apart from the match (ui/replay.py); the match waits aside."""
        if self.busy:
            return
        self.start_replay(self.table.hand_record(), other_seat, self.table.result_facts())
        await self.computer_turns()

    def start_replay(self, hand, other_seat=False, original=None):
        self.renderer.forget()
        self.flow.start_replay(replay_table(hand, other_seat, original))

    async def back_to_match(self):
        self.renderer.forget()
        await self.flow.back_to_match()

    def open_share(self):
        hand = self.table.hand_record()
        # The page's own address without its query: a link carries no ?seed= or test option.
        base = str(window.location.origin) + str(window.location.pathname)
        by_id("share-review").value = base + share.PREFIX + share.encode(hand["deck"], hand["dealer"], hand["actions"])
        by_id("share-deal").value = base + share.PREFIX + share.encode(hand["deck"], hand["dealer"], [])
        self.show_dialog("share-dialog")

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
            self.notices.append("notice.bad_link")
            self.render()
            return
        hand = {"deck": deck, "dealer": dealer, "actions": actions}
        if actions:
            self.spawn(self.review.open(hand))
        else:
            self.start_replay(hand)
            self.spawn(self.flow.play_on_when_idle())

    # -- settings, dialogs, notices ------------------------------------------
    def switch_language(self, lang):
        if lang not in LANGUAGES:
            return
        self.lang = lang
        self.tr = Translator(lang, self.catalogs[lang])
        self.settings.lang = lang
        self.store.save_settings(self.settings)
        self.renderer.apply_static_texts(self.tr)
        self.renderer.clear_announcements()  # said already, and in the other language
        self.renderer.forget()
        self.render()
        if by_id("last-trick-dialog").open:
            self.fill_last_trick()
        if by_id("sheet-dialog").open:
            self.fill_sheet(by_id("sheet-box"))
        if by_id("stats-dialog").open:
            fill_stats(by_id("stats-box"), self.stats, self.tr)
        if by_id("review-dialog").open:
            self.review.render()

    def on_level(self, event):
        level = str(event.target.value)
        if level in PLAYER_LEVELS:
            self.flow.level = level
            self.settings.level = level
            self.stats.level = level  # the hands from now on count at this level
            self.store.save_settings(self.settings)

    def on_speed(self, event):
        """A new speed applies at once, even to a turn under way."""
        speed = str(event.target.value)
        if speed in SPEEDS:
            self.settings.speed = speed
            self.store.save_settings(self.settings)
            self.flow.pace = pace_for(speed, self.url.fast)
            root.dataset.speed = speed

    def on_count_myself(self, event):
        self.settings.count_myself = bool(event.target.checked)
        self.store.save_settings(self.settings)
        self.render()

    def open_menu(self):
        by_id("level-select").value = self.level if self.level in PLAYER_LEVELS else self.settings.level
        by_id("count-myself").checked = self.settings.count_myself
        by_id("speed-select").value = self.settings.speed
        by_id("menu-dialog").showModal()

    def open_last_trick(self):
        self.fill_last_trick()
        self.show_dialog("last-trick-dialog")

    def show_dialog(self, name):
        """showModal, then focus the element meant to be first. Not the autofocus
        attribute: a cross-origin frame blocks it with a console error."""
        dialog = by_id(name)
        dialog.returnValue = ""
        dialog.showModal()
        first = dialog.querySelector("[data-autofocus]")
        if first:
            first.focus()

    def fill_last_trick(self):
        self.renderer.fill_last_trick(self.model())

    def open_stats(self):
        by_id("menu-dialog").close()
        fill_stats(by_id("stats-box"), self.stats, self.tr)
        self.show_dialog("stats-dialog")

    def ask_reset_stats(self):
        by_id("stats-dialog").close()
        self.confirming = ("reset", None)
        self.ask_confirm("confirm.reset", "confirm.reset.title", "confirm.reset.yes", "confirm.reset.no")

    def reset_stats(self, confirmed):
        """After the question: every level's counts gone (or kept); the statistics shown again."""
        if confirmed:
            self.stats.reset()
            self.store.save_stats(self.stats)
            self.render()
        self.open_stats()

    def open_sheet(self):
        self.fill_sheet(by_id("sheet-box"))
        self.show_dialog("sheet-dialog")

    def fill_sheet(self, box):
        fill_sheet(box, (self.match_table or self.table).match, self.tr, self.review_hand)

    def review_hand(self, number):
        """Review hand ``number`` (0-based) of the match, from the score sheet."""
        if by_id("sheet-dialog").open:
            by_id("sheet-dialog").close()
        table = self.match_table or self.table
        self.spawn(self.review.open(table.hand_record(number)))

    def on_update_ready(self):
        if self.update_waiting:
            return
        self.update_waiting = True
        self.notices.append("notice.update")
        self.render()

    def on_outdated(self):
        """Another tab installed a new version: this tab's code is old. Say so, and
        reload at the next hand boundary."""
        if self.outdated:
            return
        self.outdated = True
        self.tell_once("notice.outdated")
        self.render()
        if self.match_table is None and (self.table.hand_over or not self.table.in_progress):
            self.reload_if_outdated()

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

    def dismiss_notice(self):
        self.notices.clear()
        self.render()

    # -- rendering -----------------------------------------------------------
    def model(self, events=()):
        f = self.flow
        return present.build(f.table, self.settings, self.tr, busy=f.busy, hint_pending=f.hint_pending,
                             thinking=f.thinking, notices=f.notices, gathered=f.gathered, events=events)

    def render(self):
        self.renderer.render(self.model(events=self.table.take_events()))

    def card_img(self, code, name):
        return self.renderer.card_img(code, name)


async def main():
    if root.classList.contains("frame-blocked"):
        return  # ui/guard.js refused the framing page: no playable table here
    try:
        app = App()
        await app.start()
    except Exception as exc:
        log_error("start", exc)
        lang = str(root.lang or "pt")
        catalog = load_catalog(lang if lang in LANGUAGES else "pt")
        set_text(by_id("boot-text"), catalog["boot.failed"])


asyncio.ensure_future(main())
