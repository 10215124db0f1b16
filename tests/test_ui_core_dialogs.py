"""What opens beside the match, through the core's one door
(ui/model/core_dialogs.py): the page's start, the address's links, the
review, the menu, the share links, the deal of the day, the problems and the
course, driven by commands alone and read back from the messages (the
table's state only to set a position up or to check nothing else moved)."""

import asyncio
import json

from tests.test_ui_core import CATALOGS, Tab, kinds, last_model

from sixtysix.review import decision_points, replay
from ui.model import share
from ui.model.lessons import LESSONS
from ui.model.storage import GAME_KEY, SETTINGS_KEY, STATS_KEY
from ui.model.table import HUMAN

TODAY = "2026-12-05"


def first_card(tab):
    return next(a for a in tab.table.view(HUMAN)["legal"] if a.startswith("play:"))[5:]


def play_to_hand_end(tab):
    while not tab.table.hand_over:
        tab.send("tap_card", code=first_card(tab), focus_at=None)


def begun(query="?seed=3&level=random", backend=None, hash=""):
    tab = Tab(query, backend)
    return tab, tab.send("begin", hash=hash, today=TODAY)


# -- the page's start -----------------------------------------------------------
def test_the_start_draws_the_table_and_plays_the_computer_s_turns():
    tab, messages = begun()
    assert kinds(messages)[0] == "render"
    assert last_model(messages)["to_move"] == ("you" if tab.table.human_to_move() else "none")
    assert tab.table.human_to_move() or tab.table.hand_over
    assert not tab.logged


def test_a_seed_link_over_a_match_in_progress_asks_and_keeping_it_opens_the_address_link():
    tab, _ = begun()
    play_to_hand_end(tab)  # a finished hand: the match is in progress
    saved = tab.backend.getItem(GAME_KEY)
    kept, messages = begun("?seed=4&level=random", backend=tab.backend, hash=f"#daily={TODAY}")
    ask = [m for m in messages if m["kind"] == "ask"]
    assert ask == [{"kind": "ask", "key": "confirm.seed", "then": {"do": "new_match", "seed": 4, "confirmed": True},
                    "otherwise": {"do": "drop_seed"}}]
    assert kept.table.replay_of is None  # the link waits for the answer
    messages = kept.send("drop_seed")
    assert {"kind": "address", "changes": {"seed": None}} in messages
    assert kept.table.replay_of.daily == TODAY  # then the address's link opened
    assert kept.core.flow.match_table.match.seed == 3  # the match waits aside, as saved
    assert json.loads(kept.backend.getItem(GAME_KEY))["match"] == json.loads(saved)["match"]


# -- links ------------------------------------------------------------------------
def test_a_broken_link_gives_a_notice_and_the_match_stays():
    for hash in ("#hand=not-a-hand", "#daily=2026-13-45", "#daily=1999-01-01"):
        tab, _ = begun()
        before = tab.table.game.action_notations()
        messages = tab.send("open_link", hash=hash, today=TODAY)
        assert last_model(messages)["notice_text"], hash
        assert tab.table.replay_of is None and tab.table.game.action_notations() == before
        assert any("link refused" in line for line in tab.logged)


def test_a_deal_link_is_replayed_and_a_played_hand_s_link_opens_its_review():
    tab, _ = begun()
    play_to_hand_end(tab)
    hand = tab.table.hand_record()
    deal = share.PREFIX + share.encode(hand["deck"], hand["dealer"], [])
    fresh, started = begun("?seed=9&level=random")
    before = last_model(started)
    assert before["hand_number_text"] == CATALOGS["pt"]["score.hand"].format(n=1)
    model = last_model(fresh.send("open_link", hash=deal, today=TODAY))
    said = model["messages"]
    assert fresh.table.replay_of is not None and list(fresh.table.game.deck) == hand["deck"]
    # a hand apart from the match to 7: the header does not call it the match's hand 1
    assert model["hand_number_text"] == CATALOGS["pt"]["score.hand.apart"]
    # the one who opens it never played it: not "the same hand again"
    assert CATALOGS["pt"]["msg.replay.link"] in said and CATALOGS["pt"]["msg.replay.same"] not in said
    other, _ = begun("?seed=9&level=random")
    match = other.table
    played = share.PREFIX + share.encode(hand["deck"], hand["dealer"], hand["actions"])
    messages = other.send("open_link", hash=played, today=TODAY)
    reviews = [m for m in messages if m["kind"] == "review"]
    assert reviews[0]["opening"] and reviews[-1]["review"]["progress"] == "done"
    # under the review, the hand as it ended, apart: the match waits aside, untouched
    assert other.table.replay_of is not None and other.table.hand_over and other.core.flow.match is match
    assert other.table.game.action_notations() == hand["actions"] and list(other.table.game.deck) == hand["deck"]
    assert CATALOGS["pt"]["msg.review.link"] in last_model(messages)["messages"]
    # under the review, what closing it leaves: the hand to review again, to play, or to leave
    other.send("review_closed")
    buttons = last_model(messages)["buttons"]
    assert buttons["review"] and buttons["replay"] and buttons["back"]
    assert "reviews" not in json.loads(other.backend.getItem(STATS_KEY) or "{}")  # not a hand of this match


def test_a_lesson_link_puts_that_lesson_on_the_table_and_an_unknown_one_gets_a_notice():
    tab, _ = begun(hash=f"#lesson={LESSONS[1].id}")
    assert tab.table.lesson.lesson.id == LESSONS[1].id
    bad, _ = begun()
    messages = bad.send("open_link", hash="#lesson=no-such-lesson", today=TODAY)
    assert last_model(messages)["notice_text"] and bad.table.lesson is None


# -- the review -------------------------------------------------------------------
def finished_hand_tab():
    tab, _ = begun()
    play_to_hand_end(tab)
    hand = tab.table.hand_record()
    points = decision_points(replay(hand["deck"], hand["dealer"], hand["actions"]), HUMAN)
    return tab, hand, points


def test_the_review_values_each_decision_in_turn_and_keeps_what_the_hand_cost():
    tab, hand, points = finished_hand_tab()
    messages = tab.send("review", hand=None, today=TODAY)
    reviews = [m for m in messages if m["kind"] == "review"]
    assert [m["review"]["progress"] for m in reviews] == (
        [f"{k}/{len(points)}" for k in range(len(points))] + ["done"])
    assert reviews[0]["opening"] and not any(m["opening"] for m in reviews[1:])
    view = reviews[-1]["review"]
    tricks = len(tab.table.game.completed)
    assert len(view["bars"]) == len(view["frames"]) >= tricks
    assert all(not bar["pending"] for bar in view["bars"])
    assert view["costly"] is not None and view["status"] and view["about"]
    first = view["frames"][0]["parts"]
    assert [c["code"] for c in first[2]["cards"]] == replay(hand["deck"], hand["dealer"], []).hand(HUMAN)
    decided = [p["decision"] for f in view["frames"] for p in f["parts"] if "decision" in p]
    assert decided == points
    saved = json.loads(tab.backend.getItem(STATS_KEY))
    assert len(saved["reviews"]) == 1  # what the hand cost, for the statistics
    assert not tab.logged


def test_closing_the_review_stops_its_analysis_and_opening_it_again_goes_on():
    tab, hand, points = finished_hand_tab()
    ask = tab.core.ask
    calls = []

    def closing_after_one(function, *args):
        calls.append(args[1])
        if len(calls) == 1:
            tab.core.handle('{"do": "review_closed"}')  # the player closed it while the bot thought
        return ask(function, *args)

    tab.core.ask = closing_after_one
    messages = tab.send("review", hand=None, today=TODAY)
    assert calls == points[:1]
    assert [m["review"]["progress"] for m in messages if m["kind"] == "review"] == [f"0/{len(points)}"]
    assert not tab.core.review.open
    messages = tab.send("review", hand=None, today=TODAY)  # the answer that came after the close was dropped
    reviews = [m["review"]["progress"] for m in messages if m["kind"] == "review"]
    assert reviews[0] == f"0/{len(points)}" and reviews[-1] == "done"
    assert calls == points[:1] + points
    third = [m for m in tab.send("review", hand=None, today=TODAY) if m["kind"] == "review"]
    assert [m["review"]["progress"] for m in third] == ["done"]  # a third time: all kept
    assert calls == points[:1] + points


def test_the_computer_s_decisions_join_on_the_same_trick_and_a_hand_not_played_is_refused():
    tab, hand, points = finished_hand_tab()
    tab.send("review", hand=None, today=TODAY)
    both = decision_points(replay(hand["deck"], hand["dealer"], hand["actions"]), 1)
    messages = [m for m in tab.send("review_computer", show=True) if m["kind"] == "review"]
    assert messages[0]["opening"] and messages[0]["keep_frame"]
    assert messages[-1]["review"]["progress"] == "done" and messages[-1]["review"]["show_computer"]
    decided = [p["decision"] for f in messages[-1]["review"]["frames"] for p in f["parts"] if "decision" in p]
    assert decided == sorted(points + both)
    assert tab.send("review", hand=7, today=TODAY) == []
    assert tab.logged == ["command: review: no hand 7 in this match"]


def test_a_review_the_bot_cannot_make_says_so_and_counts_nothing():
    tab, _, points = finished_hand_tab()
    tab.core.ask = lambda function, *args: None  # the worker failed
    reviews = [m["review"] for m in tab.send("review", hand=None, today=TODAY) if m["kind"] == "review"]
    assert [r["progress"] for r in reviews] == [f"0/{len(points)}"] * 2
    assert reviews[-1]["status"] != reviews[0]["status"] and reviews[-1]["costly"] is None
    assert "reviews" not in json.loads(tab.backend.getItem(STATS_KEY) or "{}")


def test_a_language_changed_while_the_review_is_open_redraws_it():
    tab, _, _ = finished_hand_tab()
    pt = [m for m in tab.send("review", hand=None, today=TODAY) if m["kind"] == "review"][-1]["review"]
    messages = tab.send("choose", name="lang", value="it")
    it = [m for m in messages if m["kind"] == "review"][-1]["review"]
    assert it["lang"] == "it" and it["status"] != pt["status"] and not any(m.get("opening") for m in messages)
    tab.send("review_closed")
    assert not [m for m in tab.send("choose", name="lang", value="pt") if m["kind"] == "review"]


# -- the menu and the share links ----------------------------------------------------
def test_the_menu_shows_the_settings_in_force():
    tab, _ = begun()
    tab.send("choose", name="level", value="hard")
    tab.send("choose", name="four_colour", value=True)
    (menu,) = tab.send("show", what="menu", today=TODAY)
    assert menu["kind"] == "menu"
    assert menu["settings"]["four_colour"] is True and menu["settings"]["speed"] == "normal"
    assert set(menu["settings"]) == {"level", "count_myself", "speed", "practice", "confirm_moves", "theme",
                                     "four_colour", "sound", "coach"}


def test_the_share_links_carry_the_hand_played_and_its_bare_deal():
    tab, _ = begun()
    play_to_hand_end(tab)
    (links,) = tab.send("show", what="share", today=TODAY)
    hand = tab.table.hand_record()
    assert share.parse(links["review"]) == (hand["deck"], hand["dealer"], hand["actions"])
    assert share.parse(links["deal"]) == (hand["deck"], hand["dealer"], [])


# -- the deal of the day, the problems, the course ---------------------------------------
def test_the_deal_of_the_day_goes_on_the_table_and_the_match_waits():
    tab, _ = begun()
    tab.send("daily", day=TODAY)
    assert tab.table.replay_of.daily == TODAY and tab.core.flow.match_table.match.seed == 3
    (links,) = tab.send("show", what="share", today=TODAY)
    assert links["deal"] == f"#daily={TODAY}"


def test_a_problem_is_fetched_and_put_on_the_table_or_a_notice_says_it_cannot_be():
    tab, _ = begun()
    tab.send("problem")
    assert tab.table.replay_of.problem is not None
    offline, _ = begun()

    async def unreachable(path):
        raise OSError("offline")

    offline.core.fetch_text = unreachable
    messages = offline.send("problem")
    assert last_model(messages)["notice_text"] and offline.table.replay_of is None
    assert any("problems not loaded" in line for line in offline.logged)


def test_the_course_lists_its_lessons_and_puts_them_on_the_table_in_order():
    tab, _ = begun()
    (listed,) = [m for m in tab.send("lessons") if m["kind"] == "lessons"]
    lessons = listed["lessons"]["lessons"]
    assert [x["id"] for x in lessons] == [x.id for x in LESSONS] and not any(x["done"] for x in lessons)
    assert all(x["title"] and not x["title"].startswith("lesson.") for x in lessons)
    tab.send("lesson", id=None)
    assert tab.table.lesson.lesson.id == LESSONS[0].id
    tab.send("next_lesson")  # a lesson's "next" leads to the lesson after it
    assert tab.table.lesson.lesson.id == LESSONS[1].id


def test_a_tap_while_a_lesson_comes_back_after_a_reload_is_not_played_in_the_match():
    tab, _ = begun("?seed=9&level=random")
    tab.send("lesson", id="marriage")  # under way: a reload brings it back
    match = tab.core.flow.match_table.game.action_notations()
    reloaded = Tab("?seed=9&level=random", backend=tab.backend)

    async def drive():
        texts_come = asyncio.Event()
        fetch = reloaded.core.fetch_text

        async def slow(path):  # the course's words come late (after ready, on a slow line)
            await texts_come.wait()
            return await fetch(path)

        reloaded.core.fetch_text = slow
        reloaded.core.handle(json.dumps({"do": "begin", "hash": "", "today": TODAY}))
        for _ in range(20):
            await asyncio.sleep(0)
        assert reloaded.table.lesson is None and reloaded.table.human_to_move()  # the match, meanwhile
        reloaded.core.handle(json.dumps({"do": "tap_card", "code": first_card(reloaded), "focus_at": None}))
        for _ in range(20):
            await asyncio.sleep(0)
        assert reloaded.table.game.action_notations() == match  # the tap was not played there...
        texts_come.set()
        while [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]:
            await asyncio.sleep(0)

    asyncio.run(drive())
    assert reloaded.table.lesson.lesson.id == "marriage"  # ... and the lesson came back
    assert reloaded.core.flow.match_table.game.action_notations() == match
    assert json.loads(reloaded.backend.getItem(GAME_KEY))["match"] == json.loads(tab.backend.getItem(GAME_KEY))["match"]
    assert not reloaded.logged


def test_a_lesson_that_cannot_come_back_leaves_the_match_playable():
    tab, _ = begun("?seed=9&level=random")
    tab.send("lesson", id="marriage")
    reloaded = Tab("?seed=9&level=random", backend=tab.backend)

    async def unreachable(path):
        raise OSError("offline")

    reloaded.core.fetch_text = unreachable
    messages = reloaded.send("begin", hash="", today=TODAY)
    assert reloaded.table.lesson is None and last_model(messages)["notice_text"]
    assert not last_model(messages)["busy"] and reloaded.table.human_to_move()
    before = len(reloaded.table.game.actions)
    reloaded.send("tap_card", code=first_card(reloaded), focus_at=None)
    assert len(reloaded.table.game.actions) > before  # the match plays on


def test_a_lesson_that_fails_to_come_back_is_logged_and_the_match_plays_on():
    tab, _ = begun("?seed=9&level=random")
    tab.send("lesson", id="marriage")
    reloaded = Tab("?seed=9&level=random", backend=tab.backend)

    async def broken(lesson_id, resume=False):
        await asyncio.sleep(0)  # (after the start's own turns, as in the browser)
        raise ImportError("the course's code is not there")

    reloaded.core.lesson_to_start = broken
    messages = reloaded.send("begin", hash="", today=TODAY)
    assert any("lesson resume" in line for line in reloaded.logged)
    assert reloaded.table.lesson is None and not last_model(messages)["busy"] and reloaded.table.human_to_move()
    before = len(reloaded.table.game.actions)
    reloaded.send("tap_card", code=first_card(reloaded), focus_at=None)
    assert len(reloaded.table.game.actions) > before


def test_the_course_s_first_match_counts_the_match_given_up_at_its_own_level():
    tab, _ = begun("?seed=3")  # at the settings' level: medium
    play_to_hand_end(tab)  # a match in progress
    (ask,) = [m for m in tab.send("first_match", confirmed=False) if m["kind"] == "ask"]
    assert ask["then"] == {"do": "first_match", "confirmed": True}
    assert tab.core.flow.state.settings.level == "medium"  # asking changes nothing: "keep it" keeps the level
    old = tab.table
    tab.send("first_match", confirmed=True)
    levels = json.loads(tab.backend.getItem(STATS_KEY))["levels"]
    assert levels["medium"]["matches_lost"] == 1 and levels.get("easy", {}).get("matches_lost", 0) == 0
    assert json.loads(tab.backend.getItem(SETTINGS_KEY))["level"] == "easy"
    assert tab.table.stats.level == "easy"  # the new match's hands count at easy
    assert tab.table is not old and not tab.table.match.games[0].completed  # a new match, against the easy computer


def test_the_course_without_its_words_says_so_and_the_match_plays_on():
    tab, _ = begun()

    async def unreachable(path):
        raise OSError("offline")

    tab.core.fetch_text = unreachable
    messages = tab.send("lessons")
    assert "lessons" not in kinds(messages) and last_model(messages)["notice_text"]
    tab.send("lesson", id=None)
    assert tab.table.lesson is None
