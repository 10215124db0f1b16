"""``game.view(player)``: what one player may know, and nothing more.

The view is the only door through which hidden cards leave the engine
(STYLE.md, OpenSpiel's observer): it must never name a card of the
opponent's hand or of the face-down stock that the player has not seen.
"""

from __future__ import annotations

import json

import pytest

from sixtysix import Game, View
from sixtysix.actions import Action
from tests.conftest import cards_named_in, deal, play, play_tricks, secret

DOC_KEYS = {  # the table in docs/engine-api.md
    "player", "dealer", "trump", "trump_card", "stock", "closed_by", "hand", "opponent_cards", "to_move",
    "leader", "trick", "pending_marriage", "points", "tricks", "history", "completed_tricks", "marriages",
    "exchange", "legal", "result",
}


def base():
    return deal("AC KC QC 9H JS QS", "9D JD QD KD TD AD", "AH", "9C JC TC KH TH 9S KS TS AS JH QH")


class TestContents:
    def test_at_the_start(self):
        d = base().view(0).to_dict()
        assert DOC_KEYS <= set(d)
        assert d == {
            "player": 0, "dealer": 1, "trump": "H", "trump_card": "AH", "stock": 12, "closed_by": None,
            "hand": ["QC", "KC", "AC", "9H", "JS", "QS"],
            "opponent_cards": 6, "to_move": 0, "leader": 0, "trick": [], "pending_marriage": None,
            "points": [0, 0], "tricks": [0, 0], "history": [], "completed_tricks": [], "marriages": [],
            "exchange": None, "legal": ["play:QC", "play:KC", "play:AC", "play:9H", "play:JS", "play:QS", "close",
                                        "declare"],
            "result": None, "non_closer_tricks_at_close": None,
        }

    def test_the_hand_is_sorted_by_suit_then_rank(self):
        assert base().view(1).hand == ["9D", "JD", "QD", "KD", "TD", "AD"]

    def test_legal_is_given_only_to_the_player_to_move(self):
        g = base()
        assert g.view(0).legal == [str(a) for a in g.legal_actions()]
        assert g.view(1).legal == []
        play(g, "play:AC")
        assert g.view(0).legal == [] and g.view(1).legal == [str(a) for a in g.legal_actions()]

    def test_the_trick_on_the_table_and_the_public_record(self):
        g = base()
        play(g, "play:AC")
        assert g.view(1).trick == ["AC"] and g.view(0).trick == ["AC"]
        assert g.view(1).to_move == 1 and g.view(1).leader == 0
        play(g, "play:9D marry:C play:KC")
        for p in (0, 1):
            v = g.view(p)
            assert v.history == [{"player": 0, "action": "play:AC"}, {"player": 1, "action": "play:9D"},
                                 {"player": 0, "action": "marry:C"}, {"player": 0, "action": "play:KC"}]
            assert v.completed_tricks == [{"leader": 0, "cards": ["AC", "9D"], "winner": 0}]
            assert v.marriages == [{"player": 0, "suit": "C", "points": 20}]
            assert v.points == [31, 0] and v.tricks == [1, 0] and v.trick == ["KC"]
            assert v.stock == 10 and v.opponent_cards == (5 if p == 1 else 6)

    def test_the_result_once_the_hand_is_over(self):
        g = base()
        play(g, "declare")
        for p in (0, 1):
            v = g.view(p)
            assert v.result == {"winner": 1, "game_points": 3, "reason": "false_declaration"}
            assert v.to_move is None and v.legal == []

    def test_no_pending_marriage_once_the_hand_is_over(self):
        # Regression: declaring right after a marriage left "pending_marriage"
        # set in the final view, telling a player no longer to move to lead a K or Q.
        g = base()
        play(g, "play:AC play:9D marry:C")
        assert g.view(1).pending_marriage == "C"
        play(g, "declare")
        for p in (0, 1):
            v = g.view(p)
            assert v.pending_marriage is None and v.to_move is None
            assert v.marriages == [{"player": 0, "suit": "C", "points": 20}]

    def test_view_of_a_player_that_does_not_exist(self):
        with pytest.raises(ValueError, match="player must be 0 or 1"):
            base().view(2)

    def test_legal_actions_of_the_view_are_actions(self):
        g = base()
        assert g.view(0).legal_actions() == g.legal_actions()
        assert all(isinstance(a, Action) for a in g.view(0).legal_actions())


class TestRoundTrip:
    def test_the_dict_is_json_and_rebuilds_the_view(self):
        g = base()
        play(g, "play:AC play:9D marry:C")
        for p in (0, 1):
            d = g.view(p).to_dict()
            again = json.loads(json.dumps(d))
            assert again == d
            assert View.from_dict(again) == g.view(p)
            assert View.from_dict(g.view(p)) == g.view(p)

    def test_views_are_json_ready_throughout_a_hand_are_json_ready_throughout(self):
        g = Game.new(seed=3)
        while g.result is None:
            g.apply(g.legal_actions()[0])
            for p in (0, 1):
                assert json.loads(json.dumps(g.view(p).to_dict())) == g.view(p).to_dict()

    def test_from_dict_rejects_what_is_not_a_view(self):
        with pytest.raises(ValueError, match="not a view"):
            View.from_dict({"player": 0})
        with pytest.raises(ValueError, match="not a view"):
            View.from_dict({**base().view(0).to_dict(), "surprise": 1})


class TestSecrecy:
    def assert_keeps_secrets(self, game):
        for p in (0, 1):
            text = json.dumps(game.view(p).to_dict())
            leaked = cards_named_in(text) & secret(game, p)
            assert not leaked, f"view of player {p} names {sorted(leaked)}"

    def test_neither_the_opponents_hand_nor_the_stock_at_the_start(self):
        g = base()
        text = json.dumps(g.view(0).to_dict())
        assert cards_named_in(text) == {"QC", "KC", "AC", "9H", "JS", "QS", "AH"}
        self.assert_keeps_secrets(g)

    def test_through_a_hand_with_every_kind_of_action(self):
        g = base()
        play(g, "play:AC play:9D")          # P0 draws 9C, P1 JC
        self.assert_keeps_secrets(g)
        play(g, "exchange")                 # the 9 of trumps is shown
        self.assert_keeps_secrets(g)
        assert "9H" in cards_named_in(json.dumps(g.view(1).to_dict()))
        play(g, "marry:C")                  # both the king and the queen are shown
        self.assert_keeps_secrets(g)
        play(g, "play:QC play:JD close")
        self.assert_keeps_secrets(g)
        while g.result is None:
            g.apply(g.legal_actions()[0])
            self.assert_keeps_secrets(g)

    def test_a_missed_marriage_is_told_only_to_its_player(self):
        g = deal("KC QC AC 9S JS QS", "9D JD QD KD TD AD", "AH")
        play(g, "play:KC")
        assert g.view(0).history[0]["missed_marriage"] == "C"
        assert "missed_marriage" not in json.dumps(g.view(1).to_dict())
        assert "QC" not in cards_named_in(json.dumps(g.view(1).to_dict()))


class TestDecisions:
    """Places where docs/rules.md settles what RULES.md leaves open."""

    def test_the_trump_card_stays_known_after_closing(self):
        g = base()
        play(g, "close")
        assert g.view(1).trump_card == "AH" and g.view(1).closed_by == 0 and g.view(1).stock == 12

    def test_the_trump_card_is_gone_once_drawn(self):
        g = base()
        play_tricks(g, "AC/9D KC/JD QC/QD 9H/KD JS/TD QS/AD")
        assert g.view(0).trump_card is None and g.view(0).stock == 0
        assert g.view(0).trump == "H"

    def test_the_public_history_holds_every_card_played(self):
        g = base()
        play_tricks(g, "AC/9D KC/JD")
        v = g.view(1)
        assert [h["action"] for h in v.history] == ["play:AC", "play:9D", "play:KC", "play:JD"]
        assert [c for t in v.completed_tricks for c in t["cards"]] == ["AC", "9D", "KC", "JD"]
