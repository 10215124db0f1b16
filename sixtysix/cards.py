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

# --- the card rules every trick and marriage uses (tables, so the search's hot loops stay cheap) ---

#: ``BEATS[trump][led]``: the cards that win a trick led by ``led``, a higher card
#: of the suit led or, when ``led`` is not a trump, any trump.
BEATS = tuple(tuple(HIGHER_IN_SUIT[c] | (SUIT_MASKS[t] if c // 6 != t else 0) for c in range(24))
              for t in range(4))

#: ``PARTNER_BIT[c]``: the bit of the other card of ``c``'s marriage (queen <-> king), 0 for other ranks.
PARTNER_BIT = tuple(1 << (c + 1) if c % 6 == QUEEN else 1 << (c - 1) if c % 6 == KING else 0
                    for c in range(24))

MARRIAGE_POINTS, TRUMP_MARRIAGE_POINTS = 20, 40


def beats(answer: int, led: int, trump: int) -> bool:
    """Whether ``answer`` wins the trick ``led`` (trump suit ``trump``).

    >>> beats(index("AH"), index("TH"), suit_index("C")), beats(index("9C"), index("AH"), suit_index("C"))
    (True, True)
    >>> beats(index("AS"), index("9H"), suit_index("C"))
    False
    """
    return bool(BEATS[trump][led] >> answer & 1)


def is_marriage_card(card: int) -> bool:
    """A queen or a king: leading it may announce its marriage."""
    return bool(PARTNER_BIT[card])


def marriage_partner(card: int) -> int:
    """The other card of the marriage of a queen or king (``KH`` for ``QH``)."""
    return card + 1 if card % 6 == QUEEN else card - 1


def marriage_mask(suit: int) -> int:
    """The queen and king of ``suit``."""
    return (1 << (suit * 6 + QUEEN)) | (1 << (suit * 6 + KING))


def marriage_points(suit: int, trump: int) -> int:
    """40 for the trump marriage, 20 for another."""
    return TRUMP_MARRIAGE_POINTS if suit == trump else MARRIAGE_POINTS


def marriage_bonus(hand: int, card: int, has_trick: int, trump: int) -> int:
    """The points announcing ``card``'s marriage adds when ``card`` is led from ``hand``:
    its marriage's points if the leader has a trick and the partner is in ``hand``, else 0.
    The bots assume a marriage that can be announced is announced (it never hurts).

    >>> marriage_bonus(mask_of([index("QH"), index("KH")]), index("KH"), 1, suit_index("H"))
    40
    >>> marriage_bonus(mask_of([index("QH"), index("KH")]), index("QH"), 0, suit_index("C"))
    0
    """
    if has_trick and hand & PARTNER_BIT[card]:
        return marriage_points(card // 6, trump)
    return 0


def strict_answers(hand: int, led: int, trump: int) -> int:
    """The cards of ``hand`` (a mask) that may answer ``led`` once the stock is closed
    or empty: a higher card of the suit led, else any card of that suit, else a trump,
    else any card. One rule for the engine's legal actions and the bots' searches.

    >>> codes_in(strict_answers(mask_of(index(c) for c in ("9H", "AH", "AS")), index("TH"), suit_index("C")))
    ['AH']
    >>> codes_in(strict_answers(mask_of(index(c) for c in ("9H", "AS", "9C")), index("TH"), suit_index("C")))
    ['9H']
    >>> codes_in(strict_answers(mask_of(index(c) for c in ("AS", "9C", "JC")), index("TH"), suit_index("C")))
    ['9C', 'JC']
    >>> codes_in(strict_answers(mask_of(index(c) for c in ("AS", "9D")), index("TH"), suit_index("C")))
    ['9D', 'AS']
    """
    same = hand & SUIT_MASKS[led // 6]
    if same:
        return same & HIGHER_IN_SUIT[led] or same
    return hand & SUIT_MASKS[trump] or hand


def trump_nine(trump: int) -> int:
    """The 9 of trumps, the card that may be exchanged for the trump card."""
    return trump * 6 + NINE


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
