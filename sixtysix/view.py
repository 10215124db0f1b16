"""What one player may know: the only door through which hidden cards leave.

A :class:`View` holds the player's own hand and the public record (cards
played, marriages and the partner they reveal, the exchange), never the
opponent's hand or the order of the stock. Bots and the UI get nothing else.
Its dict form is JSON-ready, so a view can cross to a web worker and back.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from . import cards
from .actions import ACTIONS, Action


@dataclass
class View:
    """One player's knowledge of the hand (the module's docstring says what is in it)."""

    player: int
    dealer: int
    trump: str
    trump_card: str | None
    stock: int
    closed_by: int | None
    hand: list[str]
    opponent_cards: int
    to_move: int | None
    leader: int
    trick: list[str]
    pending_marriage: str | None
    points: list[int]
    tricks: list[int]
    history: list[dict] = field(default_factory=list)
    completed_tricks: list[dict] = field(default_factory=list)
    marriages: list[dict] = field(default_factory=list)
    exchange: dict | None = None
    legal: list[str] = field(default_factory=list)
    result: dict | None = None
    non_closer_tricks_at_close: int | None = None

    @classmethod
    def of(cls, game, player: int) -> "View":
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, not {player!r}")
        history = []
        for i, (p, code) in enumerate(game.actions):
            entry = {"player": p, "action": str(ACTIONS[code])}
            if p == player and game.missed_marriage(i):
                entry["missed_marriage"] = cards.SUITS[code // 6]
            history.append(entry)
        ex = game.exchange
        return cls(
            player=player,
            dealer=game.dealer,
            trump=game.trump_suit,
            trump_card=cards.CODES[game.trump_card] if game.stock_size else None,
            stock=game.stock_size,
            closed_by=game.closed_by if game.closed_by >= 0 else None,
            hand=game.hand(player),
            opponent_cards=bin(game.hands[1 - player]).count("1"),
            to_move=game.to_move,
            leader=game.leader,
            trick=[cards.CODES[game.led]] if game.led >= 0 else [],
            pending_marriage=(cards.SUITS[game.pending_marriage]
                              if game.pending_marriage >= 0 and game.result is None else None),
            points=[game.points(0), game.points(1)],
            tricks=list(game.tricks),
            history=history,
            completed_tricks=[{"leader": l, "cards": [cards.CODES[a], cards.CODES[b]], "winner": w}
                              for l, a, b, w in game.completed],
            marriages=[{"player": p, "suit": cards.SUITS[s], "points": 40 if s == game.trump else 20}
                       for p, s in game.marriages],
            exchange=({"player": ex[0], "took": cards.CODES[ex[1]], "gave": cards.CODES[ex[2]]} if ex else None),
            legal=[str(a) for a in game.legal_actions()] if game.to_move == player else [],
            result=game.result.to_dict() if game.result else None,
            non_closer_tricks_at_close=game.non_closer_tricks_at_close if game.closed_by >= 0 else None,
        )

    def legal_actions(self) -> list[Action]:
        return [Action.parse(a) for a in self.legal]

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "View":
        if isinstance(data, View):
            return data
        try:
            return cls(**data)
        except TypeError as e:
            raise ValueError(f"not a view: {e}") from None
