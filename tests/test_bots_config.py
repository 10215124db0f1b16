"""The search configuration: frozen presets, options parsed by field type, clear errors."""

import dataclasses

import pytest

from sixtysix import arena
from sixtysix.bots import HARD, MEDIUM, SearchConfig, make
from sixtysix.bots.config import parse_options
from sixtysix.bots.search import OutOfBudget, OutOfNodes, OutOfTime, Searcher
from sixtysix.bots.v1 import HARD_V1


def test_presets_are_frozen_and_the_bots_keep_them():
    with pytest.raises(dataclasses.FrozenInstanceError):
        HARD.depth = 1
    assert make("hard").config == HARD and make("medium").config == MEDIUM and make("hard-v1").config == HARD_V1
    assert make("hard", budget=None).config.budget == HARD.budget   # None keeps the level's budget


def test_options_replace_fields_of_the_preset_only():
    bot = make("medium", depth=2, seed=1)
    assert bot.config == dataclasses.replace(MEDIUM, depth=2) and MEDIUM.depth == 1


def test_arena_options_are_parsed_by_field_type():
    name, opts = arena.parse_bot("hard:depth=1,close_share=0,exact_tail=false,time_cap=none,inference=model")
    assert name == "hard"
    assert opts == {"depth": 1, "close_share": 0.0, "exact_tail": False, "time_cap": None, "inference": "model"}
    assert type(opts["close_share"]) is float and type(opts["depth"]) is int
    assert arena._make("hard:eval=hand_set", "s", None).config.evaluation == "hand_set"


@pytest.mark.parametrize("spec,message", [
    ("hard:dept=1", "unknown option 'dept'"),
    ("hard:depth=1.5", "depth='1.5': expected an integer"),
    ("hard:exact_tail=maybe", "expected true or false"),
    ("hard:time_cap=soon", "expected a number or none"),
    ("hard:depth", "needs a value"),
    ("easy:depth=1", "takes no options"),
    ("hardest", "unknown bot 'hardest'"),
])
def test_a_bad_option_is_refused_clearly(spec, message):
    with pytest.raises(ValueError, match=message):
        arena.parse_bot(spec)


def test_a_bad_value_of_the_right_type_is_refused_when_configured():
    with pytest.raises(ValueError, match="inference is 'model' or 'uniform'"):
        arena._make("hard:inference=psychic", "s", None)
    with pytest.raises(ValueError, match="unknown option 'depht'"):
        make("hard", depht=1)
    with pytest.raises(SystemExit):
        arena.main(["hard:dept=1", "medium", "--pairs", "1"])


def test_parse_options_covers_every_field():
    for f in dataclasses.fields(SearchConfig):
        value = getattr(HARD, f.name)
        text = "none" if value is None else str(value).lower()
        assert parse_options(f"{f.name}={text}") == {f.name: value}


def test_out_of_budget_says_why_by_its_type():
    s = Searcher(0, lambda *a: 0, node_cap=0)
    s.count = 511
    with pytest.raises(OutOfNodes):
        s.strict(0b11, 0b1100, 0, 0, 0, 0, 0)
    s = Searcher(0, lambda *a: 0, deadline=0.0)
    s.count = 511
    with pytest.raises(OutOfTime):
        s.strict(0b11, 0b1100, 0, 0, 0, 0, 0)
    assert issubclass(OutOfNodes, OutOfBudget) and issubclass(OutOfTime, OutOfBudget)


def test_the_config_examples():
    import doctest

    from sixtysix.bots import config

    assert doctest.testmod(config).failed == 0
