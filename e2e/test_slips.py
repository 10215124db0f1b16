"""No costly slip, and the small things of issue 32, as a person meets them:
closing and declaring take a second tap (or one, by the player's choice),
the language stays in the address across a reload, the share dialog copies
and sends its links, and the trump card shows beside the stock on a phone."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from e2e import scenarios

FAST = "level=random&fast=1"


@pytest.fixture(scope="module")
def closing():
    """The player may close on the first turn."""
    return scenarios.find(lambda sim: "close" in sim.legal())


def test_one_tap_on_close_only_asks_and_the_confirm_closes(fresh_table, closing):
    table = fresh_table
    table.open(f"seed={closing.seed}&{FAST}")
    table.replay(closing.intents)
    table.wait_turn()
    page, html = table.page, table.html
    question = page.get_by_role("button", name=table.t("button.close.confirm"), exact=True)
    # a tap by mistake: the button asks, the stock stays open, the screen reader hears how to go on
    table.button("close").click()
    expect(html).to_have_attribute("data-armed", "close")
    expect(question).to_be_visible()
    expect(page.locator("#announce")).to_contain_text(table.t("say.confirm.close"))
    expect(html).to_have_attribute("data-stock-state", "open")
    # Escape withdraws it; nothing was played
    page.keyboard.press("Escape")
    expect(html).to_have_attribute("data-armed", "")
    expect(table.button("close")).to_be_visible()
    expect(page.locator("#announce")).to_contain_text(table.t("say.confirm.cancelled"))
    expect(html).to_have_attribute("data-stock-state", "open")
    # a tap elsewhere withdraws it too
    table.button("close").click()
    expect(html).to_have_attribute("data-armed", "close")
    page.locator("#points").click()
    expect(html).to_have_attribute("data-armed", "")
    # a double click (or double tap) only asks: its second click lands on the
    # question, which opens only once the gesture is over
    table.button("close").dblclick()
    expect(html).to_have_attribute("data-armed", "close")
    expect(question).to_be_enabled()
    expect(html).to_have_attribute("data-stock-state", "open")
    page.keyboard.press("Escape")
    expect(html).to_have_attribute("data-armed", "")
    # by keyboard: Enter asks, Enter again closes
    table.button("close").focus()
    page.keyboard.press("Enter")
    expect(question).to_be_focused()
    expect(html).to_have_attribute("data-stock-state", "open")
    expect(question).to_be_enabled()
    page.keyboard.press("Enter")
    expect(html).to_have_attribute("data-stock-state", "closed")
    expect(html).to_have_attribute("data-armed", "")
    table.expect_message(table.t("msg.close.you"))


def test_with_the_option_off_one_tap_closes_and_the_choice_is_saved(fresh_table, closing):
    table = fresh_table.open(f"seed={closing.seed}&{FAST}")
    table.replay(closing.intents)
    dialog = table.open_options()
    option = dialog.get_by_role("checkbox", name=table.t("settings.confirm_moves"), exact=True)
    expect(option).to_be_checked()  # on by default
    option.uncheck()
    table.close_dialog(dialog)
    table.expect_setting("confirm_moves", False)
    table.press("close", confirm=False)
    expect(table.html).to_have_attribute("data-stock-state", "closed")
    expect(table.html).to_have_attribute("data-armed", "")


def test_the_language_stays_in_the_address_across_a_reload(fresh_table):
    table = fresh_table.open(f"lang=pt&seed=3&{FAST}")
    table.switch_language("it")
    query = parse_qs(urlsplit(table.page.url).query)
    assert query["lang"] == ["it"]
    # the rest kept (the shared page's address has its test=1 besides)
    assert {k: v for k, v in query.items() if k not in ("lang", "test")} == parse_qs(f"seed=3&{FAST}")
    # the address alone carries it: the saved setting forgotten (the worker saves it first)
    table.expect_setting("lang", "it")
    table.page.evaluate("""() => {
        const saved = JSON.parse(localStorage.getItem("sixtysix.settings"));
        delete saved.lang;
        localStorage.setItem("sixtysix.settings", JSON.stringify(saved));
    }""")
    table.rebuild()  # the reset to that address
    expect(table.html).to_have_attribute("lang", "it")
    table.switch_language("pt")
    assert parse_qs(urlsplit(table.page.url).query)["lang"] == ["pt"]


def test_the_share_dialog_copies_and_sends_each_link(table, base_url):
    sc = scenarios.can_declare_falsely()
    table.open(f"seed={sc.seed}&{FAST}")
    table.replay(sc.intents)
    dialog = table.open_options()
    dialog.get_by_role("checkbox", name=table.t("settings.count_myself"), exact=True).check()
    table.close_dialog(dialog)
    table.press("declare")  # a false declaration, confirmed: the hand ends at once
    table.wait_hand_over()
    page = table.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url.rstrip("/"))
    share = page.get_by_role("dialog", name=table.t("share.title"))
    # headless Chromium on Linux has no system share sheet: no send button then...
    table.button("share").click()
    expect(share.get_by_role("button", name=table.t("share.copy.review"), exact=True)).to_be_visible()
    expect(share.get_by_role("button", name=table.t("share.send.review"), exact=True)).to_be_hidden()
    table.close_dialog(share)
    # ...and one per link where the browser has one (stood in here)
    page.evaluate("() => { navigator.share = async (data) => { window.sharedUrl = data.url; }; }")
    table.button("share").click()
    expect(share.get_by_role("button", name=table.t("share.send.review"), exact=True)).to_be_visible()
    review, deal = page.locator("#share-review").input_value(), page.locator("#share-deal").input_value()
    status = share.get_by_role("status")
    share.get_by_role("button", name=table.t("share.copy.review"), exact=True).click()
    expect(status).to_have_text(table.t("share.copied"))
    assert page.evaluate("() => navigator.clipboard.readText()") == review
    # where the browser refuses the clipboard, the link is selected for the player to copy
    page.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(new DOMException('no', 'NotAllowedError')); }")
    share.get_by_role("button", name=table.t("share.copy.deal"), exact=True).click()
    expect(status).to_have_text(table.t("share.selected"))
    expect(page.locator("#share-deal")).to_be_focused()
    assert page.evaluate("() => { const f = document.getElementById('share-deal');"
                         " return [f.selectionStart, f.selectionEnd]; }") == [0, len(deal)]
    share.get_by_role("button", name=table.t("share.send.deal"), exact=True).click()
    page.wait_for_function("() => window.sharedUrl !== undefined")
    assert page.evaluate("() => window.sharedUrl") == deal


@pytest.mark.parametrize("width, height", [(390, 844), (360, 640)])
def test_the_trump_card_shows_beside_the_stock_on_a_phone(fresh_table, width, height):
    table = fresh_table
    table.page.set_viewport_size({"width": width, "height": height})
    table.open(f"seed=5&{FAST}")
    for lang in ("pt", "it"):
        table.switch_language(lang)
        trump = table.page.locator("#trump-card").bounding_box()
        back = table.page.locator(".stock-back").bounding_box()
        badge = table.page.locator("#stock-count").bounding_box()
        trick = table.page.locator("#trick").bounding_box()
        covered_to = max(back["x"] + back["width"], badge["x"] + badge["width"])
        shown = trump["x"] + trump["width"] - covered_to  # the card lies across: its width is its length
        assert shown >= 0.6 * trump["width"], (lang, shown, trump)
        assert trump["x"] + trump["width"] <= trick["x"], (lang, trump, trick)  # clear of the trick
