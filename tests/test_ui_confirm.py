"""No costly slip: closing the stock and declaring 66 take two taps while the
player's setting is on (the default); the first only asks, and the question
lapses by itself, or is withdrawn by anything else the player does."""

import asyncio
import json
from pathlib import Path

import pytest
from tests.test_ui_flow import Clock, run
from tests.test_ui_storage import MemoryBackend

from ui.model import botcall
from ui.model.flow import Flow
from ui.model.i18n import Translator, load_catalog
from ui.model.page import PageState
from ui.model.present import build
from ui.model.settings import Settings
from ui.model.storage import SETTINGS_KEY, VERSION, Store
from ui.model.table import CONFIRM_AFTER_SECONDS, CONFIRM_SECONDS, COSTLY, HUMAN, Table

ROOT = Path(__file__).resolve().parent.parent


def bot(function, view_json, *args):
    return botcall.choose_json(view_json, "random")


def flow_where(test, settings=None, practice=False):
    """A flow at the player's turn where ``test(legal)`` holds, after the computer's first moves."""
    for seed in range(1, 300):
        clock = Clock()
        heard = []
        flow = Flow(Table.new(seed, practice=practice), settings or Settings(), ask=bot, sleep=clock.sleep,
                    clock=clock, level="random", draw=lambda table, state, events: heard.extend(events))
        run(flow.computer_turns())
        if flow.table.human_to_move() and test(flow.table.view(HUMAN)["legal"]):
            return flow, clock, heard
    raise AssertionError("no such deal")


def said(flow, heard):
    """The live region's keys since the last call (``heard``: what the flow drew)."""
    keys = [e.key for e in heard + flow.table.take_events()]
    heard.clear()
    return keys


def test_the_setting_is_on_by_default_saved_and_validated():
    assert Settings().confirm_moves is True
    assert Settings.from_dict({"confirm_moves": False}).confirm_moves is False
    assert Settings.from_dict({"confirm_moves": "no"}).confirm_moves is True  # odd data falls back
    assert Settings.from_dict({"lang": "it"}).confirm_moves is True  # settings saved before it existed
    store = Store(MemoryBackend())
    store.save_settings(Settings(confirm_moves=False))
    assert store.load_settings() == Settings(confirm_moves=False)
    old = Store(MemoryBackend({SETTINGS_KEY: json.dumps({"version": VERSION, "lang": "pt"})}))
    assert old.load_settings().confirm_moves is True


def test_a_first_tap_on_close_only_asks_and_a_second_closes():
    flow, _, heard = flow_where(lambda legal: "close" in legal)
    said(flow, heard)
    history = len(flow.table.view(HUMAN)["history"])
    arming = flow.tap("close")
    assert arming is not None and flow.armed == "close"
    assert len(flow.table.view(HUMAN)["history"]) == history  # nothing played
    assert said(flow, heard) == ["say.confirm.close"]
    assert flow.tap("close") is None  # the second tap: the move goes ahead
    run(flow.human(["close"]))
    assert flow.armed is None
    assert flow.table.view(HUMAN)["history"][history]["action"] == "close"


def test_the_question_lapses_after_a_few_seconds_unless_asked_again():
    flow, clock, heard = flow_where(lambda legal: "close" in legal)
    said(flow, heard)
    first = flow.tap("close")
    run(flow.lapse(first))
    assert flow.armed is None and clock.slept[-2:] == [CONFIRM_AFTER_SECONDS, CONFIRM_SECONDS - CONFIRM_AFTER_SECONDS]
    assert said(flow, heard) == ["say.confirm.close", "say.confirm.cancelled"]
    assert flow.tap("close") is not None  # asked again from the start
    old = flow.tap("declare") if "declare" in flow.table.view(HUMAN)["legal"] else None
    stale = first  # a timer from an earlier question does nothing
    run(flow.lapse(stale))
    assert flow.armed == ("declare" if old else "close")


def test_anything_else_withdraws_the_question():
    flow, _, heard = flow_where(lambda legal: "close" in legal)
    flow.tap("close")
    card = next(a for a in flow.table.view(HUMAN)["legal"] if a.startswith("play:"))
    run(flow.human([card]))  # a card tapped instead: played, and the question gone
    assert flow.armed is None
    flow, _, heard = flow_where(lambda legal: "close" in legal)
    flow.tap("close")
    said(flow, heard)
    assert flow.disarm() and flow.armed is None  # Escape, a tap elsewhere
    assert said(flow, heard) == ["say.confirm.cancelled"]
    assert not flow.disarm()  # nothing asked: nothing said
    flow.tap("close")
    flow.choose(confirm_moves=False)  # the player turned it off meanwhile
    assert flow.armed is None


def test_with_the_setting_off_one_tap_acts_and_the_exchange_never_asks():
    flow, _, heard = flow_where(lambda legal: "close" in legal, Settings(confirm_moves=False))
    assert flow.tap("close") is None and flow.armed is None
    flow, _, heard = flow_where(lambda legal: "close" in legal)
    assert flow.tap("exchange") is None and flow.tap("hint") is None
    assert set(COSTLY) == {"close", "declare"}


@pytest.mark.parametrize("lang", ["pt", "it"])
def test_the_button_turns_into_its_question(lang):
    tr = Translator(lang, load_catalog(lang, ROOT))
    flow, _, heard = flow_where(lambda legal: "close" in legal)
    m = build(flow.table, flow.state, tr)
    assert m.armed == "" and m.button_texts["close"] == tr.t("button.close")
    flow.tap("close")
    m = build(flow.table, flow.state, tr)
    assert m.armed == "close" and m.button_texts["close"] == tr.t("button.close.confirm")
    assert m.button_texts["declare"] == tr.t("button.declare")
    assert tr.t("button.close.confirm").endswith("?")
    hidden = PageState(settings=Settings(), armed="declare")  # its button not shown: nothing asks
    assert build(flow.table, hidden, tr).armed == ""


def test_practice_keeps_its_take_back_after_a_confirmed_close():
    flow, _, heard = flow_where(lambda legal: "close" in legal, Settings(practice=True), practice=True)
    flow.tap("close")
    flow.tap("close")
    run(flow.human(["close"]))
    assert flow.table.view(HUMAN)["closed_by"] is not None or flow.table.hand_over
    assert flow.take_back() and flow.armed is None
    assert "close" in flow.table.view(HUMAN)["legal"]


def test_the_model_names_the_buttons_whose_tap_acts_at_once():
    # The page says "wait" on such a tap before the worker answers (ui/dom/events.py):
    # never on a tap that only asks, always on the one that confirms.
    tr = Translator("pt", load_catalog("pt", ROOT))
    flow, _, _ = flow_where(lambda legal: "close" in legal)
    shown = [name for name in ("exchange", *COSTLY) if build(flow.table, flow.state, tr).buttons.get(name)]
    assert "close" in shown
    acts = build(flow.table, flow.state, tr).acts_at_once
    assert "close" not in acts and set(acts) == {n for n in shown if n not in COSTLY}
    arming = flow.tap("close")
    assert "close" not in build(flow.table, flow.state, tr).acts_at_once  # the tap that asked goes on
    assert build(flow.table, flow.state, tr).armed_waits

    async def until_answerable():
        lapse = asyncio.ensure_future(flow.lapse(arming))
        while not flow.state.answerable:
            await asyncio.sleep(0)
        lapse.cancel()

    run(until_answerable())
    assert "close" in build(flow.table, flow.state, tr).acts_at_once  # asked: the next tap closes
    assert not build(flow.table, flow.state, tr).armed_waits
    flow, _, _ = flow_where(lambda legal: "close" in legal, settings=Settings(confirm_moves=False))
    assert {n for n in ("exchange", *COSTLY) if build(flow.table, flow.state, tr).buttons.get(n)} == set(
        build(flow.table, flow.state, tr).acts_at_once)
