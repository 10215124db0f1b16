"""The score sheet (ui/model/sheet.py): one row per finished hand, from the saved match."""

from __future__ import annotations

from pathlib import Path

from ui.model import sheet as score_sheet
from ui.model.i18n import LANGUAGES, Translator, load_catalog
from ui.model.storage import decode_game, encode_game
from ui.model.table import Table

ROOT = Path(__file__).resolve().parent.parent
TR = {lang: Translator(lang, load_catalog(lang, ROOT)) for lang in LANGUAGES}


def finished_match(seed):
    t = Table.new(seed)
    while not t.match_over:
        if t.hand_over:
            t.next_hand()
            continue
        p = t.to_move
        v = t.view(p)
        t.apply(p, "declare" if "declare" in v["legal"] and v["points"][p] >= 66 else v["legal"][-1])
    return t.match


def test_one_row_per_finished_hand_with_a_running_score():
    match = finished_match(5)
    rows = score_sheet.rows(match, TR["pt"])
    assert len(rows) == len(match.hands)
    running = [0, 0]
    for row, game in zip(rows, match.games):
        r = game.result
        running[r.winner] += r.game_points
        assert row.running == running and row.game_points == r.game_points
        assert row.points == [game.points(0), game.points(1)]
        assert row.dealer == TR["pt"].t(f"player.{('you', 'computer')[game.dealer]}")
    assert rows[-1].running == match.scores


def test_the_sheet_survives_a_reload_exactly():
    match = finished_match(9)
    again, _, _ = decode_game(encode_game(match, len(match.hands)))
    assert score_sheet.rows(again, TR["it"]) == score_sheet.rows(match, TR["it"])


def test_the_summary_names_the_winner_and_the_score():
    match = finished_match(5)
    s = match.scores
    text = score_sheet.summary(match, TR["pt"])
    who = "Você venceu" if match.winner == 0 else "O computador venceu"
    assert text.startswith(who) and f"{max(s)} a {min(s)}" in text and f"(mãos jogadas: {len(match.hands)})" in text


def test_a_match_in_progress_has_a_running_summary_and_no_row_for_the_current_hand():
    t = Table.new(3)
    assert score_sheet.rows(t.match, TR["pt"]) == []
    while not t.hand_over:
        t.apply(t.to_move, t.view(t.to_move)["legal"][0])
    t.next_hand()
    assert len(score_sheet.rows(t.match, TR["pt"])) == 1
    assert "vence quem chegar a 7" in score_sheet.summary(t.match, TR["pt"])


def test_every_rule_has_words_in_both_languages():
    for lang in LANGUAGES:
        tr = Translator(lang, TR[lang].catalog)
        for seed in range(8):
            score_sheet.rows(finished_match(seed), tr)
        assert not tr.missing
