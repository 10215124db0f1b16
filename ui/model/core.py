"""The model side of the page in one object: commands in, messages out, as JSON text.

Issue 33 moves the table, the turn loop and the bot into one worker and
leaves the main thread a thin DOM layer. This is that line, drawn already
inside one runtime: the DOM layer (``ui/dom/link.py``) hands :class:`Core`
commands as JSON text (``{"do": "tap_card", "code": "QH", "focus_at": 2}``,
:data:`COMMANDS`), and the core answers only through ``post(text)``, with
messages as JSON text (``{"kind": "render", "model": ...}``, :data:`MESSAGES`).
Nothing here touches the browser: storage, the bot, the clock and the
sleeps are injected, so CPython tests drive it as the page does.

The core makes every decision a tap used to make on the DOM side: whether a
tap plays, is refused in words or waits; whether a new match must be asked
about first; whether a new version takes over between hands; which settings
are valid. A command it cannot take (unknown, malformed, or arguments of the
wrong kind) is logged and changes nothing.
"""

from __future__ import annotations

import asyncio
import json

import re

from ui.model import present
from ui.model.core_dialogs import DialogCommands
from ui.model.flow import Flow
from ui.model.i18n import Translator, pick_language
from ui.model.keeper import Keeper
from ui.model.pace import pace_for
from ui.model.record import plain
from ui.model.sheet import model as sheet_model
from ui.model.settings import Settings
from ui.model.storage import EMBED_GAME_KEY, GAME_KEY, STATS_KEY, SavedDataError, Store
from ui.model.table import HUMAN, Table

#: Each command's arguments and their kinds (``int | None`` where ``None`` is allowed).
COMMANDS = {
    "tap_card": {"code": str, "focus_at": (int, type(None))},
    "press": {"name": str, "focus": bool},
    "withdraw": {},
    "hurry": {},
    "hint": {},
    "take_back": {},
    "next_hand": {"focus": bool},
    "new_match": {"seed": (int, type(None)), "confirmed": bool},
    "first_match": {"confirmed": bool},
    "replay": {"other_seat": bool},
    "back_to_match": {},
    "dismiss_notices": {},
    "tell_once": {"key": str},
    "choose": {"name": str, "value": (str, bool)},
    "storage": {"key": str},
    "update_ready": {},
    "outdated": {},
    "play_on": {},
    "drop_seed": {},
    "show": {"what": str, "today": str},
    "reset_stats": {},
    # what opens beside the match (ui/model/core_dialogs.py)
    "begin": {"hash": str, "today": str},
    "open_link": {"hash": str, "today": str},
    "review": {"hand": (int, type(None)), "today": str},
    "review_computer": {"show": bool},
    "review_closed": {},
    "daily": {"day": str},
    "problem": {},
    "lessons": {},
    "lesson": {"id": (str, type(None))},
    "next_lesson": {},
}

#: The moves after which the player still leads: their buttons go, the hand stays.
KEEP_THE_LEAD = ("exchange", "close")

#: What ``show`` may draw: its message carries the dialog's contents in words.
SHOWN = ("sheet", "stats", "menu", "share")

#: What the core tells the DOM layer: each message's ``kind`` (its other members):
MESSAGES = (
    "render",  # (model) the table's model (ui.model.present.model_json) to draw
    "hold",  # a move was taken: the table says "wait" at once
    "sweep",  # (winner, seconds) the finished trick sweeps towards a pile
    "ask",  # (key, then, otherwise) ask the player first; then send the command ``then`` or ``otherwise`` (if any)
    "focus",  # (id) the keyboard focus to that element
    "language",  # (lang) the page's fixed texts in that language
    "address",  # (changes) the query's parameters to set (null: removed), in place
    "reload",  # load the page again (another tab installed a new version)
    "apply_update",  # hand the page to the new version waiting (js/sw-register.js)
    "sheet",  # (sheet) the match's score sheet (ui.model.sheet.SheetModel, plain)
    "stats",  # (stats) the statistics' table, trend and lines in words (stats_fields)
    "menu",  # (settings) the menu's controls as they stand
    "share",  # (review, deal) the table's hand as links, the part after the page's address
    "review",  # (review, opening, keep_frame) the review dialog in words (ui.model.review.HandReview.view)
    "lessons",  # (lessons) the course's list in words
)

#: The settings the table does not show until the next render (the level
#: counts from the next hand; the sound cue and the coach come with the next move).
UNDRAWN = ("level", "sound", "coach")

#: The settings a menu may change (``coached`` is the coach's own).
CHOSEN = ("lang", "level", "speed", "count_myself", "practice", "confirm_moves", "theme", "four_colour",
          "sound", "coach")


class CommandError(ValueError):
    """A command the core cannot take: unknown, or its arguments are wrong."""


def parse_command(text: str) -> tuple[str, dict]:
    """``(name, arguments)`` of a command's JSON text; :class:`CommandError` if it is not one."""
    try:
        data = json.loads(text)
    except ValueError as e:
        raise CommandError(f"not JSON: {e}") from None
    if not isinstance(data, dict) or data.get("do") not in COMMANDS:
        raise CommandError(f"unknown command {data.get('do') if isinstance(data, dict) else data!r}")
    name = data.pop("do")
    wanted = COMMANDS[name]
    if set(data) != set(wanted):
        raise CommandError(f"{name}: arguments {sorted(data)}, expected {sorted(wanted)}")
    for arg, kinds in wanted.items():
        value = data[arg]
        # bool is an int in Python: a flag is never a number, nor a number a flag
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in _as_tuple(kinds)):
            raise CommandError(f"{name}: {arg}={value!r} is not {kinds}")
    return name, data


def _as_tuple(kinds) -> tuple:
    return kinds if isinstance(kinds, tuple) else (kinds,)


def valid_setting(name: str, value) -> bool:
    """Whether the menu may set ``name`` to ``value`` (the saved settings' own checks)."""
    return name in CHOSEN and Settings.from_dict({name: value}).as_dict()[name] == value


def open_table(store: Store, stats, seed, warn, notices: list, practice: bool = False):
    """The saved match (resumed), or a new one; and the ``?seed=`` to ask about
    when the link's match would replace a match in progress."""
    saved = None
    try:
        saved = store.load_game()
    except SavedDataError as e:  # the store has removed it
        warn(f"Sixty-Six: saved game discarded ({e})")
        notices.append("notice.corrupt")
    ask_seed = None
    table = Table.from_saved(saved, stats) if saved is not None else None
    if table is not None and seed is not None and table.match.seed != seed:
        if table.in_progress:
            ask_seed = seed  # asked once the table shows
        else:
            table = None
    if table is not None:
        if not table.hand_over:
            table.say("msg.resumed")
    else:
        table = Table.new(seed, stats, practice=practice)
    return table, ask_seed


def stats_fields(stats, lines: list, tr: Translator) -> dict:
    """The statistics dialog in words: a column per level (``header`` and
    ``rows``; only the heading column when nothing is counted yet, then
    ``none`` says so), the reviews' ``trend`` and the day's deals', problems'
    and course's ``lines`` above."""
    from ui.model import stats_table  # on demand (ui/on_demand.py), as the dialog is

    header, rows = stats_table.table(stats, tr)
    return {"header": list(header), "rows": [list(r) for r in rows], "none": tr.t("stats.none"),
            "trend": stats_table.trend_line(stats, tr) or "", "lines": list(lines)}


class Core(DialogCommands):
    """The page's model side: the store, the table, the turn loop, and the
    decisions behind every command (see the module's docstring)."""

    def __init__(self, url, translators: dict[str, Translator], *, backend, browser_langs=(), post,
                 ask, sleep, clock, log, warn=print, fetch_text=None):
        #: The page's query (``?seed=`` is dropped once its match is dealt).
        self.url = url
        self.translators = translators
        #: ``post(text)``: a message to the DOM layer (:data:`MESSAGES`), as JSON text.
        self.post_text = post
        self.log, self.warn = log, warn
        self.sleep = sleep
        #: ``await ask(function, *args)``: the bot's answer (:data:`ui.model.botcall.ANSWERS`).
        self.ask = ask
        #: ``await fetch_text(path)``: a file of the site as text (raises if it cannot).
        self.fetch_text = fetch_text
        store = Store(backend, EMBED_GAME_KEY if url.embed else GAME_KEY)
        self.keeper = keeper = Keeper(store)
        settings = store.load_settings()
        lang = pick_language(url.lang, settings.lang, browser_langs)
        stats = store.load_stats()
        notices = ["notice.discarded"] if store.discarded else []  # settings or statistics unreadable
        table, self.ask_seed = open_table(store, stats, url.seed, warn, notices,
                                          settings.practice and not url.embed)
        self.flow = Flow(table, settings, ask=ask, sleep=sleep, clock=clock, draw=self.draw, save=keeper.save,
                         load_newer=keeper.load_newer, gather=self.gather, log=log,
                         pace=pace_for(settings.speed, url.fast), level=url.level or settings.level,
                         lang=lang, capped=url.timecap, test_fast=url.fast, save_daily=keeper.save_daily,
                         save_problems=keeper.save_problems, save_lessons=keeper.save_lessons,
                         save_settings=keeper.save_settings)
        for key in notices:
            self.flow.tell(key)
        #: Another tab installed a new version: this tab's code is old.
        self.outdated = False
        #: A new version is installed and waits for this page.
        self.update_waiting = False
        self.flow.save()

    # -- the line to the DOM layer --------------------------------------------------
    def post(self, kind: str, **fields) -> None:
        self.post_text(json.dumps({"kind": kind, **fields}, separators=(",", ":")))

    def handle(self, text: str) -> None:
        """One command from the DOM layer (JSON text); one that cannot be taken is logged."""
        try:
            name, args = parse_command(text)
        except CommandError as exc:
            self.log("command", exc)
            return
        getattr(self, f"on_{name}")(**args)

    def draw(self, table, state, events) -> bool:
        """The flow's ``draw``: the model to the DOM layer. ``True`` when the focus
        it asks for will be placed (the renderer places it on a card of the hand)."""
        model = present.build(table, state, self.translators[state.lang], events)
        # the model's JSON as it is, inside the message (not a string in a string)
        self.post_text('{"kind":"render","model":' + present.model_json(model) + "}")
        return model.focus is not None and bool(model.my_cards)

    async def gather(self, winner: str) -> None:
        """The finished trick's sweep, drawn by the DOM layer while the flow waits it out."""
        seconds = self.flow.pace["gather"]
        self.post("sweep", winner=winner, seconds=seconds)
        await self.sleep(seconds)

    def spawn(self, coro):
        """Run a command's coroutine; its errors are logged by the flow."""
        return asyncio.ensure_future(self.flow.guarded(coro))

    def hold_and(self, coro):
        """The table says "wait" at once, then ``coro`` runs."""
        self.post("hold")
        return self.spawn(coro)

    @property
    def practising(self) -> bool:
        """Practice is the player's setting; the embedded game never practises."""
        return self.flow.settings.practice and not self.url.embed

    def texts(self) -> Translator:
        return self.translators[self.flow.state.lang]

    # -- the page's start and end ----------------------------------------------------
    def render(self) -> None:
        self.flow.render()

    async def run(self) -> None:
        """The computer's turns from the table as it stands (the page's start)."""
        await self.flow.guarded(self.flow.computer_turns())

    def stop(self) -> None:
        """Done (the page builds itself afresh): a turn under way stops, nothing more is drawn or saved."""
        self.flow.stop()
        self.on_review_closed()

    # -- the hand -------------------------------------------------------------------------
    def on_tap_card(self, code: str, focus_at: int | None) -> None:
        """A tap on a card of the hand: played (with its marriage), or, for a card
        that may not be played now, the engine's reason in words."""
        flow = self.flow
        if code not in flow.table.game.hand(HUMAN):
            self.log("command", CommandError(f"tap_card: {code!r} is not in the player's hand"))
            return
        if flow.busy:
            return
        actions = flow.table.actions_for_card(code)
        if not actions:
            if flow.table.explain_refusal(code):
                flow.render()
            return
        flow.focus_hand(focus_at)
        self.take_input(actions)

    def on_press(self, name: str, focus: bool) -> None:
        """A move's button. A costly one (closing, declaring) may only ask the
        first time (:meth:`ui.model.flow.Flow.tap`): the question lapses by itself.
        ``focus``: the button had the keyboard focus; a move after which the
        player still leads (exchanging, closing) hides its button, so that
        focus lands on the hand's first card, never on <body>."""
        flow = self.flow
        if flow.busy or not flow.table.human_to_move():
            return
        if flow.echoes_the_ask(name):
            flow.render()  # the page said "wait" at the tap (ui/dom/events.py): still asking
            return
        arming = flow.tap(name)
        if arming is None:
            if focus and name in KEEP_THE_LEAD:
                flow.focus_hand(0)
            self.take_input([name])
        else:
            self.spawn(flow.lapse(arming))

    def take_input(self, notations: list[str]) -> None:
        if self.flow.busy or not self.flow.table.human_to_move():
            return
        self.hold_and(self.flow.human(notations))

    def on_withdraw(self) -> None:
        """Escape, or a tap anywhere but the button that asks: nothing is played."""
        self.flow.disarm()

    def on_hurry(self) -> None:
        self.flow.hurry()

    def on_hint(self) -> None:
        self.spawn(self.flow.ask_hint())

    def on_take_back(self) -> None:
        """Practice: undo the player's last move (and the computer's answers)."""
        self.flow.focus_hand(0)
        if not self.flow.take_back():
            self.flow.focus_hand(None)

    def on_dismiss_notices(self) -> None:
        self.flow.dismiss_notices()
        self.flow.render()

    def on_tell_once(self, key: str) -> None:
        """A notice from the page's surroundings (the offline copy not ready...)."""
        if not key.startswith("notice."):
            self.log("command", CommandError(f"tell_once: {key!r} is not a notice"))
            return
        if self.flow.tell_once(key):
            self.flow.render()

    # -- hands and matches ------------------------------------------------------------
    def on_next_hand(self, focus: bool) -> None:
        """The next hand; ``focus``: the button had the keyboard focus, which lands on the new hand."""
        if focus:
            self.flow.focus_hand(0)
        self.hold_and(self.flow.next_hand(takes_over=self.new_version_takes_over))

    def on_new_match(self, seed: int | None, confirmed: bool) -> None:
        """A new match; over one in progress, only once the player confirms (the
        abandoned match counts as lost). Works while the computer thinks."""
        self.deal_new_match(confirmed, {"do": "new_match", "seed": seed}, seed=seed)

    def on_first_match(self, confirmed: bool) -> None:
        """The course is done: a first real match, against the easy computer. The
        abandoned match counts as lost at its own level, and a "keep it" leaves
        the level as it was."""
        self.deal_new_match(confirmed, {"do": "first_match"}, level="easy")

    def deal_new_match(self, confirmed: bool, command: dict, seed: int | None = None, level: str | None = None) -> None:
        """Over a match in progress, ask first (``command``, confirmed, is the yes);
        then deal (at ``level``, when given)."""
        if self.flow.match.in_progress and not confirmed:
            self.post("ask", key="confirm.new_match", then={**command, "confirmed": True})
            return
        self.hold_and(self.flow.new_match(seed, takes_over=self.after_new_match, landing=self.land_focus,
                                          practice=self.practising, level=level))

    def land_focus(self) -> None:
        """A new match (or the match back): focus on the table's heading now and on
        the first card once the player may play, never on <body> (the button pressed may hide)."""
        self.flow.focus_hand(0)
        self.post("focus", id="app-title")

    def on_replay(self, other_seat: bool) -> None:
        """Deal this hand again apart from the match (ui/model/replay.py); the match waits aside."""
        if self.flow.busy:
            return
        self.flow.replay_this_hand(other_seat)
        self.hold_and(self.flow.computer_turns())

    def on_back_to_match(self) -> None:
        """The match again, where it was left; the button pressed goes with the
        replay, so the focus lands as after a new match, never on <body>."""
        self.land_focus()
        self.hold_and(self.flow.back_to_match())

    def on_play_on(self) -> None:
        """A new version could not take over after all: the table plays on."""
        self.flow.render()
        self.spawn(self.flow.play_on_when_idle())

    # -- settings ---------------------------------------------------------------------
    def on_choose(self, name: str, value) -> None:
        """A setting changed in the menu: in force at once (a turn under way
        included), saved, and drawn."""
        if not valid_setting(name, value):
            self.log("command", CommandError(f"choose: {name}={value!r} is not a setting"))
            return
        self.keeper.save_settings(self.flow.choose(**{name: value}))
        if name == "lang":
            self.url = self.url.replace(lang=value)
            self.post("address", changes={"lang": value})  # a reload keeps it
            self.post("language", lang=value)
            if self.review is not None and self.review.open:
                self.post_review()
        if name == "practice" and self.practising:
            self.flow.start_practice()  # this match becomes a practice match, never counted
        if name not in UNDRAWN:
            self.flow.render()

    # -- the dialogs' contents ------------------------------------------------------------
    def on_show(self, what: str, today: str) -> None:
        """The score sheet, the statistics, the menu's settings or the share links, in words; ``today``: the device's
        date (``2026-12-05``), for the days' deals played."""
        if what not in SHOWN or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", today):
            self.log("command", CommandError(f"show: {what!r} on {today!r}"))
            return
        tr, keeper, match = self.texts(), self.keeper, self.flow.match
        if what == "sheet":
            sheet = sheet_model(match.match, tr, match.practice is not None, reviewed=match.match_reviews())
            self.post("sheet", sheet=plain(sheet))
            return
        if what == "menu":
            self.post("menu", settings=self.menu_fields())
            return
        if what == "share":
            self.post("share", **self.share_links())
            return
        lines = keeper.load_daily().lines(today, tr) + keeper.load_problems().lines(tr) + keeper.load_lessons().lines(tr)
        self.post("stats", stats=stats_fields(match.stats, lines, tr))

    def save_again(self) -> None:
        """The page could not make a write it was handed (ui/core_worker.py): the
        match is saved again, and a save that fails now is said."""
        self.flow.save()
        self.flow.render()

    def on_reset_stats(self) -> None:
        """Every level's counts gone (the player confirmed), saved."""
        self.keeper.save_stats(self.flow.reset_stats())

    # -- other tabs and new versions ------------------------------------------------------
    def on_storage(self, key: str) -> None:
        """Another tab wrote ``key``: its statistics replace ours, its newer match is adopted."""
        flow, keeper = self.flow, self.keeper
        if key == STATS_KEY:
            flow.use_stats(keeper.load_stats())
        elif key == keeper.game_key and not flow.busy and keeper.newer_elsewhere():
            if flow.adopt_newer():  # while busy, the next save finds it STALE and adopts
                flow.render()

    def on_update_ready(self) -> None:
        if self.update_waiting:
            return
        self.update_waiting = True
        self.flow.tell("notice.update")
        self.flow.render()

    def on_outdated(self) -> None:
        """Another tab installed a new version: say so, and reload at the next hand boundary."""
        if self.outdated:
            return
        self.outdated = True
        self.flow.tell_once("notice.outdated")
        self.flow.render()
        table = self.flow.table
        if self.flow.match_table is None and (table.hand_over or not table.in_progress):
            self.reload_if_outdated()

    def new_version_takes_over(self) -> bool:
        """Between hands a new version takes over now (the page reloads)."""
        return self.reload_if_outdated() or self.apply_update_now()

    def reload_if_outdated(self) -> bool:
        if self.outdated:
            self.post("reload")
        return self.outdated

    def apply_update_now(self) -> bool:
        """Between hands: the page goes to the waiting new version (if it cannot,
        the DOM layer sends ``play_on``)."""
        if not self.update_waiting:
            return False
        self.update_waiting = False
        self.post("apply_update")
        return True

    def after_new_match(self) -> bool:
        self.drop_seed()
        return self.new_version_takes_over()

    def on_drop_seed(self) -> None:
        """The player kept the match in progress over a ``?seed=`` link's (then the address's link opens)."""
        self.drop_seed()
        if self.waiting_link is not None:
            (hash, today), self.waiting_link = self.waiting_link, None
            if hash:
                self.on_open_link(hash, today)

    def drop_seed(self) -> None:
        """A reload must resume the match on the table, not restart the link's seed."""
        if self.url.seed is not None:
            self.url = self.url.replace(seed=None)
            self.post("address", changes={"seed": None})

