"""What the page's controls do: the player's moves handed to the turn loop
(:mod:`ui.model.flow`), the settings, the notices, saving and the other tabs.

:class:`Controls` holds the page's pieces (store, settings, statistics,
translator, flow, renderer, bot worker, dialogs) once ``ui/dom/app.py`` has built
them; :mod:`ui.dom.events` calls it. No rule of the game is decided here.
"""

import asyncio

from pyscript import document, window

from ui.model import present
from ui.model.i18n import LANGUAGES, Translator
from ui.model.pace import SPEEDS, pace_for
from ui.dom.render import by_id, root
from ui.model.replay import replay_table
from ui.model.settings import PLAYER_LEVELS
from ui.model.storage import FAILED, STALE, STATS_KEY, SavedDataError
from ui.model.table import Table
from ui.dom.worker_link import log_error


class Controls:
    def __init__(self, url, store, settings, stats, tr, catalogs, renderer, worker):
        self.url, self.store, self.settings, self.stats = url, store, settings, stats
        self.tr, self.catalogs = tr, catalogs
        self.renderer, self.worker = renderer, worker
        self.flow = self.dialogs = self.events = None  # set by ui/dom/app.py
        self.review = None  # the review dialog, made when first opened (review_dialog())
        #: Notices said once per page: saving failed, the match moved on in another tab.
        self.told = set()
        self.outdated = False
        self.update_waiting = False

    # The turn loop's state (ui/model/flow.py owns it).
    table = property(lambda self: self.flow.table)
    match_table = property(lambda self: self.flow.match_table)
    busy = property(lambda self: self.flow.busy)
    notices = property(lambda self: self.flow.notices)
    level = property(lambda self: self.flow.level)

    def review_dialog(self):
        """The hand review (ui/dom/review.py), imported and bound when first
        asked for: the page's start runs Python cold, and most visits never
        open it (docs/performance.md)."""
        if self.review is None:
            from ui.dom.review import ReviewDialog

            self.review = ReviewDialog(self)
            self.review.bind()
        return self.review

    # What ui/dom/review.py uses.
    def listen(self, el, event, handler):
        self.events.listen(el, event, handler)

    def show_dialog(self, name):
        self.dialogs.show_dialog(name)

    def call_worker(self, function, *args):
        return self.worker.call_or_none(function, *args)

    def card_img(self, code, name):
        return self.renderer.card_img(code, name)

    # -- drawing ---------------------------------------------------------------
    def model(self, events=()):
        f = self.flow
        return present.build(f.table, self.settings, self.tr, busy=f.busy, hint_pending=f.hint_pending,
                             thinking=f.thinking, notices=f.notices, gathered=f.gathered, events=events)

    def render(self):
        self.renderer.render(self.model(events=self.table.take_events()))

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

    def hold_and(self, coro):
        """Mark the table as busy right away, then run ``coro``."""
        self.renderer.hold()
        return self.spawn(coro)

    # -- playing ---------------------------------------------------------------
    def refuse(self, code):
        if self.table.explain_refusal(code):  # a dimmed card: say why, in words
            self.render()

    def play_card(self, code, focus_at=None):
        """A tap on a card: its action(s), the focus back at ``focus_at`` in the hand after."""
        actions = self.table.actions_for_card(code)
        if not actions:
            return
        self.renderer.refocus_hand = focus_at
        self.take_input(actions)

    def take_input(self, notations):
        """Accept the player's action at once: the markers say "wait" before
        this event returns, so nothing (a person or a test) acts twice."""
        if self.busy or not self.table.human_to_move():
            return
        self.renderer.hold()
        self.spawn(self.human(notations))

    def human(self, notations):
        return self.flow.human(notations)

    def computer_turns(self):
        return self.flow.computer_turns()

    def hurry(self):
        self.flow.hurry()

    def ask_hint(self):
        return self.flow.ask_hint()

    async def next_hand(self):
        if document.activeElement == by_id("btn-next-hand"):
            self.renderer.refocus_hand = 0  # a keyboard player lands on the new hand
        await self.flow.next_hand(takes_over=self.new_version_takes_over)

    async def new_match(self, close_menu=False, seed=None, confirmed=False):
        """A new match; over one in progress, only once the player confirms
        (the abandoned match counts as lost). Works while the computer thinks."""
        if close_menu:
            by_id("menu-dialog").close()
        if self.flow.match.in_progress and not confirmed:
            self.dialogs.ask_new_match(seed)
            return
        self.renderer.forget()
        await self.flow.new_match(seed, takes_over=self.after_new_match, landing=self.land_focus,
                                  practice=self.practising())

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

    async def replay(self, other_seat):
        """Deal this hand again apart from the match (ui/model/replay.py); the match waits aside."""
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

    # -- settings --------------------------------------------------------------
    def switch_language(self, lang):
        if lang not in LANGUAGES:
            return
        self.tr = Translator(lang, self.catalogs[lang])
        self.settings.lang = lang
        self.store.save_settings(self.settings)
        self.renderer.apply_static_texts(self.tr)
        self.renderer.clear_announcements()  # said already, and in the other language
        self.renderer.forget()
        self.render()
        self.dialogs.refresh()

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

    # -- practice --------------------------------------------------------------
    def practising(self):
        """Practice is the player's setting; the embedded game never practises."""
        return self.settings.practice and not self.url.embed

    def on_practice(self, event):
        """Practice on: this match becomes a practice match (never counted) and
        the computer's cards show; off: they hide, the match stays practice."""
        self.settings.practice = bool(event.target.checked)
        self.store.save_settings(self.settings)
        if self.practising():
            self.flow.match.start_practice()
            self.save(self.flow.match)
        self.render()

    def take_back(self):
        """Practice: undo the player's last move (and the computer's answers)."""
        self.renderer.refocus_hand = 0
        if not self.flow.take_back():
            self.renderer.refocus_hand = None

    def reset_stats(self):
        self.stats.reset()
        self.store.save_stats(self.stats)
        self.render()

    # -- saving and the other tabs ---------------------------------------------
    def save(self, table):
        if table.replay_of is not None:
            return  # a replayed deal is never saved and never counted
        stats_saved = self.store.save_stats(self.stats)  # first: a tab adopting the match reads these
        status = self.store.save_game(table.match, table.counted_hands, table.practice)
        if status == STALE:
            self.adopt_newer()
        elif status == FAILED or not stats_saved:
            self.tell_once("notice.save_failed")

    def adopt_newer(self):
        """Another tab moved this match on: show its position, never write over it."""
        try:
            saved = self.store.load_game()
        except SavedDataError:
            saved = None
        if saved is None:
            return
        self.stats = self.load_stats()
        self.flow.adopt(Table.from_saved(saved, self.stats))
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

    # -- notices and new versions ----------------------------------------------
    def tell_once(self, key, render=False):
        if key not in self.told:
            self.told.add(key)
            self.notices.append(key)
            if render:
                self.render()

    def dismiss_notice(self):
        self.notices.clear()
        self.render()

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
