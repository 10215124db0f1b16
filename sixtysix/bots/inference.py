"""World weights from what the opponent's play reveals (policy-based inference).

Uniform sampling (:mod:`.worlds`) uses only hard facts. But an opponent's
choices say more: which card it led, that it threw a low card where it could
have won, that it did not marry the king it led, did not exchange. Following
Rebstock, Solinas, Buro and Sturtevant (2019, policy-based inference in Skat),
each sampled world gets a weight: how likely the opponent's recent decisions
are, under a cheap model of its play, had the world's cards been theirs.

For one world this module

1. rebuilds a whole deal that agrees with the world and the public history
   (:func:`deal_of`): the cards each player drew after each open trick are not
   in the view, so they are drawn at random among the cards that player held
   since then (never a card known to have been held before: a marriage
   partner, the card taken by an exchange);
2. replays the public history on that deal and, at each of the opponent's last
   ``horizon`` card plays, values every card it could have played with a light
   perfect-information search (one trick then the evaluation while the stock
   is open, exact in the strict phase) from the opponent's side, turning the
   values into probabilities with a softmax (``temperature`` in game points)
   mixed with a uniform share ``floor`` so no world is ruled out by the model;
3. multiplies in the soft facts: leading a king or queen without announcing
   the marriage it could have announced (``missed``), not exchanging the trump
   nine when it could (``kept_nine``).

Everything comes from the view and the world, never from the real hidden
cards, and the deal is drawn from an RNG seeded by the decision's RNG, so the
same view gives the same weights (the fairness test holds).
"""

from __future__ import annotations

import math
import random

from .. import cards
from ..actions import EXCHANGE, MARRY, Action

from ..cards import POINTS
from ..game import STOCK_START, Game, trick_winner
from ..view import View
from .config import SearchConfig
from .rootmoves import RootMove, world_values
from .search import G, OutOfBudget, Searcher


class Weigher:
    """The weight of each world of one decision, computed when the search first needs it
    (worlds are weighed in the order asked, so the rebuilt deals follow the RNG in a fixed order)."""

    def __init__(self, view: View, model: SearchConfig, evaluate, rng: random.Random):
        self.view, self.model, self.rng = view, model, rng
        self.events = _history(view)
        self.trump = cards.suit_index(view.trump)
        self.evaluate = evaluate
        # nothing to infer once the stock is empty (one world) or before the opponent has played
        self.active = (view.stock > 0 and model.horizon > 0
                       and any(p != view.player and a < MARRY for p, a in self.events))

    def __call__(self, world) -> float:
        if not self.active:
            return 1.0
        opp, stock = world
        searcher = Searcher(self.trump, self.evaluate, node_cap=self.model.model_nodes)
        for _ in range(3):   # a rebuilt deal the history contradicts: draw the draws again
            deck = deal_of(self.view, opp, stock, self.rng)
            lw = _log_likelihood(self.view, deck, self.events, self.model, searcher) if deck else None
            if lw is not None:
                return math.exp(lw)
        return 1.0


def _history(view: View) -> list[tuple[int, int]]:
    return [(e["player"], Action.parse(e["action"]).code) for e in view.history]


def deal_of(view: View, opp_hand: int, stock: list[int], rng: random.Random) -> list[str] | None:
    """A whole deck (``Game.from_deck`` order) that leads to the view with the world's
    hidden cards; ``None`` when the draws cannot be placed."""
    me, opp = view.player, 1 - view.player
    hands = {me: cards.mask_of(cards.index(c) for c in view.hand), opp: opp_hand}
    trump = cards.suit_index(view.trump)
    nine = cards.trump_nine(trump)
    ex = view.exchange
    first_trump = cards.index(ex["took"]) if ex else cards.index(view.trump_card)
    rounds = (STOCK_START - view.stock) // 2
    tricks = view.completed_tricks
    # marriage partners are held from the announcement on, so they were not drawn after it
    marriage_at = _marriage_tricks(view)
    exchange_at = _exchange_trick(view)
    for c in view.trick:   # the card on the table goes back to its player
        hands[view.leader] |= 1 << cards.index(c)
    draws = [None] * rounds
    swap = (1 << first_trump) | (1 << nine)   # undoing the exchange: the nine back, the trump card out
    for j in range(len(tricks) - 1, -1, -1):
        t = tricks[j]
        if exchange_at == j + 1:   # made after the draws of trick j, before the next lead
            hands[ex["player"]] ^= swap
        if j < rounds:   # the draws after trick j come out first
            w = t["winner"]
            pair = []
            for p in (w, 1 - w):
                pinned = 0
                for suit, at in marriage_at[p]:
                    if at <= j:
                        pinned |= cards.marriage_mask(suit)
                if exchange_at is not None and exchange_at <= j and ex["player"] == p:
                    pinned |= 1 << first_trump   # taken from under the stock, not drawn
                free = cards.cards_in(hands[p] & ~pinned)
                if not free:
                    return None
                c = rng.choice(free)
                hands[p] &= ~(1 << c)
                pair.append(c)
            draws[j] = pair
        leader = t["leader"]
        led, answer = (cards.index(c) for c in t["cards"])
        hands[leader] |= 1 << led
        hands[1 - leader] |= 1 << answer
    if exchange_at == 0:
        hands[ex["player"]] ^= swap
    if bin(hands[0]).count("1") != 6 or bin(hands[1]).count("1") != 6:
        return None
    face_down = [c for pair in draws for c in pair] + list(stock)
    non_dealer = 1 - view.dealer
    deck = cards.cards_in(hands[non_dealer]) + cards.cards_in(hands[view.dealer]) + [first_trump] + face_down
    if len(set(deck)) != 24:
        return None
    return [cards.CODES[c] for c in deck]


def _marriage_tricks(view: View) -> dict[int, list[tuple[int, int]]]:
    """For each player, (suit, trick index) of the marriages they announced."""
    out = {0: [], 1: []}
    done = plays = 0
    for e in view.history:
        a = Action.parse(e["action"]).code
        if MARRY <= a < EXCHANGE:
            out[e["player"]].append((a - MARRY, done))
        elif a < MARRY:
            plays += 1
            done = plays // 2
    return out


def _exchange_trick(view: View) -> int | None:
    """The index of the trick before whose lead the exchange was made."""
    plays = 0
    for e in view.history:
        a = Action.parse(e["action"]).code
        if a == EXCHANGE:
            return plays // 2
        if a < MARRY:
            plays += 1
    return None


def _log_likelihood(view: View, deck: list[str], events, model: SearchConfig, s: Searcher) -> float | None:
    """log P(the opponent's last ``horizon`` card plays and soft facts | this deal), or
    ``None`` if the deal contradicts the history."""
    opp = 1 - view.player
    g = Game.from_deck(deck, view.dealer)
    plays = [i for i, (p, a) in enumerate(events) if p == opp and a < MARRY]
    window = set(plays[-model.horizon:])
    lw = 0.0
    tau = model.temperature * G
    budget_left = True
    start = min(window) - 3 if window else len(events)   # a turn's exchange, close or marriage come first
    for i, (p, a) in enumerate(events):
        legal = g.legal_codes()
        if a not in legal:
            return None
        if p == opp and i >= start and g.led < 0 and g.pending_marriage < 0:
            if EXCHANGE in legal and a != EXCHANGE:
                lw += math.log(model.kept_nine)
            if a < MARRY and cards.is_marriage_card(a) and MARRY + a // 6 in legal:
                lw += math.log(model.missed)
        if i in window and budget_left and g.pending_marriage < 0:
            alts = [c for c in legal if c < MARRY]
            if len(alts) > 1:
                try:
                    if g.is_strict():
                        vals = world_values(s, g, opp, [RootMove(c, False, False, c) for c in alts], 1)
                    else:
                        vals = [trick_value(s, g, opp, c) for c in alts]
                except OutOfBudget:
                    budget_left = False
                else:
                    top = max(vals)
                    ex = [math.exp((v - top) / tau) for v in vals]
                    q = ex[alts.index(a)] / sum(ex)
                    lw += math.log((1 - model.floor) * q + model.floor / len(alts))
        g.push(a)
    return lw


def trick_value(s: Searcher, g: Game, p: int, card: int) -> int:
    """The value for ``p`` of playing ``card`` now while the stock is open: the trick (against
    the best answer when ``p`` leads) and then the evaluation of the hands, *before* the draws,
    so the value does not depend on the order of the stock, which ``p`` could not see."""
    other = 1 - p
    hp, ho = g.hands[p] & ~(1 << card), g.hands[other]
    pp, po = g.points(p), g.points(other)
    tp, to = int(g.tricks[p] > 0), int(g.tricks[other] > 0)
    if g.led >= 0:
        return _trick_then_evaluation(s, g, other, g.led, card, ho, hp, po, pp, to, tp, p)
    if g.pending_marriage < 0:
        pp += cards.marriage_bonus(g.hands[p], card, tp, g.trump)
    return min(_trick_then_evaluation(s, g, p, card, a, hp, ho & ~(1 << a), pp, po, tp, to, p) for a in cards.cards_in(ho))


def _trick_then_evaluation(s, g, leader, led, answer, hl, hf, pl, pf, tl, tf, p) -> int:
    """For ``p``: the trick ``led`` / ``answer`` (hands already without them), then the evaluation."""
    pts = POINTS[led] + POINTS[answer]
    if trick_winner(leader, led, answer, g.trump) == leader:
        w, v = leader, s.evaluate(hl, hf, pl + pts, pf, 1, tf, g.drawn, g.trump_card, g.trump)
    else:
        w, v = 1 - leader, s.evaluate(hf, hl, pf + pts, pl, 1, tl, g.drawn, g.trump_card, g.trump)
    return v if w == p else -v


def effective_worlds(ws: list[float]) -> float:
    """Kish's effective sample size of a weighting (``n`` when uniform)."""
    total = sum(ws)
    return total * total / sum(w * w for w in ws) if total else 0.0

