"""The core's commands for what opens beside the match: the hand review, the
deal of the day, the problems, the course, the share links and the page's
own ``#hand=``/``#daily=``/``#lesson=`` links (part of :class:`ui.model.core.Core`).

Like the rest of the core they take commands and answer with messages; what
they need from the page comes injected (``fetch_text`` for the problems and
the lessons' words, the date in the command). The modules behind them load
on demand (ui/on_demand.py), so none is imported at the top.
"""

from __future__ import annotations

import json

from ui.model import share
from ui.model.i18n import LANGUAGES, flatten
from ui.model.settings import PLAYER_LEVELS


class DialogCommands:
    """Mixed into :class:`ui.model.core.Core`: ``self.flow``, ``self.keeper``,
    ``self.post``, ``self.spawn``, ``self.ask``, ``self.sleep``, ``self.warn``,
    ``self.fetch_text`` and ``self.translators`` are the core's."""

    #: The review's state (ui.model.review.HandReview), made when first opened.
    review = None
    #: The shipped problems (sixtysix.problems), fetched when first asked for.
    problems = None
    #: The lessons' words are in the translators (fetched once).
    lesson_texts = False
    #: A ``#hand=``-like link kept while the ``?seed=`` question is open (its "keep" opens it).
    waiting_link = None

    # -- the page's start ---------------------------------------------------------
    def on_begin(self, hash: str, today: str) -> None:
        """The page is up: ask about a ``?seed=`` link over a match in progress,
        or open the address's link, or resume a lesson or the day's deal left under way. (A card
        tapped on the table drawn before the page was up comes as a tap once
        the first table is drawn: ui/dom/page.py.)"""
        if self.ask_seed is not None:
            self.waiting_link = (hash, today)
            self.post("ask", key="confirm.seed", then={"do": "new_match", "seed": self.ask_seed, "confirmed": True},
                      otherwise={"do": "drop_seed"})
        elif hash:
            self.on_open_link(hash, today)
        elif self.keeper.lesson_under_way():
            self.flow.hold()  # before the computer's turns below: they wait for the lesson
            self.spawn(self.resume_lesson())
        elif self.keeper.daily_on_table() and (daily := self.keeper.load_daily()).current is not None:
            self.start_daily(daily.current.of, daily)  # the day's deal was on the table: where it was
        elif self.keeper.problem_on_table():
            self.on_problem()  # so was a problem: the same one comes, where it was
        self.spawn(self.flow.computer_turns())

    # -- links ---------------------------------------------------------------------
    def on_open_link(self, hash: str, today: str) -> None:
        """``#hand=``: a finished hand's review, or a bare deal replayed;
        ``#daily=2026-12-05``: that day's deal; ``#lesson`` or ``#lesson=marriage``:
        the course's next lesson or that one. A broken link gets a notice; the
        saved match is never touched either way."""
        if hash.startswith("#daily="):
            from ui.model.daily import parse_date

            try:
                day = parse_date(hash[len("#daily="):])
            except ValueError as e:
                self.refuse_link(e)
                return
            self.on_daily(day)
        elif hash == "#lesson" or hash.startswith("#lesson="):
            self.spawn(self.start_lesson(hash.partition("=")[2] or None))
        elif hash.startswith(share.PREFIX):
            try:
                deck, dealer, actions = share.parse(hash)
            except share.LinkError as e:
                self.refuse_link(e)
                return
            hand = {"deck": deck, "dealer": dealer, "actions": actions}
            if actions:
                self.open_shared_hand(hand, today)
            else:
                self.flow.replay_hand(hand)
                self.spawn(self.flow.play_on_when_idle())

    def open_shared_hand(self, hand: dict, today: str) -> None:
        """A hand from a review link: its review, over the hand on the table as it
        ended (the match waits aside), so that closing the review leaves the hand
        there to review again, to play, or to leave for the match."""
        from ui.model.replay import shared_hand_table

        try:
            table = shared_hand_table(hand)
        except ValueError as e:  # (share.parse has checked the moves: not expected)
            self.refuse_link(e)
            return
        self.flow.start_replay(table)
        self.open_review(hand, today)

    def refuse_link(self, error) -> None:
        self.warn(f"Sixty-Six: link refused ({error})")
        self.flow.tell("notice.bad_link")
        self.flow.render()

    def share_links(self) -> dict:
        """The table's hand as links (the part after the page's address): its
        review, and its deal to play (a day's deal as its day)."""
        table = self.flow.table
        hand = table.hand_record()
        daily = table.replay_of.daily if table.replay_of is not None else ""
        deal = f"#daily={daily}" if daily else share.PREFIX + share.encode(hand["deck"], hand["dealer"], [])
        return {"review": share.PREFIX + share.encode(hand["deck"], hand["dealer"], hand["actions"]), "deal": deal}

    def menu_fields(self) -> dict:
        """The menu's settings as its controls show them (the level in force)."""
        flow = self.flow
        fields = flow.settings.as_dict()
        fields["level"] = flow.level if flow.level in PLAYER_LEVELS else fields["level"]
        del fields["coached"], fields["lang"]
        return fields

    # -- the review ----------------------------------------------------------------
    def on_review(self, hand: int | None, today: str) -> None:
        """Review the table's hand (``None``) or hand ``hand`` (0-based) of the match."""
        games = self.flow.match.match.games
        if hand is not None and not 0 <= hand < len(games):
            self.log("command", ValueError(f"review: no hand {hand} in this match"))
            return
        record = self.flow.table.hand_record() if hand is None else self.flow.match.hand_record(hand)
        self.open_review(record, today)

    def open_review(self, hand: dict, today: str, keep_frame: bool = False, show_computer: bool | None = None) -> None:
        from ui.model.review import HandReview

        if self.review is None:
            self.review = HandReview()
        self.review_day = today
        run = self.review.start(hand, show_computer)
        self.post_review(opening=True, keep_frame=keep_frame)
        self.spawn(self.analyse(run))

    def post_review(self, opening: bool = False, keep_frame: bool = False) -> None:
        self.post("review", review=self.review.view(self.texts()), opening=opening, keep_frame=keep_frame)

    async def analyse(self, run: int) -> None:
        """Value the player's decisions one bot call at a time, a view posted after
        each. It stops when the dialog closes (the bot is free for play) or
        another hand opens; opened again, it goes on from the values kept."""
        from sixtysix.review import Decision

        review = self.review
        text = json.dumps(review.hand)
        while review.pending and run == review.run:
            index = review.pending[0]
            try:
                answer = self.ask("review_step", text, index)
                if hasattr(answer, "__await__"):  # the worker's promise
                    answer = await answer
            except Exception as exc:
                self.log("bot review_step", exc)
                answer = None
            if run != review.run:
                return
            if answer is None:
                review.fail()
                self.post_review()
                return
            review.valued(index, Decision.from_dict(json.loads(answer)))
            self.post_review()
        if run == review.run and review.total:
            self.note_review(review.hand, review.decisions)

    def note_review(self, hand: dict, decisions: dict) -> None:
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
            if book.add_personal(found, self.review_day):
                self.keeper.save_problems(book)

    def on_review_computer(self, show: bool) -> None:
        """The computer's decisions valued and shown too (or not), on the same trick."""
        if self.review is None or self.review.hand is None:
            return
        self.open_review(self.review.hand, self.review_day, keep_frame=True, show_computer=show)

    def on_review_closed(self) -> None:
        if self.review is not None:
            self.review.stop()

    # -- the deal of the day and the problems -------------------------------------------
    def on_daily(self, day: str) -> None:
        """``day``'s deal on the table; the match waits aside."""
        self.start_daily(day, self.keeper.load_daily())

    def start_daily(self, day: str, book) -> None:
        """``day``'s deal on the table, ``book`` the days played (read once)."""
        self.flow.start_daily(day, book)
        self.spawn(self.flow.play_on_when_idle())

    def on_problem(self) -> None:
        """The next problem for this player on the table (the shipped set fetched once)."""
        self.spawn(self.start_problem())

    async def start_problem(self) -> None:
        from sixtysix import problems

        if self.problems is None:
            try:
                self.problems = problems.load(await self.fetch_text("assets/problems.json"))
            except Exception as e:  # offline before a first load, or a damaged or tampered file
                self.warn(f"Sixty-Six: problems not loaded ({e})")
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

    # -- the course ----------------------------------------------------------------
    async def load_lesson_texts(self) -> bool:
        """The lessons' words in both languages (fetched once); ``False`` with a notice if they cannot be."""
        if self.lesson_texts:
            return True
        try:
            catalogs = {lang: flatten(json.loads(await self.fetch_text(f"locales/lessons/{lang}.json")))
                        for lang in LANGUAGES}
        except Exception as e:  # offline on a first visit, or a damaged file: the match plays on
            self.warn(f"Sixty-Six: lessons not loaded ({e})")
            self.flow.tell("notice.lessons_failed")
            self.flow.render()
            return False
        for lang, catalog in catalogs.items():
            self.translators[lang].catalog.update(catalog)
        self.lesson_texts = True
        return True

    def on_lessons(self) -> None:
        """The course's list (its words fetched first)."""
        self.spawn(self.post_lessons())

    async def post_lessons(self) -> None:
        if await self.load_lesson_texts():
            self.post("lessons", lessons=self.lesson_list())

    def lesson_list(self) -> dict:
        """The course's lessons in words, those done ticked."""
        from ui.model.lessons import LESSONS

        tr = self.texts()
        done = set(self.keeper.load_lessons().done)
        return {"done": tr.t("lessons.done"),
                "lessons": [{"id": lesson.id, "title": tr.t(f"lesson.{lesson.id}.title"), "done": lesson.id in done}
                          for lesson in LESSONS]}

    def on_lesson(self, id: str | None) -> None:
        """Lesson ``id`` on the table (the course's next one not done, with ``None``)."""
        self.spawn(self.start_lesson(id))

    def on_next_lesson(self) -> None:
        lesson = self.flow.table.lesson
        if lesson is not None and lesson.following is not None:
            self.spawn(self.start_lesson(lesson.following.id))

    async def resume_lesson(self) -> None:
        """The lesson left under way, where it was. The match the start put on the
        table takes no move meanwhile, the player's or the computer's (the course's
        texts and code come after ready): a tap there would be played in the match.
        The caller has held the table (:meth:`on_begin`, before the computer's turns)."""
        self.flow.render()
        try:
            lesson = await self.lesson_to_start(None, resume=True)
        except Exception as exc:  # (the course's code missing, say): logged, and the match plays on
            self.flow.log("lesson resume", exc)
            lesson = None
        finally:
            self.flow.release()
        if lesson is None:  # nothing to resume after all: the match plays on, the computer's turn included
            self.flow.render()
            await self.flow.computer_turns()
            return
        self.flow.start_lesson(*lesson)
        await self.flow.play_on_when_idle()

    async def start_lesson(self, lesson_id: str | None) -> None:
        """Put a lesson on the table (the course's next one not done, with ``None``)."""
        lesson = await self.lesson_to_start(lesson_id)
        if lesson is not None:
            self.flow.start_lesson(*lesson)  # a computer move under way stops
            await self.flow.play_on_when_idle()

    async def lesson_to_start(self, lesson_id: str | None, resume: bool = False):
        """``(lesson, book, actions)`` for :meth:`ui.model.flow.Flow.start_lesson`, or
        ``None`` (said) when there is none to start; with ``resume``, the one left
        under way and its moves."""
        if not await self.load_lesson_texts():
            return None
        # The course's module comes with the code fetched just after ready (ui/on_demand.py):
        # a lesson resumed at the start waits for it, since offline a synchronous fetch
        # of it would go unanswered (the service worker answers only the background one).
        from ui import on_demand

        for _ in range(100):
            if on_demand.mounted():
                break
            await self.sleep(0.05)
        from ui.model.lessons import find_lesson

        book = self.keeper.load_lessons()
        actions = ()
        if resume:
            if book.current is None:  # (another tab finished it meanwhile)
                return None
            lesson_id, actions = book.current["id"], book.current["actions"]
        try:
            return find_lesson(lesson_id) if lesson_id else book.next_lesson(), book, actions
        except KeyError:
            self.warn(f"Sixty-Six: no lesson {lesson_id!r}")
            self.flow.tell("notice.bad_lesson")
            self.flow.render()
            return None
