"""Root moves and their value in one world: what the PIMC decision and the
opponent model both score moves with.

A *root move* is a whole turn of the player to move (:class:`RootMove`): on
lead [exchange] [close] then a card, so what is led after closing or
exchanging is decided once, not per world. :func:`world_values` scores root
moves in one world with the perfect-information search (:mod:`.search`),
seen from the player who makes them.

It sits between :mod:`.search` and its two users, :mod:`.pimc` (the search
players, which average these values over worlds) and :mod:`.inference`
(which scores the opponent's past card plays the same way to weigh worlds),
so neither imports the other for it.
"""

from __future__ import annotations

from .. import cards
from ..actions import CLOSE, EXCHANGE, MARRY
from ..view import View
from .search import INF, WIN, Searcher, closing_now, closing_state, declare_value


class RootMove:
    """One whole-turn choice at the root: [exchange] [close] then ``card`` (announcing its
    marriage when it is one and may be); ``first`` is the action that starts it."""

    __slots__ = ("first", "exchange", "close", "card", "label")

    def __init__(self, first: int, exchange: bool, close: bool, card: int):
        self.first, self.exchange, self.close, self.card = first, exchange, close, card
        self.label = ("exchange " if exchange else "") + ("close " if close else "") + cards.CODES[card]


def root_moves(view: View, legal: list[int]) -> list[RootMove]:
    """The whole-turn choices of the player to move; never a declaration (the decision
    declares before it lists moves, whenever the view's points allow)."""
    if view.trick or view.pending_marriage:
        return [RootMove(c, False, False, c) for c in legal if c < MARRY]
    hand = cards.mask_of(cards.index(c) for c in view.hand)
    trump = cards.suit_index(view.trump)
    has_trick = view.tricks[view.player] > 0
    out = []
    for ex in ((False, True) if EXCHANGE in legal else (False,)):
        h = hand
        if ex:
            h = hand ^ (1 << cards.trump_nine(trump)) ^ (1 << cards.index(view.trump_card))
        for cl in ((False, True) if CLOSE in legal else (False,)):
            for c in cards.cards_in(h):
                if ex:
                    first = EXCHANGE
                elif cl:
                    first = CLOSE
                elif cards.marriage_bonus(h, c, has_trick, trump):
                    first = MARRY + c // 6
                else:
                    first = c
                out.append(RootMove(first, ex, cl, c))
    return out


def world_values(s: Searcher, g, me: int, moves: list[RootMove], depth: int) -> list[int]:
    """The value for ``me`` of each root move in the world ``g`` (a Game at the view's position;
    ``s`` searches it: :meth:`Searcher.new_world`)."""
    opp = 1 - me
    strict = g.is_strict()
    d, tc = g.drawn, g.trump_card
    cl_now = closing_state(g.closed_by, g.leader, g.non_closer_tricks_at_close)
    out = []
    if g.led >= 0:   # I follow the opponent's card
        hl, hf, pl, pf = g.hands[opp], g.hands[me], g.points(opp), g.points(me)
        tl, tf = int(g.tricks[opp] > 0), int(g.tricks[me] > 0)
        hl |= 1 << g.led   # the led card is back in the leader's hand for the trick functions
        for m in moves:
            if strict:
                v = s.strict_follow(hl, hf, pl, pf, tl, tf, cl_now, g.led, m.card)
            else:
                v = s.open_follow(hl, hf, pl, pf, tl, tf, d, tc, depth, 0, g.led, m.card)
            out.append(-v)
        return out
    hl, hf, pl, pf = g.hands[me], g.hands[opp], g.points(me), g.points(opp)
    tl, tf = int(g.tricks[me] > 0), int(g.tricks[opp] > 0)
    married = g.pending_marriage >= 0
    nine = cards.trump_nine(g.trump)
    for m in moves:
        h, t = hl, tc
        if m.exchange:
            h, t = hl ^ (1 << nine) ^ (1 << tc), nine
        if m.close:
            v = strict_lead(s, h, hf, pl, pf, tl, tf, closing_now(tf), m.card, married)
        elif strict:
            v = strict_lead(s, h, hf, pl, pf, tl, tf, cl_now, m.card, married)
        else:
            v = open_lead(s, h, hf, pl, pf, tl, tf, d, t, depth, m.card, married)
        out.append(v)
    return out


def closing_wins(s: Searcher, g, me: int, exchange: bool) -> int:
    """1 if closing now (after exchanging, when allowed) wins the hand in this world, else 0."""
    opp = 1 - me
    hl, hf, pl, pf = g.hands[me], g.hands[opp], g.points(me), g.points(opp)
    tl, tf = int(g.tricks[me] > 0), int(g.tricks[opp] > 0)
    if exchange:
        hl ^= (1 << cards.trump_nine(g.trump)) ^ (1 << g.trump_card)
    return int(s.strict(hl, hf, pl, pf, tl, tf, closing_now(tf), -1, 1) > 0)


def strict_lead(s: Searcher, hl, hf, pl, pf, tl, tf, cl, c, married=False) -> int:
    """The leader's value of leading ``c`` in the strict phase, announcing its marriage
    unless ``married`` (announced already, counted in ``pl``)."""
    if not married:
        pl += cards.marriage_bonus(hl, c, tl, s.trump)
        if pl >= WIN:
            return declare_value(pl, pf, tf, cl)
    best = INF
    for a in cards.cards_in(cards.strict_answers(hf, c, s.trump)):
        v = s.strict_follow(hl, hf, pl, pf, tl, tf, cl, c, a, -INF, best)
        if v < best:
            best = v
    return best


def open_lead(s: Searcher, hl, hf, pl, pf, tl, tf, d, tc, depth, c, married=False) -> int:
    """The leader's value of leading ``c`` while the stock is open (:meth:`Searcher.open_lead`),
    ``depth`` tricks deep; with ``married`` the marriage is in ``pl`` already."""
    if married:   # the marriage is already counted: make the search not count it again
        best = INF
        for a in cards.cards_in(hf):
            v = s.open_follow(hl, hf, pl, pf, tl, tf, d, tc, depth, 0, c, a, -INF, best)
            if v < best:
                best = v
        return best
    return s.open_lead(hl, hf, pl, pf, tl, tf, d, tc, depth, 0, c)
