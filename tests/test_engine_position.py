"""Building a position (Game.from_position) and a match (Match.from_games) from outside."""

import random

import pytest

from sixtysix import Game, Match, records
from sixtysix.game import STOCK_START


def _played(seed, steps):
    g = Game.new(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.result is not None:
            break
        legal = [a for a in g.legal_actions() if a.kind != "declare"] or g.legal_actions()
        g.apply(rng.choice(legal))
    return g


def _position_of(g):
    return Game.from_position(
        dealer=g.dealer, hands=g.hands, trump_card=g.trump_card, stock=g.stock[g.drawn:] if g.drawn < 11 else [],
        drawn=g.drawn, leader=g.leader, to_move=g.to_move, closed_by=g.closed_by,
        non_closer_tricks_at_close=g.non_closer_tricks_at_close, led=g.led,
        pending_marriage=g.pending_marriage, completed=g.completed, marriages=g.marriages, exchange=g.exchange)


@pytest.mark.parametrize("seed", range(40))
def test_a_position_plays_on_as_the_hand_it_was_taken_from(seed):
    g = _played(seed, seed % 20)
    if g.result is not None:
        pytest.skip("the hand ended before the position")
    p = _position_of(g)
    for player in (0, 1):
        a, b = g.view(player).to_dict(), p.view(player).to_dict()
        a.pop("history"), b.pop("history")   # a position does not know how it came about
        assert a == b
    rng = random.Random(f"on:{seed}")
    while g.result is None:
        assert p.legal_codes() == g.legal_codes()
        c = rng.choice(g.legal_codes())
        g.push(c)
        p.push(c)
    assert p.result == g.result and p.points(0) == g.points(0) and p.tricks == g.tricks
    while p.actions:   # and undoes back to where it was built, no further
        p.pop()
    assert p.legal_codes() == _position_of(_played(seed, seed % 20)).legal_codes()


def test_won_and_tricks_come_from_the_completed_tricks_unless_given():
    g = _played(5, 9)
    p = _position_of(g)
    assert (p.won, p.tricks, p.bonus) == (g.won, g.tricks, g.bonus)


def test_a_stock_of_the_wrong_size_is_refused():
    g = Game.new(seed=1)
    with pytest.raises(ValueError, match="holds 11 face-down cards, not 10"):
        Game.from_position(dealer=1, hands=g.hands, trump_card=g.trump_card, stock=g.stock[:10], drawn=0,
                           leader=0, to_move=0)
    assert STOCK_START == 12


def test_from_games_checks_the_order_of_hands():
    m = Match.new(seed=3)
    first = m.game
    with pytest.raises(ValueError, match="at least one hand"):
        Match.from_games(3, [])
    with pytest.raises(ValueError, match="unfinished"):
        Match.from_games(3, [first, Game.from_deck(list(first.deck), 1 - first.dealer)])
    wrong = Game.from_deck(list(first.deck), 1 - first.dealer)
    with pytest.raises(ValueError, match="alternate"):
        Match.from_games(3, [wrong])


def test_from_games_gives_the_match_its_record_would_load():
    m = Match.new(seed=11)
    while m.winner is None and len(m.games) < 3:
        while not m.hand_over:
            m.apply(m.game.legal_actions()[0])
        if m.winner is None and len(m.games) < 3:
            m.next_hand()
    again = Match.from_games(11, m.games)
    assert records.dumps(again) == records.dumps(m)
    assert again.scores == m.scores and again.first_dealer == m.first_dealer
