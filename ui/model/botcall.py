"""Asking a bot for a move, as the page's worker does (no browser imports).

The worker (ui/core_worker.py) calls :data:`ANSWERS` with the player's view
as JSON text and returns a notation string. Each call builds the bot with a
seed drawn from the view itself, so the same position always gets the same
answer: a reload replays the same match, and tests can compute in CPython
what the page will do.
"""

from __future__ import annotations

import json
import zlib

from sixtysix import bots
from sixtysix.levels import URL_LEVELS


def view_seed(view: dict) -> int:
    """A stable number for a position (the same under CPython and Pyodide)."""
    key = json.dumps([view.get("player"), view.get("hand"), view.get("trick"), view.get("history")],
                     separators=(",", ":"), sort_keys=True)
    return zlib.crc32(key.encode("utf-8"))


def make_bot(level: str, seed: int, capped: bool = True):
    """The bot for ``level`` (an unknown level gets the medium bot). ``capped=False``
    lifts a search bot's wall-time safety cap (``?timecap=0``, tests only), so
    that even a starved machine cannot change its choice."""
    name = level if level in URL_LEVELS else "medium"
    uncapped = {} if capped or name not in bots.SEARCH_PRESETS else {"time_cap": None}
    return bots.make(name, seed=seed, **uncapped)


class IllegalAnswer(ValueError):
    """The bot answered an action its view does not allow: a bug in the bot."""


def choose(view: dict, level: str, capped: bool = True) -> str:
    """The bot's action for ``view`` as notation; always one of ``view["legal"]``.

    An illegal answer raises :class:`IllegalAnswer` rather than being swapped
    for another action in silence: the page logs it, says so to the player
    (``notice.bot_failed``) and the table plays on (``Table.apply_computer``).
    """
    legal = view.get("legal") or []
    if not legal:
        raise ValueError("no legal action in this view")
    action = str(make_bot(level, view_seed(view), capped).choose(view))
    if action not in legal:
        raise IllegalAnswer(f"the {level} bot answered {action!r}, not one of {legal}")
    return action


def choose_json(view_json: str, level: str, capped: bool = True) -> str:
    return choose(json.loads(view_json), level, capped)


def defend_json(state_json: str, capped: bool = True) -> str:
    """The solver's move in a problem being played (``{"problem": position,
    "actions": [...]}`` as JSON; :func:`ui.model.problem_play.defend`). The
    solver has no time cap: ``capped`` is taken as the other answers take it."""
    from ui.model.problem_play import defend

    return defend(json.loads(state_json))


def review_step_json(hand_json: str, index: int) -> str:
    """One decision of a finished hand (``{"deck", "dealer", "actions"}`` as JSON)
    valued by :func:`sixtysix.review.review_decision`, as JSON: one slice of a review."""
    from sixtysix import review  # on demand (ui/on_demand.py): moves and hints never need it

    hand = json.loads(hand_json)
    game = review.replay(hand["deck"], hand["dealer"], hand["actions"])
    return json.dumps(review.review_decision(game, int(index)).to_dict(), separators=(",", ":"))


#: The level of the hint: the strongest bot's choice for the player's own view.
HINT_LEVEL = "hard"


def hint_json(view_json: str, capped: bool = True) -> str:
    return choose_json(view_json, HINT_LEVEL, capped)


#: What the turn loop and the review ask the bot (``ask(function, *args)`` of
#: :class:`ui.model.core.Core`), by function name; each returns a JSON or notation string.
ANSWERS = {"choose": choose_json, "hint": hint_json, "review_step": review_step_json, "defend": defend_json}
