"""Look and sound in the browser: the dark theme (the system's, or the one
chosen in the options, saved and applied before the first paint) on the
table, the dialogs and the rules pages, with nothing for axe-core to report;
the four-colour deck; the sound effects' option and the cues js/sound.js is
asked to play."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from e2e.axe import describe, run_axe
from e2e.conftest import open_game

FAST = "level=random&fast=1"
SETTINGS = "sixtysix.settings"

# The background colour an element paints, as [r, g, b].
BG = """(sel) => getComputedStyle(document.querySelector(sel)).backgroundColor.match(/\\d+/g).slice(0, 3).map(Number)"""
SCHEME = "() => getComputedStyle(document.documentElement).colorScheme"


def dark(rgb) -> bool:
    return sum(rgb) < 3 * 80


@pytest.fixture
def dark_scheme(fresh_table):
    """The shared page under a dark system setting, put back afterwards."""
    fresh_table.page.emulate_media(color_scheme="dark")
    yield fresh_table
    fresh_table.page.emulate_media(color_scheme="light")


def test_the_system_dark_scheme_darkens_the_dialogs_and_axe_finds_nothing(dark_scheme):
    t = dark_scheme.open(f"seed=11&{FAST}&lang=it")
    page = t.page
    t.wait_turn()
    expect(t.html).to_have_attribute("data-theme", "auto")
    assert page.evaluate(SCHEME) == "dark"
    found = []
    violations = run_axe(page)
    if violations:
        found.append("the table:\n" + describe(violations))
    dialog = t.open_options()
    assert dark(page.evaluate(BG, "#menu-dialog"))
    violations = run_axe(page)
    if violations:
        found.append("the options dialog:\n" + describe(violations))
    t.close_dialog(dialog)
    page.get_by_role("button", name=t.t("button.rules"), exact=True).click()
    rules = page.get_by_role("dialog", name=t.t("rules.title"))
    expect(rules).to_be_visible()
    assert dark(page.evaluate(BG, "#rules-dialog"))
    violations = run_axe(page)
    if violations:
        found.append("the rules dialog:\n" + describe(violations))
    t.close_dialog(rules)
    assert not found, "axe-core violations in the dark theme:\n" + "\n".join(found)


def test_the_choice_overrides_the_system_and_is_saved(dark_scheme):
    t = dark_scheme.open(f"seed=11&{FAST}")
    page = t.page
    t.wait_turn()
    dialog = t.open_options()
    select = dialog.get_by_label(t.t("theme.label"), exact=True)
    expect(select).to_have_value("auto")
    select.select_option("light")
    expect(t.html).to_have_attribute("data-theme", "light")
    assert not dark(page.evaluate(BG, "#menu-dialog")) and page.evaluate(SCHEME) == "light"
    t.expect_setting("theme", "light")
    page.emulate_media(color_scheme="light")
    select.select_option("dark")
    expect(t.html).to_have_attribute("data-theme", "dark")
    assert dark(page.evaluate(BG, "#menu-dialog")) and page.evaluate(SCHEME) == "dark"
    t.expect_setting("theme", "dark")
    t.close_dialog(dialog)


def test_a_saved_dark_theme_is_there_before_python_and_on_the_rules_pages(page):
    page.add_init_script(f"""
      if (location.pathname.endsWith("/") || location.pathname.endsWith("index.html")) {{
        localStorage.setItem("{SETTINGS}", JSON.stringify({{version: 1, theme: "dark"}}));
      }}
      // what the first paint sees: <html data-theme> as the parser reaches <body>
      document.addEventListener("DOMContentLoaded", () => {{
        window.themeAtFirstPaint = document.documentElement.dataset.theme || "";
      }});
    """)
    open_game(page, f"seed=11&{FAST}")
    assert page.evaluate("window.themeAtFirstPaint") == "dark"
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert dark(page.evaluate(BG, "#menu-dialog"))
    # the rules page follows the game's choice too (js/theme.js), under a light system setting
    page.goto("rules/pt.html")
    assert page.evaluate("window.themeAtFirstPaint") == "dark"
    assert dark(page.evaluate(BG, "html")) and page.evaluate(SCHEME) == "dark"


def test_the_rules_page_follows_the_system_and_axe_finds_nothing_there(page):
    page.emulate_media(color_scheme="dark")
    page.goto("rules/it.html")
    assert dark(page.evaluate(BG, "html")) and "dark" in page.evaluate(SCHEME)
    violations = run_axe(page)
    assert not violations, describe(violations)
    page.evaluate(f"localStorage.setItem('{SETTINGS}', JSON.stringify({{theme: 'light'}}))")
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    assert not dark(page.evaluate(BG, "html")) and page.evaluate(SCHEME) == "light"


# A face's colour: the most common non-white, non-grey pixel of the card's image.
INK = """(img) => {
  const c = document.createElement("canvas"); c.width = 100; c.height = 140;
  const x = c.getContext("2d"); x.drawImage(img, 0, 0, 100, 140);
  const d = x.getImageData(0, 0, 100, 140).data, seen = new Map();
  for (let i = 0; i < d.length; i += 4) {
    const [r, g, b] = [d[i], d[i + 1], d[i + 2]];
    if (Math.max(r, g, b) - Math.min(r, g, b) < 60) continue;  // white, grey, black
    const k = `${r >> 5},${g >> 5},${b >> 5}`; seen.set(k, (seen.get(k) || 0) + 1);
  }
  let best = null, n = 0; for (const [k, v] of seen) if (v > n) { best = k; n = v; }
  return best ? best.split(",").map((v) => Number(v) * 32 + 16) : null;
}"""


def face_colour(t, code):
    img = t.card(code).locator("img")
    t.page.wait_for_function("(img) => img.complete && img.naturalWidth > 0", arg=img.element_handle())
    return img.evaluate(INK)


def test_the_four_colour_deck_tells_diamonds_from_hearts_and_is_saved(fresh_table):
    t = fresh_table
    for seed in range(1, 40):  # a deal giving the player a diamond and a heart
        t.open(f"seed={seed}&{FAST}")
        t.wait_turn()
        hand = t.hand()
        if any(c[1] == "D" for c in hand) and any(c[1] == "H" for c in hand):
            break
    diamond = next(c for c in hand if c[1] == "D")
    heart = next(c for c in hand if c[1] == "H")
    red = face_colour(t, heart)
    assert red[0] > red[2]  # red
    assert face_colour(t, diamond)[0] > face_colour(t, diamond)[2]  # two colours: a red diamond
    dialog = t.open_options()
    dialog.get_by_label(t.t("settings.four_colour"), exact=True).check()
    expect(t.html).to_have_attribute("data-deck", "four")
    t.close_dialog(dialog)
    expect(t.card(diamond).locator("img")).to_have_attribute("src", f"assets/cards/{t.lang}/{diamond}.svg#four")
    blue = face_colour(t, diamond)
    assert blue[2] > blue[0] + 60, blue  # the diamond turned blue
    assert face_colour(t, heart) == red  # hearts stay red
    t.expect_setting("four_colour", True)


SPY = """() => {
  const real = window.sixtysixSound;
  window.cues = [];
  window.sixtysixSound = { ...real, play: (cue) => { const ok = real.play(cue); window.cues.push([cue, ok]); return ok; } };
}"""


def test_sound_is_off_by_default_and_the_option_plays_the_models_cues(fresh_table):
    t = fresh_table.open(f"seed=11&{FAST}")
    page = t.page
    t.wait_turn()
    page.evaluate(SPY)
    t.play_first()
    t.wait_turn()
    assert page.evaluate("window.cues") == []  # off by default: silence
    dialog = t.open_options()
    box = dialog.get_by_label(t.t("settings.sound"), exact=True)
    expect(box).not_to_be_checked()
    box.check()
    page.wait_for_function("() => window.cues.length > 0")
    assert page.evaluate("window.cues") == [["card", True]]  # a sample, and Web Audio is there
    t.expect_setting("sound", True)
    t.close_dialog(dialog)
    t.play_first()
    t.wait_turn()
    cues = [cue for cue, _ in page.evaluate("window.cues")[1:]]
    assert cues and set(cues) <= {"card", "trick", "marriage", "close", "won", "lost"}, cues
    assert all(ok for _, ok in page.evaluate("window.cues"))
    dialog = t.open_options()
    dialog.get_by_label(t.t("settings.sound"), exact=True).uncheck()
    t.close_dialog(dialog)
    heard = len(page.evaluate("window.cues"))
    t.play_first()
    t.wait_turn()
    assert len(page.evaluate("window.cues")) == heard  # muted again
    t.expect_setting("sound", False)
