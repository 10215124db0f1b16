"""World sampling (sixtysix/bots/worlds.py): every world agrees with the view."""

import random

import pytest

from sixtysix import Game, cards
from sixtysix.bots import worlds as W


def random_positions(n_games, seed=0, close_rate=0.1):
    """(game, view) at every decision of random games (some closed, some with marriages)."""
    rng = random.Random(seed)
    for s in range(n_games):
        g = Game.new(seed=f"worlds:{seed}:{s}")
        while g.result is None:
            yield g, g.view(g.to_move)
            legal = g.legal_codes()
            if 29 in legal and rng.random() < close_rate:
                g.push(29)
                continue
            useful = [c for c in legal if c < 29] or legal
            g.push(rng.choice(useful))


def test_true_world_agrees_and_rebuilds_the_same_game():
    rng = random.Random(7)
    for g, v in random_positions(40):
        opp, stock = W.true_world(g, v.player)
        assert W.check(v, opp, stock) == []
        w = W.build(v, opp, stock)
        assert w.legal_codes() == g.legal_codes()
        assert w.view(v.player).to_dict() | {"history": []} == v.to_dict() | {"history": []}
        a, b = g.copy(), w
        while a.result is None:   # the same random continuation gives the same hand
            assert a.legal_codes() == b.legal_codes()
            assert a.hands == b.hands and a._points() == b._points() and a.tricks == b.tricks
            c = rng.choice(a.legal_codes())
            a.push(c)
            b.push(c)
        assert a.result == b.result


def test_sampled_worlds_agree_with_the_view():
    rng = random.Random(3)
    for g, v in random_positions(60, seed=1, close_rate=0.2):
        k = W.infer(v)
        opp_true = g.hands[1 - v.player]
        # what the inference claims is true of the real game
        assert k.opp_known & ~opp_true == 0
        assert k.opp_forbidden & opp_true == 0
        for opp, stock in W.worlds(v, 6, rng):
            assert bin(opp).count("1") == v.opponent_cards
            assert len(stock) == max(v.stock - 1, 0)
            assert len(set(stock)) == len(stock)
            seen = cards.mask_of(cards.index(c) for c in v.hand)
            for t in v.completed_tricks:
                seen |= cards.mask_of(cards.index(c) for c in t["cards"])
            seen |= cards.mask_of(cards.index(c) for c in v.trick)
            if v.stock:
                seen |= 1 << cards.index(v.trump_card)
            hidden = opp | cards.mask_of(stock)
            assert hidden & seen == 0                       # no card seen twice
            assert hidden | seen == cards.ALL_CARDS          # no card missing
            assert opp & cards.mask_of(stock) == 0
            assert k.opp_known & ~opp == 0                   # known cards placed right
            assert k.opp_forbidden & opp == 0                # voids respected
            assert W.check(v, opp, stock) == []


def _play(g, *actions):
    for a in actions:
        g.apply(a)


def test_marriage_partner_and_exchanged_card_are_known():
    deck = "9C JC QC KC TC AC 9D JD QD KD TD AD 9H JH QH KH TH AH 9S JS QS KS TS AS".split()
    # non-dealer (0): 9C JC QC KC TC AC; dealer (1): 9D JD QD KD TD AD; trump 9H
    g = Game.from_deck(deck, dealer=1)
    _play(g, "play:9C", "play:JD")    # 0 leads 9C, 1 trumps? no: JD is a diamond, 0 wins
    assert g.leader == 0
    _play(g, "marry:C", "play:KC")    # 0 announces clubs: QC is now known in 0's hand
    v1 = g.view(1)
    k = W.infer(v1)
    assert k.opp_known == 1 << cards.index("QC")
    for opp, _ in W.worlds(v1, 20, random.Random(1)):
        assert opp >> cards.index("QC") & 1


def test_strict_phase_voids_are_respected():
    # close at once, then the follower shows a void: the sampler must respect it
    for seed in range(200):
        g = Game.new(seed=f"void:{seed}")
        leader = g.to_move
        g.apply("close")
        rng = random.Random(seed)
        found = False
        while g.result is None and not found:
            led_by = g.to_move
            g.push(rng.choice([c for c in g.legal_codes() if c < 24]))
            if g.result is None and g.led >= 0:
                answer = rng.choice(g.legal_codes())
                led = g.led
                g.push(answer)
                if answer // 6 != led // 6 and g.result is None and g.to_move is not None:
                    viewer = led_by
                    v = g.view(viewer)
                    k = W.infer(v)
                    assert k.opp_forbidden & cards.SUIT_MASKS[led // 6] & k.unseen == \
                        cards.SUIT_MASKS[led // 6] & k.unseen
                    for opp, _ in W.worlds(v, 20, rng):
                        assert opp & cards.SUIT_MASKS[led // 6] == 0
                    found = True
        if found:
            return
    pytest.fail("no void situation found")


def test_stock_empty_has_one_world_the_truth():
    for g, v in random_positions(20, seed=5, close_rate=0.0):
        if v.stock == 0 and v.to_move is not None:
            ws = W.worlds(v, 10, random.Random(0))
            assert ws == [(g.hands[1 - v.player], [])]
