"""RULES.md "Actions before leading": exchange, close, marriage, declare.

Each is legal only for the player on lead, before the card is led. Every
refusal is checked for its message and for leaving the game exactly as it
was. Trump is hearts (trump card AH) unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from sixtysix import IllegalAction
from tests.conftest import deal, play, play_tricks, snapshot, stock_out


def legal(game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def refuse(game, action, message):
    """``action`` is illegal with ``message`` and leaves the game untouched."""
    before = snapshot(game)
    with pytest.raises(IllegalAction) as e:
        game.apply(action)
    assert message in str(e.value), str(e.value)
    assert str(e.value).startswith(f"illegal action {action}")
    assert snapshot(game) == before
    assert action not in legal(game)


def exchange_deal():
    """Player 0 holds the 9 of trumps (9H); the trump card is AH."""
    return deal("AC TC KC QC JC 9H", "9D JD QD KD TD AD", "AH", "9C JH QH KH TH 9S JS QS KS TS AS")


class TestExchange:
    def test_swaps_the_trump_nine_for_the_trump_card(self):
        g = exchange_deal()
        play_tricks(g, "AC/9D")
        assert "exchange" in legal(g)
        play(g, "exchange")
        assert "AH" in g.hand(0) and "9H" not in g.hand(0)
        assert g.trump_suit == "H" and g.stock_size == 10
        assert g.stock_cards()[-1] == "9H"  # the 9 lies under the stock now, drawn last
        for p in (0, 1):
            v = g.view(p)
            assert v.trump_card == "9H"
            assert v.exchange == {"player": 0, "took": "AH", "gave": "9H"}
            assert v.history[-1] == {"player": 0, "action": "exchange"}
        assert g.to_move == 0 and "exchange" not in legal(g)  # still on lead; at most once

    def test_not_before_winning_a_trick(self):
        g = exchange_deal()
        refuse(g, "exchange", "cannot exchange before winning a trick in this hand")

    def test_not_after_losing_the_only_trick(self):
        g = deal("9C TC KC QC JC 9H", "AC JD QD KD TD AD", "AH")
        play_tricks(g, "9C/AC")
        play(g, "play:JD")  # player 1 leads; player 0 follows
        refuse(g, "exchange", "only the player on lead may exchange; player 0 is following")

    def test_not_without_the_nine_of_trumps(self):
        g = deal("AC TC KC QC JC 9C", "9D JD QD KD TD AD", "AH", "JH QH KH TH 9S JS QS KS TS AS 9H")
        play_tricks(g, "AC/9D")
        refuse(g, "exchange", "cannot exchange: player 0 does not hold the 9 of trumps")

    def test_not_when_following(self):
        # Player 1 holds 9H and won a trick, but it is player 0's lead.
        g = deal("9C JC QC 9D JD QS", "AC 9H TD KD AD 9S", "AH")
        play_tricks(g, "9C/AC")
        assert "exchange" in legal(g)  # player 1 on lead now could
        play_tricks(g, "QS/9S")        # ... but leads 9S, player 0 wins with QS
        play(g, "play:JC")
        assert g.to_move == 1
        refuse(g, "exchange", "only the player on lead may exchange; player 1 is following")

    def test_not_after_leading(self):
        g = exchange_deal()
        play_tricks(g, "AC/9D")
        play(g, "play:TC")
        refuse(g, "exchange", "only the player on lead may exchange; player 1 is following")

    def test_not_after_closing(self):
        g = exchange_deal()
        play_tricks(g, "AC/9D")
        play(g, "close")
        refuse(g, "exchange", "cannot exchange: the stock is closed")

    def test_not_with_an_empty_stock(self):
        g = stock_out("9H AC TC KC QC JC", "9D JD QD KD TD", "AH")
        assert g.tricks_won(0) == 6
        refuse(g, "exchange", "cannot exchange: the stock is empty")

    def test_with_exactly_two_cards_left_in_the_stock(self):
        g = exchange_deal()
        play_tricks(g, "AC/9D TC/JD KC/QD QC/KD JC/TD")
        assert g.stock_size == 2
        play(g, "exchange")
        assert g.stock_cards() == ["AS", "9H"]
        play_tricks(g, "9C/AD")
        assert "AS" in g.hand(0) and "9H" in g.hand(1) and g.stock_size == 0

    def test_exchange_then_close_in_the_same_turn(self):
        g = exchange_deal()
        play_tricks(g, "AC/9D")
        play(g, "exchange close")
        assert g.view(1).closed_by == 0 and g.to_move == 0
        assert "AH" in g.hand(0)
        assert g.view(1).trump_card == "9H"  # turned down, but known
        refuse(g, "close", "cannot close: the stock is closed")

    def test_exchange_can_complete_a_trump_marriage(self):
        g = deal("AC KH TC KC QC 9H", "9D JD QD KD TD AD", "QH")
        play_tricks(g, "AC/9D")
        assert "marry:H" not in legal(g)
        play(g, "exchange")
        assert "marry:H" in legal(g)
        play(g, "marry:H")
        assert g.points(0) == 11 + 40

    def test_not_after_announcing_a_marriage(self):
        g = deal("AC KC QC TC JC 9H", "9D JD QD KD TD AD", "AH")
        play_tricks(g, "AC/9D")
        play(g, "marry:C")
        refuse(g, "exchange", "after announcing the marriage in C player 0 must lead its king or queen, or declare")


class TestClose:
    def test_allowed_before_the_first_trick(self):
        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH")
        assert "close" in legal(g)
        play(g, "close")
        assert g.to_move == 0 and g.is_strict() and not g.stock_is_open()
        for p in (0, 1):
            v = g.view(p)
            assert v.closed_by == 0 and v.stock == 12 and v.non_closer_tricks_at_close == 0
            assert v.history == [{"player": 0, "action": "close"}]

    def test_nobody_draws_after_closing_and_the_stock_stays_out_of_play(self):
        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH", "9H JH QH KH TH 9S JS QS KS TS AS")
        play(g, "close")
        stock = g.stock_cards()
        play_tricks(g, "9C/9D")
        assert len(g.hand(0)) == len(g.hand(1)) == 5 and g.stock_size == 12
        play_tricks(g, "JC/JD QC/QD KC/KD TC/TD AC/AD")
        assert g.result is not None and g.tricks_won(0) == 6
        assert g.stock_cards() == stock and stock[-1] == "AH"  # the trump card never came into play
        assert g.view(0).trump_card == "AH"

    def test_closing_later_freezes_the_stock_where_it_is(self):
        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH")
        play_tricks(g, "9C/9D JC/JD")
        play(g, "close")
        assert g.stock_size == 8
        assert g.hand(1) == ["QD", "KD", "TD", "AD", "JH", "KH"]  # drew JH and KH
        play_tricks(g, "QC/JH")
        assert g.stock_size == 8 and len(g.hand(0)) == 5

    def test_with_exactly_two_cards_left(self):
        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH")
        play_tricks(g, "9C/9D JC/JD QC/QD KC/KD TC/TD")
        assert g.stock_size == 2 and "close" in legal(g)
        play(g, "close")
        play_tricks(g, "AC/JH")
        assert g.stock_size == 2 and len(g.hand(0)) == 5

    def test_not_twice(self):
        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH")
        play(g, "close")
        refuse(g, "close", "cannot close: the stock is closed")
        play_tricks(g, "9C/9D")
        refuse(g, "close", "cannot close: the stock is closed")

    def test_not_when_following(self):
        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH")
        play(g, "play:9C")
        refuse(g, "close", "only the player on lead may close; player 1 is following")

    def test_not_with_an_empty_stock(self):
        g = stock_out("AC TC KC QC JC 9C", "9D JD QD KD TD", "AH")
        refuse(g, "close", "cannot close: the stock is empty")

    def test_not_after_announcing_a_marriage(self):
        g = deal("AC KC QC TC JC 9H", "9D JD QD KD TD AD", "AH")
        play_tricks(g, "AC/9D")
        play(g, "marry:C")
        refuse(g, "close", "after announcing the marriage in C player 0 must lead its king or queen, or declare")

    def test_the_non_closers_tricks_are_noted_at_the_moment_of_closing(self):
        g = deal("9C JC QC KC TC TD", "AC JD QD KD AD 9D", "AH")
        play_tricks(g, "9C/AC")   # player 1 wins, leads
        play(g, "close")
        assert g.view(0).non_closer_tricks_at_close == 0 and g.view(0).closed_by == 1
        g = deal("9C JC QC KC TC TD", "AC JD QD KD AD 9D", "AH")
        play_tricks(g, "9C/AC TD/9D")  # player 1 wins, then player 0 wins
        play(g, "close")
        assert g.view(1).non_closer_tricks_at_close == 1 and g.view(1).closed_by == 0


def marriage_deal():
    """Player 0 holds KC QC (a marriage worth 20) and KH QH (trumps: 40)."""
    return deal("AC KC QC KH QH 9C", "9D JD QD KD TD AD", "AH")


class TestMarriage:
    def test_twenty_in_a_plain_suit_counted_at_once(self):
        g = marriage_deal()
        play_tricks(g, "AC/9D")
        assert {"marry:C", "marry:H"} <= set(legal(g))
        play(g, "marry:C")
        assert g.points(0) == 11 + 20 and g.to_move == 0
        for p in (0, 1):
            v = g.view(p)
            assert v.marriages == [{"player": 0, "suit": "C", "points": 20}]
            assert v.pending_marriage == "C" and v.points == [31, 0]
            assert v.history[-1] == {"player": 0, "action": "marry:C"}

    def test_forty_in_trumps(self):
        g = marriage_deal()
        play_tricks(g, "AC/9D")
        play(g, "marry:H")
        assert g.points(0) == 11 + 40
        assert g.view(1).marriages == [{"player": 0, "suit": "H", "points": 40}]

    def test_after_announcing_only_that_king_or_queen_or_declare(self):
        g = marriage_deal()
        play_tricks(g, "AC/9D")
        play(g, "marry:C")
        assert legal(g) == ["play:QC", "play:KC", "declare"]
        msg = "after announcing the marriage in C player 0 must lead its king or queen, or declare"
        for other in ("play:KH", "play:9C", "marry:H", "marry:C", "close"):
            refuse(g, other, msg)

    @pytest.mark.parametrize("card", ["KC", "QC"])
    def test_leading_the_king_or_the_queen(self, card):
        g = marriage_deal()
        play_tricks(g, "AC/9D")
        play(g, f"marry:C play:{card}")
        assert g.view(1).trick == [card] and g.view(1).pending_marriage is None
        partner = "QC" if card == "KC" else "KC"
        assert partner in g.hand(0)
        assert g.points(0) == 31  # the marriage stays counted

    def test_not_without_a_won_trick(self):
        g = marriage_deal()
        assert not any(a.startswith("marry") for a in legal(g))
        refuse(g, "marry:C", "a marriage can be announced only after winning a trick in this hand")

    def test_not_without_both_king_and_queen(self):
        g = marriage_deal()
        play_tricks(g, "AC/9D")
        refuse(g, "marry:D", "player 0 does not hold both the king and queen of D")
        refuse(g, "marry:S", "player 0 does not hold both the king and queen of S")

    def test_not_when_following(self):
        g = deal("AC KC QC 9S JS TD", "9D KH QH JD AD 9H", "AH")
        play_tricks(g, "9S/9H")  # player 1 has a trick now
        play_tricks(g, "TD/9D")  # and player 0 leads again
        play(g, "play:KC")
        refuse(g, "marry:H", "only the player on lead may marry; player 1 is following")

    def test_allowed_after_closing(self):
        g = marriage_deal()
        play_tricks(g, "AC/9D")
        play(g, "close marry:C play:KC")
        assert g.points(0) == 31

    def test_allowed_with_an_empty_stock(self):
        g = stock_out("KS QS AC TC 9C JC", "9D JD QD KD TD", "AH")
        before = g.points(0)
        play(g, "marry:S play:QS")
        assert g.points(0) == before + 20 and g.view(1).marriages[0]["points"] == 20

    def test_two_marriages_in_two_leads(self):
        g = marriage_deal()
        play_tricks(g, "AC/9D")
        play(g, "marry:C play:KC play:JD")
        play(g, "marry:H play:QH play:QD")
        assert [m["suit"] for m in g.view(0).marriages] == ["C", "H"]
        assert g.points(0) == 11 + 20 + 4 + 2 + 40 + 3 + 3

    def test_a_player_may_lead_the_king_without_announcing(self):
        g = marriage_deal()
        play_tricks(g, "AC/9D")
        play(g, "play:KC")
        assert g.points(0) == 11 and g.view(0).marriages == []
        assert "missed_marriage" not in g.view(0).history[-1]

    @pytest.mark.parametrize("card,partner", [("KC", "QC"), ("QC", "KC")])
    def test_a_king_or_queen_led_without_a_trick_is_just_a_play(self, card, partner):
        g = deal(f"{card} {partner} AC 9S JS QS", "9D JD QD KD TD AD", "AH")
        play(g, f"play:{card}")
        assert g.points(0) == 0 and g.view(0).marriages == []
        assert g.view(0).history == [{"player": 0, "action": f"play:{card}", "missed_marriage": "C"}]
        assert g.view(1).history == [{"player": 0, "action": f"play:{card}"}]  # not in the opponent's view
        play(g, "play:9D")
        # Player 0 has a trick now, but the marriage went with the card.
        assert not any(a.startswith("marry") for a in legal(g))
        play(g, f"play:{partner}")
        assert "missed_marriage" not in g.view(0).history[-1]

    def test_no_missed_marriage_without_the_partner(self):
        g = deal("KC AC 9C 9S JS QS", "9D JD QD KD TD AD", "AH")
        play(g, "play:KC")
        assert g.view(0).history == [{"player": 0, "action": "play:KC"}]

    def test_the_follower_playing_a_king_is_no_missed_marriage(self):
        g = deal("9C AC JC 9S JS QS", "KC QC QD KD TD AD", "AH")
        play(g, "play:9C play:KC")
        assert all("missed_marriage" not in h for h in g.view(1).history)


class TestDeclare:
    def test_legal_for_the_leader_before_the_very_first_lead(self):
        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH")
        assert legal(g)[-1] == "declare"
        play(g, "declare")
        # 0 points: a false declaration, and the opponent has no trick: 3.
        assert g.result.to_dict() == {"winner": 1, "game_points": 3, "reason": "false_declaration"}

    def test_legal_for_the_trick_winner_on_lead(self):
        g = deal("9C JC QC KC TC 9S", "AC JD QD KD TD AD", "AH")
        play_tricks(g, "9C/AC")
        assert g.to_move == 1 and "declare" in legal(g)

    def test_never_for_the_follower(self):
        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH")
        play(g, "play:9C")
        refuse(g, "declare", "only the player on lead may declare; player 1 is following")

    def test_right_after_a_marriage(self):
        g = marriage_deal()
        play_tricks(g, "AC/9D")
        play(g, "marry:H")
        assert "declare" in legal(g)
        play(g, "declare")
        assert g.points(0) == 51 and g.result.reason == "false_declaration"

    def test_after_closing(self):
        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH")
        play(g, "close")
        assert "declare" in legal(g)

    def test_ends_the_hand_at_once(self):
        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH")
        play_tricks(g, "AC/9D")
        play(g, "declare")
        assert g.to_move is None and g.is_over() and g.legal_actions() == [] and g.legal_codes() == []
        assert g.view(0).legal == [] and g.view(0).to_move is None
        for a in ("play:TC", "declare", "close", "exchange", "marry:C", "play:9D"):
            refuse(g, a, "the hand is over")
