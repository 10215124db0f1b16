"""``hard-v1``: the hard bot as it was before opponent modelling (issue 14), frozen.

It is the yardstick every later change to ``hard`` is measured against
(``python -m sixtysix.arena hard hard-v1``), so nothing here may follow the
defaults of :class:`SearchBot` or the fitted weights of :mod:`.evaluate`:
every setting is spelled out, the evaluation weights are ``evaluate.WEIGHTS_V1``
(which a refit leaves alone), and the worlds are drawn uniformly. ``tests/test_bots_v1.py`` pins its choices on
seeded views to those of the original code.
"""

from __future__ import annotations

from .evaluate import WEIGHTS_V1, make_evaluate
from .pimc import SearchBot

SETTINGS = {"budget": 40_000, "time_cap": 2.0, "depth": 2, "max_worlds": 40, "min_worlds": 4,
            "close_share": 0.85, "exact_tail": True, "deep_until": 6, "close_worlds": 24,
            "close_depth": 1, "inference": "uniform", "extra_worlds": 0, "extra_budget": 0}


def hard_v1(seed=None, **options) -> SearchBot:
    """The frozen hard bot; ``options`` override settings for experiments only."""
    kw = dict(SETTINGS)
    kw["evaluate"] = make_evaluate(WEIGHTS_V1)
    kw.update(options)
    if kw.get("budget") is None:
        kw["budget"] = SETTINGS["budget"]
    return SearchBot(seed=seed, name="hard-v1", **kw)
