"""The page's two runtimes (issue 33): the DOM layer in MicroPython on the
main thread, the table, the turn loop and the bot in ONE Pyodide worker.

What a player meets there, checked in Chromium: a whole hand played by taps
with the page's one Pyodide in its one worker (none on the main thread), the
match saved by the main thread for the worker and found again after a
reload, a tap made while the worker is still starting applied once it is,
and the dialogs and the language working across the line.
"""

import json

from playwright.sync_api import Page, expect

from e2e.conftest import open_game
from e2e.pages import CATALOGS, TablePage

QUERY = "seed=11&fast=1&level=random&lang=pt"


def fresh_page_table(page: Page, query: str = QUERY) -> TablePage:
    return TablePage(page, open_game).open(query)


def runtimes(page: Page) -> dict:
    """Which interpreter each realm of the page holds."""
    return page.evaluate("""() => ({
        main_pyodide: typeof globalThis.pyodide !== "undefined" || typeof globalThis.loadPyodide !== "undefined",
        micropython: Boolean(window.sixtysixCore && window.sixtysixCore.listening),
    })""")


def saved_text(page: Page):
    return page.evaluate("() => localStorage.getItem('sixtysix.game')")


def play_and_wait(table: TablePage) -> None:
    """Tap the first playable card; wait until the worker has saved the move
    (the main thread writes it) and the table is still or over."""
    before = saved_text(table.page)
    table.play_first()
    table.page.wait_for_function("(old) => localStorage.getItem('sixtysix.game') !== old", arg=before,
                                 timeout=60_000)
    table.page.wait_for_function("""() => { const d = document.documentElement.dataset;
        return d.busy === "0" && d.toMove !== "computer"; }""", timeout=60_000)


def test_a_whole_hand_is_played_with_one_pyodide_in_one_worker(page: Page):
    wasm = []
    page.on("request", lambda r: r.url.endswith(".wasm") and wasm.append(r.url.rsplit("/", 1)[1]))
    table = fresh_page_table(page)
    assert sorted(wasm) == ["micropython.wasm", "pyodide.asm.wasm"]  # one of each, the Pyodide in the worker
    assert len(page.workers) == 1 and page.workers[0].url.split("?")[0].endswith("/js/core-worker.mjs")
    assert runtimes(page) == {"main_pyodide": False, "micropython": True}
    # the worker said when its first line ran: after it was made, before its first table came
    start, end, first_table = page.evaluate("""() => {
        const m = performance.getEntriesByName('sixtysix:worker-start')[0];
        return [m.startTime, m.startTime + m.duration, window.sixtysixCore.firstTableAt];
    }""")
    assert 0 < start < end < first_table
    while table.html.get_attribute("data-to-move") != "none":
        play_and_wait(table)
    expect(table.html).not_to_have_attribute("data-result", "")
    saved = table.stored("sixtysix.game")  # written by the main thread for the worker
    assert saved is not None and saved["revision"] >= 2
    assert sorted(wasm) == ["micropython.wasm", "pyodide.asm.wasm"] and len(page.workers) == 1


def test_a_reload_finds_the_position_the_worker_saved(page: Page):
    table = fresh_page_table(page)
    for _ in range(2):
        play_and_wait(table)
    table.wait_turn()
    hand, score = table.hand(), table.html.get_attribute("data-score")
    actions = table.page.evaluate("() => localStorage.getItem('sixtysix.game')")
    page.reload()
    page.wait_for_selector("html.ready", state="attached", timeout=60_000)
    table.wait_turn()
    assert table.hand() == hand and table.html.get_attribute("data-score") == score
    assert table.page.evaluate("() => localStorage.getItem('sixtysix.game')") == actions  # resumed, not rewritten


def test_a_tap_made_while_the_worker_starts_is_applied_once_it_is_up(page: Page):
    table = fresh_page_table(page)
    table.wait_turn()
    card = table.hand()[0]
    before = json.loads(table.page.evaluate("() => localStorage.getItem('sixtysix.game')"))
    # The worker's code is held back: the page (MicroPython, the table drawn
    # from the saved position) is up while the worker cannot answer yet. The
    # route is kept, not answered, until the card is tapped (a handler that
    # waited instead would hold Playwright's own thread).
    held = []
    page.route("**/app.zip", lambda route: held.append(route))
    with page.expect_request("**/app.zip", timeout=60_000):
        page.reload(wait_until="commit")
    page.wait_for_function("() => window.sixtysixCore && window.sixtysixCore.listening")  # MicroPython is up
    assert held and not page.evaluate("document.documentElement.classList.contains('ready')")
    table.card(card).click()  # drawn by js/last-table.js; the tap goes to the worker's queue
    assert not page.evaluate("document.documentElement.classList.contains('ready')")  # still held
    held[0].continue_()
    page.wait_for_selector("html.ready", state="attached", timeout=60_000)
    # Played at the first table, as its own command: the card leaves the hand and the
    # move is saved. (Not "data-busy is 0": it already is at the first table, before the
    # held tap's command has come back; a fresh clone's make test once read the saved
    # game in between.)
    expect(table.card(card)).to_have_count(0)
    page.wait_for_function("(old) => JSON.parse(localStorage.getItem('sixtysix.game')).revision > old",
                           arg=before["revision"])
    assert card not in table.hand()
    page.unroute("**/app.zip")


def test_the_dialogs_and_the_language_work_across_the_line(fresh_table):
    table = fresh_table.open(QUERY)
    page = table.page
    options = table.open_options()
    options.locator("#speed-select").select_option("slow")
    expect(table.html).to_have_attribute("data-speed", "slow")  # the worker took it and drew it
    table.close_dialog(options)
    expect(table.open_options().locator("#speed-select")).to_have_value("slow")  # the menu asks the worker
    table.close_dialog(page.get_by_role("dialog", name=table.t("settings.title")))
    table.switch_language("it")
    expect(table.html).to_have_attribute("data-lang", "it")
    expect(page.locator("#btn-menu")).to_contain_text(table.t("button.menu"))
    assert table.page.evaluate("() => new URLSearchParams(location.search).get('lang')") == "it"
    page.locator("#btn-sheet").click()
    expect(page.get_by_role("dialog", name=table.t("sheet.title"))).to_be_visible()
    assert json.loads(page.evaluate("() => localStorage.getItem('sixtysix.settings')"))["speed"] == "slow"


# Each write of a fixed text (a [data-i18n] element's text, a [data-i18n-label]
# label) with its time, and when js/boot.js said its texts were in.
RECORD_TEXT_WRITES = """
window.__textWrites = [];
window.__bootTexts = null;
const text = Object.getOwnPropertyDescriptor(Node.prototype, "textContent");
Object.defineProperty(Node.prototype, "textContent", { ...text, set(value) {
  if (this.dataset && this.dataset.i18n !== undefined) window.__textWrites.push(performance.now());
  text.set.call(this, value);
} });
const setAttribute = Element.prototype.setAttribute;
Element.prototype.setAttribute = function (name, value) {
  if (name === "aria-label" && this.hasAttribute("data-i18n-label")) window.__textWrites.push(performance.now());
  return setAttribute.call(this, name, value);
};
new MutationObserver(() => {
  if (window.__bootTexts === null && document.documentElement.dataset.texts) {
    window.__bootTexts = [document.documentElement.dataset.texts, performance.now()];
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-texts"] });
"""


def test_the_dom_side_starts_without_writing_again_the_texts_boot_put_in(page: Page):
    """js/boot.js puts the fixed texts in before the runtime starts; the DOM
    side's start (one task, ``sixtysix:dom-build``) writes none of them again,
    and the texts are the language's, an Italian visit's too."""
    page.add_init_script(RECORD_TEXT_WRITES)
    for lang in ("pt", "it"):
        fresh_page_table(page, f"seed=11&fast=1&level=random&lang={lang}")
        said, at = page.evaluate("window.__bootTexts")
        build = page.evaluate("performance.getEntriesByName('sixtysix:dom-build')[0].toJSON()")
        start, end = build["startTime"], build["startTime"] + build["duration"]
        assert said == lang and at < start, "boot.js had not put its texts in before the DOM side started"
        assert [w for w in page.evaluate("window.__textWrites") if start <= w <= end] == []
        expect(page.get_by_role("heading", level=1)).to_have_text(CATALOGS[lang]["app.title"])
        expect(page.locator("#score")).to_have_attribute("aria-label", CATALOGS[lang]["score.title"])
        assert page.locator("html").get_attribute("data-texts") is None  # taken by the DOM side
