"""The page's state has one owner: the turn loop changes it, the keeper saves.

``Flow.choose`` (settings), notices said once, another tab's newer match
adopted through ``Keeper``, and a stopped flow that draws and saves nothing.
"""

from sixtysix import records
from ui.model import storage
from ui.model.flow import Flow
from ui.model.keeper import Keeper
from ui.model.pace import PACES, TEST_PACE
from ui.model.settings import Settings
from ui.model.storage import SAVED, STALE, MemoryBackend, Store
from ui.model.table import Table


def flow_on(table, store=None, **kw):
    keeper = Keeper(store or Store(MemoryBackend()))
    drawn = []
    flow = Flow(table, Settings(), ask=lambda *a: None, sleep=None, clock=lambda: 0.0, save=keeper.save,
                load_newer=keeper.load_newer, draw=lambda *args: drawn.append(args) or False, **kw)
    return flow, keeper, drawn


def test_choose_changes_the_settings_whole_and_the_state_follows():
    flow, _, _ = flow_on(Table.new(3), level="medium")
    before = flow.settings
    after = flow.choose(level="hard", speed="slow", lang="it")
    assert before == Settings() and after is flow.settings and after != before  # replaced, not edited
    assert (flow.state.level, flow.state.lang, flow.state.pace) == ("hard", "it", PACES["slow"])
    assert flow.table.stats.level == "hard"  # the next hands count at the new level


def test_the_test_pace_wins_over_a_speed_chosen():
    flow, _, _ = flow_on(Table.new(3), test_fast=True)
    flow.choose(speed="slow")
    assert flow.state.pace == TEST_PACE and flow.settings.speed == "slow"


def test_a_notice_said_once_per_page():
    flow, _, _ = flow_on(Table.new(3))
    assert flow.tell_once("notice.save_failed") and not flow.tell_once("notice.save_failed")
    assert flow.notices == ["notice.save_failed"]
    flow.dismiss_notices()
    assert flow.notices == [] and not flow.tell_once("notice.save_failed")


def test_a_failed_save_is_said_once():
    class Full(MemoryBackend):
        def setItem(self, key, value):
            raise RuntimeError("QuotaExceededError")

    flow, _, _ = flow_on(Table.new(3), store=Store(Full()))
    flow.save()
    flow.save()
    assert flow.notices == ["notice.save_failed"]


def test_another_tabs_newer_match_is_adopted_never_written_over():
    backend = MemoryBackend()
    mine, other = Store(backend), Store(backend)
    flow, keeper, _ = flow_on(Table.new(5), store=mine)
    flow.save()
    theirs = Table.from_saved(other.load_game(), other.load_stats())
    theirs.match.apply(theirs.match.game.legal_actions()[0])
    assert other.save_game(theirs.match, 0) == SAVED
    assert keeper.save(flow.table) == STALE  # nothing written over the newer match
    flow.save()
    assert records.dumps(flow.table.match) == records.dumps(theirs.match)
    assert flow.notices == ["notice.other_tab"]


def test_a_replayed_deal_is_never_saved():
    from ui.model.replay import replay_table

    table = Table.new(5)
    keeper = Keeper(Store(MemoryBackend()))
    assert keeper.save(replay_table({"deck": table.match.game.deck, "dealer": 0, "actions": []})) is None
    assert keeper.store.load_game() is None


def test_a_stopped_flow_draws_and_saves_nothing():
    flow, keeper, drawn = flow_on(Table.new(3))
    flow.render()
    assert len(drawn) == 1
    before = flow.generation
    flow.stop()
    flow.render()
    flow.save()
    assert len(drawn) == 1 and keeper.store.load_game() is None
    assert flow.generation == before + 1  # a turn under way stops at its next step


def test_save_game_encodes_the_match_once(monkeypatch):
    calls = []
    real = records.dumps
    monkeypatch.setattr(storage.records, "dumps", lambda m: calls.append(1) or real(m))
    store = Store(MemoryBackend())
    table = Table.new(4)
    assert store.save_game(table.match, 0) == SAVED and len(calls) == 1
    assert store.save_game(table.match, 0) == SAVED and len(calls) == 2  # unchanged: no new revision
    assert store.revision == 1


def test_practice_turned_on_during_a_replay_is_saved_with_the_match():
    from ui.model.replay import replay_table

    flow, keeper, _ = flow_on(Table.new(5))
    flow.save()
    hand = flow.table.hand_record()
    flow.start_replay(replay_table(hand))
    flow.start_practice()
    assert keeper.store.load_game().practice is not None


def test_adopting_another_tabs_match_leaves_a_replays_counts_alone():
    from ui.model.replay import replay_table

    backend = MemoryBackend()
    flow, _, _ = flow_on(Table.new(5), store=Store(backend))
    flow.save()
    other = Store(backend)
    theirs = Table.from_saved(other.load_game(), other.load_stats())
    theirs.match.apply(theirs.match.game.legal_actions()[0])
    other.save_game(theirs.match, 0)
    replay = replay_table(flow.table.hand_record())
    throwaway = replay.stats
    flow.start_replay(replay)
    assert flow.adopt_newer()
    assert flow.table is replay and replay.stats is throwaway
    assert records.dumps(flow.match.match) == records.dumps(theirs.match)


def test_a_stopped_flow_lets_the_computer_play_no_more():
    table = Table.new(next(s for s in range(1, 80) if Table.new(s).computer_to_move()))
    asked = []
    flow = Flow(table, Settings(), ask=lambda *a: asked.append(a), sleep=None, clock=lambda: 0.0)
    flow.stop()
    coro = flow.computer_turns()
    try:
        coro.send(None)
    except StopIteration:
        pass
    assert asked == [] and table.computer_to_move()
