"""Every screen in every phase: at six sizes, in Portuguese and Italian, the
page never scrolls and every control can be reached, from the middle of a
hand with every button offered, through each dialog, to the end of a hand
and of a match (issue 32).

A control counts as reachable when it lies in the window, or inside a box
of its own that scrolls up and down (a dialog's body, the end of a hand's
story) and lies in the window itself; nothing may need a sideways scroll.
An open dialog keeps its close control at its top, in the window.
(e2e/test_screens.py measures the table's parts at the start of a hand.)
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from e2e import scenarios
from e2e.test_screens import SIZES
from ui.model.sheet import RULES

FAST = "level=random&fast=1"
PRACTICE = {"sixtysix.settings": json.dumps({"version": 1, "practice": True})}

#: What does not fit, in words ([] when everything does).
MISFITS = """() => {
  const vw = innerWidth, vh = innerHeight, de = document.documentElement;
  const problems = [];
  if (de.scrollWidth > vw || de.scrollHeight > vh) problems.push(`the page scrolls: ${de.scrollWidth}x${de.scrollHeight}`);
  const inside = (r, b) => r.left >= b.left - 0.5 && r.top >= b.top - 0.5 && r.right <= b.right + 0.5 && r.bottom <= b.bottom + 0.5;
  const across = (r, b) => r.left >= b.left - 0.5 && r.right <= b.right + 0.5;
  const view = {left: 0, top: 0, right: vw, bottom: vh};
  const dialog = document.querySelector('dialog[open]');
  const name = (e) => e.id || e.getAttribute('aria-label') || e.textContent.trim().slice(0, 24);
  for (const e of (dialog || document).querySelectorAll('button, select, input, a[href]')) {
    if (!e.getClientRects().length || getComputedStyle(e).visibility === 'hidden') continue;
    if (!dialog && e.closest('dialog')) continue;
    const r = e.getBoundingClientRect();
    let ok = inside(r, view);
    // else: inside boxes that never scroll sideways, the nearest one scrolling up and down in sight
    for (let box = e.parentElement; !ok && box && box !== document.body; box = box.parentElement) {
      const b = box.getBoundingClientRect();
      if (!across(r, b) && getComputedStyle(box).overflowX !== 'visible') break;
      if (box.scrollHeight > box.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(box).overflowY))
        ok = inside(b, view);
    }
    if (!ok) problems.push(`${name(e)} out of reach at ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`);
  }
  if (dialog) {
    const d = dialog.getBoundingClientRect();
    if (!inside(d, view)) problems.push('the dialog leaves the window');
    if (dialog.scrollWidth > dialog.clientWidth + 1) problems.push('the dialog scrolls sideways');
    const close = dialog.querySelector('.close');
    if (close) {
      const c = close.getBoundingClientRect();
      if (!inside(c, view) || c.top - d.top > 64) problems.push(`its close control is not at its top: ${Math.round(c.top - d.top)} px down`);
    }
  }
  return problems;
}"""


#: Where, just outside the end of a hand's story, a card of the rows it covers
#: (the computer's, the stock, the trick: tilted, they reach past their rows)
#: still shows ([] when none does).
PEEKING = """() => {
  const story = document.getElementById('story').getBoundingClientRect();
  const points = [];
  for (let x = story.left; x <= story.right; x += 6) points.push([x, story.top - 2]);
  for (let y = story.top; y <= story.bottom; y += 6) points.push([story.left - 2, y], [story.right + 2, y]);
  const peeking = [];
  for (const [x, y] of points) {
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const e = document.elementFromPoint(x, y);
    if (e && e.closest('.opponent, .middle')) peeking.push(`${e.id || e.className} at ${Math.round(x)},${Math.round(y)}`);
  }
  return peeking.slice(0, 4);
}"""


@pytest.fixture(scope="module")
def busy_turn():
    """The player may exchange the trump and close: the most buttons a turn offers."""
    return scenarios.find(lambda sim: {"exchange", "close"} <= set(sim.legal()) and sim.view()["history"])


@pytest.fixture(scope="module")
def hand_end():
    return scenarios.nearly_finished_hand()


@pytest.fixture(scope="module")
def match_end():
    return scenarios.nearly_finished_match()


def fits(t, phase: str) -> None:
    """The page as it is now fits at every size (the window resized in place:
    the same state measured six times, set up once)."""
    for width, height in SIZES:
        t.page.set_viewport_size({"width": width, "height": height})
        problems = t.page.evaluate(MISFITS)
        assert problems == [], f"{phase} at {width}x{height}: {problems}"


#: Whether the match's score sheet in the story shows its first hand's row (its
#: review button) whole, unscrolled, above the story's own buttons.
FIRST_ROW_SHOWN = """() => {
  const row = document.querySelector('#story-sheet tbody tr button').getBoundingClientRect();
  const buttons = document.querySelector('#story .story-buttons').getBoundingClientRect();
  return row.top >= document.getElementById('story').getBoundingClientRect().top && row.bottom <= buttons.top + 0.5;
}"""


#: The last hand's story three times as long (its lines copied after it).
LONGER_STORY = """() => {
  const lines = document.getElementById('story-lines');
  const copies = [...lines.children].map((p) => p.cloneNode(true));
  lines.append(...copies, ...copies.map((p) => p.cloneNode(true)));
}"""


#: The story's buttons not wholly in sight in its box as it is shown, unscrolled ([] when all are).
BURIED = """() => {
  const story = document.getElementById('story').getBoundingClientRect();
  return [...document.querySelectorAll('#story .story-buttons button')].filter((b) => b.getClientRects().length)
    .filter((b) => { const r = b.getBoundingClientRect(); return r.top < story.top - 0.5 || r.bottom > story.bottom + 0.5; })
    .map((b) => b.id);
}"""


def covered(t, phase: str) -> None:
    """At every size, the rows the story is drawn over show nothing beside it,
    and what it offers is in sight without scrolling it (a long story scrolls under)."""
    for width, height in SIZES:
        t.page.set_viewport_size({"width": width, "height": height})
        assert t.page.evaluate(PEEKING) == [], f"{phase} at {width}x{height}"
        assert t.page.evaluate(BURIED) == [], f"{phase} at {width}x{height}: buttons to scroll to"
    # What it covers is out of the tab order (the last trick's button was, unseen).
    assert t.page.evaluate(UNDER_THE_STORY) == [], phase


#: The controls of the rows the story covers that a Tab could still reach ([] when none).
UNDER_THE_STORY = """() => [...document.querySelectorAll('.table > .opponent button, .table > .middle button')]
  .filter((b) => !b.disabled && !b.closest('[inert]')).map((b) => b.id)"""


def with_longest_reasons(t) -> None:
    """Every score sheet shown says, in each row, the longest reason a hand can
    have in the page's language (the match played has shorter ones): the widest
    the sheet can be."""
    longest = max((t.t("sheet.deemed", rule=t.t(f"sheet.rule.{r}")) for r in RULES), key=len)
    t.page.evaluate("""(words) => { for (const cell of document.querySelectorAll('table.sheet:not(.stats) td:nth-child(5)'))
        cell.textContent = words; }""", longest)


def dialog_fits(t, opener, title_key: str) -> None:
    opener.click()
    dialog = t.page.get_by_role("dialog", name=t.t(title_key))
    expect(dialog).to_be_visible()
    fits(t, title_key)
    t.close_dialog(dialog)


@pytest.mark.parametrize("lang", ["pt", "it"])
def test_every_phase_and_dialog_fits_at_every_size(fresh_table, lang, busy_turn, hand_end, match_end):
    t, page = fresh_table, fresh_table.page
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})  # (the buttons tapped on a phone)
    # mid-hand, practice on: exchange, close, hint and take-back offered
    t.open(f"lang={lang}&seed={busy_turn.seed}&{FAST}", storage=PRACTICE)
    t.replay(busy_turn.intents)
    t.wait_turn()
    for name in ("exchange", "close", "hint", "take_back"):
        expect(t.button(name)).to_be_visible()
    fits(t, "mid-hand")
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    t.button("close").click()  # asked, not done: the longer question in the button's place
    expect(t.html).to_have_attribute("data-armed", "close")
    fits(t, "close asked")
    page.keyboard.press("Escape")
    expect(t.html).to_have_attribute("data-armed", "")
    dialog_fits(t, t.button("rules"), "rules.title")
    dialog_fits(t, t.button("sheet"), "sheet.title")
    dialog_fits(t, t.button("last_trick"), "last_trick.title")
    menu = t.open_options()
    fits(t, "settings.title")
    menu.get_by_role("button", name=t.t("button.stats"), exact=True).click()
    stats = page.get_by_role("dialog", name=t.t("stats.title"))
    expect(stats).to_be_visible()
    fits(t, "stats.title")
    t.close_dialog(stats)
    menu = t.open_options()
    menu.get_by_role("button", name=t.t("button.new_match"), exact=True).click()
    confirm = page.get_by_role("dialog", name=t.t("confirm.title"))
    expect(confirm).to_be_visible()
    fits(t, "confirm.title")
    confirm.get_by_role("button", name=t.t("confirm.keep"), exact=True).click()
    expect(confirm).to_be_hidden()

    # the end of a hand, its share and review dialogs
    saved, card, _ = hand_end
    t.open(f"lang={lang}&{FAST}", storage={"sixtysix.game": saved})
    t.play(card)
    expect(t.button("next_hand")).to_be_visible()
    fits(t, "end of a hand")
    covered(t, "end of a hand")
    dialog_fits(t, t.button("share"), "share.title")
    dialog_fits(t, t.button("review"), "review.title")
    # the same deal again, apart from the match: its own line in the header
    t.button("replay").click()
    expect(page.locator("#hand-number")).to_have_text(t.t("score.hand.apart"))
    t.wait_turn()
    fits(t, "a hand replayed")

    # the end of the match, its score sheet in the story
    saved, card, _ = match_end
    t.open(f"lang={lang}&{FAST}", storage={"sixtysix.game": saved})
    t.play(card)
    expect(t.button("new_match")).to_be_visible()
    expect(page.locator("#story-sheet table")).to_be_visible()
    expect(page.get_by_role("region", name=t.t("story.title.match"), exact=True)).to_be_visible()  # the match's end, named
    expect(page.locator(".me")).to_be_hidden()  # the player's row gives the sheet its room
    page.set_viewport_size({"width": 360, "height": 640})  # a small phone: the first hand's row in sight,
    page.evaluate(LONGER_STORY)  # however long the last hand's story
    assert page.evaluate(FIRST_ROW_SHOWN), "the sheet's first row is hidden under the story's buttons at 360x640"
    with_longest_reasons(t)
    fits(t, "end of the match")
    covered(t, "end of the match")
    # the score sheet's dialog, its rows as wide as they come
    t.button("sheet").click()
    dialog = page.get_by_role("dialog", name=t.t("sheet.title"))
    expect(dialog.locator("table.sheet")).to_be_visible()
    with_longest_reasons(t)
    fits(t, "sheet.title at the end of the match")
    t.close_dialog(dialog)
