"""Playing at the table in the browser, as a person does: taps, buttons, keys.

Each test takes a seed that ``scenarios`` found by playing the same match in
CPython (the page and the bot are deterministic for a seed), replays the
player's taps on the page, and checks what the page then shows.
``level=random`` picks the fast test opponent; ``fast=1`` shortens the pauses.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e import scenarios
from e2e.pages import BOT_MS
from ui.model import botcall
from ui.model.present import message_text

FAST = "level=random&fast=1&worker=0"


def test_a_hand_played_to_its_result_scores_the_right_game_points(table):
    sim = scenarios.play_out(3)
    result = sim.view()["result"]
    table.open(f"seed=3&{FAST}")
    for _ in range(len(sim.intents)):
        table.play_first()
    table.wait_hand_over()
    expect(table.html).to_have_attribute("data-result", result["reason"])
    you, computer = sim.table.match.scores
    table.expect_score(you, computer)
    # the result in words, as the engine's result says it
    said = [m for m in sim.table.messages if m.key.startswith("result.")][0]
    table.expect_message(message_text(said, table.tr))
    expect(table.button("next_hand")).to_be_visible()
    table.button("next_hand").click()
    expect(table.html).to_have_attribute("data-hand", "2")


def test_trump_exchange(table):
    sc = scenarios.can_exchange()
    table.open(f"seed={sc.seed}&{FAST}")
    table.replay(sc.intents)
    table.wait_turn()  # the computer's answer may take a while on a busy machine
    v = sc.sim.view()
    nine, face_up = "9" + v["trump"], v["trump_card"]
    stock = table.page.get_by_role("img", name=table.t("stock.aria.open", n=v["stock"], trump=""), exact=False)
    expect(stock).to_have_attribute("aria-label", table.t("stock.aria.open", n=v["stock"],
                                                          trump=table.tr.card(face_up).lower()))
    table.press("exchange")
    expect(stock).to_have_attribute("aria-label", table.t("stock.aria.open", n=v["stock"],
                                                          trump=table.tr.card(nine).lower()))
    expect(table.card(face_up)).to_be_visible()
    expect(table.card(nine)).to_have_count(0)
    table.expect_message(table.t("msg.exchange.you", gave=table.tr.card_in_text(nine), took=table.tr.card_for(face_up)))
    expect(table.button("exchange")).to_be_hidden()


def test_closing_turns_the_trump_away_and_dims_cards_that_may_not_be_played(table):
    sc = scenarios.strict_follow()
    table.open(f"seed={sc.seed}&{FAST}")
    assert sc.intents[0] == ("button", "close")
    table.press("close")
    expect(table.html).to_have_attribute("data-stock-state", "closed")
    table.expect_message(table.t("msg.close.you"))
    trump = sc.sim.view()["trump"]
    # the stock, one labelled image, says it is closed and names only the trump suit now
    expect(table.page.get_by_role("img", name=table.t("stock.aria.closed", n=table.html.get_attribute("data-stock"),
                                                      trump=table.tr.suit(trump).lower()))).to_be_visible()
    table.replay(sc.intents[1:])
    table.wait_turn()
    playable = set(sc.sim.playable())
    for code in sc.sim.hand():
        card = table.card(code)
        if code in playable:
            expect(card).to_have_attribute("aria-disabled", "false")
            expect(card).not_to_have_class(re.compile(r"\bdimmed\b"))
        else:
            expect(card).to_have_attribute("aria-disabled", "true")
            expect(card).to_have_class(re.compile(r"\bdimmed\b"))
    # a dimmed card is not played when tapped: the table says why, from the engine's reason
    refused = next(c for c in sc.sim.hand() if c not in playable)
    table.card(refused).click(force=True)  # Playwright refuses aria-disabled elements; a finger does not
    expect(table.html).to_have_attribute("data-to-move", "you")
    expect(table.card(refused)).to_be_visible()
    expect(table.page.locator("#trick img")).to_have_count(1)
    assert sc.sim.table.explain_refusal(refused)
    why = message_text(sc.sim.table.messages[-1], table.tr)
    table.expect_message(why)
    # Enter on it says it again in the live region (written once in the log)
    table.card(refused).focus()
    table.page.keyboard.press("Enter")
    expect(table.page.locator("#announce p").last).to_have_text(why)
    assert table.messages().count(why) == 1
    expect(table.page.locator("#trick img")).to_have_count(1)
    # a playable one is played
    table.play(sorted(playable)[0])
    expect(table.card(sorted(playable)[0])).to_have_count(0)


@pytest.mark.parametrize("points", [20, 40])
def test_tapping_a_king_announces_the_marriage(table, points):
    sc = scenarios.can_marry(points)
    table.open(f"seed={sc.seed}&{FAST}")
    table.replay(sc.intents)
    suit = next(a[6:] for a in sc.sim.legal() if a.startswith("marry:")
                and (a[6:] == sc.sim.view()["trump"]) == (points == 40))
    table.play("K" + suit)
    table.expect_message(table.t("msg.marriage.you", suit=table.tr.suit(suit).lower(), points=points))
    table.expect_in_last_trick("K" + suit)


def test_a_marriage_before_the_first_trick_is_explained(table):
    sc = scenarios.missed_marriage()
    table.open(f"seed={sc.seed}&{FAST}")
    table.replay(sc.intents)
    v = sc.sim.view()
    suit = next(s for s in "CDHS" if f"K{s}" in v["hand"] and f"Q{s}" in v["hand"])
    table.play("K" + suit)
    table.expect_message(table.t("msg.missed_marriage"))


def test_declaring_66(table):
    sc = scenarios.can_declare()
    table.open(f"seed={sc.seed}&{FAST}")
    expect(table.page.locator("#points")).to_have_text(table.t("points.you", n=0))
    table.replay(sc.intents)
    table.wait_turn()
    points = sc.sim.view()["points"][0]
    expect(table.page.locator("#points")).to_have_text(table.t("points.you", n=points))
    sc.sim.do("button", "declare")
    table.press("declare")
    table.wait_hand_over()
    expect(table.html).to_have_attribute("data-result", "declared")
    table.expect_score(*sc.sim.table.match.scores)
    gp = sc.sim.view()["result"]["game_points"]
    table.expect_message(table.t("result.declared.you", points=points, gp=table.tr.game_points(gp)))


def test_counting_myself_hides_my_points_and_a_false_declaration_costs_the_hand(table):
    sc = scenarios.can_declare_falsely()
    table.open(f"seed={sc.seed}&{FAST}")
    dialog = table.open_options()
    dialog.get_by_label(table.t("settings.count_myself")).check()
    table.close_dialog(dialog)
    expect(table.page.locator("#points")).to_have_text(table.t("points.hidden"))
    table.replay(sc.intents)
    table.wait_turn()
    expect(table.button("declare")).to_be_visible()
    sc.sim.do("button", "declare")
    table.press("declare")
    table.wait_hand_over()
    expect(table.html).to_have_attribute("data-result", "false_declaration")
    table.expect_score(*sc.sim.table.match.scores)
    assert table.stored("sixtysix.settings")["count_myself"] is True


def test_by_default_declare_is_offered_only_from_66(table):
    sc = scenarios.can_declare_falsely()
    table.open(f"seed={sc.seed}&{FAST}")
    table.replay(sc.intents)
    table.wait_turn()
    expect(table.button("close")).to_be_visible()
    expect(table.button("declare")).to_be_hidden()


def test_the_hint_shows_the_hard_bots_choice_for_my_view(table):
    sc = scenarios.can_exchange()  # a position with several kinds of choice
    # timecap=0: a starved machine may stop the page's search at its wall-time
    # cap before the worlds CPython searches, and then it may choose otherwise.
    table.open(f"seed={sc.seed}&{FAST}&timecap=0")
    table.replay(sc.intents)
    expected = botcall.choose(sc.sim.view(), "hard")
    table.press("hint")
    expect(table.html).to_have_attribute("data-hint", expected, timeout=BOT_MS)
    if expected.startswith("play:"):
        expect(table.card(expected[5:])).to_have_class(re.compile(r"\bhinted\b"))
        table.expect_message(table.t("hint.play", card=table.tr.card_in_text(expected[5:])))
    elif expected.startswith("marry:"):
        expect(table.card("K" + expected[6:])).to_have_class(re.compile(r"\bhinted\b"))
    else:
        expect(table.button(expected)).to_have_class(re.compile(r"\bhinted\b"))


def test_keyboard_arrows_move_between_cards_and_enter_plays(table):
    table.open(f"seed=3&{FAST}")
    table.wait_turn()
    hand = table.hand()
    table.card(hand[0]).focus()
    table.page.keyboard.press("ArrowRight")
    expect(table.card(hand[1])).to_be_focused()
    table.page.keyboard.press("End")
    expect(table.card(hand[-1])).to_be_focused()
    table.page.keyboard.press("ArrowRight")  # wraps around
    expect(table.card(hand[0])).to_be_focused()
    table.page.keyboard.press("ArrowRight")
    table.page.keyboard.press("Enter")
    expect(table.card(hand[1])).to_have_count(0)
    # when it is the player's turn again, the focus is back in the hand
    table.wait_turn()
    expect(table.hand_group.locator("button:focus")).to_have_count(1)
    table.expect_in_last_trick(hand[1])


def test_the_last_trick_and_the_rules_can_be_looked_at(table):
    table.open(f"seed=3&{FAST}")
    expect(table.button("last_trick")).to_be_disabled()
    table.play_first()
    table.wait_turn()
    expect(table.button("last_trick")).to_be_enabled()
    table.button("last_trick").click()
    dialog = table.page.get_by_role("dialog", name=table.t("last_trick.title"))
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("img")).to_have_count(2)
    table.close_dialog(dialog)
    table.page.get_by_role("button", name=table.t("button.rules"), exact=True).click()
    rules = table.page.get_by_role("dialog", name=table.t("rules.title"))
    expect(rules).to_be_visible()
    expect(rules).to_contain_text(table.t("rules.marriage"))
    expect(rules).to_contain_text(table.t("rules.false"))
    table.close_dialog(rules)
