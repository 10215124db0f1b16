"""The page's transient state in one record, owned by the turn loop.

chessground keeps a ``HeadlessState`` that the renderer reads and only the
board's own functions write; :class:`PageState` is ours. :class:`ui.model.flow.Flow`
owns it: every change goes through a ``Flow`` method, the presenter
(:func:`ui.model.present.build`) reads it, the DOM layer never writes it.
No browser imports.
"""

from __future__ import annotations

from ui.model.pace import TEST_PACE
from ui.model.record import Record, field
from ui.model.settings import Settings
from ui.model.table import COSTLY


class PageState(Record):
    """What the page is doing now, beside the table itself."""

    #: What the player chose (saved after every change); the flow replaces it whole.
    settings: Settings = field(default_factory=Settings)
    #: The language in force: the setting's, the URL's or the browser's (``"pt"``/``"it"``).
    lang: str = "pt"
    #: The computer's level in force: the setting's, or the URL's ``?level=``.
    level: str = "medium"
    #: The pauses between the computer's steps (:func:`ui.model.pace.pace_for`).
    pace: dict = field(default_factory=lambda: dict(TEST_PACE))
    #: The match's score while a deal apart (replayed, the day's, a problem, a
    #: lesson) is on the table: the header's score is the match's, never that deal's.
    match_score: list | None = None
    #: A move is under way: input waits (``data-busy``).
    busy: bool = False
    #: The bot is computing a move (the only time the table says "thinking").
    thinking: bool = False
    #: A hint is being computed.
    hint_pending: bool = False
    #: The costly move (``"close"``/``"declare"``) a first tap asked about: a
    #: second tap on it acts; anything else, or the time running out, withdraws it.
    armed: str | None = None
    #: The question may be answered: the gesture that asked it is over
    #: (:data:`ui.model.table.CONFIRM_AFTER_SECONDS` later; a double tap's second
    #: tap lands on the question, in the button's place, and must not answer it).
    answerable: bool = False
    #: How the last finished trick left the table: ``"hurried"``, ``"timed"`` or ``""``.
    gathered: str = ""
    #: Notice keys for the player (``notice.*``), newest last.
    notices: list = field(default_factory=list)
    #: Notices said once per page (saving failed, another tab moved on...).
    told: set = field(default_factory=set)
    #: Where the keyboard focus goes in the hand once the player may act (an
    #: index), or ``None``: the renderer reads it from the model.
    focus: int | None = None
    #: The sound cue of this render (:data:`ui.model.table.CUES`, ``""``: none),
    #: set by :meth:`ui.model.flow.Flow.render` for its one draw.
    cue: str = ""
    #: The deals of the day played (:class:`ui.model.daily.DailyBook`), once a
    #: day's deal is on the table; ``None`` before (the module loads only then).
    daily: object = None
    #: The computer is playing the day's deal from the player's seat.
    daily_running: bool = False
    #: The player's progress in the problems (:class:`ui.model.problem_play.ProblemBook`), once one is played.
    problems: object = None
    #: The player's course (:class:`ui.model.lessons.LessonBook`), once a lesson is played.
    lessons: object = None

    def asks_first(self, action: str) -> bool:
        """Whether a tap on ``action`` only asks: a costly move (:data:`ui.model.table.COSTLY`),
        the player's setting on, and not asked about already."""
        return action in COSTLY and self.settings.confirm_moves and self.armed != action

    def echoes_the_ask(self, action: str) -> bool:
        """A tap on the question before it may be answered: part of the gesture that asked."""
        return self.armed == action and not self.answerable
