"""Playing at the table in the browser, as a person does: taps, buttons, keys.

Each test takes a seed that ``scenarios`` found by playing the same match in
CPython (the page and the bot are deterministic for a seed), replays the
player's taps on the page, and checks what the page then shows.
``level=random`` picks the fast test opponent; ``fast=1`` shortens the pauses.
What each button does (the exchange, closing and the cards it dims, marriages,
declaring and its threshold, counting yourself) is checked in CPython
(tests/test_ui_table_actions.py); here one hand per language presses them all.
Every test here starts a fresh match on the shared page (``fresh_table``).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e import scenarios
from e2e.pages import BOT_MS
from ui.model import botcall
from ui.model.present import message_text

FAST = "level=random&fast=1"


@pytest.fixture
def table(fresh_table):
    """Every test here needs only a fresh match: the shared page, reset (e2e/conftest.py)."""
    return fresh_table


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


@pytest.mark.parametrize("lang", ["pt", "it"])
def test_every_button_of_the_table_in_a_hand(table, lang):
    """A smoke test of the buttons and taps whose logic tests/test_ui_table_actions.py
    checks in CPython: "count myself" in the menu, the exchange, a marriage by
    tapping its K, closing, a dimmed card refused (tap and Enter), declaring 66.
    CPython plays the same hand alongside, step by step, and says what to expect."""
    sc = scenarios.every_button()
    sim = scenarios.Sim(sc.seed)
    table.open(f"seed={sc.seed}&{FAST}&lang={lang}")
    tr = table.tr
    dialog = table.open_options()
    dialog.get_by_label(table.t("settings.count_myself")).check()
    table.close_dialog(dialog)
    sim.set_count_myself(True)
    expect(table.page.locator("#points")).to_have_text(table.t("points.hidden"))
    table.expect_setting("count_myself", True)
    stock = table.page.locator("#stock")
    refused = False
    while not sim.over:
        table.wait_turn()
        v = sim.view()
        if not refused and scenarios.refusing(sim):
            refused = True
            playable = set(sim.playable())
            for code in sim.hand():
                expect(table.card(code)).to_have_attribute("aria-disabled", "false" if code in playable else "true")
            dimmed = table.hand_group.locator("button.dimmed")
            expect(dimmed).to_have_count(len(sim.hand()) - len(playable))
            code = next(c for c in sim.hand() if c not in playable)
            table.card(code).click(force=True)  # Playwright refuses aria-disabled elements; a finger does not
            sim.tap(code)
            why = message_text(sim.table.messages[-1], tr)
            table.expect_message(why)
            table.card(code).focus()
            table.page.keyboard.press("Enter")  # said again in the live region, written once
            expect(table.page.locator("#announce p").last).to_have_text(why)
            assert table.messages().count(why) == 1
            expect(table.page.locator("#trick img")).to_have_count(1)
            expect(table.html).to_have_attribute("data-to-move", "you")
        kind, what = scenarios.every_button_intent(sim)
        if what == "exchange":  # by the keyboard: its focus must land on the hand, not on <body>
            table.button("exchange").focus()
            table.page.keyboard.press("Enter")
        else:
            table.do((kind, what))
        sim.do(kind, what)
        if what == "exchange":
            nine = "9" + v["trump"]
            expect(stock).to_have_attribute("aria-label", table.t("stock.aria.open", n=v["stock"],
                                                                  trump=tr.card(nine).lower()))
            expect(table.card(v["trump_card"])).to_be_visible()
            table.expect_message(table.t("msg.exchange.you", gave=tr.card_in_text(nine), took=tr.card_for(v["trump_card"])))
            expect(table.button("exchange")).to_be_hidden()
            expect(table.hand_group.locator("button.card").first).to_be_focused()
        elif what == "close":
            expect(table.html).to_have_attribute("data-stock-state", "closed")
            table.expect_message(table.t("msg.close.you"))
            # the stock, one labelled image, says it is closed and names only the trump suit now
            expect(stock).to_have_attribute("aria-label", table.t("stock.aria.closed", n=sim.view()["stock"],
                                                                  trump=tr.suit(v["trump"]).lower()))
        elif kind == "card" and f"marry:{what[1]}" in v["legal"]:
            points = 40 if what[1] == v["trump"] else 20
            table.expect_message(table.t("msg.marriage.you", suit=tr.suit(what[1]).lower(), points=points))
    assert refused, "the hand met no refused card: scenarios.every_button() changed?"
    table.wait_hand_over()
    expect(table.html).to_have_attribute("data-result", "declared")
    table.expect_score(*sim.table.match.scores)
    result = sim.view()["result"]
    points = sim.view()["points"][0]
    table.expect_message(table.t("result.declared.you", points=points, gp=tr.game_points(result["game_points"])))


def test_the_hint_shows_the_hard_bots_choice_for_my_view(table):
    sc = scenarios.can_exchange()  # a position with several kinds of choice
    # timecap=0 on the page and capped=False here: a starved machine may stop
    # either search at its wall-time cap before the other's worlds are done,
    # and then it may choose otherwise (CPython chose "exchange" over "play:AS"
    # once in a full e2e run, its search cut short).
    table.open(f"seed={sc.seed}&{FAST}&timecap=0")
    table.replay(sc.intents)
    expected = botcall.choose(sc.sim.view(), "hard", capped=False)
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
