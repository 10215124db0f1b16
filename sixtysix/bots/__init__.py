"""Computer players. ``make(name, seed=None)`` returns a bot whose
``choose(view)`` returns one of ``view.legal`` as an :class:`Action`.

Bots see only a :class:`sixtysix.View` (or its dict): never the game itself.
"""

from __future__ import annotations

import random

from ..actions import Action
from ..view import View


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


BOTS = {"random": RandomBot}


def make(name: str, seed=None):
    """A bot by level name: ``easy``, ``medium``, ``hard`` or ``random``."""
    try:
        return BOTS[name](seed=seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; choose one of {', '.join(sorted(BOTS))}") from None
