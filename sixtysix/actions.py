"""Actions and their notation: ``play:QH``, ``marry:H``, ``exchange``, ``close``, ``declare``.

Internally an action is a small int (its *code*) so search can work on ints:
0-23 play that card, 24-27 marry in that suit, then exchange, close, declare.

>>> a = Action.parse("play:QH")
>>> str(a), a.code == Action.parse(str(a)).code
('play:QH', True)
"""

from __future__ import annotations

from . import cards
from .quoting import quote

MARRY = 24
EXCHANGE = 28
CLOSE = 29
DECLARE = 30
N_CODES = 31


class IllegalAction(ValueError):
    """An action that is not legal in this position (the game is left unchanged)."""


class MalformedAction(IllegalAction):
    """Text that is not an action in the notation at all."""


class Action:
    """One decision of a player. Compare, hash and print it as its notation."""

    __slots__ = ("code",)

    def __init__(self, code: int):
        self.code = code

    @classmethod
    def parse(cls, text) -> "Action":
        """Parse the notation; raises :class:`MalformedAction`.

        Always returns one of the engine's own actions, never the caller's
        object: an ``Action`` given in is read once, by its code.
        """
        if isinstance(text, Action):
            try:
                code = Action.code.__get__(text)  # the slot itself: a subclass cannot intercept it
            except AttributeError:
                code = None
            if type(code) is int and 0 <= code < N_CODES:
                return ACTIONS[code]
            raise MalformedAction(f"not an action: an Action with code {quote(code)} (codes are 0-{N_CODES - 1})")
        if not isinstance(text, str):
            raise MalformedAction(f"not an action: {quote(text)} (expected notation such as 'play:QH')")
        text = str.__str__(text)  # a plain str: a subclass's own strip() or partition() never runs
        kind, sep, arg = text.strip().partition(":")
        try:
            if kind == "play" and sep:
                return ACTIONS[cards.index(arg)]
            if kind == "marry" and sep:
                return ACTIONS[MARRY + cards.suit_index(arg)]
        except ValueError as e:
            raise MalformedAction(f"malformed action {quote(text)}: {e}") from None
        simple = {"exchange": EXCHANGE, "close": CLOSE, "declare": DECLARE}
        if kind in simple and not sep:
            return ACTIONS[simple[kind]]
        raise MalformedAction(
            f"malformed action {quote(text)}: expected play:<card>, marry:<suit>, exchange, close or declare")

    @property
    def kind(self) -> str:
        c = self.code
        return "play" if c < MARRY else "marry" if c < EXCHANGE else ("exchange", "close", "declare")[c - EXCHANGE]

    @property
    def card(self) -> str | None:
        """The card played, for a ``play`` action."""
        return cards.CODES[self.code] if self.code < MARRY else None

    @property
    def suit(self) -> str | None:
        """The suit of a ``marry`` action."""
        return cards.SUITS[self.code - MARRY] if MARRY <= self.code < EXCHANGE else None

    def __str__(self) -> str:
        return NOTATION[self.code]

    def __repr__(self) -> str:
        return f"Action.parse({NOTATION[self.code]!r})"

    def __eq__(self, other) -> bool:
        if isinstance(other, Action):
            return self.code == other.code
        if isinstance(other, str):
            return NOTATION[self.code] == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(NOTATION[self.code])


NOTATION = tuple(
    [f"play:{c}" for c in cards.CODES] + [f"marry:{s}" for s in cards.SUITS] + ["exchange", "close", "declare"])
ACTIONS = tuple(Action(i) for i in range(N_CODES))
