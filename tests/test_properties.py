"""Properties of random hands, checked at every step (hypothesis).

Two tests share the checks. ``test_hands_agree_with_the_oracle`` plays
thousands of hands with the cheap checks: 24 cards conserved, 120 card
points, legal actions exactly those of the oracle (``RefHand`` in
conftest.py, written plainly from RULES.md), the result consistent with the
rule it names and equal to the oracle's. ``test_every_step_of_a_hand``
plays fewer hands with the expensive checks on top: every legal action
applies and pops back exactly, every other action code is refused and
changes nothing, records round-trip, ``copy()`` is independent, and neither
view names a card its player cannot know.

The hands come from a random deck and dealer; the moves are random with a
bias towards playing cards (so hands run long), with closing, exchanging,
announcing and declaring mixed in.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sixtysix import Game, IllegalAction, Match, records
from sixtysix.actions import ACTIONS, N_CODES
from sixtysix.scoring import REASONS
from tests.conftest import ALL_CODES, CARD_POINTS, RefHand, cards_named_in, secret

ALL_CODES_SORTED = sorted(ALL_CODES)
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def hands(draw):
    """(deck, dealer, rng for the moves, bias towards card plays). The deck is
    shuffled from a drawn seed: drawing a permutation costs more than the hand."""
    deck = list(ALL_CODES)
    random.Random(draw(st.integers(0, 2**64 - 1))).shuffle(deck)
    dealer = draw(st.integers(0, 1))
    rng = random.Random(draw(st.integers(0, 2**64 - 1)))
    play_bias = draw(st.sampled_from([0.5, 0.8, 0.95, 1.0]))
    return deck, dealer, rng, play_bias


def choose(game, rng, play_bias) -> str:
    legal = [str(a) for a in game.legal_actions()]
    plays = [a for a in legal if a.startswith("play:")]
    if "declare" in legal and game.points(game.to_move) >= 66 and rng.random() < 0.5:
        return "declare"
    if plays and rng.random() < play_bias:
        return rng.choice(plays)
    return rng.choice(legal)


def state(game) -> dict:
    """Every attribute (lists and sets copied), and how deep the undo stack is."""
    s = {k: (v.copy() if isinstance(v, (list, set, dict)) else v) for k, v in vars(game).items() if k != "_undo"}
    s["undo_depth"] = len(game._undo)
    return s


def points_of(cards) -> int:
    return sum(CARD_POINTS[c[0]] for c in cards)


# --- the checks --------------------------------------------------------------------


def check_cards_and_points_quickly(game, ref):
    """The conservation laws from the record alone (no view): cheap enough for
    every step of thousands of hands. Marriage points come from the oracle."""
    plays = [a[5:] for a in game.action_notations() if a.startswith("play:")]
    hands_and_stock = game.hand(0) + game.hand(1) + game.stock_cards()
    assert sorted(hands_and_stock + plays) == ALL_CODES_SORTED, "24 cards, each exactly once"
    on_table = plays[-1:] if len(plays) % 2 else []
    won = game.points(0) + game.points(1) - ref.marriage_points[0] - ref.marriage_points[1]
    assert won + points_of(hands_and_stock + on_table) == 120
    assert game.tricks_won(0) + game.tricks_won(1) == len(plays) // 2


def check_cards_and_points(game):
    v = game.view(0)
    played = [c for t in v.completed_tricks for c in t["cards"]]
    hand0, hand1, stock = game.hand(0), game.hand(1), game.stock_cards()
    unplayed = hand0 + hand1 + stock + v.trick
    assert sorted(unplayed + played) == sorted(ALL_CODES), "24 cards, each exactly once"
    won = [0, 0]
    tricks = [0, 0]
    for t in v.completed_tricks:
        won[t["winner"]] += points_of(t["cards"])
        tricks[t["winner"]] += 1
    assert won[0] + won[1] + points_of(unplayed) == 120
    marriages = [0, 0]
    for m in v.marriages:
        marriages[m["player"]] += m["points"]
    assert [game.points(0), game.points(1)] == [won[0] + marriages[0], won[1] + marriages[1]]
    assert [game.tricks_won(0), game.tricks_won(1)] == tricks
    assert abs(len(hand0) - len(hand1)) <= 1


def check_turn(game, ref):
    legal = [str(a) for a in game.legal_actions()]
    assert set(legal) == ref.legal(), f"after {game.action_notations()}"
    assert len(legal) == len(set(legal))
    if game.result is None:
        assert legal and game.to_move in (0, 1)
    else:
        assert legal == [] and game.to_move is None


def check_result(game, ref):
    r = game.result
    assert r.reason in REASONS and r.game_points in (1, 2, 3) and r.winner in (0, 1)
    assert (r.winner, r.game_points, r.reason) == ref.result
    w, loser = r.winner, 1 - r.winner
    v = game.view(0)
    closer = v.closed_by
    last = game.action_notations()[-1]
    declarer = game.view(0).history[-1]["player"] if last == "declare" else None
    last_trick_winner = v.completed_tricks[-1]["winner"] if last != "declare" else None
    if r.reason == "last_trick":
        assert closer is None and r.game_points == 1 and last_trick_winner == w and game.points(w) < 66
    elif r.reason == "declared":
        assert game.points(w) >= 66 and w in (declarer, last_trick_winner)
        assert closer in (None, w)
        expected = 3 if game.tricks_won(loser) == 0 else 2 if game.points(loser) < 33 else 1
        assert r.game_points == expected
    elif r.reason == "false_declaration":
        assert declarer == loser and game.points(loser) < 66 and closer in (None, w)
        assert r.game_points == (3 if game.tricks_won(w) == 0 else 2)
    else:  # closed_failed
        assert closer == loser
        assert r.game_points == (3 if v.non_closer_tricks_at_close == 0 else 2)
        if declarer is not None:
            assert (declarer == closer) == (game.points(declarer) < 66)
        else:
            assert last_trick_winner == w or game.points(last_trick_winner) < 66


def check_views(game):
    for p in (0, 1):
        d = game.view(p).to_dict()
        text = json.dumps(d)
        leaked = cards_named_in(text) & secret(game, p)
        assert not leaked, f"view of player {p} names {sorted(leaked)}"
        assert d["legal"] == ([str(a) for a in game.legal_actions()] if game.to_move == p else [])
        assert d["hand"] == game.hand(p) and d["opponent_cards"] == len(game.hand(1 - p))


def check_every_action_code(game):
    before = state(game)
    legal = game.legal_codes()
    for code in range(N_CODES):
        if code in legal:
            game.apply(ACTIONS[code])
            assert game.pop() == code
            assert state(game) == before, f"{ACTIONS[code]} did not pop back"
        else:
            for form in (ACTIONS[code], str(ACTIONS[code])):
                try:
                    game.apply(form)
                except IllegalAction as e:
                    assert str(e).startswith(f"illegal action {ACTIONS[code]}: ")
                else:
                    raise AssertionError(f"{ACTIONS[code]} is not legal but was applied")
                assert state(game) == before, f"refusing {ACTIONS[code]} changed the game"


def check_records_and_copy(game, rng):
    loaded = records.loads(records.dumps(game))
    assert state(loaded) == state(game)
    c = game.copy()
    s = state(c)
    s["undo_depth"] = len(game._undo)
    assert s == state(game)
    if c.result is None:
        before = state(game)
        c.apply(rng.choice(c.legal_actions()))
        assert state(game) == before


# --- the tests -----------------------------------------------------------------------


@settings(max_examples=500, **SETTINGS)
@given(st.lists(hands(), min_size=4, max_size=4))
def test_hands_agree_with_the_oracle(four_hands):
    # 2000 hands: four per example, since hypothesis's own cost per example
    # is about that of playing a hand.
    for deck, dealer, rng, play_bias in four_hands:
        game, ref = Game.from_deck(deck, dealer), RefHand(deck, dealer)
        while game.result is None:
            check_turn(game, ref)
            a = choose(game, rng, play_bias)
            game.apply(a)
            ref.apply(a)
            check_cards_and_points_quickly(game, ref)
            assert [game.points(0), game.points(1)] == [ref.points(0), ref.points(1)]
        check_turn(game, ref)
        check_result(game, ref)


@settings(max_examples=60, **SETTINGS)
@given(hands())
def test_every_step_of_a_hand(hand):
    deck, dealer, rng, play_bias = hand
    game, ref = Game.from_deck(deck, dealer), RefHand(deck, dealer)
    while True:
        check_turn(game, ref)
        check_cards_and_points(game)
        check_every_action_code(game)
        check_records_and_copy(game, rng)
        check_views(game)
        if game.result is not None:
            break
        a = choose(game, rng, play_bias)
        game.apply(a)
        ref.apply(a)
    check_result(game, ref)


def test_random_moves_reach_every_ending():
    """The random games above are not all of one kind: every reason and
    every game-point value turns up (a guard on the generator, not the rules)."""
    seen = set()
    for seed in range(400):
        rng = random.Random(seed)
        game = Game.new(seed=seed)
        ref = RefHand(game.deck, game.dealer)
        bias = [0.5, 0.8, 0.95, 1.0][seed % 4]
        while game.result is None:
            a = choose(game, rng, bias)
            game.apply(a)
            ref.apply(a)
        check_result(game, ref)
        seen.add((game.result.reason, game.result.game_points, game.view(0).closed_by is not None))
    assert {(r, g) for r, g, _ in seen} == {
        ("declared", 1), ("declared", 2), ("declared", 3), ("false_declaration", 2), ("false_declaration", 3),
        ("closed_failed", 2), ("closed_failed", 3), ("last_trick", 1)}
    assert ("declared", 1, True) in seen or ("declared", 2, True) in seen or ("declared", 3, True) in seen


# --- hostile records and stored values (issue 12) ------------------------------------
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20)
RECORD_KEYS = ["format", "version", "seed", "target", "first_dealer", "hands", "deck", "dealer", "actions", "result"]


@st.composite
def hostile_texts(draw):
    """A real match record with one field replaced, a prefix of deep nesting,
    a cut, or just any text: what storage or a link might hand us."""
    match = Match.new(draw(st.integers(0, 50)))
    for _ in range(draw(st.integers(0, 12))):
        match.apply(match.game.legal_actions()[0])
    data = json.loads(records.dumps(match))
    kind = draw(st.sampled_from(["field", "hand field", "nest", "cut", "text"]))
    if kind == "field":
        data[draw(st.sampled_from(RECORD_KEYS))] = draw(JSON_VALUES)
    elif kind == "hand field":
        data["hands"][0][draw(st.sampled_from(RECORD_KEYS))] = draw(JSON_VALUES)
    text = json.dumps(data)
    if kind == "nest":
        depth = draw(st.integers(1, 6000))
        return draw(st.sampled_from(["[", '{"a":', '[{"b":'])) * depth + text
    if kind == "cut":
        return text[:draw(st.integers(0, len(text)))]
    if kind == "text":
        return draw(st.text(alphabet='[]{}":,\\0123456789 tfnrue', max_size=300))
    return text


@settings(max_examples=300, **SETTINGS)
@given(hostile_texts())
def test_hostile_records_raise_record_error_or_load(text):
    try:
        obj = records.loads(text)
    except records.RecordError as e:
        assert len(str(e)) < 500
    else:
        assert records.loads(records.dumps(obj)).__class__ is obj.__class__


@settings(max_examples=300, **SETTINGS)
@given(hostile_texts(), st.sampled_from(["sixtysix.game", "sixtysix.settings", "sixtysix.stats"]))
def test_hostile_stored_values_never_escape_the_store(text, key):
    from ui.model.storage import MemoryBackend, SavedDataError, Store

    wrapped = json.dumps({"version": 1, "revision": 1, "match": text}) if key == "sixtysix.game" else text
    for value in (text, wrapped):
        backend = MemoryBackend({key: value})
        store = Store(backend)
        try:
            store.load_game()
        except SavedDataError:
            assert key not in backend.items  # removed, so a reload cannot meet it again
        store.load_settings()
        store.load_stats()
