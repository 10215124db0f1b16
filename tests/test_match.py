"""RULES.md "Match" and the dealer Decision: hands until a player has 7 game
points; the dealer alternates; who deals first is drawn from the seed.
"""

from __future__ import annotations

import random

import pytest

from sixtysix import IllegalAction, Match, records
from sixtysix.match import seeded_first_dealer
from tests.conftest import snapshot


def finish_hand(m: Match, rng: random.Random) -> None:
    while not m.hand_over:
        legal = [str(a) for a in m.game.legal_actions()]
        m.apply(rng.choice([a for a in legal if a.startswith("play")] or legal))


def play_match(seed, rng_seed=0) -> Match:
    m, rng = Match.new(seed=seed), random.Random(rng_seed)
    while True:
        finish_hand(m, rng)
        if m.winner is not None:
            return m
        m.next_hand()


class TestMatch:
    @pytest.mark.parametrize("seed", range(8))
    def test_plays_to_seven_with_the_dealer_alternating(self, seed):
        m = play_match(seed)
        first = seeded_first_dealer(seed)
        assert m.first_dealer == first
        assert [g.dealer for g in m.games] == [first ^ (n & 1) for n in range(len(m.games))]
        # Scores add up hand by hand; only the last hand reached the target.
        totals = [0, 0]
        for n, g in enumerate(m.games):
            assert g.result is not None and 1 <= g.result.game_points <= 3
            assert max(totals) < 7, f"hand {n + 1} was dealt after the match was won"
            totals[g.result.winner] += g.result.game_points
        assert totals == m.scores
        assert m.scores[m.winner] >= 7 > m.scores[1 - m.winner]
        assert m.hands == [{"dealer": g.dealer, **g.result.to_dict()} for g in m.games]

    def test_the_first_dealer_comes_from_the_seed(self):
        assert Match.new(seed=11).first_dealer == Match.new(seed=11).first_dealer
        assert {Match.new(seed=s).first_dealer for s in range(20)} == {0, 1}

    def test_a_seed_replays_the_same_decks(self):
        a, b = play_match(3), Match.new(seed=3)
        rng = random.Random(0)
        for g in a.games:
            assert b.game.deck == g.deck and b.game.dealer == g.dealer
            finish_hand(b, rng)
            if b.winner is None:
                b.next_hand()
        assert b.scores == a.scores

    def test_each_hand_is_dealt_anew(self):
        m = play_match(4)
        assert len({g.deck for g in m.games}) == len(m.games)

    def test_a_match_without_a_seed_draws_and_keeps_one(self):
        m = Match.new()
        assert isinstance(m.seed, int)
        assert records.loads(records.dumps(m)).game.deck == m.game.deck

    def test_the_first_hand_is_dealt_at_once(self):
        m = Match.new(seed=1)
        assert len(m.games) == 1 and m.game.to_move == 1 - m.game.dealer
        assert m.scores == [0, 0] and m.winner is None and not m.hand_over and m.hands == []

    def test_a_smaller_target(self):
        m = Match(seed=2, target=1)
        finish_hand(m, random.Random(0))
        assert m.winner == m.game.result.winner


class TestRefusals:
    def test_next_hand_refuses_while_a_hand_runs(self):
        m = Match.new(seed=6)
        before = records.dumps(m)
        with pytest.raises(IllegalAction, match="cannot deal: the current hand is not over"):
            m.next_hand()
        m.apply(m.game.legal_actions()[0])
        with pytest.raises(IllegalAction, match="cannot deal: the current hand is not over"):
            m.next_hand()
        assert len(m.games) == 1 and records.dumps(m) != before

    def test_next_hand_refuses_once_the_match_is_over(self):
        m = play_match(7)
        with pytest.raises(IllegalAction, match="cannot deal: the match is over"):
            m.next_hand()

    def test_apply_after_the_hand_asks_for_the_next_deal(self):
        m = Match.new(seed=6)
        leader = m.game.to_move
        m.apply("declare")  # a false declaration at the first lead: 3 for the other player
        assert m.hand_over and m.scores[1 - leader] == 3 and m.scores[leader] == 0
        with pytest.raises(IllegalAction, match="the hand is over; deal the next hand first"):
            m.apply("declare")

    def test_apply_after_the_match_is_over(self):
        m = play_match(7)
        with pytest.raises(IllegalAction, match=r"^illegal action: the hand is over$"):
            m.apply("declare")

    def test_an_illegal_action_leaves_the_match_unchanged(self):
        m = Match.new(seed=6)
        m.apply(m.game.legal_actions()[0])  # a lead: the follower is to move
        before = snapshot(m.game)
        with pytest.raises(IllegalAction, match="only the player on lead may close"):
            m.apply("close")
        assert snapshot(m.game) == before and m.scores == [0, 0]
