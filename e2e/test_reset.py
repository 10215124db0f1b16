"""The tests' reset of a booted page (``window.sixtysixReset``, ``?test=1``
only; js/core-link.js) and the shared page of ``fresh_table`` (e2e/conftest.py):
a reset leaves nothing of the last test behind (storage, dialogs, address,
the live region, listeners), is safe while the computer thinks, and what the
shared page reports fails the test it happens in."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from e2e import scenarios
from e2e.conftest import open_game, reset_game
from e2e.pages import TablePage

FAST = "level=random&fast=1"

#: Every listener on window and document that is still bound, counted (an init script).
COUNT_LISTENERS = """
(() => {
  const bound = new Map();  // target -> Set of "type" + listener
  const add = EventTarget.prototype.addEventListener, remove = EventTarget.prototype.removeEventListener;
  const key = (type, fn, options) => [type, fn, !!(options === true || (options && options.capture))];
  EventTarget.prototype.addEventListener = function (type, fn, options) {
    if (this === window || this === document) {
      if (!bound.has(this)) bound.set(this, []);
      const list = bound.get(this), k = key(type, fn, options);
      if (!(options && options.once) && !list.some((e) => e[0] === k[0] && e[1] === k[1] && e[2] === k[2])) list.push(k);
    }
    return add.call(this, type, fn, options);
  };
  EventTarget.prototype.removeEventListener = function (type, fn, options) {
    const list = bound.get(this), k = key(type, fn, options);
    if (list) bound.set(this, list.filter((e) => !(e[0] === k[0] && e[1] === k[1] && e[2] === k[2])));
    return remove.call(this, type, fn, options);
  };
  window.boundListeners = () => [...bound.values()].reduce((n, list) => n + list.length, 0);
})();
"""

HOLD_BOT = "() => { window.sixtysixHoldBot = new Promise((go) => { window.releaseBot = go; }); }"
RELEASE_BOT = "() => { window.releaseBot(); delete window.sixtysixHoldBot; }"


def stored_seed(table: TablePage) -> int:
    return json.loads(table.stored("sixtysix.game")["match"])["seed"]


def test_a_reset_leaves_nothing_of_the_last_match(fresh_table):
    embed = re.compile(r"\bembed\b")
    t = fresh_table.open(f"embed=1&seed=4&{FAST}")
    expect(t.html).to_have_class(embed)  # as js/boot.js marks a load of the embedded game, and unmarks:
    t.open(f"seed=3&{FAST}")
    expect(t.html).not_to_have_class(embed)
    t.play_first()
    t.wait_turn()
    t.page.evaluate("() => { localStorage.setItem('left', '1'); sessionStorage.setItem('left', '1'); }")
    t.page.evaluate("() => document.documentElement.dataset.swUpdate = 'ready'")
    said = t.page.locator("#announce p").all_inner_texts()
    assert said
    t.open_options()
    t.open(f"lang=it&seed=5&{FAST}")
    assert t.page.evaluate("location.search") == f"?lang=it&seed=5&{FAST}&test=1"
    expect(t.html).to_have_attribute("lang", "it")
    expect(t.page.locator("dialog[open]")).to_have_count(0)
    assert t.page.evaluate("[localStorage.getItem('left'), sessionStorage.length]") == [None, 0]
    assert t.html.get_attribute("data-sw-update") is None  # <html> as before the first start
    assert stored_seed(t) == 5
    expect(t.html).to_have_attribute("data-hand", "1")
    t.expect_score(0, 0)
    t.wait_turn()
    assert sorted(t.hand()) == sorted(scenarios.Sim(5).hand())
    assert not set(said) & set(t.page.locator("#announce p").all_inner_texts())  # the live region starts afresh
    expect(t.page.get_by_role("status")).to_be_hidden()  # no notice (an update waiting) carried over
    t.play_first()  # and it plays
    t.wait_turn()


def test_a_reset_unbinds_every_listener(page):
    page.add_init_script(COUNT_LISTENERS)
    open_game(page, f"seed=3&{FAST}&test=1")
    counts = []
    for seed in (4, 5, 6):
        reset_game(page, f"seed={seed}&{FAST}")
        counts.append(page.evaluate("window.boundListeners()"))
    assert counts[0] == counts[1] == counts[2], counts
    # and the last reset's listeners work: a key on the page, a click on a card
    table = TablePage(page, open_game)
    table.play_first()
    table.wait_turn()


def test_a_reset_while_the_computer_thinks_stops_the_old_turn(fresh_table):
    t = fresh_table.open(f"seed=3&{FAST}")
    t.wait_turn()
    t.page.evaluate(HOLD_BOT)
    t.play_first()
    expect(t.html).to_have_attribute("data-thinking", "1")  # held mid-thought
    t.open(f"seed=5&{FAST}")
    t.page.evaluate(RELEASE_BOT)  # the old turn's answer comes now: it must change nothing
    sim = scenarios.Sim(5)
    t.wait_turn()
    t.play(sim.playable()[0])  # the new table's own turn (its bot is answered after the old one)
    sim.play_first()
    t.wait_turn()
    assert stored_seed(t) == 5
    assert sorted(t.hand()) == sorted(sim.hand())
    expect(t.html).to_have_attribute("data-score", "-".join(map(str, sim.table.match.scores)))


def test_what_the_shared_page_reports_fails_the_test_it_happens_in(fresh_table, page_errors):
    t = fresh_table.open(f"seed=3&{FAST}")
    with t.page.expect_console_message(lambda m: m.type == "error"):
        t.page.evaluate("console.error('on purpose')")
    assert [e for e in page_errors.errors if "on purpose" in e], page_errors.errors
    page_errors.errors = []  # this test's own doing


def test_a_reset_speaks_its_own_address_s_language_from_the_first_word(fresh_table):
    # A seed link over a match in progress, in each language: its question comes
    # before the new table's first render, and was asked in the language of the
    # shared page's first load, whichever the new address named (a load marks
    # <html lang> first, js/boot.js; so does the reset now).
    for lang in ("it", "pt"):
        t = fresh_table.open(f"lang={lang}&seed=3&{FAST}")
        t.play_first()
        t.wait_turn()
        t.visit(f"lang={lang}&seed=5&{FAST}")
        confirm = t.page.get_by_role("dialog", name=t.t("confirm.title"))
        expect(confirm).to_contain_text(t.t("confirm.seed"))
        confirm.get_by_role("button", name=t.t("confirm.keep"), exact=True).click()
        expect(confirm).to_be_hidden()
