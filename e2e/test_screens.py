"""Every screen: the whole table fits without scrolling at six sizes, from a
small phone to a large desktop, in portrait and on its side; nothing overlaps;
touch targets stay at least 44 px. The table is measured at its fullest:
in practice mode (the computer's cards face up, the practice mark, one more
button), after a trick. Each size is a fresh match on the shared page
(``fresh_table``), the setting saved before the page is built afresh."""

from __future__ import annotations

import json

import pytest

SIZES = [(360, 640), (390, 844), (844, 390), (667, 375), (1280, 800), (1920, 1080)]
#: What a player must see at once, by selector.
PARTS = {"score": "#score", "tools": ".tools", "opponent": "#opp-hand > img", "practice": "#practice-badge",
         "stock": "#stock", "trick": "#trick", "turn": "#turn", "buttons": ".actions", "hand": "#hand"}
#: The player's settings before the page is built: practice mode on.
PRACTICE = {"sixtysix.settings": json.dumps({"version": 1, "practice": True})}

#: Each part's box: the union of what its selector matches (the computer's
#: cards, not the row they are centred in).
BOXES = """(parts) => Object.fromEntries(Object.entries(parts).map(([name, sel]) => {
    const rs = [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect());
    if (!rs.length) throw new Error(`nothing matches ${sel}`);
    return [name, {x: Math.min(...rs.map((r) => r.left)), y: Math.min(...rs.map((r) => r.top)),
                   r: Math.max(...rs.map((r) => r.right)), b: Math.max(...rs.map((r) => r.bottom))}];
}))"""

SMALL_TARGETS = """() => [...document.querySelectorAll('button, select')]
    .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
    .map((e) => [e, e.getBoundingClientRect()])
    .filter(([e, r]) => r.width < 44 || r.height < 44)
    .map(([e, r]) => `${e.id || e.className} ${Math.round(r.width)}x${Math.round(r.height)}`)"""


def overlap(a: dict, b: dict) -> bool:
    return min(a["r"], b["r"]) - max(a["x"], b["x"]) > 1 and min(a["b"], b["b"]) - max(a["y"], b["y"]) > 1


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_whole_table_fits_without_scrolling_and_nothing_overlaps(fresh_table, size, tmp_path):
    width, height = size
    page = fresh_table.page
    page.set_viewport_size({"width": width, "height": height})
    t = fresh_table.open("seed=3&level=random&fast=1", storage=PRACTICE)
    t.play_first()
    t.wait_turn()  # a trick played: piles, messages and buttons all hold text
    assert t.html.get_attribute("data-practice") == "on" and t.button("take_back").is_visible()
    scroll = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert scroll[0] <= width and scroll[1] <= height, (size, scroll)
    boxes = page.evaluate(BOXES, PARTS)
    for name, box in boxes.items():
        assert box["x"] >= -0.5 and box["y"] >= -0.5 and box["r"] <= width + 0.5 and box["b"] <= height + 0.5, \
            (size, name, box)
    apart = ["opponent", "practice", "stock", "trick", "turn", "buttons", "hand"]
    for i, a in enumerate(apart):
        for b in apart[i + 1:]:
            assert not overlap(boxes[a], boxes[b]), (size, a, b, boxes[a], boxes[b])
    assert not overlap(boxes["score"], boxes["tools"]), size
    assert page.evaluate(SMALL_TARGETS) == [], size
    page.screenshot(path=str(tmp_path / f"table-{width}x{height}.png"))
