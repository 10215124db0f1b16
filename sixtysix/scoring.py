"""How a hand ends and what it is worth (RULES.md, "Scoring a hand").

The four reasons mirror the four rules (:class:`Reason`, a ``str`` enum whose
values are the record notation):

- ``declared``: a correct declaration (rule 1), a deemed one included;
- ``false_declaration``: rule 2, the opponent scores 2 or 3;
- ``closed_failed``: rule 3's 2 or 3 for the non-closer;
- ``last_trick``: rule 4's single point.

A :class:`Result` also keeps the facts a player is told at the end of a hand:
who declared (or was deemed to), who closed, both sides' points and tricks at
the end, and the :class:`Rule` that fixed the 1, 2 or 3. Records store only
the three contract fields (:meth:`Result.to_dict`); :meth:`Result.facts` is
the full story.

>>> r = declaration(0, [70, 20], [3, 1], -1, 0)
>>> r.to_dict()
{'winner': 0, 'game_points': 2, 'reason': 'declared'}
>>> r.rule, r.declarer, r.deemed
(<Rule.OPPONENT_UNDER_33: 'opponent_under_33'>, 0, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

WINNING_POINTS = 66
#: Below this the opponent of a correct declarer gives away 2 game points.
HALF_POINTS = 33


class Reason(str, Enum):
    """Which of the four scoring rules ended the hand (the record's ``reason``)."""

    DECLARED = "declared"
    FALSE_DECLARATION = "false_declaration"
    CLOSED_FAILED = "closed_failed"
    LAST_TRICK = "last_trick"

    def __str__(self) -> str:
        return self.value


REASONS = tuple(r.value for r in Reason)


class Rule(str, Enum):
    """The precise case that fixed the game points (what the player is told)."""

    DECLARED = "declared"                       # 1: correct, the opponent had 33 or more
    OPPONENT_UNDER_33 = "opponent_under_33"     # 2: correct, the opponent had under 33
    OPPONENT_NO_TRICK = "opponent_no_trick"     # 3: correct, the opponent had no trick
    FALSE_DECLARATION = "false_declaration"     # 2 (3 if the opponent had no trick)
    CLOSER_FAILED = "closer_failed"             # 2: the closing failed
    NON_CLOSER_NO_TRICK = "non_closer_no_trick"  # 3: the closing failed, the non-closer had no trick at closing
    LAST_TRICK = "last_trick"                   # 1: nobody declared, the last trick decided

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Result:
    """How a hand ended: who won, how many game points, and why."""

    winner: int
    game_points: int
    reason: Reason
    #: Rule fields below are facts for telling the story; records keep only the three above.
    rule: Rule | None = None
    #: Who declared 66, or was deemed to (winning the last trick with 66); ``None`` if nobody.
    declarer: int | None = None
    deemed: bool = False
    #: Who closed the stock, ``None`` in a hand nobody closed.
    closer: int | None = None
    #: Both players' points (cards plus marriages) and tricks when the hand ended.
    points: tuple[int, int] = (0, 0)
    tricks: tuple[int, int] = (0, 0)
    #: Tricks the non-closer had when the stock was closed (rule 3), ``None`` if nobody closed.
    non_closer_tricks_at_close: int | None = None

    def to_dict(self) -> dict:
        """The record form: the engine contract's three fields, unchanged since version 1."""
        return {"winner": self.winner, "game_points": self.game_points, "reason": str(self.reason)}

    def facts(self) -> dict:
        """Everything a player is told about the end of the hand, JSON-ready."""
        return {**self.to_dict(), "rule": str(self.rule) if self.rule else None, "declarer": self.declarer,
                "deemed": self.deemed, "closer": self.closer, "points": list(self.points),
                "tricks": list(self.tricks), "non_closer_tricks_at_close": self.non_closer_tricks_at_close}


def _closing_failed(closed_by: int, **facts) -> Result:
    non_closer = 1 - closed_by
    no_trick = facts["non_closer_tricks_at_close"] == 0
    return Result(non_closer, 3 if no_trick else 2, Reason.CLOSED_FAILED,
                  Rule.NON_CLOSER_NO_TRICK if no_trick else Rule.CLOSER_FAILED, **facts)


def declaration(declarer: int, points: list, tricks: list, closed_by: int, non_closer_tricks_at_close: int,
                deemed: bool = False) -> Result:
    """The result of ``declarer`` declaring 66 now (rules 1-3).

    ``closed_by`` is -1 in a hand where nobody closed; ``deemed`` says the
    declaration is rule 4's (the last trick reached 66).
    """
    opponent = 1 - declarer
    correct = points[declarer] >= WINNING_POINTS
    facts = {"declarer": declarer, "deemed": deemed, "closer": closed_by if closed_by >= 0 else None,
             "points": (points[0], points[1]), "tricks": (tricks[0], tricks[1]),
             "non_closer_tricks_at_close": non_closer_tricks_at_close if closed_by >= 0 else None}
    if closed_by >= 0 and (declarer == closed_by) != correct:
        # The closer fell short, or the non-closer made it: the closing failed.
        return _closing_failed(closed_by, **facts)
    if correct:
        if tricks[opponent] == 0:
            gp, rule = 3, Rule.OPPONENT_NO_TRICK
        elif points[opponent] < HALF_POINTS:
            gp, rule = 2, Rule.OPPONENT_UNDER_33
        else:
            gp, rule = 1, Rule.DECLARED
        return Result(declarer, gp, Reason.DECLARED, rule, **facts)
    return Result(opponent, 3 if tricks[opponent] == 0 else 2, Reason.FALSE_DECLARATION,
                  Rule.FALSE_DECLARATION, **facts)


def last_trick(winner: int, points: list, tricks: list, closed_by: int, non_closer_tricks_at_close: int) -> Result:
    """The result when the last trick is played and nobody declared (rule 4)."""
    if points[winner] >= WINNING_POINTS:  # deemed to declare
        return declaration(winner, points, tricks, closed_by, non_closer_tricks_at_close, deemed=True)
    facts = {"closer": closed_by if closed_by >= 0 else None, "points": (points[0], points[1]),
             "tricks": (tricks[0], tricks[1]),
             "non_closer_tricks_at_close": non_closer_tricks_at_close if closed_by >= 0 else None}
    if closed_by >= 0:  # the cards ran out before the closer declared
        return _closing_failed(closed_by, **facts)
    return Result(winner, 1, Reason.LAST_TRICK, Rule.LAST_TRICK, **facts)
