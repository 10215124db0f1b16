"""Shared helpers for the engine tests: explicit deals, snapshots, an oracle.

Test modules import these as ``from tests.conftest import deck, deal, ...``:
``tests/`` is a package, so this file is ``tests.conftest`` (and e2e's is
``e2e.conftest``), whichever conftests one run loads.

- :func:`deck` and :func:`deal` state a deal the way RULES.md lays it out:
  non-dealer ``deck[0:6]``, dealer ``deck[6:12]``, trump card ``deck[12]``,
  stock ``deck[13..23]`` drawn top first (the trump card is drawn last).
- :func:`snapshot` captures everything observable about a game (record,
  both views, every attribute) to prove that an illegal action changed
  nothing and that ``pop()`` restores exactly.
- :class:`RefHand` is the differential oracle: a second, deliberately plain
  implementation of one hand written from RULES.md (sets of card codes and
  lists, no bit masks, no shared code with the engine). Property and perft
  tests compare the engine's legal actions and results with it.
"""

from __future__ import annotations

import copy
import random
import re

import pytest

from sixtysix import Game, records

RANKS = "9JQKTA"  # weakest first
SUITS = "CDHS"
ALL_CODES = [r + s for s in SUITS for r in RANKS]
CARD_POINTS = {"9": 0, "J": 2, "Q": 3, "K": 4, "T": 10, "A": 11}


def _codes(cards) -> list[str]:
    """``"AC TC"`` or ``["AC", "TC"]`` -> ``["AC", "TC"]``."""
    return cards.split() if isinstance(cards, str) else list(cards)


def deck(non_dealer_hand, dealer_hand, trump_card, stock_top_first=()) -> list[str]:
    """The 24-code deck of this deal (RULES.md "Deal").

    Cards that a test does not care about may be left out: a hand given
    with fewer than 6 cards, and a stock given with fewer than 11, are
    filled up with the unnamed cards in the fixed order of :data:`ALL_CODES`
    (non-dealer's hand first, then the dealer's, then the stock).

    >>> d = deck("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH", "9H JH")
    >>> d[0:6], d[12], d[13:16], len(d)
    (['9C', 'JC', 'QC', 'KC', 'TC', 'AC'], 'AH', ['9H', 'JH', 'QH'], 24)
    """
    nd, dl, st = _codes(non_dealer_hand), _codes(dealer_hand), _codes(stock_top_first)
    assert len(nd) <= 6 and len(dl) <= 6 and len(st) <= 11
    named = nd + dl + [trump_card] + st
    assert len(set(named)) == len(named), f"a card named twice: {named}"
    assert set(named) <= set(ALL_CODES), f"not a card code in {named}"
    rest = [c for c in ALL_CODES if c not in named]
    nd, rest = nd + rest[:6 - len(nd)], rest[6 - len(nd):]
    dl, rest = dl + rest[:6 - len(dl)], rest[6 - len(dl):]
    d = nd + dl + [trump_card] + st + rest
    assert len(d) == 24 and sorted(d) == sorted(ALL_CODES)
    return d


def strength(card: str, trump: str) -> tuple:
    """Trumps above other cards, then rank (used to pick throwaway tricks)."""
    return (card[1] == trump, RANKS.index(card[0]))


def stock_out(p0_final, p1_draws, trump_card) -> Game:
    """A game right after the stock ran out, player 0 on lead.

    Player 0 ends up holding ``p0_final`` (6 cards) and player 1 holds
    ``p1_draws`` (5 cards) plus the trump card, which player 1 drew as the
    loser of the sixth trick. The other 12 cards are played in the six stock
    tricks, all won by player 0: each trick, player 0 leads the strongest
    card left and player 1 answers with the weakest, which cannot beat it.
    """
    p0_final, p1_draws = _codes(p0_final), _codes(p1_draws)
    assert len(p0_final) == 6 and len(p1_draws) == 5
    trump = trump_card[1]
    throwaway = sorted((c for c in ALL_CODES if c not in p0_final + p1_draws + [trump_card]),
                       key=lambda c: strength(c, trump))
    leads, answers = throwaway[:5:-1], throwaway[:6]
    stock = [c for pair in zip(p0_final, p1_draws + [None]) for c in pair if c]
    game = Game.from_deck(deck(leads, answers, trump_card, stock), dealer=1)
    winners = play_tricks(game, [f"{a}/{b}" for a, b in zip(leads, answers)])
    assert winners == [0] * 6 and game.stock_size == 0
    assert sorted(game.hand(0)) == sorted(p0_final)
    assert sorted(game.hand(1)) == sorted(p1_draws + [trump_card])
    return game


def deal(non_dealer_hand, dealer_hand, trump_card, stock_top_first=(), dealer=1) -> Game:
    """``Game.from_deck(deck(...), dealer)``. With ``dealer=1`` (the default)
    player 0 is the non-dealer: player 0 holds the first hand and leads."""
    return Game.from_deck(deck(non_dealer_hand, dealer_hand, trump_card, stock_top_first), dealer)


def match_from(non_dealer_hand, dealer_hand, trump_card, stock_top_first=(), dealer=1):
    """A Match whose first (current) hand is this deal: for UI tests, where
    player 0 is the person (with ``dealer=1`` the person holds the first hand
    and leads). Built around the record checks: such a match is not savable."""
    from sixtysix import Match

    return Match.from_games(1, [deal(non_dealer_hand, dealer_hand, trump_card, stock_top_first, dealer)], dealer)


def brute(g, root) -> int:
    """The exact value in game points for ``root`` of a (small) position, by
    plain minimax over the engine: the oracle the bots' solver is checked
    against. Declaring below 66 is skipped (it never helps)."""
    from sixtysix.actions import DECLARE

    if g.result is not None:
        r = g.result
        return r.game_points if r.winner == root else -r.game_points
    p = g.to_move
    vals = []
    for c in g.legal_codes():
        if c == DECLARE and g.points(p) < 66:
            continue
        g.push(c)
        vals.append(brute(g, root))
        g.pop()
    return max(vals) if p == root else min(vals)


def play(game, actions) -> None:
    """Apply actions given as one whitespace-separated string (checked path)."""
    for a in _codes(actions):
        game.apply(a)


def play_tricks(game, tricks) -> list[int]:
    """Play whole tricks given as ``"AC/9C TC/JC"``: player 0's card, a slash,
    player 1's card, whoever of them leads. Returns the winners."""
    winners = []
    for t in _codes(tricks):
        by_player = t.split("/")
        leader = game.to_move
        game.apply("play:" + by_player[leader])
        game.apply("play:" + by_player[1 - leader])
        winners.append(game.view(0).completed_tricks[-1]["winner"])
    return winners


def snapshot(game) -> dict:
    """Everything observable about ``game``, deep-copied for comparison."""
    state = {k: copy.deepcopy(v) for k, v in vars(game).items() if k != "_undo"}
    return {
        "state": state,
        "record": records.to_dict(game),
        "views": [game.view(0).to_dict(), game.view(1).to_dict()],
        "legal": [str(a) for a in game.legal_actions()],
        "to_move": game.to_move,
        "result": game.result,
        "points": [game.points(0), game.points(1)],
        "tricks": [game.tricks_won(0), game.tricks_won(1)],
    }


def random_playout(game, rng: random.Random, max_actions: int = 200) -> list[str]:
    """Play random legal actions to the end; mostly card plays so that hands
    last, but every kind of action happens often enough."""
    done = []
    while game.result is None and len(done) < max_actions:
        legal = [str(a) for a in game.legal_actions()]
        plays = [a for a in legal if a.startswith("play:")]
        a = rng.choice(plays if plays and rng.random() < 0.8 else legal)
        game.apply(a)
        done.append(a)
    return done


# --- the differential oracle -------------------------------------------------


def beats(answer: str, led: str, trump: str) -> bool:
    """RULES.md "Tricks": does the follower's ``answer`` beat the ``led`` card?"""
    if answer[1] == led[1]:
        return RANKS.index(answer[0]) > RANKS.index(led[0])
    return answer[1] == trump


class RefHand:
    """One hand of Sixty-Six, written plainly from RULES.md.

    Actions are notation strings. ``legal()`` is the set of legal actions;
    ``apply(a)`` asserts legality and plays it. The result is a tuple
    ``(winner, game_points, reason)``.
    """

    def __init__(self, deck_codes, dealer: int):
        d = list(deck_codes)
        non_dealer = 1 - dealer
        self.hands = {non_dealer: set(d[0:6]), dealer: set(d[6:12])}
        self.trump = d[12][1]
        # The stock top first; the face-up trump card lies under it, drawn last.
        self.stock = d[13:24] + [d[12]]
        self.closer = None
        self.non_closer_tricks_at_close = None
        self.won_cards = {0: [], 1: []}
        self.trick_count = {0: 0, 1: 0}
        self.marriage_points = {0: 0, 1: 0}
        self.leader = non_dealer
        self.turn = non_dealer
        self.table = None          # the card led in this trick
        self.announced = None      # suit of the marriage announced before this lead
        self.done = set()          # exchange/close/marry already done before this lead
        self.result = None

    def clone(self) -> "RefHand":
        c = copy.copy(self)
        c.hands = {p: set(h) for p, h in self.hands.items()}
        c.stock, c.done = list(self.stock), set(self.done)
        c.won_cards = {p: list(w) for p, w in self.won_cards.items()}
        c.trick_count, c.marriage_points = dict(self.trick_count), dict(self.marriage_points)
        return c

    # what the rules look at
    def points(self, p: int) -> int:
        return sum(CARD_POINTS[c[0]] for c in self.won_cards[p]) + self.marriage_points[p]

    def stock_open(self) -> bool:
        return self.closer is None and len(self.stock) > 0

    def legal(self) -> set[str]:
        if self.result is not None:
            return set()
        p = self.turn
        hand = self.hands[p]
        if self.table is not None:  # following
            if self.stock_open():
                allowed = hand
            else:
                led = self.table
                same = {c for c in hand if c[1] == led[1]}
                higher = {c for c in same if beats(c, led, self.trump)}
                trumps = {c for c in hand if c[1] == self.trump}
                allowed = higher or same or trumps or hand
            return {"play:" + c for c in allowed}
        if self.announced is not None:  # must lead the K or Q just announced, or declare
            s = self.announced
            return {"play:K" + s, "play:Q" + s, "declare"}
        out = {"play:" + c for c in hand} | {"declare"}
        won_a_trick = self.trick_count[p] > 0
        for s in SUITS:
            if won_a_trick and "K" + s in hand and "Q" + s in hand and "marry" not in self.done:
                out.add("marry:" + s)
        if won_a_trick and "9" + self.trump in hand and self.stock_open() and "exchange" not in self.done:
            out.add("exchange")
        if self.stock_open() and "close" not in self.done:
            out.add("close")
        return out

    def apply(self, a: str) -> None:
        assert a in self.legal(), (a, sorted(self.legal()))
        p = self.turn
        if a.startswith("play:"):
            self._play(p, a[5:])
        elif a.startswith("marry:"):
            s = a[6:]
            self.announced = s
            self.done.add("marry")
            self.marriage_points[p] += 40 if s == self.trump else 20
        elif a == "exchange":
            nine = "9" + self.trump
            self.hands[p].remove(nine)
            self.hands[p].add(self.stock[-1])
            self.stock[-1] = nine
            self.done.add("exchange")
        elif a == "close":
            self.closer = p
            self.non_closer_tricks_at_close = self.trick_count[1 - p]
            self.done.add("close")
        elif a == "declare":
            self.result = self._declaration(p)
        else:
            raise AssertionError(a)

    def _play(self, p: int, card: str) -> None:
        self.hands[p].remove(card)
        if self.table is None:
            self.table = card
            self.turn = 1 - p
            self.announced = None
            return
        led, leader = self.table, self.leader
        winner = p if beats(card, led, self.trump) else leader
        loser = 1 - winner
        self.won_cards[winner] += [led, card]
        self.trick_count[winner] += 1
        self.table = None
        self.done = set()
        if self.stock_open():
            self.hands[winner].add(self.stock.pop(0))
            self.hands[loser].add(self.stock.pop(0))  # the trump card when two remained
        self.leader = self.turn = winner
        if not self.hands[winner] and not self.hands[loser]:
            self.result = self._last_trick(winner)

    def _declaration(self, p: int):
        opp = 1 - p
        made_it = self.points(p) >= 66
        if self.closer is not None:
            non_closer = 1 - self.closer
            closer_made_it = p == self.closer and made_it
            non_closer_fell_short = p == non_closer and not made_it
            if not closer_made_it and not non_closer_fell_short:  # rule 3's other endings
                return (non_closer, 3 if self.non_closer_tricks_at_close == 0 else 2, "closed_failed")
        if made_it:  # rule 1
            if self.trick_count[opp] == 0:
                return (p, 3, "declared")
            return (p, 2 if self.points(opp) < 33 else 1, "declared")
        return (opp, 3 if self.trick_count[opp] == 0 else 2, "false_declaration")  # rule 2

    def _last_trick(self, winner: int):
        if self.points(winner) >= 66:  # deemed to declare
            return self._declaration(winner)
        if self.closer is not None:  # the cards ran out before the closer declared
            non_closer = 1 - self.closer
            return (non_closer, 3 if self.non_closer_tricks_at_close == 0 else 2, "closed_failed")
        return (winner, 1, "last_trick")


@pytest.fixture
def rng():
    return random.Random(66)


# --- what a player may know ----------------------------------------------------

_CARD_RE = re.compile(r"(?<![A-Za-z0-9])[9JQKTA][CDHS](?![A-Za-z0-9])")


def cards_named_in(text: str) -> set[str]:
    """Every card code that appears in ``text`` (a view as JSON, say)."""
    return set(_CARD_RE.findall(text))


def knowable(game, player: int) -> set[str]:
    """The cards ``player`` may have seen or been told of at the table: their
    own hand, every card played, the face-up trump card, both cards of each
    announced marriage and the 9 given in an exchange. Nothing else: not the
    opponent's other cards, not the face-down stock."""
    seen = set(game.hand(player)) | {game.deck[12]}
    for a in game.action_notations():  # every action is done in the open
        if a.startswith("play:"):
            seen.add(a[5:])
        elif a.startswith("marry:"):
            seen |= {"K" + a[6:], "Q" + a[6:]}
        elif a == "exchange":
            seen.add("9" + game.trump_suit)
    return seen


def secret(game, player: int) -> set[str]:
    """Cards ``player`` must not be shown: the opponent's hand and the stock,
    less what :func:`knowable` allows."""
    hidden = set(game.hand(1 - player)) | set(game.stock_cards())
    return hidden - knowable(game, player)
