"""The statistics dialog's table as texts: one column per level played, one
row per measure (a phone's width holds three or four columns). No browser imports."""

from __future__ import annotations

from ui.model.i18n import Translator
from ui.model.stats import LEVELS, LevelStats, Stats


def decimal(value: float, lang: str) -> str:
    text = f"{value:.1f}"
    return text.replace(".", ",") if lang in ("pt", "it") else text


def pair(a, b) -> str:
    """Two numbers a row heading names ("ganhas / perdidas")."""
    return f"{a} / {b}"


def columns(stats: Stats, tr: Translator) -> list[tuple[str, LevelStats]]:
    """(heading, counts) for every level with something counted, in level order;
    totals saved before levels were counted come last."""
    cols = [(tr.t(f"level.{lv}"), stats.levels[lv]) for lv in LEVELS
            if lv in stats.levels and (stats.levels[lv].hands or stats.levels[lv].matches_won or stats.levels[lv].matches_lost)]
    if stats.earlier is not None:
        cols.append((tr.t("stats.earlier"), stats.earlier))
    return cols


def cells(s: LevelStats, tr: Translator, earlier: bool = False) -> list[str]:
    """One level's column, in the order of :data:`ROWS`. Totals saved before
    levels were counted hold only hands and matches: the rest is a dash."""
    if earlier:
        return [pair(s.hands_won, s.hands_lost), pair(s.matches_won, s.matches_lost)] + ["–"] * (len(ROWS) - 2)
    per_hand = (lambda n: decimal(n / s.hands, tr.lang)) if s.hands else (lambda n: "–")
    return [
        pair(s.hands_won, s.hands_lost),
        pair(s.matches_won, s.matches_lost),
        pair(per_hand(s.game_points_won), per_hand(s.game_points_lost)),
        tr.t("stats.of", part=s.closes_won, whole=s.closes),
        tr.t("stats.of", part=s.false_declarations, whole=s.declarations),
        str(s.best_streak),
    ]


#: The row headings' keys, in the order of :func:`cells`.
ROWS = ("stats.row.hands", "stats.row.matches", "stats.row.game_points", "stats.row.closes",
        "stats.row.false_declarations", "stats.row.best_streak")


def table(stats: Stats, tr: Translator) -> tuple[list[str], list[list[str]]]:
    """The header (a corner, then the levels) and the rows (a heading, then one cell per level)."""
    cols = columns(stats, tr)
    header = [tr.t("stats.col.measure")] + [name for name, _ in cols]
    values = [cells(s, tr, earlier=s is stats.earlier) for _, s in cols]
    rows = [[tr.t(key)] + [col[i] for col in values] for i, key in enumerate(ROWS)]
    return header, rows


def trend_line(stats: Stats, tr: Translator) -> str:
    """What the player's decisions cost per reviewed hand, lately and before
    (nothing before a first review)."""
    count, recent, before = stats.review_trend()
    if not count:
        return ""
    line = tr.t("stats.reviews", hands=count, recent=decimal(recent, tr.lang))
    if before is not None:
        key = "better" if recent < before - 0.05 else "worse" if recent > before + 0.05 else "same"
        line += " " + tr.t(f"stats.reviews.{key}", before=decimal(before, tr.lang))
    return line
