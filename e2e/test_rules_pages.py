"""The rules and strategy pages (rules/) and the embedding protocol.

The protocol: the game page, framed with ``?embed=1``, runs embed.js, which
posts ``{type: "sixtysix:height", height: <px>}`` to ``window.parent`` with an
explicit target origin (``parent_origin`` when it is a plain http(s) origin,
else the page's own). js/embed-host.js resizes an
``iframe[data-sixtysix-embed]`` only for a message whose ``source`` is that
frame's window and whose ``origin`` is the origin of its ``src``, with the
right type and a finite height, clamped to 200..4000.

Where the tests run:

- The pages: dist/ through the shared ``base_url`` (e2e/conftest.py, which
  also fails a test on any console error or CSP violation). The framed game
  is replaced by e2e/fixtures/game-stub.html (a block of known height plus
  the real /js/embed.js from dist/), so these tests do not wait for Pyodide;
  one test frames the real game.
- The protocol on its own: e2e/fixtures/ pages served from the repo by two
  plain local servers, i.e. two origins, without the CSP header of
  tools/serve.py (whose ``frame-ancestors 'self'`` forbids cross-origin
  framing, which some of these tests need).
"""

from __future__ import annotations

import functools
import re
import threading
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from playwright.sync_api import Frame, Page, expect

from e2e.conftest import FIRST_LOAD_MS
from tools.serve import csp  # the one definition; the build writes it into each page

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules"
FIXTURES = Path(__file__).resolve().parent / "fixtures"

DIST = ROOT / "dist"

CSP = csp(python=False, meta=True)
STUB_HEIGHT = 640  # e2e/fixtures/game-stub.css
OTHER = {"pt": "it", "it": "pt"}
RULES_PAGES = ["pt.html", "it.html"]
STRATEGY_PAGES = ["strategia-pt.html", "strategia-it.html"]
ALL_PAGES = RULES_PAGES + STRATEGY_PAGES

# What each rules page must say (the controls are named as the game names them).
MUST_SAY = {
    "pt": [
        "Trocar", "Fechar", "Anunciar 66", "Dica", "120", "casamento",
        "Qual é a diferença entre o Sessenta e Seis e o Schnapsen?",
        "Anunciei um casamento e não ganhei ponto nenhum. Por quê?",
        "Fechei o monte e fiquei abaixo de 66: quanto isso custa?",
        "quem recebe os pontos",
    ],
    "it": [
        "Scambia", "Chiudi", "Dichiara 66", "Suggerimento", "120", "matrimonio",
        "In che cosa il Sessantasei è diverso dallo Schnapsen?",
        "Ho dichiarato un matrimonio e non ho preso punti. Come mai?",
        "Ho chiuso il tallone e sono rimasto sotto 66: quanto costa?",
        "chi riceve i punti",
    ],
}
STRATEGY_TITLE = {"pt": "Estratégia do Sessenta e Seis", "it": "Strategia del Sessantasei"}


# ---------------------------------------------------------------- helpers


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args) -> None:
        pass


@pytest.fixture(scope="module")
def origins():
    """Two plain servers of the repo: two origins, A and B, for cross-origin cases."""
    servers = []
    for _ in range(2):
        server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(ROOT)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
    yield tuple(f"http://127.0.0.1:{s.server_address[1]}" for s in servers)
    for server in servers:
        server.shutdown()
        server.server_close()


def serve_fixtures(page: Page) -> None:
    """Answer /e2e/fixtures/* from the repo, whatever server the page comes from,
    and /js/shared.js, which the fixtures load before /js/embed.js as
    index.html runs it (the build puts it inside index.html, not beside it)."""

    def handle(route):
        name = route.request.url.split("/e2e/fixtures/", 1)[1].split("?", 1)[0]
        route.fulfill(path=str(FIXTURES / name))

    page.route(re.compile(r".*/e2e/fixtures/[\w.-]+(\?.*)?$"), handle)
    page.route(re.compile(r".*/js/shared\.js(\?.*)?$"), lambda route: route.fulfill(path=str(ROOT / "js" / "shared.js")))


PLAY = {"pt": "Jogar aqui", "it": "Gioca qui"}


def play_here(page: Page, lang: str = "pt") -> None:
    """Press the play button on the still picture: the frame loads the game."""
    page.get_by_role("button", name=PLAY[lang], exact=True).click()
    expect(page.locator("iframe[data-sixtysix-embed]")).to_have_attribute("src", re.compile("index.html"))


def stub_the_game(page: Page, fixture: str = "game-stub.html") -> None:
    """Frame a stub instead of the real game (index.html?embed=1...)."""
    serve_fixtures(page)
    body = (FIXTURES / fixture).read_text(encoding="utf-8")
    page.route(
        lambda url: "/index.html?" in url and "embed=1" in url,
        lambda route: route.fulfill(body=body, content_type="text/html; charset=utf-8"),
    )


def game_frame(page: Page) -> Frame:
    frame = page.locator("iframe[data-sixtysix-embed]").element_handle().content_frame()
    assert frame is not None
    return frame


def add_frame(page: Page, src: str, *, marked: bool = True, frame_id: str = "game") -> Frame:
    """Add an iframe to the host fixture page and wait for it to load."""
    page.evaluate(
        """([src, marked, id]) => new Promise((resolve) => {
            const frame = document.createElement("iframe");
            frame.id = id;
            if (marked) frame.setAttribute("data-sixtysix-embed", "");
            frame.addEventListener("load", () => resolve(), {once: true});
            frame.src = src;
            document.body.append(frame);
        })""",
        [src, marked, frame_id],
    )
    frame = page.locator(f"#{frame_id}").element_handle().content_frame()
    assert frame is not None
    return frame


def message_count(page: Page) -> int:
    return page.evaluate("window.__messages.length")


def height_messages(page: Page) -> int:
    return page.evaluate("window.__messages.filter((m) => m.data && m.data.type === 'sixtysix:height').length")


#: Posted by the test from inside a frame after embed.js's own reports: two
#: animation frames (its ResizeObserver has fired by then) and a timer due
#: after its 16 ms one. Messages from one window arrive in order, so once the
#: host has this one, anything embed.js had posted so far has arrived too.
BARRIER = """(n) => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() =>
    setTimeout(() => { parent.postMessage({type: 'barrier', n}, '*'); done(); }, 32))))"""


def barrier(page: Page, frame: Frame, n: int = 0) -> None:
    """Wait until every height embed.js in ``frame`` has posted so far reached the host (see BARRIER)."""
    frame.evaluate(BARRIER, n)
    page.wait_for_function("(n) => window.__messages.some((m) => m.data && m.data.type === 'barrier' && m.data.n === n)",
                           arg=n)


def wait_for_messages(page: Page, count: int) -> None:
    page.wait_for_function("n => window.__messages.length >= n", arg=count)


def post_from(frame: Frame, expression: str, target: str = "'*'") -> None:
    """Post the JavaScript value `expression` from `frame` to its parent."""
    frame.evaluate(f"() => parent.postMessage({expression}, {target})")


def frame_height(page: Page, selector: str = "#game") -> str:
    return page.locator(selector).evaluate("f => f.style.height")


def open_host(page: Page, origin: str) -> None:
    page.goto(f"{origin}/e2e/fixtures/host.html")


def sized(page: Page, height: int) -> None:
    """Give #game a known height through a valid message from its own document."""
    before = message_count(page)
    post_from(game_frame_of(page), f"{{type: 'sixtysix:height', height: {height}}}")
    wait_for_messages(page, before + 1)
    assert frame_height(page) == f"{height}px"


def game_frame_of(page: Page, frame_id: str = "game") -> Frame:
    frame = page.locator(f"#{frame_id}").element_handle().content_frame()
    assert frame is not None
    return frame


# ------------------------------------------------------ the pages as files


class _PageScan(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []
        self.urls: list[str] = []
        self.ids: set[str] = set()
        self.fragments: list[str] = []
        self.csp: list[str] = []
        self.lang = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.lang = attrs.get("lang")
        if tag == "script" and not attrs.get("src"):
            self.problems.append("inline <script>")
        if tag == "iframe" and "sandbox" in attrs:
            self.problems.append("sandboxed iframe (breaks the game's module loading)")
        for name, value in attrs.items():
            if name.startswith("on"):
                self.problems.append(f"inline handler {name} on <{tag}>")
            if name == "style":
                self.problems.append(f"style attribute on <{tag}> (the served CSP refuses it)")
            if name == "id":
                self.ids.add(value)
            if name in ("src", "href") and value is not None:
                self.urls.append(value)
                if value.startswith("#"):
                    self.fragments.append(value[1:])
        if tag == "style":
            self.problems.append("<style> block (the served CSP refuses it)")
        if tag == "meta" and (attrs.get("http-equiv") or "").lower() == "content-security-policy":
            self.csp.append(attrs.get("content", ""))


@pytest.mark.parametrize("name", ALL_PAGES)
def test_page_source_is_self_contained_and_csp_clean(name):
    scan = _PageScan()
    scan.feed((RULES / name).read_text(encoding="utf-8"))
    assert scan.problems == []
    built = _PageScan()
    built.feed((DIST / "rules" / name).read_text(encoding="utf-8"))
    assert built.csp == [CSP] and "unsafe" not in CSP  # no Python on the rules pages
    assert scan.lang == name.removesuffix(".html")[-2:]
    for url in scan.urls:
        # Same-origin relative paths, fragments and data: URLs only.
        assert not re.match(r"^[a-z][a-z0-9+.-]*:", url) or url.startswith("data:"), url
        assert not url.startswith("//"), url
    assert set(scan.fragments) <= scan.ids, set(scan.fragments) - scan.ids


def test_embed_js_never_listens_to_messages():
    for path in (ROOT / "js" / "embed.js",):
        code = re.sub(r"/\*.*?\*/|//[^\n]*", "", path.read_text(encoding="utf-8"), flags=re.S)
        assert not re.search(r"addEventListener\(\s*['\"]message", code)
        assert "onmessage" not in code
        assert re.search(r"postMessage\([^)]*,\s*target\)", code), "posts with an explicit target origin"
        assert "'*'" not in code and '"*"' not in code


# --------------------------------------------------- the pages in a browser


@pytest.mark.parametrize("lang", ["pt", "it"])
def test_rules_page(page: Page, base_url: str, lang: str):
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    stub_the_game(page)
    page.goto(f"rules/{lang}.html")

    expect(page.locator("html")).to_have_attribute("lang", lang)
    assert page.title()
    expect(page.locator("meta[name=description]")).to_have_attribute("content", re.compile(".{60,}"))
    expect(page.locator("meta[name=viewport]")).to_have_count(1)
    expect(page.locator("h1")).to_have_count(1)

    frame = page.locator("iframe[data-sixtysix-embed]")
    expect(frame).to_have_count(1)
    # A first visit: a still picture and a play button saying what the game
    # downloads, and nothing of the game fetched until it is pressed.
    expect(page.locator("[data-game-size]")).to_be_visible()
    expect(page.locator("[data-game-size]")).to_contain_text(re.compile(r"\d,\d MB"))
    assert frame.get_attribute("src") is None
    # The picture covers exactly the frame's reserved space: pressing moves nothing.
    assert page.locator("[data-game-still]").bounding_box() == frame.bounding_box()
    assert frame.bounding_box()["height"] == 480
    assert not [url for url in requests if "/index.html" in url or "/vendor/" in url]
    play_here(page, lang)
    expect(frame).to_have_attribute("src", f"../index.html?embed=1&lang={lang}")
    expect(frame).to_have_attribute("title", re.compile(".+"))
    assert frame.get_attribute("sandbox") is None

    other = OTHER[lang]
    expect(page.locator(f'a[href="{other}.html"][hreflang="{other}"]').first).to_be_visible()
    expect(page.locator(f'a[href="strategia-{lang}.html"]').first).to_be_visible()
    text = page.locator("main").inner_text()
    for phrase in MUST_SAY[lang]:
        assert phrase in text, phrase

    # The stub reported its height through the real embed.js.
    expect(frame).to_have_attribute("data-sixtysix-height", str(STUB_HEIGHT))
    origin = base_url.rstrip("/")
    foreign = [url for url in requests if not url.startswith(origin) and not url.startswith("data:")]
    assert foreign == []


@pytest.mark.parametrize("lang", ["pt", "it"])
def test_strategy_page(page: Page, lang: str):
    page.goto(f"rules/strategia-{lang}.html")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    assert STRATEGY_TITLE[lang] in page.title()
    expect(page.locator("h1")).to_have_text(STRATEGY_TITLE[lang])
    expect(page.locator(f'main a[href="{lang}.html"]').first).to_be_visible()
    expect(page.locator(f'a[href="strategia-{OTHER[lang]}.html"]').first).to_be_visible()
    assert len(page.locator("main").inner_text()) > 6000  # an article, not a stub


@pytest.mark.parametrize("name", ALL_PAGES)
def test_every_link_resolves(page: Page, name: str):
    stub_the_game(page)
    page.goto(f"rules/{name}")
    hrefs = page.locator("a[href]").evaluate_all("links => links.map((a) => a.href)")
    for url in sorted({href.split("#", 1)[0] for href in hrefs}):
        response = page.request.get(url)
        assert response.ok, f"{url}: {response.status}"


@pytest.mark.parametrize("name", ALL_PAGES)
def test_fits_a_phone(page: Page, name: str):
    page.set_viewport_size({"width": 360, "height": 640})
    stub_the_game(page)
    page.goto(f"rules/{name}")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    if name in RULES_PAGES:
        box = page.locator("iframe[data-sixtysix-embed]").bounding_box()
        assert box["width"] == 360  # the game gets the whole width


@pytest.mark.parametrize("name", ALL_PAGES)
def test_a_finger_reaches_every_link_that_stands_alone(new_context, name: str):
    # The site's menu, the contents and the footer on a touch phone: 44 px high
    # each (an audit measured 18-25); links inside a sentence keep the line's.
    context = new_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True)
    page = context.new_page()
    stub_the_game(page)
    page.goto(f"rules/{name}")
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    standalone = ".site-nav a, .toc li a, .site-footer a"
    assert page.locator(standalone).count() >= 3
    short = page.evaluate("""(standalone) => [...document.querySelectorAll(standalone)]
        .filter((a) => a.getClientRects().length && a.getBoundingClientRect().height < 44)
        .map((a) => [a.textContent.trim(), Math.round(a.getBoundingClientRect().height)])""", standalone)
    assert short == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_frame_keeps_a_usable_height_until_the_game_reports(page: Page):
    page.set_viewport_size({"width": 1280, "height": 800})
    stub_the_game(page, "blank-game.html")
    page.goto("rules/pt.html")
    play_here(page)
    frame = page.locator("iframe[data-sixtysix-embed]")
    expect(frame).not_to_have_attribute("data-sixtysix-height", re.compile(".*"))
    box = frame.bounding_box()
    column = page.locator("section.play").bounding_box()
    assert box["height"] == 480
    assert box["width"] >= column["width"] - 2 * 24  # full width of its column


@pytest.mark.parametrize("lang", ["pt", "it"])
def test_frame_follows_the_game_height(page: Page, lang: str):
    stub_the_game(page)
    page.goto(f"rules/{lang}.html")
    play_here(page, lang)
    frame = page.locator("iframe[data-sixtysix-embed]")
    expect(frame).to_have_attribute("data-sixtysix-height", str(STUB_HEIGHT))
    inside = game_frame(page)
    expect(inside.locator("html")).to_have_class(re.compile(r"\bembedded\b"))

    for height in (900, 260):  # grows, then shrinks below the 480 px placeholder
        inside.evaluate(f"() => document.getElementById('table').style.height = '{height}px'")
        expect(frame).to_have_attribute("data-sixtysix-height", str(height))
        assert frame.bounding_box()["height"] == height


def test_the_real_game_sizes_its_frame(page: Page):
    page.goto("rules/it.html")
    play_here(page, "it")
    frame = page.locator("iframe[data-sixtysix-embed]")
    inside = game_frame(page)
    inside.wait_for_selector("html.ready, .py-error", state="attached", timeout=FIRST_LOAD_MS)
    expect(inside.locator(".py-error")).to_have_count(0)
    expect(inside.locator("html")).to_have_class(re.compile(r"\bembedded\b"))
    expect(frame).to_have_attribute("data-sixtysix-height", re.compile(r"^\d+$"))
    content = inside.evaluate("() => Math.ceil(document.documentElement.getBoundingClientRect().height)")
    reported = int(frame.get_attribute("data-sixtysix-height"))
    assert 200 <= reported <= 4000
    assert abs(reported - max(200, min(4000, content))) <= 2


# ------------------------------------------------- embed-host.js, isolated


def test_host_resizes_its_frame_from_the_frame_origin(page: Page, origins):
    a, _ = origins
    open_host(page, a)
    add_frame(page, f"{a}/e2e/fixtures/frame.html")
    sized(page, 777)
    expect(page.locator("#game")).to_have_attribute("data-sixtysix-height", "777")
    assert page.locator("#game").evaluate("f => f.clientHeight") == 777  # inside the default border


def test_host_accepts_a_game_on_another_origin(page: Page, origins):
    a, b = origins
    open_host(page, a)
    add_frame(page, f"{b}/e2e/fixtures/frame.html")
    post_from(game_frame_of(page), "{type: 'sixtysix:height', height: 555}", f"'{a}'")
    wait_for_messages(page, 1)
    assert frame_height(page) == "555px"


@pytest.mark.parametrize("sent, applied", [(99999, 4000), (3, 200), (-50, 200), (612.4, 612)])
def test_host_clamps_heights(page: Page, origins, sent, applied):
    a, _ = origins
    open_host(page, a)
    add_frame(page, f"{a}/e2e/fixtures/frame.html")
    post_from(game_frame_of(page), f"{{type: 'sixtysix:height', height: {sent}}}")
    wait_for_messages(page, 1)
    assert frame_height(page) == f"{applied}px"


BAD_PAYLOADS = [
    "{type: 'sixtysix:size', height: 900}",
    "{type: 'sixtysix:height', height: '900'}",
    "{type: 'sixtysix:height', height: NaN}",
    "{type: 'sixtysix:height', height: Infinity}",
    "{type: 'sixtysix:height'}",
    "{type: 'sixtysix:height', height: null}",
    "{height: 900}",
    "'sixtysix:height'",
    "900",
    "null",
    "[900]",
]


def test_host_ignores_malformed_messages(page: Page, origins):
    a, _ = origins
    open_host(page, a)
    add_frame(page, f"{a}/e2e/fixtures/frame.html")
    sized(page, 500)
    for payload in BAD_PAYLOADS:
        before = message_count(page)
        post_from(game_frame_of(page), payload)
        wait_for_messages(page, before + 1)
        assert frame_height(page) == "500px", payload


def test_host_ignores_the_right_origin_from_another_source(page: Page, origins):
    a, _ = origins
    open_host(page, a)
    add_frame(page, f"{a}/e2e/fixtures/frame.html")
    add_frame(page, f"{a}/e2e/fixtures/frame.html", marked=False, frame_id="other")
    sized(page, 500)
    message = "{type: 'sixtysix:height', height: 900}"

    # A same-origin frame that is not the marked one.
    post_from(game_frame_of(page, "other"), message, f"'{a}'")
    wait_for_messages(page, 2)
    # The host page itself, with its (right) origin.
    page.evaluate(f"() => window.postMessage({message}, '{a}')")
    wait_for_messages(page, 3)
    # A forged event with the right origin and no source, then another window as source.
    page.evaluate(
        f"""() => {{
            window.dispatchEvent(new MessageEvent("message", {{data: {message}, origin: "{a}"}}));
            window.dispatchEvent(new MessageEvent("message", {{data: {message}, origin: "{a}", source: window}}));
        }}"""
    )
    wait_for_messages(page, 5)
    assert frame_height(page) == "500px"


def test_host_ignores_a_foreign_origin(page: Page, origins):
    a, b = origins
    open_host(page, a)
    add_frame(page, f"{a}/e2e/fixtures/frame.html")
    add_frame(page, f"{b}/e2e/fixtures/frame.html", marked=False, frame_id="foreign")
    sized(page, 500)
    message = "{type: 'sixtysix:height', height: 900}"

    # Another origin, in a frame that is not the marked one.
    post_from(game_frame_of(page, "foreign"), message)
    wait_for_messages(page, 2)
    # The right source with a forged foreign origin.
    page.evaluate(
        f"""() => window.dispatchEvent(new MessageEvent("message", {{
            data: {message}, origin: "http://evil.example",
            source: document.getElementById("game").contentWindow}}))"""
    )
    wait_for_messages(page, 3)
    assert frame_height(page) == "500px"

    # The marked frame's own window, once its document has gone to another origin.
    game_frame_of(page).evaluate(f"() => location.assign('{b}/e2e/fixtures/frame.html')")
    page.wait_for_function(
        "() => { try { return !document.getElementById('game').contentDocument; } catch (e) { return true; } }"
    )
    expect(page.frame_locator("#game").locator("p")).to_have_text("framed")
    post_from(game_frame_of(page), message)
    wait_for_messages(page, 4)
    assert page.evaluate("window.__messages[3].origin") == b
    assert frame_height(page) == "500px"

    # Control: the same forged event with the right origin does get through,
    # so what stopped the others was the origin, not the forging.
    page.evaluate(
        f"""() => window.dispatchEvent(new MessageEvent("message", {{
            data: {{type: "sixtysix:height", height: 640}}, origin: "{a}",
            source: document.getElementById("game").contentWindow}}))"""
    )
    wait_for_messages(page, 5)
    assert frame_height(page) == "640px"


# ------------------------------------------------------ embed.js, isolated


def test_embed_js_reports_the_height_exactly_so(page: Page, origins):
    a, _ = origins
    open_host(page, a)
    add_frame(page, f"{a}/e2e/fixtures/game-stub.html?embed=1")
    wait_for_messages(page, 1)
    first = page.evaluate("window.__messages[0]")
    assert first == {"origin": a, "data": {"type": "sixtysix:height", "height": STUB_HEIGHT}, "frame": "game"}
    assert frame_height(page) == f"{STUB_HEIGHT}px"


def test_embed_js_stays_quiet_unless_framed_with_embed_1(page: Page, origins):
    a, _ = origins
    # Framed without embed=1.
    open_host(page, a)
    add_frame(page, f"{a}/e2e/fixtures/game-stub.html?lang=pt")
    inside = game_frame_of(page)
    inside.wait_for_load_state("load")
    assert "embedded" not in inside.evaluate("document.documentElement.className")
    barrier(page, inside)  # whatever embed.js would have posted is in by now
    assert height_messages(page) == 0
    # Opened on its own with embed=1.
    page.goto(f"{a}/e2e/fixtures/game-stub.html?embed=1")
    assert "embedded" not in page.evaluate("document.documentElement.className")


def test_embed_js_reports_to_a_third_party_host_named_by_parent_origin(page: Page, origins):
    a, b = origins
    open_host(page, b)
    add_frame(page, f"{a}/e2e/fixtures/game-stub.html?embed=1&parent_origin={b}")
    wait_for_messages(page, 1)
    assert page.evaluate("window.__messages[0].origin") == a
    assert frame_height(page) == f"{STUB_HEIGHT}px"


@pytest.mark.parametrize(
    "parent_origin",
    [None, "javascript:alert(1)", "{b}/path", "{b}?x=1", "ftp://127.0.0.1", "http://user@{host}", "{a}"],
)
def test_embed_js_posts_nothing_to_a_parent_it_was_not_told_about(page: Page, origins, parent_origin):
    a, b = origins
    warnings: list[str] = []
    page.on("console", lambda msg: msg.type == "warning" and warnings.append(msg.text))
    open_host(page, b)
    query = "embed=1"
    if parent_origin is not None:
        value = parent_origin.format(a=a, b=b, host=b.removeprefix("http://"))
        query += "&parent_origin=" + value.replace("&", "%26").replace("?", "%3F")
    add_frame(page, f"{a}/e2e/fixtures/game-stub.html?{query}")
    inside = game_frame_of(page)
    expect(inside.locator("html")).to_have_class(re.compile(r"\bembedded\b"))
    barrier(page, inside)  # whatever embed.js would have posted is in by now
    assert height_messages(page) == 0
    assert any("embed.js" in text for text in warnings)  # says why, as a warning


def test_embed_js_stops_a_runaway_growth(page: Page, origins):
    a, _ = origins
    open_host(page, a)
    add_frame(page, f"{a}/e2e/fixtures/game-grow.html?embed=1")
    wait_for_messages(page, 1)
    # Until a barrier finds no new height: the loop has stopped (unchecked it
    # would post once per round, and pass 6 within a few rounds).
    for n in range(12):
        before = height_messages(page)
        barrier(page, game_frame_of(page), n)
        if height_messages(page) == before:
            break
        assert height_messages(page) <= 6
    assert height_messages(page) <= 6
    assert height_messages(page) == before, "embed.js was still posting"
    assert int(frame_height(page).removesuffix("px")) < 400
