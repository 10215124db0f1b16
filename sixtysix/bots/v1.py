"""``hard-v1``: the hard bot as it was before opponent modelling (issue 14), frozen.

It is the yardstick every later change to ``hard`` is measured against
(``python -m sixtysix.arena hard hard-v1``), so nothing here may follow the
defaults of :class:`.config.SearchConfig` or the fitted weights of :mod:`.evaluate`:
every setting is spelled out, the evaluation weights are ``evaluate.WEIGHTS_V1``
(which a refit leaves alone), and the worlds are drawn uniformly. ``tests/test_bots_v1.py`` pins its choices on
seeded views to those of the original code.
"""

from __future__ import annotations

from .config import SearchConfig

#: hard-v1's settings, every field spelled out.
HARD_V1 = SearchConfig(
    budget=40_000, time_cap=2.0, depth=2, deep_until=6, max_worlds=40, min_worlds=4, close_share=0.85,
    close_worlds=24, close_depth=1, exact_tail=True, evaluation="v1", inference="uniform",
    extra_worlds=0, extra_budget=0, close_margin=0.05, postpone=False, horizon=4, temperature=0.3, floor=0.15,
    missed=0.05, kept_nine=0.2, model_nodes=3000)
