"""A match: hands until one player has 7 game points.

The dealer alternates from hand to hand; the first dealer and every deck come
from the match seed, so a seed replays the same match.
"""

from __future__ import annotations

import random

from . import cards
from .actions import IllegalAction
from .game import Game

TARGET = 7


def seeded_deck(seed, hand_number: int) -> list[str]:
    deck = list(cards.CODES)
    random.Random(f"{seed}:hand:{hand_number}").shuffle(deck)
    return deck


def seeded_first_dealer(seed) -> int:
    return random.Random(f"{seed}:dealer").randrange(2)


class Match:
    """A match of Sixty-Six: ``games`` holds every hand so far, the last is current."""

    def __init__(self, seed, target: int = TARGET):
        self.seed = seed
        self.target = target
        self.first_dealer = seeded_first_dealer(seed)
        self.games: list[Game] = [Game.from_deck(seeded_deck(seed, 0), self.first_dealer)]

    @classmethod
    def from_games(cls, seed, games: list[Game], first_dealer: int | None = None,
                   target: int = TARGET) -> "Match":
        """A match holding ``games``, the last one current (a replayed record, a
        replayed deal). ``first_dealer`` defaults to the seed's.

        :raises ValueError: if there is no game, the dealers do not alternate, or a
            hand other than the last is unfinished or already ended the match.
        """
        if not games:
            raise ValueError("a match holds at least one hand")
        match = cls.__new__(cls)
        match.seed, match.target = seed, target
        match.first_dealer = seeded_first_dealer(seed) if first_dealer is None else first_dealer
        match.games = []
        for n, game in enumerate(games):
            if match.games and (not match.hand_over or match.winner is not None):
                raise ValueError(f"hand {n + 1} comes after a hand that is unfinished or ended the match")
            if game.dealer != match.first_dealer ^ (n & 1):
                raise ValueError(f"hand {n + 1}: the dealer must alternate (expected {match.first_dealer ^ (n & 1)})")
            match.games.append(game)
        return match

    @classmethod
    def new(cls, seed=None, target: int = TARGET) -> "Match":
        """A new match; without a seed one is drawn (and kept, so the match can be saved)."""
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 31)
        return cls(seed, target)

    @property
    def game(self) -> Game:
        """The current hand."""
        return self.games[-1]

    @property
    def scores(self) -> list[int]:
        s = [0, 0]
        for g in self.games:
            if g.result:
                s[g.result.winner] += g.result.game_points
        return s

    @property
    def hand_over(self) -> bool:
        return self.game.result is not None

    @property
    def winner(self) -> int | None:
        s = self.scores
        for p in (0, 1):
            if s[p] >= self.target:
                return p
        return None

    @property
    def hands(self) -> list[dict]:
        """The finished hands: dealer and result of each."""
        return [{"dealer": g.dealer, **g.result.to_dict()} for g in self.games if g.result]

    def apply(self, action) -> None:
        """Apply an action to the current hand (:class:`IllegalAction` if not legal)."""
        if self.hand_over:
            raise IllegalAction("illegal action: the hand is over" +
                                ("" if self.winner is not None else "; deal the next hand first"))
        self.game.apply(action)

    def take_back(self, player: int) -> list[str]:
        """Undo ``player``'s last move in the current hand (and what followed):
        :meth:`Game.take_back`. A finished hand may be taken back too (its
        result goes with it); a hand already left for the next one may not."""
        return self.game.take_back(player)

    def next_hand(self) -> Game:
        """Deal the next hand; the dealer alternates."""
        if not self.hand_over:
            raise IllegalAction("cannot deal: the current hand is not over")
        if self.winner is not None:
            raise IllegalAction("cannot deal: the match is over")
        n = len(self.games)
        self.games.append(Game.from_deck(seeded_deck(self.seed, n), self.first_dealer ^ (n & 1)))
        return self.game

    def __repr__(self) -> str:
        return f"<Match seed={self.seed!r} hands={len(self.games)} scores={self.scores} winner={self.winner}>"
