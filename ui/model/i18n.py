"""Texts: every word the table shows comes from ``locales/<lang>.json``.

No browser imports here, so CPython tests cover it. A catalog is a flat dict
of dotted keys to texts with ``{name}`` placeholders.

>>> tr = Translator("it", {"card.name": "{rank} di {suit}", "rank.A": "Asso", "suit.H": "Cuori"})
>>> tr.card("AH")
'Asso di Cuori'
"""

from __future__ import annotations

from pathlib import Path

from sixtysix.levels import URL_LEVELS
from ui.words import LANGUAGES, Words, flatten, read_catalog  # noqa: F401  (flatten: the lessons' words)
DEFAULT_LANGUAGE = "pt"

SUIT_LETTERS = "CDHS"
RANK_LETTERS = "9JQKTA"

#: Keys the code builds from parts (``"suit." + letter`` ...); the locale
#: tests check that every one of them exists in every catalog.
LEVELS = URL_LEVELS
RESULT_KINDS = ("declared", "deemed", "false", "closed_false", "closed_beaten", "closed_deemed", "closed_failed",
                "last_trick")
WHO = ("you", "computer")
ACTION_KINDS = ("play", "marry", "exchange", "close", "declare")
#: The rules behind the game points (``sixtysix.scoring.Rule``), as ``why.<rule>.<winner>``.
WHY_RULES = ("declared", "opponent_under_33", "opponent_no_trick", "false_declaration",
             "false_declaration_no_trick", "closer_failed", "non_closer_no_trick", "last_trick")


def dynamic_keys() -> set[str]:
    """Every key the UI builds at run time rather than naming literally."""
    keys = {f"suit.{s}" for s in SUIT_LETTERS}
    keys |= {f"rank.{r}" for r in RANK_LETTERS}
    keys |= {f"rank.short.{r}" for r in RANK_LETTERS}
    keys |= {f"rank.the.{r}" for r in RANK_LETTERS} | {f"rank.for.{r}" for r in RANK_LETTERS}
    keys |= {f"level.{lv}" for lv in LEVELS}
    keys |= {f"lang.{lang}" for lang in LANGUAGES}
    for w in WHO:
        keys |= {f"result.{kind}.{w}" for kind in RESULT_KINDS}
        keys |= {f"why.{rule}.{w}" for rule in WHY_RULES}
        keys |= {f"story.marriage.{w}", f"sheet.won.{w}", f"review.costly.{w}", f"review.won.{w}",
                 f"review.event.{w}", f"review.hand.{w}", f"review.played.{w}", f"review.alt.chosen.{w}",
                 f"replay.original.{w}"}
        keys |= {f"review.did.{kind}.{w}" for kind in ACTION_KINDS}
        keys |= {f"result.match.{w}", f"msg.marriage.{w}", f"msg.exchange.{w}",
                 f"msg.close.{w}", f"msg.trick.{w}",
                 f"msg.new_hand.{w}", f"pile.{w}", f"last_trick.by.{w}", f"say.trick.{w}"}
    keys |= {f"review.do.{kind}" for kind in ACTION_KINDS}
    keys |= {f"sheet.rule.{rule}" for rule in WHY_RULES if rule != "false_declaration_no_trick"}
    keys |= {f"illegal.{kind}" for kind in ("follow_higher", "follow_suit", "trump", "marriage_lead", "other")}
    keys |= {"hint.play", "hint.marry", "hint.exchange", "hint.close", "hint.declare"}
    keys |= {f"button.{m}.confirm" for m in ("close", "declare")} | {f"say.confirm.{m}" for m in ("close", "declare")}
    return keys


def pick_language(url_lang: str | None, saved_lang: str | None, browser_langs=()) -> str:
    """The language to show: ``?lang=``, else the saved choice, else the browser's, else pt.

    >>> pick_language(None, None, ["it-IT", "en"])
    'it'
    >>> pick_language("xx", None, ["en-US"])
    'pt'
    """
    for candidate in (url_lang, saved_lang, *browser_langs):
        if not candidate:
            continue
        base = str(candidate).strip().lower().replace("_", "-").split("-")[0]
        if base in LANGUAGES:
            return base
    return DEFAULT_LANGUAGE


def load_catalog(lang: str, root: str | Path = ".") -> dict[str, str]:
    """Read ``locales/<lang>.json`` below ``root``."""
    return read_catalog(lang, str(root))


class Translator(Words):
    """The model side's texts: :class:`ui.words.Words` with the cards, suits,
    lists and game points in words."""

    def suit(self, letter: str) -> str:
        return self.t(f"suit.{letter}")

    def rank(self, letter: str) -> str:
        return self.t(f"rank.{letter}")

    def card(self, code: str) -> str:
        """A card's full name: ``"QH"`` gives "Dama de Copas" / "Donna di Cuori"."""
        return self.t("card.name", rank=self.rank(code[0]), suit=self.suit(code[1]))

    def card_in_text(self, code: str) -> str:
        """A card's name inside a sentence: lowercase with its article
        (``"AH"``: "o ás de copas" / "l'asso di cuori")."""
        return self.t("card.name", rank=self.t(f"rank.the.{code[0]}"), suit=self.suit(code[1]).lower())

    def card_for(self, code: str) -> str:
        """A card as what something was exchanged for (``"JH"``: "pelo valete
        de copas" / "con il fante di cuori")."""
        return self.t("card.name", rank=self.t(f"rank.for.{code[0]}"), suit=self.suit(code[1]).lower())

    def listing(self, items: list[str]) -> str:
        """``["a", "b", "c"]`` as "a, b e c"."""
        if len(items) < 2:
            return "".join(items)
        return self.t("list.and", rest=", ".join(items[:-1]), last=items[-1])

    def game_points(self, n: int) -> str:
        return self.t("gp.one") if n == 1 else self.t("gp.many", n=n)
