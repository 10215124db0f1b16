"""The worker that holds the model side (ui/core_worker.py) and its copy of the
page's storage (ui/model/mirror.py), driven as js/core-worker.mjs drives
them: JSON text in, JSON text out, the page's localStorage written only from
the ``store`` messages."""

import asyncio
import json

from tests.test_ui_flow import run
from tests.test_ui_storage import MemoryBackend

from ui.core_worker import CoreHost
from ui.model.mirror import MirrorBackend
from ui.model.storage import GAME_KEY, SETTINGS_KEY, Store
from ui.model.table import HUMAN

QUERY = "?seed=3&level=random&fast=1"


class Console:
    def __init__(self):
        self.errors, self.warnings = [], []

    def error(self, text):
        self.errors.append(text)

    def warn(self, text):
        self.warnings.append(text)


class Page:
    """The page's end: what the worker posted, and localStorage as the shim keeps it."""

    def __init__(self, storage=None):
        self.local = MemoryBackend()
        for key, value in (storage or {}).items():
            self.local.setItem(key, value)
        self.messages = []
        #: Every message's kind in the order posted, the stores' included.
        self.posted = []
        self.console = Console()

    def post(self, text):
        self.posted.append(json.loads(text)["kind"])
        if text.startswith('{"kind":"store",'):  # js/core-link.js writes these, unparsed by the DOM layer
            data = json.loads(text)
            if data["value"] is None:
                self.local.removeItem(data["key"])
            else:
                self.local.setItem(data["key"], data["value"])
        else:
            self.messages.append(json.loads(text))

    def kinds(self):
        return [m["kind"] for m in self.messages]


async def settle():
    while [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]:
        await asyncio.sleep(0)


async def fetch_text(path):
    raise OSError("not in these tests")


def booted(page, query=QUERY, storage=True):
    host = CoreHost(page.post, fetch_text, page.console)
    items = dict(page.local.items) if storage else None
    host.receive(json.dumps({"do": "boot", "query": query, "storage": items, "langs": ["it-IT"]}))
    return host


async def begun(page, storage=True):
    """A worker booted and its page begun (the table drawn, the computer's turns played)."""
    host = booted(page, storage=storage)
    host.receive(json.dumps({"do": "begin", "hash": "", "today": "2026-12-05"}))
    await settle()
    return host


def first_card(host):
    return next(a for a in host.core.flow.table.view(HUMAN)["legal"] if a.startswith("play:"))[5:]


def test_the_worker_builds_the_table_and_the_page_keeps_what_it_saves():
    async def go():
        page = Page()
        host = await begun(page)
        assert page.kinds()[:2] == ["booted", "render"]
        table = host.core.flow.table
        assert table.human_to_move()
        host.receive(json.dumps({"do": "tap_card", "code": first_card(host), "focus_at": None}))
        await settle()
        # the page's storage holds what the worker's store wrote, and a page opened on it resumes it
        assert Store(page.local).load_game().match.game.action_notations() == table.game.action_notations()
        again = booted(page)
        assert again.core.flow.table.game.action_notations() == table.game.action_notations()
        assert page.messages[-1]["kind"] == "booted" and not page.console.errors

    run(go())


def test_booted_comes_before_the_writes_of_the_new_core_s_start():
    # The tests' reset (js/core-link.js) drops what the worker posts before
    # "booted": the damaged item put right by the new core's start must follow it.
    for key in (GAME_KEY, SETTINGS_KEY):
        page = Page({key: "[" * 4479})
        booted(page)
        assert page.posted[0] == "booted" and "store" in page.posted[1:], page.posted
        assert page.local.getItem(key) != "[" * 4479


def test_a_core_replaced_by_a_new_boot_never_writes_again():
    # The tests' reset boots a new core over a stopped one whose turn may still
    # be under way: its late writes (a coach tip's settings, once) would land in
    # the storage of the next test's table, after the reset's "booted".
    async def go():
        page = Page()
        host = await begun(page)
        old = host.core
        host.receive(json.dumps({"do": "boot", "query": QUERY, "storage": {}, "langs": ["it-IT"]}))
        after = len(page.posted)
        old.flow.render()
        old.keeper.save_settings(old.flow.state.settings.replace(practice=True))
        old.keeper.save(old.flow.table)
        await settle()
        assert "store" not in page.posted[after:], page.posted[after:]
        assert not Store(page.local).load_settings().practice

    run(go())


def test_storage_blocked_plays_without_saving_and_a_command_before_the_boot_is_refused():
    async def go():
        page = Page()
        host = CoreHost(page.post, fetch_text, page.console)
        host.receive('{"do": "hint"}')
        assert page.console.errors == ["Sixty-Six: command: RuntimeError: a command before the boot"]
        host = await begun(page, storage=False)
        assert "render" in page.kinds() and page.local.items == {}

    run(go())


def test_another_tab_s_write_reaches_the_worker_s_copy_first():
    async def go():
        page = Page()
        host = booted(page)
        settings = json.dumps({"lang": "it", "level": "hard"})
        host.receive(json.dumps({"do": "stored", "key": SETTINGS_KEY, "value": settings}))
        assert host.backend.getItem(SETTINGS_KEY) == settings
        host.receive(json.dumps({"do": "stored", "key": SETTINGS_KEY, "value": None}))
        assert host.backend.getItem(SETTINGS_KEY) is None

    run(go())


def test_a_write_the_page_refused_makes_the_next_save_fail_with_a_notice():
    async def go():
        page = Page()
        host = await begun(page)
        assert page.local.getItem(GAME_KEY) is not None
        # the page could not write the next position: it still holds the one before
        host.receive(json.dumps({"do": "refused", "key": GAME_KEY, "value": page.local.getItem(GAME_KEY)}))
        await settle()
        notice = [m for m in page.messages if m["kind"] == "render"][-1]["model"]["notice_text"]
        assert notice  # the player is told the game is not being saved
        host.receive(json.dumps({"do": "tap_card", "code": first_card(host), "focus_at": None}))
        await settle()
        # as with localStorage's own quota (ui/model/storage.py: Store._set), no older
        # position is left behind to be resumed as if it were the latest
        assert page.local.getItem(GAME_KEY) is None

    run(go())


def test_the_tests_hold_keeps_the_computer_thinking_until_let_go():
    async def go():
        page = Page()
        host = await begun(page)
        host.receive('{"do": "hold_bot", "on": true}')
        host.receive(json.dumps({"do": "tap_card", "code": first_card(host), "focus_at": None}))
        for _ in range(50):
            await asyncio.sleep(0)
        flow = host.core.flow
        assert flow.busy and not flow.table.human_to_move()
        assert not [m for m in page.messages if m["kind"] == "timing"]
        host.receive('{"do": "hold_bot", "on": false}')
        await settle()
        assert not flow.busy
        timed = [m for m in page.messages if m["kind"] == "timing"]
        assert timed and all(m["name"] == "sixtysix:choose" and m["ms"] >= 0 for m in timed)

    run(go())


def test_the_mirror_copies_reads_sends_writes_and_fails_after_a_refusal():
    sent = []
    mirror = MirrorBackend({"a": "1", "b": 2}, lambda key, value: sent.append((key, value)))
    assert (mirror.getItem("a"), mirror.getItem("b"), mirror.getItem("c")) == ("1", "2", None)
    mirror.setItem("c", "3")
    mirror.removeItem("a")
    mirror.learn("d", "4")  # another tab's write: not sent back
    assert sent == [("c", "3"), ("a", None)] and mirror.getItem("d") == "4"
    mirror.refused("c")
    store = Store(mirror)
    assert store.save_settings(store.load_settings()) is False and sent == [("c", "3"), ("a", None)]
