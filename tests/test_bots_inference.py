"""World weights from the opponent's play (bots/inference.py); more worlds on close calls; no cap in the arena."""

import random

from sixtysix import Game, cards
from sixtysix.actions import CLOSE, MARRY
from sixtysix.bots import inference as I
from sixtysix.bots import worlds as W
from sixtysix.bots.config import SearchConfig
from sixtysix.bots.evaluate import evaluate
from tests.test_bots_worlds import random_positions


def replay(view, deck):
    g = Game.from_deck(deck, view.dealer)
    for e in view.history:
        g.apply(e["action"])   # raises if the rebuilt deal contradicts the history
    return g


def test_a_rebuilt_deal_replays_the_public_history_into_the_view():
    rng = random.Random(2)
    checked = 0
    for g, v in random_positions(60, seed=4, close_rate=0.15):
        if v.stock == 0:
            continue
        for opp, stock in [W.true_world(g, v.player)] + W.worlds(v, 2, rng):
            deck = I.deal_of(v, opp, stock, rng)
            assert deck is not None
            h = replay(v, deck)
            # the same position (the history differs only in the private missed-marriage notes)
            assert h.view(v.player).to_dict() | {"history": 0} == v.to_dict() | {"history": 0}
            assert h.hands[1 - v.player] == opp and h.stock[h.drawn:] == stock
            checked += 1
    assert checked > 500


def _kept_marriage_position():
    """A closed stock and an opponent (seat 1 - p) who led a king while holding its queen, with a trick."""
    rng = random.Random(9)
    for s in range(400):
        g = Game.new(seed=f"missed:{s}")
        while g.result is None:
            legal = g.legal_codes()
            p = g.to_move
            marriable = [c - MARRY for c in legal if MARRY <= c < MARRY + 4]
            if g.closed_by >= 0 and g.stock_size > 0 and marriable:
                g.push(marriable[0] * 6 + cards.KING)   # the king, without announcing
                return g, 1 - p, marriable[0] * 6 + cards.QUEEN
            if CLOSE in legal and g.tricks[p] and rng.random() < 0.3:
                g.push(CLOSE)
                continue
            g.push(rng.choice([c for c in legal if c < MARRY]))
    raise AssertionError("no such position in 400 random hands")


def test_an_unannounced_marriage_makes_the_worlds_holding_the_partner_less_likely():
    g, me, queen = _kept_marriage_position()
    v = g.view(me)
    opp, stock = W.true_world(g, me)
    assert opp >> queen & 1
    # the same world with the queen swapped for a face-down stock card
    other = stock[0]
    swapped = (opp & ~(1 << queen)) | (1 << other), [queen if c == other else c for c in stock]
    assert W.check(v, *swapped) == []
    flat = SearchConfig(temperature=1e9, floor=0.0)   # the card plays tell nothing: only the soft facts count
    weigh = I.Weigher(v, flat, evaluate, random.Random(1))
    w = [weigh(world) for world in [(opp, stock), swapped]]
    assert abs(w[0] / w[1] - flat.missed) < 1e-9


def weights(view, worlds, rng):
    """The weights the search bot gives ``worlds``: one :class:`Weigher`, asked in order."""
    weigh = I.Weigher(view, SearchConfig(), evaluate, rng)
    return [weigh(w) for w in worlds]


def test_weights_depend_on_the_view_and_the_world_only():
    for g, v in list(random_positions(10, seed=6))[::7]:
        ws = W.worlds(v, 6, random.Random(3))
        a = weights(v, ws, random.Random(5))
        b = weights(type(v).from_dict(v.to_dict()), ws, random.Random(5))
        assert a == b and all(0 < x <= 1 for x in a)


def test_close_calls_get_more_worlds_and_only_they():
    from sixtysix.bots import make
    more = make("hard", seed=2, budget=3000, max_worlds=8, extra_worlds=8, extra_budget=6000, close_margin=5.0)
    never = make("hard", seed=2, budget=3000, max_worlds=8, extra_worlds=8, extra_budget=6000, close_margin=0.0)
    extended = 0
    for g, v in list(random_positions(6, seed=8))[::3]:
        if len(v.legal) < 2 or v.stock < 6:
            continue
        more.choose(v)
        never.choose(v)
        if more.last and never.last:
            assert never.last["worlds"] <= 8
            extended += more.last["worlds"] > 8
    assert extended > 0


def test_the_arena_runs_search_bots_without_the_wall_time_cap():
    from sixtysix import arena
    for name in ("hard", "hard-v1", "medium", "open"):
        assert arena._make(name, "s", None).config.time_cap is None
    assert arena._make("hard:time_cap=0.5", "s", None).config.time_cap == 0.5
