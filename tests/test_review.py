"""The hand review (sixtysix/review.py): each decision's alternatives valued in
expected game points from the mover's own view, on constructed positions."""

from __future__ import annotations

import random

import pytest

from sixtysix import Game, bots
from sixtysix.game import STOCK_START
from sixtysix.review import (Decision, action_values, costliest, decision_points, replay, review,
                             review_decision)
from tests.conftest import brute, deal, play, play_tricks
from tests.test_bots import _same_view_other_cards
from tests.test_rules_scoring import strict_phase_deal

FAST = 6_000  # a smaller budget keeps these tests quick; the logic is the same


def test_an_exact_endgame_values_each_card_as_the_solver_does():
    # The stock is empty: one world, the truth. Only the ace of spades wins 3.
    g = strict_phase_deal()
    values = action_values(g, budget=FAST)
    plays = [a for a in g.view(0).legal if a.startswith("play:")]
    assert {a: round(values[a]) for a in plays} == {a: brute(_after(g, a), 0) for a in plays}
    assert max(plays, key=values.get) == "play:AS" and round(values["play:AS"]) == 3
    assert all(round(values[a]) == 2 for a in plays if a != "play:AS")


def _after(g, action):
    h = g.copy()
    h.apply(action)
    return h


def test_the_card_that_loses_the_endgame_is_the_costliest_decision():
    g = strict_phase_deal()
    play(g, "play:9H")
    d = review_decision(g, len(g.actions) - 1, budget=FAST)
    assert d.exact and d.best == "play:AS" and d.chosen == "play:9H"
    assert d.loss == pytest.approx(1.0, abs=0.05)
    assert costliest([d]) == [d]


def test_a_close_that_fails_is_marked():
    # A hand without a trick-taker: closing gives the opponent 3 in every world.
    g = deal("9C JC QC 9D JD QD", "AC TC AD TD AS TS", "AH")
    play(g, "close")
    d = review_decision(g, 0, budget=FAST)
    assert d.chosen == "close" and d.values["close"] == pytest.approx(-3, abs=0.15)
    assert d.best != "close" and d.loss >= 0.5 and not d.exact


def test_a_missed_declaration_is_marked():
    # 68 with the marriage in trumps and the opponent without a trick: declaring is worth 3.
    g = deal("AC TC KH QH JS 9D", "9C JC QD 9S KD JD", "AH")
    play_tricks(g, "AC/9C TC/JC JS/QD")
    play(g, "marry:H play:KH")
    d = review_decision(g, len(g.actions) - 1, budget=FAST)
    assert d.values["declare"] == pytest.approx(3.068)  # 3, plus the tie-break of the 68-point margin
    assert d.best == "declare" and d.loss > 0.3


def test_the_values_come_from_the_view_only():
    rng = random.Random(4)
    checked = 0
    for s in range(30):
        g = Game.new(seed=f"review:{s}")
        for _ in range(rng.randrange(2, 12)):
            if g.result is not None:
                break
            g.apply(rng.choice([a for a in g.view(g.to_move).legal if a != "declare"]))
        if g.result is not None or len(g.legal_codes()) < 2:
            continue
        h = _same_view_other_cards(g, rng)
        if h is None:
            continue
        assert action_values(g, seed=3, budget=FAST) == action_values(h, seed=3, budget=FAST)
        checked += 1
        if checked == 4:
            break
    assert checked >= 3


def test_a_seed_gives_the_same_review_and_the_decisions_are_the_players_own():
    g = Game.new(seed=8)
    b = bots.make("medium", seed=1)
    while g.result is None:
        g.apply(b.choose(g.view(g.to_move)))
    first = review(g, 0, seed=2, budget=FAST)
    assert [d.to_dict() for d in first] == [d.to_dict() for d in review(g, 0, seed=2, budget=FAST)]
    assert [d.index for d in first] == decision_points(g, 0)
    for d in first:
        assert g.actions[d.index][0] == 0 and d.chosen in d.values
        assert Decision.from_dict(d.to_dict()) == d
        at = replay(g.deck, g.dealer, g.action_notations()[:d.index])
        assert set(d.values) <= set(at.view(0).legal)


def test_forced_moves_are_not_decisions():
    g = strict_phase_deal()
    play(g, "play:AS")   # player 1 must follow with the only spade that beats it, or any spade
    idx = decision_points(g, 1)
    legal_counts = []
    h = Game.from_deck(list(g.deck), g.dealer)
    for i, a in enumerate(g.action_notations()):
        if g.actions[i][0] == 1:
            legal_counts.append((i, len(h.legal_codes())))
        h.apply(a)
    assert idx == [i for i, n in legal_counts if n > 1]


def test_the_worker_slice_gives_the_same_decision_as_cpython():
    import json

    from ui.model.botcall import review_step_json
    g = strict_phase_deal()
    play(g, "play:9H")
    hand = {"deck": list(g.deck), "dealer": g.dealer, "actions": g.action_notations()}
    index = len(g.actions) - 1
    answer = json.loads(review_step_json(json.dumps(hand), index))
    assert Decision.from_dict(answer) == review_decision(g, index)


def test_the_last_trick_s_card_is_valued_beside_a_declaration():
    # The stock run out, every card left is known: the card led to the last
    # trick has its value beside declaring's (it had none, and the review
    # listed only "declare" at that step).
    for s in range(300):
        g = Game.new(seed=f"last:{s}")
        b = bots.make("random", seed=s)
        while g.result is None and not (len(g.hand(g.to_move)) == 1 and g.led < 0 and g.drawn == STOCK_START
                                        and "declare" in g.view(g.to_move).legal):
            g.apply(b.choose(g.view(g.to_move)))
        if g.result is None:
            break
    else:
        pytest.fail("no hand reaches its last lead with a declaration to make")
    me = g.to_move
    values = action_values(g, budget=FAST)
    card = next(a for a in values if a.startswith("play:"))
    after = g.copy()
    after.apply(card)
    after.apply(after.legal_actions()[0])
    assert values[card] is not None and values["declare"] is not None
    assert (values[card] > 0) == (after.result.winner == me)
