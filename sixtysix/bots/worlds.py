"""Worlds: the hidden cards, sampled consistently with what a view reveals.

A bot sees a :class:`sixtysix.View`. To search it fills in what it cannot see
(the opponent's hand and the order of the face-down stock) with a *world*: an
assignment of the unseen cards that agrees with everything the view shows, in
the spirit of OpenSpiel's ``resample_from_infostate``. This module

- reads the view into :class:`Knowledge` (which cards are unseen, which of them
  the opponent must hold, which they cannot hold, how many each place takes);
- samples or enumerates worlds uniformly among the consistent ones;
- builds a :class:`sixtysix.Game` in the view's exact position for a world.

What a view proves (and nothing more: choices the rules leave free, such as
which card a player led, prove nothing):

- every card in a completed trick or on the table is out of play;
- the trump card under the stock is known while the stock holds cards (also
  after closing: it stays under the closed stock);
- an opponent marriage shows both its cards: the partner stays in the
  opponent's hand until it is played;
- the opponent's exchange puts the old trump card in their hand (until played);
- in the strict phase (stock closed or empty) an opponent who did not follow
  suit holds no card of the led suit, and no trump either if they did not
  trump; one who followed with a lower card holds no higher card of that suit.
  Nobody draws after the strict phase starts, so these facts hold to the end.

Once the stock is empty the opponent's hand is exactly the unseen cards, so
there is a single world.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations
from math import comb

from .. import cards
from ..actions import Action
from ..cards import ALL_CARDS, HIGHER_IN_SUIT, SUIT_MASKS
from ..game import STOCK_START, Game
from ..view import View


class InconsistentView(ValueError):
    """The view contradicts itself (no world agrees with it)."""


@dataclass(frozen=True)
class Knowledge:
    """What ``player`` knows about the hidden cards (all masks are 24-bit card sets)."""

    player: int
    trump: int                 # trump suit index
    hand: int                  # own hand
    played: int                # cards out of play: completed tricks and the card on the table
    trump_card: int            # the card under the stock, -1 once the stock is empty
    unseen: int                # cards the player cannot see: opponent's hand + face-down stock
    opp_known: int             # unseen cards the opponent surely holds
    opp_forbidden: int         # unseen cards the opponent surely does not hold
    opp_count: int             # size of the opponent's hand
    stock_hidden: int          # face-down stock cards (stock size less the trump card)
    closed: bool = False       # the stock is closed (its order no longer matters)

    @property
    def free(self) -> int:
        """Unseen cards whose place is open."""
        return self.unseen & ~self.opp_known & ~self.opp_forbidden

    @property
    def opp_slots(self) -> int:
        """How many opponent cards are not known."""
        return self.opp_count - bin(self.opp_known).count("1")

    def world_count(self) -> int:
        """How many opponent hands agree with the view (stock orders not counted)."""
        return comb(bin(self.free).count("1"), self.opp_slots)


def _cards_of(codes) -> int:
    return cards.mask_of(cards.index(c) for c in codes)


def strict_tricks(view: View) -> list[bool]:
    """For each completed trick, whether it was played in the strict phase."""
    closed_at = None
    done = 0
    plays = 0
    for entry in view.history:
        a = entry["action"]
        if a == "close" and closed_at is None:
            closed_at = done
        elif a.startswith("play:"):
            plays += 1
            if plays % 2 == 0:
                done += 1
    n = len(view.completed_tricks)
    return [(closed_at is not None and i >= closed_at) or i >= STOCK_START // 2 for i in range(n)]


def infer(view) -> Knowledge:
    """Read a view (or its dict) into :class:`Knowledge`."""
    view = View.from_dict(view)
    me, opp = view.player, 1 - view.player
    trump = cards.suit_index(view.trump)
    hand = _cards_of(view.hand)
    played = _cards_of(view.trick)
    for t in view.completed_tricks:
        played |= _cards_of(t["cards"])
    trump_card = cards.index(view.trump_card) if view.stock and view.trump_card else -1
    visible = hand | played | (1 << trump_card if trump_card >= 0 else 0)
    unseen = ALL_CARDS & ~visible
    stock_hidden = view.stock - 1 if view.stock else 0

    known = 0
    for m in view.marriages:
        if m["player"] == opp:
            s = cards.suit_index(m["suit"])
            known |= cards.marriage_mask(s)
    if view.exchange and view.exchange["player"] == opp:
        known |= 1 << cards.index(view.exchange["took"])
    known &= unseen

    forbidden = 0
    strict = strict_tricks(view)
    for t, is_strict in zip(view.completed_tricks, strict):
        if not is_strict or t["leader"] != me:
            continue
        led, answer = (cards.index(c) for c in t["cards"])
        if led // 6 == answer // 6:
            if answer < led:
                forbidden |= HIGHER_IN_SUIT[led]
        else:
            forbidden |= SUIT_MASKS[led // 6]
            if answer // 6 != trump:
                forbidden |= SUIT_MASKS[trump]
    forbidden &= unseen & ~known

    if bin(unseen).count("1") != view.opponent_cards + stock_hidden:
        raise InconsistentView(
            f"{bin(unseen).count('1')} unseen cards for {view.opponent_cards} in hand + {stock_hidden} in the stock")
    k = Knowledge(me, trump, hand, played, trump_card, unseen, known, forbidden, view.opponent_cards, stock_hidden,
                  view.closed_by is not None)
    if k.opp_slots < 0 or bin(k.free).count("1") < k.opp_slots:
        raise InconsistentView("the view's constraints leave no consistent opponent hand")
    return k


def sample(k: Knowledge, rng: random.Random) -> tuple[int, list[int]]:
    """A uniformly drawn consistent world: (opponent hand mask, face-down stock top first)."""
    free = cards.cards_in(k.free)
    chosen = rng.sample(free, k.opp_slots)
    opp = k.opp_known | cards.mask_of(chosen)
    stock = cards.cards_in(k.unseen & ~opp)
    rng.shuffle(stock)
    return opp, stock


def enumerate_hands(k: Knowledge):
    """Every consistent opponent hand (use when :meth:`Knowledge.world_count` is small)."""
    for combo in combinations(cards.cards_in(k.free), k.opp_slots):
        yield k.opp_known | cards.mask_of(combo)


def worlds(view, n: int, rng: random.Random) -> list[tuple[int, list[int]]]:
    """``n`` worlds; when fewer opponent hands exist and the stock order cannot matter
    (stock closed or empty) every hand is listed once instead."""
    k = view if isinstance(view, Knowledge) else infer(view)
    if (k.stock_hidden == 0 or k.closed) and k.world_count() <= n:
        return [(h, cards.cards_in(k.unseen & ~h)) for h in enumerate_hands(k)]
    return [sample(k, rng) for _ in range(n)]


def build(view, opp_hand: int, stock: list[int]) -> Game:
    """A :class:`Game` in the view's exact position with the given hidden cards.

    ``stock`` is the face-down stock, top first (``view.stock - 1`` cards; its
    order is irrelevant once the stock is closed). See :meth:`Game.from_position`:
    a world knows the position, not how it came about, so it cannot be undone
    past its start.

    :raises ValueError: if ``stock`` does not hold the view's face-down cards.
    """
    view = View.from_dict(view)
    me, opp = view.player, 1 - view.player
    hands = [0, 0]
    hands[me] = _cards_of(view.hand)
    hands[opp] = opp_hand
    if view.trump_card and view.stock:
        trump_card = cards.index(view.trump_card)
    elif view.exchange:
        trump_card = cards.index(view.exchange["gave"])
    else:
        trump_card = cards.trump_nine(cards.suit_index(view.trump))  # long gone into a hand; never read again
    ex = view.exchange
    return Game.from_position(
        dealer=view.dealer, hands=hands, trump_card=trump_card, stock=list(stock),
        drawn=STOCK_START - view.stock, leader=view.leader,
        to_move=view.to_move if view.to_move is not None else -1,
        won=[view.points[p] - sum(m["points"] for m in view.marriages if m["player"] == p) for p in (0, 1)],
        tricks=list(view.tricks),
        closed_by=view.closed_by if view.closed_by is not None else -1,
        non_closer_tricks_at_close=view.non_closer_tricks_at_close or 0,
        led=cards.index(view.trick[0]) if view.trick else -1,
        pending_marriage=cards.suit_index(view.pending_marriage) if view.pending_marriage else -1,
        completed=[(t["leader"], cards.index(t["cards"][0]), cards.index(t["cards"][1]), t["winner"])
                   for t in view.completed_tricks],
        marriages=[(m["player"], cards.suit_index(m["suit"])) for m in view.marriages],
        exchange=(ex["player"], cards.index(ex["took"]), cards.index(ex["gave"])) if ex else None)


def true_world(game: Game, player: int) -> tuple[int, list[int]]:
    """The real hidden cards behind ``game.view(player)`` (for the open-hand player and tests)."""
    stock = list(game.stock[game.drawn:]) if game.drawn < STOCK_START else []
    return game.hands[1 - player], stock


def check(view, opp_hand: int, stock: list[int]) -> list[str]:
    """Why a world disagrees with the view (an empty list when it agrees)."""
    view = View.from_dict(view)
    k = infer(view)
    problems = []
    if bin(opp_hand).count("1") != view.opponent_cards:
        problems.append(f"opponent holds {bin(opp_hand).count('1')} cards, not {view.opponent_cards}")
    if len(stock) != k.stock_hidden or len(set(stock)) != len(stock):
        problems.append(f"stock holds {len(stock)} face-down cards, not {k.stock_hidden}")
    if opp_hand & cards.mask_of(stock):
        problems.append("a card is both in the opponent's hand and in the stock")
    if (opp_hand | cards.mask_of(stock)) != k.unseen:
        problems.append("the hidden cards are not exactly the unseen ones (a card seen twice or missing)")
    if k.opp_known & ~opp_hand:
        problems.append(f"known opponent cards missing: {cards.codes_in(k.opp_known & ~opp_hand)}")
    if k.opp_forbidden & opp_hand:
        problems.append(f"opponent holds cards they showed they lack: {cards.codes_in(k.opp_forbidden & opp_hand)}")
    return problems


def legal_in(view) -> list[int]:
    """The view's legal actions as codes."""
    return [Action.parse(a).code for a in View.from_dict(view).legal]
