"""Saving to the browser's localStorage, with a version on everything stored.

The match is kept as the engine's own record (``sixtysix.records.dumps``)
inside a small versioned envelope, so a reload replays it exactly. Anything
unreadable or from another version raises :class:`SavedDataError`; the caller
then starts fresh and tells the player. Settings and statistics never raise:
odd fields fall back to defaults, and an unreadable item is removed and
listed in :attr:`Store.discarded` so the page can say so.

Every stored text is bounded before it is parsed (:func:`bounded_loads`): a
page must never be locked by its own storage (a deeply nested value kills
Pyodide inside ``json.loads``, on every reload).

One match, one writer: the envelope carries a ``revision`` that each save
raises by one. A :class:`Store` refuses to write over a revision newer than
the one it last read or wrote (another tab, or an older version of the page
left open, moved the match on); :meth:`Store.save_game` then answers
``STALE`` and the page adopts the newer match instead.

The backend is anything with ``getItem``/``setItem``/``removeItem`` (the
browser's ``localStorage``, or :class:`MemoryBackend` in tests).
"""

from __future__ import annotations

import json
from typing import NamedTuple

from sixtysix import Match, records
from sixtysix.quoting import quote
from sixtysix.safejson import JSONLimitError, bounded_loads

from ui.model.settings import Settings
from ui.model.stats import Stats

# bounded_loads (from sixtysix.safejson) is the one bounded JSON decoder: use it
# for anything else stored or linked too (``from ui.model.storage import bounded_loads``).

VERSION = 1
GAME_KEY = "sixtysix.game"
#: The game framed in a rules page keeps its own match, apart from the standalone page's.
EMBED_GAME_KEY = "sixtysix.game.embed"
SETTINGS_KEY = "sixtysix.settings"
STATS_KEY = "sixtysix.stats"
#: The deals of the day played (ui/model/daily.py).
DAILY_KEY = "sixtysix.daily"
#: The player's progress in the problems (ui/model/problem_play.py).
PROBLEMS_KEY = "sixtysix.problems"
PROBLEMS_MAX_CHARS = 80_000  # two thousand problem ids, thirty problems of the player's own
PROBLEMS_MAX_DEPTH = 7  # a problem's record nests its reason's run in the book's list
LESSONS_KEY = "sixtysix.lessons"
LESSONS_MAX_CHARS = 4_000  # eight lesson ids, one lesson's moves
LESSONS_MAX_DEPTH = 3
#: The envelope holds the record as an escaped string (every quote doubled in size).
GAME_MAX_CHARS = 2 * records.MAX_CHARS
GAME_MAX_DEPTH = 2
SMALL_MAX_CHARS = 2_000
SMALL_MAX_DEPTH = 2
#: Statistics hold a block per level (ui/model/stats.py): one level deeper, a few blocks longer.
STATS_MAX_CHARS = 8_000
STATS_MAX_DEPTH = 3
DAILY_MAX_CHARS = 20_000  # a year and more of days
#: What :meth:`Store.save_game` answers.
SAVED, FAILED, STALE = "saved", "failed", "stale"


class SavedGame(NamedTuple):
    """What a saved game holds besides the match (see :func:`encode_game`)."""

    match: Match
    #: Finished hands already in the statistics.
    counted_hands: int
    #: A practice match: ``(hand, action)``, where practice began (take-backs
    #: stop there, nothing from there on is counted); ``None`` for a real match.
    practice: tuple[int, int] | None = None


class SavedDataError(ValueError):
    """Saved data that cannot be used; ``kind`` is ``"corrupt"`` or ``"incompatible"``."""

    def __init__(self, kind: str, message: str):
        super().__init__(f"{kind}: {message}")
        self.kind = kind


def encode_game(match: Match, counted_hands: int, revision: int = 0,
                practice: tuple[int, int] | None = None) -> str:
    """The stored text of a match (:class:`SavedGame` says what each part is).

    ``counted_hands`` is how many finished hands are already in the
    statistics; ``practice`` marks a practice match (absent for a real one).
    """
    data = {"version": VERSION, "revision": revision, "match": records.dumps(match),
            "counted_hands": counted_hands}
    if practice is not None:
        data["practice"] = list(practice)
    return json.dumps(data, separators=(",", ":"))


def _with_revision(text: str, revision: int, other: int) -> str:
    """``text`` (from :func:`encode_game` with ``revision``) as if encoded with ``other``."""
    head = f'"revision":{revision},'
    return text.replace(head, f'"revision":{other},', 1)


def _stored_object(text, max_chars: int, max_depth: int, versioned: bool = False) -> dict:
    """The JSON object in ``text``, bounded before parsing (and of our version).

    :raises SavedDataError: for anything else.
    """
    try:
        data = bounded_loads(text, max_chars, max_depth)
    except JSONLimitError as e:
        raise SavedDataError("corrupt", str(e)) from None
    if not isinstance(data, dict):
        raise SavedDataError("corrupt", "not an object")
    if versioned and data.get("version") != VERSION:
        raise SavedDataError("incompatible", f"version {quote(data.get('version'))}, this page reads {VERSION}")
    return data


def _envelope(text) -> dict:
    return _stored_object(text, GAME_MAX_CHARS, GAME_MAX_DEPTH)


def revision_of(text) -> int:
    """The revision stored in a game envelope; 0 for none (or an older format).

    :raises SavedDataError: if the text is not an envelope at all.
    """
    revision = _envelope(text).get("revision")
    return revision if type(revision) is int and revision >= 0 else 0


def decode_game(text) -> SavedGame:
    """The match, its counted-hands mark and its practice mark from stored text.

    :raises SavedDataError: if the text is damaged, of another version, or
        not a reachable match.
    """
    data = _stored_object(text, GAME_MAX_CHARS, GAME_MAX_DEPTH, versioned=True)
    try:
        match = records.loads(data.get("match"))
    except Exception as e:  # RecordError, or anything the engine did not foresee
        raise SavedDataError("corrupt", f"bad match record ({str(e)[:200]})") from None
    if not isinstance(match, Match):
        raise SavedDataError("corrupt", "the record is not a match")
    counted = data.get("counted_hands")
    if not isinstance(counted, int) or isinstance(counted, bool) or counted < 0:
        counted = len(match.hands)
    return SavedGame(match, min(counted, len(match.hands)), _practice_mark(data.get("practice", None), match))


def _practice_mark(mark, match: Match) -> tuple[int, int] | None:
    """A stored practice mark, checked against the match. A damaged one still
    means practice (its aids were seen): it then starts at the current position."""
    if mark is None:
        return None
    here = (len(match.games) - 1, len(match.game.actions))
    if (not isinstance(mark, list) or len(mark) != 2
            or not all(type(x) is int and x >= 0 for x in mark)):
        return here
    hand, action = mark
    if hand > here[0] or (hand == here[0] and action > here[1]):
        return here
    return hand, action


def encode_settings(settings: Settings) -> str:
    return json.dumps({"version": VERSION, **settings.to_dict()})


def decode_settings(text) -> Settings:
    """:raises SavedDataError: if ``text`` is not our settings at all."""
    return Settings.from_dict(_load_versioned(text))


def encode_stats(stats: Stats) -> str:
    return json.dumps({"version": VERSION, **stats.to_dict()})


def decode_stats(text) -> Stats:
    """:raises SavedDataError: if ``text`` is not our statistics at all."""
    return Stats.from_dict(_stored_object(text, STATS_MAX_CHARS, STATS_MAX_DEPTH, versioned=True))


def _load_versioned(text) -> dict:
    return _stored_object(text, SMALL_MAX_CHARS, SMALL_MAX_DEPTH, versioned=True)


class MemoryBackend:
    """A stand-in for ``localStorage`` in tests."""

    def __init__(self, items: dict | None = None):
        self.items = dict(items or {})

    def getItem(self, key):  # noqa: N802 (the Web Storage API's name)
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        self.items[key] = str(value)

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)


class Store:
    """Reads and writes the saved items; storage failures never break the page.

    ``game_key`` is the match's own item (:data:`GAME_KEY`, or
    :data:`EMBED_GAME_KEY` for the framed game). Items found unreadable are
    removed and their keys added to :attr:`discarded`.
    """

    def __init__(self, backend, game_key: str = GAME_KEY):
        #: ``None`` where storage is blocked: every read finds nothing, every write fails.
        self.backend = backend
        self.game_key = game_key
        #: The revision of the match this page last read or wrote.
        self.revision = 0
        self.discarded: list[str] = []

    def _get(self, key):
        try:
            value = self.backend.getItem(key)
        except Exception:  # storage disabled (private mode, blocked cookies)
            return None
        try:
            return str(value) if value else None  # a JS null arrives falsy, not None
        except Exception:  # not text at all
            self._discard(key)
            return None

    def _set(self, key, value, drop_old: bool = False) -> bool:
        try:
            self.backend.setItem(key, value)
            return True
        except Exception:  # quota exceeded, storage disabled
            if not drop_old:
                return False
        # The old value's own room may be what is missing; and if the write still
        # fails, no older position must be left behind to be "resumed" later.
        self._remove(key)
        try:
            self.backend.setItem(key, value)
            return True
        except Exception:
            return False

    def _remove(self, key) -> None:
        try:
            self.backend.removeItem(key)
        except Exception:
            pass

    def _discard(self, key) -> None:
        self._remove(key)
        if key not in self.discarded:
            self.discarded.append(key)

    def load_game(self) -> SavedGame | None:
        """The saved match, or ``None`` if there is none.

        :raises SavedDataError: when something is stored but unusable (it
            is removed: the next load finds nothing).
        """
        self.revision = 0
        text = self._get(self.game_key)
        if text is None:
            return None
        try:
            saved = decode_game(text)
        except Exception as e:  # whatever the damage, the page starts clean
            self._discard(self.game_key)
            if isinstance(e, SavedDataError):
                raise
            raise SavedDataError("corrupt", f"{type(e).__name__}: {str(e)[:200]}") from None
        self.revision = revision_of(text)
        return saved

    def stored_revision(self) -> int:
        """The revision in storage now (another tab may have raised it)."""
        return self._revision_in(self._get(self.game_key))

    @staticmethod
    def _revision_in(text) -> int:
        try:
            return revision_of(text) if text is not None else 0
        except SavedDataError:
            return 0

    def newer_elsewhere(self) -> bool:
        """Whether storage holds a newer revision than this page's match."""
        return self.stored_revision() > self.revision

    def save_game(self, match: Match, counted_hands: int, practice: tuple[int, int] | None = None) -> str:
        """:data:`SAVED`, :data:`FAILED` (quota, storage blocked) or
        :data:`STALE` (a newer revision is stored: nothing was written).

        Storage is read once and the match encoded once: the record is
        the costly part, and the revision is only a prefix of the envelope."""
        stored = self._get(self.game_key)
        if self._revision_in(stored) > self.revision:
            return STALE
        revision = self.revision + 1
        text = encode_game(match, counted_hands, revision, practice)
        if self.revision and stored == _with_revision(text, revision, self.revision):
            return SAVED  # nothing changed (a reload's first save): no new revision for other tabs
        if not self._set(self.game_key, text, drop_old=True):
            return FAILED
        self.revision = revision
        return SAVED

    def _load_small(self, key, decode, default):
        text = self._get(key)
        if text is None:
            return default()
        try:
            return decode(text)
        except Exception:  # SavedDataError, or whatever else: never lock the page
            self._discard(key)
            return default()

    def load_settings(self) -> Settings:
        return self._load_small(SETTINGS_KEY, decode_settings, Settings)

    def save_settings(self, settings: Settings) -> bool:
        return self._set(SETTINGS_KEY, encode_settings(settings))

    def load_stats(self) -> Stats:
        return self._load_small(STATS_KEY, decode_stats, Stats)

    def save_stats(self, stats: Stats) -> bool:
        return self._set(STATS_KEY, encode_stats(stats))

    def load_daily(self):
        """The deals of the day played (an unreadable book starts afresh)."""
        from ui.model.daily import DailyBook

        return self._load_book(DAILY_KEY, DailyBook, DAILY_MAX_CHARS, STATS_MAX_DEPTH)

    def save_daily(self, book) -> bool:
        return self._save_book(DAILY_KEY, book)

    def load_problems(self):
        """The player's progress in the problems (unreadable: it starts afresh)."""
        from ui.model.problem_play import ProblemBook

        return self._load_book(PROBLEMS_KEY, ProblemBook, PROBLEMS_MAX_CHARS, PROBLEMS_MAX_DEPTH)

    def save_problems(self, book) -> bool:
        return self._save_book(PROBLEMS_KEY, book)

    def daily_on_table(self) -> bool:
        """Whether the day's deal was left under way on the table (read without its module)."""
        current = self._current(DAILY_KEY, DAILY_MAX_CHARS, STATS_MAX_DEPTH)
        return isinstance(current, dict) and current.get("on_table") is True

    def problem_on_table(self) -> bool:
        """Whether a problem was left under way on the table (read without its module)."""
        current = self._current(PROBLEMS_KEY, PROBLEMS_MAX_CHARS, PROBLEMS_MAX_DEPTH)
        return isinstance(current, dict) and current.get("on_table") is True

    def lesson_under_way(self) -> bool:
        """Whether a lesson was left under way (read without loading the course's module)."""
        return bool(self._current(LESSONS_KEY, LESSONS_MAX_CHARS, LESSONS_MAX_DEPTH))

    def _current(self, key: str, max_chars: int, max_depth: int):
        """The ``current`` member of the book saved under ``key``, as stored (``None``:
        no book, or one unreadable, which loading the book will say, if ever asked)."""
        text = self._get(key)
        try:
            return None if text is None else _stored_object(text, max_chars, max_depth, versioned=True).get("current")
        except SavedDataError:
            return None

    def load_lessons(self):
        """The player's course: lessons done, the one under way (unreadable: it starts afresh)."""
        from ui.model.lessons import LessonBook

        return self._load_book(LESSONS_KEY, LessonBook, LESSONS_MAX_CHARS, LESSONS_MAX_DEPTH)

    def save_lessons(self, book) -> bool:
        return self._save_book(LESSONS_KEY, book)

    def _load_book(self, key, book, max_chars: int, max_depth: int):
        """A record saved under ``key`` (``book.from_dict`` of our version), or ``book()`` if unreadable."""
        def decode(text):
            return book.from_dict(_stored_object(text, max_chars, max_depth, versioned=True))
        return self._load_small(key, decode, book)

    def _save_book(self, key, book) -> bool:
        return self._set(key, json.dumps({"version": VERSION, **book.to_dict()}, separators=(",", ":")))
