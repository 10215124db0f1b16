"""RULES.md "Points" and "Scoring a hand": every 1/2/3 case of rules 1-4.

Tricks are written ``"P0card/P1card"`` whoever leads (see ``play_tricks``);
the comments give the running card points. Trump is hearts in every deal. ``result(g)`` is ``(winner, game_points, reason)``.
"""

from __future__ import annotations

from tests.conftest import deal, play, play_tricks, stock_out


def result(game):
    r = game.result
    return (r.winner, r.game_points, r.reason)


def declare(game):
    assert "declare" in [str(a) for a in game.legal_actions()]
    game.apply("declare")
    return result(game)


class TestPoints:
    def test_points_are_won_card_points_plus_marriages(self):
        g = deal("AC KC QC 9S JS QS", "9D JD QD KD TD AD", "AH")
        play_tricks(g, "AC/TD")
        play(g, "marry:C")
        assert g.points(0) == 21 + 20 and g.points(1) == 0
        assert g.view(1).points == [41, 0]

    def test_tricks_are_counted_apart_from_points(self):
        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH")
        play_tricks(g, "9C/9D")
        assert (g.tricks_won(0), g.points(0)) == (1, 0)


def sweep_deal(p1_throws_on_ten="QC"):
    """Player 0 wins the six stock tricks for 66 points (65 with a jack
    thrown on the ten of clubs); player 1 takes no trick."""
    g = deal(f"AC TC AD TD TS KC", f"{p1_throws_on_ten} KD QD 9C 9D 9S", "AH")
    play_tricks(g, f"AC/9C TC/{p1_throws_on_ten} AD/9D TD/QD TS/9S KC/KD")
    assert g.tricks_won(1) == 0 and g.to_move == 0
    return g


def split_deal(p0_throw_on_ten_of_spades):
    """Player 1 wins three tricks for 32 (jack thrown) or 33 (queen thrown),
    then player 0 wins two and announces 40 in trumps, reaching 59 after
    five tricks and 66 after six."""
    g = deal(f"9C 9S {p0_throw_on_ten_of_spades} AD KH QH", "TC TD TS 9D KC KS", "AH")
    play_tricks(g, f"9C/TC 9S/TD {p0_throw_on_ten_of_spades}/TS AD/9D")  # P1 10, 20, 32|33; P0 11
    play(g, "marry:H")                                                  # P0 51
    play_tricks(g, "KH/KC")                                             # P0 59
    assert g.to_move == 0 and g.points(0) == 59
    return g


class TestRule1CorrectDeclaration:
    def test_exactly_66_against_no_trick_scores_3(self):
        g = sweep_deal()
        assert (g.points(0), g.points(1)) == (66, 0)
        assert declare(g) == (0, 3, "declared")

    def test_66_against_fewer_than_33_scores_2(self):
        g = split_deal("JD")
        play_tricks(g, "QH/KS")
        assert (g.points(0), g.points(1), g.tricks_won(1)) == (66, 32, 3)
        assert declare(g) == (0, 2, "declared")

    def test_66_against_exactly_33_scores_1(self):
        g = split_deal("QD")
        play_tricks(g, "QH/KS")
        assert (g.points(0), g.points(1)) == (66, 33)
        assert declare(g) == (0, 1, "declared")

    def test_an_opponent_trick_worth_nothing_still_counts_as_a_trick(self):
        # Player 1 trumps a nine with the nine of trumps: one trick, 0 points.
        g = deal("9S AC TC AD TD KS", "9H 9C QC 9D QD KD", "AH", "JC QS")
        play_tricks(g, "9S/9H AC/9C")  # P1 0 (draws JC), P0 11 (drew QS)
        play(g, "marry:S")             # 31
        play_tricks(g, "KS/JC TC/QC AD/9D TD/QD")  # 37, 50, 61, 74
        assert (g.points(0), g.points(1), g.tricks_won(1)) == (74, 0, 1)
        assert declare(g) == (0, 2, "declared")

    def test_declaring_right_after_a_marriage_that_reaches_66(self):
        g = deal("AC TC KH QH JS 9D", "9C JC QD 9S KD JD", "AH")
        play_tricks(g, "AC/9C TC/JC JS/QD")  # 11, 23, 28
        play(g, "marry:H")                  # 68 with 40 in trumps
        assert g.points(0) == 68
        assert declare(g) == (0, 3, "declared")


class TestRule2FalseDeclaration:
    def test_65_against_no_trick_gives_the_opponent_3(self):
        g = sweep_deal(p1_throws_on_ten="JC")
        assert g.points(0) == 65
        assert declare(g) == (1, 3, "false_declaration")

    def test_against_an_opponent_with_a_trick_gives_2(self):
        g = split_deal("JD")
        assert (g.points(0), g.tricks_won(1)) == (59, 3)
        assert declare(g) == (1, 2, "false_declaration")

    def test_at_the_very_first_lead_gives_the_opponent_3(self):
        g = deal("AC TC AD TD AS TS", "9C JC 9D JD 9S JS", "AH")
        assert declare(g) == (1, 3, "false_declaration")

    def test_three_depends_on_the_opponents_tricks_not_the_declarers(self):
        # RULES.md's Decision (the FAQ's reading): the declarer has a trick, the
        # opponent has none, so the opponent scores 3 (the main text's "if you
        # have no tricks" would have given 2).
        g = deal("9C JC QC KC TC 9S", "AC JD QD KD TD AD", "AH")
        play_tricks(g, "9C/AC")
        assert (g.tricks_won(1), g.tricks_won(0)) == (1, 0)
        assert declare(g) == (0, 3, "false_declaration")


def closer_sweeps_deal():
    """Player 0 closes at once and takes five tricks with a marriage: 70."""
    g = deal("AC TC AD TD KS QS", "9C JC 9D JD 9S JS", "AH")
    play(g, "close")
    play_tricks(g, "AC/9C")            # 11
    play(g, "marry:S")                 # 31
    play_tricks(g, "KS/9S TC/JC AD/9D TD/JD")  # 35, 47, 58, 70
    assert (g.points(0), g.tricks_won(1), g.to_move) == (70, 0, 0)
    return g


def non_closer_sweeps_deal():
    """Player 0 closes at once, then player 1 takes five tricks with a marriage: 70."""
    g = deal("9C JC 9D JD 9S JS", "AC TC AD TD KS QS", "AH")
    play(g, "close")
    play_tricks(g, "9C/TC JC/AC")      # P1 10, 23
    play(g, "marry:S")                 # P1 43
    play_tricks(g, "9S/KS 9D/AD JD/TD")  # P1 47, 58, 70
    assert (g.points(1), g.tricks_won(0), g.to_move) == (70, 0, 1)
    return g


def late_close_deal():
    """Player 1 wins a trick, then player 0 wins one and closes: player 1,
    the non-closer, had one trick at the moment of closing."""
    g = deal("9C AD 9D JC 9S JS", "TC JD AC TD KS QS", "AH", "JH QH KH AS")
    play_tricks(g, "9C/TC")   # P1 10; P1 draws JH, P0 QH
    play_tricks(g, "AD/JD")   # P0 13; P0 draws KH, P1 AS
    play(g, "close")
    assert g.view(0).non_closer_tricks_at_close == 1
    return g


class TestRule3ClosedStock:
    def test_the_closers_correct_declaration_scores_by_rule_1(self):
        g = closer_sweeps_deal()
        assert declare(g) == (0, 3, "declared")

    def test_the_closers_correct_declaration_against_a_trick_scores_by_rule_1(self):
        g = deal("9C AD TD AC TC AS", "KC 9D JD QD 9S JS", "AH", "QS KH QH KS")
        play_tricks(g, "9C/KC")   # P1 4; P1 draws QS, P0 KH
        play_tricks(g, "AD/9D")   # P0 11; P0 draws QH, P1 KS
        play(g, "close marry:H")  # P0 51
        play_tricks(g, "KH/9S AC/JS")  # P1 has no trump and no club: 55, 68
        assert (g.points(0), g.points(1), g.tricks_won(1)) == (68, 4, 1)
        assert declare(g) == (0, 2, "declared")

    def test_the_non_closers_false_declaration_scores_by_rule_2_for_the_closer(self):
        g = late_close_deal()
        play_tricks(g, "9D/TD")   # P1 20, leads
        assert declare(g) == (0, 2, "false_declaration")

    def test_the_non_closers_false_declaration_against_a_closer_without_tricks_gives_3(self):
        g = deal("9C JC QC KC TC 9S", "AC 9D JD QD KD TD", "AH")
        play(g, "close")
        play_tricks(g, "9C/AC")  # P1 must beat: 11
        assert declare(g) == (0, 3, "false_declaration")

    def test_the_non_closer_declares_correctly_2(self):
        g = late_close_deal()                   # P0 13, P1 10
        play_tricks(g, "9D/TD JC/AC")           # P1 20, 33
        play(g, "marry:S")                      # P1 53
        play_tricks(g, "9S/KS JS/AS")           # P1 57, 70
        assert g.points(1) == 70
        assert declare(g) == (1, 2, "closed_failed")

    def test_the_non_closer_declares_correctly_3_without_a_trick_at_closing(self):
        g = non_closer_sweeps_deal()
        assert g.tricks_won(1) == 5   # won later: the moment of closing counts
        assert declare(g) == (1, 3, "closed_failed")

    def test_the_closer_declares_falsely_3(self):
        g = deal("AC TC AD TD AS TS", "9C JC 9D JD 9S JS", "AH")
        play(g, "close")
        play_tricks(g, "AC/9C")
        assert declare(g) == (1, 3, "closed_failed")

    def test_the_closer_declares_falsely_at_once(self):
        g = deal("AC TC AD TD AS TS", "9C JC 9D JD 9S JS", "AH")
        play(g, "close")
        assert declare(g) == (1, 3, "closed_failed")

    def test_the_closer_declares_falsely_2(self):
        g = late_close_deal()
        assert declare(g) == (1, 2, "closed_failed")

    def test_the_cards_run_out_3(self):
        # Player 0 closes and wins every trick, but only for 60 points.
        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH")
        play(g, "close")
        play_tricks(g, "9C/9D JC/JD QC/QD KC/KD TC/TD AC/AD")
        assert (g.points(0), g.tricks_won(0)) == (60, 6)
        assert result(g) == (1, 3, "closed_failed")

    def test_the_cards_run_out_2(self):
        g = deal("9S TD 9C JC QC KC", "AS 9D JD QD KD AD", "AH", "JS QS KS TS")
        play_tricks(g, "9S/AS TD/9D")  # P1 11, draws JS; P0 10, draws KS
        play(g, "close")
        play_tricks(g, "9C/JD JC/QD QC/KD KC/AD")  # P0 12, 17, 24, 39
        play_tricks(g, "QS/TS")  # P1 must beat QS: 24
        play_tricks(g, "KS/JS")  # P0 must beat JS: 45, wins the last trick
        assert (g.points(0), g.points(1)) == (45, 24)
        assert result(g) == (1, 2, "closed_failed")

    def test_the_closer_winning_the_last_trick_with_66_is_deemed_to_declare(self):
        g = closer_sweeps_deal()
        play_tricks(g, "QS/JS")
        assert g.points(0) == 75
        assert result(g) == (0, 3, "declared")

    def test_the_non_closer_winning_the_last_trick_with_66_is_deemed_to_declare(self):
        g = non_closer_sweeps_deal()
        play_tricks(g, "JS/QS")
        assert g.points(1) == 75
        assert result(g) == (1, 3, "closed_failed")

    def test_the_closer_with_66_who_loses_the_last_trick_is_not_deemed_to_declare(self):
        g = deal("AC TC AD KC QC 9S", "9C JC 9D JD TD AS", "AH")
        play(g, "close")
        play_tricks(g, "AC/9C")                    # 11
        play(g, "marry:C")                         # 31
        play_tricks(g, "KC/JC TC/9D AD/JD QC/TD")  # 37, 47, 60, 73
        assert g.points(0) == 73
        play_tricks(g, "9S/AS")                    # player 1 must take it
        assert result(g) == (1, 3, "closed_failed")


def strict_phase_deal():
    """The stock is gone: player 0 won the six stock tricks for 60 points and
    holds 9H QH TH JS KS AS; player 1 holds JH KH AH 9S QS TS."""
    g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH", "9H JH QH KH TH 9S JS QS KS TS AS")
    play_tricks(g, "9C/9D JC/JD QC/QD KC/KD TC/TD AC/AD")
    assert (g.points(0), g.points(1), g.stock_size) == (60, 0, 0)
    return g


class TestRule4LastTrick:
    def test_the_winner_of_the_last_trick_scores_1(self):
        g = deal("9C JC QC 9D JD QD", "KC TC AC KD TD AD", "AH", "9H JH QH KH TH 9S JS QS KS TS AS")
        play_tricks(g, "QD/AD 9D/TD JH/TC TH/KC JD/QS JS/9H KS/AS QC/AC KH/9S 9C/QH AH/TS JC/KD")
        assert (g.points(0), g.points(1)) == (62, 58)
        assert result(g) == (0, 1, "last_trick")

    def test_the_winner_of_the_last_trick_with_66_is_deemed_to_declare_1(self):
        g = strict_phase_deal()
        play_tricks(g, "9H/JH QH/AH AS/9S JS/QS KS/TS TH/KH")
        assert (g.points(0), g.points(1)) == (85, 35)
        assert result(g) == (0, 1, "declared")

    def test_the_winner_of_the_last_trick_with_66_is_deemed_to_declare_2(self):
        g = strict_phase_deal()
        play_tricks(g, "9H/JH TH/KH QH/AH JS/9S KS/TS AS/QS")
        assert (g.points(0), g.points(1)) == (90, 30)
        assert result(g) == (0, 2, "declared")

    def test_the_winner_of_the_last_trick_with_66_is_deemed_to_declare_3(self):
        g = stock_out("AH TH KH QH JH AS", "9S JS QS KS TS", "9H")
        play_tricks(g, "AH/9H TH/9S KH/JS QH/QS JH/KS AS/TS")
        assert (g.points(0), g.tricks_won(1)) == (120, 0)
        assert result(g) == (0, 3, "declared")

    def test_nobody_else_is_deemed_to_declare(self):
        # Player 0 has 90 but never declared; player 1 takes the last trick.
        g = strict_phase_deal()
        play_tricks(g, "9H/JH TH/KH QH/AH JS/9S AS/QS KS/TS")
        assert (g.points(0), g.points(1)) == (90, 30)
        assert g.view(0).completed_tricks[-1]["winner"] == 1
        assert result(g) == (1, 1, "last_trick")
