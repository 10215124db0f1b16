"""The texts say what the engine does when a closed hand's cards run out.

RULES.md rule 3: in a hand where the stock was closed, the closer who runs
out of cards without declaring scores nothing, even with the last trick; the
non-closer gets 2, or 3 if the non-closer had no trick when the stock was
closed, whoever takes the last trick. Rule 4's single point for the last
trick is for a hand nobody closed.

The engine is played to those endings (the closer taking the last trick,
and the non-closer taking it) and the game points it gives are compared
with the numbers the texts state: ``rules.last`` in both locales (the
in-game rules dialog) and the closed-hand sentence of each rules page
(``data-rule="closed-last-trick"``). A text that forgot the exception, gave
the last trick's 1 point to the closer or to the non-closer, or stated
other numbers than the engine scores, fails.
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest

from tests.conftest import deal, play, play_tricks

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("pt", "it")
#: Words that name closing the stock, the last trick, and the non-closer.
CLOSING = {"pt": r"\bfech", "it": r"\bchi(u|ud)"}
LAST_TRICK = {"pt": r"última vaza", "it": r"ultima presa"}
OTHER_SIDE = {"pt": r"\badversário\b", "it": r"\bavversario\b"}
#: A last trick that reaches 66 counts as a declaration (RULES.md, scoring rule 4).
DECLARATION = {"pt": r"\banúncio\b", "it": r"\bdichiarazione\b"}
#: Words that say it does not matter who takes the last trick (in rules.last).
WHOEVER = {"pt": r"leve quem levar a última vaza", "it": r"chiunque faccia l'ultima presa"}


def last_winner(game) -> int:
    return game.view(0).completed_tricks[-1]["winner"]


def closer_takes_last_trick_at_once():
    """Player 0 closes before the first trick and wins all six tricks, for 60."""
    g = deal("9C JC QC KC TC AC", "9D JD QD KD TD AD", "AH")
    play(g, "close")
    play_tricks(g, "9C/9D JC/JD QC/QD KC/KD TC/TD AC/AD")
    return g


def closer_takes_last_trick_later():
    """Player 0 closes after each side has a trick and wins the last one, for 45."""
    g = deal("9S TD 9C JC QC KC", "AS 9D JD QD KD AD", "AH", "JS QS KS TS")
    play_tricks(g, "9S/AS TD/9D")
    play(g, "close")
    play_tricks(g, "9C/JD JC/QD QC/KD KC/AD QS/TS KS/JS")
    return g


def non_closer_takes_last_trick():
    """Player 0 closes at once; player 1 wins every trick, the last one too, for 60 (no 66)."""
    g = deal("9C JC QC KC TC 9D", "AC JD QD KD TD AD", "AH")
    play(g, "close")
    play_tricks(g, "9D/JD 9C/AC JC/QD QC/KD KC/TD TC/AD")
    return g


def nobody_closes_last_trick():
    """No close, no declaration: the last trick's winner scores 1 (rule 4), 62 to 58."""
    g = deal("9C JC QC 9D JD QD", "KC TC AC KD TD AD", "AH", "9H JH QH KH TH 9S JS QS KS TS AS")
    play_tricks(g, "QD/AD 9D/TD JH/TC TH/KC JD/QS JS/9H KS/AS QC/AC KH/9S 9C/QH AH/TS JC/KD")
    return g


@pytest.fixture(scope="module")
def engine():
    """What the engine scores: {case: (winner is the non-closer, game points)}."""
    out = {}
    for name, build in (("at_once", closer_takes_last_trick_at_once), ("later", closer_takes_last_trick_later)):
        g = build()
        r = g.result.facts()
        closer = r["closer"]
        assert closer is not None and last_winner(g) == closer, "the closer must take the last trick"
        assert r["declarer"] is None and r["points"][closer] < 66, "the closer has no 66 and never declared"
        out[name] = (r["winner"] == 1 - closer, r["game_points"], r["non_closer_tricks_at_close"])
    g = non_closer_takes_last_trick()
    r = g.result.facts()
    assert last_winner(g) == 1 - r["closer"] and r["declarer"] is None and r["points"][1 - r["closer"]] < 66
    out["non_closer_last"] = (r["winner"] == 1 - r["closer"], r["game_points"], r["non_closer_tricks_at_close"])
    g = nobody_closes_last_trick()
    out["open"] = (g.result.winner == last_winner(g), g.result.game_points, None)
    return out


def test_the_engine_gives_the_closers_last_trick_to_the_other_side(engine):
    # the non-closer had no trick at the close: 3; one trick: 2
    assert engine["at_once"] == (True, 3, 0)
    assert engine["later"] == (True, 2, 1)
    # the non-closer's last trick scores by rule 3 too, not rule 4's 1
    assert engine["non_closer_last"] == (True, 3, 0)
    # and with nobody closing, the last trick is worth 1 to its winner
    assert engine["open"] == (True, 1, None)


def numbers(text: str) -> set[int]:
    """The game-point numbers a sentence states (66 and 33 are card points)."""
    return {int(n) for n in re.findall(r"\b\d+\b", text)} - {66, 33}


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", text) if s.strip()]


def closed_part(text: str, lang: str) -> str:
    """The sentences of a text that speak of a closed stock."""
    said = [s for s in sentences(text) if re.search(CLOSING[lang], s, re.I)]
    assert said, f"no sentence about a closed stock in: {text!r}"
    return " ".join(said)


def catalog(lang: str) -> dict:
    return json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))


def page_sentence(lang: str) -> str:
    source = (ROOT / "rules" / f"{lang}.html").read_text(encoding="utf-8")
    m = re.search(r'<p data-rule="closed-last-trick">(.*?)</p>', source, flags=re.S)
    assert m, f"rules/{lang}.html has no closed-hand last-trick sentence (data-rule=\"closed-last-trick\")"
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", m.group(1)))).strip()


def expected_for_closed(engine) -> set[int]:
    return {engine["at_once"][1], engine["later"][1]}


def check_rules_last(text: str, lang: str, engine) -> None:
    # the plain case: the last trick gives 1, as the engine scores a hand nobody closed;
    # a clause on reaching 66 with it, if any, says it counts as a declaration (1, 2 or 3)
    plain = " ".join(s for s in sentences(text) if not re.search(CLOSING[lang], s, re.I))
    clauses = re.split(r";", plain)
    deemed = " ".join(c for c in clauses if "66" in c)
    plain = " ".join(c for c in clauses if "66" not in c)
    assert re.search(LAST_TRICK[lang], plain, re.I) and numbers(plain) == {engine["open"][1]}
    if deemed:
        assert re.search(DECLARATION[lang], deemed, re.I) and numbers(deemed) == {1, 2, 3}, deemed
    # the exception: a closed stock, the closer's last trick, the other side's 2 or 3
    closed = closed_part(text, lang)
    assert re.search(LAST_TRICK[lang], closed, re.I), closed
    assert re.search(OTHER_SIDE[lang], closed, re.I), closed
    assert numbers(closed) == expected_for_closed(engine), closed
    # whoever takes it: the non-closer's last trick is worth the same 2 or 3
    assert re.search(WHOEVER[lang], closed, re.I), closed
    assert engine["non_closer_last"][1] in numbers(closed)


@pytest.mark.parametrize("lang", LANGS)
def test_rules_last_states_the_close_exception_with_the_engines_numbers(lang, engine):
    check_rules_last(catalog(lang)["rules.last"], lang, engine)


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_page_states_the_closed_hand_last_trick(lang, engine):
    text = page_sentence(lang)
    assert re.search(CLOSING[lang], text, re.I) and re.search(LAST_TRICK[lang], text, re.I), text
    assert re.search(OTHER_SIDE[lang], text, re.I), text
    assert numbers(text) == expected_for_closed(engine), text


@pytest.mark.parametrize("lang", LANGS)
def test_the_three_depends_on_the_non_closers_tricks_at_the_close(lang, engine):
    """The 3 goes with "no trick when the stock was closed" (engine: at_once had 0)."""
    moment = {"pt": r"(nenhuma vaza|sem vaza).*quando o monte foi fechado",
              "it": r"nessuna presa.*(al momento della chiusura|quando il tallone è stato chiuso)"}[lang]
    for text in (catalog(lang)["rules.last"], page_sentence(lang)):
        tail = text[text.index("3"):]
        assert re.search(moment, tail, re.I), text


@pytest.mark.parametrize("wrong", [
    # the old text: the last trick's winner scores 1, and nothing about closing
    "Se ninguém anunciar, quem levar a última vaza ganha 1 ponto de jogo (ou mais, se com ela chegar a 66).",
    # the exception with the wrong numbers
    "Sem anúncio, a última vaza dá 1 ponto. Se o monte foi fechado e quem fechou leva a última vaza sem 66, "
    "o adversário ganha 1.",
    # the text of 2026-12-06: right for the closer's last trick, silent on the
    # non-closer's, which it left to the plain case's 1
    "Sem nenhum anúncio, a última vaza dá 1 ponto de jogo a quem a levar (ou mais, se com ela chegar a 66). "
    "Exceção: se o monte foi fechado e quem fechou leva a última vaza sem ter 66, não ganha nada; a mão vai "
    "para o adversário, com 2 pontos de jogo, ou 3 se esse adversário estava sem vaza quando o monte foi fechado.",
])
def test_a_wrong_rules_last_is_caught(wrong, engine):
    with pytest.raises(AssertionError):
        check_rules_last(wrong, "pt", engine)
