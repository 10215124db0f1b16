"""hard-v1, the frozen yardstick: the same choices as the hard bot of commit 5a42dc6.

``tests/data/hard_v1_choices.json`` holds seeded views (random play from
``Game.new(seed="pin:N")``) and the choice the original hard bot made in each,
recorded by running that commit's ``make("hard", seed=..., time_cap=1e9)``.
"""

import json
from pathlib import Path

from sixtysix.bots import make

PINNED = json.loads((Path(__file__).parent / "data" / "hard_v1_choices.json").read_text())


def test_hard_v1_makes_the_original_choices():
    assert len(PINNED) >= 50
    wrong = [(r["seed"], r["choice"], str(make("hard-v1", seed=r["seed"], time_cap=None).choose(r["view"])))
             for r in PINNED]
    wrong = [w for w in wrong if w[1] != w[2]]
    assert wrong == []


def test_hard_v1_ignores_the_opponent_model():
    assert make("hard-v1").config.inference == "uniform"
    assert make("hard").config.inference == "uniform"  # the model did not win (docs/bots.md)
    assert make("hard", inference="model").config.inference == "model"


def test_hard_plays_as_hard_v1_until_a_change_wins_in_the_arena():
    # The level players meet keeps hard-v1's choices (the opponent model drew
    # level at more CPU); a change that wins against hard-v1 updates this test.
    differ = [r["seed"] for r in PINNED[:20]
              if str(make("hard", seed=r["seed"], time_cap=None).choose(r["view"])) != r["choice"]]
    assert differ == []
