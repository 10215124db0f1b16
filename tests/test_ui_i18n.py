"""ui.model.i18n: picking the language, looking texts up, card names."""

from pathlib import Path

import pytest

from ui.model.i18n import Translator, load_catalog, pick_language

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def pt():
    return Translator("pt", load_catalog("pt", ROOT))


@pytest.fixture(scope="module")
def it():
    return Translator("it", load_catalog("it", ROOT))


@pytest.mark.parametrize("url, saved, browser, expected", [
    ("it", "pt", ["pt-BR"], "it"),          # the URL wins
    (None, "it", ["pt-BR"], "it"),          # then the saved choice
    (None, None, ["it-IT", "pt"], "it"),    # then the browser, in its order
    (None, None, ["en-US", "pt_PT"], "pt"),
    (None, None, ["en", "de"], "pt"),       # else Portuguese
    ("xx", "yy", [], "pt"),                 # nonsense is ignored
    ("IT", None, [], "it"),
])
def test_pick_language(url, saved, browser, expected):
    assert pick_language(url, saved, browser) == expected


def test_card_names_in_both_languages(pt, it):
    assert pt.card("AH") == "Ás de Copas"
    assert it.card("AH") == "Asso di Cuori"
    assert pt.card("JC") == "Valete de Paus"
    assert it.card("QS") == "Donna di Picche"
    assert pt.card("TD") == "Dez de Ouros"
    assert it.card("9D") == "Nove di Quadri"
    assert [pt.suit(s) for s in "CDHS"] == ["Paus", "Ouros", "Copas", "Espadas"]
    assert [it.suit(s) for s in "CDHS"] == ["Fiori", "Quadri", "Cuori", "Picche"]
    assert [pt.rank(r) for r in "9JQKTA"] == ["Nove", "Valete", "Dama", "Rei", "Dez", "Ás"]
    assert [it.rank(r) for r in "9JQKTA"] == ["Nove", "Fante", "Donna", "Re", "Dieci", "Asso"]


def test_placeholders_and_plurals(pt, it):
    assert pt.game_points(1) == "1 ponto de jogo"
    assert pt.game_points(3) == "3 pontos de jogo"
    assert it.game_points(2) == "2 punti partita"
    assert pt.t("points.you", n=42) == "Seus pontos: 42"


def test_missing_key_shows_the_key_and_is_recorded():
    tr = Translator("pt", {"a": "A"})
    assert tr.t("nope") == "nope"
    assert tr.missing == {"nope"}


def test_unknown_language_is_refused():
    with pytest.raises(ValueError):
        load_catalog("en", ROOT)
