"""The lessons (issue 30): each is a real position of the engine whose taught
moves are legal and lead where its words say, every free choice included;
played on the page's turn loop, a lesson refuses what it does not teach with
a reason, ticks itself done, resumes after a reload and never touches the match."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from sixtysix.scoring import WINNING_POINTS
from tests.test_ui_flow import make_flow, run
from ui.model.i18n import LANGUAGES, Translator, flatten, load_catalog
from ui.model.lessons import LESSONS, LessonBook, LessonRun, after, find_lesson, lesson_table
from ui.model.present import build
from ui.model.storage import MemoryBackend, Store
from ui.model.table import COMPUTER, HUMAN, Table

ROOT = Path(__file__).resolve().parent.parent


def lesson_texts(lang):
    return flatten(json.loads((ROOT / "locales" / "lessons" / f"{lang}.json").read_text(encoding="utf-8")))


def translator(lang):
    catalog = load_catalog(lang, ROOT)
    catalog.update(lesson_texts(lang))
    return Translator(lang, catalog)


PT = translator("pt")


def play(lesson, choices=()):
    """``lesson`` played through on its table, the free steps taking ``choices``
    (indexes into the legal cards, in turn); returns the table."""
    table = lesson_table(lesson)
    run_, picks = table.lesson, iter(choices)
    while not table.lesson_over:
        if table.human_to_move():
            taught = run_.expected()
            if taught:
                tap = list(taught)
            else:
                cards = [a for a in table.view(HUMAN)["legal"] if a.startswith("play:")]
                tap = [cards[next(picks, 0) % len(cards)]]
            assert all(a in table.game.legal_actions() or a in map(str, table.game.legal_actions()) for a in tap[:1])
            table.apply_human(tap)
            run_.advance(table.game)
        else:
            assert table.computer_to_move()
            assert table.apply_computer(run_.reply(table.game))
        table.gather()
    return table


def free_steps(lesson):
    return sum(1 for s in lesson.steps if not s.expect)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_taught_move_is_legal_and_every_free_choice_reaches_the_end(lesson):
    n = free_steps(lesson)
    for choices in itertools.product(range(6), repeat=n):
        table = play(lesson, choices)
        assert table.lesson_over and table.lesson.step == len(lesson.steps)
        assert table.to_move is None  # nobody moves once the lesson is done
        assert table.view(HUMAN)["trick"] == [], choices  # and no lead is left unanswered


def test_the_positions_show_what_the_words_say():
    marriage = lesson_table(find_lesson("marriage"))
    marriage.apply_human(["play:KH"])
    assert marriage.game.marriages == [] and marriage.view(HUMAN)["history"][-1]["missed_marriage"]
    table = play(find_lesson("marriage"))
    assert [m["points"] for m in table.view(HUMAN)["marriages"]] == [40]  # after a trick, in trumps

    exchanged = play(find_lesson("exchange"))
    assert "AD" in exchanged.game.hand(HUMAN) + [c for t in exchanged.view(HUMAN)["completed_tricks"] for c in t["cards"]] \
        + exchanged.view(HUMAN)["trick"]

    strict = lesson_table(find_lesson("strict"))
    assert strict.view(HUMAN)["stock"] == 0 and strict.view(HUMAN)["legal"] == ["play:KS"]
    assert strict.explain_refusal("AC") and strict.messages[-1].key == "illegal.follow_higher"

    facts = play(find_lesson("close")).result_facts()
    assert (facts["reason"], facts["winner"], facts["game_points"], facts["closer"]) == ("closed_failed", COMPUTER, 3, HUMAN)
    facts = play(find_lesson("declare")).result_facts()
    assert (facts["reason"], facts["winner"], facts["game_points"]) == ("declared", HUMAN, 2)
    assert facts["points"][HUMAN] >= WINNING_POINTS and facts["points"][COMPUTER] < 33
    facts = play(find_lesson("miscount")).result_facts()
    assert (facts["reason"], facts["winner"], facts["game_points"]) == ("false_declaration", COMPUTER, 2)
    assert facts["points"][HUMAN] == 65

    points = play(find_lesson("points"))
    assert points.view(HUMAN)["points"][HUMAN] == 21 and points.view(HUMAN)["tricks"][HUMAN] == 2


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_a_step_that_teaches_one_move_offers_no_other_moves_button(lesson):
    # Lesson 1 showed "Fechar" while it taught a card: its tap could only be refused.
    table = lesson_table(lesson)
    flow = make_flow(table)[0]
    run_ = table.lesson
    seen = set()
    while not table.lesson_over:
        if table.human_to_move():
            taught = run_.expected()
            buttons = build(table, flow.state, PT).buttons
            for move in ("exchange", "close", "declare"):
                if buttons[move]:
                    seen.add(move)
                    assert move in taught, (lesson.id, run_.step, move, taught)  # a free step asks for a card
            tap = list(taught) if taught else [next(a for a in table.view(HUMAN)["legal"] if a.startswith("play:"))]
            table.apply_human(tap)
            run_.advance(table.game)
        else:
            table.apply_computer(run_.reply(table.game))
        table.gather()
    # and a step that teaches a button shows it
    assert {m for step in lesson.steps for m in step.expect if m in ("exchange", "close", "declare")} <= seen


def test_every_lesson_has_its_words_in_both_languages_and_nothing_else():
    keys = {f"lesson.{lesson.id}.{part}" for lesson in LESSONS
            for part in ["title", "done", *range(1, len(lesson.steps) + 1)]}
    for lang in LANGUAGES:
        assert set(lesson_texts(lang)) == keys, lang
        tr = translator(lang)
        for lesson in LESSONS:
            table = lesson_table(lesson)
            model = build(table, make_flow(table)[0].state, tr)
            assert model.lesson_text == tr.t(f"lesson.{lesson.id}.1") and not tr.missing, (lang, tr.missing)


def test_a_step_marks_what_it_is_about_and_refuses_what_it_does_not_teach():
    flow, _, _ = make_flow(Table.new(5))
    match = flow.table
    book = LessonBook()
    flow.start_lesson(find_lesson("marriage"), book)
    model = build(flow.table, flow.state, PT)
    assert [c.code for c in model.my_cards if c.hinted] == ["KH"]
    assert model.lesson_title == PT.t("lesson.of", n=3, total=len(LESSONS), title=PT.t("lesson.marriage.title"))
    assert not model.buttons["hint"] and not model.buttons["review"] and not model.buttons["back"]
    run(flow.human(["play:AC"]))  # legal, not taught: refused, with the taught move named
    assert flow.table.lesson.step == 0 and flow.table.messages[-1].key == "lesson.refused"
    said = build(flow.table, flow.state, PT).messages[-1]
    assert said == PT.t("lesson.refused", action="jogar o rei de copas")
    run(flow.human(["play:KH"]))
    assert flow.table.lesson.step == 1 and flow.table.human_to_move()
    assert book.current == {"id": "marriage", "actions": ["play:KH", "play:AH", "play:9C"]}
    run(flow.human(["play:AC"]))
    model = build(flow.table, flow.state, PT)
    assert [c.code for c in model.my_cards if c.hinted] == ["KS"]
    run(flow.human(["marry:S", "play:KS"]))
    assert flow.table.lesson_over and book.done == ["marriage"] and book.current is None
    model = build(flow.table, flow.state, PT)
    assert model.lesson_text == PT.t("lesson.marriage.done") and model.turn_text == PT.t("lesson.over")
    assert model.story_lines == []  # the lesson's words tell its end
    assert model.buttons["next_lesson"] and model.buttons["back"] and not model.buttons["first_match"]
    assert model.to_move == "none" and not model.can_act
    run(flow.back_to_match())
    assert flow.table is match and flow.match_table is None  # the match as it was


def test_a_free_step_takes_any_card_and_refuses_a_button_with_a_reason():
    # The exchange lesson's second step: "lead with the card you like" (closing is legal there)
    flow, _, _ = make_flow(Table.new(5))
    flow.start_lesson(find_lesson("exchange"), LessonBook())
    run(flow.human(["exchange"]))
    table = flow.table
    assert table.lesson.step == 1 and table.lesson.mark() is None and "close" in table.view(HUMAN)["legal"]
    run(flow.human(["close"]))
    assert table.lesson.step == 1 and "close" not in table.game.action_notations()  # nothing was done
    assert build(table, flow.state, PT).messages[-1] == PT.t("lesson.refused.card")
    run(flow.human([next(a for a in table.view(HUMAN)["legal"] if a.startswith("play:"))]))
    assert table.lesson.step == 2


def test_the_declare_button_shows_when_the_lesson_teaches_a_false_declaration():
    flow, _, _ = make_flow(Table.new(5))
    flow.start_lesson(find_lesson("miscount"), LessonBook())
    run(flow.human(["marry:S", "play:KS"]))
    model = build(flow.table, flow.state, PT)
    assert flow.table.view(HUMAN)["points"][HUMAN] < WINNING_POINTS and model.buttons["declare"]
    assert model.hinted_button == "declare"


def test_the_last_lesson_leads_to_a_first_match_and_a_lesson_is_never_counted_or_saved():
    saved = []
    flow, _, _ = make_flow(Table.new(5), save=lambda table: saved.append(table))
    stats_before = flow.match.stats.as_dict()
    flow.start_lesson(LESSONS[-1], LessonBook())
    run(flow.human(["marry:S", "play:KS"]))
    run(flow.human(["declare"]))
    model = build(flow.table, flow.state, PT)
    assert after(LESSONS[-1].id) is None and model.buttons["first_match"] and not model.buttons["next_lesson"]
    assert flow.match.stats.as_dict() == stats_before
    assert all(t.lesson is not None for t in saved)  # the keeper never saves a lesson table as the match


def test_a_lesson_resumes_from_its_saved_moves_and_bad_ones_start_it_afresh():
    lesson = find_lesson("strict")
    table = lesson_table(lesson, ["play:KS", "play:TH", "play:AH", "play:AS"])
    assert table.lesson.step == 2 and table.view(HUMAN)["legal"] == ["play:AD"]
    for bad in (["play:AC"], ["play:KS", "play:9C"], ["play:KS", "play:TH", "play:AH", "play:AS", "play:AD", "x"]):
        with pytest.raises(ValueError):
            lesson_table(lesson, bad)
    flow, _, logged = make_flow(Table.new(5))
    flow.start_lesson(lesson, LessonBook(), ["play:AC"])
    assert flow.table.lesson.step == 0 and logged and logged[0][0] == "lesson"


def test_the_course_is_kept_on_the_device_and_anything_odd_in_it_is_dropped():
    store = Store(MemoryBackend())
    assert not store.lesson_under_way()
    book = LessonBook()
    book.note_done("tricks")
    assert store.save_lessons(book) and not store.lesson_under_way()  # done ones only: nothing to resume
    book.note_progress("points", ["play:AS"])
    assert store.save_lessons(book) and store.load_lessons() == book and store.lesson_under_way()
    assert book.next_lesson().id == "points" and LessonRun(find_lesson("points")).number == 2
    odd = {"done": ["tricks", "nope", 3], "current": {"id": "nope", "actions": []}}
    assert LessonBook.from_dict(odd) == LessonBook(["tricks"], None)
    assert LessonBook.from_dict({"current": {"id": "points", "actions": ["play:AS"] * 60}}).current is None
    store.backend.setItem("sixtysix.lessons", "{broken")
    assert not store.lesson_under_way() and store.load_lessons() == LessonBook()
    book.done = [lesson.id for lesson in LESSONS]
    assert book.next_lesson() is LESSONS[0]
    assert book.lines(PT) == [PT.t("stats.lessons", done=len(LESSONS), total=len(LESSONS))]


def coach_lines(settings, stats_matches=0, hands=3, seed=11):
    """The coach's lines said over ``hands`` hands of a match played by first legal moves."""
    from ui.model.settings import Settings

    saved = []
    table = Table.new(seed)
    table.stats.count_at("random")
    for _ in range(stats_matches):
        table.stats.count_match(True)
    said = []

    def draw(table, state, events):
        said.extend(e.key for e in events if e.key.startswith("coach."))

    flow, _, _ = make_flow(table, save_settings=saved.append, draw=draw)
    flow.state.settings = settings if settings is not None else Settings()
    for _ in range(hands):
        while not flow.table.hand_over:
            run(flow.computer_turns())
            if flow.table.human_to_move():
                legal = flow.table.view(HUMAN)["legal"]
                run(flow.human([next(a for a in legal if a.startswith("play:"))]))
        if flow.table.match_over:
            break
        run(flow.next_hand())
    return said, saved, flow


def test_a_new_player_hears_each_coaching_line_once_and_it_is_kept():
    from ui.model.settings import COACHED, Settings

    said, saved, flow = coach_lines(None)
    assert said and len(said) == len(set(said)) and set(said) <= {f"coach.{n}" for n in COACHED}
    assert saved[-1].coached == [n for n in COACHED if f"coach.{n}" in said]  # saved as said, in the course's order
    assert Settings.from_dict(saved[-1].to_dict()).coached == saved[-1].coached
    again, _, _ = coach_lines(saved[-1])  # a reload with those kept: none of them again
    assert not set(again) & set(said)
    assert coach_lines(Settings(coach=False))[0] == []  # off in the options
    assert coach_lines(None, stats_matches=1)[0] == []  # a player with a match finished is no beginner
