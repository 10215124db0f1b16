"""The bot worker: runs in its own Pyodide (``<script type="py" worker name="bot">``),
so the page never freezes while the computer thinks. It never touches the DOM.

The main thread calls ``choose(view_json, level)`` for the computer's moves
and ``hint(view_json)`` for the player's hint; both return a notation string.
"""

from ui.botcall import choose_json

HINT_LEVEL = "hard"


def choose(view_json, level):
    """The computer's action for its view (JSON text) at ``level``."""
    return choose_json(str(view_json), str(level))


def hint(view_json):
    """The hard bot's choice for the player's own view: what the hint shows."""
    return choose_json(str(view_json), HINT_LEVEL)


__export__ = ["choose", "hint"]
