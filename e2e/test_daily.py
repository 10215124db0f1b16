"""The deal of the day as a player meets it (issue 31): today's deal from the
options, played to its end on a phone in each language (a reload mid-deal
brings it back where it was), the computer's result
from the same seat beside the player's, the statistics' days; tomorrow (a
fixed clock) deals another, and a #daily= link deals that day's."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from playwright.sync_api import expect

from e2e.pages import BOT_MS
from ui.model import botcall, daily
from ui.model.flow import run_now

FAST = "level=random&fast=1&timecap=0"
DAYS_MS = 120_000  # the hard computer plays a whole hand on the page, on a busy machine


def noon(day: str) -> datetime:
    return datetime.fromisoformat(f"{day}T12:00:00").replace(tzinfo=timezone.utc)


def computer_points(day: str) -> int:
    """What the page will find for the computer, found the same way in CPython."""
    async def choose(view):
        return botcall.choose(view, daily.LEVEL, capped=False)
    return run_now(daily.computer_result(day, choose))


def dealt(day: str) -> list[str]:
    """The player's first six cards: the non-dealer's, the deck's first six."""
    return sorted(daily.daily_deck(day)[:6])


def open_daily(t, day: str) -> None:
    menu = t.open_options()
    menu.get_by_role("button", name=t.t("button.daily"), exact=True).click()
    expect(menu).to_be_hidden()
    expect(t.page.get_by_role("log")).to_contain_text(t.t("msg.daily.start", date=daily.shown(day)))


# Playwright's clock is a whole context's, and its fake `performance` keeps no
# marks: a test that fixes it asks for `context`, so its page is in a context
# of its own (e2e/conftest.py), never the warm one later tests share.


@pytest.mark.parametrize("lang", ["pt", "it"])
def test_the_day_s_deal_played_to_its_end_shows_both_results(table, lang, context):
    day = "2026-12-05"
    t, page = table, table.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.clock.set_fixed_time(noon(day))
    t.open(f"lang={lang}&seed=3&{FAST}")
    match_hand = t.hand()
    open_daily(t, day)
    t.wait_turn()
    assert sorted(t.hand()) == dealt(day)
    t.play_first()
    t.wait_turn()
    hand = t.hand()
    t.reload()  # mid-deal: the day's deal comes back where it was, not the match
    t.wait_turn()
    assert t.hand() == hand
    expect(page.locator("#hand-number")).to_have_text(t.t("score.hand.apart"))
    while t.html.get_attribute("data-to-move") != "none":
        t.play_first()
        page.wait_for_function("() => ['you', 'none'].includes(document.documentElement.dataset.toMove)",
                               timeout=BOT_MS)
    expect(t.button("back")).to_be_focused()  # the deal is over: the way back is one key away, not <body>
    story = page.locator("#story")
    when = daily.shown(day)
    expect(story).to_contain_text(t.t("daily.you.won", date=when, gp="").split(":")[0])
    computer = computer_points(day)
    key = "daily.computer.won" if computer > 0 else "daily.computer.lost"
    expect(story).to_contain_text(t.t(key, gp=t.tr.game_points(abs(computer))), timeout=DAYS_MS)
    saved = t.stored("sixtysix.daily")["days"][day]
    assert saved["computer"] == computer and saved["you"] in (-3, -2, -1, 1, 2, 3)
    verdict = "daily.better" if saved["you"] > computer else "daily.worse" if saved["you"] < computer else "daily.same"
    expect(story).to_contain_text(t.t(verdict))
    # the share dialog's deal link is the day's
    t.button("share").click()
    expect(page.locator("#share-deal")).to_have_value(f"{page.url.split('?')[0]}#daily={day}")
    page.keyboard.press("Escape")
    # back to the match, as it was; the statistics count the day
    t.button("back").click()
    t.wait_turn()
    assert t.hand() == match_hand
    menu = t.open_options()
    menu.get_by_role("button", name=t.t("button.stats"), exact=True).click()
    expect(page.get_by_role("dialog", name=t.t("stats.title"))).to_contain_text(t.t("stats.daily", days=1, streak=1))


def test_tomorrow_deals_another_and_a_link_deals_its_day(table, context):
    t, page = table, table.page
    page.clock.set_fixed_time(noon("2026-12-06"))
    t.open(f"lang=pt&seed=3&{FAST}")
    open_daily(t, "2026-12-06")
    t.wait_turn()
    assert sorted(t.hand()) == dealt("2026-12-06") != dealt("2026-12-05")
    # a friend's link: that day's deal, whatever today is
    page.goto(f"./?lang=pt&seed=4&{FAST}#daily=2026-12-05")
    page.wait_for_selector("html.ready", state="attached", timeout=60_000)
    t.wait_turn()
    assert sorted(t.hand()) == dealt("2026-12-05")
    # a broken one: a notice, and the match
    page.goto(f"./?lang=pt&seed=5&{FAST}#daily=2026-02-30")
    page.wait_for_selector("html.ready", state="attached", timeout=60_000)
    expect(page.get_by_role("status").filter(has_text=t.t("notice.bad_link"))).to_be_visible()
