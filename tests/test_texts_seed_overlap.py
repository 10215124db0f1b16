"""Our own words: no text of the game repeats a run of 7 words from the seed pages.

The two seed pages (``../shared/seeds/*.txt`` from the repository root) are
the product brief: they say which rules and controls the game has, never
how our texts word them. Every catalog in ``locales/`` and every page in
``rules/`` (visible text, the title and the meta description; tags and
scripts dropped) is compared with them, word by word:

- words are lowercased, accents kept, punctuation dropped (``d'uscita`` is
  ``d uscita``, ``trocá-lo`` is ``trocá lo``), so a run hides behind neither
  a comma nor a capital;
- a run of :data:`RUN` or more words in a row shared with a seed page fails,
  except inside :data:`ALLOWED`: the card-value lists (a list of numbers has
  one wording), the penalty's "2 game points, or 3 if" and the trick's
  "highest card of the suit led" (terms of the game).  Seven words, since
  2026-12-07: an audit found near copies (a FAQ question with one word
  changed, a rule's two sentences in the seeds' order) that eight let by. The button names the seeds give (Trocar, Fechar e Anunciar
  66 / Scambia, Chiudi e Dichiara 66), which the game must use, are five
  words: they never make a run alone, only with the seeds' words around them.

A locale text is scanned key by key (each is shown on its own); a page as
one stream, so a run across two sentences is caught too.
"""

from __future__ import annotations

import html
import json
import re
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"
RUN = 7

#: Runs that may be shared: card values and strength orders, the penalty's
#: numbers and the trick's rule (the facts have one wording). A run passes
#: only if it lies wholly inside one of these (after normalising).
ALLOWED = (
    # Portuguese card values and order
    "ás 11 dez 10 rei 4 dama 3 valete 2 nove 0",
    "9 v d r 10 a",
    # Italian card values and order
    "asso 11 dieci 10 re 4 donna 3 fante 2 nove 0",
    "9 fante donna re 10 asso",
    # the penalty, and who wins a trick
    "2 pontos de jogo ou 3 se", "2 punti partita o 3 se non",
    "a carta mais alta do naipe de saída", "la carta più alta del seme d uscita",
)


def words(text: str) -> list[str]:
    """The text as lowercase words (letters and digits), punctuation dropped."""
    text = unicodedata.normalize("NFC", html.unescape(text)).lower()
    return re.findall(r"[^\W_]+", text)


def visible_text(source: str) -> str:
    """What a reader of a page sees (plus its title and meta description)."""
    meta = " ".join(re.findall(r'<meta\s+name="description"\s+content="([^"]*)"', source))
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", source, flags=re.S | re.I)
    body = re.sub(r"<!--.*?-->", " ", body, flags=re.S)
    body = re.sub(r"<[^>]+>", " ", body)
    return meta + " " + body


def runs(tokens: list[str], n: int = RUN) -> set[tuple[str, ...]]:
    return {tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1)}


def allowed_runs(n: int = RUN) -> set[tuple[str, ...]]:
    out: set[tuple[str, ...]] = set()
    for phrase in ALLOWED:
        out |= runs(words(phrase), n)
    return out


def shared_runs(text: str, seed_runs: set[tuple[str, ...]], n: int = RUN) -> list[str]:
    """The longest runs of ``n`` or more words ``text`` shares with the seeds
    (allowed runs excepted), merged where they overlap, as plain strings."""
    tokens = words(text)
    excused = allowed_runs(n)
    hit = [i for i in range(len(tokens) - n + 1)
           if tuple(tokens[i:i + n]) in seed_runs and tuple(tokens[i:i + n]) not in excused]
    out, start, end = [], None, None
    for i in hit:
        if start is not None and i <= end:
            end = i + n
            continue
        if start is not None:
            out.append(" ".join(tokens[start:end]))
        start, end = i, i + n
    if start is not None:
        out.append(" ".join(tokens[start:end]))
    return out


def our_texts() -> dict[str, str]:
    """Every text the project writes: each locale entry, each rules page."""
    texts: dict[str, str] = {}
    for path in sorted((ROOT / "locales").rglob("*.json")):
        def walk(value, where):
            if isinstance(value, dict):
                for k, v in value.items():
                    walk(v, f"{where}{'.' if where else ''}{k}")
            elif isinstance(value, list):
                for i, v in enumerate(value):
                    walk(v, f"{where}[{i}]")
            elif isinstance(value, str):
                texts[f"{path.relative_to(ROOT)} {where}"] = value
        walk(json.loads(path.read_text(encoding="utf-8")), "")
    for path in sorted((ROOT / "rules").rglob("*.html")):
        texts[str(path.relative_to(ROOT))] = visible_text(path.read_text(encoding="utf-8"))
    return texts


@pytest.fixture(scope="module")
def seed_runs() -> set[tuple[str, ...]]:
    if not SEEDS.is_dir():
        pytest.skip(f"the seed pages are not here ({SEEDS}): nothing to compare our texts with")
    pages = sorted(SEEDS.glob("*.txt"))
    if not pages:
        pytest.skip(f"{SEEDS} holds no seed page (*.txt)")
    out: set[tuple[str, ...]] = set()
    for page in pages:
        out |= runs(words(page.read_text(encoding="utf-8")))
    return out


def test_the_scan_sees_the_texts():
    texts = our_texts()
    assert any(k.startswith("locales/pt.json") for k in texts) and any(k.startswith("locales/it.json") for k in texts)
    assert {"rules/pt.html", "rules/it.html", "rules/strategia-pt.html", "rules/strategia-it.html"} <= set(texts)
    assert "<" not in texts["rules/pt.html"] and "Trocar" in texts["rules/pt.html"]


def test_no_text_repeats_a_run_of_seven_words_from_the_seeds(seed_runs):
    found = {where: shared for where, text in our_texts().items() if (shared := shared_runs(text, seed_runs))}
    assert found == {}, "texts that repeat the seed pages' wording:\n" + "\n".join(
        f"  {where}: {' / '.join(s)}" for where, s in found.items())


# ------------------------------------------------------- the scan can fail
@pytest.mark.parametrize("planted", [
    # a seed sentence as is, inside our own words
    "Boa sorte. Um anúncio falso, ou fechar e não chegar a 66, dá 2 ao adversário.",
    # the same with other capitals and punctuation: still caught
    "FINCHÉ il tallone è aperto; puoi giocare qualsiasi carta! vince la carta più alta",
    # a run across two sentences of a page
    "<p>Tocca una carta per giocarla;</p> <p>nella fase rigida le carte non giocabili</p>",
    # seven words: the in-game rules' closing, until 2026-12-07
    "Fechar: antes de sair, com o monte aberto, você pode fechá-lo. Ninguém compra mais e começa a fase estrita.",
])
def test_a_planted_seed_sentence_is_flagged(seed_runs, planted):
    text = visible_text(planted) if planted.startswith("<") else planted
    assert shared_runs(text, seed_runs), planted


def test_six_words_and_the_allowed_lists_pass(seed_runs):
    # six words of a seed sentence are not a copy
    assert shared_runs("um anúncio falso, ou fechar e", seed_runs) == []
    # the card values, in the seeds' very order, are facts
    assert shared_runs("Valores: ás 11, dez 10, rei 4, dama 3, valete 2, nove 0.", seed_runs) == []
    assert shared_runs("asso 11, dieci 10, re 4, donna 3, fante 2, nove 0", seed_runs) == []
    # the buttons are named as the seeds name them, in our own sentence
    assert shared_runs("Os botões Trocar, Fechar e Anunciar 66 só aparecem quando a regra deixa.", seed_runs) == []


def test_words_normalise_case_and_punctuation():
    assert words("Quem FECHA, precisa: anunciá-lo!") == ["quem", "fecha", "precisa", "anunciá", "lo"]
    assert words("l'ultima presa &amp; d'uscita") == ["l", "ultima", "presa", "d", "uscita"]
