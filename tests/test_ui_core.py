"""The model side's one door (ui/model/core.py), driven as the page drives it:
commands in as JSON text, messages out as JSON text, nothing else.

Each test builds a :class:`Core` on a fake localStorage with a real bot and a
fake clock, sends what the DOM layer sends (ui/dom/events.py, options.py,
sync.py) and reads back only the messages, as the DOM layer will from the worker.
"""

import asyncio
import json
from pathlib import Path

import pytest
from tests.test_ui_flow import Clock, run
from tests.test_ui_storage import MemoryBackend

from ui.model import botcall
from ui.model.core import COMMANDS, MESSAGES, CommandError, Core, parse_command, valid_setting
from ui.model.i18n import LANGUAGES, Translator, load_catalog
from ui.model.settings import UrlOptions
from ui.model.storage import GAME_KEY, SETTINGS_KEY, STATS_KEY
from ui.model.table import HUMAN

CATALOGS = {lang: load_catalog(lang) for lang in LANGUAGES}


ROOT = Path(__file__).resolve().parent.parent


def bot(function, *args):
    """The worker's bot answers (ui/model/botcall.py's ANSWERS), the computer at random."""
    if function == "review_step":
        return botcall.review_step_json(*args)
    return botcall.choose_json(args[0], "random")


async def fetch_text(path):
    """The site's files, from the repository (as dist/ serves them)."""
    return (ROOT / path).read_text(encoding="utf-8")


class Tab:
    """One page's model side: the core, what it posted, what it logged."""

    def __init__(self, query="?seed=3&level=random", backend=None):
        self.clock = Clock()
        self.backend = backend if backend is not None else MemoryBackend()
        self.posted, self.logged = [], []
        translators = {lang: Translator(lang, dict(c)) for lang, c in CATALOGS.items()}
        self.core = Core(UrlOptions.parse(query), translators, backend=self.backend, post=self.posted.append,
                         ask=bot, sleep=self.clock.sleep, clock=self.clock,
                         log=lambda where, exc: self.logged.append(f"{where}: {exc}"), warn=self.logged.append,
                         fetch_text=fetch_text)

    @property
    def table(self):
        return self.core.flow.table

    def send(self, do, **args):
        """A command, and everything it set going run to its end; the messages it caused."""
        return self.send_text(json.dumps(dict(args, do=do)))

    def send_text(self, text):
        async def drive():
            self.core.handle(text)
            while [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]:
                await asyncio.sleep(0)

        run(drive())
        return self.take()

    def take(self):
        """The messages posted since the last look, parsed: JSON objects with a known kind."""
        messages = [json.loads(text) for text in self.posted]
        self.posted.clear()
        assert all(m["kind"] in MESSAGES for m in messages), messages
        return messages

    def start(self):
        self.core.render()
        run(self.core.run())
        return self.take()


def kinds(messages):
    return [m["kind"] for m in messages]


def last_model(messages):
    return [m for m in messages if m["kind"] == "render"][-1]["model"]


def at_players_turn(test=lambda tab: True):
    """A started tab at the player's turn where ``test(tab)`` holds, playing first legal cards to get there."""
    for seed in range(1, 60):
        tab = Tab(f"?seed={seed}&level=random")
        tab.start()
        for _ in range(12):
            if tab.table.hand_over:
                break
            if tab.table.human_to_move() and test(tab):
                return tab
            card = next(a for a in tab.table.view(HUMAN)["legal"] if a.startswith("play:"))
            tab.send("tap_card", code=card[5:], focus_at=None)
    raise AssertionError("no such position")


def test_a_tap_plays_the_card_at_once_and_the_table_is_drawn_from_the_messages():
    tab = at_players_turn()
    card = next(a for a in tab.table.view(HUMAN)["legal"] if a.startswith("play:"))[5:]
    before = len(tab.table.game.action_notations())
    messages = tab.send("tap_card", code=card, focus_at=1)
    assert kinds(messages)[0] == "hold"  # "wait" before anything else
    assert f"play:{card}" in tab.table.game.action_notations()[before:]
    model = last_model(messages)
    assert card not in [c["code"] for c in model["my_cards"]]
    assert model["to_move"] == ("you" if tab.table.human_to_move() else "none")
    playable = [m["model"] for m in messages if m["kind"] == "render" and m["model"]["to_move"] == "you"]
    if playable:  # the keyboard focus comes back where the card was, once; then it is the player's
        assert [m["focus"] for m in playable] == [1] + [None] * (len(playable) - 1)
    assert not tab.logged


@pytest.mark.parametrize("focus", [True, False])
def test_the_exchange_button_s_keyboard_focus_lands_on_the_hand(focus):
    # The button goes with the exchange and the player still leads: a keyboard
    # player's focus goes to the first card, not to <body>; a tap moves nothing.
    tab = at_players_turn(lambda tab: "exchange" in tab.table.view(HUMAN)["legal"])
    messages = tab.send("press", name="exchange", focus=focus)
    assert "exchange" in tab.table.game.action_notations()
    playable = [m["model"] for m in messages if m["kind"] == "render" and m["model"]["to_move"] == "you"]
    assert playable and not playable[-1]["buttons"]["exchange"]
    assert playable[0]["focus"] == (0 if focus else None)  # asked once, then left to the player
    assert all(m["focus"] is None for m in playable[1:])
    assert not tab.logged


def test_a_double_tap_on_close_only_asks_and_never_answers_its_own_question():
    # The question takes the button's place: a double tap (or double click) on
    # "Close" lands its second tap on "Close?", which must not close.
    tab = at_players_turn(lambda tab: "close" in tab.table.view(HUMAN)["legal"])
    before = len(tab.table.game.action_notations())
    press = json.dumps({"do": "press", "name": "close", "focus": False})
    models = []

    async def taps():
        tab.core.handle(press)
        tab.core.handle(press)  # at once: the same gesture
        models.append(last_model(tab.take()))
        assert tab.core.flow.armed == "close" and not tab.table.game.action_notations()[before:]
        while tab.core.flow.armed == "close" and not tab.core.flow.state.answerable:
            await asyncio.sleep(0)  # the question's clock runs (fake time)
        models.append(last_model(tab.take()))
        tab.core.handle(press)  # a tap once the question may be answered

    run(taps())
    assert "close" in tab.table.game.action_notations()[before:]
    assert models[0]["armed"] == "close" and models[0]["armed_waits"] and "close" not in models[0]["acts_at_once"]
    assert models[1]["armed"] == "close" and not models[1]["armed_waits"] and "close" in models[1]["acts_at_once"]


def test_a_card_that_may_not_be_played_is_refused_in_words_and_nothing_waits():
    def has_illegal(tab):
        legal = tab.table.view(HUMAN)["legal"]
        return any(f"play:{c}" not in legal for c in tab.table.game.hand(HUMAN))

    tab = at_players_turn(has_illegal)
    legal = tab.table.view(HUMAN)["legal"]
    card = next(c for c in tab.table.game.hand(HUMAN) if f"play:{c}" not in legal)
    actions = list(tab.table.game.action_notations())
    tab.core.render()
    before = last_model(tab.take())["messages"]
    messages = tab.send("tap_card", code=card, focus_at=None)
    assert kinds(messages) == ["render"]
    new = [line for line in last_model(messages)["messages"] if line not in before]
    openings = {text.split("{")[0] for key, text in CATALOGS["pt"].items() if key.startswith("illegal.")}
    assert len(new) == 1 and any(new[0].startswith(o) for o in openings), new
    assert tab.table.game.action_notations() == actions and not tab.logged


BAD = [
    "not json",
    "[]",
    '{"do": "fly"}',
    '{"do": "tap_card"}',
    '{"do": "tap_card", "code": "QH", "focus_at": "2"}',
    '{"do": "tap_card", "code": "QH", "focus_at": true}',
    '{"do": "tap_card", "code": "QH", "focus_at": null, "also": 1}',
    '{"do": "next_hand", "focus": 1}',
    '{"do": "new_match", "seed": true, "confirmed": false}',
    '{"do": "choose", "name": "level", "value": "godlike"}',
    '{"do": "choose", "name": "coached", "value": true}',
    '{"do": "choose", "name": "sound", "value": "yes"}',
    '{"do": "tell_once", "key": "msg.resumed"}',
    '{"do": "tap_card", "code": "ZZ", "focus_at": null}',
    '{"do": "show", "what": "review", "today": "2026-12-05"}',
    '{"do": "show", "what": "stats", "today": "yesterday"}',
    '{"do": "review", "hand": "1", "today": "2026-12-05"}',
    '{"do": "review", "hand": 40, "today": "2026-12-05"}',
    '{"do": "lesson", "id": 3}',
    '{"do": "begin", "hash": "", "held": "QH", "today": "2026-12-05"}',
    '{"do": "review_computer", "show": 1}',
]


@pytest.mark.parametrize("text", BAD)
def test_a_command_that_cannot_be_taken_is_logged_and_changes_nothing(text):
    tab = at_players_turn()
    saved = dict(tab.backend.items)
    actions = list(tab.table.game.action_notations())
    assert tab.send_text(text) == []
    assert len(tab.logged) == 1 and tab.logged[0].startswith("command: ")
    assert tab.backend.items == saved and tab.table.game.action_notations() == actions


def test_the_command_table_parses_its_own_kinds():
    assert parse_command('{"do": "new_match", "seed": 7, "confirmed": true}') == (
        "new_match", {"seed": 7, "confirmed": True})
    assert parse_command('{"do": "choose", "name": "coach", "value": false}')[1]["value"] is False
    with pytest.raises(CommandError):
        parse_command('{"do": "new_match", "seed": 7.5, "confirmed": true}')
    assert set(COMMANDS) == {name[3:] for name in dir(Core) if name.startswith("on_")}
    assert valid_setting("lang", "it") and not valid_setting("lang", "en") and not valid_setting("coached", [])


def test_back_to_the_match_lands_the_focus_on_the_table_never_on_body():
    # The "back" button goes with the replay: focus to the table's heading at
    # once, and to the first card once the player may play.
    tab = at_players_turn()
    match_table = tab.table
    tab.send("replay", other_seat=False)
    assert tab.table is not match_table
    messages = tab.send("back_to_match")
    assert tab.table is match_table
    assert {"kind": "focus", "id": "app-title"} in messages
    playable = [m["model"] for m in messages if m["kind"] == "render" and m["model"]["to_move"] == "you"]
    assert playable and playable[0]["focus"] == 0
    assert not tab.logged


def test_a_new_match_over_one_in_progress_is_asked_first_then_dealt():
    tab = at_players_turn(lambda tab: tab.table.in_progress)
    old = tab.table
    lost = old.stats.matches_lost
    messages = tab.send("new_match", seed=None, confirmed=False)
    assert messages == [{"kind": "ask", "key": "confirm.new_match",
                         "then": {"do": "new_match", "seed": None, "confirmed": True}}]
    assert tab.table is old
    messages = tab.send_text(json.dumps(messages[0]["then"]))
    assert kinds(messages)[0] == "hold" and "render" in kinds(messages)
    assert {"kind": "focus", "id": "app-title"} in messages
    assert {"kind": "address", "changes": {"seed": None}} in messages  # a reload resumes this match, not the link's
    assert tab.table is not old and tab.table.stats.matches_lost == lost + 1  # abandoned: lost
    assert not tab.logged


def test_settings_are_checked_saved_and_in_force_at_once():
    tab = at_players_turn()
    messages = tab.send("choose", name="lang", value="it")
    assert messages[:2] == [{"kind": "address", "changes": {"lang": "it"}}, {"kind": "language", "lang": "it"}]
    assert last_model(messages)["lang"] == "it" and tab.core.texts().lang == "it"
    assert json.loads(tab.backend.items[SETTINGS_KEY])["lang"] == "it"
    assert tab.send("choose", name="coach", value=False) == []  # saved, nothing to draw
    assert json.loads(tab.backend.items[SETTINGS_KEY])["coach"] is False
    messages = tab.send("choose", name="practice", value=True)
    assert tab.table.practice is not None and last_model(messages)["practice"] is True
    assert not tab.logged


def test_a_seed_link_over_a_match_in_progress_waits_for_the_players_answer():
    first = at_players_turn(lambda tab: tab.table.in_progress)
    tab = Tab("?seed=999&level=random", backend=first.backend)
    assert tab.core.ask_seed == 999 and tab.table.match.seed == first.table.match.seed
    assert tab.send("drop_seed") == [{"kind": "address", "changes": {"seed": None}}]
    assert tab.core.url.seed is None
    assert tab.send("drop_seed") == []  # once


def test_another_tabs_match_and_statistics_are_adopted():
    one = at_players_turn()
    two = Tab("?level=random", backend=one.backend)
    two.start()
    card = next(a for a in one.table.view(HUMAN)["legal"] if a.startswith("play:"))[5:]
    one.send("tap_card", code=card, focus_at=None)
    messages = two.send("storage", key=GAME_KEY)
    assert two.table.game.action_notations() == one.table.game.action_notations()
    assert last_model(messages)["notice_text"] == CATALOGS["pt"]["notice.other_tab"]
    one.table.stats.count_match(False)
    one.core.keeper.save_stats(one.table.stats)
    assert two.table.stats.matches_lost == one.table.stats.matches_lost - 1
    two.send("storage", key=STATS_KEY)
    assert two.table.stats.matches_lost == one.table.stats.matches_lost


def hand_over_tab():
    tab = at_players_turn()
    while not tab.table.hand_over:
        card = next(a for a in tab.table.view(HUMAN)["legal"] if a.startswith("play:"))
        tab.send("tap_card", code=card[5:], focus_at=None)
    return tab


def test_a_new_version_takes_over_between_hands_and_never_mid_hand():
    tab = at_players_turn(lambda tab: tab.table.in_progress)
    messages = tab.send("outdated")  # mid-hand: said, not reloaded
    assert kinds(messages) == ["render"] and CATALOGS["pt"]["notice.outdated"] in last_model(messages)["notice_text"]
    assert tab.send("outdated") == []  # once
    ended = hand_over_tab()
    assert "reload" in kinds(ended.send("outdated"))
    waiting = hand_over_tab()
    assert kinds(waiting.send("update_ready")) == ["render"]
    hands = len(waiting.table.match.games)
    messages = waiting.send("next_hand", focus=False)
    assert "apply_update" in kinds(messages) and len(waiting.table.match.games) == hands + 1  # saved first
    messages = waiting.send("play_on")  # the update could not take over: the table plays on
    assert kinds(messages)[0] == "render" and not waiting.logged


def test_the_model_is_posted_as_an_object_not_a_string_in_a_string():
    tab = Tab()
    tab.core.render()
    (text,) = tab.posted
    assert text.startswith('{"kind":"render","model":{"lang":"pt",')


def test_the_sheet_and_the_statistics_come_in_words():
    tab = hand_over_tab()
    (message,) = tab.send("show", what="sheet", today="2026-12-05")
    sheet = message["sheet"]
    assert message["kind"] == "sheet" and len(sheet["rows"]) == 1 and sheet["rows"][0][2] == 1  # hand 1
    assert len(sheet["headings"]) == len(sheet["rows"][0][0]) + 1  # and its review button's column
    (message,) = tab.send("show", what="stats", today="2026-12-05")
    stats = message["stats"]
    assert message["kind"] == "stats" and stats["header"][0] and stats["lines"] == []
    assert len(stats["header"]) == 2 and all(len(row) == 2 for row in stats["rows"])  # one level counted
    tab.send("choose", name="lang", value="it")
    (message,) = tab.send("show", what="stats", today="2026-12-05")
    assert message["stats"]["none"] == CATALOGS["it"]["stats.none"]
    tab.send("reset_stats")
    (message,) = tab.send("show", what="stats", today="2026-12-05")
    assert len(message["stats"]["header"]) == 1  # nothing counted any more: the line that says so
    (message,) = Tab(backend=tab.backend).send("show", what="stats", today="2026-12-05")
    assert len(message["stats"]["header"]) == 1  # saved so: a reload finds nothing counted
    assert not tab.logged


def test_the_dom_sides_link_reads_every_message_as_its_handlers_use_it():
    """ui/dom/link.py on the other end: each message kind reaches its handler,
    the models as views read by attribute, as the renderer and dialogs read them."""
    from ui.dom.link import CoreLink

    tab = hand_over_tab()
    seen, logged = [], []
    link = CoreLink(tab.core.handle, lambda where, exc: logged.append(str(exc)))
    for kind in MESSAGES:
        link.on(kind, lambda kind=kind, **fields: seen.append((kind, fields)))
    tab.core.render()
    for text in tab.posted:
        link.receive(text)
    tab.posted.clear()
    link.send("show", what="sheet", today="2026-12-05")
    link.send("show", what="stats", today="2026-12-05")
    for text in tab.posted:
        link.receive(text)
    shown = dict(seen[-2:])
    assert shown["sheet"]["sheet"].summary and shown["sheet"]["sheet"].rows[0][2] == 1
    assert shown["stats"]["stats"].header[0] and link.model.hand_over is True
    assert link.armed() == "" and link.trick_on_show() is False
    link.receive('{"kind": "fly"}')
    assert logged == ["no handler for the message 'fly'"] and not tab.logged
