"""How a hand ends and what it is worth (RULES.md, "Scoring a hand").

The four reasons mirror the four rules:

- ``declared``: a correct declaration (rule 1), a deemed one included;
- ``false_declaration``: rule 2, the opponent scores 2 or 3;
- ``closed_failed``: rule 3's 2 or 3 for the non-closer;
- ``last_trick``: rule 4's single point.
"""

from __future__ import annotations

from dataclasses import dataclass

REASONS = ("declared", "false_declaration", "closed_failed", "last_trick")
WINNING_POINTS = 66


@dataclass(frozen=True)
class Result:
    winner: int
    game_points: int
    reason: str

    def to_dict(self) -> dict:
        return {"winner": self.winner, "game_points": self.game_points, "reason": self.reason}


def declaration(declarer: int, points: list, tricks: list, closed_by: int, non_closer_tricks_at_close: int) -> Result:
    """The result of ``declarer`` declaring 66 now (rules 1-3).

    ``closed_by`` is -1 in a hand where nobody closed.
    """
    opponent = 1 - declarer
    correct = points[declarer] >= WINNING_POINTS
    if closed_by >= 0 and (declarer == closed_by) != correct:
        # The closer fell short, or the non-closer made it: the closing failed.
        non_closer = 1 - closed_by
        return Result(non_closer, 3 if non_closer_tricks_at_close == 0 else 2, "closed_failed")
    if correct:
        if tricks[opponent] == 0:
            gp = 3
        elif points[opponent] < 33:
            gp = 2
        else:
            gp = 1
        return Result(declarer, gp, "declared")
    return Result(opponent, 3 if tricks[opponent] == 0 else 2, "false_declaration")


def last_trick(winner: int, points: list, tricks: list, closed_by: int, non_closer_tricks_at_close: int) -> Result:
    """The result when the last trick is played and nobody declared (rule 4)."""
    if points[winner] >= WINNING_POINTS:  # deemed to declare
        return declaration(winner, points, tricks, closed_by, non_closer_tricks_at_close)
    if closed_by >= 0:  # the cards ran out before the closer declared
        non_closer = 1 - closed_by
        return Result(non_closer, 3 if non_closer_tricks_at_close == 0 else 2, "closed_failed")
    return Result(winner, 1, "last_trick")
