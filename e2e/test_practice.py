"""Practice mode in the page: switched on in the options, the match is marked
"Treino", the computer's cards lie face up, the player's last move can be
taken back, all of it survives a reload, and nothing of the match is counted
in the statistics; the score sheet says so."""

from __future__ import annotations

from playwright.sync_api import expect

from e2e import scenarios
from e2e.axe import assert_no_violations
from e2e.pages import TablePage
from ui.model.table import COMPUTER

SEED = 3
FAST = f"seed={SEED}&level=random&fast=1"


def set_practice(t: TablePage, on: bool) -> None:
    dialog = t.open_options()
    dialog.get_by_label(t.t("settings.practice"), exact=True).set_checked(on)
    t.close_dialog(dialog)


def opponent_codes(t: TablePage) -> list[str]:
    """The computer's cards shown face up (``[]`` while they lie face down)."""
    return [c for c in t.page.locator("#opp-hand img").evaluate_all("imgs => imgs.map(i => i.dataset.code || '')") if c]


def test_practice_shows_the_cards_takes_back_and_survives_a_reload(fresh_table: TablePage):
    t = fresh_table.open(FAST)
    badge = t.page.locator("#practice-badge")
    take_back = t.button("take_back")
    t.wait_turn()
    start = t.hand()
    expect(badge).to_be_hidden()
    assert opponent_codes(t) == []

    set_practice(t, True)
    expect(t.html).to_have_attribute("data-practice", "on")
    expect(badge).to_have_text(t.t("practice.badge"))
    sim = scenarios.Sim(SEED)  # the same deal, played the same way in CPython
    assert sorted(opponent_codes(t)) == sorted(sim.table.game.hand(COMPUTER))
    expect(t.page.locator("#opp-hand")).to_have_attribute(
        "aria-label", t.t("practice.opponent.aria",
                          cards=t.tr.listing([t.tr.card_in_text(c) for c in opponent_codes(t)])))
    expect(take_back).to_be_hidden()  # nothing played in practice yet
    assert t.stored("sixtysix.game")["practice"] == [0, 0]
    assert_no_violations(t.page, "practice mode")

    t.play_first()
    t.wait_turn()
    assert t.hand() != start
    t.rebuild()  # a take-back still on offer after a reload
    expect(badge).to_be_visible()
    expect(t.html).to_have_attribute("data-practice", "on")
    take_back.click()
    t.expect_hand(start)
    t.wait_turn()
    expect(t.page.locator("#messages")).to_contain_text(t.t("msg.taken_back"))
    expect(take_back).to_be_hidden()

    set_practice(t, False)  # the aids go, the match stays a practice match
    expect(t.html).to_have_attribute("data-practice", "match")
    expect(badge).to_be_visible()
    assert opponent_codes(t) == []


def test_a_practice_hand_is_not_counted_and_the_sheet_says_so(fresh_table: TablePage):
    t = fresh_table.open(FAST)
    set_practice(t, True)
    while t.html.get_attribute("data-to-move") != "none":
        t.play_first()
        t.page.wait_for_function(
            "() => ['you', 'none'].includes(document.documentElement.dataset.toMove)", timeout=60_000)
    expect(t.button("take_back")).to_be_visible()  # the hand's last move too
    t.button("take_back").focus()
    t.page.keyboard.press("Enter")  # by keyboard: the focus goes to a card the player may play
    t.wait_turn()
    expect(t.page.locator("#hand button.card:focus")).to_have_attribute("aria-disabled", "false")
    t.play_first()  # and the hand ends again
    t.page.wait_for_function("() => document.documentElement.dataset.toMove === 'none'", timeout=60_000)
    stats = t.stored("sixtysix.stats") or {}
    assert all(lv.get("hands_won", 0) + lv.get("hands_lost", 0) == 0 for lv in stats.get("levels", {}).values())
    t.button("sheet").click()
    dialog = t.page.get_by_role("dialog", name=t.t("sheet.title"))
    expect(dialog.locator(".sheet-practice")).to_have_text(t.t("sheet.practice"))
