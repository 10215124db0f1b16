"""ui.model.botcall: the worker's answer is legal and the same for the same view."""

import json

import pytest

from ui.model import botcall
from ui.model.table import COMPUTER, Table


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


class Stubborn:
    """A broken bot: always the same card, legal or not."""

    def choose(self, view):
        return "play:9C" if "play:9C" not in view["legal"] else "play:AS"


def test_an_illegal_answer_is_an_error_not_a_quiet_replacement(monkeypatch):
    t = Table.new(21)
    view = t.view(t.to_move)
    monkeypatch.setattr(botcall, "make_bot", lambda level, seed, capped=True: Stubborn())
    with pytest.raises(botcall.IllegalAnswer, match="medium bot answered 'play:"):
        botcall.choose(view, "medium")
    with pytest.raises(botcall.IllegalAnswer):
        botcall.choose_json(json.dumps(view), "medium")


def test_the_table_plays_on_after_a_failed_answer_and_says_it_fell_back():
    t = next(t for t in map(Table.new, range(1, 20)) if t.computer_to_move())
    before = len(t.view(COMPUTER)["history"])
    assert t.apply_computer("") is False  # what the page passes when the worker call failed
    assert len(t.view(COMPUTER)["history"]) == before + 1


def test_timecap_0_lifts_only_the_search_bots_wall_time_cap():
    assert botcall.make_bot("hard", 1).config.time_cap is not None
    assert botcall.make_bot("hard", 1, capped=False).config.time_cap is None
    assert botcall.make_bot("nonsense", 1, capped=False).config.time_cap is None  # medium
    t = Table.new(4)
    assert str(botcall.make_bot("random", 1, capped=False).choose(t.view(t.to_move))) in t.view(t.to_move)["legal"]
