"""The course as a newcomer meets it (issue 30): from the options, every
lesson by taps or clicks only, in pt and it, on a phone (touch) and on a
desktop; a wrong move refused with its reason and the taught one accepted;
the course ending in a first match at the easy level; a lesson resumed after
a reload and left for the match as it was; every step clean for axe-core and
fitting without scrolling at the six screen sizes; the rules pages' "learn
by playing" and each FAQ answer's position opened in the embedded game."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from e2e.axe import assert_no_violations
from e2e.pages import CATALOGS, TablePage
from e2e.test_screens import SIZES
from ui.model.i18n import flatten
from ui.model.lessons import LESSONS, find_lesson

ROOT = Path(__file__).resolve().parent.parent
FAST = "level=random&fast=1"
LESSON_TEXTS = {lang: flatten(json.loads((ROOT / "locales" / "lessons" / f"{lang}.json").read_text(encoding="utf-8")))
                for lang in ("pt", "it")}
#: The lessons each FAQ answer's "try it" opens, in the pages' order.
FAQ_LESSONS = ["points", "marriage", "close", "declare"]


class Course:
    """A :class:`TablePage` walking the course; ``touch``: taps instead of clicks."""

    def __init__(self, t: TablePage, touch: bool):
        self.t, self.page, self.touch = t, t.page, touch

    def hit(self, locator, force: bool = False) -> None:
        """A tap or a click; ``force``: on a dimmed card too (Playwright refuses
        aria-disabled elements; a finger does not)."""
        locator.tap(force=force) if self.touch else locator.click(force=force)

    def lt(self, key: str) -> str:
        return LESSON_TEXTS[self.t.lang][key]

    def at_step(self, lesson_id: str, step: int) -> None:
        expect(self.t.html).to_have_attribute("data-lesson", lesson_id)
        expect(self.t.html).to_have_attribute("data-lesson-step", str(step))
        expect(self.page.locator("#lesson-text")).to_have_text(self.lt(f"lesson.{lesson_id}.{step}"))
        self.t.wait_turn()

    def done(self, lesson_id: str) -> None:
        self.t.wait_hand_over()
        expect(self.page.locator("#lesson-text")).to_have_text(self.lt(f"lesson.{lesson_id}.done"))
        expect(self.page.locator("#turn")).to_have_text(self.t.t("lesson.over"))  # (for screen readers)

    def tap_card(self, code: str, force: bool = False) -> None:
        self.hit(self.t.card(code), force)

    def press(self, name: str) -> None:
        self.hit(self.t.button(name))
        if name in ("close", "declare"):  # a costly move asks first (the default setting)
            expect(self.t.html).to_have_attribute("data-armed", name)
            self.hit(self.page.get_by_role("button", name=self.t.t(f"button.{name}.confirm"), exact=True))

    def make(self, taught: tuple) -> None:
        """The step's tap: its card (a marriage's K or Q), its button, or (a free step) the first card allowed."""
        if not taught:
            self.hit(self.t.hand_group.locator("button[aria-disabled='false']").first)
            return
        card = next((a[5:] for a in taught if a.startswith("play:")), None)
        if card is not None:
            self.tap_card(card)
        else:
            self.press(taught[0])

    def play(self, lesson_id: str, check=lambda lesson, step: None) -> None:
        """One lesson from its first step to its last word; ``check(lesson, step)`` at each step."""
        lesson = find_lesson(lesson_id)
        for number, step in enumerate(lesson.steps, start=1):
            self.at_step(lesson_id, number)
            check(lesson, number)
            self.make(step.expect)
        self.done(lesson_id)
        check(lesson, 0)


def open_course(course: Course, look=lambda: None) -> None:
    """The options' "learn by playing", then (after ``look()`` at the list) the first lesson in it."""
    t = course.t
    menu = t.open_options()
    course.hit(menu.get_by_role("button", name=t.t("button.lessons"), exact=True))
    dialog = course.page.get_by_role("dialog", name=t.t("lessons.title"))
    expect(dialog).to_be_visible()
    expect(dialog.locator("button.lesson-pick")).to_have_count(len(LESSONS))
    look()
    course.hit(dialog.get_by_role("button", name=course.lt(f"lesson.{LESSONS[0].id}.title"), exact=True))
    expect(dialog).to_be_hidden()


def refusals(course: Course):
    """At the marriage's first step a legal card it does not teach is refused
    with the move it teaches; at the strict phase's, an illegal card with the rule."""
    t = course.t

    def check(lesson, step):
        if (lesson.id, step) == ("marriage", 1):
            course.tap_card("AC")
            words = t.t("review.do.play", card=t.tr.card_in_text("KH"))
            t.expect_message(t.t("lesson.refused", action=words[:1].lower() + words[1:]))
            assert "AC" in t.hand()  # nothing was played
            expect(t.html).to_have_attribute("data-lesson-step", "1")
        if (lesson.id, step) == ("strict", 1):
            course.tap_card("AC", force=True)
            t.expect_message(t.t("illegal.follow_higher", cards=t.tr.card_in_text("KS")))
            assert "AC" in t.hand()
    return check


def walk_the_whole_course(course: Course) -> None:
    t = course.t
    open_course(course)
    check = refusals(course)
    for n, lesson in enumerate(LESSONS):
        course.play(lesson.id, check)
        if n + 1 < len(LESSONS):
            course.hit(t.button("next_lesson"))
    # the course is done: a first real match, against the easy computer (the rules
    # dialog's "learn by playing" would now start the course again from its first lesson)
    expect(t.button("next_lesson")).to_be_hidden()
    course.hit(t.button("first_match"))
    t.page.wait_for_function("() => document.documentElement.dataset.confirm === 'new_match'"
                             " || document.documentElement.dataset.lesson === ''")
    if t.html.get_attribute("data-confirm") == "new_match":  # the computer had led: the match was under way
        course.hit(t.page.locator("#btn-confirm-replace"))
    expect(t.html).to_have_attribute("data-lesson", "")
    expect(t.page.locator("#lesson")).to_be_hidden()
    expect(t.html).not_to_have_attribute("data-to-move", "none")  # a new deal, not the lesson's end
    t.expect_setting("level", "easy")
    assert t.stored("sixtysix.lessons")["done"] == [lesson.id for lesson in LESSONS]
    menu = t.open_options()
    expect(menu.locator("#level-select")).to_have_value("easy")
    course.hit(menu.get_by_role("button", name=t.t("button.lessons"), exact=True))
    ticked = t.page.locator("#lessons-dialog button.lesson-pick.done")
    expect(ticked).to_have_count(len(LESSONS))
    expect(ticked.first).to_contain_text(t.t("lessons.done"))


# Each language walked once, each way in once: what a walk checks of a language
# (every step's words) does not depend on taps or clicks, nor the reverse.
# Every step is held to every screen size below in Italian, whose words run
# longest, and every lesson's words in both languages in CPython
# (tests/test_ui_lessons.py).
def test_the_whole_course_by_taps_on_a_phone(new_context):
    page = new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True).new_page()
    from e2e.conftest import open_game

    t = TablePage(page, open_game).open(f"lang=it&seed=5&{FAST}")
    walk_the_whole_course(Course(t, touch=True))


def test_the_whole_course_by_clicks_on_a_desktop(fresh_table):
    fresh_table.page.set_viewport_size({"width": 1280, "height": 800})
    walk_the_whole_course(Course(fresh_table.open(f"lang=pt&seed=5&{FAST}"), touch=False))


SCROLL = "() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
#: What a step needs in sight: its words, the turn, the message line's newest
#: line, the buttons of play, the way out, the cards; at a lesson's end its
#: last word. Returns those that are not: outside the window, or hidden under
#: something or scrolled out of a box (the point at their centre is not theirs).
UNSEEN = """() => {
  const parts = [...document.querySelectorAll('#lesson-text:not([hidden]), #messages p:last-child,'
    + ' .actions button:not([hidden]), #btn-leave-lesson, #hand button, #story:not([hidden]) .story-lines p:first-child')]
    .filter((e) => e.getClientRects().length && !e.closest('[hidden]'));
  const hidden = (e, y) => {
    const r = e.getBoundingClientRect();
    const x = r.left + r.width / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return true;
    const hit = document.elementFromPoint(x, y);
    return !(hit && (e.contains(hit) || hit.contains(e)));
  };
  const unseen = parts.filter((e) => { const r = e.getBoundingClientRect(); return hidden(e, r.top + Math.min(r.height / 2, 10)); });
  // The trick (where the player's card lands) and the last trick's button, whole:
  // the lesson's words once came down over their lower edge on a phone.
  const whole = [...document.querySelectorAll('#trick, #btn-last-trick')].filter((e) => e.getClientRects().length
    && !e.closest('[hidden], [inert]') && hidden(e, e.getBoundingClientRect().bottom - 3));
  return [...unseen, ...whole].map((e) => e.id || e.className || e.tagName);
}"""


def test_every_step_is_clean_for_axe_and_fits_every_screen(fresh_table):
    """Each step and each lesson's end: axe finds nothing, and at each of the six
    sizes nothing scrolls and all a player needs is in sight, a refusal's reason included."""
    t = fresh_table.open(f"lang=it&seed=5&{FAST}")
    page = t.page
    course = Course(t, touch=False)
    open_course(course, lambda: assert_no_violations(page, "the lessons' list"))

    def check(lesson, step):
        where = f"lesson {lesson.id}, " + (f"step {step}" if step else "its end")
        taught = lesson.steps[step - 1].expect if step else ()
        if taught:  # a card the step does not teach: refused, its reason on the message line
            wrong = next(c for c in t.hand() if f"play:{c}" not in taught)
            course.tap_card(wrong, force=True)
            reasons = [t.t(k).split("{")[0] for k in ("lesson.refused", "illegal.follow_higher", "illegal.follow_suit",
                                                       "illegal.trump", "illegal.other")]
            expect(page.locator("#messages p").last).to_have_text(
                re.compile("^(" + "|".join(re.escape(r) for r in reasons) + ")"))
            expect(t.html).to_have_attribute("data-lesson-step", str(step))
        assert_no_violations(page, where)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            scroll = page.evaluate(SCROLL)
            assert scroll[0] <= width and scroll[1] <= height, (where, width, height, scroll)
            assert page.evaluate(UNSEEN) == [], (where, width, height)
        page.set_viewport_size({"width": 1280, "height": 800})

    for n, lesson in enumerate(LESSONS):
        course.play(lesson.id, check)
        if n + 1 < len(LESSONS):
            t.button("next_lesson").click()


def test_a_lesson_resumes_after_a_reload_and_leaving_it_gives_the_match_back(fresh_table):
    t = fresh_table.open(f"seed=5&{FAST}")
    t.play_first()
    t.wait_turn()
    match_hand, match_score = t.hand(), t.html.get_attribute("data-score")
    course = Course(t, touch=False)
    menu = t.open_options()
    menu.get_by_role("button", name=t.t("button.lessons"), exact=True).click()
    t.page.get_by_role("button", name=course.lt("lesson.strict.title"), exact=True).click()
    course.at_step("strict", 1)
    course.tap_card("KS")
    course.at_step("strict", 2)
    t.rebuild()
    course.at_step("strict", 2)  # where it was
    assert "KS" not in t.hand() and "TH" in t.hand()
    expect(t.button("back")).to_be_hidden()  # during a lesson, its own way out
    t.page.get_by_role("button", name=t.t("button.leave_lesson"), exact=True).click()
    expect(t.html).to_have_attribute("data-lesson", "")
    t.wait_turn()
    assert t.hand() == match_hand and t.html.get_attribute("data-score") == match_score
    t.rebuild()
    t.wait_turn()
    assert t.html.get_attribute("data-lesson") == "" and t.hand() == match_hand
    assert t.stored("sixtysix.lessons")["current"] is None


@pytest.mark.parametrize("lang", ["pt", "it"])
def test_the_rules_page_opens_the_course_and_each_faq_answer_s_position(page, lang):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"./rules/{lang}.html?fast=1&level=random")
    frame = page.frame_locator("iframe.game-frame")
    game = frame.locator("html")
    still = page.locator("[data-game-still]")
    still.locator("[data-game-lesson]").click()  # "learn by playing", before the game has loaded
    expect(game).to_have_attribute("data-lesson", LESSONS[0].id, timeout=60_000)
    expect(game).to_have_attribute("data-lesson-step", "1")
    # the lesson's box keeps one height from step to step and at the end (words of
    # two to six lines), so the frame, and the page around it, stay still
    box = frame.locator("#lesson")
    heights = {box.bounding_box()["height"]}
    for card, after in (("AS", "2"), ("9C", "3")):
        frame.locator(f"#hand button[data-code='{card}']").click()
        expect(game).to_have_attribute("data-lesson-step", after)
        expect(game).to_have_attribute("data-to-move", "you")
        heights.add(box.bounding_box()["height"])
    frame.locator("#hand button[aria-disabled='false']").first.click()
    expect(game).to_have_attribute("data-to-move", "none")
    heights.add(box.bounding_box()["height"])
    assert len(heights) == 1, heights
    tries = page.locator(".faq .try a[data-game-lesson]")
    expect(tries).to_have_count(len(FAQ_LESSONS))
    for link, lesson_id in zip(tries.all(), FAQ_LESSONS):
        assert link.get_attribute("href").endswith(f"#lesson={lesson_id}")  # without scripts: the game's own page
        link.click()
        expect(game).to_have_attribute("data-lesson", lesson_id)
        expect(game).to_have_attribute("data-lesson-step", "1")
        expect(frame.locator("#lesson-text")).to_have_text(LESSON_TEXTS[lang][f"lesson.{lesson_id}.1"])
    # the same answer again after the player went back to the match: the lesson opens afresh
    frame.get_by_role("button", name=CATALOGS[lang]["button.leave_lesson"], exact=True).click()
    expect(game).to_have_attribute("data-lesson", "")
    tries.last.click()
    expect(game).to_have_attribute("data-lesson", FAQ_LESSONS[-1])


def test_missing_words_or_a_broken_lesson_link_get_a_notice_and_the_match_plays_on(table, page_errors):
    t = table.open(f"seed=5&{FAST}")
    t.wait_turn()
    match_hand = t.hand()
    # offline on a first visit: the lessons' words cannot be fetched
    t.page.route("**/locales/lessons/*", lambda route: route.abort())
    menu = t.open_options()
    menu.get_by_role("button", name=t.t("button.lessons"), exact=True).click()
    expect(t.page.locator("#notice-text")).to_have_text(t.t("notice.lessons_failed"))
    expect(t.page.locator("#lessons-dialog")).to_be_hidden()
    assert t.html.get_attribute("data-lesson") == "" and t.hand() == match_hand
    t.page.locator("#btn-notice-ok").click()
    expect(t.page.locator("#notice")).to_be_hidden()
    t.page.unroute("**/locales/lessons/*")
    page_errors.errors = [e for e in page_errors.errors if "/locales/lessons/" not in e]  # this test's own doing
    t.page.evaluate("location.hash = '#lesson=nope'")  # no such lesson
    expect(t.page.locator("#notice-text")).to_have_text(t.t("notice.bad_lesson"))
    assert t.html.get_attribute("data-lesson") == "" and t.hand() == match_hand
    t.play_first()  # the match plays on
    t.wait_turn()


def test_the_rules_dialog_leads_to_the_course_s_next_lesson(fresh_table):
    t = fresh_table.open(f"lang=it&seed=5&{FAST}", storage={"sixtysix.lessons": json.dumps(
        {"version": 1, "done": ["tricks", "points"], "current": None})})
    t.button("rules").click()
    dialog = t.page.get_by_role("dialog", name=t.t("rules.title"))
    dialog.get_by_role("button", name=t.t("button.lessons"), exact=True).click()
    expect(dialog).to_be_hidden()
    expect(t.html).to_have_attribute("data-lesson", "marriage")  # the first not done


@pytest.mark.offline
def test_offline_a_lesson_left_under_way_comes_back_after_a_reload(page, context, open_game):
    from e2e.test_sw import PAGE, wait_sw_ready

    open_game(page, path=PAGE)
    wait_sw_ready(page)
    t = TablePage(page, open_game).open(f"seed=5&{FAST}")
    course = Course(t, touch=False)
    menu = t.open_options()
    menu.get_by_role("button", name=t.t("button.lessons"), exact=True).click()
    page.get_by_role("button", name=course.lt("lesson.strict.title"), exact=True).click()
    course.at_step("strict", 1)
    course.tap_card("KS")
    course.at_step("strict", 2)
    context.set_offline(True)
    t.reload()  # the course's code and words come from the precache
    course.at_step("strict", 2)
    course.tap_card("TH")
    course.at_step("strict", 3)
