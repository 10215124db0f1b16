"""Practice mode at the table: the computer's cards face up, take-backs of
the player's moves, and nothing of a practice match counted (ui.model.table,
ui.model.present, ui.model.storage)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui.model import botcall
from ui.model.i18n import Translator, load_catalog
from ui.model.present import build
from ui.model.page import PageState
from ui.model.settings import Settings
from ui.model.stats import Stats
from ui.model.storage import decode_game, encode_game
from ui.model.table import COMPUTER, HUMAN, Table

ROOT = Path(__file__).resolve().parent.parent
PRACTICE = PageState(settings=Settings(practice=True))


@pytest.fixture(scope="module")
def tr():
    return Translator("pt", load_catalog("pt", ROOT))


def computer_moves(t: Table) -> None:
    while t.computer_to_move():
        t.apply_computer(botcall.choose(t.view(COMPUTER), "random"))
        t.gather()


def play_first(t: Table) -> None:
    legal = t.view(HUMAN)["legal"]
    t.apply_human([next(a for a in legal if a.startswith("play:"))])
    t.gather()
    computer_moves(t)


def finish_hand(t: Table) -> None:
    computer_moves(t)
    while not t.hand_over:
        play_first(t)


def finish_match(t: Table) -> None:
    while True:
        finish_hand(t)
        if t.match_over:
            return
        t.next_hand()


def test_a_practice_match_counts_no_hand_and_no_match():
    stats = Stats()
    t = Table.new(5, stats, practice=True)
    finish_match(t)
    assert stats.hands_won + stats.hands_lost == 0 and stats.matches_won + stats.matches_lost == 0
    real = Table.new(5, stats)
    finish_match(real)
    assert stats.hands_won + stats.hands_lost == len(real.match.hands) and stats.matches_won + stats.matches_lost == 1


def test_practice_begun_mid_match_keeps_the_earlier_hands_and_counts_nothing_more():
    stats = Stats()
    t = Table.new(8, stats)
    finish_hand(t)
    assert stats.hands_won + stats.hands_lost == 1
    t.next_hand()
    computer_moves(t)
    play_first(t)
    t.start_practice()
    finish_match(t)
    assert stats.hands_won + stats.hands_lost == 1 and stats.matches_won + stats.matches_lost == 0
    assert t.counted_hands == len(t.match.hands)


def test_abandoning_a_practice_match_is_not_a_lost_match():
    stats = Stats()
    t = Table.new(3, stats, practice=True)
    computer_moves(t)
    play_first(t)
    assert t.in_progress
    t.abandon()
    assert stats.matches_lost == 0


def test_a_take_back_puts_the_player_back_where_they_were():
    t = Table.new(21, practice=True)
    computer_moves(t)
    before = t.view(HUMAN)
    assert not t.can_take_back()  # nothing played yet
    play_first(t)
    assert t.human_to_move() and t.view(HUMAN)["history"] != before["history"]
    assert t.take_back()
    assert t.view(HUMAN) == before
    assert [m.key for m in t.messages] == ["msg.taken_back"]
    assert t.showing_trick is None and t.hint is None


def test_a_real_match_and_moves_from_before_practice_cannot_be_taken_back():
    t = Table.new(21)
    computer_moves(t)
    play_first(t)
    assert not t.can_take_back() and not t.take_back()
    t.start_practice()
    assert not t.can_take_back()  # that move was made for real
    history = t.view(HUMAN)["history"]
    play_first(t)
    assert t.take_back() and t.view(HUMAN)["history"] == history
    assert not t.take_back()


def test_the_end_of_a_hand_can_be_taken_back_and_is_then_not_counted_twice():
    stats = Stats()
    t = Table.new(13, stats, practice=True)
    finish_hand(t)
    assert t.counted_hands == 1
    assert t.take_back() and not t.hand_over
    assert t.counted_hands == 0 and t.match.scores == [0, 0]
    finish_hand(t)
    assert t.counted_hands == 1 and stats.hands_won + stats.hands_lost == 0


def test_the_practice_mark_is_saved_with_the_match():
    t = Table.new(21)
    computer_moves(t)
    play_first(t)
    t.start_practice()
    again = Table.from_saved(decode_game(encode_game(t.match, t.counted_hands, practice=t.practice)))
    assert again.practice == t.practice
    assert not again.can_take_back()
    play_first(again)
    assert again.can_take_back()
    assert Table.from_saved(decode_game(encode_game(t.match, 0))).practice is None


def test_the_model_shows_the_computers_cards_and_the_take_back_only_with_the_aids_on(tr):
    t = Table.new(21, practice=True)
    computer_moves(t)
    m = build(t, PRACTICE, tr)
    assert m.practice and m.practice_aids
    assert sorted(c.code for c in m.revealed) == sorted(t.game.hand(COMPUTER))
    assert all(c.code[0] != "?" for c in m.revealed)
    assert tr.card_in_text(m.revealed[0].code) in m.opponent_aria
    assert not m.buttons["take_back"]  # nothing to take back yet
    play_first(t)
    assert build(t, PRACTICE, tr).buttons["take_back"]
    assert not build(t, PageState(settings=PRACTICE.settings, busy=True), tr).buttons["take_back"]
    off = build(t, PageState(settings=Settings(practice=False)), tr)  # aids off: the match stays marked
    assert off.practice and not off.practice_aids and not off.revealed and not off.buttons["take_back"]
    real = Table.new(21)
    computer_moves(real)
    play_first(real)
    m = build(real, PRACTICE, tr)  # the setting alone shows nothing of a real match
    assert not m.practice and not m.revealed and not m.buttons["take_back"]


def test_settings_keep_the_practice_choice():
    assert Settings.from_dict({"practice": True}).practice is True
    assert Settings.from_dict({"practice": "yes"}).practice is False
    assert Settings.from_dict(Settings(practice=True).to_dict()).practice is True
