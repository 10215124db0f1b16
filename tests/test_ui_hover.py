"""A :hover that lifts or moves something (a transform) lives only under
``@media (hover: hover)``: on a touch screen the tap leaves a hover behind,
and a card would stay lifted after it was played. And a card's lift moves
its face, not its button: a lifted button leaves the pointer resting near
its lower edge, drops back under it and lifts again, every frame (a card
that was never "stable" for Playwright's click, twice in full e2e runs)."""

import re
from pathlib import Path

CSS_FILES = [Path(__file__).resolve().parent.parent / p for p in ("ui/table.css", "rules/rules.css")]
HOVER_MEDIA = re.compile(r"@media\s*\(\s*hover\s*:\s*hover\s*\)\s*\{")


def without_hover_media(css: str) -> str:
    """``css`` without its comments and its ``@media (hover: hover) { ... }`` blocks."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    while (m := HOVER_MEDIA.search(css)):
        depth, i = 1, m.end()
        while depth:
            depth += {"{": 1, "}": -1}.get(css[i], 0)
            i += 1
        css = css[:m.start()] + css[i:]
    return css


def hover_lifts(css: str) -> list[str]:
    """Selectors with :hover whose rule sets a transform, outside @media (hover: hover)."""
    rules = re.findall(r"([^{}]+)\{([^{}]*)\}", without_hover_media(css))
    return [sel.strip() for sel, body in rules if ":hover" in sel and "transform" in body]


def test_hover_transforms_only_where_a_pointer_hovers():
    for path in CSS_FILES:
        assert hover_lifts(path.read_text(encoding="utf-8")) == [], path.name


def test_the_check_sees_a_lift_outside_the_media_query():
    css = ".a:hover { transform: translateY(-2px); } @media (hover: hover) { .b:hover { transform: none; } }"
    assert hover_lifts(css) == [".a:hover"]


def button_lifts(css: str) -> list[str]:
    """Selectors whose subject is a hand card's button (``.card`` last) and
    whose rule moves it (a transform), anywhere in ``css``."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    rules = re.findall(r"([^{}]+)\{([^{}]*)\}", css)
    return [part.strip() for sel, body in rules if re.search(r"transform\s*:", body)
            for part in sel.split(",") if re.search(r"\.card(\.[\w-]+|:[\w-]+)*\s*$", part.strip())]


def test_a_card_lifts_its_face_not_its_button():
    assert button_lifts(CSS_FILES[0].read_text(encoding="utf-8")) == []


def test_the_check_sees_a_lifted_button():
    css = ".card.hinted { transform: translateY(-10px); } .card:hover .card-img { transform: none; } .card { color: red; }"
    assert button_lifts(css) == [".card.hinted"]
