"""The game as the rules pages embed it: a whole hand played inside the frame.

The frame is the one each rules page ships (``../index.html?embed=1&lang=..``),
with the computer at its default level: this is what a reader of the page
gets, at the tests' pace (``?fast=1``, passed on to the frame: the pace has
its own tests, e2e/test_pace.py). The frame's height must follow the table,
and a height message forged from another origin must change nothing.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Frame, Page, expect

from e2e.conftest import FIRST_LOAD_MS
from e2e.pages import BOT_MS, TablePage

REASONS = r"^(declared|false_declaration|closed_failed|last_trick)$"


def embedded_table(page: Page, lang: str, query: str = "") -> tuple[Frame, TablePage]:
    page.goto(f"rules/{lang}.html" + (f"?{query}" if query else ""))
    page.get_by_role("button", name={"pt": "Jogar aqui", "it": "Gioca qui"}[lang], exact=True).click()
    frame = page.locator("iframe[data-sixtysix-embed]").element_handle().content_frame()
    frame.wait_for_selector("html.ready, .py-error", state="attached", timeout=FIRST_LOAD_MS)
    expect(frame.locator(".py-error")).to_have_count(0)
    return frame, TablePage(frame, None)  # a Frame answers the same locators as a Page


def wait_for_turn_or_end(frame: Frame) -> str:
    frame.wait_for_function(
        "() => ['you', 'none'].includes(document.documentElement.dataset.toMove)", timeout=BOT_MS)
    return frame.locator("html").get_attribute("data-to-move")


#: The iframe's height is the (clamped) height of the table inside it (the frame is same-origin).
FRAME_FOLLOWS = """() => {
  const frame = document.querySelector('iframe[data-sixtysix-embed]');
  const content = Math.ceil(frame.contentDocument.documentElement.getBoundingClientRect().height);
  return Math.abs(frame.getBoundingClientRect().height - Math.max(200, Math.min(4000, content))) <= 2;
}"""


def frame_height_follows_content(page: Page, frame: Frame, timeout_ms: float = 10_000) -> None:
    """The iframe's height settles on the height of the table inside it."""
    page.wait_for_function(FRAME_FOLLOWS, timeout=timeout_ms)


@pytest.mark.parametrize(("lang", "query"), [("pt", "fast=1"), ("it", "fast=1")])
def test_a_whole_hand_inside_the_rules_page(page: Page, lang: str, query: str):
    page.set_viewport_size({"width": 1024, "height": 900})
    frame, table = embedded_table(page, lang, query)
    assert table.lang == lang
    passed_on = f"lang={lang}" + (f"&{query}" if query else "")  # the page's options, none of its own
    expect(page.locator("iframe[data-sixtysix-embed]")).to_have_attribute("src", re.compile(f"embed=1&{passed_on}$"))
    expect(frame.locator("html")).to_have_class(re.compile(r"\bembedded\b"))
    frame_height_follows_content(page, frame)
    for _ in range(60):  # at most 12 tricks, each at most one lead and one answer of ours
        if wait_for_turn_or_end(frame) == "none":
            break
        table.play_first()
    else:
        pytest.fail("the hand did not end")
    html = frame.locator("html")
    expect(html).to_have_attribute("data-result", re.compile(REASONS))
    you, computer = map(int, html.get_attribute("data-score").split("-"))
    assert you + computer in (1, 2, 3)
    expect(table.button("next_hand")).to_be_visible()
    frame_height_follows_content(page, frame)


def test_a_height_forged_from_another_origin_changes_nothing(page: Page):
    page.set_viewport_size({"width": 800, "height": 900})
    frame, _ = embedded_table(page, "pt")
    frame_height_follows_content(page, frame)
    # The right source window but a foreign origin, then a foreign window with our origin;
    # then, as the control, the right window and origin. dispatchEvent runs js/embed-host.js's
    # listener at once, so each height is read as soon as its message has been handled.
    heights = page.evaluate("""() => {
        const frame = document.querySelector('iframe[data-sixtysix-embed]');
        const source = frame.contentWindow, heights = [frame.style.height];
        const send = (origin, from) => {
            window.dispatchEvent(new MessageEvent('message',
                {data: {type: 'sixtysix:height', height: 3000}, origin, source: from}));
            heights.push(frame.style.height);
        };
        send('https://evil.example', source);
        send(location.origin, window);
        send(location.origin, source);
        return heights;
    }""")
    assert heights[1] == heights[2] == heights[0] != "3000px", heights
    assert heights[3] == "3000px", heights  # the listener was there: only the forgeries changed nothing
