"""The end of a hand, said in full: texts from the engine's result facts only.

:func:`headline` picks the message that says what happened and
:func:`why_key` the one that says why it is worth 1, 2 or 3; both read the
facts of :meth:`sixtysix.scoring.Result.facts` (rule, declarer, deemed,
closer, points, tricks) and never the history, so no rule is re-derived here.
:func:`lines` adds both sides' points and tricks, the marriages that counted
and the cards the computer still held. No browser imports.
"""

from __future__ import annotations

from ui.model.i18n import Translator

WHO = ("you", "computer")


def headline(facts: dict) -> tuple[str, int]:
    """The kind of ending (a ``result.<kind>.<who>`` key part) and whose story it is."""
    reason, declarer, closer = facts["reason"], facts["declarer"], facts["closer"]
    if reason == "declared":
        return ("deemed" if facts["deemed"] else "declared"), facts["winner"]
    if reason == "false_declaration":
        return "false", declarer
    if reason == "closed_failed":
        if declarer == closer:
            return "closed_false", closer
        if declarer is not None and facts["deemed"]:  # the other side's last trick took it to 66
            return "closed_deemed", closer
        return ("closed_beaten" if declarer is not None else "closed_failed"), closer
    return "last_trick", facts["winner"]


def why_key(facts: dict) -> str:
    """The ``why.<rule>.<winner>`` key that explains the game points."""
    rule = facts["rule"]
    if rule == "false_declaration" and facts["game_points"] == 3:
        rule = "false_declaration_no_trick"
    return f"why.{rule}.{WHO[facts['winner']]}"


def result_message(facts: dict) -> tuple[str, dict]:
    """The message-line key and parameters that announce the result."""
    kind, subject = headline(facts)
    return f"result.{kind}.{WHO[subject]}", {"points": facts["points"][subject], "gp": facts["game_points"]}


def why_params(facts: dict) -> dict:
    loser = 1 - facts["winner"]
    return {"opp": facts["points"][loser], "gp": facts["game_points"]}


def lines(facts: dict, marriages: list[dict], remaining: list[str], tr: Translator) -> list[str]:
    """The full story after the headline: why, points, tricks, marriages, the cards left."""
    p, t = facts["points"], facts["tricks"]
    out = [tr.t(why_key(facts), **{**why_params(facts), "gp": tr.game_points(facts["game_points"])}),
           tr.t("story.points", you=p[0], computer=p[1]),
           tr.t("story.tricks", you=t[0], computer=t[1])]
    if marriages:
        said = [tr.t(f"story.marriage.{WHO[m['player']]}", suit=tr.suit(m["suit"]).lower(), points=m["points"])
                for m in marriages]
        out.append(tr.t("story.marriages", list="; ".join(said)))
    else:
        out.append(tr.t("story.no_marriages"))
    if remaining:
        key = "story.remaining.one" if len(remaining) == 1 else "story.remaining"  # restava / restavano
        out.append(tr.t(key, cards=tr.listing([tr.card_in_text(c) for c in remaining])))
    return out
