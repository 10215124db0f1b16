"""``hard-v1``: the hard bot as it was before opponent modelling (issue 14), frozen.

It is the yardstick every later change to ``hard`` is measured against
(``python -m sixtysix.arena hard hard-v1``), so nothing here may follow the
defaults of :class:`SearchBot` or the fitted weights of :mod:`.evaluate`:
every setting is spelled out, the evaluation weights are a copy, and the
worlds are drawn uniformly. ``tests/test_bots_v1.py`` pins its choices on
seeded views to those of the original code.
"""

from __future__ import annotations

from .evaluate import make_evaluate
from .pimc import SearchBot

SETTINGS = {"budget": 40_000, "time_cap": 2.0, "depth": 2, "max_worlds": 40, "min_worlds": 4,
            "close_share": 0.85, "exact_tail": True, "deep_until": 6, "close_worlds": 24,
            "close_depth": 1, "inference": "uniform", "extra_worlds": 0, "extra_budget": 0}

# evaluate.WEIGHTS as fitted by ``python -m sixtysix.bots.fit --hands 600 --bot hard`` (commit 5a42dc6)
WEIGHTS = [
    [-0.1034, 0.0, 0.0301, 0.4365, -0.0418, 0.0271, 0.0203, 0.0, 0.0, 0.0],
    [0.11, 0.0241, 0.023, 0.4893, -0.0051, 0.1292, 0.025, 0.11, 0.0, 0.4466],
    [-0.0244, 0.0277, 0.0317, 0.4656, 0.0727, 0.0711, 0.0229, 0.3102, 0.2858, 0.0038],
    [-0.013, 0.0258, 0.0218, 0.4319, 0.2892, 0.1715, 0.0225, 0.1054, 0.5053, 0.025],
    [0.0294, 0.024, 0.0219, 0.4472, 0.3403, 0.2928, 0.0206, -0.0836, 0.3571, 0.163],
    [0.2228, 0.0191, 0.026, 0.4804, 0.3839, 0.274, 0.0207, 0.1414, 0.4478, -0.0733],
    [0.291, 0.013, 0.0293, 0.5201, 0.2508, 0.1665, 0.015, -0.3746, 0.2494, -0.0351],
]


def hard_v1(seed=None, **options) -> SearchBot:
    """The frozen hard bot; ``options`` override settings for experiments only."""
    kw = dict(SETTINGS)
    kw["evaluate"] = make_evaluate(WEIGHTS)
    kw.update(options)
    if kw.get("budget") is None:
        kw["budget"] = SETTINGS["budget"]
    return SearchBot(seed=seed, name="hard-v1", **kw)
