"""The bot worker: runs in its own Pyodide (``<script type="py" worker name="bot">``),
so the page never freezes while the computer thinks. It never touches the DOM.

The main thread calls ``choose(view_json, level)`` for the computer's moves
and ``hint(view_json)`` for the player's hint; both return a notation string.
``review_step(hand_json, index)`` values one decision of a finished hand.
"""

from ui.model.botcall import choose_json, defend_json, review_step_json

HINT_LEVEL = "hard"


def choose(view_json, level, capped=True):
    """The computer's action for its view (JSON text) at ``level``; ``capped=False``
    (``?timecap=0``, tests only) lifts the search's wall-time safety cap."""
    return choose_json(str(view_json), str(level), bool(capped))


def hint(view_json, capped=True):
    """The hard bot's choice for the player's own view: what the hint shows."""
    return choose_json(str(view_json), HINT_LEVEL, bool(capped))


def review_step(hand_json, index):
    """One decision of a finished hand, valued from the mover's view (JSON): the
    page asks for one decision per call, so it never waits long for an answer."""
    return review_step_json(str(hand_json), int(index))


def defend(state_json, capped=True):
    """The solver's defence in a problem being played (every card known): its move."""
    return defend_json(str(state_json))


__export__ = ["choose", "defend", "hint", "review_step"]
