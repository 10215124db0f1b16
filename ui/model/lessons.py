"""Lessons (issue 30): a short course of guided hands, each a real position of
the engine, played on a table of its own (no browser imports).

A :class:`Lesson` is a deal (the player's cards, the computer's, the trump
card and the top of the stock), the moves that bring it to its first step
(``prelude``) and its :class:`Step`\\ s. At each step the page says what to do
and why (``lesson.<id>.<n>`` in ``locales/lessons/<lang>.json``), marks the
card or button it is about, and accepts the taught tap (a step about choice
accepts any legal move); anything else is refused with a reason: the
engine's for an illegal card, the lesson's for a legal one it does not
teach. The computer's answers are scripted (``replies``); after a free choice
that makes one illegal it plays its cheapest legal card, and the tests play
every choice through to the lesson's end. A lesson never touches the match,
the saved data or the statistics; :class:`LessonBook` keeps the player's
progress (lessons done, the lesson under way) on the device.
"""

from __future__ import annotations

from sixtysix import Game, Match
from sixtysix.cards import CODES, POINTS, index
from sixtysix.match import TARGET

from ui.model.record import Record, field


class Step(Record):
    """One decision of the player's: the tap taught (its notations, as a tap
    sends them; ``()``: any legal move) and the computer's answers after it."""

    expect: tuple = ()
    replies: tuple = ()


class Lesson(Record):
    """A guided hand; you are player 0."""

    id: str
    dealer: int
    #: Six codes each, space-separated; ``trump``: the face-up card; ``stock``:
    #: the top of the stock (the rest follows in the pack's order).
    you: str
    computer: str
    trump: str
    stock: str = ""
    prelude: tuple = ()
    steps: tuple = ()

    def deck(self) -> list[str]:
        """The 24 cards in dealing order (RULES.md: the non-dealer's six first)."""
        you, computer, top = self.you.split(), self.computer.split(), self.stock.split()
        hands = you + computer if self.dealer == 1 else computer + you
        dealt = hands + [self.trump] + top
        return dealt + [c for c in CODES if c not in dealt]

    def game(self) -> Game:
        """The lesson's position at its first step."""
        game = Game.from_deck(self.deck(), self.dealer)
        for action in self.prelude:
            game.apply(action)
        return game


def cheapest(game: Game) -> str:
    """The computer's move when no scripted answer fits: its cheapest legal card."""
    plays = [str(a) for a in game.legal_actions() if str(a).startswith("play:")]
    return min(plays, key=lambda a: (POINTS[index(a[5:])], index(a[5:])))


class LessonRun:
    """A lesson being played: which step is next and which scripted answer."""

    def __init__(self, lesson: Lesson):
        self.lesson = lesson
        self.step = 0
        #: How many actions the hand held when the last step was made: the
        #: computer's answers to it are the actions since.
        self.since = len(lesson.prelude)

    @property
    def number(self) -> int:
        """The lesson's place in the course, from 1 (of :attr:`total`)."""
        return ids().index(self.lesson.id) + 1

    @property
    def total(self) -> int:
        return len(LESSONS)

    @property
    def following(self) -> Lesson | None:
        """The next lesson of the course, ``None`` after the last."""
        return after(self.lesson.id)

    def expected(self) -> tuple | None:
        """The tap the step teaches (``()``: any legal move); ``None`` once all are made."""
        steps = self.lesson.steps
        return steps[self.step].expect if self.step < len(steps) else None

    def mark(self) -> str | None:
        """The action the step is about, as the page marks it: the card to tap (a
        marriage's K or Q), or the button; ``None`` for a free choice or once done."""
        taught = self.expected()
        return next((n for n in taught if n.startswith("play:")), taught[0]) if taught else None

    def accepts(self, notations: list[str]) -> bool:
        """Whether the player's action(s) make this step: its taught tap, or on a
        free step any card (its words ask for a card, never for a button)."""
        expected = self.expected()
        if expected is None:
            return False
        return tuple(notations) == expected if expected else notations[-1].startswith("play:")

    def advance(self, game: Game) -> None:
        """The step's tap was just made in ``game``."""
        self.step += 1
        self.since = len(game.actions)

    def _replies(self, game: Game) -> tuple[tuple, int]:
        """The computer's scripted answers to the last step, and how many it has made."""
        return (self.lesson.steps[self.step - 1].replies if self.step else ()), len(game.actions) - self.since

    def reply(self, game: Game) -> str:
        """The computer's move now: the next scripted answer, if it is legal."""
        replies, made = self._replies(game)
        if made < len(replies) and replies[made] in {str(a) for a in game.legal_actions()}:
            return replies[made]
        return cheapest(game)

    def finished(self, game: Game) -> bool:
        """Every step made and its answers played (or the hand over)."""
        if game.is_over():
            return True
        replies, made = self._replies(game)
        return self.step >= len(self.lesson.steps) and (made >= len(replies) or game.to_move == 0)

    def key(self) -> str:
        """The text now: the step's, or the lesson's last word."""
        return f"lesson.{self.lesson.id}.{self.step + 1}" if self.expected() is not None else f"lesson.{self.lesson.id}.done"


def find_lesson(lesson_id: str) -> Lesson:
    """:raises KeyError: for a lesson the course does not have."""
    for lesson in LESSONS:
        if lesson.id == lesson_id:
            return lesson
    raise KeyError(lesson_id)


def ids() -> list[str]:
    return [lesson.id for lesson in LESSONS]


def after(lesson_id: str) -> Lesson | None:
    """The lesson that follows ``lesson_id`` in the course, ``None`` after the last."""
    at = ids().index(lesson_id) + 1
    return LESSONS[at] if at < len(LESSONS) else None


def lesson_table(lesson: Lesson, actions=()):
    """``lesson`` on a table of its own (never saved as the match, never counted),
    with ``actions`` (the moves made since its start, saved on the device)
    played again to resume it.

    :raises ValueError: if the saved moves do not fit the lesson (the caller starts it afresh).
    """
    from ui.model.replay import Original
    from ui.model.stats import Stats
    from ui.model.table import COMPUTER, HUMAN, Table

    game = lesson.game()
    run = LessonRun(lesson)
    table = Table(Match.from_games(None, [game], game.dealer, TARGET), 0, Stats(),
                  replay_of=Original({}, False, lesson=run))
    actions = list(actions)
    while actions:
        if table.to_move == HUMAN:
            expected = run.expected()
            taken = list(expected) if expected else actions[:1]
            if actions[:len(taken)] != taken or not run.accepts(taken):
                raise ValueError(f"the saved moves {actions!r} do not follow lesson {lesson.id!r}")
            table.apply_human(taken)
            run.advance(table.game)
            del actions[:len(taken)]
        elif table.to_move == COMPUTER:
            move = run.reply(table.game)
            if actions[0] != move:
                raise ValueError(f"the saved moves {actions!r} do not follow lesson {lesson.id!r}")
            table.apply_computer(actions.pop(0))
        else:
            raise ValueError(f"moves {actions!r} after the end of lesson {lesson.id!r}")
        table.gather()
    table.take_events()  # said when they were played: the live region does not read them again
    return table


class LessonBook(Record):
    """The player's course: the lessons done, and the one under way with its moves."""

    done: list = field(default_factory=list)
    #: ``{"id": lesson id, "actions": [...]}``: the lesson on the table, resumed on reload.
    current: dict | None = None

    @classmethod
    def from_dict(cls, data) -> "LessonBook":
        """The saved progress, keeping only what is well formed (never raises)."""
        book = cls()
        if not isinstance(data, dict):
            return book
        known = set(ids())
        if isinstance(data.get("done"), list):
            book.done = [x for x in data["done"] if x in known]
        from ui.model.replay import saved_moves

        current = data.get("current")
        if isinstance(current, dict) and current.get("id") in known and saved_moves(current.get("actions")):
            book.current = {"id": current["id"], "actions": list(current["actions"])}
        return book

    def to_dict(self) -> dict:
        return {"done": list(self.done), "current": dict(self.current) if self.current else None}

    def next_lesson(self) -> Lesson:
        """The first lesson not done (the first one again once all are)."""
        return next((lesson for lesson in LESSONS if lesson.id not in self.done), LESSONS[0])

    def note_done(self, lesson_id: str) -> None:
        if lesson_id not in self.done:
            self.done.append(lesson_id)
        self.current = None

    def note_progress(self, lesson_id: str, actions: list[str]) -> None:
        """The lesson under way and its moves so far (what a reload resumes)."""
        self.current = {"id": lesson_id, "actions": list(actions)}

    def leave(self) -> bool:
        """The player left the lesson under way; ``True`` if there was one."""
        had, self.current = self.current is not None, None
        return had

    def lines(self, tr) -> list[str]:
        """The statistics' words on the course (none before a first lesson done)."""
        return [tr.t("stats.lessons", done=len(self.done), total=len(LESSONS))] if self.done else []


#: The course, in order. Each comment says what the lesson shows.
LESSONS: tuple[Lesson, ...] = (
    # Tricks and the stock: the highest card of the suit led takes the trick,
    # its winner draws first and leads; with the stock open any card may answer.
    Lesson("tricks", 1, you="AS 9C KD JS TC QH", computer="9S QS JC AC 9H KC", trump="JD",
           stock="QC TH AH KS",
           steps=(Step(("play:AS",), ("play:9S",)),
                  Step(("play:9C",), ("play:AC", "play:9H")),
                  Step((), ()))),
    # Card values, points against tricks: A+10 is 21 points; two nines, a trick worth 0.
    Lesson("points", 0, you="AS KH QC 9S TD JC", computer="TS 9C JH QD KC 9H", trump="AH",
           stock="JS 9D", prelude=("play:TS",),
           steps=(Step(("play:AS",)),
                  Step(("play:9S",), ("play:9C",)))),
    # The marriage: nothing before a trick (the hearts pair is lost), 40 in trumps after one.
    Lesson("marriage", 1, you="KH QH KS QS 9D AC", computer="AH 9C TD JD 9H TC", trump="JS",
           stock="JC QC AD KD",
           steps=(Step(("play:KH",), ("play:AH", "play:9C")),
                  Step(("play:AC",)),
                  Step(("marry:S", "play:KS"), ("play:9H",)))),
    # Exchanging the trump nine for the face-up trump, once a trick is won.
    Lesson("exchange", 1, you="9D AC KH JS QC TS", computer="9C JH QS KC 9H TH", trump="AD",
           stock="JC QH", prelude=("play:AC", "play:9C"),
           steps=(Step(("exchange",)),
                  Step((), ("play:9H",)))),  # the lead answered: the lesson ends on a whole trick
    # The strict phase once the stock is empty: head the trick, else follow, else trump.
    Lesson("strict", 1, you="AC KC 9H JH 9S QD", computer="JC 9C AH TS QS 9D", trump="KD",
           stock="TC QC JS TH AS KS JD QH KH TD AD",
           prelude=("play:9H", "play:9C", "play:9S", "play:9D", "play:JC", "play:JH", "play:JS", "play:QD",
                    "play:JD", "play:QC", "play:KC", "play:QH", "play:TC", "play:KD", "play:QS"),
           steps=(Step(("play:KS",)),
                  Step(("play:TH",), ("play:AH", "play:AS")),
                  Step(("play:AD",)))),
    # Closing the stock and failing: the computer, with no trick when it was
    # closed, makes 66 and wins 3 game points.
    Lesson("close", 1, you="AC TC KH 9D JD QD", computer="9C 9S KS QS AS JC", trump="TS",
           stock="AH QC", prelude=("play:AC", "play:9C"),
           steps=(Step(("close",)),
                  Step(("play:AH",), ("play:9S", "marry:S", "play:KS")),
                  Step((), ("play:AS",)),
                  Step((), ("declare",)))),
    # Declaring 66 at the right moment: 2 game points (the computer has a trick, under 33 points).
    Lesson("declare", 0, you="AH KS QS 9D JS TC", computer="QC TH 9C JC KD 9H", trump="AS",
           stock="JH QH", prelude=("play:QC", "play:9D", "play:TH", "play:AH"),
           steps=(Step(("marry:S", "play:KS"), ("play:JC",)),
                  Step(("declare",)))),
    # A false declaration: 65 is not 66, and the computer scores 2.
    Lesson("miscount", 0, you="AH KS QS 9D JS TC", computer="QC TH 9C JC KD 9H", trump="AS",
           stock="JH QH", prelude=("play:QC", "play:9D", "play:TH", "play:AH"),
           steps=(Step(("marry:S", "play:KS"), ("play:9C",)),
                  Step(("declare",)))),
)
