"""A dimmed card tapped: the table says why, from the engine's own reason."""

from pathlib import Path

import pytest
from tests.conftest import match_from

from ui.model.i18n import Translator, load_catalog
from ui.model.present import build, message_text
from ui.model.page import PageState
from ui.model.settings import Settings
from ui.model.table import COMPUTER, Table

ROOT = Path(__file__).resolve().parent.parent
SAID = {"pt": "É preciso seguir o naipe com uma carta mais alta: você tem o dez de espadas e o ás de espadas.",
        "it": "Bisogna rispondere al seme con una carta più alta: hai il dieci di picche e l'asso di picche."}


@pytest.fixture(scope="module", params=["pt", "it"])
def tr(request):
    return Translator(request.param, load_catalog(request.param, ROOT))


def strict() -> Table:
    """The computer closes and leads the jack of spades: the player must beat it."""
    t = Table(match_from("9S JS QS KS 9C JC", "AS KH QH 9D JD TS", "AC", dealer=0), 0)
    t.apply(COMPUTER, "close")
    t.apply(COMPUTER, "play:JS")
    t.take_events()
    return t


def test_a_dimmed_card_says_the_rule_and_the_cards_that_answer(tr):
    t = strict()
    m = build(t, PageState(settings=Settings()), tr)
    assert {c.code for c in m.my_cards if c.dimmed} == {"KH", "QH", "9D", "JD"}
    assert t.explain_refusal("9D")
    assert message_text(t.messages[-1], tr) == SAID[tr.lang]
    assert [e.key for e in t.take_events()] == ["illegal.follow_higher"]


def test_a_second_tap_is_said_again_but_written_once():
    t = strict()
    t.explain_refusal("9D")
    lines = len(t.messages)
    assert t.explain_refusal("9D") and len(t.messages) == lines
    assert [e.key for e in t.take_events()] == ["illegal.follow_higher"] * 2


def test_a_playable_card_or_the_computers_turn_says_nothing():
    t = strict()
    assert not t.explain_refusal("AS")
    t.apply_human(["play:AS"])
    t.take_events()
    assert not t.explain_refusal("KH")  # the trick is on show: not the player's moment
    assert t.take_events() == []


def test_after_a_marriage_the_other_cards_say_lead_the_king_or_queen(tr):
    t = Table(match_from("AS KH QH 9D JD TD", "9S JS QS KS 9C JC", "AC"), 0)
    t.apply_human(["play:AS"])
    t.apply(COMPUTER, "play:9S")
    t.gather()
    t.apply_human(["marry:H"])
    assert t.explain_refusal("9D")
    text = message_text(t.messages[-1], tr)
    assert text == tr.t("illegal.marriage_lead", suit=tr.suit("H").lower())
