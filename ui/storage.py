"""Saving to the browser's localStorage, with a version on everything stored.

The match is kept as the engine's own record (``sixtysix.records.dumps``)
inside a small versioned envelope, so a reload replays it exactly. Anything
unreadable or from another version raises :class:`SavedDataError`; the caller
then starts fresh and tells the player. Settings and statistics never raise:
odd values fall back to defaults.

The backend is anything with ``getItem``/``setItem``/``removeItem`` (the
browser's ``localStorage``, or :class:`MemoryBackend` in tests).
"""

from __future__ import annotations

import json

from sixtysix import Match, records

from .state import Settings, Stats

VERSION = 1
GAME_KEY = "sixtysix.game"
SETTINGS_KEY = "sixtysix.settings"
STATS_KEY = "sixtysix.stats"


class SavedDataError(ValueError):
    """Saved data that cannot be used; ``kind`` is ``"corrupt"`` or ``"incompatible"``."""

    def __init__(self, kind: str, message: str):
        super().__init__(f"{kind}: {message}")
        self.kind = kind


def encode_game(match: Match, counted_hands: int) -> str:
    """The text to store for a match in progress.

    ``counted_hands`` is how many finished hands are already in the
    statistics, so a reload never counts a hand twice.
    """
    return json.dumps({"version": VERSION, "match": records.dumps(match), "counted_hands": counted_hands},
                      separators=(",", ":"))


def decode_game(text) -> tuple[Match, int]:
    """The match and its counted-hands mark from stored text.

    :raises SavedDataError: if the text is damaged, of another version, or
        not a reachable match.
    """
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as e:
        raise SavedDataError("corrupt", f"not JSON ({e})") from None
    if not isinstance(data, dict):
        raise SavedDataError("corrupt", "not an object")
    if data.get("version") != VERSION:
        raise SavedDataError("incompatible", f"version {data.get('version')!r}, this page reads {VERSION}")
    try:
        match = records.loads(data.get("match"))
    except (ValueError, TypeError) as e:  # RecordError is a ValueError
        raise SavedDataError("corrupt", f"bad match record ({e})") from None
    if not isinstance(match, Match):
        raise SavedDataError("corrupt", "the record is not a match")
    counted = data.get("counted_hands")
    if not isinstance(counted, int) or isinstance(counted, bool) or counted < 0:
        counted = len(match.hands)
    return match, min(counted, len(match.hands))


def encode_settings(settings: Settings) -> str:
    return json.dumps({"version": VERSION, **settings.to_dict()})


def decode_settings(text) -> Settings:
    data = _load_versioned(text)
    return Settings.from_dict(data) if data is not None else Settings()


def encode_stats(stats: Stats) -> str:
    return json.dumps({"version": VERSION, **stats.to_dict()})


def decode_stats(text) -> Stats:
    data = _load_versioned(text)
    return Stats.from_dict(data) if data is not None else Stats()


def _load_versioned(text):
    if not text:
        return None
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return None
    return data


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
    """Reads and writes the three saved items; storage failures never break the page."""

    def __init__(self, backend):
        self.backend = backend

    def _get(self, key):
        try:
            value = self.backend.getItem(key)
        except Exception:  # storage disabled (private mode, blocked cookies)
            return None
        return value if value else None  # a JS null arrives falsy, not None

    def _set(self, key, value) -> bool:
        try:
            self.backend.setItem(key, value)
            return True
        except Exception:  # quota exceeded, storage disabled
            return False

    def load_game(self) -> tuple[Match, int] | None:
        """The saved match, or ``None`` if there is none.

        :raises SavedDataError: when something is stored but unusable.
        """
        text = self._get(GAME_KEY)
        if text is None:
            return None
        return decode_game(str(text))

    def save_game(self, match: Match, counted_hands: int) -> bool:
        return self._set(GAME_KEY, encode_game(match, counted_hands))

    def forget_game(self) -> None:
        try:
            self.backend.removeItem(GAME_KEY)
        except Exception:
            pass

    def load_settings(self) -> Settings:
        text = self._get(SETTINGS_KEY)
        return decode_settings(str(text)) if text is not None else Settings()

    def save_settings(self, settings: Settings) -> bool:
        return self._set(SETTINGS_KEY, encode_settings(settings))

    def load_stats(self) -> Stats:
        text = self._get(STATS_KEY)
        return decode_stats(str(text)) if text is not None else Stats()

    def save_stats(self, stats: Stats) -> bool:
        return self._set(STATS_KEY, encode_stats(stats))
