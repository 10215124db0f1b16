"""Computer players. ``make(name, seed=None)`` returns a bot whose
``choose(view)`` returns one of ``view.legal`` as an :class:`Action`.

Bots see only a :class:`sixtysix.View` (or its dict): never the game itself.
The levels offered to players are :data:`LEVELS`; ``random`` is a yardstick
and ``open`` (the open-hand player of the arena, which is handed the whole
game) is for evaluation only. See docs/bots.md.
"""

from __future__ import annotations

import random

from ..actions import Action
from ..levels import LEVELS  # noqa: F401 (the levels offered to players)
from ..view import View
from .config import HARD, MEDIUM, MODEL, SearchConfig, configure  # noqa: F401 (the presets are API)
from .pimc import SearchBot
from .rules import EasyBot
from .v1 import HARD_V1

#: The search players by name and their settings (``open`` searches as the defaults do).
SEARCH_PRESETS = {"hard": HARD, "medium": MEDIUM, "hard-v1": HARD_V1, "open": MODEL}


class RandomBot:
    """Picks uniformly among the legal actions (a yardstick, not an opponent)."""

    name = "random"

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, view) -> Action:
        view = View.from_dict(view)
        if not view.legal:
            raise ValueError("the bot was asked to move in a view with no legal action")
        return Action.parse(self.rng.choice(view.legal))


class OpenHandBot(SearchBot):
    """Evaluation only: the hard search handed the true hidden cards (``choose_game``)."""

    name = "open"

    def choose(self, view) -> Action:
        raise TypeError("the open-hand player sees every card: call choose_game(game) (arena only)")

    def choose_game(self, game) -> Action:
        return self.choose_open(game)


OTHER_BOTS = {"random": RandomBot, "easy": EasyBot}
BOTS = sorted([*OTHER_BOTS, *SEARCH_PRESETS])


def make(name: str, seed=None, **options):
    """A bot by name: a level (``easy``, ``medium``, ``hard``), ``random``, or for the
    arena ``open`` and ``hard-v1`` (the frozen hard of before issue 14).

    The search players take any :class:`SearchConfig` field as an option, e.g.
    ``budget=`` (search nodes per decision; ``None`` keeps the level's) and
    ``time_cap=`` (seconds, a safety net); see docs/bots.md.

    :raises ValueError: on an unknown bot or option.
    """
    if name in SEARCH_PRESETS:
        config = configure(SEARCH_PRESETS[name], options)
        return (OpenHandBot if name == "open" else SearchBot)(config, seed=seed, name=name)
    if name not in OTHER_BOTS:
        raise ValueError(f"unknown bot {name!r}; choose one of {', '.join(BOTS)}")
    if options:
        raise ValueError(f"the {name} bot takes no options, not {', '.join(sorted(options))}")
    return OTHER_BOTS[name](seed=seed)
