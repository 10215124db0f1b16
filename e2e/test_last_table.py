"""A revisit draws the table the player left before Python is up (js/last-table.js),
holds a tap on a card until it is, and never draws a table that is no longer the saved one."""

from __future__ import annotations

import json
import re
import weakref

from playwright.sync_api import Error as PlaywrightError, expect

from e2e.axe import assert_no_violations
from e2e.pages import CATALOGS
from e2e.scenarios import TEST_LEVEL, find

QUERY = "seed=11&level=random&fast=1"
HAND = "[...document.querySelectorAll('#hand button.card')].map((b) => b.dataset.code)"


def leave_mid_hand(table, query: str = QUERY) -> list[str]:
    """A match one trick in; the player's hand as it shows."""
    table.open(query)
    table.play_first()
    table.wait_turn()
    expect(table.html).to_have_attribute("data-resumable", "1")
    return table.page.evaluate(HAND)


HIDE = "() => dispatchEvent(new PageTransitionEvent('pagehide'))"
STORAGE = "() => Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)]))"


def kept_on_pagehide(page) -> dict:
    """The storage a reload of ``page`` finds: the table js/last-table.js keeps on pagehide in it."""
    page.evaluate(HIDE)
    storage = page.evaluate(STORAGE)
    assert "sixtysix.drawn" in storage, "no table kept on pagehide"
    return storage


def left_elsewhere(fresh_table, query: str = QUERY, then=None) -> tuple[list[str], dict]:
    """A match one trick in (then ``then(table)``), left as a reload leaves it,
    on the shared page (no start of its own): the hand as it shows, and
    :func:`kept_on_pagehide`. (What a real reload keeps: the tests that reload
    their own page below.)"""
    hand = leave_mid_hand(fresh_table, query)
    if then:
        then(fresh_table)
    return hand, kept_on_pagehide(fresh_table.page)


def arrive_with(page, storage: dict) -> None:
    """The page's first load of the game's origin finds ``storage`` (later ones what the page made of it)."""
    page.add_init_script(f"""if (location.protocol.startsWith("http") && !sessionStorage.getItem("e2e.arrived")) {{
        sessionStorage.setItem("e2e.arrived", "1");
        for (const [key, text] of Object.entries({json.dumps(storage)})) localStorage.setItem(key, text);
    }}""")


#: What holds Python back: the game's worker never comes (the page's own
#: MicroPython starts, as on a network that has not brought the worker yet), so
#: no Pyodide starts in a page that is only looked at.
WORKER_SCRIPT = "**/js/core-worker.mjs"
#: The requests for it held so far, per page (each load of the page asks once).
HELD: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def reopen_held_back(page, query: str = QUERY) -> None:
    """Open the game again with Python held back (the worker's script never answered) until :func:`let_python_start`."""
    if page not in HELD:
        held = HELD[page] = []
        page.route(WORKER_SCRIPT, lambda route: held.append(route))
    page.goto(f"./?{query}")


def let_python_start(page, table) -> None:
    page.unroute(WORKER_SCRIPT)  # a load from now on gets the worker at once
    for route in HELD.pop(page, []):  # and the one held, if the page has asked yet
        try:
            route.continue_()
        except PlaywrightError:  # a request of a load gone, or let go when routing ended
            pass
    page.wait_for_selector("html.ready", state="attached", timeout=60_000)
    expect(table.html).not_to_have_class(re.compile(r"\brestored\b"))


def test_a_reload_draws_the_hand_at_once_and_plays_the_card_tapped_before_python(fresh_table, page, table):
    score = []
    hand, storage = left_elsewhere(fresh_table, then=lambda t: score.append(t.page.locator("#score-aria").text_content()))
    arrive_with(page, storage)
    reopen_held_back(page)
    expect(table.html).to_have_class(re.compile(r"\brestored\b"))
    assert page.evaluate(HAND) == hand
    assert page.locator("#score-aria").text_content() == score[0]
    assert page.evaluate("performance.getEntriesByName('sixtysix:restored').length") == 1
    # a tap and a second tap on the same card let go; the last card tapped is the one played
    cards = table.hand_group.locator("button.card[aria-disabled='false']")
    cards.nth(0).click()
    cards.nth(0).click()
    assert page.evaluate("window.sixtysixHeld") is None
    expect(page.locator("#hand .card.held")).to_have_count(0)
    held = cards.nth(1).get_attribute("data-code")
    cards.nth(1).click()
    expect(page.locator("#hand .card.held")).to_have_attribute("data-code", held)
    let_python_start(page, table)
    expect(table.hand_group.locator(f"button.card[data-code='{held}']")).to_have_count(0)
    table.wait_turn()
    expect(page.locator("#hand .card.held")).to_have_count(0)
    assert page.evaluate("window.sixtysixHeld") is None


STARTS = """() => {
    const at = (entry) => (entry ? entry.startTime : null);
    return {paint: at(performance.getEntriesByName('first-paint')[0]),
            worker: at(performance.getEntriesByName('sixtysix:worker-start')[0]),
            runtime: at(performance.getEntriesByType('resource').find((r) => r.name.endsWith('/vendor/pyscript/core.js')))};
}"""


def test_a_reload_that_draws_the_table_starts_python_once_that_table_is_on_screen(page, table):
    # On two cores the runtime's and the worker's start took the CPU the kept table's first
    # frame needed (js/shared.js afterFirstPaint). A first visit starts the worker at once.
    leave_mid_hand(table)
    first = page.evaluate(STARTS)
    assert None not in first.values(), first
    assert first["worker"] < first["paint"], first
    page.reload()
    page.wait_for_selector("html.ready", state="attached", timeout=60_000)
    assert page.evaluate("performance.getEntriesByName('sixtysix:restored').length") == 1
    again = page.evaluate(STARTS)
    assert None not in again.values(), again
    assert again["paint"] <= again["worker"] and again["paint"] <= again["runtime"], again
    table.play_first()  # and the game plays on
    table.wait_turn()


FACES = """() => [...document.querySelectorAll('#hand .card')].map((b) => {
    const face = b.querySelector('svg.early-face'), img = b.querySelector('img.card-img');
    const box = (el) => { const r = el.getBoundingClientRect(); return [r.width, r.height].map(Math.round); };
    return {code: b.dataset.code, face: face && face.getAttribute('aria-label'), shown: box(face || img),
            img: getComputedStyle(img).display, loading: img.hasAttribute('src')};
})"""


def faces_read(page) -> None:
    """Wait until js/last-table.js has read the files of every face the table shows."""
    shown = [path for path in page.evaluate("[...document.querySelectorAll('#hand img, #trick img, #stock img')]"
                                            ".map((i) => i.getAttribute('src').split('#')[0])") if "/back" not in path]
    page.wait_for_function("(paths) => paths.every((p) => window.sixtysixFaces.get(p))", arg=shown)


def test_a_reload_draws_the_faces_in_the_page_and_python_s_images_take_over(page, table):
    read = []
    page.on("request", lambda r: r.resource_type == "fetch" and "/cards/" in r.url and read.append(r.url))
    table.open(QUERY)
    table.wait_turn()
    assert read == [], "faces read before the player touched the page"
    table.play_first()
    table.wait_turn()
    faces_read(page)
    assert read
    after = page.evaluate(FACES)
    reopen_held_back(page)
    expect(table.html).to_have_class(re.compile(r"\brestored\b"))
    early = page.evaluate(FACES)
    # each face drawn inline, named as its image is, the image hidden and not even loading
    assert [c["code"] for c in early] == [c["code"] for c in after]
    names = page.evaluate("[...document.querySelectorAll('#hand img')].map((i) => i.alt)")
    assert [c["face"] for c in early] == names and all(names)
    assert all(c["img"] == "none" and not c["loading"] for c in early)
    assert [c["shown"] for c in early] == [c["shown"] for c in after]  # the same size as the images
    ids = page.evaluate("[...document.querySelectorAll('[id]')].map((e) => e.id)")
    assert len(ids) == len(set(ids)), "an id twice in the page"
    assert_no_violations(page, "the table drawn before Python, its faces inline")
    # the hand's first card painted: make bench's Element Timing, on the inline face's text now
    assert page.evaluate("""() => new Promise((done) => new PerformanceObserver((list, observer) => {
        const entry = list.getEntries().find((e) => e.identifier === 'restored');
        if (entry) { observer.disconnect(); done(entry.element.tagName.toLowerCase()); }
    }).observe({type: 'element', buffered: true}))""") == "text"
    let_python_start(page, table)
    expect(page.locator(".early-face")).to_have_count(0)
    expect(page.locator(".face-later")).to_have_count(0)
    assert all(c["img"] == "block" and c["loading"] for c in page.evaluate(FACES))
    # kept again on the way out: the faces drawn (not read again), no card marked for timing
    page.evaluate(HIDE)
    kept = page.evaluate("localStorage.getItem('sixtysix.drawn')")
    assert "elementtiming" not in kept and "early-face" not in kept and "face-later" not in kept
    assert set(json.loads(kept)["faces"]) >= {f"assets/cards/pt/{c['code']}.svg" for c in after}


def test_a_reload_draws_the_four_colour_deck_inline_too(fresh_table, page, table):
    def four_colours(t):
        dialog = t.open_options()
        dialog.get_by_label(t.t("settings.four_colour"), exact=True).check()
        expect(t.html).to_have_attribute("data-deck", "four")
        t.close_dialog(dialog)
        t.expect_setting("four_colour", True)
        faces_read(t.page)
    hand, storage = left_elsewhere(fresh_table, then=four_colours)
    arrive_with(page, storage)
    reopen_held_back(page)
    expect(table.html).to_have_class(re.compile(r"\brestored\b"))
    ink = """(code) => getComputedStyle(document.querySelector(`#hand .card[data-code='${code}'] svg.early-face g[fill]`))
        .fill.match(/\\d+/g).map(Number)"""
    diamond = next(c for c in hand if c[1] == "D")
    heart = next(c for c in hand if c[1] == "H")
    blue, red = page.evaluate(ink, diamond), page.evaluate(ink, heart)
    assert blue[2] > blue[0] + 60, blue  # the diamond blue, as its image shows it with #four
    assert red[0] > red[2] + 60, red  # hearts stay red


def test_a_kept_face_that_is_no_svg_leaves_its_image(fresh_table, page, table):
    _, storage = left_elsewhere(fresh_table, then=lambda t: faces_read(t.page))
    arrive_with(page, storage)
    kept = json.loads(storage["sixtysix.drawn"])
    assert kept["faces"], "no face kept with the table"
    svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 280"{}>{}</svg>'
    for markup in ("<img src=x onerror=alert(1)>", svg.format(' onload="alert(1)"', ""),
                   svg.format("", '<use href="https://example.com/face.svg#a"/>'), svg.format("", "<foreignObject/>")):
        kept["faces"] = {path: markup for path in kept["faces"]}
        # written as the page opens, before js/last-table.js reads it (the last script written wins)
        page.add_init_script(f"localStorage.setItem('sixtysix.drawn', {json.dumps(json.dumps(kept))});")
        reopen_held_back(page)
        expect(table.html).to_have_class(re.compile(r"\brestored\b"))
        expect(page.locator(".early-face")).to_have_count(0)
        assert all(c["img"] == "block" and c["loading"] for c in page.evaluate(FACES)), markup


def test_a_dimmed_card_tapped_before_python_is_refused_in_words(fresh_table, page, table):
    # a turn where the player must follow: some cards dimmed
    to_follow = find(lambda sim: sim.playable() and set(sim.playable()) != set(sim.hand()))
    query = f"seed={to_follow.seed}&level={TEST_LEVEL}&fast=1"
    there = fresh_table.open(query)
    there.replay(to_follow.intents)
    there.wait_turn()
    dimmed = there.hand_group.locator("button.card[aria-disabled='true']")
    code = dimmed.first.get_attribute("data-code")
    hand = there.page.evaluate(HAND)
    arrive_with(page, kept_on_pagehide(there.page))
    reopen_held_back(page, query)
    table.hand_group.locator(f"button.card[data-code='{code}']").click(force=True)  # aria-disabled: Playwright waits on it otherwise
    expect(page.locator("#hand .card.held")).to_have_attribute("data-code", code)
    let_python_start(page, table)
    refusals = [CATALOGS["pt"][f"illegal.{k}"].split("{")[0] for k in ("follow_higher", "follow_suit", "trump")]
    expect(page.get_by_role("log")).to_contain_text(re.compile("|".join(map(re.escape, refusals))))
    assert page.evaluate(HAND) == hand  # nothing played
    expect(table.html).to_have_attribute("data-to-move", "you")


def test_no_table_is_drawn_that_is_not_the_saved_one(fresh_table, page, table):
    hand, storage = left_elsewhere(fresh_table)  # the page hidden: its table kept
    arrive_with(page, storage)
    kept = json.loads(storage["sixtysix.drawn"])
    assert kept["toMove"] == "you" and kept["lang"] == "pt" and set(kept["regions"]) >= {"hand", "trick", "stock"}
    # another deal asked for, another language, a link: the page starts as a first visit does
    # (Python held back all along, so nothing is kept over the table kept first)
    for query in ("seed=12&level=random&fast=1", "lang=it&" + QUERY, QUERY + "#rules"):
        reopen_held_back(page, query)
        expect(table.html).not_to_have_class(re.compile(r"\brestored\b"))
        assert page.evaluate(HAND) == [], query
    # the saved match changed since (another tab played on): not drawn either...
    page.evaluate("() => localStorage.setItem('sixtysix.game', localStorage.getItem('sixtysix.game') + ' ')")
    reopen_held_back(page)
    expect(table.html).not_to_have_class(re.compile(r"\brestored\b"))
    assert page.evaluate(HAND) == []
    # ...and the match itself is there as it was, once Python is up
    let_python_start(page, table)
    expect(table.html).to_have_attribute("data-resumable", "1")
    assert page.evaluate(HAND) == hand


def test_a_damaged_kept_table_is_ignored(fresh_table, page, table):
    hand, storage = left_elsewhere(fresh_table)
    arrive_with(page, storage)
    for damaged in ("{not json", json.dumps({"regions": "x"}), json.dumps([1, 2]), json.dumps({"regions": {"hand": 3}})):
        # written as the page opens, before js/last-table.js reads it (the last script written wins)
        page.add_init_script(f"localStorage.setItem('sixtysix.drawn', {json.dumps(damaged)});")
        reopen_held_back(page)
        expect(table.html).not_to_have_class(re.compile(r"\brestored\b"))
        assert page.evaluate(HAND) == []  # nothing drawn before Python
    # Python starts (after the last damage: it never reads the kept table, and a
    # table not drawn starts as a first visit does) on the match as it was
    let_python_start(page, table)
    assert page.evaluate(HAND) == hand


def test_a_lesson_is_never_kept_to_be_drawn(page, table):
    table.open(QUERY)
    table.wait_turn()
    expect(table.html).to_have_attribute("data-resumable", "1")
    page.evaluate(HIDE)
    assert page.evaluate("localStorage.getItem('sixtysix.drawn')") is not None
    page.evaluate("() => { location.hash = '#lesson=tricks'; }")
    expect(table.html).to_have_attribute("data-lesson", "tricks")
    expect(table.html).to_have_attribute("data-resumable", "")
    page.evaluate(HIDE)
    assert page.evaluate("localStorage.getItem('sixtysix.drawn')") is None


def test_the_table_is_kept_once_per_change_and_without_a_moment_s_style(page, table):
    leave_mid_hand(table)
    # app-more.zip comes in the background 1.5 s after the first table: let it come
    # before the keeping's requests are counted (on a busy machine it came among them)
    expect(table.html).to_have_attribute("data-app-more", re.compile("^(later|at-once)$"))
    page.evaluate("""() => {
        window.kept = 0;
        const set = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
            if (key === 'sixtysix.drawn') window.kept++;
            return set.call(this, key, value);
        };
    }""")
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    page.evaluate(HIDE)
    page.evaluate(HIDE)  # nothing changed since: a reload's visibilitychange and pagehide keep once
    assert page.evaluate("window.kept") == 1
    # the copy kept asks for nothing: on the way out, each request would hold the next page up
    # (a request of the test's own, seen after any the keeping made, says when to look)
    with page.expect_request(lambda request: "after-keep" in request.url):
        page.evaluate("() => fetch('./favicon.ico?after-keep')")
    assert [url for url in asked if "after-keep" not in url] == []
    # a trick on its way to a pile points its animation with a style="" (ui/dom/motion.py)
    page.evaluate("() => document.getElementById('trick').style.setProperty('--gather-x', '12px')")
    page.evaluate(HIDE)
    assert page.evaluate("window.kept") == 2
    assert "style=" not in page.evaluate("localStorage.getItem('sixtysix.drawn')")
    # drawn again before Python, under the page's policy (a style="" parsed from markup is
    # a violation, which fails the test in e2e/conftest.py)
    page.reload()
    page.wait_for_selector("html.ready", state="attached", timeout=60_000)
    assert page.evaluate("performance.getEntriesByName('sixtysix:restored').length") == 1
