"""The search's evaluation computes exactly the features the fit reads
(``sixtysix/bots/fit.py``): a leaf's value is the clipped dot product of the
weights and :func:`features`, for hard-v1's ten and the refit's fifteen."""

from __future__ import annotations

import random

import pytest

from sixtysix import Game
from sixtysix.bots import evaluate as E
from sixtysix.bots import make
from sixtysix.bots.search import G, TB
from sixtysix.scoring import WINNING_POINTS


def lead_positions(hands=100):
    """Positions where a player is about to lead with the stock open, as the fit records them."""
    out = []
    for i in range(hands):
        g = Game.new(seed=f"eval:{i}")
        bots = [make("random", seed=f"eval:{i}:{p}") for p in (0, 1)]
        while g.result is None:
            p = g.to_move
            if g.led < 0 and g.pending_marriage < 0 and g.closed_by < 0 and g.points(p) < WINNING_POINTS:
                out.append((g.hands[p], g.hands[1 - p], g.points(p), g.points(1 - p), int(g.tricks[p] > 0),
                            int(g.tricks[1 - p] > 0), g.drawn, g.trump_card, g.trump))
            g.apply(bots[p].choose(g.view(p)))
    return out


def value(weights, x, pl, pf):
    v = max(-2.5, min(2.5, sum(w * xi for w, xi in zip(weights, x))))
    return int(G * v) + TB * (pl - pf)


@pytest.mark.parametrize("n", [E.N_FEATURES_V1, E.N_FEATURES])
def test_the_evaluation_is_the_dot_product_of_the_fits_features(n):
    rng = random.Random(n)
    weights = [[rng.uniform(-0.5, 0.5) for _ in range(n)] for _ in range(7)]
    evaluate = E.make_evaluate(weights)
    positions = lead_positions()
    assert len(positions) > 200 and len({p[6] for p in positions}) == 7  # every stock state
    for pos in positions:
        x = E.features(*pos)[:n]
        assert evaluate(*pos) == value(weights[pos[6] >> 1], x, pos[2], pos[3]), pos


def test_the_new_features_read_the_cards_they_name():
    # leader: trump (clubs) nine, ten and king of hearts; follower: ace and ten of spades, queen of hearts
    from sixtysix.cards import index as parse
    hand = lambda *codes: sum(1 << parse(c) for c in codes)
    trump = parse("AC") // 6
    hl, hf = hand("9C", "TH", "KH"), hand("AS", "TS", "QH")
    x = E.features(hl, hf, 0, 0, 0, 0, 2, parse("AC"), trump)
    tens, nine, nine_take, halves, lone_tens = x[10:]
    assert (tens, nine, nine_take, halves, lone_tens) == (0, 1, 11, 0, 1)


def test_the_weights_name_ten_or_fifteen_features_and_the_arena_can_pick_the_refit():
    assert all(len(w) == E.N_FEATURES_V1 for w in E.WEIGHTS_V1) and E.WEIGHTS == list(E.WEIGHTS_V1)
    assert len(E.WEIGHTS_REFIT) == 7 and all(len(w) == E.N_FEATURES for w in E.WEIGHTS_REFIT)
    refit = make("hard", evaluation="refit")
    assert refit.config.evaluation == "refit"
    pos = lead_positions(5)[0]
    assert refit.config.evaluate()(*pos) == E.make_evaluate(E.WEIGHTS_REFIT)(*pos)


def test_the_out_of_sample_error_sees_noise_and_not_a_true_line():
    from sixtysix.bots.fit import out_of_sample
    rng = random.Random(3)
    xs = [[1.0, rng.uniform(-1, 1), rng.uniform(-1, 1)] for _ in range(400)]
    exact = [(x, 0.5 + 2 * x[1] - x[2]) for x in xs]
    noisy = [(x, y + rng.gauss(0, 1)) for x, y in exact]
    assert out_of_sample(exact, 5) < 1e-6
    assert 0.8 < out_of_sample(noisy, 5) < 1.3


def test_the_out_of_sample_error_skips_a_fold_with_no_positions():
    from sixtysix.bots.fit import out_of_sample
    rows = [([1.0, float(i)], 2.0 * i) for i in range(60)]   # 60 positions: blocks of 40 leave folds empty
    assert out_of_sample(rows, 5) < 1e-6


def test_aces_and_marriages_count_the_cards_they_name():
    # Read with masks at every leaf of the search: checked against the cards, suit by suit.
    from sixtysix.cards import index as parse, marriage_points
    hand = lambda *codes: sum(1 << parse(c) for c in codes)
    trump = parse("AC") // 6
    h = hand("AH", "AC", "KH", "QH", "KC", "QC", "KS", "QD")
    assert E._aces(h, trump) == 1  # the trump ace is not a plain ace
    assert E._marriages(h, trump) == 20 + 40
    rng = random.Random(5)
    for _ in range(5000):
        h, trump = rng.getrandbits(24), rng.randrange(4)
        suits = [h >> 6 * s & 63 for s in range(4)]
        aces = sum(1 for s, cards in enumerate(suits) if s != trump and cards >> 5 & 1)
        marriages = sum(marriage_points(s, trump) for s, cards in enumerate(suits) if cards >> 2 & 3 == 3)
        assert (E._aces(h, trump), E._marriages(h, trump)) == (aces, marriages), (h, trump)
