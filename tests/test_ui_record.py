"""ui/model/record.py: the ui's records behave as the dataclasses they replaced."""

from __future__ import annotations

import doctest
from typing import ClassVar

import pytest

from ui.model import record
from ui.model.record import Record, field
from ui.model.settings import Settings, UrlOptions
from ui.model.stats import LevelStats, Stats
from ui.model.table import Message


class Sample(Record):
    """A record with every kind of field."""

    name: str
    count: int = 0
    tags: list = field(default_factory=list)
    note: str = field(default="", compare=False)
    KIND: ClassVar[str] = "sample"


def test_the_module_examples_hold():
    assert doctest.testmod(record).failed == 0


def test_fields_come_in_annotation_order_with_defaults_and_factories():
    assert Sample._fields == ("name", "count", "tags", "note")
    s = Sample("a")
    assert (s.name, s.count, s.tags, s.note) == ("a", 0, [], "")
    assert Sample("b", 3, ["x"], note="n").as_dict() == {"name": "b", "count": 3, "tags": ["x"], "note": "n"}
    assert Sample("a").tags is not Sample("a").tags   # a factory makes a fresh default each time
    assert Sample.KIND == "sample" and "KIND" not in Sample("a").as_dict()


def test_equality_and_repr_are_a_dataclasss():
    assert Sample("a", 1) == Sample(name="a", count=1)
    assert Sample("a", note="x") == Sample("a", note="y")   # compare=False
    assert Sample("a") != Sample("a", 1) and Sample("a") != "a"
    assert repr(Sample("a", tags=[1])) == "Sample(name='a', count=0, tags=[1], note='')"
    with pytest.raises(TypeError):
        hash(Sample("a"))


def test_bad_calls_are_refused_clearly():
    with pytest.raises(TypeError, match="missing the field 'name'"):
        Sample()
    with pytest.raises(TypeError, match="no field 'colour'"):
        Sample("a", colour="red")
    with pytest.raises(TypeError, match="two values for 'name'"):
        Sample("a", name="b")
    with pytest.raises(TypeError, match="takes 4 fields"):
        Sample("a", 1, [], "", "extra")
    with pytest.raises(TypeError, match="without a default follows"):
        class Bad(Record):
            """Out of order."""
            first: int = 0
            second: int
    with pytest.raises(TypeError, match="not both"):
        field(default=1, default_factory=list)


def test_a_subclass_adds_its_fields_after_its_bases():
    class More(Sample):
        """One more field."""
        extra: int = 7
    assert More._fields == Sample._fields + ("extra",) and More("a").extra == 7
    assert Sample._fields == ("name", "count", "tags", "note")   # the base is untouched


def test_the_ui_records_keep_their_saved_shapes():
    assert Settings().to_dict() == {"lang": None, "level": "medium", "count_myself": False,
                                    "speed": Settings().speed, "practice": False, "confirm_moves": True,
                                    "theme": "auto", "four_colour": False, "sound": False,
                                    "coach": True, "coached": []}
    assert Settings.from_dict(Settings(lang="it", practice=True).to_dict()) == Settings(lang="it", practice=True)
    stats = LevelStats.from_dict({"hands_won": 3, "closes": "x", "streak": -1})
    assert stats == LevelStats(hands_won=3) and stats.to_dict()["hands_won"] == 3
    assert Stats(level="hard") == Stats()   # the level in play is not part of the statistics
    assert Message("k") == Message("k", {}) != Message("k", {"gp": 1})
    assert repr(UrlOptions.parse("?lang=it&seed=12&embed=1")) == (
        "UrlOptions(lang='it', level=None, seed=12, embed=True, fast=False, timecap=True, test=False)")
