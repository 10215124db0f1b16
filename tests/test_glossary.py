"""One terminology per language: the texts use none of the forms docs/glossary.md rules out.

The forbidden forms are read from the "Ruled out" table of
``docs/glossary.md`` (lang, where, pattern, use instead), so the page and
this test say the same thing by construction. Texts are every entry of
``locales/<lang>.json`` (nested catalogs included) and the visible text of
every page in ``rules/`` (its language from ``<html lang>``).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "glossary.md"


class Rule:
    def __init__(self, lang: str, where: str, pattern: str, instead: str):
        self.lang, self.where, self.instead = lang, where, instead
        self.source = pattern
        self.regex = re.compile(pattern, re.I)

    def applies(self, lang: str, key: str | None) -> bool:
        return self.lang == lang and (self.where == "*" or self.where == key)

    def __repr__(self):
        return f"{self.lang} {self.where} /{self.source}/ -> {self.instead}"


def ruled_out(text: str) -> list[Rule]:
    """The rows of the "Ruled out" table of a glossary page."""
    section = re.search(r"^## Ruled out\n(.*?)(?=^## |\Z)", text, flags=re.M | re.S)
    assert section, "docs/glossary.md has no '## Ruled out' section"
    rules = []
    for line in section.group(1).splitlines():
        if not line.startswith("|") or re.match(r"^\|[-| ]+\|$", line):
            continue
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        if cells[0] == "lang":
            continue
        lang, where, pattern, instead = cells
        pattern = pattern.strip("`").replace(r"\|", "|")
        rules.append(Rule(lang, where, pattern, instead))
    return rules


RULES = ruled_out(GLOSSARY.read_text(encoding="utf-8"))


def page_text(source: str) -> str:
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", source, flags=re.S | re.I)
    meta = " ".join(re.findall(r'<meta\s+name="description"\s+content="([^"]*)"', source))
    return re.sub(r"\s+", " ", html.unescape(meta + " " + re.sub(r"<[^>]+>", " ", body)))


def texts() -> list[tuple[str, str, str | None, str]]:
    """(lang, where, locale key or None, text) for every text of the project."""
    out = []
    for path in sorted((ROOT / "locales").rglob("*.json")):
        lang = path.stem.split(".")[0]

        def walk(value, key):
            if isinstance(value, dict):
                for k, v in value.items():
                    walk(v, f"{key}.{k}" if key else k)
            elif isinstance(value, list):
                for v in value:
                    walk(v, key)
            elif isinstance(value, str):
                out.append((lang, f"{path.relative_to(ROOT)} {key}", key, value))
        walk(json.loads(path.read_text(encoding="utf-8")), "")
    for path in sorted((ROOT / "rules").rglob("*.html")):
        source = path.read_text(encoding="utf-8")
        lang = re.search(r'<html[^>]*\blang="([a-z]+)', source).group(1)
        out.append((lang, str(path.relative_to(ROOT)), None, page_text(source)))
    return out


def offences(items) -> list[str]:
    found = []
    for lang, where, key, text in items:
        for rule in RULES:
            if rule.applies(lang, key) and (m := rule.regex.search(text)):
                found.append(f"{where}: {m.group(0)!r} (use: {rule.instead})")
    return found


def test_the_glossary_table_is_read():
    assert len(RULES) >= 20
    langs = {r.lang for r in RULES}
    assert langs == {"pt", "it"}
    # the examples the glossary names are in the table
    assert any(r.regex.search("vince l'incontro") for r in RULES if r.lang == "it")
    assert any(r.regex.search("Súmula") for r in RULES if r.lang == "pt")


def test_the_glossary_names_every_term_in_both_languages():
    text = GLOSSARY.read_text(encoding="utf-8")
    terms = re.search(r"^## Terms\n(.*?)(?=^## )", text, flags=re.M | re.S).group(1)
    for thing in ("trick", "lead", "follow", "stock", "trump", "marriage", "exchange", "close", "declare 66",
                  "hand", "match", "game point", "card point", "strict phase", "score sheet", "levels"):
        assert re.search(rf"^\| {re.escape(thing)}\b", terms, flags=re.M), thing


def test_every_text_follows_the_glossary():
    items = texts()
    assert {lang for lang, *_ in items} == {"pt", "it"}
    found = offences(items)
    assert found == [], "texts that use a form docs/glossary.md rules out:\n" + "\n".join(found)


# ------------------------------------------------------- the test can fail
@pytest.mark.parametrize("lang, key, planted", [
    ("it", None, "Vince l'incontro chi arriva per primo a 7 punti partita."),
    ("it", None, "Nella fase rigida le carte vietate sono attenuate."),
    ("it", "result.match.you", "Hai vinto la partita {you} a {computer}!"),
    ("it", "level.random", "A caso"),
    ("it", "sheet.col.gp", "Partita"),
    ("pt", None, "Também pode trocar e fechar, por qualquer ordem."),
    ("pt", None, "Fechar não o salva de um adversário forte."),
    ("pt", None, "Quando o ás de um naipe já saiu, o dez manda."),
    ("pt", "button.sheet", "Súmula"),
    ("pt", "review.done", "Análise pronta: 5 decisões valoradas pelo computador."),
    ("pt", "sheet.col.dealer", "Deu"),
    ("pt", None, "Quem ganha a vaza abre a próxima."),
    ("pt", None, "Abra a primeira vaza com o ás."),
    ("pt", None, "O computador abriu. Responda com a carta que quiser."),
    ("pt", None, "Quem anuncia errado perde a mão."),
    ("pt", None, "Você anunciou 66 errado."),
])
def test_a_planted_form_is_flagged(lang, key, planted):
    assert offences([(lang, "planted", key, planted)]), planted


@pytest.mark.parametrize("fine", [
    "Não foi possível abrir a próxima lição.", "Toque para abrir a primeira lição.",
    "Este link abre a primeira mão do dia.", "Você abriu um link de outra partida.",
    "O computador abriu vantagem no placar.",
])
def test_opening_a_link_or_a_lesson_is_no_lead(fine):
    # pt "abrir" is still the word for a link, a lesson or a match: only a trick's lead is "sair"
    assert offences([("pt", "planted", None, fine)]) == []


def test_scoped_rules_apply_only_to_their_key():
    # "a caso" is a fine Italian phrase; only as the level's name is it ruled out
    assert offences([("it", "planted", "hint.play", "Non giocare a caso.")]) == []
    # and a rule of one language never applies to the other
    assert offences([("pt", "planted", None, "incontro")]) == []
