"""Replaying a deal apart from the match: "play this deal again", "play the
other seat", and deals opened from a share link (no browser imports).

A replay is a :class:`ui.model.table.Table` over a one-hand match of its own, with
its own throwaway statistics: it never touches the match in progress, the
saved data or the statistics. The page keeps the real table aside and puts it
back when the replay ends, so the match resumes where it was.
"""

from __future__ import annotations

from sixtysix import Game, Match
from sixtysix.match import TARGET

from ui.model.record import Record
from ui.model.stats import Stats
from ui.model.table import Table

WHO = ("you", "computer")


class Original(Record):
    """What the replayed deal gave the first time, from the replaying seat's side."""

    facts: dict
    #: The player now sits where the computer sat.
    other_seat: bool
    #: The deal of the day of this date (``"2026-12-05"``; ui/model/daily.py), or ``""``.
    daily: str = ""
    #: The problem played (a :class:`sixtysix.problems.Problem`; ui/model/problem_play.py), or ``None``.
    problem: object = None
    #: The lesson being played (a :class:`ui.model.lessons.LessonRun`; ui/model/lessons.py), or ``None``.
    lesson: object = None


def one_hand_match(deck, dealer: int) -> Match:
    """A match holding just this deal (never saved, never continued)."""
    return Match.from_games(None, [Game.from_deck(list(deck), dealer)], dealer, TARGET)


def replay_table(hand: dict, other_seat: bool = False, original: dict | None = None) -> Table:
    """A table that deals ``hand`` again; with ``other_seat`` the player gets the other cards.

    Swapping the dealer swaps the seats exactly: the non-dealer holds
    ``deck[0:6]`` and leads, so the player inherits the other side's cards and turn.
    """
    dealer = hand["dealer"] ^ (1 if other_seat else 0)
    table = Table(one_hand_match(hand["deck"], dealer), 0, Stats(), replay_of=Original(original or {}, other_seat))
    # A deal from a link (no first play of this player's) is not "the same hand again".
    table.say("msg.replay.other" if other_seat else "msg.replay.same" if original else "msg.replay.link")
    return table


def shared_hand_table(hand: dict) -> Table:
    """A hand from a review link on a table apart, as it ended (or as far as it went).

    :raises ValueError: if its moves do not fit its deal.
    """
    table = play_moves(Table(one_hand_match(hand["deck"], hand["dealer"]), 0, Stats(), replay_of=Original({}, False)),
                       hand["actions"])
    table.say("msg.review.link")
    return table


def original_key(original: Original) -> tuple[str, dict] | None:
    """The line that recalls the first result, seen from the seat now played."""
    if not original.facts:
        return None
    winner = original.facts["winner"] ^ (1 if original.other_seat else 0)
    return f"replay.original.{WHO[winner]}", {"gp": original.facts["game_points"]}


#: The most moves a hand can hold (24 cards, marriages, an exchange, a close, a declaration).
MAX_MOVES = 48


def saved_moves(actions) -> bool:
    """Whether ``actions``, read back from storage, can be a hand's moves so far (in notation)."""
    return (isinstance(actions, list) and len(actions) <= MAX_MOVES
            and all(isinstance(a, str) and len(a) <= 12 for a in actions))


class UnderWay(Record):
    """A deal apart left under way (the day's, a problem): which one (``of``: its
    date or id), its moves so far, and whether it was on the table (a reload then
    resumes it; opening it again always does, so a bad start cannot be dealt away)."""

    of: str
    actions: list
    on_table: bool = True

    @classmethod
    def parse(cls, data, check) -> "UnderWay | None":
        """A saved one, if well formed and ``check(of)`` passes (it raises ValueError otherwise); else ``None``."""
        if not isinstance(data, dict) or not isinstance(data.get("on_table"), bool) or not isinstance(data.get("of"), str):
            return None
        actions = data.get("actions")
        if not saved_moves(actions):
            return None
        try:
            check(data["of"])
        except ValueError:
            return None
        return cls(data["of"], list(actions), data["on_table"])


#: Deals of one book left under way for another of its deals, kept besides the
#: one under way now (their moves resume them; the oldest goes first).
LEFT_KEPT = 3


def parse_left(data, check) -> dict:
    """A book's deals left under way, read back from storage (``{of: moves}``):
    the well-formed ones, the latest :data:`LEFT_KEPT`; anything odd dropped."""
    if not isinstance(data, dict):
        return {}
    left = {}
    for of, actions in list(data.items())[-LEFT_KEPT:]:
        try:
            check(of)
        except (ValueError, TypeError):
            continue
        if isinstance(of, str) and saved_moves(actions):
            left[of] = list(actions)
    return left


class KeepsUnderWay:
    """For a book of deals apart (the days', the problems'): ``current``, the deal
    under way, and ``left``, others of the book left for another (``{of: moves}``)."""

    def moves_under_way(self, of: str) -> list[str]:
        """The moves kept for the deal ``of``: the one under way, or one left for
        another; ``[]``: none, it is dealt from its start."""
        if self.current is not None and self.current.of == of:
            return list(self.current.actions)
        return list(self.left.get(of, ()))

    def keep_under_way(self, of: str, actions) -> None:
        """``of`` under way on the table with ``actions``. The deal under way before,
        if another and begun, is kept among those left, so opening another day's
        deal or problem never deals it afresh (only a first result counts)."""
        before = self.current
        if before is not None and before.of != of and before.actions:
            self.left.pop(before.of, None)
            self.left[before.of] = list(before.actions)
        self.left.pop(of, None)
        while len(self.left) > LEFT_KEPT:
            del self.left[next(iter(self.left))]
        self.current = UnderWay(of, list(actions))

    def played_out(self, of: str) -> bool:
        """``of`` ended: nothing of it left to resume. True if the book changed."""
        changed = self.left.pop(of, None) is not None
        if self.current is not None and self.current.of == of:
            self.current = None
            changed = True
        return changed


def play_moves(table: Table, actions) -> Table:
    """``actions`` (both sides' moves, saved) played again on ``table``, silently.

    :raises ValueError: if one is not legal where it comes (the caller deals afresh).
    """
    for action in actions:
        if table.to_move is None or action not in table.view(table.to_move)["legal"]:
            raise ValueError(f"the saved moves {list(actions)!r} do not fit this deal")
        table.apply(table.to_move, action)
        table.gather()
    if actions:
        table.take_events()  # said when they were played: the live region does not read them again
    return table
