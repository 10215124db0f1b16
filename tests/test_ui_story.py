"""The end of a hand said in full (ui/model/story.py): every text comes from the
engine's result facts, in both languages, and names the rule in words."""

from __future__ import annotations

from pathlib import Path

import pytest

from sixtysix import Game
from tests.conftest import play, play_tricks, random_playout
from tests.test_rules_scoring import late_close_deal, non_closer_sweeps_deal, split_deal, strict_phase_deal, sweep_deal
from ui.model import story
from ui.model.i18n import LANGUAGES, Translator, load_catalog
from ui.model.present import build
from ui.model.page import PageState
from ui.model.settings import Settings
from ui.model.table import Table

ROOT = Path(__file__).resolve().parent.parent
TR = {lang: Translator(lang, load_catalog(lang, ROOT)) for lang in LANGUAGES}


def told(g, lang="pt"):
    f = g.result.facts()
    tr = TR[lang]
    key, params = story.result_message(f)
    head = tr.t(key, **{**params, "gp": tr.game_points(params["gp"])})
    return [head] + story.lines(f, g.view(0).to_dict()["marriages"], g.hand(1), tr)


def test_under_33_is_named_with_the_opponents_points():
    g = split_deal("JD")
    play_tricks(g, "QH/KS")
    play(g, "declare")
    text = told(g)
    assert text[0].startswith("Você anunciou 66 com 66 pontos")
    assert "abaixo de 33 pontos (fez 32)" in text[1] and "2 pontos de jogo" in text[1]
    assert text[2] == "Pontos: você 66, computador 32." and "você, 40 em copas" in text[4]


def test_no_trick_is_named():
    g = sweep_deal()
    play(g, "declare")
    assert "nenhuma vaza" in told(g)[1] and "3 pontos de jogo" in told(g)[1]
    assert "non ha fatto nessuna presa" in told(g, "it")[1]


def test_a_closer_beaten_is_told_with_the_closers_points():
    g = late_close_deal()
    play_tricks(g, "9D/TD JC/AC")
    play(g, "marry:S")
    play_tricks(g, "9S/KS JS/AS")
    play(g, "declare")
    text = told(g)
    # the computer declared first; the closer's points are those at the end, not at closing
    assert text[0].startswith("Você fechou o monte, mas o computador anunciou 66 antes que você anunciasse; você ficou com 13 pontos")
    assert told(g, "it")[0].startswith("Hai chiuso il tallone, ma il computer ha dichiarato 66 prima che tu dichiarassi")
    assert "Quem fecha o monte" in text[1]


def test_the_non_closer_reaching_66_with_the_last_trick_is_not_said_to_have_declared():
    g = non_closer_sweeps_deal()
    play_tricks(g, "JS/QS")  # the computer never declared: its last trick took it to 75
    assert g.result.facts()["deemed"]
    text = told(g)
    assert text[0].startswith("Você fechou o monte, mas o computador chegou a 66 com a última vaza") and "anunciou" not in text[0]
    assert "0 pontos" in text[0] and "3 pontos de jogo" in text[0]
    assert "arrivato a 66 con l'ultima presa" in told(g, "it")[0] and "ha dichiarato" not in told(g, "it")[0]


def test_the_non_closer_without_a_trick_at_closing():
    g = non_closer_sweeps_deal()
    play(g, "declare")
    assert told(g)[1].startswith("O computador não tinha nenhuma vaza quando você fechou o monte")


def test_a_deemed_declaration_is_told_as_such():
    g = strict_phase_deal()
    play_tricks(g, "9H/JH TH/KH QH/AH JS/9S KS/TS AS/QS")
    # the points it took the last trick with, not "reached 66 with it": they may have been 66 long before
    points = g.result.facts()["points"][g.result.facts()["winner"]]
    assert "última vaza" in told(g)[0] and f"{points} pontos" in told(g)[0] and points >= 66
    assert "66 con" not in told(g, "it")[0] and f"{points} punti" in told(g, "it")[0]
    # nobody declared: the why says what the game points follow from, not "a declaration is worth"
    g = strict_phase_deal()
    play_tricks(g, "9H/JH QH/AH AS/9S JS/QS KS/TS TH/KH")  # 85 to 35: the opponent had 33 or more
    assert g.result.facts()["deemed"] and g.result.facts()["rule"] == "declared"
    assert "35 pontos, 33 ou mais" in told(g)[1] and "anúncio" not in told(g)[1], told(g)[1]
    assert "dichiarazione" not in told(g, "it")[1], told(g, "it")[1]


def test_the_computers_cards_are_listed_once_the_hand_is_over():
    g = split_deal("JD")
    play(g, "declare")
    tr = TR["pt"]
    assert told(g)[-1] == "O computador ainda tinha " + tr.listing([tr.card_in_text(c) for c in g.hand(1)]) + "."


def test_one_card_left_is_told_in_the_singular():
    facts = {"rule": "declared", "winner": 0, "points": [70, 30], "tricks": [3, 2], "game_points": 1}
    one, two = (story.lines(facts, [], cards, TR["it"])[-1] for cards in (["TS"], ["TS", "KS"]))
    assert one.startswith("Al computer restava ") and two.startswith("Al computer restavano ")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_ending_of_random_hands_is_told_without_a_missing_key(lang, rng):
    seen = set()
    for _ in range(300):
        g = Game.new(seed=rng.randrange(1 << 30))
        random_playout(g, rng)
        tr = Translator(lang, TR[lang].catalog)
        f = g.result.facts()
        key, params = story.result_message(f)
        tr.t(key, **params)
        story.lines(f, g.view(0).to_dict()["marriages"], g.hand(1), tr)
        assert not tr.missing, tr.missing
        seen.add(story.why_key(f))
    assert len(seen) >= 8


def test_the_table_model_shows_the_story_and_the_cards_face_up():
    t = Table.new(4)
    while not t.hand_over:
        t.apply(t.to_move, t.view(t.to_move)["legal"][0])
    m = build(t, PageState(settings=Settings()), TR["pt"])
    assert m.story_lines[1].startswith("Pontos: você")
    assert [c.code for c in m.revealed] == sorted(t.game.hand(1), key=lambda c: "CHSD".index(c[1]))
    f = t.result_facts()
    assert m.story_lines[1] == f"Pontos: você {f['points'][0]}, computador {f['points'][1]}."
