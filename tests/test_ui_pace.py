"""ui.model.pace and the speed setting: the pauses a player chooses, saved and read back."""

from pathlib import Path

import pytest
from tests.conftest import match_from

from ui.model.i18n import Translator, load_catalog
from ui.model.pace import DEFAULT_SPEED, PACES, SPEEDS, TEST_PACE, pace_for
from ui.model.present import build
from ui.model.page import PageState
from ui.model.settings import Settings
from ui.model.table import Table

ROOT = Path(__file__).resolve().parent.parent


def test_each_speed_is_quicker_than_the_one_before_at_every_pause():
    for slower, quicker in zip(SPEEDS, SPEEDS[1:]):
        for step in PACES[slower]:
            assert PACES[quicker][step] < PACES[slower][step], (slower, quicker, step)
    assert set(PACES["instant"].values()) == {0.0}


def test_the_tests_fast_mode_wins_over_any_setting_and_unknown_speeds_fall_back():
    assert all(pace_for(s, test_fast=True) is TEST_PACE for s in SPEEDS)
    assert pace_for("warp") == PACES[DEFAULT_SPEED]


@pytest.mark.parametrize("saved, speed", [({"speed": "slow"}, "slow"), ({"speed": "instant"}, "instant"),
                                           ({"speed": "warp"}, DEFAULT_SPEED), ({"speed": 2}, DEFAULT_SPEED),
                                           ({}, DEFAULT_SPEED)])
def test_the_speed_is_saved_with_the_settings_and_bad_values_fall_back(saved, speed):
    settings = Settings.from_dict({"level": "hard", **saved})
    assert settings.speed == speed and settings.level == "hard"
    assert Settings.from_dict(settings.to_dict()) == settings


@pytest.fixture(scope="module")
def tr():
    return Translator("pt", load_catalog("pt", ROOT))


def computer_leads() -> Table:
    # the dealer (1, the computer) is not to lead: player 0 leads; play a card so the computer moves
    t = Table(match_from("AS KH QH 9D JD TD", "9S JS QS KS 9C JC", "AC"), 0)
    t.apply_human(["play:9D"])
    return t


def test_thinking_is_said_only_while_the_bot_computes(tr):
    t = computer_leads()
    assert build(t, PageState(settings=Settings(), busy=True, thinking=True), tr).turn_text == tr.t("turn.computer")
    assert build(t, PageState(settings=Settings(), busy=True), tr).turn_text == tr.t("turn.computer.next")


def test_a_finished_trick_on_show_says_it_can_be_gathered(tr):
    t = computer_leads()
    t.apply_computer("play:9S")
    assert t.showing_trick is not None
    m = build(t, PageState(settings=Settings(), busy=True), tr)
    assert m.trick_complete and m.turn_text == tr.t("turn.gather")
    t.gather()
    assert build(t, PageState(settings=Settings()), tr).turn_text != tr.t("turn.gather")
