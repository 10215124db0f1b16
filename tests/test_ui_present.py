"""ui.model.present: what the table shows, computed from the view alone."""

from pathlib import Path

import pytest
from tests.conftest import match_from

from ui.model.i18n import Translator, load_catalog
from ui.model.present import build, hint_targets
from ui.model.table import hand_order
from ui.model.page import PageState
from ui.model.settings import Settings
from ui.model.table import COMPUTER, HUMAN, Table

ROOT = Path(__file__).resolve().parent.parent


def table_from(non_dealer_hand, dealer_hand, trump_card, stock=(), dealer=1, stats=None) -> Table:
    """A Table whose first hand is this deal (see ``match_from``)."""
    return Table(match_from(non_dealer_hand, dealer_hand, trump_card, stock, dealer), 0, stats)


@pytest.fixture(scope="module")
def tr():
    return Translator("pt", load_catalog("pt", ROOT))


def fresh():
    return table_from("AS KH QH 9D JD TD", "9S JS QS KS 9C JC", "AC")


def test_open_phase_everything_playable_nothing_dimmed(tr):
    m = build(fresh(), PageState(settings=Settings()), tr)
    assert m.to_move == "you" and m.can_act
    assert all(c.playable and not c.dimmed for c in m.my_cards)
    assert m.stock_state == "open" and m.trump_face_up and m.trump_card == "AC"
    assert m.buttons["close"] and not m.buttons["exchange"] and m.buttons["hint"]
    assert not m.buttons["declare"]  # 0 points: not offered by default


def test_strict_phase_dims_exactly_the_cards_the_engine_refuses(tr):
    # The person deals; the computer leads after closing the stock.
    t = table_from("9S JS QS KS 9C JC", "AS KH QH 9D JD TS", "AC", dealer=0)
    t.apply(COMPUTER, "close")
    t.apply(COMPUTER, "play:JS")
    m = build(t, PageState(settings=Settings()), tr)
    legal = set(t.view(HUMAN)["legal"])
    for c in m.my_cards:
        assert c.playable == (f"play:{c.code}" in legal)
        assert c.dimmed == (not c.playable)
    assert {c.code for c in m.my_cards if c.playable} == {"AS", "TS"}  # must beat the jack of spades
    assert m.stock_state == "closed" and not m.trump_face_up and m.trump_card == "AC"
    # the stock is one labelled image: how many cards, closed, and the trump suit (its card is face down)
    assert m.stock_aria == "Monte fechado: 12 cartas; trunfo: paus"


def test_nothing_is_dimmed_or_playable_while_the_computer_moves(tr):
    t = table_from("9S JS QS KS 9C JC", "AS KH QH 9D JD TS", "AC", dealer=0)
    m = build(t, PageState(settings=Settings()), tr)
    assert m.to_move == "computer" and not m.can_act
    assert not any(c.playable or c.dimmed for c in m.my_cards)
    assert not any(m.buttons.values())


def test_busy_or_a_trick_on_show_blocks_input(tr):
    t = fresh()
    assert not build(t, PageState(settings=Settings(), busy=True), tr).can_act
    t.apply_human(["play:AS"])
    t.apply(COMPUTER, "play:9S")
    m = build(t, PageState(settings=Settings()), tr)
    assert m.trick_complete and [c.code for c in m.trick] == ["AS", "9S"]
    assert [c.owner for c in m.trick] == ["you", "computer"] and m.trick_winner == "you"
    assert not m.can_act and m.to_move == "computer"
    assert m.piles["you"] == 0  # the trick is still on the table
    assert m.pile_texts["you"] == "Suas vazas: 0"
    t.gather()
    m = build(t, PageState(settings=Settings()), tr)
    assert m.can_act and m.piles["you"] == 1 and m.trick == []
    assert m.pile_texts["you"] == "Suas vazas: 1"


def test_declare_button_by_default_needs_66_and_with_count_myself_a_trick(tr):
    t = fresh()
    t.apply_human(["play:AS"])
    t.apply(COMPUTER, "play:9S")
    t.gather()
    assert "declare" in t.view(HUMAN)["legal"]
    assert not build(t, PageState(settings=Settings()), tr).buttons["declare"]          # 11 points
    m = build(t, PageState(settings=Settings(count_myself=True)), tr)
    assert m.buttons["declare"]
    assert m.points_text == tr.t("points.hidden")
    assert build(t, PageState(settings=Settings()), tr).points_text == "Seus pontos: 11"


def test_hand_order_alternates_colours_and_keeps_rank_order():
    assert hand_order(["9C", "AC", "9D", "KH", "QS", "TD"]) == ["9C", "AC", "KH", "QS", "9D", "TD"]


def test_hint_targets():
    assert hint_targets("play:QH") == ({"QH"}, None)
    assert hint_targets("marry:S") == ({"KS", "QS"}, None)
    assert hint_targets("close") == (set(), "close")
    assert hint_targets(None) == (set(), None)


def test_hint_marks_cards_and_text(tr):
    t = fresh()
    t.set_hint("play:TD")
    m = build(t, PageState(settings=Settings()), tr)
    assert [c.code for c in m.my_cards if c.hinted] == ["TD"]
    assert m.messages[-1] == "Dica: jogue o dez de ouros."
    assert build(t, PageState(settings=Settings(), hint_pending=True), tr).messages[-1] == tr.t("hint.thinking")


def test_card_names_and_texts_follow_the_language():
    it = Translator("it", load_catalog("it", ROOT))
    m = build(fresh(), PageState(settings=Settings()), it)
    assert [c.name for c in m.my_cards][:3] == ["Donna di Cuori", "Re di Cuori", "Asso di Picche"]
    assert m.turn_text == "Tocca a te: apri con una carta."
    assert m.trump_text == "Briscola: Fiori"
