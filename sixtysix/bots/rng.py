"""The random numbers of one decision, shared by every bot that draws any.

A bot's choice must depend only on its seed and the view (the fairness and
pinning tests hold it to that), never on what it decided before or on the
order the page asks in: so each decision gets its own generator, seeded from
the view's content. It lives here, not in a bot's module, so the easy and the
search players take it without importing each other.
"""

from __future__ import annotations

import json
import random

from ..view import View


def decision_rng(seed, view: View) -> random.Random:
    """The RNG of one decision: from the bot's seed and the view's content only."""
    text = json.dumps(view.to_dict(), sort_keys=True, separators=(",", ":"))
    return random.Random(f"{seed}|{text}")
