"""The message line: tricks numbered from the view, and never the same line twice in a row."""

import random
from pathlib import Path

import pytest
from tests.conftest import match_from

from ui.model.i18n import Translator, load_catalog
from ui.model.present import message_text
from ui.model.table import COMPUTER, HUMAN, Message, Table

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module", params=["pt", "it"])
def tr(request):
    return Translator(request.param, load_catalog(request.param, ROOT))


def test_each_trick_is_numbered_from_the_views_count(tr):
    t = Table(match_from("AS KH QH 9D JD TD", "9S JS QS KS 9C JC", "AC"), 0)
    t.apply_human(["play:AS"])
    t.apply_computer("play:9S")
    assert t.messages[-1] == Message("msg.trick.you", {"n": 1})
    t.gather()
    t.apply_human(["play:9D"])
    t.apply_computer(t.view(COMPUTER)["legal"][0])
    n = len(t.view(HUMAN)["completed_tricks"])
    assert n == 2 and t.messages[-1].params == {"n": 2}
    # the trick's place in the hand, as an ordinal: never read as the pile's count,
    # which leaves out the trick on show until it is gathered
    expected = {"pt": ("1ª vaza: você levou.", "2ª vaza: o computador levou."),
                "it": ("1ª presa: l'hai fatta tu.", "2ª presa: l'ha fatta il computer.")}[tr.lang]
    assert message_text(Message("msg.trick.you", {"n": 1}), tr) == expected[0]
    assert message_text(Message("msg.trick.computer", {"n": 2}), tr) == expected[1]


def test_the_same_message_is_written_once_but_said_each_time():
    t = Table.new(3)
    t.take_events()
    t.say("msg.resumed")
    t.say("msg.resumed")
    assert [m.key for m in t.messages].count("msg.resumed") == 1
    assert [e.key for e in t.take_events()] == ["msg.resumed", "msg.resumed"]
    t.say("msg.taken_back")
    t.say("msg.resumed")  # not in a row: written again
    assert [m.key for m in t.messages][-3:] == ["msg.resumed", "msg.taken_back", "msg.resumed"]


def test_a_tip_stays_on_the_line_only_until_the_next_event():
    # "You have 66: tap Declare" must not still be there once the hand is over.
    t = Table.new(3)
    t.say("msg.resumed")
    t.say("coach.close")
    t.say("coach.declare")
    assert [m.key for m in t.messages][-3:] == ["msg.resumed", "coach.close", "coach.declare"]
    events = t.take_events()
    t.say("msg.close.you")
    assert [m.key for m in t.messages][-2:] == ["msg.resumed", "msg.close.you"]
    assert [e.key for e in events][-2:] == ["coach.close", "coach.declare"]  # the live region said them


@pytest.mark.parametrize("seed", range(12))
def test_no_line_ever_follows_an_identical_one_in_a_whole_match(seed):
    rng = random.Random(seed)
    t = Table.new(seed)
    seen = []
    while not t.match_over:
        while not t.hand_over:
            player = t.to_move
            t.apply(player, rng.choice(t.view(player)["legal"]))
            t.gather()
            seen.append(list(t.messages))
        if not t.match_over:
            t.next_hand()
    for lines in seen:
        assert all(a != b for a, b in zip(lines, lines[1:])), lines
    tricks = [m for lines in seen for m in lines if m.key.startswith("msg.trick.")]
    assert tricks and all(1 <= m.params["n"] <= 12 for m in tricks)
