"""axe-core finds nothing to fix (WCAG 2 A/AA and best practices): the table
in each phase (start, mid-hand, closed, end of hand), every dialog, the rules
and strategy pages and the game embedded in a rules page. Every state is
checked before the test fails, so one run lists every violation."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from e2e import scenarios
from e2e.axe import describe, run_axe
from e2e.conftest import FIRST_LOAD_MS
from e2e.pages import TablePage

FAST = "level=random&fast=1"
REVIEW_MS = 120_000


class Audit:
    """Runs axe in named states and fails once, naming every state's violations."""

    def __init__(self):
        self.found: list[str] = []
        self.states: list[str] = []

    def __call__(self, target, where: str) -> None:
        self.states.append(where)
        violations = run_axe(target)
        if violations:
            self.found.append(f"{where}:\n{describe(violations)}")

    def check(self) -> None:
        assert not self.found, "axe-core violations:\n" + "\n".join(self.found)


@pytest.fixture(scope="module")
def closing_hand() -> scenarios.Scenario:
    """A seed where the player can close the stock early (and play on to the end)."""
    return scenarios.find(lambda sim: "close" in sim.legal() and sim.view()["tricks"][0] >= 1)


def test_axe_sees_a_violation_when_there_is_one(fresh_table):
    """The audit itself can fail: an unlabelled image is reported with its node."""
    page = fresh_table.open(f"seed=3&{FAST}").page
    page.evaluate("() => { const i = document.createElement('img'); i.id = 'bad-img'; i.src = 'assets/cards/back.svg'; document.body.append(i); }")
    violations = run_axe(page)
    assert any(v["id"] == "image-alt" and any("#bad-img" in n for n in v["nodes"]) for v in violations), describe(violations)


def open_dialog(t: TablePage, button: str, title: str):
    t.page.get_by_role("button", name=t.t(f"button.{button}"), exact=True).click()
    dialog = t.page.get_by_role("dialog", name=t.t(title))
    expect(dialog).to_be_visible()
    return dialog


@pytest.mark.parametrize("lang", ["pt", "it"])
def test_the_table_in_every_phase_and_every_dialog(fresh_table, closing_hand, lang):
    audit = Audit()
    t = fresh_table.open(f"seed={closing_hand.seed}&{FAST}&lang={lang}")
    page = t.page
    t.wait_turn()
    audit(page, "the table at the start")
    for button, title in [("rules", "rules.title"), ("menu", "settings.title"), ("sheet", "sheet.title")]:
        dialog = open_dialog(t, button, title)
        audit(page, f"the {button} dialog")
        t.close_dialog(dialog)

    t.replay(closing_hand.intents)
    t.wait_turn()
    audit(page, "the table mid-hand")
    dialog = open_dialog(t, "last_trick", "last_trick.title")
    audit(page, "the last-trick dialog")
    t.close_dialog(dialog)
    dialog = t.open_options()
    dialog.get_by_role("button", name=t.t("button.new_match"), exact=True).click()
    confirm = page.get_by_role("dialog", name=t.t("confirm.title"))
    expect(confirm).to_be_visible()
    audit(page, "the confirm dialog")
    confirm.get_by_role("button", name=t.t("confirm.keep"), exact=True).click()
    expect(confirm).to_be_hidden()

    t.press("close")
    expect(t.html).to_have_attribute("data-stock-state", "closed")
    t.wait_turn()
    audit(page, "the table after closing")
    while t.html.get_attribute("data-to-move") != "none":
        t.play_first()
        page.wait_for_function("() => ['you', 'none'].includes(document.documentElement.dataset.toMove)", timeout=60_000)
    expect(page.locator("#story")).to_be_visible()
    audit(page, "the end of the hand")
    dialog = open_dialog(t, "review", "review.title")
    expect(dialog.locator(".review-decision").first).to_be_visible(timeout=REVIEW_MS)
    audit(page, "the review dialog")
    t.close_dialog(dialog)
    dialog = open_dialog(t, "share", "share.title")
    audit(page, "the share dialog")
    t.close_dialog(dialog)
    audit.check()


@pytest.mark.parametrize("lang", ["pt", "it"])
def test_the_rules_and_strategy_pages_and_the_embedded_game(page, lang):
    audit = Audit()
    page.goto(f"rules/{lang}.html")
    audit(page, "the rules page before the game loads")
    page.get_by_role("button", name={"pt": "Jogar aqui", "it": "Gioca qui"}[lang], exact=True).click()
    frame = page.locator("iframe[data-sixtysix-embed]").element_handle().content_frame()
    frame.wait_for_selector("html.ready, .py-error", state="attached", timeout=FIRST_LOAD_MS)
    expect(frame.locator("html")).to_have_attribute("data-to-move", "you", timeout=60_000)
    audit(page, "the rules page with the game")
    audit(frame, "the embedded game")
    page.goto(f"rules/strategia-{lang}.html")
    audit(page, "the strategy page")
    audit.check()
