"""The turn loop: who acts next, and the pauses between the steps (no browser imports).

:class:`Flow` holds the table (and the match kept aside while a deal is
replayed), applies the player's action, lets the computer act until it is the
player's turn, and paces it all: the bot's least think time, a card's travel,
a finished trick left on show (a click, tap or key cuts it short: :meth:`hurry`)
and its gathering. Everything the browser does is injected, so CPython tests
run the same loop with a fake clock and the real bots:

- ``ask(function, view_json, [level], [capped])``: the bot call (the worker's
  ``choose``/``hint``), sync or async; it may fail (raise) or answer garbage;
  ``capped=False`` is passed only when the flow was made with ``capped=False``;
- ``sleep(seconds)`` (async) and ``clock()`` (seconds);
- ``draw(table, state, events)``: show the table (the DOM layer builds the
  model and renders it; ``True`` once the focus the state asked for is placed),
  ``gather(winner)`` (async: the sweep of a finished trick towards
  ``"you"``/``"computer"``), ``log(where, exc)``;
- ``save(table)``: the storage's answer (``ui.model.storage.SAVED``/``FAILED``/
  ``STALE``; ``None`` counts as saved) and ``load_newer()``: the newer table
  another tab saved, or ``None`` (:class:`ui.model.keeper.Keeper` gives both).

The flow owns the page's transient state, :class:`ui.model.page.PageState`
(busy, thinking, notices, level, pace, focus...): other objects read
:attr:`state` and change it only through the methods here.

A table replaced while a turn is under way (a new match, a replay, another
tab's newer match) raises :attr:`generation`: the old turn stops at its next step.
No rule is decided here: the table and the engine behind it do.
"""

from __future__ import annotations

import asyncio
import json

from ui.model.pace import pace_for
from ui.model.page import PageState
from ui.model.replay import replay_table
from ui.model.stats import hand_key
from ui.model.storage import FAILED, STALE
from ui.model.settings import COACHED
from ui.model.table import COMPUTER, CONFIRM_AFTER_SECONDS, CONFIRM_SECONDS, HUMAN, Table, declare_offered


async def _no_gather(winner):
    return None


def _no_log(where, exc):
    return None


def _no_draw(table, state, events):
    return False


def _no_save(table):
    return None


class Flow:
    def __init__(self, table: Table, settings, *, ask, sleep, clock, draw=_no_draw,
                 save=lambda table: None, load_newer=lambda: None, gather=_no_gather, log=_no_log,
                 pace=None, level="medium", lang="pt", capped=True, test_fast=False,
                 save_daily=lambda book: None, save_problems=lambda book: None,
                 save_lessons=lambda book: None, save_settings=lambda settings: None):
        self.table = table
        #: The match's own table, kept aside while a deal is replayed.
        self.match_table: Table | None = None
        self.ask, self.sleep, self.clock = ask, sleep, clock
        self.draw, self.save_table, self.load_newer = draw, save, load_newer
        self.gather_animation, self.log = gather, log
        self.save_daily, self.save_problems, self.save_lessons = save_daily, save_problems, save_lessons
        self.save_settings = save_settings
        #: The problem table whose result is in the book already.
        self._problem_noted = None
        #: Where the coach last looked (table, hand, actions, counting alone): a
        #: render with nothing new since does not build the view again.
        self._coached_at = None
        #: ``False``: the bots search without their wall-time cap (``?timecap=0``, tests only).
        self.capped = capped
        #: ``?fast=1`` (tests only): the test pace whatever the speed chosen.
        self.test_fast = test_fast
        self.state = PageState(settings=settings, lang=lang, level=level,
                               pace=pace or {"think": 0, "travel": 0, "show_trick": 0, "gather": 0})
        table.stats.count_at(level)
        #: Raised whenever the table is replaced: a computer turn under way stops.
        self.generation = 0
        #: :meth:`stop` was called: this flow never acts again.
        self.stopped = False
        #: The pause under way that a click, tap or key may cut short...
        self._hurry_wait: asyncio.Event | None = None
        #: ...or a click that came while the trick's last card was still landing.
        self.hurried = False
        #: Raised at every arming and withdrawal: a lapse timer of an older question does nothing.
        self._arming = 0

    # What the page's state says, read-only (the state is changed only here).
    busy = property(lambda self: self.state.busy)
    thinking = property(lambda self: self.state.thinking)
    hint_pending = property(lambda self: self.state.hint_pending)
    gathered = property(lambda self: self.state.gathered)
    notices = property(lambda self: self.state.notices)
    level = property(lambda self: self.state.level)
    pace = property(lambda self: self.state.pace)
    settings = property(lambda self: self.state.settings)
    armed = property(lambda self: self.state.armed)

    @property
    def match(self) -> Table:
        """The table of the match itself (not a replayed deal)."""
        return self.match_table or self.table

    def tables(self) -> list[Table]:
        """The tables the page holds: the one shown and the match kept aside."""
        return [t for t in (self.table, self.match_table) if t is not None]

    # -- the page's state ----------------------------------------------------
    def render(self) -> None:
        """Show the table as it stands (the injected ``draw``), with the sound
        cue of the moves since the last render (each sounds once)."""
        self.coach()
        aside = self.match_table if self.table.replay_of is not None else None
        self.state.match_score = list(aside.match.scores) if aside is not None else None
        self.state.cue = self.table.take_cue()
        if self.draw(self.table, self.state, self.table.take_events()):
            self.state.focus = None  # placed: a later render leaves the focus to the player
        self.state.cue = ""

    async def guarded(self, coro) -> None:
        """Run an event's coroutine; an error is logged (and fails the e2e tests),
        the page stays alive, and the markers end up true."""
        try:
            await coro
        except Exception as exc:
            self.log("event", exc)
            self.state.busy = False
        if not self.state.busy:
            self.render()

    def coach(self) -> None:
        """In a first match (no match finished yet), say the first time the player
        may exchange, marry, close (once a trick is won) or declare; once each, saved."""
        settings, table = self.state.settings, self.table
        if (not settings.coach or len(settings.coached) == len(COACHED) or table.replay_of is not None
                or not table.human_to_move() or self.busy or table.showing_trick is not None
                or table.stats.matches_won + table.stats.matches_lost):
            return
        seen = (table, len(table.match.games), len(table.game.actions), settings.count_myself)
        if seen == self._coached_at:  # a render with nothing played since: looked at already
            return
        self._coached_at = seen
        view = table.view(HUMAN)
        legal = view["legal"]
        possible = {"exchange": "exchange" in legal, "marriage": any(a.startswith("marry:") for a in legal),
                    "close": "close" in legal and view["tricks"][HUMAN] >= 1,
                    "declare": declare_offered(view, settings.count_myself)}
        tip = next((name for name in COACHED if possible[name] and name not in settings.coached), None)
        if tip is not None:
            table.say(f"coach.{tip}")
            self.save_settings(self.choose(coached=[*settings.coached, tip]))

    def tell(self, key: str) -> None:
        self.state.notices.append(key)

    def tell_once(self, key: str) -> bool:
        """A notice said once per page; ``True`` if said now."""
        if key in self.state.told:
            return False
        self.state.told.add(key)
        self.tell(key)
        return True

    def dismiss_notices(self) -> None:
        self.state.notices.clear()

    def focus_hand(self, index: int | None) -> None:
        """Where the keyboard focus goes in the hand once the player may act."""
        self.state.focus = index

    def choose(self, **changes):
        """The player changed settings (``lang``, ``level``, ``speed``,
        ``count_myself``, ``practice``, ``confirm_moves``, ``theme``, ``four_colour``, ``sound``,
        ``coach``, ``coached``): the state follows at once, a turn under
        way included. Returns the new settings, for the caller to save."""
        settings = self.state.settings = self.state.settings.replace(**changes)
        if "lang" in changes:
            self.state.lang = settings.lang
        if "level" in changes:
            self.state.level = settings.level
            for table in self.tables():
                table.stats.count_at(settings.level)  # the hands from now on count at this level
        if "speed" in changes:
            self.state.pace = pace_for(settings.speed, self.test_fast)
        if not settings.confirm_moves:
            self._drop_arm()
        return settings

    # -- costly moves: a first tap asks, a second acts -------------------------
    def asks_first(self, action: str) -> bool:
        return self.state.asks_first(action)

    def tap(self, action: str) -> int | None:
        """A tap on a move's button. ``None``: the move goes ahead (the caller
        plays it through :meth:`human`); else the first tap on a costly move
        only asked, and this is its arming (for :meth:`lapse`)."""
        return self.arm(action) if self.asks_first(action) else None

    def echoes_the_ask(self, action: str) -> bool:
        """A tap on the question before it may be answered (a double tap's or a
        double click's second half): to be ignored, never an answer."""
        return self.state.echoes_the_ask(action)

    def arm(self, action: str) -> int:
        """The first tap on a costly move: the button asks to be confirmed (and
        the live region says how). Returns the arming, for :meth:`lapse`."""
        self.state.armed = action
        self.state.answerable = False
        self._arming += 1
        self.table.tell(f"say.confirm.{action}")
        self.render()
        return self._arming

    async def lapse(self, arming: int, seconds: float = CONFIRM_SECONDS) -> None:
        """The question answerable once the gesture that asked it is over, then
        withdrawn once ``seconds`` pass, if it is still the one asked."""
        await self.sleep(CONFIRM_AFTER_SECONDS)
        if arming != self._arming:
            return
        self.state.answerable = True
        self.render()
        await self.sleep(seconds - CONFIRM_AFTER_SECONDS)
        if arming == self._arming:
            self.disarm()

    def disarm(self, said: bool = True) -> bool:
        """The question withdrawn (time out, Escape, a tap elsewhere): nothing
        was played, and the live region says so. ``False`` if none was asked."""
        if self.state.armed is None:
            return False
        self._drop_arm()
        if said:
            self.table.tell("say.confirm.cancelled")
        self.render()
        return True

    def _drop_arm(self) -> None:
        self.state.armed = None
        self.state.answerable = False
        self._arming += 1

    def start_practice(self) -> None:
        """Practice turned on: the match on the table becomes a practice match."""
        self.match.start_practice()
        self.save(self.match)  # the match itself, even while a replayed deal is on show

    def reset_stats(self):
        """Every level's counts gone; returns the statistics, for the caller to save."""
        stats = self.match.stats
        stats.reset()
        self.render()
        return stats

    def note_review(self, hand: dict, cost: float):
        """A finished review of ``hand`` whose decisions cost ``cost`` game
        points: kept in the statistics (their trend, the match's sheet) when
        it is a finished hand of the match, played before any practice.
        Returns the statistics for the caller to save, else ``None``."""
        match = self.match
        hands = [n for n, g in enumerate(match.match.games) if g.result is not None
                 and (match.practice is None or n < match.practice[0])]
        if not any(match.hand_record(n) == hand for n in hands):
            return None  # a shared link's hand, a replayed deal, a practice hand
        match.stats.note_review(hand_key(hand), match.match_key, cost)
        self.render()
        return match.stats

    def use_stats(self, stats) -> None:
        """Statistics saved by another tab replace ours, counting at our level."""
        stats.count_at(self.state.level)
        for table in self.tables():
            table.use_stats(stats)

    def save(self, table: Table | None = None) -> None:
        """Save the table (``table``, else the one on show); a newer match saved
        by another tab is adopted, never written over."""
        if table is None or table is self.table:
            if self.table.lesson is not None:
                self.note_lesson()
            self.note_under_way()
        status = self.save_table(table or self.table)
        if status == STALE:
            self.adopt_newer()
        elif status == FAILED:
            self.tell_once("notice.save_failed")

    def adopt_newer(self) -> bool:
        """Another tab moved this match on: show its position."""
        table = self.load_newer()
        if table is None:
            return False
        table.stats.count_at(self.state.level)  # a replayed deal on show keeps its own throwaway counts
        self.adopt(table)
        self.tell_once("notice.other_tab")
        return True

    def replace(self, table: Table) -> None:
        self._drop_arm()
        self.table = table
        self.generation += 1
        self.hurried = False

    def stop(self) -> None:
        """This flow is done (the page builds itself afresh): a turn under way
        stops at its next step, and nothing of it is drawn or saved any more."""
        self.generation += 1
        self.stopped = True
        self.draw, self.save_table = _no_draw, _no_save
        if self._hurry_wait is not None:
            self._hurry_wait.set()

    # -- the bot -------------------------------------------------------------
    async def call_bot(self, function: str, view: dict, level: str | None = None) -> str | None:
        """The bot's answer as text; ``None`` (logged) when the call fails."""
        try:
            args = ([level] if level else []) + ([] if self.capped else [False])
            answer = self.ask(function, json.dumps(view), *args)
            if hasattr(answer, "__await__"):  # an async call (the worker's promise)
                answer = await answer
            return None if answer is None else str(answer)
        except Exception as exc:  # the worker or the bot broke: the table plays on
            self.log(f"bot {function}", exc)
            return None

    # -- the player's action -------------------------------------------------
    async def human(self, notations: list[str]) -> None:
        """The player's action(s): a card (maybe with its marriage) or a button
        (a costly one once confirmed: the caller asks :meth:`asks_first`)."""
        self._drop_arm()  # whatever the player does now answers the question
        if self.busy or not self.table.human_to_move() or notations[0] not in self.table.view(HUMAN)["legal"]:
            self.render()
            return
        if self.table.refuse_untaught(notations):  # a lesson teaches another move now
            self.render()
            return
        self.state.busy = True
        try:
            self.table.apply_human(notations, self.state.settings.count_myself)
            if self.table.lesson is not None:
                self.table.lesson.advance(self.table.game)
            self.save()
            self.render()
            if notations[-1].startswith("play:") and self.state.pace["travel"]:
                await self.sleep(self.state.pace["travel"])
            await self.show_finished_trick()
        finally:
            self.state.busy = False
        await self.computer_turns()

    # -- the computer's turns ------------------------------------------------
    async def computer_turns(self) -> None:
        """Let the computer act until it is the player's turn or the hand ends."""
        if self.busy or self.stopped:
            return
        self.state.busy = True
        generation = self.generation
        try:
            while generation == self.generation and self.table.computer_to_move():
                self.state.thinking = True
                self.render()
                started = self.clock()
                view = self.table.view(COMPUTER)
                try:
                    notation = await self.computer_move(view)
                    elapsed = self.clock() - started
                    if elapsed < self.state.pace["think"]:  # a fast answer still takes the pace's time
                        await self.sleep(self.state.pace["think"] - elapsed)
                finally:
                    self.state.thinking = False
                if generation != self.generation or not self.table.computer_to_move():
                    break  # the table changed meanwhile (new match, another tab)
                if not self.table.apply_computer(notation or ""):
                    if notation is not None:  # a failed call is logged already
                        self.log("bot choose", ValueError(f"unusable answer {notation!r}"))
                    self.tell("notice.bot_failed")
                self.save()
                self.render()
                if notation and notation.startswith("play:") and self.state.pace["travel"]:
                    await self.sleep(self.state.pace["travel"])
                await self.show_finished_trick()
        finally:
            self.state.busy = False
            self.render()
        await self.finish_daily()
        self.finish_problem()
        self.finish_lesson()

    async def computer_move(self, view: dict) -> str | None:
        """The computer's move: its bot's, from its view; in a problem, the solver's
        defence; in a lesson, the lesson's answer."""
        if self.table.lesson is not None:
            return self.table.lesson.reply(self.table.game)
        problem = self.table.replay_of.problem if self.table.replay_of is not None else None
        if problem is None:
            return await self.call_bot("choose", view, self.opponent_level)
        return await self.call_bot("defend", {"problem": problem.position(),
                                              "actions": self.table.game.action_notations()})

    # -- problems --------------------------------------------------------------
    def start_problem(self, problem, book, day: str = "") -> None:
        """Put ``problem`` on the table (the match waits aside); ``book``: the
        player's progress; ``day``: the date of the player's own hand it comes from."""
        from ui.model.problem_play import problem_table

        moves = book.moves_under_way(problem.id)  # left under way: where it was
        self.start_replay(self.resumed("problem", lambda moves: problem_table(problem, day, moves), moves))
        self.state.problems = book
        self.note_under_way()

    def finish_problem(self) -> None:
        """A problem just played out: solved or failed, kept in the player's progress once."""
        table, book = self.table, self.state.problems
        original = table.replay_of
        if (original is None or original.problem is None or not table.hand_over or book is None
                or self._problem_noted is table or self.stopped):
            return
        from ui.model.problem_play import outcome

        self._problem_noted = table
        book.note(original.problem.id, outcome(original.problem, table.result_facts()))
        self.save_problems(book)
        self.render()

    # -- lessons -------------------------------------------------------------------
    def start_lesson(self, lesson, book, actions=()) -> None:
        """Put ``lesson`` on the table (the match waits aside), resumed after
        ``actions`` (its moves saved on the device; if they do not fit, from its start);
        ``book``: the player's course (:class:`ui.model.lessons.LessonBook`)."""
        from ui.model.lessons import lesson_table

        self.start_replay(self.resumed("lesson", lambda moves: lesson_table(lesson, moves), actions))
        self.state.lessons = book
        self.note_lesson()

    @staticmethod
    def lesson_actions(table: Table) -> list[str]:
        """The moves made in a lesson since its start (what resumes it on reload)."""
        return table.game.action_notations()[len(table.lesson.lesson.prelude):]

    def note_lesson(self) -> None:
        """A move in a lesson: kept on the device, so a reload resumes it."""
        book = self.state.lessons
        if book is not None and not self.stopped:
            book.note_progress(self.table.lesson.lesson.id, self.lesson_actions(self.table))
            self.save_lessons(book)

    def finish_lesson(self) -> None:
        """A lesson's last step made: ticked in the player's course."""
        table, book = self.table, self.state.lessons
        if table.lesson is None or not table.lesson_over or book is None or self.stopped:
            return
        if table.lesson.lesson.id not in book.done or book.current is not None:
            book.note_done(table.lesson.lesson.id)
            self.save_lessons(book)
            self.render()

    def leave_lesson(self) -> None:
        """The player left the lesson on the table: nothing to resume on reload."""
        book = self.state.lessons
        if self.table.lesson is not None and book is not None and book.leave():
            self.save_lessons(book)

    @property
    def opponent_level(self) -> str:
        """The computer's level now: the day's deal is always against the hard computer."""
        original = self.table.replay_of
        return "hard" if original is not None and original.daily else self.state.level  # daily.LEVEL

    # -- the deal of the day -------------------------------------------------
    def start_daily(self, day: str, book) -> None:
        """Put ``day``'s deal on the table (the match waits aside); ``book``: the days played."""
        from ui.model.daily import daily_table

        moves = book.moves_under_way(day)  # left under way: where it was
        self.start_replay(self.resumed("daily", lambda moves: daily_table(day, moves), moves))
        self.state.daily = book
        self.note_under_way()

    def resumed(self, what: str, deal, moves) -> Table:
        """``deal(moves)``: a deal apart with the moves saved on the device played
        again; if they do not fit it (logged), ``deal(())``: the deal from its start."""
        try:
            return deal(moves)
        except ValueError as exc:
            self.log(what, exc)
            return deal(())

    def _kept_apart(self):
        """For the deal apart on the table that is kept while under way (the day's,
        a problem): its book, which one it is (date or id) and how to save the book."""
        original = self.table.replay_of
        if original is not None and original.daily and self.state.daily is not None:
            return self.state.daily, original.daily, self.save_daily
        if original is not None and original.problem is not None and self.state.problems is not None:
            return self.state.problems, original.problem.id, self.save_problems
        return None, "", None

    def note_under_way(self) -> None:
        """The day's deal or a problem on the table, with its moves so far, kept on
        the device: a reload, or opening it again, resumes it where it was."""
        book, of, save = self._kept_apart()
        if book is not None and not self.table.hand_over and not self.stopped:
            book.keep_under_way(of, self.table.game.action_notations())
            save(book)

    def set_aside(self) -> None:
        """The deal apart under way leaves the table: kept, but a reload shows the match."""
        book, _, save = self._kept_apart()
        if book is not None and book.current is not None and book.current.on_table:
            book.current = book.current.replace(on_table=False)
            save(book)

    async def finish_daily(self) -> None:
        """The day's deal just ended: the player's first result kept, then the
        hard computer plays the deal from the player's seat, move by move, and
        both results show side by side."""
        table, book = self.table, self.state.daily
        original = table.replay_of
        if original is None or not original.daily or not table.hand_over or book is None or self.stopped:
            return
        from ui.model.daily import LEVEL, computer_result, signed

        day = original.daily
        if book.note_player(day, signed(table.result_facts())):
            self.save_daily(book)
        if book.day(day).computer is not None or self.state.daily_running:
            self.render()
            return
        self.state.daily_running = True
        self.render()
        try:
            result = await computer_result(day, lambda view: self.call_bot("choose", view, LEVEL))
        except Exception as exc:  # the worker broke: the day's own result stays
            self.log("daily", exc)
            result = None
        finally:
            self.state.daily_running = False
        if self.stopped:
            return
        if result is not None:
            book.note_computer(day, result)
            self.save_daily(book)
        self.render()

    async def show_finished_trick(self) -> None:
        """Leave a completed trick on the table for a moment, then gather it."""
        table = self.table
        if table.showing_trick is None:
            return
        hurried = await self.pause(self.state.pace["show_trick"])
        self.hurried = False
        winner = "you" if table.showing_trick["winner"] == HUMAN else "computer"
        if not hurried and self.state.pace["gather"]:
            await self.gather_animation(winner)
        self.state.gathered = "hurried" if hurried else "timed"
        if table is self.table:  # not replaced meanwhile
            table.gather()
        self.render()

    async def pause(self, seconds: float) -> bool:
        """Wait ``seconds``, or less if :meth:`hurry` is called; True if it was."""
        if self.hurried:
            return True
        if seconds <= 0:
            return False
        wait = self._hurry_wait = asyncio.Event()
        sleeper = asyncio.ensure_future(self.sleep(seconds))
        hurry = asyncio.ensure_future(wait.wait())
        try:
            done, _ = await asyncio.wait({sleeper, hurry}, return_when=asyncio.FIRST_COMPLETED)
            return hurry in done
        finally:
            sleeper.cancel()
            hurry.cancel()
            self._hurry_wait = None

    def hurry(self) -> None:
        """The player clicked, tapped or pressed a key on a finished trick: gather it now."""
        if self.table.showing_trick is None:
            return
        self.hurried = True
        if self._hurry_wait is not None:
            self._hurry_wait.set()

    # -- hints ---------------------------------------------------------------
    async def ask_hint(self) -> None:
        if self.hint_pending or not self.table.human_to_move() or self.busy:
            return
        self._drop_arm()
        self.state.hint_pending = True
        self.render()
        view = self.table.view(HUMAN)
        try:
            notation = await self.call_bot("hint", view)
        finally:
            self.state.hint_pending = False
        if self.table.view(HUMAN)["history"] == view["history"]:
            self.table.set_hint(notation)
        self.render()

    # -- between hands and matches -------------------------------------------
    async def next_hand(self, takes_over=lambda: False) -> None:
        """Deal the next hand; ``takes_over()`` (after the save) may hand the
        page to a new version instead of playing on."""
        table = self.table
        if self.busy or not table.hand_over or table.match_over or table.replay_of is not None:
            return
        table.next_hand()
        self.save()
        if takes_over():
            return
        self.render()
        await self.computer_turns()

    async def new_match(self, seed=None, takes_over=lambda: False, landing=lambda: None,
                        practice: bool = False, level: str | None = None) -> None:
        """Abandon the match (it counts as lost if in progress: the caller asked
        first) and deal a new one (a practice match with ``practice``; against
        ``level``, chosen once the old match is counted at its own). Works
        while the computer thinks: that turn stops at its next step, and this waits for it."""
        match = self.match
        match.abandon()
        if level is not None:
            self.save_settings(self.choose(level=level))
        self.leave_lesson()
        self.set_aside()
        self.match_table = None  # a replay in progress ends with the old match
        self.replace(Table.new(seed, match.stats, practice=practice))
        self.save()  # at once: the old turn's last render already shows the new table
        if takes_over():
            return
        while self.busy:
            await self.sleep(0.02)
        if self.stopped:
            return
        landing()
        self.render()
        await self.computer_turns()

    def take_back(self) -> bool:
        """Practice: undo the player's last move and the computer's answers
        (:meth:`ui.model.table.Table.take_back`), never while a move is under way."""
        if self.busy or self.table.replay_of is not None or not self.table.take_back():
            return False
        self._drop_arm()
        self.save()
        self.render()
        return True

    def replay_hand(self, hand: dict, other_seat: bool = False, original: dict | None = None) -> None:
        """Deal ``hand`` (a hand record) again apart from the match, from the
        other seat if asked; ``original``: the first play's result facts."""
        self.start_replay(replay_table(hand, other_seat, original))

    def replay_this_hand(self, other_seat: bool = False) -> None:
        """The hand on the table, dealt again apart from the match."""
        self.replay_hand(self.table.hand_record(), other_seat, self.table.result_facts())

    def start_replay(self, table: Table) -> None:
        """Put a replayed deal on the table; the match waits aside."""
        self.leave_lesson()
        self.set_aside()
        if self.match_table is None:
            self.match_table = self.table
        self.replace(table)
        self.render()

    async def back_to_match(self) -> None:
        if self.busy or self.match_table is None:
            return
        self.leave_lesson()
        self.set_aside()
        table, self.match_table = self.match_table, None
        self.replace(table)
        self.render()
        await self.computer_turns()  # the match resumes where it was

    def hold(self) -> None:
        """The table takes no move, the player's or the computer's, until
        :meth:`release` (the page shows it busy from its next render)."""
        self.state.busy = True

    def release(self) -> None:
        self.state.busy = False

    async def play_on_when_idle(self) -> None:
        """Let the computer move in a table swapped in while a turn was running
        (that turn stops when it sees the table changed)."""
        while self.busy:
            await self.sleep(0.05)
        await self.computer_turns()

    def adopt(self, table: Table) -> None:
        """Another tab's newer match: it replaces ours (aside, if a replay is on the table)."""
        if self.match_table is not None:
            self.match_table = table
        else:
            self.replace(table)


def run_now(coro):
    """Run a coroutine that never waits (zero pace, a sync bot) to its end, without
    an event loop: what the CPython scenarios need thousands of times a second."""
    try:
        coro.send(None)
    except StopIteration as stop:
        return stop.value
    coro.close()
    raise RuntimeError("the flow waited: run_now needs a zero pace and a sync bot")
