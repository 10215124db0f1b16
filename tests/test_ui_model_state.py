"""ui.model.present.build carries the page's own state too (notices, busy, thinking,
the hint, the live region's news), so ui/dom/render.py draws from the model alone."""

from pathlib import Path

import pytest

from ui.model.i18n import Translator, load_catalog
from ui.model.present import build, message_text
from ui.model.page import PageState
from ui.model.settings import Settings
from ui.model.table import HUMAN, Table

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module", params=["pt", "it"])
def tr(request):
    return Translator(request.param, load_catalog(request.param, ROOT))


def players_turn():
    return next(t for t in map(Table.new, range(1, 50)) if t.human_to_move())


def test_notices_are_one_text_in_the_language_and_none_hides_it(tr):
    t = players_turn()
    assert build(t, PageState(settings=Settings()), tr).notice_text == ""
    m = build(t, PageState(settings=Settings(), notices=["notice.bot_failed", "notice.save_failed"]), tr)
    assert m.notice_text == tr.t("notice.bot_failed") + " " + tr.t("notice.save_failed")


def test_busy_includes_a_pending_hint_and_thinking_is_its_own(tr):
    t = players_turn()
    assert not build(t, PageState(settings=Settings()), tr).busy
    assert build(t, PageState(settings=Settings(), hint_pending=True), tr).busy
    m = build(t, PageState(settings=Settings(), hint_pending=True), tr)
    assert m.hint_pending and not m.thinking
    assert build(t, PageState(settings=Settings(), busy=True, thinking=True), tr).thinking


def test_the_hint_marker_is_the_tables_hint(tr):
    t = players_turn()
    legal = t.view(HUMAN)["legal"]
    assert build(t, PageState(settings=Settings()), tr).hint == ""
    t.set_hint(legal[0])
    assert build(t, PageState(settings=Settings()), tr).hint == legal[0]


def test_speed_and_gathered_come_through(tr):
    m = build(players_turn(), PageState(settings=Settings(speed="slow"), gathered="hurried"), tr)
    assert (m.speed, m.gathered) == ("slow", "hurried")


def test_the_tables_news_are_worded_for_the_live_region(tr):
    t = players_turn()
    events = t.take_events()
    assert events, "a deal says who dealt"
    m = build(t, PageState(settings=Settings()), tr, events=events)
    assert m.announcements == [message_text(e, tr) for e in events] and all(m.announcements)
    assert build(t, PageState(settings=Settings()), tr).announcements == []


def test_the_computers_empty_hand_is_named_as_empty(tr):
    t = players_turn()
    while not t.hand_over:  # nobody declares: every card is played
        p = t.to_move
        t.apply(p, next(a for a in t.view(p)["legal"] if a != "declare"))
        t.gather()
    assert t.game.hand(1) == [] and build(t, PageState(settings=Settings()), tr).opponent_aria == tr.t("hand.computer.empty")


def test_the_computers_hand_is_named_as_the_cards_left_once_face_up(tr):
    t = players_turn()
    assert build(t, PageState(settings=Settings()), tr).opponent_aria == tr.t("hand.computer.aria", n=6)
    while not t.hand_over:  # a declaration ends the hand with cards in hand
        p = t.to_move
        legal = t.view(p)["legal"]
        t.apply(p, "declare" if "declare" in legal else legal[0])
        t.gather()
    m = build(t, PageState(settings=Settings()), tr)
    assert m.revealed and m.opponent_aria == tr.t("story.remaining.aria")
