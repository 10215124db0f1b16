"""What a screen reader is told: each event once in a polite live region with
card names, the player's turn, no re-read log, names that hold the visible
text, the stock as one labelled image, the score once, the winning card and
the last trick's owners."""

from __future__ import annotations

from playwright.sync_api import expect

from e2e.pages import TablePage

FAST = "seed=3&level=random&fast=1"


def said(t: TablePage) -> list[str]:
    return t.page.locator("#announce p").all_inner_texts()


def card_codes(t: TablePage) -> dict[str, str]:
    return {t.tr.card(r + s): r + s for r in "9JQKTA" for s in "CDHS"}


def test_each_event_is_said_once_with_the_computers_card_and_the_turn(fresh_table):
    t = fresh_table.open(FAST)
    page = t.page
    region = page.locator("#announce")
    expect(region).to_have_attribute("aria-live", "polite")
    expect(page.get_by_role("log")).to_have_attribute("aria-live", "off")  # the visible log is not re-read
    t.wait_turn()
    expect(region.locator("p").last).to_contain_text(t.t("turn.you.lead"))
    # the cards dealt and the trump turned up, read out once, in the hand's order
    dealt = t.t("say.hand", cards=t.tr.listing([t.tr.card_in_text(c) for c in t.hand()]),
                card=t.tr.card_in_text(page.locator("#trump-card").get_attribute("src").rsplit("/", 1)[-1][:2]))
    assert " ".join(said(t)).count(dealt) == 1, said(t)
    t.play_first()
    t.wait_turn()
    t.button("last_trick").click()
    dialog = page.get_by_role("dialog", name=t.t("last_trick.title"))
    figures = dialog.locator("figure")
    expect(figures).to_have_count(2)
    # the last-trick view names each card's owner, in the order played
    assert figures.locator("figcaption").all_inner_texts() == [t.t("player.you"), t.t("player.computer")]
    computer_card = card_codes(t)[figures.nth(1).locator("img").get_attribute("alt")]
    t.close_dialog(dialog)
    played = t.t("say.played.computer", card=t.tr.card_in_text(computer_card))
    text = " ".join(said(t))
    assert text.count(played) == 1, text
    winner = "you" if page.locator("#my-pile").get_attribute("data-count") == "1" else "computer"
    assert text.count(t.t(f"say.trick.{winner}", points="").split(":")[0]) == 1, text
    assert len(said(t)) <= 3


def test_names_hold_the_visible_text_and_the_stock_and_score_are_read_once(fresh_table):
    t = fresh_table.open(FAST)
    page = t.page
    expect(page.locator("button.lang")).to_have_count(2)  # PT and IT: an empty locator must not pass
    for button in page.locator("button.lang").all():
        assert button.inner_text().strip() in (button.get_attribute("aria-label") or ""), button
    stock = page.get_by_role("img", name=t.t("stock.aria.open", n=12, trump=""), exact=False)
    expect(stock).to_be_visible()
    assert stock.get_attribute("aria-label").startswith(t.t("stock.aria.open", n=12, trump=""))
    # the score group reads its one sentence: the numbers on show are hidden from it
    expect(page.locator("#score .score-side[aria-hidden='true']")).to_have_count(2)
    expect(page.locator("#score-aria")).to_have_text(t.t("score.aria", you=0, computer=0))


def test_a_finished_trick_marks_its_winning_card(fresh_table):
    t = fresh_table.open("seed=3&level=random")  # a real pace: the trick stays on show
    dialog = t.open_options()
    dialog.get_by_label(t.t("speed.label")).select_option("slow")
    t.close_dialog(dialog)
    t.play_first()
    page = t.page
    expect(page.locator("#trick.complete")).to_be_visible(timeout=60_000)
    winner = page.locator("#trick img.wins")
    expect(winner).to_have_count(1)
    assert t.t("trick.wins", card="").strip(", ") in winner.get_attribute("alt")
    expect(page.locator("#trick img.card-img:not(.wins)")).to_have_count(1)
