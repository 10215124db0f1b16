"""A hand tells its story (issue 10), as a person sees it: the end of a hand
said in full, the score sheet, the review that marks a blunder (stepped by
keyboard), replaying a deal, and share links (a good one and a broken one).

The seeds come from playing the same hand in CPython (``scenarios``), and the
review's values from ``sixtysix.review`` in CPython too: the worker computes
the same numbers (deterministic for a seed), so the test knows the blunder.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e import scenarios
from e2e.pages import TablePage
from sixtysix.review import costliest, review
from ui.model import story
from ui.model.review import costly_text, is_costly

FAST = "level=random&fast=1"
REVIEW_MS = 120_000  # a whole hand's review in Pyodide on a busy machine


@pytest.fixture(scope="module")
def blunder():
    """The first seed whose hand, played with the first playable card, holds a costly decision:
    (its Sim, the costliest decisions, all the player's decisions valued)."""
    for seed in range(1, 60):
        sim = scenarios.play_out(seed)
        decisions = review(sim.table.game, 0)
        worst = costliest(decisions)
        if worst:
            return sim, worst, decisions
    raise LookupError("no seed with a costly decision")


def frame_of(sim, index: int) -> int:
    """The review's frame (0-based trick) of the hand's ``index``-th action."""
    from ui.model.review import frames
    rec = sim.table.hand_record()
    return next(k for k, f in enumerate(frames(rec["deck"], rec["dealer"], rec["actions"]))
                if any(i == index for i, _, _ in f.actions))


def play_to_the_end(table, sim):
    table.open(f"seed={sim.seed}&{FAST}")
    table.replay(sim.intents)
    table.wait_hand_over()


def test_the_end_of_a_hand_names_the_rule_and_both_sides_points(fresh_table, blunder):
    table = fresh_table
    sim, _, _ = blunder
    play_to_the_end(table, sim)
    facts = sim.table.result_facts()
    expect(table.html).to_have_attribute("data-result", facts["reason"])
    panel = table.page.get_by_role("region", name=table.t("story.title"))
    expect(panel).to_contain_text(table.t("story.points", you=facts["points"][0], computer=facts["points"][1]))
    expect(panel).to_contain_text(table.t("story.tricks", you=facts["tricks"][0], computer=facts["tricks"][1]))
    why = table.t(story.why_key(facts), **{**story.why_params(facts), "gp": table.tr.game_points(facts["game_points"])})
    expect(panel).to_contain_text(why)
    remaining = sim.table.revealed_cards()
    opp = table.page.locator("#opp-hand img")
    expect(opp).to_have_count(len(remaining))
    for code in remaining:  # face up, named
        expect(table.page.locator("#opp-hand").get_by_role("img", name=table.tr.card(code))).to_be_visible()
    # a wide screen: the story is a panel its words' size, under the computer's row, whose cards are in sight
    table.page.set_viewport_size({"width": 1366, "height": 768})
    # (the row is inert under the story, so no hit test: the boxes, and the row not hidden)
    clear = """() => { const story = document.getElementById('story').getBoundingClientRect();
        return [...document.querySelectorAll('#opp-hand img')].map((img) => {
            const r = img.getBoundingClientRect();
            return r.height > 0 && r.bottom <= story.top && getComputedStyle(img).visibility === 'visible';
        }); }"""
    assert remaining and table.page.evaluate(clear) == [True] * len(remaining)


def test_the_review_marks_the_blunder_and_steps_by_keyboard(fresh_table, blunder):
    table = fresh_table
    sim, worst, decisions = blunder
    play_to_the_end(table, sim)
    table.button("review").click()
    dialog = table.page.get_by_role("dialog", name=table.t("review.title"))
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("data-progress", "done", timeout=REVIEW_MS)
    expect(dialog.locator(".costly").first).to_have_text(costly_text(worst[0], table.tr))
    # what the hand's decisions cost, said at the top and kept for the statistics' trend
    cost = sum(d.loss for d in decisions if d.loss is not None)
    expect(dialog.get_by_role("status")).to_have_text(table.t("review.total", value=f"{cost:.1f}".replace(".", ",")))
    table.page.wait_for_function("() => (JSON.parse(localStorage.getItem('sixtysix.stats')).reviews || []).length == 1")
    assert abs(table.stored("sixtysix.stats")["reviews"][0]["cost"] - cost) < 0.01
    frames = int(dialog.get_attribute("data-frames"))
    expect(dialog).to_have_attribute("data-frame", "1")
    dialog.press("ArrowRight")
    expect(dialog).to_have_attribute("data-frame", "2")
    dialog.press("ArrowRight")
    dialog.press("ArrowLeft")
    expect(dialog).to_have_attribute("data-frame", "2")
    dialog.press("End")
    expect(dialog).to_have_attribute("data-frame", str(frames))
    # the blunder's frame, reached from its line, shows it marked
    dialog.locator(".costly").first.click()
    expect(dialog.locator(f'.review-decision[data-index="{worst[0].index}"]')).to_have_attribute("data-costly", "1")
    at = dialog.get_attribute("data-frame")
    # ... and in the chart: its bar marked costly and named for its cost, the other bars not costly
    bars = dialog.get_by_role("group", name=table.t("review.chart")).get_by_role("button")
    expect(bars).to_have_count(frames)
    blunder_bar = bars.nth(int(at) - 1)
    expect(blunder_bar).to_have_attribute("data-costly", "1")
    expect(blunder_bar).to_have_attribute("aria-current", "step")
    assert dialog.locator('.bar[data-costly="1"]').count() == len({frame_of(sim, d.index) for d in decisions if is_costly(d)})
    # a bar takes the review to its trick; the blunder's card and the best one are marked on the cards
    bars.first.click()
    expect(dialog).to_have_attribute("data-frame", "1")
    blunder_bar.click()
    expect(dialog).to_have_attribute("data-frame", at)
    if worst[0].chosen.startswith("play:") and worst[0].best.startswith("play:"):
        mine = dialog.get_by_role("img", name=table.tr.card(worst[0].chosen[5:]) + " (" + table.t("review.mark.played") + ")")
        best = dialog.get_by_role("img", name=table.tr.card(worst[0].best[5:]) + " (" + table.t("review.mark.best") + ")")
        expect(mine).to_have_count(1)
        expect(best).to_have_count(1)
        # ... and the key to those outlines is in sight under the player's cards, in words
        legend = dialog.locator(".review-marks-key")
        expect(legend).to_be_visible()
        expect(legend).to_have_text(table.t("review.mark.played") + table.t("review.mark.best"))
    # the computer's decisions, valued from its own view, on demand; the keys still step with the box focused
    dialog.get_by_label(table.t("review.show_computer")).check()
    expect(dialog.get_by_label(table.t("review.show_computer"))).to_be_focused()
    table.page.keyboard.press("ArrowLeft")
    expect(dialog).to_have_attribute("data-frame", str(int(at) - 1))
    dialog.press("Home")
    # the step a key moved to is said: the focus stays on the title
    expect(dialog.locator("#review-at")).to_have_attribute("aria-live", "polite")
    first = next(i for i, (p, _) in enumerate(sim.table.game.actions) if p == 1)
    expect(dialog.locator(f'.review-decision[data-index="{first}"]')).to_contain_text(
        table.t("review.alt.chosen.computer", action="", value="").strip(" :"), timeout=REVIEW_MS)
    dialog.press("Escape")
    expect(dialog).to_be_hidden()


def test_play_this_deal_again_deals_the_same_cards_and_the_match_resumes(fresh_table, blunder):
    table = fresh_table
    sim, _, _ = blunder
    play_to_the_end(table, sim)
    saved = table.stored("sixtysix.game")
    stats = table.stored("sixtysix.stats")
    score = table.html.get_attribute("data-score")
    dealt = sim.table.game.deck[6:12] if sim.table.game.dealer == 0 else sim.table.game.deck[0:6]
    table.page.get_by_role("button", name=table.t("button.replay"), exact=True).click()
    expect(table.page.get_by_role("log")).to_contain_text(table.t("msg.replay.same"))
    table.wait_turn()  # before the first trick is complete the player holds the six cards dealt
    assert sorted(table.hand()) == sorted(dealt)
    table.play_first()
    assert table.stored("sixtysix.game") == saved and table.stored("sixtysix.stats") == stats
    table.button("back").click()
    table.wait_hand_over()
    expect(table.html).to_have_attribute("data-score", score)
    assert table.stored("sixtysix.game") == saved


def test_a_shared_link_opens_the_same_review_in_a_fresh_browser(fresh_table, blunder, new_context, open_game):
    table = fresh_table
    sim, worst, _ = blunder
    play_to_the_end(table, sim)
    table.button("share").click()
    expect(table.page.locator("#share-review")).to_have_value(re.compile(r"#hand=v1\."))
    link = table.page.locator("#share-review").input_value()
    assert "#hand=v1." in link
    fresh = new_context().new_page()
    fresh.goto(link)
    fresh.wait_for_selector("html.ready", state="attached", timeout=60_000)
    other = TablePage(fresh, open_game)
    dialog = fresh.get_by_role("dialog", name=other.t("review.title"))
    expect(dialog).to_have_attribute("data-progress", "done", timeout=REVIEW_MS)
    expect(dialog.locator(".costly").first).to_have_text(costly_text(worst[0], other.tr))
    # closed, the review leaves the hand on the table as it ended, to open it again
    dialog.press("Escape")
    expect(dialog).to_be_hidden()
    expect(other.html).to_have_attribute("data-result", sim.table.result_facts()["reason"])
    other.button("review").click()
    expect(dialog).to_have_attribute("data-progress", "done", timeout=REVIEW_MS)
    expect(dialog.locator(".costly").first).to_have_text(costly_text(worst[0], other.tr))


def test_a_broken_link_shows_a_notice_and_the_saved_match_survives(fresh_table):
    table = fresh_table.open(f"seed=4&{FAST}")
    table.play_first()
    table.wait_turn()
    saved = table.stored("sixtysix.game")
    hand = table.hand()
    table.visit(f"{FAST}#hand=v1.ABCDEFGHIJKLMNOPQRSTUVWX1zy.000000")
    expect(table.page.get_by_role("status").filter(has_text=table.t("notice.bad_link"))).to_be_visible()
    table.wait_turn()
    assert table.hand() == hand
    assert table.stored("sixtysix.game") == saved


def test_the_score_sheet_opens_any_time_and_shows_the_match_at_its_end(fresh_table):
    from ui.model.storage import decode_game
    from ui.model.table import Table
    from ui.model import sheet as score_sheet
    saved, card, final = scenarios.nearly_finished_match()
    t = Table.from_saved(decode_game(saved))
    t.apply(0, f"play:{card}")
    table = fresh_table.open(FAST, storage={"sixtysix.game": saved})
    rows = score_sheet.rows(t.match, table.tr)
    table.button("sheet").click()
    dialog = table.page.get_by_role("dialog", name=table.t("sheet.title"))
    expect(dialog.locator("tbody tr")).to_have_count(len(rows) - 1)  # the last hand is still being played
    dialog.press("Escape")
    table.play(card)
    table.wait_hand_over()
    panel = table.page.get_by_role("region", name=table.t("story.title.match"), exact=True)  # the match is over
    expect(panel.locator(".sheet-summary")).to_have_text(score_sheet.summary(t.match, table.tr))
    expect(panel.locator("tbody tr")).to_have_count(len(rows))
    last = panel.locator("tbody tr").last
    expect(last).to_contain_text(rows[-1].reason)
    expect(last).to_contain_text(f"{rows[-1].running[0]}–{rows[-1].running[1]}")
    # the points and the running score keep to one line ("35–" over "85" once, in Italian at 1366 px)
    table.switch_language("it")
    table.page.set_viewport_size({"width": 1366, "height": 768})
    lines = """() => [...document.querySelectorAll('#story-sheet td:is(:nth-child(6), :nth-child(7))')].map((td) => {
        const range = document.createRange(); range.selectNodeContents(td);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size; })"""
    assert set(table.page.evaluate(lines)) == {1}
