"""What a screen reader hears: each event once, with card names in running
text, the tricks' points from the engine, the stock as one labelled image."""

from pathlib import Path

import pytest
from tests.conftest import match_from

from ui.model.i18n import Translator, load_catalog
from ui.model.present import build, message_text
from ui.model.page import PageState
from ui.model.settings import Settings
from ui.model.table import COMPUTER, HUMAN, Message, Table, hand_order

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module", params=["pt", "it"])
def tr(request):
    return Translator(request.param, load_catalog(request.param, ROOT))


def table() -> Table:
    return Table(match_from("AS KH QH 9D JD TD", "9S JS QS KS 9C JC", "AC"), 0)


def test_the_computers_card_and_the_trick_are_each_told_once():
    t = table()
    t.take_events()  # whatever the deal said
    t.apply_human(["play:AS"])
    assert t.take_events() == []  # the player's own card is not read back
    before = t.view(HUMAN)["points"][HUMAN]
    hand = t.view(HUMAN)["hand"]
    t.apply_computer("play:9S")
    events = t.take_events()
    drawn = [c for c in t.view(HUMAN)["hand"] if c not in hand]
    assert [(e.key, e.params) for e in events] == [
        ("say.played.computer", {"card": "9S"}),
        ("say.trick.you", {"points": t.view(HUMAN)["points"][HUMAN] - before}),
        ("say.drew.you", {"card": drawn[0]})]  # the stock is open: the winner draws first
    assert events[1].params["points"] > 0
    assert t.take_events() == []
    assert [m.key for m in t.messages][-1] == "msg.trick.you"  # the visible line is unchanged


def test_cards_in_running_text_are_lowercase_with_their_article(tr):
    expected = {"pt": "O computador jogou o ás de copas.", "it": "Il computer ha giocato l'asso di cuori."}
    assert message_text(Message("say.played.computer", {"card": "AH"}), tr) == expected[tr.lang]
    for rank in "9JQKTA":
        for suit in "CDHS":
            name = tr.card_in_text(rank + suit)
            assert name == name.lower() and name.split()[0] != tr.t(f"rank.{rank}").lower(), name


def test_the_winning_card_and_the_last_tricks_owners_are_named(tr):
    t = table()
    t.apply_human(["play:AS"])
    t.apply(COMPUTER, "play:9S")
    m = build(t, PageState(settings=Settings()), tr)
    assert [c.wins for c in m.trick] == [True, False]
    assert m.trick[0].name == tr.t("trick.wins", card=tr.card("AS"))
    assert [c.owner_name for c in m.last_trick] == [tr.t("player.you"), tr.t("player.computer")]


def test_the_stock_is_one_sentence_with_the_trump(tr):
    m = build(table(), PageState(settings=Settings()), tr)
    assert m.stock_aria == tr.t("stock.aria.open", n=12, trump=tr.card("AC").lower())
    assert "12" in m.stock_aria and tr.suit("C").lower() in m.stock_aria


def test_a_new_hand_reads_out_the_cards_dealt_and_the_trump_turned_up(tr):
    t = Table.new(seed=5)
    view = t.view(HUMAN)
    said = t.take_events()
    dealt = next(e for e in said if e.key == "say.hand")
    assert said.index(dealt) == [e.key for e in said].index(f"msg.new_hand.{'you' if t.game.dealer == HUMAN else 'computer'}") + 1
    assert sorted(dealt.params["cards"]) == sorted(view["hand"]) and len(view["hand"]) == 6
    assert dealt.params["cards"] == hand_order(view["hand"])  # as the hand shows them, left to right
    assert dealt.params["card"] == view["trump_card"]
    text = message_text(dealt, tr)
    assert all(tr.card_in_text(c) in text for c in view["hand"]) and tr.card_in_text(view["trump_card"]) in text
    assert "say.hand" not in [m.key for m in t.messages]  # heard, not shown: the hand is on screen


def test_the_next_hand_reads_out_its_cards_too():
    t = Table.new(seed=5)
    while not t.hand_over:
        t.take_events()
        mover = HUMAN if t.human_to_move() else COMPUTER
        t.apply(mover, t.view(mover)["legal"][0])
    t.next_hand()
    said = [e for e in t.take_events() if e.key == "say.hand"]
    assert len(said) == 1 and sorted(said[0].params["cards"]) == sorted(t.view(HUMAN)["hand"])


def test_the_score_names_the_target_once(tr):
    m = build(table(), PageState(settings=Settings()), tr)
    assert "7" not in m.score_aria and "7" in m.hand_number_text  # the line beside it says what wins
