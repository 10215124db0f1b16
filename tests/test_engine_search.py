"""The unchecked path that search uses: ``legal_codes``, ``push``, ``pop`` and
``copy`` (STYLE.md: python-chess's push/pop beside the checked ``apply``).
"""

from __future__ import annotations

import random

import pytest

from sixtysix import Game
from sixtysix.actions import ACTIONS, N_CODES
from tests.conftest import deal, play, play_tricks, snapshot


def positions():
    """Positions that exercise every kind of action and the end of a hand."""
    g = deal("AC KC QC 9H JS QS", "9D JD QD KD TD AD", "AH", "9C JC TC KH TH 9S KS TS AS JH QH")
    yield "start", g.copy()
    play(g, "play:AC")
    yield "following", g.copy()
    play(g, "play:9D")
    yield "after a trick", g.copy()
    play(g, "exchange")
    yield "after an exchange", g.copy()
    play(g, "marry:C")
    yield "after a marriage", g.copy()
    play(g, "play:KC play:JD close")
    yield "after closing", g.copy()
    while len(g.hand(0)) > 1:
        g.apply(g.legal_actions()[0])
    yield "before the last trick", g.copy()
    m = deal("KC QC AC 9S JS QS", "9D JD QD KD TD AD", "AH")
    yield "before a missed marriage", m


class TestPushPop:
    @pytest.mark.parametrize("name,game", list(positions()))
    def test_push_then_pop_restores_the_exact_state_for_every_legal_code(self, name, game):
        before = snapshot(game)
        for code in game.legal_codes():
            game.push(code)
            assert game.pop() == code
            assert snapshot(game) == before, f"{name}: {ACTIONS[code]}"

    @pytest.mark.parametrize("name,game", list(positions()))
    def test_push_does_what_apply_does(self, name, game):
        for code in game.legal_codes():
            a, b = game.copy(), game.copy()
            a.push(code)
            b.apply(ACTIONS[code])
            assert snapshot(a) == snapshot(b), f"{name}: {ACTIONS[code]}"

    def test_pop_undoes_a_whole_hand_back_to_the_deal(self):
        g = Game.new(seed=5)
        start = snapshot(g)
        rng = random.Random(5)
        stack = []
        while g.result is None:
            stack.append(snapshot(g))
            g.push(rng.choice(g.legal_codes()))
        while stack:
            g.pop()
            assert snapshot(g) == stack.pop()
        assert snapshot(g) == start

    def test_pop_clears_a_missed_marriage(self):
        g = deal("KC QC AC 9S JS QS", "9D JD QD KD TD AD", "AH")
        play(g, "play:KC")
        assert "missed_marriage" in g.view(0).history[-1]
        g.pop()
        play(g, "play:AC")
        assert g.view(0).history == [{"player": 0, "action": "play:AC"}]

    def test_pop_of_the_last_trick_reopens_the_hand(self):
        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH")
        play(g, "close")
        play_tricks(g, "9C/9D JC/JD QC/QD KC/KD TC/TD AC/AD")
        assert g.result is not None
        g.pop()
        assert g.result is None and g.to_move == 1 and g.legal_actions() == ["play:AD"]


class TestLegalCodes:
    @pytest.mark.parametrize("name,game", list(positions()))
    def test_codes_and_actions_agree(self, name, game):
        assert [ACTIONS[c] for c in game.legal_codes()] == game.legal_actions()
        for code in range(N_CODES):
            why = game.explain_illegal(code)
            assert (why is None) == (code in game.legal_codes()), f"{name}: {ACTIONS[code]}: {why}"


class TestCopy:
    @pytest.mark.parametrize("name,game", list(positions()))
    def test_a_copy_is_equal_and_independent(self, name, game):
        before = snapshot(game)
        c = game.copy()
        assert snapshot(c) == before
        rng = random.Random(1)
        while c.result is None:
            c.apply(rng.choice(c.legal_actions()))
        assert snapshot(game) == before, name
        if game.result is None:
            game.apply(game.legal_actions()[-1])
            assert snapshot(c) != snapshot(game)

    def test_a_copy_starts_its_own_undo_stack(self):
        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH")
        play(g, "play:9C")
        c = g.copy()
        before = snapshot(c)
        with pytest.raises(IndexError):
            c.pop()
        assert snapshot(c) == before
        c.push(c.legal_codes()[0])
        c.pop()
        assert snapshot(c) == before
        g.pop()
        assert g.to_move == 0 and snapshot(c) == before


class TestIllegalReason:
    @pytest.mark.parametrize("name,game", list(positions()))
    def test_a_reason_is_given_exactly_for_illegal_actions_and_names_the_plays_left(self, name, game):
        legal = game.legal_codes()
        for code in range(N_CODES):
            reason = game.illegal_reason(code)
            assert (reason is None) == (code in legal), f"{name}: {ACTIONS[code]}"
            if reason and reason[0] in ("follow_higher", "follow_suit", "trump"):
                # the plays the rule leaves are exactly the legal ones, none the refused card
                assert reason[1]["cards"] == [str(ACTIONS[c])[5:] for c in legal]
                assert reason[1]["card"] not in reason[1]["cards"]
