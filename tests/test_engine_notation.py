"""Cards and actions as text (RULES.md "Cards" and "Notation"), and the
checked path ``Game.apply``: strings and Action objects in, ``IllegalAction``
(a ``ValueError``) out for anything malformed, with the game left unchanged.
"""

from __future__ import annotations

import pytest

from sixtysix import Action, Game, IllegalAction, MalformedAction, cards
from sixtysix.actions import ACTIONS, N_CODES, NOTATION
from tests.conftest import ALL_CODES, deal, snapshot


class TestCards:
    def test_twenty_four_cards_nine_to_ace_in_four_suits(self):
        assert list(cards.CODES) == ALL_CODES
        assert len(set(cards.CODES)) == 24

    @pytest.mark.parametrize("rank,points", [("9", 0), ("J", 2), ("Q", 3), ("K", 4), ("T", 10), ("A", 11)])
    def test_card_points(self, rank, points):
        for suit in "CDHS":
            assert cards.POINTS[cards.index(rank + suit)] == points

    def test_the_pack_holds_120_points(self):
        assert sum(cards.POINTS) == 120
        assert cards.mask_points(cards.ALL_CARDS) == 120

    def test_rank_order_nine_jack_queen_king_ten_ace(self):
        for suit in "CDHS":
            order = [cards.index(r + suit) for r in "9JQKTA"]
            assert order == sorted(order)
            for weaker, stronger in zip(order, order[1:]):
                assert cards.HIGHER_IN_SUIT[weaker] >> stronger & 1

    def test_code_and_index_invert_each_other(self):
        for c in ALL_CODES:
            assert cards.code(cards.index(c)) == c

    @pytest.mark.parametrize("bad", ["", "Q", "QX", "1H", "qh", "QHH", None, 5, ["QH"]])
    def test_index_rejects_what_is_not_a_card(self, bad):
        with pytest.raises(ValueError, match="not a card"):
            cards.index(bad)


class TestActionNotation:
    @pytest.mark.parametrize("text", NOTATION)
    def test_parse_and_str_round_trip(self, text):
        a = Action.parse(text)
        assert str(a) == text
        assert eval(repr(a), {"Action": Action}) == a

    def test_every_notation_kind(self):
        assert NOTATION[:24] == tuple("play:" + c for c in ALL_CODES)
        assert NOTATION[24:] == ("marry:C", "marry:D", "marry:H", "marry:S", "exchange", "close", "declare")
        assert len(NOTATION) == N_CODES

    def test_kind_card_and_suit(self):
        assert (Action.parse("play:QH").kind, Action.parse("play:QH").card) == ("play", "QH")
        assert (Action.parse("marry:S").kind, Action.parse("marry:S").suit) == ("marry", "S")
        assert Action.parse("play:QH").suit is None and Action.parse("marry:S").card is None
        assert [Action.parse(t).kind for t in ("exchange", "close", "declare")] == ["exchange", "close", "declare"]

    def test_surrounding_whitespace_is_ignored_but_case_is_not(self):
        assert Action.parse("  play:QH\n") == "play:QH" and Action.parse(" close ") == "close"
        for text in ("Play:QH", "play:qH", "CLOSE", "play: QH"):
            with pytest.raises(MalformedAction):
                Action.parse(text)

    def test_equal_and_hash_as_notation(self):
        a = Action.parse("play:TS")
        assert a == "play:TS" and a == Action.parse("play:TS") and a != "play:AS"
        assert {a: 1}["play:TS"] == 1
        assert Action.parse(a) is a

    @pytest.mark.parametrize("bad", [
        "", "play", "play:", "play:QX", "play:qh", "PLAY:QH", "play QH", "play:QH:x", "marry", "marry:",
        "marry:X", "marry:h", "marry:HS", "exchange:9H", "close:", "declare:66", "66", "pass",
        None, 5, 24, b"close", ["close"], {"action": "close"},
    ])
    def test_malformed_text_raises_malformed_action(self, bad):
        with pytest.raises(MalformedAction) as e:
            Action.parse(bad)
        assert repr(bad) in str(e.value)
        assert isinstance(e.value, IllegalAction) and isinstance(e.value, ValueError)


class TestApplyInput:
    def test_apply_accepts_notation_and_action_objects(self):
        g, h = Game.new(seed=4), Game.new(seed=4)
        for a in g.legal_actions()[:1]:
            g.apply(str(a))
            h.apply(a)
        assert snapshot(g) == snapshot(h)

    @pytest.mark.parametrize("bad", [
        "", "play:", "play:ZZ", "marry:X", "exchange:1", "PLAY:9C", None, 3, 3.5, b"play:9C", ["play:9C"],
    ])
    def test_malformed_input_leaves_the_game_unchanged(self, bad):
        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH")
        before = snapshot(g)
        with pytest.raises(MalformedAction, match="malformed action|not an action"):
            g.apply(bad)
        assert snapshot(g) == before

    @pytest.mark.parametrize("code", [-1, 31, 99, True, "5", None])
    def test_an_action_object_with_an_impossible_code_is_malformed(self, code):
        # Regression: Action(99) used to crash apply() with IndexError, and
        # Action(-1) was read as "declare" with a confusing message.
        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH")
        before = snapshot(g)
        with pytest.raises(MalformedAction, match="not an action"):
            g.apply(Action(code))
        assert snapshot(g) == before

    def test_parse_returns_the_engines_own_action_not_the_callers_object(self):
        # Regression: parse() handed back the caller's object, so a subclass whose
        # code changed between reads had an illegal move applied.
        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH")
        legal, illegal = cards.index("9C"), cards.index("9D")

        class Shifty(Action):
            __slots__ = ("reads",)

            def __getattribute__(self, name):
                if name == "code":
                    object.__setattr__(self, "reads", object.__getattribute__(self, "reads") + 1)
                    return legal if object.__getattribute__(self, "reads") == 1 else illegal
                return object.__getattribute__(self, name)

        shifty = Shifty(legal)
        object.__setattr__(shifty, "reads", 0)
        assert Action.parse(shifty) is ACTIONS[legal]
        g.apply(shifty)
        assert g.action_notations() == ["play:9C"]

    def test_a_str_subclass_is_read_as_plain_text(self):
        class Sly(str):
            def strip(self, *args):
                return "play:9D"

        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH")
        g.apply(Sly("play:9C"))
        assert g.action_notations() == ["play:9C"]

    def test_an_argument_whose_repr_raises_is_still_a_malformed_action(self):
        class Hostile:
            def __repr__(self):
                raise RuntimeError("no repr for you")

        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH")
        with pytest.raises(MalformedAction, match="not an action: <Hostile object>"):
            g.apply(Hostile())
        with pytest.raises(ValueError, match="not a card: <Hostile object>"):
            cards.index(Hostile())

    @pytest.mark.parametrize("bad", ["play:" + "Q" * 10_000_000, "x" * 10_000_000, ["play:9C"] * 1_000_000])
    def test_messages_quote_a_short_part_of_a_huge_input(self, bad):
        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH")
        with pytest.raises(MalformedAction) as e:
            g.apply(bad)
        assert len(str(e.value)) < 250

    def test_illegal_action_is_a_value_error_naming_the_action_and_the_reason(self):
        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH")
        with pytest.raises(ValueError) as e:
            g.apply("play:9D")
        assert type(e.value) is IllegalAction
        assert str(e.value) == "illegal action play:9D: player 0 does not hold 9D"

    def test_legal_actions_print_as_notation_and_are_sorted_by_code(self):
        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH")
        assert [str(a) for a in g.legal_actions()] == [
            "play:9C", "play:JC", "play:QC", "play:KC", "play:TC", "play:AC", "close", "declare"]
        assert g.legal_codes() == sorted(g.legal_codes())
        assert all(ACTIONS[c] is a for c, a in zip(g.legal_codes(), g.legal_actions()))
