"""The match's score sheet: one row per finished hand, from the match record.

Everything comes from the saved match (its games' decks, dealers and result
facts), so the sheet survives a reload exactly as the match does. No browser
imports; :func:`rows` gives plain values and texts the DOM layer copies.
"""

from __future__ import annotations

from ui.model.i18n import Translator
from ui.model.record import Record, field

WHO = ("you", "computer")
#: The short words for the rule behind each hand's game points (``sheet.rule.<rule>``).
RULES = ("declared", "opponent_under_33", "opponent_no_trick", "false_declaration", "closer_failed",
         "non_closer_no_trick", "last_trick")

#: The sheet's column headings, in order.
COLUMNS = ("sheet.col.hand", "sheet.col.dealer", "sheet.col.winner", "sheet.col.gp", "sheet.col.reason",
           "sheet.col.points", "sheet.col.score")


class SheetRow(Record):
    """One finished hand on the score sheet, in the page's words."""

    number: int
    dealer: str        # translated "Você" / "Computador"
    winner: str
    winner_who: str    # "you" / "computer" (for styling)
    game_points: int
    reason: str        # the rule in a few words
    points: list       # both sides' points at the end of the hand
    running: list      # the score after this hand


def rule_words(facts: dict, tr: Translator) -> str:
    words = tr.t(f"sheet.rule.{facts['rule']}")
    return tr.t("sheet.deemed", rule=words) if facts["deemed"] else words


def rows(match, tr: Translator) -> list[SheetRow]:
    """The finished hands of ``match``, oldest first, with the running score."""
    out, running = [], [0, 0]
    for n, game in enumerate(match.games, 1):
        if game.result is None:
            continue
        f = game.result.facts()
        running[f["winner"]] += f["game_points"]
        out.append(SheetRow(n, tr.t(f"player.{WHO[game.dealer]}"), tr.t(f"player.{WHO[f['winner']]}"),
                            WHO[f["winner"]], f["game_points"], rule_words(f, tr), list(f["points"]),
                            list(running)))
    return out


def summary(match, tr: Translator) -> str:
    """One line: who leads or who won the match, by how much, in how many hands."""
    s = match.scores
    played = sum(1 for g in match.games if g.result is not None)
    if match.winner is not None:
        return tr.t(f"sheet.won.{WHO[match.winner]}", you=s[0], computer=s[1], hands=played)
    return tr.t("sheet.running", you=s[0], computer=s[1], hands=played, target=match.target)


def reviews_line(reviewed: tuple[int, float], tr: Translator) -> str:
    """The sheet's word on the reviewed hands (nothing before a first review)."""
    count, cost = reviewed
    if not count:
        return ""
    return " " + tr.t("sheet.reviewed", hands=count, value=f"{cost:.1f}".replace(".", ","))


class SheetModel(Record):
    """The whole sheet in words, as the DOM layer draws it (:func:`model`)."""

    #: Said first on a practice match: it does not count (``""`` otherwise).
    practice_note: str
    summary: str
    headings: list
    #: One list of cell texts per finished hand, with its ``winner_who`` and number.
    rows: list
    #: Each row offers to review its hand (the button's words and label per row).
    review: str = ""
    review_labels: list = field(default_factory=list)


def model(match, tr: Translator, practice: bool = False, reviewable: bool = True,
          reviewed: tuple[int, float] = (0, 0.0)) -> SheetModel:
    """The sheet of ``match`` for the page; with ``reviewable`` each row gets a
    review button. ``reviewed``: (hands of it reviewed, what the player's decisions in them cost)."""
    hands = rows(match, tr)
    cells = [([str(r.number), r.dealer, r.winner, str(r.game_points), r.reason,
               f"{r.points[0]}–{r.points[1]}", f"{r.running[0]}–{r.running[1]}"], r.winner_who, r.number)
             for r in hands]
    reviewable = reviewable and bool(hands)
    return SheetModel(
        practice_note=tr.t("sheet.practice") if practice else "",
        summary=(summary(match, tr) + reviews_line(reviewed, tr)) if hands else tr.t("sheet.empty"),
        headings=[tr.t(k) for k in COLUMNS + (("sheet.col.review",) if reviewable else ())] if hands else [],
        rows=cells,
        review=tr.t("button.review_hand") if reviewable else "",
        review_labels=[tr.t("sheet.review.aria", n=r.number) for r in hands] if reviewable else [],
    )
