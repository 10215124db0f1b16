"""The levels' choices, pinned: a refactoring of the bots changes none of them.

``tests/data/level_choices.json`` (written by ``tools/pin_levels.py --write``
before the search configuration became a dataclass) holds 200 seeded views
and the choice of easy, medium and hard in each. ``tools/pin_levels.py
--check`` replays all 600 decisions; this test replays every easy and medium
one and a share of hard's (its 40,000-node decisions cost the most).
"""

import json
from pathlib import Path

import pytest

from sixtysix.bots import make

PINNED = json.loads((Path(__file__).parent / "data" / "level_choices.json").read_text())
HARD_SHARE = 40


def _choice(level, record):
    opts = {} if level == "easy" else {"time_cap": None}
    return str(make(level, seed=record["seed"], **opts).choose(record["view"]))


@pytest.mark.parametrize("level,records", [("easy", PINNED), ("medium", PINNED), ("hard", PINNED[:HARD_SHARE])])
def test_level_makes_the_pinned_choices(level, records):
    assert len(PINNED) == 200
    wrong = [(r["seed"], r["choices"][level], _choice(level, r)) for r in records]
    assert [w for w in wrong if w[1] != w[2]] == []


def test_the_pinned_views_are_real_choices():
    # a pinned view with a single legal action would pin nothing
    assert all(len(r["view"]["legal"]) > 1 for r in PINNED)
    assert len({r["choices"]["hard"] for r in PINNED}) > 20
