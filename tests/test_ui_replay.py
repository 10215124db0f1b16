"""Replaying a deal apart from the match (ui/model/replay.py)."""

from __future__ import annotations

from pathlib import Path

from ui.model import replay
from ui.model.i18n import Translator, load_catalog
from ui.model.present import build
from ui.model.page import PageState
from ui.model.settings import Settings
from ui.model.stats import Stats
from ui.model.table import COMPUTER, HUMAN, Table

ROOT = Path(__file__).resolve().parent.parent
PT = Translator("pt", load_catalog("pt", ROOT))


def finished(seed=3):
    stats = Stats()
    t = Table.new(seed, stats)
    while not t.hand_over:
        t.apply(t.to_move, t.view(t.to_move)["legal"][0])
    return t, stats


def test_the_same_deal_again_gives_the_same_cards_and_leaves_the_match_alone():
    t, stats = finished()
    before = (t.match.scores, t.counted_hands, stats.to_dict())
    r = replay.replay_table(t.hand_record(), original=t.result_facts())
    g, first = r.game, t.game
    assert (g.deck, g.dealer) == (first.deck, first.dealer) and g.actions == []
    assert (t.match.scores, t.counted_hands, stats.to_dict()) == before
    while not r.hand_over:
        r.apply(r.to_move, r.view(r.to_move)["legal"][-1])
    assert (t.match.scores, stats.to_dict()) == (before[0], before[2])  # the replay counted nowhere
    m = build(r, PageState(settings=Settings()), PT)
    assert not m.buttons["next_hand"] and m.buttons["back"] and not m.buttons["new_match"]
    who = ("este lado" if t.result_facts()["winner"] == HUMAN else "o outro lado")
    assert m.story_lines[-1].startswith(f"Na mão original, {who} ganhou")


def test_the_other_seat_gets_the_computers_cards_and_turn():
    t, _ = finished(5)
    start = Table.new(5)  # the same deal, untouched, to read the first hands
    r = replay.replay_table(t.hand_record(), other_seat=True, original=t.result_facts())
    assert sorted(r.game.hand(HUMAN)) == sorted(start.game.hand(COMPUTER))
    assert sorted(r.game.hand(COMPUTER)) == sorted(start.game.hand(HUMAN))
    assert r.game.to_move == 1 - start.game.to_move
    winner = t.result_facts()["winner"]
    assert replay.original_key(r.replay_of)[0] == f"replay.original.{('you', 'computer')[1 - winner]}"


def test_a_deal_from_a_link_has_no_original_line():
    t, _ = finished()
    r = replay.replay_table(t.hand_record())
    assert replay.original_key(r.replay_of) is None


def test_only_the_saved_match_mid_hand_is_resumable():
    # data-resumable: js/last-table.js keeps only a table a reload brings back as it was
    def resumable(table):
        return build(table, PageState(settings=Settings()), PT).resumable

    fresh = Table.new(3)
    assert resumable(fresh)
    t, _ = finished()
    assert not resumable(t)  # the hand is over: the reload shows its story, not a position
    r = replay.replay_table(t.hand_record(), original=t.result_facts())
    assert not r.hand_over and not resumable(r)  # a replay waits aside of the saved match
