"""Postponed decisions (``postpone=True``, EPIMC): my next choice made once per thing seen.

Plain PIMC lets me choose my next card per world, as if I saw the opponent's hand.
Postponing makes that choice once for all the worlds that look alike to me, so a
world's value can only fall, never rise, and with a single world nothing changes.
"""

import random

from sixtysix import Game, cards
from sixtysix.actions import CLOSE, DECLARE, Action
from sixtysix.bots import make
from sixtysix.bots import pimc, rootmoves
from sixtysix.bots import worlds as W
from sixtysix.bots.search import Searcher
from tests.test_bots import _same_view_other_cards


def closed_positions(n_games, seed):
    """Views of random play where the stock is closed and the player to move has a choice,
    with the closing itself as a choice at a lead (``close`` in the legal actions)."""
    rng = random.Random(seed)
    for i in range(n_games):
        g = Game.new(seed=f"postpone:{i}")
        close_at = rng.randrange(0, 10)
        plays = 0
        while g.result is None:
            v = g.view(g.to_move)
            if len(v.legal) > 1 and (v.closed_by is not None and v.stock > 0 or "close" in v.legal):
                yield g, v
            legal = [c for c in g.legal_codes() if c != DECLARE]
            if CLOSE in legal and plays >= close_at:
                g.push(CLOSE)
                continue
            g.push(rng.choice([c for c in legal if c != CLOSE]))
            plays += 1


def values_both_ways(v, n_worlds, rng):
    legal = [Action.parse(a).code for a in v.legal]
    moves = [m for m in rootmoves.root_moves(v, legal) if m.close or v.closed_by is not None]
    s = Searcher(cards.suit_index(v.trump), make("hard").evaluate)
    games = [W.build(v, o, st) for o, st in W.worlds(W.infer(v), n_worlds, rng)]
    plain = [rootmoves.world_values(s, g, v.player, moves, 2) for g in games]
    return plain, pimc.postponed_values(s, games, [1] * len(games), v.player, moves)


def test_one_world_changes_nothing_and_more_worlds_only_lower_my_values():
    rng = random.Random(3)
    checked = lower = 0
    for _, v in closed_positions(40, seed=1):
        plain, post = values_both_ways(v, 1, rng)
        assert post == plain   # one world: postponing is exact play, as PIMC's solve is
        plain, post = values_both_ways(v, 8, rng)
        for p_row, q_row in zip(plain, post):
            for p, q in zip(p_row, q_row):
                assert q <= p
                lower += q < p
        checked += 1
    assert checked >= 100 and lower > 0


def test_the_bot_still_answers_legally_and_fairly_with_postponing():
    rng = random.Random(7)
    checked = 0
    for g, v in closed_positions(30, seed=2):
        if v.closed_by is None or rng.random() < 0.7:
            continue
        h = _same_view_other_cards(g, rng)
        if h is None:
            continue
        bot = make("hard", seed=4, postpone=True, time_cap=None)
        a = bot.choose(v)
        assert str(a) in v.legal
        assert make("hard", seed=4, postpone=True, time_cap=None).choose(h.view(g.to_move)) == a
        checked += 1
        if checked >= 12:
            break
    assert checked >= 8


def test_the_bot_weighs_its_moves_with_postponed_values():
    # the same worlds either way (pass 1 draws and searches them alike): each move's mean
    # value can only fall, and somewhere it does
    fell = 0
    for n, (_, v) in enumerate(closed_positions(12, seed=4)):
        plain, post = make("hard", seed=2, time_cap=None), make("hard", seed=2, time_cap=None, postpone=True)
        plain.choose(v), post.choose(v)
        if plain.last is None:
            continue
        assert post.last["worlds"] == plain.last["worlds"]
        for label, value in post.last["values"].items():
            assert value <= plain.last["values"].get(label, value) + 1e-9
            fell += value < plain.last["values"].get(label, value) - 1e-9
    assert n >= 30 and fell > 0


def test_postponing_is_off_for_the_levels_and_the_yardstick():
    assert not make("hard").config.postpone and not make("hard-v1").config.postpone
    assert make("hard", postpone=True).config.postpone
