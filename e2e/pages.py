"""A small page object for the game table: what a person sees and does.

Everything is found the way a person (or a screen reader) finds it: buttons by
their accessible names in the page's current language, the hand as the group
named "Sua mão" / "La tua mano". The page's markers on ``<html>``
(``data-to-move``, ``data-score``, ``data-result``...) are only waited on.

    t = TablePage(page, open_game).open("seed=3&level=random&fast=1")
    t.play("QH"); t.press("close"); t.expect_score(0, 2)
"""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from ui.model.i18n import LANGUAGES, Translator, load_catalog
from ui.model.table import COSTLY

ROOT = Path(__file__).resolve().parent.parent

CATALOGS = {lang: load_catalog(lang, ROOT) for lang in LANGUAGES}
#: Long enough for a hard search in Pyodide on a busy machine.
BOT_MS = 60_000


#: The hand's group name and its card buttons (code, image alt), as :meth:`TablePage.hand` reads them.
HAND = """() => {
  const group = document.getElementById("hand");
  return [group.getAttribute("aria-label"),
          [...group.querySelectorAll("button.card")].map((b) => [b.dataset.code, b.querySelector("img").alt])];
}"""


class TablePage:
    def __init__(self, page: Page, open_game, rebuild=None, visit=None):
        self.page = page
        self._open_game = open_game
        self._rebuild = rebuild
        self._visit = visit
        self.html = page.locator("html")

    # -- opening ---------------------------------------------------------------
    def open(self, query: str = "", storage: dict | None = None) -> "TablePage":
        """Open (or, on the shared page, reset to) ``query``. ``storage``
        (``{"sixtysix.game": saved}``; the shared page's reset only) is what the page finds saved."""
        if storage:
            self._open_game(self.page, query, storage=storage)
        else:
            self._open_game(self.page, query)
        return self

    def reload(self) -> "TablePage":
        self.page.reload()
        self.page.wait_for_selector("html.ready", state="attached", timeout=60_000)
        return self

    def rebuild(self) -> "TablePage":
        """The table built afresh from what the page saved, as a reload builds it:
        on the shared page (``fresh_table``) without a new runtime (its reset,
        e2e/conftest.py ``rebuild_game``), elsewhere a real reload."""
        if self._rebuild is None:
            return self.reload()
        self._rebuild(self.page)
        return self

    def visit(self, query: str) -> "TablePage":
        """The game opened at ``query`` in this tab, over what it saved (a link
        followed in the same browser): on the shared page (``fresh_table``) its
        reset to that address with the page's storage, without a new runtime
        (e2e/conftest.py ``visit_game``), elsewhere a real navigation."""
        (self._visit or self._open_game)(self.page, query)
        return self

    # -- language ----------------------------------------------------------------
    @property
    def lang(self) -> str:
        return self.html.get_attribute("lang") or "pt"

    @property
    def tr(self) -> Translator:
        return Translator(self.lang, CATALOGS[self.lang])

    def t(self, key: str, **params) -> str:
        return self.tr.t(key, **params)

    def switch_language(self, lang: str) -> None:
        self.page.get_by_role("button", name=CATALOGS[lang][f"lang.button.{lang}"], exact=True).click()
        expect(self.html).to_have_attribute("lang", lang)

    # -- finding things -----------------------------------------------------------
    @property
    def hand_group(self) -> Locator:
        return self.page.get_by_role("group", name=self.t("hand.you.aria"), exact=True)

    def card(self, code: str) -> Locator:
        # by its code: a K or Q that can announce its marriage says so in its name
        return self.hand_group.locator(f'button.card[data-code="{code}"]')

    def button(self, name: str) -> Locator:
        return self.page.get_by_role("button", name=self.t(f"button.{name}"), exact=True)

    def hand(self) -> list[str]:
        """The player's cards as codes, each button's name checked against its code.

        Read in one evaluate (a role query per card cost some 50 ms of CPU per call):
        the group's name, and each card button's text alternative, its image's."""
        name, cards = self.page.evaluate(HAND)
        assert name == self.t("hand.you.aria"), name
        for code, alt in cards:
            # A card button's accessible name is its image's text alternative: the
            # card, and for a K or Q that can announce its marriage, what leading it does.
            assert alt == self.tr.card(code) or alt.startswith(self.tr.card(code) + ", "), (code, alt)
        return [code for code, _ in cards]

    def expect_hand(self, codes: list[str]) -> None:
        """Wait until the hand shows ``codes``, in order (a take-back changes the
        hand but not whose turn it is: ``wait_turn`` would not wait for it)."""
        self.page.wait_for_function(
            "codes => [...document.querySelectorAll('#hand button.card')].map((b) => b.dataset.code).join() === codes.join()",
            arg=codes)
        assert self.hand() == codes

    def messages(self) -> str:
        return self.page.get_by_role("log").inner_text()

    # -- waiting -------------------------------------------------------------------
    def wait_turn(self, timeout: int = BOT_MS) -> None:
        expect(self.html).to_have_attribute("data-to-move", "you", timeout=timeout)

    def wait_hand_over(self, timeout: int = BOT_MS) -> None:
        expect(self.html).to_have_attribute("data-to-move", "none", timeout=timeout)

    def expect_score(self, you: int, computer: int) -> None:
        expect(self.html).to_have_attribute("data-score", f"{you}-{computer}")
        expect(self.page.locator("#score-you")).to_have_text(str(you))
        expect(self.page.locator("#score-computer")).to_have_text(str(computer))

    def expect_in_last_trick(self, code: str) -> None:
        """``code`` went into the trick. Read from the last trick once the player
        is to move again: on the table it may be gathered (``fast=1``) before a
        busy machine lets the test look."""
        self.wait_turn()
        self.button("last_trick").click()
        dialog = self.page.get_by_role("dialog", name=self.t("last_trick.title"))
        expect(dialog.get_by_role("img", name=self.tr.card(code), exact=True)).to_have_count(1)
        self.close_dialog(dialog)

    def expect_message(self, text: str) -> None:
        expect(self.page.get_by_role("log")).to_contain_text(text)

    # -- doing ---------------------------------------------------------------------
    def play(self, code: str) -> None:
        self.wait_turn()
        self.card(code).click()

    def press(self, name: str, confirm: bool = True) -> None:
        """Tap a move's button. Closing and declaring ask first (the default
        setting): ``confirm`` taps the question too; ``False`` when it is off."""
        self.wait_turn()
        self.button(name).click()
        if name in COSTLY and confirm:
            expect(self.html).to_have_attribute("data-armed", name)
            self.page.get_by_role("button", name=self.t(f"button.{name}.confirm"), exact=True).click()

    def do(self, intent) -> None:
        kind, what = intent
        if kind == "card":
            self.play(what)
        else:
            self.press(what)

    def replay(self, intents) -> None:
        for intent in intents:
            self.do(intent)

    def play_first(self) -> None:
        """Tap the first card from the left that the page lets the player play."""
        self.wait_turn()
        self.hand_group.locator("button[aria-disabled='false']").first.click()

    def open_options(self) -> Locator:
        self.page.get_by_role("button", name=self.t("button.menu"), exact=True).click()
        dialog = self.page.get_by_role("dialog", name=self.t("settings.title"))
        expect(dialog).to_be_visible()
        return dialog

    def close_dialog(self, dialog: Locator) -> None:
        dialog.get_by_role("button", name=self.t("button.dismiss"), exact=True).click()
        expect(dialog).to_be_hidden()

    # -- storage (setting up broken data, as an old or damaged browser would have) ---
    def stored(self, key: str):
        text = self.page.evaluate("(k) => localStorage.getItem(k)", key)
        return json.loads(text) if text else None

    def expect_setting(self, name: str, value) -> None:
        """Wait until the saved settings hold ``value`` for ``name``: the worker
        decides, and the page writes what it sends, a message later."""
        self.page.wait_for_function(
            """([name, value]) => {
                try { return JSON.parse(localStorage.getItem("sixtysix.settings"))[name] === value; }
                catch { return false; }
            }""", arg=[name, value], polling=100)

    def store_raw(self, key: str, text: str) -> None:
        self.page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, text])
