"""Records (RULES.md "Notation": a hand record is the deck, the dealer and the
actions; replaying it reproduces the result). ``records.dumps``/``loads``
round-trip hands and matches, finished or not; anything malformed, tampered
or impossible raises ``RecordError`` (a ``ValueError``) saying what is wrong.
"""

from __future__ import annotations

import copy
import functools
import json
import random

import pytest

from sixtysix import Game, Match, RecordError, records
from tests.conftest import deal, play, random_playout, snapshot


def finished_hand():
    g = deal("AC KC QC 9H JS QS", "9D JD QD KD TD AD", "AH", "9C JC TC KH TH 9S KS TS AS JH QH")
    play(g, "play:AC play:9D exchange marry:C play:KC play:JD close play:QC play:JC")
    while g.result is None:
        g.apply(g.legal_actions()[0])
    return g


def played_match(seed=5, hands=None):
    """A match played by random moves: to the end, or ``hands`` hands and a bit."""
    rng = random.Random(seed)
    m = Match.new(seed=seed)
    while m.winner is None and (hands is None or len(m.games) <= hands):
        if m.hand_over:
            m.next_hand()
        legal = [str(a) for a in m.game.legal_actions()]
        m.apply(rng.choice([a for a in legal if a.startswith("play")] or legal))
    return m


def record(obj) -> dict:
    return json.loads(records.dumps(obj))


def load(data):
    return records.loads(json.dumps(data))


class TestHandRecords:
    def test_the_format(self):
        g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH")
        play(g, "play:9C play:9D close")
        assert record(g) == {"format": "sixtysix-hand", "version": 1, "deck": list(g.deck), "dealer": 1,
                             "actions": ["play:9C", "play:9D", "close"]}
        g = finished_hand()
        assert record(g)["result"] == g.result.to_dict()

    def test_round_trip_at_every_step(self):
        g = Game.new(seed=21)
        rng = random.Random(21)
        while True:
            again = records.loads(records.dumps(g))
            assert snapshot(again) == snapshot(g)
            if g.result is not None:
                break
            g.apply(rng.choice(g.legal_actions()))

    def test_replay_reproduces_the_result(self):
        g = finished_hand()
        again = records.loads(records.dumps(g))
        assert again.result == g.result and again.points(0) == g.points(0) and again.points(1) == g.points(1)

    def test_a_loaded_hand_plays_on_like_the_original(self):
        g = Game.new(seed=8)
        random_playout(g, random.Random(1), max_actions=7)
        again = records.loads(records.dumps(g))
        rng1, rng2 = random.Random(2), random.Random(2)
        random_playout(g, rng1)
        random_playout(again, rng2)
        assert snapshot(again) == snapshot(g)

    def test_the_loaded_game_supports_pop(self):
        g = finished_hand()
        again = records.loads(records.dumps(g))
        again.pop()
        assert again.result is None


class TestMatchRecords:
    def test_round_trip_mid_match_and_mid_hand(self):
        m = played_match(hands=2)
        assert m.winner is None and not m.hand_over and len(m.game.actions) > 0
        again = records.loads(records.dumps(m))
        assert isinstance(again, Match)
        assert records.dumps(again) == records.dumps(m)
        assert again.scores == m.scores and again.first_dealer == m.first_dealer and again.seed == m.seed
        assert [snapshot(a) for a in again.games] == [snapshot(b) for b in m.games]

    def test_round_trip_between_hands(self):
        m = played_match(hands=1)
        while not m.hand_over:
            m.apply(m.game.legal_actions()[0])
        again = records.loads(records.dumps(m))
        assert again.hand_over and again.scores == m.scores
        assert again.next_hand().deck == m.next_hand().deck

    def test_round_trip_of_a_finished_match(self):
        m = played_match()
        assert m.winner is not None
        again = records.loads(records.dumps(m))
        assert again.winner == m.winner and again.scores == m.scores and again.hands == m.hands

    def test_the_format(self):
        m = played_match(hands=1)
        d = record(m)
        assert set(d) == {"format", "version", "seed", "target", "first_dealer", "hands"}
        assert (d["format"], d["version"], d["seed"], d["target"]) == ("sixtysix-match", 1, 5, 7)
        assert [set(h) for h in d["hands"]] == [{"deck", "dealer", "actions", "result"}, {"deck", "dealer", "actions"}]

    def test_a_match_hand_whose_deck_differs_from_the_seed_is_refused(self):
        # docs/rules.md: a match's deals come from its seed, so an edited deck is tampering.
        d = record(Match.new(seed=9))
        other = list(Game.new(seed=123).deck)
        assert other != d["hands"][0]["deck"]
        d["hands"][0]["deck"] = other
        with pytest.raises(RecordError, match="deck does not match the match seed"):
            load(d)

    def test_a_match_whose_first_dealer_differs_from_the_seed_is_refused(self):
        d = record(Match.new(seed=9))
        d["first_dealer"] ^= 1
        for n, h in enumerate(d["hands"]):
            h["dealer"] = d["first_dealer"] ^ (n & 1)
        with pytest.raises(RecordError, match="first_dealer"):
            load(d)

    def test_to_dict_refuses_other_objects(self):
        with pytest.raises(TypeError, match="cannot record"):
            records.dumps({"deck": []})


@functools.cache
def _finished_records() -> tuple[str, str]:
    return records.dumps(finished_hand()), records.dumps(played_match())


def hand_data():
    return json.loads(_finished_records()[0])


def match_data():
    return json.loads(_finished_records()[1])


def bad_hand(**changes):
    d = hand_data()
    for k, v in changes.items():
        if v is KeyError:
            del d[k]
        else:
            d[k] = v
    return d


class TestBadRecords:
    @pytest.mark.parametrize("text,message", [
        ("", "not JSON"), ("{", "not JSON"), ("sixtysix", "not JSON"), (b"\xff\xfe", "not JSON"),
        (None, "not JSON"), (42, "not JSON"),
        ("null", "a record is a JSON object"), ("[]", "a record is a JSON object"), ('"hand"', "a record is a JSON object"),
        ("{}", "unknown record format None"),
    ])
    def test_not_a_record(self, text, message):
        with pytest.raises(RecordError, match=message):
            records.loads(text)

    @pytest.mark.parametrize("changes,message", [
        ({"format": "sixtysix-game"}, "unknown record format 'sixtysix-game'"),
        ({"format": KeyError}, "unknown record format None"),
        ({"version": 2}, "unsupported sixtysix-hand version 2"),
        ({"version": "1"}, "unsupported sixtysix-hand version '1'"),
        ({"version": 1.0}, "unsupported sixtysix-hand version 1.0"),
        ({"version": True}, "unsupported sixtysix-hand version True"),
        ({"version": KeyError}, "unsupported sixtysix-hand version None"),
        ({"deck": KeyError}, "bad deal"),
        ({"deck": None}, "bad deal: a deck is a list of the 24 card codes"),
        ({"deck": "9C JC"}, "bad deal: a deck is a list of the 24 card codes"),
        ({"deck": list(Game.new(seed=1).deck)[:23]}, "bad deal: a deck is a list of the 24 card codes"),
        ({"deck": ["AH"] + list(Game.new(seed=1).deck)[1:]}, "bad deal: a deck holds each of the 24 cards once"),
        ({"deck": ["ah"] + list(Game.new(seed=1).deck)[1:]}, "bad deal: not a card: 'ah'"),
        ({"deck": [1] * 24}, "bad deal: not a card: 1"),
        ({"dealer": 2}, "bad deal: dealer must be 0 or 1, not 2"),
        ({"dealer": "1"}, "bad deal: dealer must be 0 or 1, not '1'"),
        ({"dealer": 1.0}, "bad deal: dealer must be 0 or 1, not 1.0"),
        ({"dealer": True}, "bad deal: dealer must be 0 or 1, not True"),
        ({"dealer": KeyError}, "bad deal: dealer must be 0 or 1, not None"),
        ({"actions": "play:AC"}, "'actions' must be a list"),
        ({"actions": KeyError}, "'actions' must be a list"),
        ({"actions": ["play:AC", "play:AC"]}, r"hand, action 2 \('play:AC'\): illegal action play:AC: player 1 does not hold AC"),
        ({"actions": ["play:AC", "declare"]}, r"action 2 \('declare'\): .*only the player on lead may declare"),
        ({"actions": ["play:XX"]}, r"action 1 \('play:XX'\): malformed action"),
        ({"actions": [7]}, r"action 1 \(7\): not an action"),
        ({"actions": [["play:AC"]]}, r"action 1 \(\['play:AC'\]\): not an action"),
        ({"actions": ["declare", "play:AC"]}, r"action 2 \('play:AC'\): illegal action play:AC: the hand is over"),
        ({"result": {"winner": 0, "game_points": 3, "reason": "last_trick"}}, "does not match the replay"),
        ({"result": None}, "the stored result None does not match the replay"),
        ({"result": "won"}, "the stored result 'won' does not match the replay"),
        ({"actions": ["play:AC"]}, r"does not match the replay None"),
    ])
    def test_bad_hand(self, changes, message):
        with pytest.raises(RecordError, match=message):
            load(bad_hand(**changes))

    @pytest.mark.parametrize("text", ["[" * 100_000, '{"a":' * 10_000, "[" * 4479, "[" * 7 + "]" * 7])
    def test_json_nested_too_deep(self, text):
        # Regression: the JSON decoder's RecursionError escaped as itself, and in
        # Pyodide a few thousand levels overflow the wasm stack inside json.loads:
        # the nesting is refused before parsing.
        with pytest.raises(RecordError, match="not JSON"):
            records.loads(text)

    def test_brackets_inside_strings_do_not_count_as_nesting(self):
        d = hand_data()
        d["actions"] = ["[[[[[[[[[[" + "{" * 50]
        with pytest.raises(RecordError, match=r"action 1 .*: malformed action"):
            load(d)

    def test_a_record_longer_than_the_limit_is_refused_unparsed(self):
        text = records.dumps(finished_hand())
        padded = text[:-1] + ',"pad":"' + "x" * records.MAX_CHARS + '"}'
        with pytest.raises(RecordError, match=f"more than {records.MAX_CHARS}"):
            records.loads(padded)

    def test_messages_quote_at_most_a_few_dozen_characters_of_the_input(self):
        huge = "play:" + "Q" * 90_000  # within the size limit, so the replay sees it
        for changes in ({"actions": [huge]}, {"format": huge}, {"deck": [huge[:3000]] * 24}):
            with pytest.raises(RecordError) as err:
                load(bad_hand(**changes))
            assert len(str(err.value)) < 400, str(err.value)[:400]  # of a 90,000-character input

    def test_a_result_without_the_result_key_is_replayed(self):
        d = hand_data()
        del d["result"]
        assert load(d).result == finished_hand().result

    def test_record_error_is_a_value_error(self):
        assert issubclass(RecordError, ValueError)

    def test_dealer_alternation_is_checked(self):
        d = match_data()
        d["hands"][1]["dealer"] ^= 1
        with pytest.raises(RecordError, match="match hand 2: .*"):
            load(d)
        d = match_data()
        d["first_dealer"] ^= 1
        with pytest.raises(RecordError, match=r"'first_dealer' does not match the seed"):
            load(d)

    def test_a_hand_replayed_twice_is_refused(self):
        # The second hand's own record is consistent (a real deal whose actions
        # replay), but it is the first hand again: not what the seed deals.
        m = played_match(hands=1)
        d = record(m)
        second = copy.deepcopy(d["hands"][0])
        d["hands"][1] = second
        with pytest.raises(RecordError, match=r"match hand 2: the deck does not match the match seed"):
            load(d)

    def test_a_hand_after_the_match_ended(self):
        d = match_data()
        extra = copy.deepcopy(d["hands"][-2])
        d["hands"].append(extra)
        n = len(d["hands"])
        with pytest.raises(RecordError, match=f"match hand {n}: comes after a hand that is unfinished or ended the match"):
            load(d)

    def test_a_hand_after_an_unfinished_hand(self):
        d = match_data()
        d["hands"][0]["actions"] = d["hands"][0]["actions"][:3]
        del d["hands"][0]["result"]
        with pytest.raises(RecordError, match="match hand 2: comes after a hand that is unfinished"):
            load(d)

    def test_a_tampered_result_in_a_match(self):
        d = match_data()
        d["hands"][0]["result"]["game_points"] = 3 if d["hands"][0]["result"]["game_points"] != 3 else 2
        with pytest.raises(RecordError, match="match hand 1: the stored result .* does not match the replay"):
            load(d)

    @pytest.mark.parametrize("key,value,message", [
        ("seed", None, "'seed' must be an integer or a string"),
        ("seed", 1.5, "'seed' must be an integer or a string"),
        ("seed", True, "'seed' must be an integer or a string"),
        ("seed", [1], "'seed' must be an integer or a string"),
        ("target", "7", "'target' must be 7, not '7'"),
        ("target", 0, "'target' must be 7, not 0"),
        ("target", 7.0, "'target' must be 7, not 7.0"),
        ("target", True, "'target' must be 7, not True"),
        ("target", 5, "'target' must be 7, not 5"),  # a match is to seven game points (RULES.md)
        ("first_dealer", 1.0, "'first_dealer' must be 0 or 1"),  # regression: was a TypeError
        ("first_dealer", 0.0, "'first_dealer' must be 0 or 1"),
        ("first_dealer", 2, "'first_dealer' must be 0 or 1"),
        ("first_dealer", "0", "'first_dealer' must be 0 or 1"),
        ("first_dealer", False, "'first_dealer' must be 0 or 1"),
        ("hands", [], "'hands' must be a non-empty list"),
        ("hands", {}, "'hands' must be a non-empty list"),
        ("hands", None, "'hands' must be a non-empty list"),
        ("hands", [None], "match hand 1: a hand is a JSON object"),
        ("hands", ["hand"], "match hand 1: a hand is a JSON object"),
        ("version", True, "unsupported sixtysix-match version True"),
    ])
    def test_bad_match(self, key, value, message):
        d = match_data()
        d[key] = value
        with pytest.raises(RecordError, match=message):
            load(d)
