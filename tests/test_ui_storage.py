"""ui.storage: versioned saving, exact resume, recovery from bad data."""

import json

import pytest

from sixtysix import Match, records

from ui.state import Settings, Stats, UrlOptions
from ui.storage import (GAME_KEY, SETTINGS_KEY, STATS_KEY, VERSION, MemoryBackend, SavedDataError, Store,
                        decode_game, encode_game)


def played(seed=7, n=5):
    m = Match.new(seed)
    for _ in range(n):
        m.apply(m.game.legal_actions()[0])
    return m


def test_a_match_mid_hand_round_trips_exactly():
    m = played()
    m2, counted = decode_game(encode_game(m, 0))
    assert records.dumps(m2) == records.dumps(m)
    assert m2.game.view(0).to_dict() == m.game.view(0).to_dict()
    assert counted == 0


def test_the_envelope_is_versioned_and_holds_the_engine_record():
    data = json.loads(encode_game(played(), 0))
    assert data["version"] == VERSION
    assert records.loads(data["match"]).seed == 7


@pytest.mark.parametrize("text, kind", [
    ("not json at all", "corrupt"),
    ("[1, 2]", "corrupt"),
    (json.dumps({"version": VERSION, "match": "{}"}), "corrupt"),
    (json.dumps({"version": VERSION, "match": records.dumps(Match.new(1).game)}), "corrupt"),  # a hand, not a match
    (json.dumps({"version": 999, "match": records.dumps(Match.new(1))}), "incompatible"),
    (json.dumps({"match": records.dumps(Match.new(1))}), "incompatible"),
])
def test_bad_saved_games_raise_with_a_kind(text, kind):
    with pytest.raises(SavedDataError) as err:
        decode_game(text)
    assert err.value.kind == kind


def test_a_tampered_action_is_refused():
    data = json.loads(encode_game(played(), 0))
    rec = json.loads(data["match"])
    rec["hands"][0]["actions"][0] = "play:XX"
    data["match"] = json.dumps(rec)
    with pytest.raises(SavedDataError):
        decode_game(json.dumps(data))


def test_store_round_trip_and_nothing_saved():
    store = Store(MemoryBackend())
    assert store.load_game() is None
    m = played()
    assert store.save_game(m, 0)
    m2, _ = store.load_game()
    assert records.dumps(m2) == records.dumps(m)
    store.forget_game()
    assert store.load_game() is None


def test_settings_and_stats_fall_back_on_bad_data():
    store = Store(MemoryBackend({SETTINGS_KEY: "{oops", STATS_KEY: json.dumps({"version": 0, "hands_won": 3})}))
    assert store.load_settings() == Settings()
    assert store.load_stats() == Stats()
    store = Store(MemoryBackend({SETTINGS_KEY: json.dumps({"version": VERSION, "lang": "it", "level": "god",
                                                           "count_myself": "yes"})}))
    assert store.load_settings() == Settings(lang="it")


def test_settings_and_stats_round_trip():
    store = Store(MemoryBackend())
    s = Settings(lang="it", level="hard", count_myself=True)
    st = Stats(hands_won=3, hands_lost=2, matches_won=1, matches_lost=0)
    store.save_settings(s)
    store.save_stats(st)
    assert store.load_settings() == s
    assert store.load_stats() == st


class Broken:
    def getItem(self, key):
        raise RuntimeError("SecurityError")

    def setItem(self, key, value):
        raise RuntimeError("QuotaExceededError")

    def removeItem(self, key):
        raise RuntimeError("SecurityError")


def test_storage_failures_never_raise():
    store = Store(Broken())
    assert store.load_game() is None
    assert store.save_game(played(), 0) is False
    assert store.load_settings() == Settings()
    store.forget_game()


def test_counted_hands_is_clamped():
    m = played()
    _, counted = decode_game(json.dumps({"version": VERSION, "match": records.dumps(m), "counted_hands": 9}))
    assert counted == 0


@pytest.mark.parametrize("query, expected", [
    ("", UrlOptions()),
    ("?lang=it&level=hard&seed=42&embed=1", UrlOptions("it", "hard", 42, True)),
    ("?level=random&fast=1", UrlOptions(level="random", fast=True)),
    ("?lang=en&level=god&seed=-3&embed=0", UrlOptions()),
    ("?seed=99999999999999999", UrlOptions()),
])
def test_url_options(query, expected):
    assert UrlOptions.parse(query) == expected
