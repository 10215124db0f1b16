"""Cards, suits and their points.

Inside the engine a card is a small int, ``suit * 6 + rank``, so a hand is a
24-bit mask and copying a position costs next to nothing. Outside it a card is
its two-letter code (``"QH"``: rank ``9 J Q K T A``, suit ``C D H S``).

>>> code(index("TS"))
'TS'
>>> POINTS[index("AH")], POINTS[index("9H")]
(11, 0)
"""

from .quoting import quote

SUITS = "CDHS"
RANKS = "9JQKTA"  # weakest first: a higher index beats a lower one of the suit
RANK_POINTS = (0, 2, 3, 4, 10, 11)

NINE, JACK, QUEEN, KING, TEN, ACE = range(6)

CODES = tuple(r + s for s in SUITS for r in RANKS)
POINTS = tuple(RANK_POINTS[c % 6] for c in range(24))
ALL_CARDS = (1 << 24) - 1
SUIT_MASKS = tuple(0b111111 << (6 * s) for s in range(4))
# Cards of the same suit that beat card c.
HIGHER_IN_SUIT = tuple(SUIT_MASKS[c // 6] & ~((1 << (c + 1)) - 1) for c in range(24))

_INDEX = {c: i for i, c in enumerate(CODES)}


def index(card_code: str) -> int:
    """The engine's int for a card code; ``ValueError`` if it is not one."""
    i = _INDEX.get(str.__str__(card_code)) if isinstance(card_code, str) else None
    if i is None:
        raise ValueError(f"not a card: {quote(card_code)} (expected rank 9JQKTA + suit CDHS, e.g. 'QH')")
    return i


def code(card: int) -> str:
    return CODES[card]


def suit_of(card: int) -> int:
    return card // 6


def rank_of(card: int) -> int:
    return card % 6


def suit_index(suit_letter: str) -> int:
    i = SUITS.find(suit_letter) if isinstance(suit_letter, str) and len(suit_letter) == 1 else -1
    if i < 0:
        raise ValueError(f"not a suit: {quote(suit_letter)} (expected one of C D H S)")
    return i


def cards_in(mask: int) -> list[int]:
    """The cards of a mask, lowest first (sorted by suit, then rank)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def codes_in(mask: int) -> list[str]:
    return [CODES[c] for c in cards_in(mask)]


def mask_points(mask: int) -> int:
    return sum(POINTS[c] for c in cards_in(mask))
