"""Practice take-backs (``Game.take_back``/``Match.take_back``): a player's
last move and everything after it are undone exactly, so the hand goes on
as if they had never been played; the record keeps no trace."""

from __future__ import annotations

import random

import pytest

from sixtysix import Game, IllegalAction, Match
from tests.conftest import snapshot


def states_along(seed: int, rng_seed: int) -> tuple[Game, list[dict]]:
    """A random hand, with a snapshot taken before every action."""
    g, rng = Game.new(seed=seed), random.Random(rng_seed)
    before = []
    while not g.is_over():
        before.append(snapshot(g))
        g.apply(rng.choice(g.legal_actions()))
    return g, before


@pytest.mark.parametrize("seed", range(40))
def test_every_take_back_restores_the_position_before_the_move(seed):
    g, before = states_along(seed, seed + 100)
    while True:
        for player in (0, 1):
            start = g.last_move_start(player)
            if start is None:
                continue
            notations = g.action_notations()
            undone = g.take_back(player)
            assert undone == notations[start:]
            assert snapshot(g) == before[start]
            assert g.to_move == player
            for n in undone:  # played again, it is the same hand
                g.apply(n)
            assert g.action_notations() == notations
        # then take back for good the last mover's move, and so on down to the deal
        last = g.actions[-1][0] if g.actions else None
        if last is None:
            break
        g.take_back(last)
    assert g.action_notations() == [] and snapshot(g) == before[0]


def test_a_lead_with_its_marriage_is_one_move():
    for seed in range(300):
        g, rng = Game.new(seed=seed), random.Random(seed)
        while not g.is_over():
            legal = [str(a) for a in g.legal_actions()]
            marry = [a for a in legal if a.startswith("marry:")]
            if marry:
                player = g.to_move
                g.apply(marry[0])
                partner = next(a for a in (str(x) for x in g.legal_actions()) if a.startswith("play:"))
                g.apply(partner)
                if g.is_over():
                    break
                assert g.take_back(player)[:2] == [marry[0], partner]
                assert g.to_move == player and marry[0] in [str(a) for a in g.legal_actions()]
                return
            g.apply(rng.choice(legal))
    pytest.fail("no marriage found in 300 deals")


def test_no_move_to_take_back_is_refused_and_changes_nothing():
    g = Game.new(seed=3)
    with pytest.raises(IllegalAction, match="no move to take back"):
        g.take_back(0)
    g.apply(g.legal_actions()[0])
    idle = 1 - g.actions[0][0]  # the player who has not moved yet
    before = snapshot(g)
    with pytest.raises(IllegalAction, match=f"player {idle} has no move"):
        g.take_back(idle)
    assert snapshot(g) == before


def test_a_copy_cannot_take_back_past_the_copy():
    g = Game.new(seed=4)
    g.apply(g.legal_actions()[0])
    c = g.copy()  # copies carry no undo history (the bots' search copies)
    with pytest.raises(IllegalAction):
        c.take_back(g.actions[0][0])


def test_a_finished_hand_is_taken_back_with_its_result_but_not_once_left():
    m, rng = Match.new(seed=11), random.Random(2)
    while not m.hand_over:
        m.apply(rng.choice(m.game.legal_actions()))
    scores, last = m.scores, m.game.actions[-1][0]
    assert sum(scores) > 0
    m.take_back(last)
    assert not m.hand_over and m.scores == [0, 0]
    while not m.hand_over:
        m.apply(rng.choice(m.game.legal_actions()))
    m.next_hand()
    with pytest.raises(IllegalAction):
        m.take_back(0)
    with pytest.raises(IllegalAction):
        m.take_back(1)
    assert len(m.games) == 2 and m.game.actions == []
