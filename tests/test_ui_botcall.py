"""ui.botcall: the worker's answer is legal and the same for the same view."""

import json

import pytest

from ui import botcall
from ui.table import COMPUTER, Table


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_choice_is_legal_and_deterministic(level):
    t = Table.new(21)
    player = t.to_move
    view = t.view(player)
    a = botcall.choose(view, level)
    assert a in view["legal"]
    assert botcall.choose_json(json.dumps(view), level) == a


def test_view_seed_is_stable():
    view = Table.new(4).view(0)
    assert botcall.view_seed(view) == botcall.view_seed(json.loads(json.dumps(view)))


def test_no_legal_action_is_an_error():
    t = Table.new(4)
    other = 1 - t.to_move
    with pytest.raises(ValueError):
        botcall.choose(t.view(other), "easy")
