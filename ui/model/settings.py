"""UI-only data: the player's settings and the page's URL options (statistics: ui/model/stats.py).

Plain records (ui/model/record.py) with no browser imports (chessground's ``HeadlessState``
idea): the DOM layer reads them, ``storage`` saves them, tests build them.
Nothing here knows a rule of the game.
"""

from __future__ import annotations

from sixtysix.levels import LEVELS, URL_LEVELS

from ui.model.i18n import LANGUAGES
from ui.model.pace import DEFAULT_SPEED, SPEEDS
from ui.model.record import Record, field
from ui.model.stats import Stats  # noqa: F401  (its home is ui/model/stats.py; older imports still find it here)

#: Levels a person can pick on the page; ``random`` is reachable only via ``?level=``.
PLAYER_LEVELS = LEVELS
#: The page's colours: ``auto`` follows the system's ``prefers-color-scheme``
#: (``data-theme`` on ``<html>``; js/boot.js applies a saved one before the first paint).
THEMES = ("auto", "light", "dark")
#: What the coach says once each in a first match, the first time it is possible
#: (:meth:`ui.model.flow.Flow.coach`): ``coach.<name>`` in the locales.
COACHED = ("exchange", "marriage", "close", "declare")


class Settings(Record):
    """What the player chose; saved after every change."""

    #: ``"pt"`` or ``"it"``; ``None`` follows the browser's language.
    lang: str | None = None
    #: The computer's strength: one of :data:`PLAYER_LEVELS`.
    level: str = "medium"
    #: Hide the player's own points and let them declare on their own count
    #: (a false declaration is then possible and scored as the rules say).
    count_myself: bool = False
    #: How fast the computer's moves and finished tricks go by: one of :data:`ui.model.pace.SPEEDS`.
    speed: str = DEFAULT_SPEED
    #: Practice: the computer's cards face up and take-backs; such a match is never counted.
    practice: bool = False
    #: Closing the stock and declaring 66 take two taps: the first only asks
    #: (:data:`ui.model.table.COSTLY`, :meth:`ui.model.flow.Flow.asks_first`).
    confirm_moves: bool = True
    #: Light or dark colours, or the system's: one of :data:`THEMES`.
    theme: str = "auto"
    #: The four-colour deck: diamonds blue and clubs green (hearts red, spades black).
    four_colour: bool = False
    #: Sound effects (:func:`ui.model.table.pick_cue` decides which; js/sound.js plays them).
    sound: bool = False
    #: In a first match, a line says the first time each of :data:`COACHED` is possible.
    coach: bool = True
    #: Those already said (each is said once).
    coached: list = field(default_factory=list)

    @classmethod
    def from_dict(cls, data) -> "Settings":
        """Settings from saved data, keeping only valid fields (anything odd falls back)."""
        s = cls()
        if not isinstance(data, dict):
            return s
        if data.get("lang") in LANGUAGES:
            s.lang = data["lang"]
        if data.get("level") in PLAYER_LEVELS:
            s.level = data["level"]
        if isinstance(data.get("count_myself"), bool):
            s.count_myself = data["count_myself"]
        if data.get("speed") in SPEEDS:
            s.speed = data["speed"]
        if isinstance(data.get("practice"), bool):
            s.practice = data["practice"]
        if isinstance(data.get("confirm_moves"), bool):
            s.confirm_moves = data["confirm_moves"]
        if data.get("theme") in THEMES:
            s.theme = data["theme"]
        for name in ("four_colour", "sound", "coach"):
            if isinstance(data.get(name), bool):
                setattr(s, name, data[name])
        if isinstance(data.get("coached"), list):
            s.coached = [name for name in COACHED if name in data["coached"]]
        return s

    def to_dict(self) -> dict:
        return self.as_dict()


class UrlOptions(Record):
    """What the page's query string asks for (``?lang=it&level=hard&seed=7&embed=1``)."""

    lang: str | None = None
    level: str | None = None
    seed: int | None = None
    embed: bool = False
    #: Short pauses for the computer's moves (tests); never offered on the page.
    fast: bool = False
    #: ``timecap=0`` (tests only): the bots search without their wall-time
    #: safety cap, so a starved machine cannot change a choice the test predicts.
    timecap: bool = True
    #: ``test=1`` (tests only): the page offers the tests' reset
    #: (``window.sixtysixReset``, js/core-link.js), so one booted page serves many tests.
    test: bool = False

    @classmethod
    def parse(cls, query: str) -> "UrlOptions":
        """Parse ``location.search``; unknown or malformed values are ignored.

        >>> UrlOptions.parse("?lang=it&seed=12&embed=1&level=random")
        UrlOptions(lang='it', level='random', seed=12, embed=True, fast=False, timecap=True, test=False)
        """
        # Not urllib.parse: importing it (and ipaddress) costs ~70 ms in Pyodide.
        # Our values are plain ASCII tokens, so no percent-decoding is needed.
        q: dict[str, list[str]] = {}
        for part in query.lstrip("?").split("&"):
            name, _, value = part.partition("=")
            if name and value:  # like parse_qs, blank values are dropped
                q.setdefault(name, []).append(value.replace("+", " "))

        def one(name):
            values = q.get(name)
            return values[-1] if values else None

        opts = cls()
        lang = (one("lang") or "").lower()
        if lang in LANGUAGES:
            opts.lang = lang
        level = (one("level") or "").lower()
        if level in URL_LEVELS:
            opts.level = level
        seed = one("seed")
        if seed is not None and seed.strip().isdigit() and len(seed.strip()) <= 12:
            opts.seed = int(seed.strip())
        opts.embed = one("embed") in ("1", "true", "yes")
        opts.fast = one("fast") in ("1", "true", "yes")
        opts.timecap = one("timecap") not in ("0", "false", "no")
        opts.test = one("test") in ("1", "true", "yes")
        return opts
