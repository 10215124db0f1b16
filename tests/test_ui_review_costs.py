"""What the player's decisions cost, from the hand reviews (issue 32): kept in
the statistics as a trend, and on the match's score sheet."""

from __future__ import annotations

from pathlib import Path

from tests.test_ui_flow import make_flow
from ui.model.i18n import LANGUAGES, Translator, load_catalog
from ui.model.sheet import model as sheet_model
from ui.model.stats import REVIEWS_KEPT, Stats, hand_key
from ui.model.stats_table import trend_line
from ui.model.table import Table

ROOT = Path(__file__).resolve().parent.parent
TR = {lang: Translator(lang, load_catalog(lang, ROOT)) for lang in LANGUAGES}


def finished_hand_table(seed: int = 5) -> Table:
    t = Table.new(seed)
    while not t.hand_over:
        p = t.to_move
        t.apply(p, t.view(p)["legal"][0])
    return t


def test_a_review_of_a_hand_of_the_match_is_kept_once_as_the_newest():
    t = finished_hand_table()
    flow, _, _ = make_flow(t)
    hand = t.hand_record(0)
    assert flow.note_review(hand, 1.234) is t.stats
    assert flow.note_review(hand, 0.5) is t.stats  # reviewed again: once, the newest value
    assert t.stats.reviews == [{"hand": hand_key(hand), "match": hand_key(hand), "cost": 0.5}]
    assert t.stats.match_reviews(hand_key(hand)) == (1, 0.5)


def test_a_hand_not_of_the_match_or_in_practice_is_not_kept():
    t = finished_hand_table()
    flow, _, _ = make_flow(t)
    other = finished_hand_table(seed=6).hand_record(0)
    assert flow.note_review(other, 1.0) is None  # a shared link's hand
    t.next_hand()
    assert flow.note_review(t.hand_record(1), 1.0) is None  # not finished yet
    t.start_practice()
    assert flow.note_review(t.hand_record(0), 1.0) is not None  # played before the practice began
    assert t.stats.reviews and all(r["hand"] == hand_key(t.hand_record(0)) for r in t.stats.reviews)


def test_reviews_are_saved_bounded_and_a_bad_entry_is_dropped():
    s = Stats()
    for i in range(REVIEWS_KEPT + 5):
        s.note_review(f"h{i}", "m", i % 3)
    assert len(s.reviews) == REVIEWS_KEPT and s.reviews[-1]["hand"] == f"h{REVIEWS_KEPT + 4}"
    back = Stats.from_dict(s.to_dict())
    assert back.reviews == s.reviews
    saved = s.to_dict()
    saved["reviews"] += [5, {"hand": "x", "match": "m", "cost": "1"}, {"hand": "y", "match": "m", "cost": 99},
                         {"hand": "", "match": "m", "cost": 1}, {"hand": "z", "match": "m", "cost": True}]
    assert Stats.from_dict(saved).reviews == s.reviews
    s.reset()
    assert s.reviews == [] and "reviews" not in s.to_dict()


def test_the_trend_compares_the_last_ten_with_the_ten_before():
    s = Stats()
    assert s.review_trend() == (0, None, None) and trend_line(s, TR["pt"]) == ""
    for i in range(10):
        s.note_review(f"a{i}", "m", 2.0)
    assert s.review_trend() == (10, 2.0, None)
    assert "Antes" not in trend_line(s, TR["pt"])
    for i in range(10):
        s.note_review(f"b{i}", "m", 1.0)
    assert s.review_trend() == (20, 1.0, 2.0)
    for lang in LANGUAGES:
        line = trend_line(s, TR[lang])
        assert "1,0" in line and "2,0" in line
        assert TR[lang].t("stats.reviews.better", before="2,0") in line


def test_the_sheet_says_what_the_reviewed_hands_cost():
    t = finished_hand_table()
    tr = TR["it"]
    plain = sheet_model(t.match, tr)
    with_reviews = sheet_model(t.match, tr, reviewed=(1, 1.25))
    assert with_reviews.summary == plain.summary + " " + tr.t("sheet.reviewed", hands=1, value="1,2")


def test_the_statistics_say_the_cost_the_review_said():
    # One hand reviewed: its mean is the review's total, to the decimal shown
    # (rounded twice, 5.149 became 5,1 in the review and 5,2 in the statistics).
    from ui.model.review import number
    from ui.model.stats_table import decimal

    for cost in (5.149, 0.05, 1.25, 2.349999, 0.9501):
        s = Stats()
        s.note_review("h", "m", cost)
        _, recent, _ = s.review_trend()
        assert decimal(recent, "pt") == number(cost, "pt").lstrip("+"), cost

