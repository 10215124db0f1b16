"""One hand of Sixty-Six: the state machine of RULES.md.

A :class:`Game` is dealt from an explicit deck (:meth:`Game.from_deck`) or a
seed (:meth:`Game.new`). :meth:`Game.apply` is the checked path: it parses the
notation, checks legality and raises :class:`IllegalAction` with the reason,
leaving the game untouched. Search uses the unchecked path: :meth:`Game.push`
with an action code from :meth:`Game.legal_codes`, undone by :meth:`Game.pop`.

>>> g = Game.from_deck("9C JC QC KC TC AC 9D JD QD KD TD AD 9H JH QH KH TH AH 9S JS QS KS TS AS".split(), dealer=1)
>>> g.to_move, g.trump_suit, g.hand(0)
(0, 'H', ['9C', 'JC', 'QC', 'KC', 'TC', 'AC'])
>>> g.apply("play:AC"); g.apply("play:9D"); g.tricks_won(0), g.points(0)
(1, 11)
"""

from __future__ import annotations

import random

from . import cards, scoring
from .quoting import quote
from .actions import ACTIONS, CLOSE, DECLARE, EXCHANGE, MARRY, Action, IllegalAction
from .cards import (HIGHER_IN_SUIT, POINTS, QUEEN, KING, SUIT_MASKS, beats, is_marriage_card, marriage_mask,
                    marriage_partner, marriage_points, strict_answers, trump_nine)

STOCK_START = 12  # 11 face down + the face-up trump card
FACE_DOWN = STOCK_START - 1


def trick_winner(leader: int, led: int, answer: int, trump: int) -> int:
    """Who wins a trick: the higher trump if any, else the higher card of the suit led."""
    return 1 - leader if beats(answer, led, trump) else leader



#: :meth:`Game.explain_illegal`'s English for each kind of :meth:`Game.illegal_reason`
#: (``p``: the player to move, ``a``: the action).
STRICT = "in the strict phase: follow suit with a higher card if possible, else follow suit, else trump"
ILLEGAL_TEXTS = {
    "hand_over": "the hand is over",
    "marriage_lead": "after announcing the marriage in {suit} player {p} must lead its king or queen, or declare",
    "not_held": "player {p} does not hold {card}",
    "follow_higher": "{card} does not answer {led} " + STRICT,
    "follow_suit": "{card} does not answer {led} " + STRICT,
    "trump": "{card} does not answer {led} " + STRICT,
    "not_on_lead": "only the player on lead may {kind}; player {p} is following",
    "marriage_not_held": "player {p} does not hold both the king and queen of {suit}",
    "marriage_needs_trick": "a marriage can be announced only after winning a trick in this hand",
    "stock_closed": "cannot {kind}: the stock is closed",
    "stock_empty": "cannot {kind}: the stock is empty",
    "no_trump_nine": "cannot exchange: player {p} does not hold the 9 of trumps",
    "exchange_needs_trick": "cannot exchange before winning a trick in this hand",
    "other": "{a} is not legal now",
}

class Game:
    """A hand of Sixty-Six between players 0 and 1.

    The position is kept in the engine's int form, which the bots' search and
    :class:`sixtysix.view.View` read directly: cards are ints 0-23
    (:mod:`sixtysix.cards`), hands 24-bit masks, ``-1`` for "none". Those
    fields are ``deck``, ``dealer``, ``hands``, ``trump``, ``trump_card``,
    ``stock``, ``drawn``, ``closed_by``, ``non_closer_tricks_at_close``,
    ``leader``, ``led``, ``pending_marriage``, ``won``, ``bonus``, ``tricks``,
    ``actions``, ``completed`` and ``marriages``; they are read, never written,
    outside this class (build a position with :meth:`from_position`). Names
    with a leading underscore are the class's own.
    """

    # --- construction -----------------------------------------------------------------

    def __init__(self, deck: list[str], dealer: int):
        if isinstance(dealer, bool) or not isinstance(dealer, int) or dealer not in (0, 1):
            raise ValueError(f"dealer must be 0 or 1, not {quote(dealer)}")
        if not isinstance(deck, (list, tuple)) or len(deck) != 24:
            raise ValueError("a deck is a list of the 24 card codes")
        ints = [cards.index(c) for c in deck]
        if len(set(ints)) != 24:
            dupes = sorted({cards.CODES[i] for i in ints if ints.count(i) > 1})
            raise ValueError(f"a deck holds each of the 24 cards once; repeated: {', '.join(dupes)}")
        self.deck = tuple(deck)
        self.dealer = dealer
        non_dealer = 1 - dealer
        self.hands = [0, 0]
        self.hands[non_dealer] = cards.mask_of(ints[0:6])
        self.hands[dealer] = cards.mask_of(ints[6:12])
        self.trump_card = ints[12]           # the face-up card under the stock (changes on exchange)
        self.trump = ints[12] // 6
        self.stock = ints[13:24]             # face-down cards, drawn from index 0
        self.drawn = 0                       # cards drawn so far; stock size is 12 - drawn
        self.closed_by = -1
        self.non_closer_tricks_at_close = 0  # the rule-3 snapshot
        self.leader = non_dealer
        self._to_move = non_dealer           # -1 once the hand is over
        self.led = -1                        # card led in the current trick, or -1
        self.pending_marriage = -1           # suit just announced by the leader, or -1
        self.won = [0, 0]                    # card points of won tricks
        self.bonus = [0, 0]                  # counted marriages
        self.tricks = [0, 0]
        self._result: scoring.Result | None = None
        self.actions: list[tuple[int, int]] = []         # (player, action code), the record
        self.completed: list[tuple[int, int, int, int]] = []  # (leader, led, answer, winner)
        self.marriages: list[tuple[int, int]] = []       # (player, suit)
        self._exchange: tuple[int, int, int] | None = None  # (player, took, gave)
        self._missed: set[int] = set()       # indexes in actions of leads that could not be marriages
        self._undo: list[tuple] = []

    @classmethod
    def from_position(cls, *, dealer: int, hands: list[int], trump_card: int, stock: list[int], drawn: int,
                      leader: int, to_move: int, won: list[int] | None = None, tricks: list[int] | None = None,
                      closed_by: int = -1, non_closer_tricks_at_close: int = 0, led: int = -1,
                      pending_marriage: int = -1, completed=(), marriages=(), exchange=None) -> "Game":
        """A hand in a given position, in the engine's int form (see the class doc).

        ``stock`` is the face-down stock still to draw, top first
        (``11 - drawn`` cards, none once ``drawn`` is 12), ``trump_card`` the
        card under it (the trump suit is its suit; once the stock is empty any
        trump the hand no longer shows). ``completed`` holds ``(leader, led,
        answer, winner)`` per trick, ``marriages`` ``(player, suit)``,
        ``exchange`` ``(player, took, gave)``; ``won`` and ``tricks`` default to
        what ``completed`` gives, the marriage points come from ``marriages``.
        The position knows where it is, not how it came about: its ``deck`` is
        a placeholder and it has no actions to undo. Used for the worlds of
        :mod:`sixtysix.bots.worlds`; the result stays ``None`` (a finished hand
        is never searched).

        :raises ValueError: if the stock does not hold ``11 - drawn`` cards.
        """
        if len(stock) != max(FACE_DOWN - drawn, 0):
            raise ValueError(f"after {drawn} draws the stock holds {max(FACE_DOWN - drawn, 0)} "
                             f"face-down cards, not {len(stock)}")
        g = cls.__new__(cls)
        g.deck = tuple(cards.CODES)
        g.dealer = dealer
        g.hands = list(hands)
        g.trump_card = trump_card
        g.trump = trump_card // 6
        g.stock = [0] * min(drawn, FACE_DOWN) + list(stock)   # the drawn part is never read
        g.drawn = drawn
        g.closed_by = closed_by
        g.non_closer_tricks_at_close = non_closer_tricks_at_close
        g.leader = leader
        g._to_move = to_move
        g.led = led
        g.pending_marriage = pending_marriage
        g.completed = list(completed)
        g.marriages = list(marriages)
        g.bonus = [0, 0]
        for p, suit in g.marriages:
            g.bonus[p] += marriage_points(suit, g.trump)
        if won is None or tricks is None:
            by_tricks, counts = [0, 0], [0, 0]
            for _, a, b, w in g.completed:
                by_tricks[w] += POINTS[a] + POINTS[b]
                counts[w] += 1
            won = by_tricks if won is None else won
            tricks = counts if tricks is None else tricks
        g.won = list(won)
        g.tricks = list(tricks)
        g._result = None
        g.actions = []
        g._exchange = exchange
        g._missed = set()
        g._undo = []
        return g

    @classmethod
    def from_deck(cls, deck: list[str], dealer: int) -> "Game":
        """A hand dealt from ``deck`` (24 codes): non-dealer ``deck[0:6]``, dealer
        ``deck[6:12]``, trump ``deck[12]``, stock drawn from ``deck[13]`` on.

        :raises ValueError: if ``deck`` is not the 24 cards once each or ``dealer`` is not 0 or 1.
        """
        try:
            deck = list(deck)
        except TypeError:
            raise ValueError(f"a deck is a list of the 24 card codes, not {quote(deck)}") from None
        return cls(deck, dealer)

    @classmethod
    def new(cls, seed=None, dealer: int | None = None) -> "Game":
        """A shuffled hand; the same seed gives the same deal (and dealer, if not given)."""
        rng = random.Random(seed)
        deck = list(cards.CODES)
        rng.shuffle(deck)
        if dealer is None:
            dealer = rng.randrange(2)
        return cls(deck, dealer)

    def copy(self) -> "Game":
        """An independent copy of the position (history lists are copied too)."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.hands, g.won, g.bonus, g.tricks = self.hands[:], self.won[:], self.bonus[:], self.tricks[:]
        g.stock, g.actions, g.completed = self.stock[:], self.actions[:], self.completed[:]
        g.marriages, g._missed, g._undo = self.marriages[:], set(self._missed), []
        return g

    # --- reading the position -------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The player whose decision it is, ``None`` once the hand is over."""
        return None if self._to_move < 0 else self._to_move

    @property
    def result(self) -> scoring.Result | None:
        return self._result

    @property
    def exchange(self) -> tuple[int, int, int] | None:
        """``(player, took, gave)`` as card ints once the trump nine was exchanged, else ``None``."""
        return self._exchange

    def missed_marriage(self, index: int) -> bool:
        """Whether ``actions[index]`` led a king or queen holding its partner before
        any trick, so the marriage could not be announced (the view says so)."""
        return index in self._missed

    @property
    def trump_suit(self) -> str:
        return cards.SUITS[self.trump]

    @property
    def stock_size(self) -> int:
        return STOCK_START - self.drawn

    def is_over(self) -> bool:
        return self._result is not None

    def is_strict(self) -> bool:
        """Strict phase: the stock is closed or empty, so the follower must follow suit."""
        return self.closed_by >= 0 or self.drawn == STOCK_START

    def stock_is_open(self) -> bool:
        return self.closed_by < 0 and self.drawn < STOCK_START

    def points(self, player: int) -> int:
        """Card points of the tricks ``player`` won plus their counted marriages."""
        return self.won[player] + self.bonus[player]

    def tricks_won(self, player: int) -> int:
        return self.tricks[player]

    def hand(self, player: int) -> list[str]:
        return cards.codes_in(self.hands[player])

    def stock_cards(self) -> list[str]:
        """The stock top first, the trump card last (hidden information!)."""
        if self.drawn == STOCK_START:
            return []
        return [cards.CODES[c] for c in self.stock[self.drawn:]] + [cards.CODES[self.trump_card]]

    def has_marriage(self, player: int, suit: int) -> bool:
        pair = marriage_mask(suit)
        return self.hands[player] & pair == pair

    def can_exchange(self) -> bool:
        p = self._to_move
        return (p >= 0 and p == self.leader and self.led < 0 and self.pending_marriage < 0
                and self.tricks[p] > 0 and self.stock_is_open()
                and bool(self.hands[p] >> (trump_nine(self.trump)) & 1))

    def can_close(self) -> bool:
        return (self._to_move >= 0 and self._to_move == self.leader and self.led < 0
                and self.pending_marriage < 0 and self.stock_is_open())

    # --- legal actions ------------------------------------------------------------------

    def legal_codes(self) -> list[int]:
        """The legal actions as codes (see :mod:`sixtysix.actions`), cheap for search."""
        p = self._to_move
        if p < 0:
            return []
        hand = self.hands[p]
        if self.led >= 0:  # following
            if self.is_strict():
                hand = strict_answers(hand, self.led, self.trump)
            return cards.cards_in(hand)
        if self.pending_marriage >= 0:
            s = self.pending_marriage * 6
            return [s + QUEEN, s + KING, DECLARE]
        codes = cards.cards_in(hand)
        if self.tricks[p]:
            codes += [MARRY + s for s in range(4) if self.has_marriage(p, s)]
        if self.can_exchange():
            codes.append(EXCHANGE)
        if self.stock_is_open():
            codes.append(CLOSE)
        codes.append(DECLARE)
        return codes

    def legal_actions(self) -> list[Action]:
        """Exactly the legal actions of the player to move; ``str(a)`` is the notation."""
        return [ACTIONS[c] for c in self.legal_codes()]

    def explain_illegal(self, code: int) -> str | None:
        """Why the action ``code`` is illegal now, or ``None`` if it is legal."""
        reason = self.illegal_reason(code)
        if reason is None:
            return None
        kind, params = reason
        return ILLEGAL_TEXTS[kind].format(p=self._to_move, a=ACTIONS[code], **params)

    def illegal_reason(self, code: int) -> tuple[str, dict] | None:
        """Why the action ``code`` is illegal now as a kind and its facts (for a
        UI to say in its own words), or ``None`` if it is legal. The kinds are
        the keys of :data:`ILLEGAL_TEXTS`; cards and suits are notation letters,
        ``cards`` the plays the rule leaves the player.

        >>> g = Game.new(seed=3)  # player 0 leads with JC AC 9D QH TH KS
        >>> g.illegal_reason(ACTIONS.index("play:9C"))
        ('not_held', {'card': '9C'})
        >>> g.illegal_reason(ACTIONS.index("marry:H"))
        ('marriage_not_held', {'suit': 'H'})
        """
        if code in self.legal_codes():
            return None
        p = self._to_move
        a = ACTIONS[code]
        if p < 0:
            return "hand_over", {}
        leading = self.led < 0
        if self.pending_marriage >= 0:
            return "marriage_lead", {"suit": cards.SUITS[self.pending_marriage]}
        if a.kind == "play":
            if not self.hands[p] >> code & 1:
                return "not_held", {"card": a.card}
            same = self.hands[p] & SUIT_MASKS[self.led // 6]
            kind = "follow_higher" if same & HIGHER_IN_SUIT[self.led] else "follow_suit" if same else "trump"
            return kind, {"card": a.card, "led": cards.CODES[self.led],
                          "cards": [cards.CODES[c] for c in self.legal_codes()]}
        if not leading:
            return "not_on_lead", {"kind": a.kind}
        if a.kind == "marry":
            if not self.has_marriage(p, cards.suit_index(a.suit)):
                return "marriage_not_held", {"suit": a.suit}
            return "marriage_needs_trick", {"suit": a.suit}
        if a.kind in ("exchange", "close"):
            if self.closed_by >= 0:
                return "stock_closed", {"kind": a.kind}
            if self.drawn == STOCK_START:
                return "stock_empty", {"kind": a.kind}
            if a.kind == "exchange":
                if not self.hands[p] >> (trump_nine(self.trump)) & 1:
                    return "no_trump_nine", {}
                return "exchange_needs_trick", {}
        return "other", {}

    # --- applying actions ---------------------------------------------------------------

    def apply(self, action) -> None:
        """Apply an action or its notation; :class:`IllegalAction` if it is not legal.

        :raises IllegalAction: with the reason; the game is unchanged.
        """
        a = Action.parse(action)
        why = self.explain_illegal(a.code)
        if why:
            raise IllegalAction(f"illegal action {a}: {why}")
        self.push(a.code)

    def push(self, code: int) -> None:
        """Apply a legal action code without checking it (search); undo with :meth:`pop`."""
        self._undo.append(self._snapshot())
        p = self._to_move
        self.actions.append((p, code))
        if code < MARRY:
            self._play(p, code)
        elif code < EXCHANGE:
            suit = code - MARRY
            self.pending_marriage = suit
            self.bonus[p] += marriage_points(suit, self.trump)
            self.marriages.append((p, suit))
        elif code == EXCHANGE:
            nine = trump_nine(self.trump)
            self._exchange = (p, self.trump_card, nine)
            self.hands[p] ^= (1 << nine) | (1 << self.trump_card)
            self.trump_card = nine
        elif code == CLOSE:
            self.closed_by = p
            self.non_closer_tricks_at_close = self.tricks[1 - p]
        else:
            self._end(scoring.declaration(p, self._points(), self.tricks, self.closed_by,
                                          self.non_closer_tricks_at_close))

    def pop(self) -> int:
        """Undo the last :meth:`push` (or :meth:`apply`); returns its action code."""
        self._restore(self._undo.pop())
        self._missed.discard(len(self.actions) - 1)
        return self.actions.pop()[1]

    def last_move_start(self, player: int) -> int | None:
        """Where ``player``'s last move begins in :attr:`actions`, or ``None``.

        A move is one decision: a lead together with the marriage announced
        for it, or an exchange, a close, a declaration, or a card played.
        """
        for i in range(len(self.actions) - 1, -1, -1):
            p, code = self.actions[i]
            if p == player:
                if code < MARRY and i > 0 and self.actions[i - 1] == (player, MARRY + code // 6):
                    return i - 1
                return i
        return None

    def take_back(self, player: int) -> list[str]:
        """Undo ``player``'s last move and everything played after it, so that
        ``player`` is to move again where they were; returns the notations
        undone, oldest first (a practice take-back; the record keeps no trace).

        :raises IllegalAction: if ``player`` has no move in this hand to take back.
        """
        start = self.last_move_start(player)
        if start is None or len(self._undo) < len(self.actions) - start:
            raise IllegalAction(f"illegal take-back: player {player} has no move to take back in this hand")
        undone = []
        while len(self.actions) > start:
            undone.append(str(ACTIONS[self.pop()]))
        return undone[::-1]

    # The undo snapshot: everything push changes, the history lists by their lengths.
    def _snapshot(self) -> tuple:
        return (self.hands[0], self.hands[1], self.trump_card, self.drawn, self.closed_by,
                self.non_closer_tricks_at_close, self.leader, self._to_move, self.led, self.pending_marriage,
                self.won[0], self.won[1], self.bonus[0], self.bonus[1], self.tricks[0], self.tricks[1],
                self._result, len(self.completed), len(self.marriages), self._exchange)

    def _restore(self, snapshot: tuple) -> None:
        (self.hands[0], self.hands[1], self.trump_card, self.drawn, self.closed_by,
         self.non_closer_tricks_at_close, self.leader, self._to_move, self.led, self.pending_marriage,
         self.won[0], self.won[1], self.bonus[0], self.bonus[1], self.tricks[0], self.tricks[1],
         self._result, n_completed, n_marriages, self._exchange) = snapshot
        del self.completed[n_completed:]
        del self.marriages[n_marriages:]

    def _points(self) -> list[int]:
        return [self.won[0] + self.bonus[0], self.won[1] + self.bonus[1]]

    def _play(self, p: int, card: int) -> None:
        self.hands[p] &= ~(1 << card)
        if self.led < 0:  # a lead
            if self.pending_marriage < 0 and is_marriage_card(card) and self.tricks[p] == 0 \
                    and self.has_marriage_partner(p, card):
                self._missed.add(len(self.actions) - 1)
            self.pending_marriage = -1
            self.led = card
            self._to_move = 1 - p
            return
        leader, led = self.leader, self.led
        w = trick_winner(leader, led, card, self.trump)
        self.won[w] += POINTS[led] + POINTS[card]
        self.tricks[w] += 1
        self.completed.append((leader, led, card, w))
        self.led = -1
        self.leader = self._to_move = w
        if self.closed_by < 0 and self.drawn < STOCK_START:
            self.hands[w] |= 1 << self.stock[self.drawn]
            self.drawn += 1
            last = self.stock[self.drawn] if self.drawn < FACE_DOWN else self.trump_card
            self.hands[1 - w] |= 1 << last
            self.drawn += 1
        if not self.hands[w]:
            self._end(scoring.last_trick(w, self._points(), self.tricks, self.closed_by,
                                         self.non_closer_tricks_at_close))

    def has_marriage_partner(self, p: int, card: int) -> bool:
        return bool(self.hands[p] >> marriage_partner(card) & 1)

    def _end(self, result: scoring.Result) -> None:
        self._result = result
        self._to_move = -1

    # --- views and records --------------------------------------------------------------

    def view(self, player: int):
        """What ``player`` may know (a :class:`sixtysix.view.View`)."""
        from .view import View
        return View.of(self, player)

    def action_notations(self) -> list[str]:
        return [str(ACTIONS[c]) for _, c in self.actions]

    def __repr__(self) -> str:
        return (f"<Game dealer={self.dealer} trump={self.trump_suit} to_move={self.to_move} "
                f"points={self._points()} tricks={self.tricks} result={self._result}>")
