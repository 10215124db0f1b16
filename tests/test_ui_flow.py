"""ui.model.flow: the page's turn loop in CPython, with a fake clock and the real bots."""

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor

import pytest

from ui.model import botcall
from ui.model.flow import Flow, run_now
from ui.model.pace import PACES
from ui.model.settings import Settings
from ui.model.table import COMPUTER, HUMAN, Table


def run(coro):
    """``asyncio.run`` in a thread of its own: ``make test`` runs the e2e tests
    in the same processes, and Playwright keeps an event loop running on the
    main thread there."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


class Clock:
    """Fake time: ``sleep`` advances it (and records each pause) without waiting."""

    def __init__(self):
        self.now = 0.0
        self.slept = []

    def __call__(self):
        return self.now

    async def sleep(self, seconds):
        self.slept.append(round(seconds, 6))
        self.now += seconds
        await asyncio.sleep(0)


def real_bot(function, view_json, level=None):
    assert function == "choose"
    return botcall.choose_json(view_json, level)


def make_flow(table, ask=real_bot, pace=None, clock=None, **kw):
    clock = clock or Clock()
    logged = []
    flow = Flow(table, Settings(), ask=ask, sleep=clock.sleep, clock=clock, pace=pace,
                log=lambda where, exc: logged.append((where, str(exc))), level="random", **kw)
    return flow, clock, logged


def seed_where(test):
    return next(s for s in range(1, 200) if test(Table.new(s)))


def first_card(table):
    return next(a for a in table.view(HUMAN)["legal"] if a.startswith("play:"))


def test_a_card_then_the_computer_answers_until_the_players_turn():
    table = Table.new(seed_where(lambda t: t.human_to_move()))
    swept = []

    async def gather(winner):
        swept.append(winner)

    flow, clock, logged = make_flow(table, pace=PACES["normal"], gather=gather)
    before = len(table.view(HUMAN)["history"])
    run(flow.human([first_card(table)]))
    history = table.view(HUMAN)["history"]
    assert [h["player"] for h in history[before:]][:2] == [HUMAN, COMPUTER]
    assert table.human_to_move() or table.hand_over
    assert not flow.busy and not flow.thinking and table.showing_trick is None
    assert flow.gathered == "timed" and not logged and not flow.notices
    assert PACES["normal"]["show_trick"] in clock.slept  # the finished trick stayed on show...
    assert swept and set(swept) <= {"you", "computer"}  # ...then was swept to its winner


def test_a_move_out_of_turn_or_not_legal_does_nothing():
    table = Table.new(seed_where(lambda t: t.human_to_move()))
    flow, _, _ = make_flow(table)
    legal = table.view(HUMAN)["legal"]
    illegal = next(f"play:{c}" for c in "9C JC QC KC TC AC 9D AD".split() if f"play:{c}" not in legal)
    run_now(flow.human([illegal]))
    assert table.view(HUMAN)["history"] == [] and table.human_to_move()


def test_the_computer_leads_when_the_deal_gives_it_the_move():
    table = Table.new(seed_where(lambda t: t.computer_to_move()))
    flow, _, _ = make_flow(table)
    run_now(flow.computer_turns())
    assert table.human_to_move() or table.hand_over
    assert table.view(HUMAN)["history"][0]["player"] == COMPUTER


def test_the_think_pause_is_topped_up_to_the_pace_when_the_bot_answers_fast():
    table = Table.new(seed_where(lambda t: t.computer_to_move()))
    clock = Clock()

    def slowish_bot(function, view_json, level=None):
        clock.now += 0.2  # the bot took 0.2 s of the pace's 0.5
        return real_bot(function, view_json, level)

    flow, _, _ = make_flow(table, ask=slowish_bot, pace=PACES["normal"], clock=clock)
    run(flow.computer_turns())
    assert clock.slept[0] == pytest.approx(PACES["normal"]["think"] - 0.2)


def test_a_bot_slower_than_the_pace_is_not_paused_further():
    table = Table.new(seed_where(lambda t: t.computer_to_move()))
    clock = Clock()

    def slow_bot(function, view_json, level=None):
        clock.now += 2.0
        return real_bot(function, view_json, level)

    flow, _, _ = make_flow(table, ask=slow_bot, pace={**PACES["normal"], "travel": 0}, clock=clock)
    run(flow.computer_turns())
    assert set(clock.slept) <= {PACES["normal"]["show_trick"]}  # no think pause on top of a slow answer


def test_hurry_cuts_the_show_trick_pause_short():
    table = Table.new(seed_where(lambda t: t.human_to_move()))
    pace = PACES["slow"]
    shown = []

    async def sleep(seconds):
        if seconds == pace["show_trick"]:
            shown.append(seconds)
            asyncio.get_running_loop().call_soon(flow.hurry)  # the player taps the trick
            await asyncio.Event().wait()  # a real pause would never end in this test
        await asyncio.sleep(0)

    gathers = []

    async def gather(winner):
        gathers.append(winner)

    flow = Flow(table, Settings(), ask=real_bot, sleep=sleep, clock=lambda: 0.0, gather=gather,
                pace=pace, level="random")
    run(asyncio.wait_for(flow.human([first_card(table)]), 5))
    assert shown and flow.gathered == "hurried"
    assert gathers == []  # a hurried trick skips its sweep
    assert table.showing_trick is None and (table.human_to_move() or table.hand_over)


def test_a_hurry_while_the_last_card_lands_skips_the_whole_pause():
    table = Table.new(seed_where(lambda t: t.human_to_move()))
    clock = Clock()
    pace = PACES["normal"]

    async def sleep(seconds):
        if seconds == pace["travel"] and table.showing_trick is not None:
            flow.hurry()  # tapped while the trick's last card was still travelling
        await clock.sleep(seconds)

    flow = Flow(table, Settings(), ask=real_bot, sleep=sleep, clock=clock, pace=pace, level="random")
    run(flow.human([first_card(table)]))
    assert flow.gathered == "hurried" and pace["show_trick"] not in clock.slept


def test_a_table_replaced_mid_turn_stops_the_old_turn():
    old = Table.new(seed_where(lambda t: t.computer_to_move()))
    new = Table.new(seed_where(lambda t: t.human_to_move()))

    async def ask(function, view_json, level=None):
        flow.replace(new)  # a new match came while the bot was thinking
        await asyncio.sleep(0)
        return real_bot(function, view_json, level)

    flow, _, _ = make_flow(old, ask=ask)
    run(flow.computer_turns())
    assert old.view(HUMAN)["history"] == [] and new.view(HUMAN)["history"] == []
    assert not flow.busy and flow.table is new


def test_a_new_match_while_the_computer_thinks_is_saved_before_the_page_shows_it():
    """The old turn's last render already shows the new table: the save must
    not wait for that turn to end, or a reload (or a test) in between finds the old match."""
    old = Table.new(seed_where(lambda t: t.computer_to_move()))
    answered = asyncio.Event()
    shown = []

    async def ask(function, view_json, level=None):
        await answered.wait()
        return real_bot(function, view_json, level)

    saved = []
    flow, _, _ = make_flow(old, ask=ask, save=saved.append,
                           draw=lambda *drawn: shown.append((flow.table, list(saved))))

    async def scenario():
        turn = asyncio.ensure_future(flow.computer_turns())
        await asyncio.sleep(0)
        assert flow.thinking
        new_match = asyncio.ensure_future(flow.new_match(seed=9))
        await asyncio.sleep(0)
        answered.set()
        await asyncio.gather(turn, new_match)

    run(scenario())
    new = flow.table
    assert new is not old and new.match.seed == 9 and old.view(HUMAN)["history"] == []
    renders_of_new = [saves for table, saves in shown if table is new]
    assert renders_of_new and all(new in saves for saves in renders_of_new)  # saved before shown
    assert saved[0] is new


@pytest.mark.parametrize("answer", ["play:XX", "garbled!", ""])
def test_a_bad_bot_answer_is_logged_and_shown_and_the_game_goes_on(answer):
    table = Table.new(seed_where(lambda t: t.computer_to_move()))
    calls = []

    def bad_then_good(function, view_json, level=None):
        calls.append(json.loads(view_json))
        return answer if len(calls) == 1 else real_bot(function, view_json, level)

    flow, _, logged = make_flow(table, ask=bad_then_good)
    run_now(flow.computer_turns())
    assert flow.notices == ["notice.bot_failed"]
    assert logged and repr(answer) in logged[0][1]
    assert table.view(HUMAN)["history"], "the table played on"
    assert table.human_to_move() or table.hand_over
    assert not flow.busy


def test_a_bot_call_that_raises_leaves_the_table_playable():
    table = Table.new(seed_where(lambda t: t.computer_to_move()))

    async def broken(function, view_json, level=None):
        raise RuntimeError("worker gone")

    flow, _, logged = make_flow(table, ask=broken)
    run_now(flow.computer_turns())
    assert logged == [("bot choose", "worker gone")]
    assert "notice.bot_failed" in flow.notices
    assert not flow.busy and not flow.thinking
    assert table.human_to_move() or table.hand_over
    if table.human_to_move():  # the player's card is taken as usual
        flow.ask = real_bot
        run_now(flow.human([first_card(table)]))
        assert table.human_to_move() or table.hand_over


def test_a_hint_is_kept_only_for_the_position_it_was_asked_in():
    table = Table.new(seed_where(lambda t: t.human_to_move()))
    legal = table.view(HUMAN)["legal"]
    flow, _, _ = make_flow(table, ask=lambda function, view_json: legal[-1])
    run_now(flow.ask_hint())
    assert table.hint == legal[-1] and not flow.hint_pending


def test_new_match_and_replay_sequencing():
    table = Table.new(seed_where(lambda t: t.human_to_move()))
    flow, _, _ = make_flow(table)
    run_now(flow.human([first_card(table)]))
    replayed = Table.new(3)
    flow.start_replay(replayed)
    assert flow.table is replayed and flow.match is table
    run_now(flow.back_to_match())
    assert flow.table is table and flow.match_table is None
    generation = flow.generation
    run_now(flow.new_match(seed=9))
    assert flow.table is not table and flow.table.match.seed == 9 and flow.generation > generation
    assert table.stats.matches_lost == 1  # the abandoned match counts as lost


def test_the_hand_on_the_table_is_dealt_again_apart_from_the_match():
    table = Table.new(seed_where(lambda t: t.human_to_move()))
    flow, _, _ = make_flow(table)
    while not table.hand_over:
        if table.human_to_move():
            run_now(flow.human([first_card(table)]))
    scores = list(table.match.scores)
    flow.replay_this_hand(other_seat=True)
    replay = flow.table
    assert replay is not table and flow.match_table is table and replay.replay_of is not None
    # the same deck, the seats swapped: the player holds the computer's first cards
    assert replay.game.deck == table.game.deck and replay.game.dealer == table.game.dealer ^ 1
    assert replay.replay_of.other_seat and replay.replay_of.facts == table.result_facts()
    run_now(flow.back_to_match())
    assert flow.table is table and list(table.match.scores) == scores  # the replay counted nowhere
    flow.replay_hand(table.hand_record())  # a hand from a link: the same deal, no first result
    link = flow.table
    assert (link.game.deck, link.game.dealer) == (table.game.deck, table.game.dealer)
    assert link.replay_of.facts == {} and not link.replay_of.other_seat


def test_run_now_refuses_a_flow_that_waits():
    table = Table.new(seed_where(lambda t: t.human_to_move()))
    flow, _, _ = make_flow(table, pace=PACES["normal"])
    with pytest.raises(RuntimeError, match="zero pace"):
        run_now(flow.human([first_card(table)]))


def test_a_take_back_in_practice_undoes_the_move_and_the_answers_and_saves():
    table = Table.new(seed_where(lambda t: t.human_to_move()), practice=True)
    saved = []
    flow, _, _ = make_flow(table, save=saved.append)
    before = table.view(HUMAN)
    run_now(flow.human([first_card(table)]))
    assert table.view(HUMAN)["history"] != before["history"]
    flow.state.busy = True  # a move under way: nothing is taken back
    assert not flow.take_back()
    flow.state.busy = False
    saved.clear()
    assert flow.take_back()
    assert table.view(HUMAN) == before and saved == [table]
    assert not flow.take_back()  # nothing left to take back


def test_a_new_match_is_a_practice_match_when_asked():
    flow, _, _ = make_flow(Table.new(3))
    run_now(flow.new_match(5, practice=True))
    assert flow.table.practice == (0, 0) and flow.table.match.seed == 5
    run_now(flow.new_match(6))
    assert flow.table.practice is None


def test_an_uncapped_flow_asks_every_bot_call_without_the_wall_time_cap():
    table = Table.new(seed_where(lambda t: t.human_to_move()))
    calls = []

    def ask(function, view_json, *args):
        calls.append((function, args))
        return table.view(HUMAN)["legal"][0] if function == "hint" else botcall.choose_json(view_json, *args)

    for capped, extra in ((True, ()), (False, (False,))):
        calls.clear()
        flow, _, _ = make_flow(table, ask=ask, capped=capped)
        run_now(flow.ask_hint())
        run_now(flow.human([first_card(table)]))
        assert calls[0] == ("hint", extra)
        assert calls[1:] and all(c == ("choose", ("random", *extra)) for c in calls[1:])
