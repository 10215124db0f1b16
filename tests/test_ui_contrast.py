"""WCAG AA contrast of the table's palette (ui/table.css): text 4.5:1,
large text and controls' outlines 3:1, in the light and the dark theme. The
colours are read from the CSS, so a change of palette is checked."""

import re
from pathlib import Path

import pytest

CSS = (Path(__file__).resolve().parent.parent / "ui" / "table.css").read_text(encoding="utf-8")
VAR = r"--([a-z-]+):\s*(#[0-9a-fA-F]{6})"
#: The light theme: each variable's first value (the dark blocks come after).
LIGHT: dict[str, str] = {}
for name, value in re.findall(VAR, CSS):
    LIGHT.setdefault(name, value)
DARK_BLOCK = re.search(r':root\[data-theme="dark"\] \{(.*?)\}', CSS, re.S).group(1)
#: The dark theme: the light one with the dark block's values.
DARK = {**LIGHT, **dict(re.findall(VAR, DARK_BLOCK))}
THEMES = {"light": LIGHT, "dark": DARK}
VARS = LIGHT


def rgb(color: str, palette: dict | None = None) -> tuple[float, float, float]:
    palette = VARS if palette is None else palette
    color = palette.get(color.removeprefix("var(--").removesuffix(")"), color) if color.startswith("var(") else color
    return tuple(int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))


def over(fg: tuple, alpha: float, bg: tuple) -> tuple:
    return tuple(alpha * f + (1 - alpha) * b for f, b in zip(fg, bg))


def luminance(c: tuple) -> float:
    lin = [x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4 for x in c]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def ratio(a: tuple, b: tuple) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


BAR = over((0, 0, 0), 0.28, rgb("var(--felt-light)"))  # the header over the lightest felt
FELTS = ["var(--felt-light)", "var(--felt)", "var(--felt-dark)"]


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("felt", FELTS)
@pytest.mark.parametrize("ink", ["var(--ink)", "var(--ink-soft)"])
def test_text_on_the_felt(ink, felt, theme):
    assert ratio(rgb(ink, THEMES[theme]), rgb(felt, THEMES[theme])) >= 4.5


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("fg, bg", [
    ("var(--paper-ink)", "var(--paper)"),     # buttons, score, dialogs
    ("var(--paper-ink)", "var(--action-hover)"),  # a button of play under the pointer
    ("var(--gold-ink)", "var(--gold)"),       # the strong buttons
    ("var(--note-ink)", "var(--note-bg)"),    # notices, costly decisions in the review
    ("var(--paper-ink)", "var(--decision-bg)"),  # the review's decisions
    ("var(--muted-ink)", "var(--paper)"),     # help text in dialogs
    ("var(--muted-ink)", "var(--decision-bg)"),  # notes in the review's decisions
    ("#ffffff", "var(--felt)"),               # buttons inside dialogs
    ("#ffffff", "var(--alarm)"),              # a costly move's question
])
def test_text_on_controls(fg, bg, theme):
    assert ratio(rgb(fg, THEMES[theme]), rgb(bg, THEMES[theme])) >= 4.5


def test_the_system_dark_scheme_has_the_same_colours_as_the_dark_choice():
    """ui/table.css writes the dark values twice (the option, and the system's
    setting with no choice made): the two blocks must not drift apart."""
    system = re.search(r'@media \(prefers-color-scheme: dark\) \{\s*:root:not\(\[data-theme="light"\]\) \{(.*?)\}',
                       CSS, re.S).group(1)
    assert dict(re.findall(VAR, system)) == dict(re.findall(VAR, DARK_BLOCK)) and "color-scheme: dark" in system


def test_white_text_in_the_header():
    assert ratio(rgb("var(--ink)"), BAR) >= 4.5


@pytest.mark.parametrize("felt", FELTS)
def test_a_question_stands_out_from_the_felt(felt):
    assert ratio(rgb("var(--gold)"), rgb(felt)) >= 3  # its ring


@pytest.mark.parametrize("felt", FELTS)
def test_focus_ring_and_tool_outlines_stand_out(felt):
    assert ratio(rgb("var(--focus)"), rgb(felt)) >= 3
    assert ratio(rgb("var(--hint)"), rgb(felt)) >= 3
    assert ratio(over((1, 1, 1), 0.55, BAR), BAR) >= 3


def test_the_palette_was_read():
    assert {"felt", "felt-light", "felt-dark", "ink", "ink-soft", "paper", "paper-ink", "gold", "gold-ink",
            "focus"} <= set(VARS)
