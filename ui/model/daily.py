"""The deal of the day (issue 31): one deal per calendar day, the same for
every player, derived from the date alone, so it works offline and needs no
server (no browser imports).

The player always sits in the same seat (the computer deals, the player
leads) against the hard computer. When the hand ends, the hard computer plays
the same deal from the player's seat against the same opponent, move by move
through the worker's bot call, seeing only its own view: duplicate scoring, both
results side by side. Bots answer the same view the same way
(:func:`ui.model.botcall.view_seed`), so every player's browser finds the
same result for the computer.

The book (:class:`DailyBook`, saved apart from the match) keeps each day's
first result and the computer's, for the streak and the difference over time.
"""

from __future__ import annotations

from datetime import date as Date, timedelta

from sixtysix import Game
from sixtysix.match import seeded_deck

from ui.model.record import Record, field
from ui.model.replay import KeepsUnderWay, Original, UnderWay, one_hand_match, parse_left, play_moves
from ui.model.stats import Stats
from ui.model.table import Table

#: The day's opponent, and the player it is compared with.
LEVEL = "hard"
#: The computer deals: the player, the non-dealer, leads the first trick.
DEALER = 1
#: Days kept in the book (more than a year of daily play).
DAYS_KEPT = 400
#: What a share link of the day's deal starts with.
PREFIX = "#daily="


def parse_date(text) -> str:
    """``"2026-12-05"`` as it is, if it is a real date from 2020 to 2199; else ValueError."""
    if not isinstance(text, str) or len(text) != 10:
        raise ValueError(f"not a date: {text!r}")
    day = Date.fromisoformat(text)
    if not 2020 <= day.year < 2200:
        raise ValueError(f"a date out of range: {text}")
    return day.isoformat()


def shown(day: str) -> str:
    """The date as both languages write it: ``"5/12/2026"``."""
    year, month, dom = day.split("-")
    return f"{int(dom)}/{int(month)}/{year}"


def daily_deck(day: str) -> list[str]:
    """The day's deck: the same on every device and in every Python (a string-seeded shuffle)."""
    return seeded_deck(f"daily:{parse_date(day)}", 0)


def daily_hand(day: str) -> dict:
    """The day's deal as a hand record with no action yet."""
    return {"deck": daily_deck(day), "dealer": DEALER, "actions": []}


def daily_table(day: str, actions=()) -> Table:
    """The day's deal on a table of its own (never saved as the match, never
    counted in the statistics), with ``actions`` (its moves so far, from the
    book) played again to resume it.

    :raises ValueError: if the moves do not fit the day's deal (the caller deals it afresh).
    """
    table = Table(one_hand_match(daily_deck(day), DEALER), 0, Stats(), replay_of=Original({}, False, day))
    table.say("msg.daily.start", date=shown(day))
    return play_moves(table, actions)


def signed(facts: dict, seat: int = 0) -> int:
    """A finished hand's game points from ``seat``'s side: won positive, lost negative."""
    return facts["game_points"] if facts["winner"] == seat else -facts["game_points"]


async def computer_result(day: str, choose) -> int | None:
    """The hard computer's result on the day's deal from the player's seat
    against the hard computer: each move asked for with ``await choose(view)``
    (the worker's bot, at :data:`LEVEL`); ``None`` if a call failed."""
    game = Game.from_deck(daily_deck(day), DEALER)
    while game.result is None:
        view = game.view(game.to_move).to_dict()
        answer = await choose(view)
        if answer is None or answer not in view["legal"]:
            return None
        game.apply(answer)
    return signed(game.result.facts())


class DayResult(Record):
    """One day: the player's first result and the computer's from the same seat (game points, signed)."""

    you: int | None = None
    computer: int | None = None


def _result(data) -> DayResult | None:
    if not isinstance(data, dict):
        return None
    values = [data.get("you"), data.get("computer")]
    if not all(v is None or (isinstance(v, int) and not isinstance(v, bool) and -3 <= v <= 3) for v in values):
        return None
    return DayResult(*values)


class DailyBook(Record, KeepsUnderWay):
    """Every day played: ``days`` maps ``"2026-12-05"`` to its :class:`DayResult`."""

    days: dict = field(default_factory=dict)
    #: The day's deal under way (``of``: its date), resumed where it was.
    current: UnderWay | None = None
    #: Other days' deals left under way for another day's: date -> moves (ui/model/replay.py).
    left: dict = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data) -> "DailyBook":
        """The saved book, keeping only well-formed days (anything odd is dropped, never raised)."""
        book = cls()
        if isinstance(data, dict) and isinstance(data.get("days"), dict):
            for day, value in data["days"].items():
                try:
                    key = parse_date(day)
                except ValueError:
                    continue
                if (result := _result(value)) is not None:
                    book.days[key] = result
        if isinstance(data, dict):
            book.current = UnderWay.parse(data.get("current"), parse_date)
            book.left = parse_left(data.get("left"), parse_date)
        return book

    def to_dict(self) -> dict:
        days = sorted(self.days)[-DAYS_KEPT:]
        return {"days": {d: self.days[d].as_dict() for d in days},
                "current": self.current.as_dict() if self.current else None, "left": dict(self.left)}

    def day(self, day: str) -> DayResult:
        return self.days.get(day) or DayResult()

    def note_player(self, day: str, points: int) -> bool:
        """The player's result on ``day``'s deal (no longer under way); only the first
        counts. True if the book changed."""
        finished = self.played_out(day)
        entry = self.days.setdefault(day, DayResult())
        if entry.you is not None:
            return finished
        entry.you = points
        return True

    def note_computer(self, day: str, points: int) -> None:
        self.days.setdefault(day, DayResult()).computer = points

    def streak(self, today: str) -> int:
        """Days played in a row up to ``today`` (or up to yesterday, if today's is not played yet)."""
        day = Date.fromisoformat(today)
        if self.day(day.isoformat()).you is None:
            day -= timedelta(days=1)
        count = 0
        while self.day(day.isoformat()).you is not None:
            count += 1
            day -= timedelta(days=1)
        return count

    def lines(self, today: str, tr) -> list[str]:
        """The statistics' words on the days played (none before a first day)."""
        days, streak, diff = self.summary(today)
        if not days:
            return []
        out = [tr.t("stats.daily", days=days, streak=streak)]
        if diff is not None:
            text = f"{abs(diff):.1f}".replace(".", ",")
            out.append(tr.t("stats.daily.diff", diff=("+" if diff > 0 else "\u2212" if diff < 0 else "") + text))
        return out

    def summary(self, today: str) -> tuple[int, int, float | None]:
        """(days played, the streak, the mean of your result minus the computer's over the days both played)."""
        played = [r for r in self.days.values() if r.you is not None]
        both = [r.you - r.computer for r in played if r.computer is not None]
        return len(played), self.streak(today), (sum(both) / len(both) if both else None)
