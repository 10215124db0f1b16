"""The texts: pt and it say the same things, every key the UI uses exists,
and no user-visible text is written into the page or ui/ outside locales/.

How "no literal" is checked (so the check is hard to slip past):

- index.html is parsed: no text node outside <script>/<style> may hold a
  letter, and aria-label / title / alt / placeholder attributes must be
  empty; texts arrive through ``data-i18n`` / ``data-i18n-label`` keys.
- ui/**/*.py is parsed into an AST: a string constant with a letter may not be
  assigned to a DOM text property (textContent, innerText, innerHTML, title,
  alt, placeholder, label), passed to ``set_text``/``set_label``/
  ``createTextNode``/``alert``/``confirm``/``insertAdjacentHTML``, or given to
  ``setAttribute`` for aria-label/title/alt/placeholder. Beyond those sinks,
  any remaining string constant that reads like a sentence (two or more
  words, letters and a space) fails, unless it is a docstring, a console or
  error message, or a selector.
- js/boot.js (with shared.js, guard.js and progress.js) is scanned for string literals that read like words.
"""

from __future__ import annotations

import ast
import json
import re
import string
from html.parser import HTMLParser
from pathlib import Path

import pytest

from ui.model.i18n import LANGUAGES, dynamic_keys, flatten

ROOT = Path(__file__).resolve().parent.parent
UI = ROOT / "ui"
PY_FILES = sorted(UI.rglob("*.py"))
#: Each language's words: the page's catalog and the lessons' (fetched when the course opens).
CATALOGS = {lang: {**flatten(json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))),
                   **flatten(json.loads((ROOT / "locales" / "lessons" / f"{lang}.json").read_text(encoding="utf-8")))}
            for lang in LANGUAGES}
KEYS = set(CATALOGS["pt"])
NAMESPACES = {k.split(".")[0] for k in KEYS}
KEY_RE = re.compile(r"^[a-z0-9_]+(\.[a-z0-9_]+)+$")
LETTER = re.compile(r"[^\W\d_]")  # any letter, accented ones included
TEXT_PROPS = {"textContent", "innerText", "innerHTML", "outerHTML", "title", "alt", "placeholder", "label"}
TEXT_CALLS = {"set_text", "set_label", "createTextNode", "alert", "confirm", "prompt", "insertAdjacentHTML"}
TEXT_ATTRS = {"aria-label", "title", "alt", "placeholder", "aria-description", "aria-roledescription"}
QUIET_CALLS = {"querySelector", "querySelectorAll", "closest", "getElementById", "log_error", "warn", "error",
               "log", "debug", "info", "addEventListener", "createElement", "getAttribute", "matches"}


# -- the catalogs ------------------------------------------------------------
def refuse_twice(pairs):
    keys = [k for k, _ in pairs]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    assert not twice, f"a key written twice (JSON keeps the last, silently): {twice}"
    return dict(pairs)


@pytest.mark.parametrize("path", sorted((ROOT / "locales").rglob("*.json")), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_key_is_written_twice(path):
    json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=refuse_twice)


def test_pt_and_it_have_identical_keys():
    assert set(CATALOGS["pt"]) == set(CATALOGS["it"]), set(CATALOGS["pt"]) ^ set(CATALOGS["it"])


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(KEYS))
def test_both_languages_fill_the_same_placeholders(key):
    assert placeholders(CATALOGS["pt"][key]) == placeholders(CATALOGS["it"][key])


#: How each language says the rule of RULES.md's marriage decision: a trick already
#: won in the hand, and without one the pair is lost (not counted later).
MARRIAGE_RULE = {"pt": (r"já tendo levado uma vaza|sem vaza", r"se perde|se perdeu"),
                 "it": (r"hai già vinto una presa|senza (una )?presa|senza prese", r"è persa|è perso")}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("key", ["rules.marriage", "msg.missed_marriage"])
def test_the_marriage_texts_say_a_pair_without_a_trick_is_lost(lang, key):
    needs_trick, lost = MARRIAGE_RULE[lang]
    text = CATALOGS[lang][key]
    assert re.search(needs_trick, text, re.I) and re.search(lost, text, re.I), text
    assert not re.search(r"só vale depois|conta solo dopo|a partir da sua primeira|dalla tua prima presa", text), text


def test_no_text_is_empty():
    for lang, cat in CATALOGS.items():
        assert all(v.strip() for v in cat.values()), [k for k, v in cat.items() if not v.strip()]


def test_the_texts_differ_between_languages_where_words_are_involved():
    same = [k for k in KEYS if CATALOGS["pt"][k] == CATALOGS["it"][k] and LETTER.search(CATALOGS["pt"][k])]
    # Language names are written in their own language, and a few words coincide.
    allowed = {"lang.pt", "lang.it", "lang.short.pt", "lang.short.it", "rank.9", "level.medium",
               "rank.short.Q", "rank.short.K", "rank.short.A", "stock.count", "speed.slow",
                   "lang.button.pt", "lang.button.it", "list.and"}
    assert set(same) <= allowed, sorted(set(same) - allowed)


# -- keys the UI uses ---------------------------------------------------------
class Page(HTMLParser):
    """Collects i18n keys, visible literal text and labelled attributes of index.html."""

    def __init__(self):
        super().__init__()
        self.keys: set[str] = set()
        self.literals: list[str] = []
        self.stack: list[str] = []
        self.options_without_key = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag not in ("meta", "link", "img", "input", "br", "hr", "source"):
            self.stack.append(tag)
        for name in ("data-i18n", "data-i18n-label"):
            if a.get(name):
                self.keys.add(a[name])
        for name in TEXT_ATTRS:
            if a.get(name) and LETTER.search(a[name]):
                self.literals.append(f"<{tag} {name}={a[name]!r}>")
        if tag == "option" and not a.get("data-i18n"):
            self.options_without_key += 1

    def handle_endtag(self, tag):
        if tag in self.stack:
            while self.stack and self.stack.pop() != tag:
                pass

    def handle_data(self, data):
        if self.stack and self.stack[-1] in ("script", "style"):
            return
        if LETTER.search(data):
            self.literals.append(data.strip())


@pytest.fixture(scope="module")
def html_page():
    p = Page()
    p.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return p


def test_index_html_holds_no_visible_literal_text(html_page):
    assert html_page.literals == []
    assert html_page.options_without_key == 0


def test_index_html_keys_exist(html_page):
    assert html_page.keys and html_page.keys <= KEYS, html_page.keys - KEYS


def parents(tree):
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            child.parent = node


def docstrings(tree) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def call_name(call: ast.Call) -> str:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


def inside(node, kinds) -> ast.AST | None:
    while hasattr(node, "parent"):
        node = node.parent
        if isinstance(node, kinds):
            return node
    return None


NON_TEXT_PROPS = {"className", "type", "src", "href", "id"}


CARD_CODES = re.compile(r"^([9JQKTA][CDHS] ?)+$")


def quiet(node) -> bool:
    """A constant in a console/error message, a raise, a selector, a class/type/src
    value, or card codes (a lesson's deal: ``"AS 9C KD"``)."""
    if inside(node, (ast.Raise,)) or CARD_CODES.match(str(node.value)):
        return True
    assign = inside(node, (ast.Assign,))
    if assign is not None and all(isinstance(t, ast.Attribute) and t.attr in NON_TEXT_PROPS for t in assign.targets):
        return True
    call = inside(node, (ast.Call,))
    while call is not None:
        if call_name(call) in QUIET_CALLS:
            return True
        call = inside(call, (ast.Call,))
    return False


def is_text(node) -> bool:
    """A string constant with a letter that is not a catalog key."""
    return (isinstance(node, ast.Constant) and isinstance(node.value, str) and bool(LETTER.search(node.value))
            and node.value not in KEYS)


def scan_ui():
    """(literal keys, f-string key prefixes, offending literals) over ui/**/*.py."""
    return scan_sources({str(path.relative_to(UI)): path.read_text(encoding="utf-8") for path in PY_FILES})


def scan_sources(sources: dict[str, str]):
    keys, prefixes, offences = set(), set(), []
    for name, source in sources.items():
        path = Path(name)
        tree = ast.parse(source)
        parents(tree)
        docs = docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
                head = str(node.values[0].value)
                if re.match(r"^[a-z_]+\.([a-z0-9_]+\.)*$", head) and head.split(".")[0] in NAMESPACES:
                    prefixes.add(head)
            # sinks: DOM text properties and text-setting calls
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Attribute) and target.attr in TEXT_PROPS:
                        for c in ast.walk(node.value):
                            if is_text(c):
                                offences.append(f"{path.name}:{node.lineno}: {target.attr} = {c.value!r}")
            if isinstance(node, ast.Call):
                name = call_name(node)
                args = node.args[1:] if name in ("set_text", "set_label") else node.args
                if name == "setAttribute" and node.args and isinstance(node.args[0], ast.Constant):
                    args = node.args[1:] if node.args[0].value in TEXT_ATTRS else []
                elif name not in TEXT_CALLS:
                    args = []
                for arg in args:
                    for c in ast.walk(arg):
                        if is_text(c):
                            offences.append(f"{path.name}:{node.lineno}: {name}(... {c.value!r})")
            if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
                continue
            if id(node) in docs or quiet(node):
                continue
            value = node.value
            if KEY_RE.match(value) and value.split(".")[0] in NAMESPACES:
                keys.add(value)
            elif re.search(r"[^\W\d_]{2,}\s+[^\W\d_]{2,}", value) and not isinstance(getattr(node, "parent", None), ast.JoinedStr):
                offences.append(f"{path.name}:{node.lineno}: sentence-like literal {value!r}")
    return keys, prefixes, offences


def test_ui_python_holds_no_user_visible_literal():
    _, _, offences = scan_ui()
    assert offences == []


@pytest.mark.parametrize("snippet", [
    'el.textContent = "Sua vez"',
    'el.innerText = f"Vez de {who}"',
    'set_text(el, "Nova partida")',
    'set_label(el, "Mão")',
    'el.setAttribute("aria-label", "Cartas na mesa")',
    'document.title = "Sessenta e Seis"',
    'MESSAGE = "You won the hand"',
    'button.title = "Dica"',
])
def test_the_scanner_catches_literals(snippet):
    _, _, offences = scan_sources({"x.py": snippet})
    assert offences, snippet


@pytest.mark.parametrize("snippet", [
    'el.textContent = tr.t("button.close")',
    'set_text(el, m.turn_text)',
    'el.className = "card playable"',
    'window.console.error(f"Sixty-Six: bot worker failed: {exc}")',
    'raise ValueError("not player one move")',
    'box.querySelector("button.card img")',
])
def test_the_scanner_allows_keys_and_plumbing(snippet):
    _, _, offences = scan_sources({"x.py": snippet})
    assert offences == [], snippet


def test_every_key_ui_uses_exists():
    keys, prefixes, _ = scan_ui()
    assert keys, "the scan found no keys at all: the scanner is broken"
    assert keys <= KEYS, sorted(keys - KEYS)
    for prefix in prefixes:
        assert any(k.startswith(prefix) for k in KEYS), f"no key starts with {prefix!r}"
    assert dynamic_keys() <= KEYS, sorted(dynamic_keys() - KEYS)


def boot_js_strings() -> list[str]:
    """String literals of the scripts that run before Python (shared.js, boot.js, guard.js, progress.js)."""
    names = ("shared.js", "boot.js", "guard.js", "progress.js")
    src = "\n".join((ROOT / "js" / name).read_text(encoding="utf-8") for name in names)
    src = re.sub(r"^\s*//.*$", "", src, flags=re.M)
    return re.findall(r'"([^"\n]*)"|\'([^\'\n]*)\'|`([^`]*)`', src)


def test_boot_js_writes_no_text_of_its_own():
    # (console lines, "Sixty-Six: ...", are diagnostics for developers, not page text)
    words = []
    for groups in boot_js_strings():
        s = next(g for g in groups if g is not None) if any(groups) else ""
        if re.search(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}", s) and s != "use strict" and not s.startswith("Sixty-Six: "):
            words.append(s)
    assert words == []


def test_no_key_is_left_unused(html_page):
    keys, prefixes, _ = scan_ui()
    used = keys | html_page.keys | dynamic_keys()
    used |= {k for k in KEYS for p in prefixes if k.startswith(p)}
    used |= {g for groups in boot_js_strings() for g in groups if g in KEYS}
    assert KEYS - used == set(), sorted(KEYS - used)


def test_rules_text_is_explicit_about_marriages_and_penalties():
    pt, it = CATALOGS["pt"], CATALOGS["it"]
    assert "vaza" in pt["rules.marriage"] and "presa" in it["rules.marriage"]
    # the 3-point case depends on the opponent's tricks (RULES.md's decision)
    assert "adversário" in pt["rules.false"] and "avversario" in it["rules.false"]
    assert "o adversário ganha 2 pontos de jogo, ou 3 se ainda não tinha nenhuma vaza" in pt["rules.close"]
    assert "l'avversario ottiene 2 punti partita, o 3 se non aveva ancora nessuna presa" in it["rules.close"]


# --------------------------------------------------- one variety, plain words
def page_text(path: Path) -> str:
    """The visible words of a rules/strategy page (tags and scripts dropped)."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", path.read_text(encoding="utf-8"), flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


PT_TEXTS = {**{f"locales/pt.json {k}": v for k, v in CATALOGS["pt"].items()},
            **{p.name: page_text(p) for p in (ROOT / "rules").glob("*pt.html")}}
IT_TEXTS = {**{f"locales/it.json {k}": v for k, v in CATALOGS["it"].items()},
            **{p.name: page_text(p) for p in (ROOT / "rules").glob("*it.html")}}
#: European-Portuguese turns of phrase the Brazilian texts (with "você") avoid.
EUROPEAN_PT = re.compile(r"\b(tem|têm|tens|temos) de\b|\bjoga-se\b|\bcontinua(r|ria)? a \w+r\b|\best(á|ão|ou) a \w+r\b"
                         r"|\b(tu|teu|tua|vós)\b|\becrã\b|\btelemóvel\b|\bequipa\b|\bregisto\b|\bfacto\b")
PT_RANKS = "Nove|Valete|Dama|Rei|Dez|Ás"
IT_RANKS = "Nove|Fante|Donna|Re|Dieci|Asso"


def test_no_runtime_name_reaches_a_player():
    for texts in (PT_TEXTS, IT_TEXTS):
        said = [where for where, text in texts.items() if re.search(r"\b(Python|Pyodide|PyScript)\b", text)]
        assert said == []


def test_portuguese_is_one_variety_brazilian_with_voce():
    found = {where: m.group(0) for where, text in PT_TEXTS.items() if (m := EUROPEAN_PT.search(text))}
    assert found == {}
    assert EUROPEAN_PT.search("Sem copas, tem de jogar trunfo") and EUROPEAN_PT.search("joga-se a última vaza")


@pytest.mark.parametrize("lang, ranks", [("pt", PT_RANKS), ("it", IT_RANKS)])
def test_card_names_in_running_text_are_lowercase(lang, ranks):
    """Only a card's own name (a label, an image's alt) is capitalised; inside a
    sentence it reads "o rei de espadas" / "il re di picche"."""
    name_keys = {"card.name"} | {k for k in CATALOGS[lang] if k.startswith(("rank.", "suit."))}
    capital = re.compile(rf"(?<=[\w,;:] )({ranks})\b")
    found = {k: m.group(0) for k, v in CATALOGS[lang].items() if k not in name_keys and (m := capital.search(v))}
    assert found == {}


def test_the_count_myself_help_says_what_a_false_declaration_costs():
    assert "2 pontos de jogo" in CATALOGS["pt"]["settings.count_myself.help"]
    assert "2 punti partita" in CATALOGS["it"]["settings.count_myself.help"]


def test_an_exchange_reads_as_a_sentence():
    from ui.model.i18n import Translator
    pt = Translator("pt", CATALOGS["pt"])
    assert pt.t("msg.exchange.you", gave=pt.card_in_text("9H"), took=pt.card_for("JH")) == \
        "Você trocou o nove de copas pelo valete de copas."
    it = Translator("it", CATALOGS["it"])
    assert it.t("msg.exchange.computer", gave=it.card_in_text("9S"), took=it.card_for("AS")) == \
        "Il computer ha scambiato il nove di picche con l'asso di picche."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_score_sheet_s_opponent_is_always_the_loser(lang):
    # Beside the winner's column, "adversário" / "avversario" must mean the same side in every row.
    for key, text in CATALOGS[lang].items():
        if key.startswith("sheet.rule.") and re.search(r"advers|avvers", text):
            assert key.split(".")[-1].startswith("opponent_"), (key, text)
