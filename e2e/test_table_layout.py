"""Layout and responsiveness: phone and desktop, the embed mode, touch
targets, the shell before Python, and a page that keeps running while the
computer thinks."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e.pages import BOT_MS, CATALOGS, TablePage

FAST = "level=random&fast=1"

# The page's own timer, every 10 ms from the start: when it fired.
HEARTBEAT = """
window.beats = [];
setInterval(() => window.beats.push(performance.now()), 10);
"""


def hand_boxes(table: TablePage) -> list[dict]:
    """Where each card of the player's full first hand is (6 cards: a hand that did not render fails)."""
    cards = table.hand_group.get_by_role("button")
    expect(cards).to_have_count(6)
    return [c.bounding_box() for c in cards.all()]


def overflow_x(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")


def small_targets(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll('button, select, [role=button]')]
        .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
        .map((e) => [e, e.getBoundingClientRect()])
        .filter(([e, r]) => r.width < 44 || r.height < 44)
        .map(([e, r]) => `${e.id || e.className || e.tagName} ${Math.round(r.width)}x${Math.round(r.height)}`)""")


@pytest.mark.parametrize("size", [(360, 640), (1280, 800)])
def test_the_table_fits_and_targets_are_large_enough(fresh_table, size):
    table = fresh_table
    page = table.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    table.open(f"seed=7&{FAST}")
    table.wait_turn()
    assert overflow_x(page) <= 0
    assert small_targets(page) == []
    # the whole hand is on screen (all six cards: an empty locator must not pass)
    for box in hand_boxes(table):
        assert box["x"] >= 0 and box["x"] + box["width"] <= size[0] + 0.5
        assert box["y"] + box["height"] <= size[1] + 0.5
    dialog = table.open_options()
    assert small_targets(page) == []
    table.close_dialog(dialog)


def test_embed_mode_shows_the_table_alone_from_320px(fresh_table):
    page = fresh_table.page
    page.set_viewport_size({"width": 320, "height": 568})
    table = fresh_table.open(f"embed=1&lang=it&seed=7&{FAST}")
    expect(table.html).to_have_attribute("lang", "it")
    expect(page.get_by_role("button", name=table.t("button.rules"))).to_be_hidden()
    expect(page.get_by_role("button", name=table.t("button.menu"))).to_be_hidden()
    table.wait_turn()
    assert overflow_x(page) <= 0
    assert small_targets(page) == []
    for box in hand_boxes(table):
        assert box["x"] >= 0 and box["x"] + box["width"] <= 320.5
    table.play_first()
    table.wait_turn()


def test_the_shell_shows_before_python_is_ready(page, base_url):
    # Hold the app back: the felt, the card places and the boot line show anyway.
    page.route("**/app.zip", lambda route: None)
    page.goto("./?seed=3")
    expect(page.locator("#table")).to_be_visible()
    boot = [CATALOGS["pt"][k] for k in ("boot.loading", "boot.runtime", "boot.files", "boot.starting")]
    expect(page.locator("#boot-text")).to_have_text(re.compile("|".join(map(re.escape, boot))))
    expect(page.locator(".place-you")).to_be_visible()
    expect(page.locator("html")).not_to_have_class("ready")
    page.unroute("**/app.zip")


LONG_CALLS = """() => performance.getEntriesByName('sixtysix:choose')
    .filter((m) => m.duration >= 40)
    .map((m) => window.beats.filter((t) => t > m.startTime + 5 && t < m.startTime + m.duration - 5).length)"""


def test_the_page_keeps_running_while_the_computer_thinks(page, table):
    # The bot computes in its worker, so the page's own timers keep firing
    # during each bot call; a bot on the main thread would let none fire in
    # any call. (How long the main thread's tasks take is a benchmark,
    # `make bench`'s play step, not a test: on 2 busy cores any task can
    # stretch past a fixed limit.) Only calls of 40 ms or more show anything,
    # so the hand goes on until three of them have been seen.
    page.add_init_script(HEARTBEAT)
    table.open("seed=7&level=hard")
    calls = []
    while len(calls) < 3:
        table.page.wait_for_selector("html[data-to-move='you'], html[data-to-move='none']", timeout=BOT_MS)
        calls = page.evaluate(LONG_CALLS)
        if table.html.get_attribute("data-to-move") == "none":
            break
        table.play_first()
        expect(table.html).not_to_have_attribute("data-to-move", "you")
    every = page.evaluate("performance.getEntriesByName('sixtysix:choose').map((m) => Math.round(m.duration))")
    print(f"bot calls (ms): {every}; the page's timer fired in each long one {calls} times")
    assert calls, f"no bot call took 40 ms at level hard: nothing to look at (calls in ms: {every})"
    assert sum(1 for beats in calls if beats) * 2 >= len(calls), calls
