"""RULES.md "Tricks": who wins a trick, free play while the stock is open,
and the strict phase's four-step cascade once it is closed or empty.

Trump is hearts throughout (the trump card is a heart), unless a test says
otherwise. ``legal_plays`` lists the cards the player to move may play.
"""

from __future__ import annotations

import pytest

from sixtysix import IllegalAction
from sixtysix.game import trick_winner
from sixtysix import cards
from tests.conftest import deal, play, play_tricks, snapshot, stock_out


def legal_plays(game) -> set[str]:
    return {a.card for a in game.legal_actions() if a.kind == "play"}


def other_actions(game) -> set[str]:
    return {str(a) for a in game.legal_actions() if a.kind != "play"}


class TestTrickWinner:
    # (player 0 leads, player 1 answers, who wins) with hearts trump, in the stock phase.
    CASES = [
        ("AC", "9C", 0, "the higher card of the suit led wins"),
        ("9C", "AC", 1, "the higher card of the suit led wins"),
        ("KC", "TC", 1, "the ten beats the king"),
        ("TC", "KC", 0, "the ten beats the king"),
        ("JC", "QC", 1, "the queen beats the jack"),
        ("9C", "JC", 1, "the jack beats the nine"),
        ("AC", "9H", 1, "a trump beats any card of another suit"),
        ("9H", "AC", 0, "a led trump beats any card of another suit"),
        ("9H", "JH", 1, "the higher trump wins"),
        ("AH", "TH", 0, "the higher trump wins"),
        ("9C", "AD", 0, "a card of another non-trump suit never wins"),
        ("9C", "AS", 0, "a card of another non-trump suit never wins"),
        ("9D", "AC", 0, "a card of another non-trump suit never wins"),
    ]

    @pytest.mark.parametrize("lead,answer,winner,why", CASES)
    def test_winner(self, lead, answer, winner, why):
        g = deal([lead], [answer], "KH")
        play(g, f"play:{lead} play:{answer}")
        t = g.view(0).completed_tricks[-1]
        assert t == {"leader": 0, "cards": [lead, answer], "winner": winner}, why
        assert g.tricks_won(winner) == 1 and g.tricks_won(1 - winner) == 0
        assert g.points(winner) == cards.POINTS[cards.index(lead)] + cards.POINTS[cards.index(answer)]
        assert g.to_move == winner  # the winner leads next

    @pytest.mark.parametrize("lead,answer,winner,why", CASES)
    def test_trick_winner_helper_agrees(self, lead, answer, winner, why):
        assert trick_winner(0, cards.index(lead), cards.index(answer), cards.suit_index("H")) == winner, why
        assert trick_winner(1, cards.index(lead), cards.index(answer), cards.suit_index("H")) == 1 - winner, why

    def test_a_trick_of_two_nines_is_a_trick_worth_nothing(self):
        g = deal(["9C"], ["9D"], "KH")
        play(g, "play:9C play:9D")
        assert g.tricks_won(0) == 1 and g.points(0) == 0


class TestFreePlayWhileTheStockIsOpen:
    def test_the_follower_may_play_any_card(self):
        # Player 1 could follow clubs higher, or trump, but need not.
        g = deal("9C JC QC KC TC 9S", "AC JD QD KD 9H AD", "KH")
        play(g, "play:9C")
        assert legal_plays(g) == {"AC", "JD", "QD", "KD", "9H", "AD"}
        play(g, "play:JD")  # discard: player 0 wins
        assert g.view(0).completed_tricks[-1]["winner"] == 0

    def test_the_leader_may_lead_any_card(self):
        g = deal("9C JC QC KC TC 9S", "AC JD QD KD 9H AD", "KH")
        assert legal_plays(g) == {"9C", "JC", "QC", "KC", "TC", "9S"}

    def test_free_play_holds_on_the_last_stock_trick(self):
        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "KH")
        play_tricks(g, "9C/9D JC/JD QC/QD KC/KD TC/TD")
        assert g.stock_size == 2 and not g.is_strict()
        play(g, "play:AC")
        assert legal_plays(g) == set(g.hand(1))  # holds no club and need not trump

    def test_the_strict_phase_starts_once_the_stock_is_empty(self):
        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "KH")
        play_tricks(g, "9C/9D JC/JD QC/QD KC/KD TC/TD AC/AD")
        assert g.stock_size == 0 and g.is_strict()


class TestStrictPhaseAfterClosing:
    """Player 0 closes before the first trick, leads; player 1 must answer by the cascade."""

    def answer_to(self, lead, follower_hand, trump_card="KH"):
        leader_hand = [lead] + [c for c in "9C JC QC TC 9D TS".split() if c not in follower_hand and c != lead]
        g = deal(leader_hand[:6], follower_hand, trump_card)
        play(g, f"close play:{lead}")
        return g

    def test_step_1_follow_suit_with_a_higher_card_if_possible(self):
        g = self.answer_to("QC", "9C KC AC 9H AD JS")
        assert legal_plays(g) == {"KC", "AC"}  # not the lower 9C, not the trump

    def test_step_2_else_follow_suit_with_any_card_of_it(self):
        g = self.answer_to("AC", "9C KC 9H AD JS QS")
        assert legal_plays(g) == {"9C", "KC"}  # cannot beat the ace; must not trump

    def test_step_3_else_play_a_trump(self):
        g = self.answer_to("AC", "9H AH AD JS QS 9D")
        assert legal_plays(g) == {"9H", "AH"}

    def test_step_4_else_play_any_card(self):
        g = self.answer_to("AC", "AD JS QS 9D TD KS")
        assert legal_plays(g) == {"AD", "JS", "QS", "9D", "TD", "KS"}

    def test_a_trump_lead_must_be_beaten_by_a_higher_trump_if_possible(self):
        g = self.answer_to("QH", "9H KH AH 9C AD JS", trump_card="JH")
        assert legal_plays(g) == {"KH", "AH"}

    def test_a_trump_lead_must_be_followed_with_a_lower_trump_otherwise(self):
        g = self.answer_to("AH", "9H JH 9C AC AD JS", trump_card="KH")
        assert legal_plays(g) == {"9H", "JH"}

    def test_a_trump_lead_without_trumps_allows_any_card(self):
        g = self.answer_to("AH", "9C AC AD JS QS KS", trump_card="KH")
        assert legal_plays(g) == {"9C", "AC", "AD", "JS", "QS", "KS"}

    def test_the_leader_may_lead_any_card(self):
        g = deal("9C JC QC 9H AD JS", "KC TC AC KH TD QS", "AH")
        play(g, "close")
        assert legal_plays(g) == {"9C", "JC", "QC", "9H", "AD", "JS"}

    def test_closing_later_in_the_hand_also_makes_the_answers_strict(self):
        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "KH", "AS 9H JH QH 9S JS")
        play_tricks(g, "9C/9D")   # player 0 draws AS, player 1 draws 9H
        play(g, "close play:JC")
        assert legal_plays(g) == {"9H"}  # no club: must trump

    def test_an_illegal_answer_says_why_and_changes_nothing(self):
        g = self.answer_to("QC", "9C KC AC 9H AD JS")
        before = snapshot(g)
        with pytest.raises(IllegalAction, match=r"9C does not answer QC in the strict phase"):
            g.apply("play:9C")
        with pytest.raises(IllegalAction, match=r"9H does not answer QC in the strict phase"):
            g.apply("play:9H")
        assert snapshot(g) == before


class TestStrictPhaseAfterTheStockRanOut:
    """Player 0 won the six stock tricks (see ``stock_out``); player 1 follows."""

    def test_step_1_follow_suit_with_a_higher_card(self):
        g = stock_out("KS JH QH KH TH AH", "9S JS QS TS AS", "9H")
        play(g, "play:KS")
        assert legal_plays(g) == {"TS", "AS"}

    def test_step_2_follow_suit_with_any_card_of_it(self):
        g = stock_out("AS JH QH KH TH AH", "9S JS QS TS KS", "9H")
        play(g, "play:AS")
        assert legal_plays(g) == {"9S", "JS", "QS", "TS", "KS"}

    def test_step_2_with_a_trump_lead(self):
        g = stock_out("AC JH QH KH TH AH", "KD TD AD KS QS", "9H")
        play(g, "play:AH")
        assert legal_plays(g) == {"9H"}  # the trump card just drawn is the only trump

    def test_step_3_play_a_trump(self):
        g = stock_out("AC JH QH KH TH AH", "KD TD AD KS QS", "9H")
        play(g, "play:AC")
        assert legal_plays(g) == {"9H"}

    def test_step_4_any_card(self):
        g = stock_out("AC JH QH KH TH AH", "KD TD AD KS QS", "9H")
        play_tricks(g, "AH/9H")  # player 1's only trump goes
        play(g, "play:AC")
        assert legal_plays(g) == {"KD", "TD", "AD", "KS", "QS"}

    def test_the_leader_may_lead_any_card(self):
        g = stock_out("AC JH QH KH TH AH", "KD TD AD KS QS", "9H")
        assert legal_plays(g) == {"AC", "JH", "QH", "KH", "TH", "AH"}
        # No exchange and no close with an empty stock; the trump marriage (KH QH) is still open.
        assert other_actions(g) == {"marry:H", "declare"}
