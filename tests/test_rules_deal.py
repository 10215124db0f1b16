"""RULES.md "Deal" and the drawing rules of "Tricks".

The deal: the non-dealer's hand is deck[0:6], the dealer's deck[6:12],
deck[12] is the face-up trump card under the stock, the stock is drawn from
deck[13] on, and the trump card is the last card drawn. The non-dealer leads.
After each trick, while the stock is open, the winner draws first; the loser
of the trick that empties the stock receives the face-up trump card.
"""

from __future__ import annotations

import pytest

from sixtysix import Game
from tests.conftest import deal, deck, play, play_tricks

P0_CLUBS = "9C JC QC KC TC AC"
P1_DIAMONDS = "9D JD QD KD TD AD"
STOCK = "9H JH QH KH TH 9S JS QS KS TS AS"


class TestDeal:
    @pytest.mark.parametrize("dealer", [0, 1])
    def test_layout(self, dealer):
        d = deck(P0_CLUBS, P1_DIAMONDS, "AH", STOCK)
        g = Game.from_deck(d, dealer)
        non_dealer = 1 - dealer
        assert g.hand(non_dealer) == d[0:6] == "9C JC QC KC TC AC".split()
        assert g.hand(dealer) == d[6:12] == "9D JD QD KD TD AD".split()
        assert g.trump_suit == "H"
        assert g.stock_cards() == d[13:24] + ["AH"]  # top first, the trump card last
        assert g.stock_size == 12
        assert g.dealer == dealer

    @pytest.mark.parametrize("dealer", [0, 1])
    def test_the_non_dealer_leads_the_first_trick(self, dealer):
        g = Game.from_deck(deck(P0_CLUBS, P1_DIAMONDS, "AH", STOCK), dealer)
        assert g.to_move == 1 - dealer
        assert g.view(1 - dealer).leader == 1 - dealer
        assert g.result is None and g.points(0) == g.points(1) == 0 and g.tricks_won(0) == g.tricks_won(1) == 0

    def test_the_trump_card_is_public_from_the_start(self):
        g = deal(P0_CLUBS, P1_DIAMONDS, "AH", STOCK)
        assert g.view(0).trump_card == g.view(1).trump_card == "AH"
        assert g.view(0).trump == "H" and g.view(0).stock == 12

    def test_a_seed_gives_the_same_deal_and_dealer(self):
        a, b = Game.new(seed=12), Game.new(seed=12)
        assert a.deck == b.deck and a.dealer == b.dealer
        assert sorted(a.deck) == sorted(Game.new(seed=13).deck)
        assert Game.new(seed=12, dealer=0).dealer == 0 and Game.new(seed=12, dealer=1).dealer == 1

    @pytest.mark.parametrize("bad_deck,message", [
        (["9C"] * 24, "repeated: 9C"),
        (deck(P0_CLUBS, P1_DIAMONDS, "AH")[:23], "24 card codes"),
        (deck(P0_CLUBS, P1_DIAMONDS, "AH") + ["AH"], "24 card codes"),
        (deck(P0_CLUBS, P1_DIAMONDS, "AH")[:23] + ["XX"], "not a card: 'XX'"),
        (deck(P0_CLUBS, P1_DIAMONDS, "AH")[:23] + [None], "not a card: None"),
        (" ".join(deck(P0_CLUBS, P1_DIAMONDS, "AH")), "24 card codes"),
        (None, "24 card codes"),
        (24, "24 card codes"),
    ])
    def test_from_deck_rejects_a_bad_deck(self, bad_deck, message):
        with pytest.raises(ValueError, match=message):
            Game.from_deck(bad_deck, 1)

    @pytest.mark.parametrize("dealer", [2, -1, None, "1", True, 0.0, 1.0, [1]])
    def test_from_deck_rejects_a_bad_dealer(self, dealer):
        # Regression: a float dealer got past the check and crashed with TypeError.
        with pytest.raises(ValueError, match="dealer must be 0 or 1"):
            Game.from_deck(deck(P0_CLUBS, P1_DIAMONDS, "AH"), dealer)

    def test_from_deck_accepts_a_tuple_and_copies_it(self):
        d = deck(P0_CLUBS, P1_DIAMONDS, "AH", STOCK)
        g = Game.from_deck(tuple(d), 1)
        d[0] = "AS"
        assert g.hand(0) == "9C JC QC KC TC AC".split() and g.deck[0] == "9C"


class TestDrawing:
    def test_the_winner_draws_first_when_the_leader_wins(self):
        g = deal(P0_CLUBS, P1_DIAMONDS, "AH", STOCK)
        assert play_tricks(g, "AC/9D") == [0]
        assert "9H" in g.hand(0) and "JH" in g.hand(1)
        assert g.stock_size == 10 and g.stock_cards()[0] == "QH"
        assert g.to_move == 0

    def test_the_winner_draws_first_when_the_follower_wins(self):
        # Player 1 trumps the lead, so player 1 draws the top card (JH) and leads.
        g = deal(P0_CLUBS, "9D JD QD KD TD 9H", "AH", "JH QH KH TH 9S JS QS KS TS AS AD")
        assert play_tricks(g, "9C/9H") == [1]
        assert "JH" in g.hand(1) and "QH" in g.hand(0)
        assert g.to_move == 1 and g.leader == 1

    def test_each_trick_draws_two_cards_and_hands_stay_at_six(self):
        g = deal(P0_CLUBS, P1_DIAMONDS, "AH", STOCK)
        for n, t in enumerate("9C/9D JC/JD QC/QD KC/KD TC/TD".split(), 1):
            play_tricks(g, t)
            assert g.stock_size == 12 - 2 * n
            assert len(g.hand(0)) == len(g.hand(1)) == 6
            assert g.view(0).opponent_cards == 6

    def test_the_loser_of_the_trick_that_empties_the_stock_takes_the_trump_card(self):
        g = deal(P0_CLUBS, P1_DIAMONDS, "AH", STOCK)
        play_tricks(g, "9C/9D JC/JD QC/QD KC/KD TC/TD")
        assert g.stock_cards() == ["AS", "AH"]  # two left: the top card and the trump card
        play_tricks(g, "AC/AD")
        # Player 0 won every trick: drew 9H QH 9S QS TS AS; player 1 drew JH KH JS KS and the trump card.
        assert g.hand(0) == ["9H", "QH", "TH", "JS", "KS", "AS"]
        assert g.hand(1) == ["JH", "KH", "AH", "9S", "QS", "TS"]
        assert g.stock_size == 0 and g.stock_cards() == []
        assert g.view(0).trump_card is None and g.view(0).stock == 0

    def test_the_loser_takes_the_trump_card_also_when_the_leader_loses(self):
        g = deal(P0_CLUBS, "9D JD QD KD TD 9H", "AH", "JH QH KH TH 9S JS QS KS TS AS AD")
        play_tricks(g, "9C/9D JC/JD QC/QD KC/KD TC/TD")
        assert play_tricks(g, "AC/9H") == [1]
        assert g.stock_size == 0
        assert "AD" in g.hand(1) and "AH" in g.hand(0)

    def test_nobody_draws_once_the_stock_is_empty(self):
        g = deal(P0_CLUBS, P1_DIAMONDS, "AH", STOCK)
        play_tricks(g, "9C/9D JC/JD QC/QD KC/KD TC/TD AC/AD")
        play_tricks(g, "AS/9S")
        assert len(g.hand(0)) == len(g.hand(1)) == 5 and g.stock_size == 0

    def test_the_hand_ends_after_twelve_tricks_when_nobody_declares(self):
        g = deal(P0_CLUBS, P1_DIAMONDS, "AH", STOCK)
        while g.result is None:
            g.apply(g.legal_actions()[0])  # always a card: plays come first
        assert g.tricks_won(0) + g.tricks_won(1) == 12
        assert g.hand(0) == g.hand(1) == [] and g.to_move is None
        assert g.points(0) + g.points(1) == 120

    def test_the_exchanged_nine_lies_under_the_stock_and_is_drawn_last(self):
        g = deal("AC TC KC QC JC 9H", P1_DIAMONDS, "AH", "9C JH QH KH TH 9S JS QS KS TS AS")
        play_tricks(g, "AC/9D")
        play(g, "exchange")
        assert "AH" in g.hand(0) and "9H" not in g.hand(0)
        assert g.stock_cards()[-1] == "9H" and g.stock_size == 10
        play_tricks(g, "TC/JD KC/QD QC/KD JC/TD 9C/AD")
        assert "9H" in g.hand(1) and g.stock_size == 0
