"""ui.model.storage: versioned saving, exact resume, recovery from bad data."""

import json

import pytest

from sixtysix import Match, records

from ui.model.settings import Settings, UrlOptions
from ui.model.stats import Stats
from ui.model.storage import (EMBED_GAME_KEY, FAILED, GAME_KEY, SAVED, SETTINGS_KEY, STALE, STATS_KEY, VERSION,
                        MemoryBackend, SavedDataError, Store, bounded_loads, decode_game, encode_game,
                        encode_stats)


def played(seed=7, n=5):
    m = Match.new(seed)
    for _ in range(n):
        m.apply(m.game.legal_actions()[0])
    return m


def test_a_match_mid_hand_round_trips_exactly():
    m = played()
    m2, counted, practice = decode_game(encode_game(m, 0))
    assert records.dumps(m2) == records.dumps(m)
    assert m2.game.view(0).to_dict() == m.game.view(0).to_dict()
    assert counted == 0 and practice is None


def test_a_practice_mark_round_trips_and_a_damaged_one_still_means_practice():
    m = played()
    here = (len(m.games) - 1, len(m.game.actions))
    assert decode_game(encode_game(m, 0, practice=(0, 2))).practice == (0, 2)
    envelope = json.loads(encode_game(m, 0, practice=(0, 2)))
    for damaged in ("x", [0], [0, -1], [0, True], [99, 0], [here[0], here[1] + 1], {"a": 1}):
        envelope["practice"] = damaged
        assert decode_game(json.dumps(envelope)).practice == here, damaged


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
    m2, _, _ = store.load_game()
    assert records.dumps(m2) == records.dumps(m)
    store.backend.removeItem(store.game_key)
    assert store.load_game() is None


def test_settings_and_stats_fall_back_on_bad_data():
    backend = MemoryBackend({SETTINGS_KEY: "{oops", STATS_KEY: json.dumps({"version": 0, "hands_won": 3})})
    store = Store(backend)
    assert store.load_settings() == Settings()
    assert store.load_stats() == Stats()
    assert store.discarded == [SETTINGS_KEY, STATS_KEY] and backend.items == {}
    store = Store(MemoryBackend({SETTINGS_KEY: json.dumps({"version": VERSION, "lang": "it", "level": "god",
                                                           "count_myself": "yes"})}))
    assert store.load_settings() == Settings(lang="it")


def test_settings_and_stats_round_trip():
    store = Store(MemoryBackend())
    s = Settings(lang="it", level="hard", count_myself=True)
    st = Stats.from_dict({"levels": {"hard": {"hands_won": 3, "hands_lost": 2, "matches_won": 1, "closes": 2}}})
    store.save_settings(s)
    store.save_stats(st)
    assert store.load_settings() == s
    assert store.load_stats() == st


def won(hands: int) -> Stats:
    return Stats.from_dict({"levels": {"medium": {"hands_won": hands}}})


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
    assert store.save_game(played(), 0) == FAILED
    assert store.load_settings() == Settings()
    assert store.save_settings(Settings()) is False


def test_counted_hands_is_clamped():
    m = played()
    _, counted, _ = decode_game(json.dumps({"version": VERSION, "match": records.dumps(m), "counted_hands": 9}))
    assert counted == 0


@pytest.mark.parametrize("query, expected", [
    ("", UrlOptions()),
    ("?lang=it&level=hard&seed=42&embed=1", UrlOptions("it", "hard", 42, True)),
    ("?level=random&fast=1", UrlOptions(level="random", fast=True)),
    ("?level=random&fast=1&worker=0", UrlOptions(level="random", fast=True)),  # an option no longer read
    ("?level=hard&timecap=0", UrlOptions(level="hard", timecap=False)),
    ("?worker=1&timecap=1", UrlOptions()),
    ("?lang=en&level=god&seed=-3&embed=0", UrlOptions()),
    ("?seed=99999999999999999", UrlOptions()),
])
def test_url_options(query, expected):
    assert UrlOptions.parse(query) == expected


# -- hostile stored values (issue 12): bounded before parsing, discarded, reported ----------
HOSTILE = [
    "[" * 4479,  # killed Pyodide inside json.loads on every reload
    '{"a":' * 3000,
    "[" * 100_000,
    '{"version": 1, "match": ' + "[" * 50 + "]" * 50 + "}",
    "x" * 3_000_000,
    '"' + "\\" * 1000,  # an unterminated string of escapes
    "\ud800",
    "NaN",
    "1e999999",
    "9" * 5000,  # more digits than int() takes
    "\x00",
    '{"version": 1, "lang": "it", "lang": ' + "[" * 20 + "]" * 20 + "}",
]


@pytest.mark.parametrize("key", [GAME_KEY, SETTINGS_KEY, STATS_KEY])
@pytest.mark.parametrize("value", HOSTILE, ids=lambda v: v[:12])
def test_a_hostile_stored_value_is_removed_and_reported(key, value):
    backend = MemoryBackend({key: value})
    store = Store(backend)
    try:
        assert store.load_game() is None
    except SavedDataError:
        pass
    assert store.load_settings() == Settings()
    assert store.load_stats() == Stats()
    assert key not in backend.items, "the next reload would meet it again"
    assert store.discarded == [key]


def test_a_match_record_nested_deep_inside_the_envelope_is_refused_unparsed():
    text = json.dumps({"version": VERSION, "revision": 1, "match": "[" * 4479})
    with pytest.raises(SavedDataError, match="nested deeper"):
        decode_game(text)


@pytest.mark.parametrize("text, depth", [("[]", 1), ('["[[[", {"a": "]]]"}]', 2), ('"[[[["', 0), ('[1, "\\\\"]', 1)])
def test_bounded_loads_counts_only_brackets_outside_strings(text, depth):
    assert bounded_loads(text, 100, depth) == json.loads(text)
    if depth:
        with pytest.raises(ValueError, match="nested deeper"):
            bounded_loads(text, 100, depth - 1)


def test_bounded_loads_refuses_long_text_before_parsing():
    with pytest.raises(ValueError, match="more than 10"):
        bounded_loads("[" + "1," * 10 + "1]", 10, 5)


class Raising:
    """A backend whose values turn out to be anything but text."""

    def __init__(self, value):
        self.value = value
        self.removed = []

    def getItem(self, key):  # noqa: N802
        return self.value

    def setItem(self, key, value):  # noqa: N802
        pass

    def removeItem(self, key):  # noqa: N802
        self.removed.append(key)


class Evil:
    def __str__(self):
        raise RuntimeError("no text for you")

    def __bool__(self):
        return True


def test_a_value_that_is_not_text_is_discarded_too():
    backend = Raising(Evil())
    store = Store(backend)
    assert store.load_settings() == Settings()
    assert SETTINGS_KEY in backend.removed


# -- revisions: one match, one writer ------------------------------------------------------
def test_each_save_raises_the_revision():
    backend = MemoryBackend()
    store = Store(backend)
    m = played()
    assert store.save_game(m, 0) == SAVED and store.revision == 1
    assert store.save_game(m, 0) == SAVED and store.revision == 1  # unchanged: nothing new to tell
    m.apply(m.game.legal_actions()[0])
    assert store.save_game(m, 0) == SAVED and store.revision == 2
    assert json.loads(backend.items[GAME_KEY])["revision"] == 2


def test_a_tab_behind_never_writes_an_older_position_over_a_newer_one():
    backend = MemoryBackend()
    a, b = Store(backend), Store(backend)
    m = played(n=2)
    a.save_game(m, 0)
    b_match, _, _ = b.load_game()
    for _ in range(3):
        m.apply(m.game.legal_actions()[0])
        assert a.save_game(m, 0) == SAVED
    b_match.apply(b_match.game.legal_actions()[0])
    assert b.newer_elsewhere()
    assert b.save_game(b_match, 0) == STALE
    newer, _, _ = b.load_game()  # the page adopts the newer match
    assert newer.game.action_notations() == m.game.action_notations()
    newer.apply(newer.game.legal_actions()[0])
    assert b.save_game(newer, 0) == SAVED and a.save_game(m, 0) == STALE


def test_an_old_save_without_a_revision_still_loads():
    m = played()
    text = json.dumps({"version": VERSION, "match": records.dumps(m), "counted_hands": 0})
    store = Store(MemoryBackend({GAME_KEY: text}))
    assert store.load_game()[0].game.action_notations() == m.game.action_notations()
    assert store.revision == 0 and store.save_game(m, 0) == SAVED


def test_the_embedded_game_keeps_its_own_save():
    backend = MemoryBackend()
    page, frame = Store(backend), Store(backend, game_key=EMBED_GAME_KEY)
    page.save_game(played(seed=1), 0)
    frame.save_game(played(seed=2), 0)
    assert page.load_game()[0].seed == 1 and frame.load_game()[0].seed == 2


class FullQuota(MemoryBackend):
    """localStorage with room for ``room`` characters in all."""

    def __init__(self, room, items=None):
        super().__init__(items)
        self.room = room

    def setItem(self, key, value):  # noqa: N802
        others = sum(len(v) for k, v in self.items.items() if k != key)
        if others + len(str(value)) > self.room:
            raise RuntimeError("QuotaExceededError")
        super().setItem(key, value)


def test_a_full_quota_never_leaves_an_older_position_to_resume():
    m = played(n=2)
    backend = FullQuota(10**6, {"other.app": ""})
    store = Store(backend)
    assert store.save_game(m, 0) == SAVED
    backend.items["other.app"] = "z" * (10**6 - 50)  # someone else fills the quota
    m.apply(m.game.legal_actions()[0])
    assert store.save_game(m, 0) == FAILED
    assert GAME_KEY not in backend.items  # a reload starts afresh rather than "resuming" the older position
    backend.items[STATS_KEY] = encode_stats(won(1))  # saved before the quota filled
    assert not store.save_stats(won(2))
    assert store.load_stats() == won(1)  # statistics that did not fit keep the last ones saved


def test_blocked_storage_reads_nothing_and_discards_nothing():
    store = Store(None)
    assert store.load_game() is None and store.load_settings() == Settings()
    assert store.save_game(played(), 0) == FAILED and store.discarded == []


def test_saving_an_unchanged_match_writes_no_new_revision():
    backend = MemoryBackend()
    store = Store(backend)
    match = Match.new(seed=5)
    store.save_game(match, 0)
    first = backend.getItem(store.game_key)
    again = Store(backend)
    again.load_game()
    assert again.save_game(match, 0) == SAVED
    assert backend.getItem(store.game_key) == first  # a reload alone leaves the save as it was
    match.apply(match.game.legal_actions()[0])
    again.save_game(match, 0)
    assert backend.getItem(store.game_key) != first
