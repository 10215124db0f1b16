"""The easy player: a few plain rules, the way a beginner plays.

It plays sensibly (wins a trick worth taking, throws its cheapest card
otherwise) but it never closes, never exchanges, notices its marriages only
half of the time, and forgets to declare now and then. It never declares
falsely: it declares only when the view's points say it has 66.
"""

from __future__ import annotations

from ..actions import ACTIONS, DECLARE, MARRY, Action
from ..cards import POINTS
from ..scoring import WINNING_POINTS
from ..view import View
from .rng import decision_rng

NOTICE_MARRIAGE = 0.5
FORGET_DECLARE = 0.3


def _beats(a: int, led: int, trump: int) -> bool:
    return (a // 6 == led // 6 and a > led) or (a // 6 == trump and led // 6 != trump)


class EasyBot:
    name = "easy"

    def __init__(self, seed=None):
        self.seed = seed

    def choose(self, view) -> Action:
        view = View.from_dict(view)
        if not view.legal:
            raise ValueError("the bot was asked to move in a view with no legal action")
        legal = [Action.parse(a).code for a in view.legal]
        rng = decision_rng(self.seed, view)
        me = view.player
        trump = "CDHS".index(view.trump)
        plays = [c for c in legal if c < MARRY]
        if DECLARE in legal and view.points[me] >= WINNING_POINTS and (not plays or rng.random() > FORGET_DECLARE):
            return ACTIONS[DECLARE]
        marriages = [c for c in legal if MARRY <= c < MARRY + 4]
        if marriages and rng.random() < NOTICE_MARRIAGE:
            return ACTIONS[marriages[0]]
        if not plays:   # only a declaration left (cannot happen with a hand in play)
            return ACTIONS[legal[0]]
        if view.trick:
            led = "CDHS".index(view.trick[0][1]) * 6 + "9JQKTA".index(view.trick[0][0])
            winners = [a for a in plays if _beats(a, led, trump)]
            if winners and (POINTS[led] >= 10 or view.stock == 0 or view.closed_by is not None):
                return ACTIONS[min(winners, key=lambda a: (a // 6 == trump, POINTS[a], a))]
            return ACTIONS[min(plays, key=lambda a: (a // 6 == trump, POINTS[a], a))]
        # leading: an ace or ten of a plain suit now and then, else a cheap plain card
        if rng.random() < 0.3:
            high = [c for c in plays if c % 6 >= 4 and c // 6 != trump]
            if high:
                return ACTIONS[max(high, key=lambda c: (POINTS[c], c))]
        return ACTIONS[min(plays, key=lambda c: (c // 6 == trump, POINTS[c], c))]
