"""The facts a Result keeps for telling a hand's story (issue 10), one per rule,
and the compatibility of records: a result stored before these facts existed
still loads, because records compare only the three contract fields."""

from __future__ import annotations

import json

import pytest

from sixtysix import Game, records
from sixtysix.scoring import Reason, Rule
from tests.conftest import play, play_tricks, random_playout
from tests.test_rules_scoring import (closer_sweeps_deal, late_close_deal, non_closer_sweeps_deal, split_deal,
                                strict_phase_deal, sweep_deal)


def facts(g):
    return g.result.facts()


def test_a_correct_declaration_against_no_trick_says_so():
    g = sweep_deal()
    play(g, "declare")
    f = facts(g)
    assert f["rule"] == "opponent_no_trick" and f["declarer"] == 0 and not f["deemed"]
    assert f["points"] == [66, 0] and f["tricks"] == [6, 0] and f["closer"] is None


@pytest.mark.parametrize("thrown, rule, gp", [("JD", Rule.OPPONENT_UNDER_33, 2), ("QD", Rule.DECLARED, 1)])
def test_the_opponents_33_decides_between_2_and_1(thrown, rule, gp):
    g = split_deal(thrown)
    play_tricks(g, "QH/KS")
    play(g, "declare")
    assert (g.result.rule, g.result.game_points) == (rule, gp)
    assert g.result.points == (66, 32 if thrown == "JD" else 33)


def test_a_false_declaration_keeps_the_declarers_short_points():
    g = split_deal("JD")
    play(g, "declare")
    r = g.result
    assert (r.reason, r.rule, r.declarer, r.winner) == (Reason.FALSE_DECLARATION, Rule.FALSE_DECLARATION, 0, 1)
    assert r.points[0] == 59


def test_a_closer_beaten_by_the_non_closers_declaration():
    g = late_close_deal()
    play_tricks(g, "9D/TD JC/AC")
    play(g, "marry:S")
    play_tricks(g, "9S/KS JS/AS")
    play(g, "declare")
    r = g.result
    assert (r.rule, r.closer, r.declarer, r.winner) == (Rule.CLOSER_FAILED, 0, 1, 1)
    assert r.non_closer_tricks_at_close == 1 and r.points == (13, 70)


def test_the_non_closer_without_a_trick_at_closing_gets_3():
    g = non_closer_sweeps_deal()
    play(g, "declare")
    r = g.result
    assert (r.rule, r.game_points, r.non_closer_tricks_at_close) == (Rule.NON_CLOSER_NO_TRICK, 3, 0)
    assert r.tricks[1] == 5  # won later: the moment of closing is what counted


def test_the_closers_false_declaration_keeps_the_closers_points():
    g = late_close_deal()
    play(g, "declare")
    r = g.result
    assert (r.rule, r.closer, r.declarer, r.points[0]) == (Rule.CLOSER_FAILED, 0, 0, 13)


def test_a_deemed_declaration_is_marked_deemed():
    g = strict_phase_deal()
    play_tricks(g, "9H/JH TH/KH QH/AH JS/9S KS/TS AS/QS")
    r = g.result
    assert (r.reason, r.rule, r.declarer, r.deemed) == (Reason.DECLARED, Rule.OPPONENT_UNDER_33, 0, True)


def test_the_closer_deemed_to_declare():
    g = closer_sweeps_deal()
    play_tricks(g, "QS/JS")
    r = g.result
    assert (r.rule, r.deemed, r.closer, r.declarer) == (Rule.OPPONENT_NO_TRICK, True, 0, 0)


def test_the_last_trick_has_no_declarer():
    g = strict_phase_deal()
    play_tricks(g, "9H/JH TH/KH QH/AH JS/9S AS/QS KS/TS")
    r = g.result
    assert (r.rule, r.declarer, r.deemed, r.winner, r.points) == (Rule.LAST_TRICK, None, False, 1, (90, 30))


def test_the_reason_is_a_str_enum_with_the_old_values():
    g = sweep_deal()
    play(g, "declare")
    assert g.result.reason == "declared" and isinstance(g.result.reason, str)
    assert json.dumps(g.result.to_dict()) == '{"winner": 0, "game_points": 3, "reason": "declared"}'
    assert json.loads(json.dumps(g.result.facts()))["rule"] == "opponent_no_trick"


def test_facts_agree_with_the_game_in_random_hands(rng):
    for _ in range(200):
        g = Game.new(seed=rng.randrange(1 << 30))
        random_playout(g, rng)
        r = g.result
        assert r.points == (g.points(0), g.points(1)) and r.tricks == tuple(g.tricks)
        assert r.closer == (g.closed_by if g.closed_by >= 0 else None)
        last = g.action_notations()[-1]
        if last == "declare":
            assert r.declarer == g.actions[-1][0] and not r.deemed
        assert (r.rule == Rule.LAST_TRICK) == (r.reason == Reason.LAST_TRICK)
        assert r.game_points == {Rule.DECLARED: 1, Rule.LAST_TRICK: 1, Rule.OPPONENT_UNDER_33: 2,
                                 Rule.CLOSER_FAILED: 2, Rule.OPPONENT_NO_TRICK: 3,
                                 Rule.NON_CLOSER_NO_TRICK: 3}.get(r.rule, r.game_points)


#: A match saved by the released version (before the facts existed), as localStorage holds it.
OLD_HAND = {"deck": ["AC", "TC", "AD", "TD", "KS", "QS", "9C", "JC", "9D", "JD", "9S", "JS", "AH",
                     "9H", "JH", "QH", "KH", "TH", "KC", "QC", "KD", "QD", "TS", "AS"],
            "dealer": 1, "actions": ["close", "play:AC", "play:9C", "marry:S", "play:KS", "play:9S", "play:TC",
                                     "play:JC", "play:AD", "play:9D", "play:TD", "play:JD", "declare"],
            "result": {"winner": 0, "game_points": 3, "reason": "declared"}}


def test_an_old_format_hand_record_still_loads():
    g = records.loads(json.dumps({"format": "sixtysix-hand", "version": 1, **OLD_HAND}))
    assert g.result.rule == Rule.OPPONENT_NO_TRICK and g.result.closer == 0
    assert records.to_dict(g)["result"] == OLD_HAND["result"]


def test_an_old_format_match_in_storage_still_loads():
    from sixtysix import Match
    from ui.model.storage import decode_game, encode_game
    m = Match(5)
    rng_actions = __import__("random").Random(1)
    random_playout(m.game, rng_actions)
    old = json.loads(encode_game(m, 1))
    inner = json.loads(old["match"])
    assert set(inner["hands"][0]["result"]) == {"winner", "game_points", "reason"}
    match, counted, _ = decode_game(json.dumps(old))
    assert match.games[0].result == m.games[0].result and counted == 1


def test_a_stored_result_that_differs_is_still_refused():
    bad = {**OLD_HAND, "result": {"winner": 0, "game_points": 2, "reason": "declared"}}
    with pytest.raises(records.RecordError):
        records.loads(json.dumps({"format": "sixtysix-hand", "version": 1, **bad}))
