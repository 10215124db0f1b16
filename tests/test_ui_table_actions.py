"""The table's buttons and taps as the page handles them, played in CPython:
the trump exchange, closing (and the cards it dims, a refused tap explained),
marriages, declaring 66 (and the threshold it is offered at), counting
yourself and a false declaration.

These ran in the browser (e2e/test_table_play.py) with the same seeds; the
page draws what ``ui.model.present`` computes, so their checks run here on
``e2e.scenarios.Sim`` (the page's turn loop with the real bots, at zero
pace) and the model it shows. e2e/test_table_play.py keeps one browser test
per language that presses every one of these buttons on the page.
"""

from __future__ import annotations

import pytest

from e2e import scenarios
from e2e.scenarios import Sim, translator
from ui.model.present import message_text

TR = translator("pt")
t = TR.t


def test_trump_exchange():
    sim = scenarios.can_exchange().sim
    v = sim.view()
    nine, face_up = "9" + v["trump"], v["trump_card"]
    assert sim.model().stock_aria == t("stock.aria.open", n=v["stock"], trump=TR.card(face_up).lower())
    sim.do("button", "exchange")
    m = sim.model()
    assert m.stock_aria == t("stock.aria.open", n=v["stock"], trump=TR.card(nine).lower())
    hand = [c.code for c in m.my_cards]
    assert face_up in hand and nine not in hand
    assert t("msg.exchange.you", gave=TR.card_in_text(nine), took=TR.card_for(face_up)) in m.messages
    assert not m.buttons["exchange"]


def test_closing_turns_the_trump_away_and_dims_cards_that_may_not_be_played():
    sc = scenarios.strict_follow()
    assert sc.intents[0] == ("button", "close")
    sim = Sim(sc.seed)
    sim.do("button", "close")
    m = sim.model()
    assert m.stock_state == "closed"
    assert t("msg.close.you") in m.messages
    # the stock, one labelled image, says it is closed and names only the trump suit now
    assert m.stock_aria == t("stock.aria.closed", n=m.stock_count, trump=TR.suit(sim.view()["trump"]).lower())
    sim.replay(sc.intents[1:])
    playable = set(sim.playable())
    assert playable and len(playable) < len(sim.hand())
    for code in sim.hand():
        card = sim.card(code)
        assert card.playable == (code in playable) and card.dimmed == (code not in playable), card
    # a dimmed card is not played when tapped: the table says why, from the engine's reason
    refused = next(c for c in sim.hand() if c not in playable)
    sim.said()
    assert sim.tap(refused) is False
    m = sim.model()
    assert m.to_move == "you" and refused in [c.code for c in m.my_cards] and len(m.trick) == 1
    why = sim.log()[-1]
    assert why == message_text(sim.table.messages[-1], TR) and why.strip()
    assert sim.said() == [why]
    # tapped again (Enter on it): said again in the live region, written once in the log
    assert sim.tap(refused) is False
    assert sim.said() == [why]
    assert sim.log().count(why) == 1
    assert len(sim.model().trick) == 1
    # a playable one is played
    card = sorted(playable)[0]
    assert sim.tap(card) is True
    assert card not in sim.hand()


@pytest.mark.parametrize("points", [20, 40])
def test_tapping_a_king_announces_the_marriage(points):
    sim = scenarios.can_marry(points).sim
    suit = next(a[6:] for a in sim.legal() if a.startswith("marry:")
                and (a[6:] == sim.view()["trump"]) == (points == 40))
    # the K and the Q say what leading them does (a screen reader hears no highlight)
    names = {c.code: c.name for c in sim.model().my_cards}
    for rank in "KQ":
        assert names[rank + suit] == t("hand.card.marriage", card=TR.card(rank + suit), points=points)
    assert all(name == TR.card(code) for code, name in names.items() if code[1] != suit or code[0] not in "KQ"
               or f"marry:{code[1]}" not in sim.legal())
    assert sim.tap("K" + suit)
    assert t("msg.marriage.you", suit=TR.suit(suit).lower(), points=points) in sim.log() + sim.said()
    assert sim.table.human_to_move()
    assert "K" + suit in sim.last_trick()


def test_a_marriage_before_the_first_trick_is_explained():
    sim = scenarios.missed_marriage().sim
    v = sim.view()
    suit = next(s for s in "CDHS" if f"K{s}" in v["hand"] and f"Q{s}" in v["hand"])
    sim.tap("K" + suit)
    assert t("msg.missed_marriage") in sim.log() + sim.said()


def test_declaring_66():
    sc = scenarios.can_declare()
    sim = Sim(sc.seed)
    assert sim.model().points_text == t("points.you", n=0)
    sim.replay(sc.intents)
    points = sim.view()["points"][0]
    assert points >= 66 and sim.model().points_text == t("points.you", n=points)
    assert sim.model().buttons["declare"]
    sim.do("button", "declare")
    m = sim.model()
    assert m.to_move == "none" and m.result_reason == "declared"
    assert m.score == list(sim.table.match.scores) and m.score[0] > 0
    gp = sim.view()["result"]["game_points"]
    assert t("result.declared.you", points=points, gp=TR.game_points(gp)) in m.messages


def test_counting_myself_hides_my_points_and_a_false_declaration_costs_the_hand():
    sc = scenarios.can_declare_falsely()
    sim = Sim(sc.seed)
    sim.set_count_myself(True)
    assert sim.model().points_text == t("points.hidden")
    sim.replay(sc.intents)
    assert sim.model().points_text == t("points.hidden")
    assert sim.model().buttons["declare"]
    sim.do("button", "declare")
    m = sim.model()
    assert m.to_move == "none" and m.result_reason == "false_declaration"
    assert m.score == list(sim.table.match.scores) and m.score[1] > 0


def test_by_default_declare_is_offered_only_from_66():
    sc = scenarios.can_declare_falsely()
    sim = Sim(sc.seed)
    sim.replay(sc.intents)
    buttons = sim.model().buttons
    assert buttons["close"]
    assert not buttons["declare"]
    sim.set_count_myself(True)  # the same position for a player who counts alone
    assert sim.model().buttons["declare"]
