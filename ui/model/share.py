"""Share links: a deal, or a finished hand, in a short versioned text (not JSON).

``#hand=v1.<deck><dealer><actions>.<check>``:

- ``deck``: 24 letters, one per card, ``A``-``X`` standing for the cards in the
  engine's fixed order (``sixtysix.cards.CODES``: 9C JC QC KC TC AC 9D ...);
- ``dealer``: ``0`` or ``1``;
- ``actions``: one character each: a card letter for ``play:``, ``c d h s`` for
  a marriage in that suit, ``x`` exchange, ``z`` close, ``y`` declare;
- ``check``: 6 hex digits of a CRC-32 over the rest, so a changed character is
  caught even when the changed hand would still be legal.

:func:`parse` bounds the length before reading anything, checks every part,
then replays the hand through the engine; anything wrong raises
:class:`LinkError` (a ``ValueError``) and nothing else. No browser imports.

>>> deck = "9C JC QC KC TC AC 9D JD QD KD TD AD 9H JH QH KH TH AH 9S JS QS KS TS AS".split()
>>> link = encode(deck, 1, ["close", "declare"])
>>> link
'v1.ABCDEFGHIJKLMNOPQRSTUVWX1zy.1ab7a6'
>>> parse(link)[2]
['close', 'declare']
"""

from __future__ import annotations

import zlib

from sixtysix import Game, cards

VERSION = "v1"
PREFIX = "#hand="
#: Longer than any hand can be (24 + 1 + at most about 35 actions + framing): refused unread.
MAX_LENGTH = 96
CARD_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWX"
OTHER = {"marry:C": "c", "marry:D": "d", "marry:H": "h", "marry:S": "s",
         "exchange": "x", "close": "z", "declare": "y"}
FROM_OTHER = {v: k for k, v in OTHER.items()}


class LinkError(ValueError):
    """A share link that cannot be used; the message says what is wrong."""


def _check(payload: str) -> str:
    return f"{zlib.crc32(payload.encode('ascii')) & 0xFFFFFF:06x}"


def encode(deck, dealer: int, actions) -> str:
    """The link text (without ``#hand=``) of a deal and the actions played in it."""
    body = "".join(CARD_LETTERS[cards.index(c)] for c in deck) + str(dealer)
    for a in actions:
        body += CARD_LETTERS[cards.index(a[5:])] if a.startswith("play:") else OTHER[a]
    payload = f"{VERSION}.{body}"
    return f"{payload}.{_check(payload)}"


def parse(text) -> tuple[list[str], int, list[str]]:
    """The deck, dealer and actions of a link (with or without ``#hand=``).

    :raises LinkError: if the text is too long, malformed, of another version,
        tampered with, or not a hand the rules can reach.
    """
    if not isinstance(text, str):
        raise LinkError("a link is text")
    if len(text) > MAX_LENGTH + len(PREFIX):
        raise LinkError(f"too long ({len(text)} characters)")
    if not text.isascii():
        raise LinkError("a link holds only plain letters and digits")
    if text.startswith(PREFIX):
        text = text[len(PREFIX):]
    parts = text.split(".")
    if len(parts) != 3:
        raise LinkError("expected version.hand.check")
    version, body, check = parts
    if version != VERSION:
        raise LinkError(f"unknown version {version[:8]!r} (this page reads {VERSION})")
    if check != _check(f"{version}.{body}"):
        raise LinkError("the check does not match: the link was changed or cut")
    if len(body) < 25:
        raise LinkError("the deal is incomplete")
    deck_part, dealer, moves = body[:24], body[24], body[25:]
    if any(ch not in CARD_LETTERS for ch in deck_part) or len(set(deck_part)) != 24:
        raise LinkError("the deck must hold each of the 24 cards once")
    if dealer not in "01":
        raise LinkError("the dealer must be 0 or 1")
    deck = [cards.CODES[CARD_LETTERS.index(ch)] for ch in deck_part]
    actions = []
    for ch in moves:
        if ch in CARD_LETTERS:
            actions.append("play:" + cards.CODES[CARD_LETTERS.index(ch)])
        elif ch in FROM_OTHER:
            actions.append(FROM_OTHER[ch])
        else:
            raise LinkError(f"{ch!r} is not an action")
    game = Game.from_deck(deck, int(dealer))
    for i, a in enumerate(actions):
        try:
            game.apply(a)
        except ValueError as e:
            raise LinkError(f"action {i + 1} ({a}) is not legal: {e}") from None
    if actions and game.result is None:
        raise LinkError("the hand is not finished")
    return deck, int(dealer), actions
