"""The hand review, as the page shows it: the hand trick by trick, and the
review's values in words (no browser imports).

:func:`frames` replays a finished hand with the engine and cuts it into one
frame per trick (plus one for what came after the last trick, such as a
declaration): both hands as they were before the trick, the stock in order,
the trump card, the cards played and the other actions. The values come from
:mod:`sixtysix.review` (computed in the bot worker, one decision per call);
:func:`decision_text` and :func:`costly_text` put them into words, such as
"Fechar aqui valia +1,8 pontos de jogo; você jogou o Valete de Copas: −0,4".
"""

from __future__ import annotations

from sixtysix import Game
from sixtysix.review import COSTLY, Decision

from ui.model.i18n import LANGUAGES, Translator
from ui.model.record import Record, field

WHO = ("you", "computer")
MINUS = "\u2212"


class Frame(Record):
    """The table before one trick of a replayed hand, for the review."""

    #: 1-based trick number; the frame after the last trick has ``trick == []``.
    number: int
    hands: list              # both players' cards before this trick
    stock: list              # the stock top first, the trump card last (empty once drawn)
    trump: str
    trump_card: str | None
    closed: bool
    #: (player, card) in the order played, and who won.
    trick: list = field(default_factory=list)
    winner: int | None = None
    #: Every action of the frame as (index in the hand's actions, player, notation).
    actions: list = field(default_factory=list)


def frames(deck, dealer: int, actions: list[str]) -> list[Frame]:
    """The hand cut trick by trick, replayed through the engine."""
    g = Game.from_deck(list(deck), dealer)
    out: list[Frame] = []

    def start() -> Frame:
        return Frame(len(out) + 1, [g.hand(0), g.hand(1)], g.stock_cards(), g.trump_suit,
                     g.stock_cards()[-1] if g.stock_size else None, g.closed_by >= 0)

    frame = start()
    for i, a in enumerate(actions):
        player = g.to_move
        done = len(g.completed)
        g.apply(a)
        frame.actions.append((i, player, a))
        if a.startswith("play:"):
            frame.trick.append((player, a[5:]))
        if len(g.completed) > done:
            frame.winner = g.completed[-1][3]
            out.append(frame)
            frame = start()
    if frame.actions:
        out.append(frame)
    return out


def number(value: float, lang: str) -> str:
    """A signed value with one decimal, in the language's way: "+1,8", "−0,4"."""
    text = f"{abs(value):.1f}"
    if lang in LANGUAGES:   # both write a decimal comma
        text = text.replace(".", ",")
    if round(abs(value), 1) == 0:
        return text
    return ("+" if value > 0 else MINUS) + text


def action_words(action: str, tr: Translator, done: bool, who: str = "you") -> str:
    """An action as a choice ("Fechar") or, with ``done``, as what was done ("você fechou")."""
    kind, _, arg = action.partition(":")
    params = {}
    if kind == "play":
        params["card"] = tr.card_in_text(arg)
    elif kind == "marry":
        params["suit"] = tr.suit(arg).lower()
    key = f"review.did.{kind}.{who}" if done else f"review.do.{kind}"
    return tr.t(key, **params)


def decision_text(d: Decision, tr: Translator) -> list[str]:
    """Every alternative with its value, best first; the chosen one marked."""
    ranked = sorted((a for a in d.values if d.values[a] is not None), key=lambda a: -d.values[a])
    lines = []
    for a in ranked:
        words, value = action_words(a, tr, False), number(d.values[a], tr.lang)
        chosen = tr.t(f"review.alt.chosen.{WHO[d.player]}", action=words, value=value)
        lines.append(chosen if a == d.chosen else f"{words}: {value}")
    return lines


def costly_text(d: Decision, tr: Translator) -> str:
    """The sentence that explains a costly decision."""
    who = WHO[d.player]
    return tr.t(f"review.costly.{who}", best=action_words(d.best, tr, False),
                best_value=number(d.values[d.best], tr.lang),
                did=action_words(d.chosen, tr, True, who), value=number(d.values[d.chosen], tr.lang))


def is_costly(d: Decision) -> bool:
    return d.loss is not None and d.loss >= COSTLY


class Bar(Record):
    """One trick in the review's chart: what the decisions made in it cost."""

    frame: int               # 0-based frame index (the bar's target)
    label: str               # "Vaza 3: suas decisões custaram 1,2 pontos de jogo" (its accessible name)
    #: Game points given away by each side's decisions in this trick (0 when
    #: every choice was the best, ``None`` with no decision of that side valued yet).
    you: float | None = None
    computer: float | None = None
    costly: bool = False
    pending: bool = False


def chart(frames: list[Frame], decisions: dict, shown: set, tr: Translator) -> list[Bar]:
    """One bar per trick: the cost of the decisions in ``shown`` valued so far
    (``decisions``: index -> :class:`Decision`), pending ones marked."""
    bars = []
    tricks = sum(1 for f in frames if f.winner is not None)
    for k, f in enumerate(frames):
        cost: list[float | None] = [None, None]
        pending = costly = False
        for index, player, _ in f.actions:
            if index not in shown:
                continue
            d = decisions.get(index)
            if d is None or d.loss is None:
                pending = pending or d is None
                continue
            cost[player] = (cost[player] or 0.0) + d.loss
            costly = costly or (player == 0 and is_costly(d))
        name = tr.t("review.trick", n=f.number, total=tricks) if f.winner is not None else tr.t("review.after")
        if cost[0] is None:
            words = tr.t("review.bar.pending" if pending else "review.bar.none")
        else:
            words = tr.t("review.bar.cost", value=number(cost[0], tr.lang).lstrip("+"))
        bars.append(Bar(k, f"{name}: {words}", cost[0], cost[1], costly, pending))
    return bars


def hand_cost(decisions: dict, player: int = 0) -> float:
    """What ``player``'s valued decisions gave away in all, in game points."""
    return sum(d.loss for d in decisions.values() if d.player == player and d.loss is not None)


#: How each mark of :func:`card_marks` is said after the card's name.
MARK_WORDS = {"played": "review.mark.played", "best": "review.mark.best", "both": "review.mark.both"}


def card_marks(frame: Frame, decisions: dict, player: int = 0) -> dict:
    """The cards to mark in ``player``'s hand of ``frame``: the one played
    (``"played"``) and, if another was better, the best (``"best"``); one
    card ``"both"`` when the choice was the best."""
    for index, who, action in frame.actions:
        d = decisions.get(index)
        if who != player or d is None or not action.startswith("play:"):
            continue
        marks = {action[5:]: "played"}
        if d.best and d.best.startswith("play:"):
            best = d.best[5:]
            marks[best] = "both" if best in marks else "best"
        return marks
    return {}
