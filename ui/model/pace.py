"""How fast the table moves: the pauses between the computer's steps.

One table of pauses (seconds) per speed a player can choose in the menu, in
the spirit of lichess's animation choices. ``think`` is the least time the
computer's move takes (a bot that answers at once would be hard to follow),
``travel`` lets a card land, ``show_trick`` leaves a finished trick on the
table (a click, tap or key gathers it sooner), ``gather`` is its sweep.
"""

SPEEDS = ("slow", "normal", "fast", "instant")
DEFAULT_SPEED = "normal"

PACES = {
    "slow": {"think": 1.1, "travel": 0.7, "show_trick": 2.2, "gather": 0.5},
    "normal": {"think": 0.5, "travel": 0.35, "show_trick": 1.0, "gather": 0.3},
    "fast": {"think": 0.15, "travel": 0.15, "show_trick": 0.45, "gather": 0.15},
    "instant": {"think": 0.0, "travel": 0.0, "show_trick": 0.0, "gather": 0.0},
}
#: ``?fast=1`` (tests only): the instant speed, whatever the setting (a test
#: waits on the page's state, never on time; e2e/test_pace.py tests the pauses
#: themselves at the players' speeds).
TEST_PACE = PACES["instant"]


def pace_for(speed: str, test_fast: bool = False) -> dict:
    """The pauses for ``speed`` (an unknown one falls back to the default).

    >>> pace_for("instant")["show_trick"], pace_for("slow", test_fast=True) is TEST_PACE
    (0.0, True)
    """
    if test_fast:
        return TEST_PACE
    return PACES.get(speed, PACES[DEFAULT_SPEED])
