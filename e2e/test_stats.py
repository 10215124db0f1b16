"""Statistics per level in the page: a finished hand counted at the level it
was played, the table of the dialog, an old save migrated, and a reset that
asks first (the confirm dialog) and keeps everything when refused."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from e2e.axe import assert_no_violations
from e2e.pages import TablePage

FAST = "seed=3&level=random&fast=1"


def open_stats(t: TablePage):
    dialog = t.open_options()
    dialog.get_by_role("button", name=t.t("button.stats"), exact=True).click()
    stats = t.page.get_by_role("dialog", name=t.t("stats.title"))
    expect(stats).to_be_visible()
    return stats


def column(stats, t: TablePage, heading: str) -> dict[str, str]:
    """The cells under ``heading``, by row heading."""
    headers = stats.locator("thead th").all_inner_texts()
    at = headers.index(heading)
    return {row.locator("th").inner_text(): row.locator("td").nth(at - 1).inner_text()
            for row in stats.locator("tbody tr").all()}


def play_a_hand(t: TablePage) -> None:
    while t.html.get_attribute("data-to-move") != "none":
        t.play_first()
        t.page.wait_for_function("() => ['you', 'none'].includes(document.documentElement.dataset.toMove)", timeout=60_000)


def test_a_hand_counts_at_its_level_and_a_reset_asks_first(fresh_table):
    t = fresh_table.open(FAST)
    page = t.page
    play_a_hand(t)
    saved = t.stored("sixtysix.stats")
    level = saved["levels"]["random"]
    assert level["hands_won"] + level["hands_lost"] == 1
    stats = open_stats(t)
    assert_no_violations(page, "the statistics dialog")
    cells = column(stats, t, t.t("level.random"))
    assert cells[t.t("stats.row.hands")] == f"{level['hands_won']} / {level['hands_lost']}"
    assert cells[t.t("stats.row.best_streak")] == str(level["best_streak"])
    # on a phone too: the score sheet's narrow rules hide some of its columns, never the statistics' levels
    page.set_viewport_size({"width": 360, "height": 640})
    for cell in stats.locator("thead th, tbody td").all():
        expect(cell).to_be_visible()
    page.set_viewport_size({"width": 1280, "height": 800})

    # refused: nothing changes
    stats.get_by_role("button", name=t.t("stats.reset"), exact=True).click()
    confirm = page.get_by_role("dialog", name=t.t("confirm.reset.title"))
    expect(confirm).to_contain_text(t.t("confirm.reset"))
    confirm.get_by_role("button", name=t.t("confirm.reset.no"), exact=True).click()
    expect(stats).to_be_visible()
    assert t.stored("sixtysix.stats") == saved
    # accepted: every level forgotten, and said so
    stats.get_by_role("button", name=t.t("stats.reset"), exact=True).click()
    confirm.get_by_role("button", name=t.t("confirm.reset.yes"), exact=True).click()
    expect(stats).to_contain_text(t.t("stats.none"))
    assert t.stored("sixtysix.stats")["levels"] == {}


def test_statistics_saved_before_levels_are_kept(fresh_table):
    t = fresh_table.open(FAST, storage={"sixtysix.stats": json.dumps(
        {"version": 1, "hands_won": 12, "hands_lost": 9, "matches_won": 2, "matches_lost": 1})})
    stats = open_stats(t)
    cells = column(stats, t, t.t("stats.earlier"))
    assert cells[t.t("stats.row.hands")] == "12 / 9"
    assert cells[t.t("stats.row.matches")] == "2 / 1"
    t.close_dialog(stats)
    dialog = t.open_options()  # the totals in the menu still add them up
    expect(dialog).to_contain_text(t.t("stats.hands", won=12, lost=9))
