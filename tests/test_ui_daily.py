"""The deal of the day (issue 31): a deal from the date alone, the player's
first result and the hard computer's from the same seat, the streak."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_ui_flow import make_flow, run
from ui.model import botcall, daily
from ui.model.daily import DailyBook, DayResult
from ui.model.i18n import Translator, load_catalog
from ui.model.present import build
from ui.model.storage import MemoryBackend, Store
from ui.model.table import COMPUTER, HUMAN, Table

ROOT = Path(__file__).resolve().parent.parent
PT = Translator("pt", load_catalog("pt", ROOT))

#: The deck of 2026-12-05, as every device deals it (a string-seeded shuffle is
#: the same in every CPython and in Pyodide; e2e/test_daily.py checks the page).
DECK_2026_12_05 = ["KH", "QC", "JD", "AC", "QS", "TC", "TS", "9D", "9H", "JS", "AD", "9C",
                   "TD", "JC", "KC", "QD", "TH", "AS", "AH", "KD", "9S", "QH", "KS", "JH"]


def test_the_deal_depends_only_on_the_date():
    assert daily.daily_deck("2026-12-05") == DECK_2026_12_05
    assert daily.daily_deck("2026-12-06") != DECK_2026_12_05
    assert len({tuple(daily.daily_deck(f"2027-01-{d:02d}")) for d in range(1, 32)}) == 31
    t = daily.daily_table("2026-12-05")
    assert list(t.game.deck) == DECK_2026_12_05 and t.game.dealer == daily.DEALER and t.to_move == HUMAN
    assert t.replay_of.daily == "2026-12-05"


@pytest.mark.parametrize("text", ["", "2026-13-01", "2026-02-30", "1999-01-01", "2026-1-5", None, 20261205,
                                  "2026-12-05x", "../etc"])
def test_a_bad_date_is_refused(text):
    with pytest.raises(ValueError):
        daily.parse_date(text)


def test_only_the_first_result_of_a_day_counts_and_the_streak_runs_to_today_or_yesterday():
    book = DailyBook()
    assert book.note_player("2026-12-03", 2) and not book.note_player("2026-12-03", -3)
    assert book.day("2026-12-03").you == 2
    book.note_player("2026-12-04", -1)
    assert book.streak("2026-12-04") == 2 and book.streak("2026-12-05") == 2  # today not played yet
    assert book.streak("2026-12-06") == 0
    book.note_computer("2026-12-03", 1)
    book.note_computer("2026-12-04", 1)
    assert book.summary("2026-12-05") == (2, 2, (1 + -2) / 2)
    assert book.lines("2026-12-05", PT) == [PT.t("stats.daily", days=2, streak=2),
                                            PT.t("stats.daily.diff", diff="\u22120,5")]


def test_the_book_is_saved_and_anything_odd_in_it_is_dropped():
    store = Store(MemoryBackend())
    book = DailyBook()
    book.note_player("2026-12-05", 3)
    book.note_computer("2026-12-05", -2)
    assert store.save_daily(book) and store.load_daily() == book
    odd = {"days": {"2026-12-05": {"you": 3, "computer": None}, "2026-02-30": {"you": 1}, "x": {},
                    "2026-12-06": {"you": 9}, "2026-12-07": {"you": True}, "2026-12-08": [1]}}
    assert DailyBook.from_dict(odd).days == {"2026-12-05": DayResult(3, None)}
    store.backend.setItem("sixtysix.daily", "{not json")
    assert store.load_daily() == DailyBook()  # an unreadable book starts afresh, never breaks the page
    from datetime import date, timedelta
    days = [(date(2025, 1, 1) + timedelta(days=i)).isoformat() for i in range(daily.DAYS_KEPT + 5)]
    kept = DailyBook({d: DayResult(1, 1) for d in days}).to_dict()["days"]
    assert list(kept) == days[5:]  # the oldest go first


def test_the_days_deal_is_played_against_the_hard_computer_and_then_by_it_from_the_same_seat():
    match = Table.new(4)
    asked = []

    def bot(function, view_json, level=None, *rest):
        asked.append(level)
        return botcall.choose_json(view_json, level)

    saved = []
    flow, _, _ = make_flow(match, ask=bot, save_daily=saved.append)
    book = DailyBook()
    flow.start_daily("2026-12-05", book)
    assert flow.table is not match and flow.match is match
    while not flow.table.hand_over:
        run(flow.computer_turns())
        if flow.table.human_to_move():
            run(flow.human([flow.table.view(HUMAN)["legal"][0]]))
    assert set(asked) == {"hard"}  # the day's opponent, whatever the player's level
    mine = daily.signed(flow.table.result_facts())
    computer = run(daily.computer_result("2026-12-05", lambda view: _sync(botcall.choose(view, "hard"))))
    assert book.day("2026-12-05") == DayResult(mine, computer) and saved and saved[-1] is book
    lines = build(flow.table, flow.state, PT).story_lines
    assert PT.t("daily.better" if mine > computer else "daily.worse" if mine < computer else "daily.same") in lines
    # played again: the first result stays, the computer's is not asked again
    asked.clear()
    flow.start_daily("2026-12-05", book)
    while not flow.table.hand_over:
        run(flow.computer_turns())
        if flow.table.human_to_move():
            run(flow.human([flow.table.view(HUMAN)["legal"][-1]]))
    assert book.day("2026-12-05") == DayResult(mine, computer)
    assert len(asked) == sum(1 for p, _ in flow.table.game.actions if p == COMPUTER)
    assert match.match.games[0].actions == []  # the match waited aside, untouched


async def _sync(value):
    return value


DAY = "2026-12-05"


def daily_tab(backend=None, tricks: int = 2):
    """A started tab (the page's model side) with the day's deal on the table, ``tricks`` tricks played."""
    from tests.test_ui_core import Tab

    tab = Tab("?seed=3&level=random", backend=backend)
    tab.start()
    tab.send("daily", day=DAY)
    while len(tab.table.view(HUMAN)["completed_tricks"]) < tricks:
        card = next(a for a in tab.table.view(HUMAN)["legal"] if a.startswith("play:"))
        tab.send("tap_card", code=card[5:], focus_at=None)
    return tab


def reloaded(tab):
    """The same storage opened again (a reload), the page up."""
    from tests.test_ui_core import Tab

    again = Tab("?seed=3&level=random", backend=tab.backend)
    again.start()
    again.send("begin", hash="", today=DAY)
    return again


def test_a_reload_resumes_the_days_deal_where_it_was():
    tab = daily_tab()
    actions = tab.table.game.action_notations()
    match = tab.core.flow.match.game.action_notations()
    again = reloaded(tab)
    assert again.table.replay_of is not None and again.table.replay_of.daily == DAY
    assert again.table.game.action_notations() == actions and again.table.human_to_move()
    assert again.core.flow.match.game.action_notations() == match  # the match waits aside, as it was
    assert not again.logged


def test_the_days_deal_left_for_the_match_comes_back_where_it_was_never_dealt_afresh():
    # dealing it afresh would let a bad start be thrown away: only the first result counts
    tab = daily_tab()
    actions = tab.table.game.action_notations()
    tab.send("back_to_match")
    assert tab.table.replay_of is None
    again = reloaded(tab)
    assert again.table.replay_of is None  # it was not on the table: the reload shows the match
    again.send("daily", day=DAY)
    assert again.table.game.action_notations() == actions
    assert again.table.take_events() == []  # the moves made before are not read out again


def test_another_days_deal_opened_meanwhile_never_deals_the_first_afresh():
    # a #daily= link to another day while today's is under way: both are kept
    tab = daily_tab()
    today = tab.table.game.action_notations()
    tab.send("daily", day="2026-12-04")
    assert tab.table.replay_of.daily == "2026-12-04" and tab.table.game.action_notations() == []
    card = next(a for a in tab.table.view(HUMAN)["legal"] if a.startswith("play:"))
    tab.send("tap_card", code=card[5:], focus_at=None)
    yesterday = tab.table.game.action_notations()
    again = reloaded(tab)  # the one on the table (the 4th) comes back, and each where it was
    assert again.table.replay_of.daily == "2026-12-04" and again.table.game.action_notations() == yesterday
    again.send("daily", day=DAY)
    assert again.table.game.action_notations() == today
    again.send("daily", day="2026-12-04")
    assert again.table.game.action_notations() == yesterday


def test_a_book_keeps_only_a_few_deals_left_under_way_and_drops_odd_ones():
    from ui.model.replay import LEFT_KEPT

    book = DailyBook()
    days = [f"2026-11-{n:02}" for n in range(1, LEFT_KEPT + 3)]
    for day in days:
        book.keep_under_way(day, ["play:AS"])
    assert list(book.left) == days[-LEFT_KEPT - 1:-1] and book.current.of == days[-1]  # the oldest went first
    assert book.moves_under_way(days[0]) == [] and book.moves_under_way(days[-2]) == ["play:AS"]
    saved = DailyBook.from_dict(book.to_dict())
    assert saved.left == book.left and saved.current == book.current
    for odd in ({"2026-11-03": ["play:AS"], "2026-02-30": [], "x": ["play:AS"]},  # no such day
                {"2026-11-01": "play:AS", "2026-11-02": ["play:AS"] * 49, "2026-11-03": ["play:AS"]}):  # no moves
        assert DailyBook.from_dict({"days": {}, "left": odd}).left == {"2026-11-03": ["play:AS"]}, odd
    assert DailyBook.from_dict({"days": {}, "left": ["x"]}).left == {}
    book.note_player(days[-2], 1)  # played out: nothing of it to resume
    assert days[-2] not in book.left


def test_a_finished_days_deal_leaves_nothing_under_way():
    tab = daily_tab(tricks=1)
    while not tab.table.hand_over:
        card = next(a for a in tab.table.view(HUMAN)["legal"] if a.startswith("play:"))
        tab.send("tap_card", code=card[5:], focus_at=None)
    book = tab.core.keeper.load_daily()
    assert book.current is None and book.day(DAY).you is not None
    again = reloaded(tab)
    assert again.table.replay_of is None
    again.send("daily", day=DAY)
    assert again.table.game.action_notations() == []  # played again: afresh, the first result kept
    assert again.core.keeper.load_daily().day(DAY).you == book.day(DAY).you


def test_saved_moves_that_do_not_fit_the_deal_deal_it_afresh_and_odd_ones_are_dropped():
    from ui.model.replay import UnderWay

    store = Store(MemoryBackend())
    book = DailyBook(current=UnderWay(DAY, ["play:AS", "play:AS"]))
    assert store.save_daily(book) and store.load_daily().current.actions == ["play:AS", "play:AS"]
    tab = reloaded(type("T", (), {"backend": store.backend})())
    assert tab.table.replay_of.daily == DAY and tab.table.game.action_notations() == []
    assert any(line.startswith("daily: ") for line in tab.logged)
    for odd in ({"of": "2026-02-30", "actions": [], "on_table": True}, {"of": DAY, "actions": "x", "on_table": True},
                {"of": DAY, "actions": ["play:AS"] * 49, "on_table": True}, {"of": DAY, "actions": [1], "on_table": True},
                {"of": DAY, "actions": [], "on_table": "yes"}, {"day": DAY, "actions": [], "on_table": True}, ["x"], "x"):
        assert DailyBook.from_dict({"days": {}, "current": odd}).current is None, odd


def test_the_header_keeps_the_matchs_score_while_the_days_deal_is_on_the_table():
    from tests.test_ui_core import last_model

    tab = daily_tab(tricks=1)
    waiting = list(tab.core.flow.match.match.scores)
    while not tab.table.hand_over:
        card = next(a for a in tab.table.view(HUMAN)["legal"] if a.startswith("play:"))
        messages = tab.send("tap_card", code=card[5:], focus_at=None)
    assert tab.table.match.scores != waiting  # the deal's own one-hand score, which is not the match's
    assert last_model(messages)["score"] == waiting and last_model(messages)["hand_number_text"] == PT.t("score.hand.apart")
    messages = tab.send("back_to_match")
    assert last_model(messages)["score"] == waiting


def test_whether_a_deal_was_left_on_the_table_is_read_without_the_books_modules():
    from ui.model.replay import UnderWay

    store = Store(MemoryBackend())
    assert not store.daily_on_table() and not store.problem_on_table()
    store.save_daily(DailyBook(current=UnderWay(DAY, ["play:AS"])))
    assert store.daily_on_table() and not store.problem_on_table()
    store.save_daily(DailyBook(current=UnderWay(DAY, ["play:AS"], on_table=False)))
    assert not store.daily_on_table()
    for text in ("{not json", '{"version": 1, "current": {"on_table": "yes"}}', "[" * 5000):
        store.backend.setItem("sixtysix.daily", text)
        assert not store.daily_on_table()


def test_a_fresh_days_deal_is_announced_and_a_resumed_one_does_not_read_its_moves_again():
    fresh = daily.daily_table(DAY)
    assert [e.key for e in fresh.take_events()] == ["msg.daily.start"]
    card = next(a for a in fresh.view(HUMAN)["legal"] if a.startswith("play:"))
    resumed = daily.daily_table(DAY, [card])
    assert resumed.take_events() == [] and resumed.game.action_notations()[0] == card


def test_a_days_deal_opened_on_another_day_is_not_called_today():
    # a #daily= link opens any day's deal: its first words must hold for that day too
    table = daily.daily_table("2026-12-01")
    event = table.take_events()[0]
    for lang in ("pt", "it"):
        text = Translator(lang, load_catalog(lang, ROOT)).t(event.key, **event.params)
        assert "1/12/2026" in text and not any(word in text.lower() for word in ("hoje", "oggi")), text
