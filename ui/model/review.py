"""The hand review, as the page shows it: the hand trick by trick, and the
review's values in words (no browser imports).

:func:`frames` replays a finished hand with the engine and cuts it into one
frame per trick (plus one for what came after the last trick, such as a
declaration): both hands as they were before the trick, the stock in order,
the trump card, the cards played and the other actions. The values come from
:mod:`sixtysix.review` (computed by the worker's bot, one decision per call);
:func:`decision_text` and :func:`costly_text` put them into words, such as
"Fechar aqui valia +1,8 pontos de jogo; você jogou o Valete de Copas: −0,4".
"""

from __future__ import annotations

import json

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


def action_words(action: str, tr: Translator, done: bool, who: str = "you", in_sentence: bool = False) -> str:
    """An action as a choice ("Fechar") or, with ``done``, as what was done ("você fechou");
    ``in_sentence``: a choice inside a sentence ("o melhor era jogar o ás de copas")."""
    kind, _, arg = action.partition(":")
    params = {}
    if kind == "play":
        params["card"] = tr.card_in_text(arg)
    elif kind == "marry":
        params["suit"] = tr.suit(arg).lower()
    key = f"review.did.{kind}.{who}" if done else f"review.do.{kind}"
    words = tr.t(key, **params)
    return words[:1].lower() + words[1:] if in_sentence else words


def decision_text(d: Decision, tr: Translator) -> list[str]:
    """Every alternative with its value, best first; the chosen one marked,
    and listed even without a value (a forced last card whose trick turns on
    a card still hidden: only declaring is valued then). Declaring, legal at
    every lead, shows only where it was chosen or the best (at every other
    lead it is a false declaration, and says nothing)."""
    ranked = sorted((a for a in d.values if d.values[a] is not None and (a != "declare" or a in (d.chosen, d.best))),
                    key=lambda a: -d.values[a])
    lines = []
    for a in ranked:
        words, value = action_words(a, tr, False), number(d.values[a], tr.lang)
        chosen = tr.t(f"review.alt.chosen.{WHO[d.player]}", action=words, value=value)
        lines.append(chosen if a == d.chosen else f"{words}: {value}")
    if d.chosen not in ranked:
        lines.append(tr.t(f"review.alt.unvalued.{WHO[d.player]}", action=action_words(d.chosen, tr, False)))
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


class HandReview:
    """The review dialog's state on the model side: the hand shown, its frames,
    the decisions valued so far (kept per hand, for a second opening), and
    which still wait for the bot. :meth:`view` puts it all into words for the
    DOM layer, which keeps only the trick shown (ui/dom/review.py)."""

    def __init__(self):
        self.cache: dict[str, dict] = {}  # hand key -> index -> Decision
        self.hand: dict | None = None
        self.frames: list[Frame] = []
        self.decisions: dict = {}
        self.shown: set = set()
        self.pending: list[int] = []
        self.total = 0
        self.failed = False
        self.show_computer = False
        #: The dialog is open (the DOM layer says when it closes): the analysis goes on only then.
        self.open = False
        #: Each opening's number: an analysis under way for an older one stops at its next step.
        self.run = 0

    def start(self, hand: dict, show_computer: bool | None = None) -> int:
        """Show ``hand`` (``{"deck", "dealer", "actions"}``, checked by the engine's
        replay) from the cache's values, with the computer's decisions too if
        ``show_computer`` (``None``: as before); the run's number."""
        from sixtysix.review import decision_points, replay

        if show_computer is not None:
            self.show_computer = show_computer
        hand = {"deck": list(hand["deck"]), "dealer": hand["dealer"], "actions": list(hand["actions"])}
        game = replay(hand["deck"], hand["dealer"], hand["actions"])  # a malformed hand raises here
        self.hand, self.frames = hand, frames(hand["deck"], hand["dealer"], hand["actions"])
        self.decisions = self.cache.setdefault(json.dumps(hand), {})
        players = (0, 1) if self.show_computer else (0,)
        wanted = sorted(i for p in players for i in decision_points(game, p))
        self.shown = set(wanted)
        self.pending = [i for i in wanted if i not in self.decisions]
        self.total = len(wanted)
        self.failed = False
        self.open = True
        self.run += 1
        return self.run

    def stop(self) -> None:
        """The analysis under way stops at its next step."""
        self.run += 1
        self.open = False

    @property
    def done(self) -> bool:
        return not self.pending

    def fail(self) -> None:
        """The bot could not value a decision: the review says so and stops."""
        self.failed = True

    def valued(self, index: int, decision) -> None:
        self.pending.remove(index)
        self.decisions[index] = decision

    def view(self, tr: Translator) -> dict:
        """Everything the dialog shows, in words (plain data: it crosses to the DOM layer as JSON)."""
        t = tr.t
        if self.failed:
            status = t("review.failed")
        elif not self.total:
            status = t("review.none")
        elif self.done:
            status = t("review.total", value=number(hand_cost(self.decisions), tr.lang).lstrip("+"))
        else:
            status = t("review.progress", done=self.total - len(self.pending), total=self.total)
        return {
            "lang": tr.lang,
            "progress": "done" if self.done else f"{self.total - len(self.pending)}/{self.total}",
            "show_computer": self.show_computer,
            "status": status,
            "about": t("review.done", total=self.total) if self.done and self.total else "",
            "bars": [bar.as_dict() for bar in chart(self.frames, self.decisions, self.shown, tr)],
            "costly": self.costly_view(tr),
            "frames": [self.frame_view(f, tr) for f in self.frames],
        }

    def costly_view(self, tr: Translator) -> dict | None:
        """The player's costliest decisions, once all are valued (``None`` before)."""
        from sixtysix.review import costliest

        if not self.done or not self.total:
            return None
        mine = [self.decisions[i] for i in sorted(self.decisions) if self.decisions[i].player == 0]
        worst = costliest(mine)
        if not worst:
            return {"title": "", "empty": tr.t("review.no_costly"), "decisions": []}
        decisions = [{"index": d.index, "text": costly_text(d, tr),
                  "frame": next(k for k, f in enumerate(self.frames) if any(i == d.index for i, _, _ in f.actions))}
                 for d in worst]
        return {"title": tr.t("review.costly.title"), "empty": "", "decisions": decisions}

    def frame_view(self, f: Frame, tr: Translator) -> dict:
        """One trick's frame as the dialog lists it: rows of cards, lines, valued decisions."""
        t = tr.t
        tricks = sum(1 for x in self.frames if x.winner is not None)
        items = [cards_row(f.hands[1], t("review.hand.computer"), tr)]
        if f.trick:
            items.append(cards_row([c for _, c in f.trick], t(f"review.played.{WHO[f.trick[0][0]]}"), tr))
        items.append(cards_row(f.hands[0], t("review.hand.you"), tr, marks=card_marks(f, self.decisions)))
        if f.closed:
            items.append(line(t("review.stock.closed")))
        elif f.stock:
            items.append(cards_row(f.stock, t("review.stock"), tr, trump_last=True))
        else:
            items.append(line(t("review.stock.empty")))
        for index, player, action in f.actions:
            if not action.startswith("play:"):
                items.append(line(t(f"review.event.{WHO[player]}", action=action_words(action, tr, False))))
            if index in self.shown and index in self.decisions:
                items.append(decision_view(self.decisions[index], tr))
        if f.winner is not None:
            items.append(line(t(f"review.won.{WHO[f.winner]}")))
        at = t("review.trick", n=f.number, total=tricks) if f.trick and f.winner is not None else t("review.after")
        return {"at": at, "parts": items}


def line(text: str, cls: str = "review-line") -> dict:
    return {"line": text, "cls": cls}


def cards_row(codes: list, label: str, tr: Translator, marks: dict | None = None, trump_last: bool = False) -> dict:
    """A labelled row of cards; a marked card's mark is said after its name too,
    and the row's legend says in words what each outline drawn in it means."""
    cards = []
    for i, code in enumerate(codes):
        mark = (marks or {}).get(code)
        name = tr.card(code) + (f" ({tr.t(MARK_WORDS[mark])})" if mark else "")
        cards.append({"code": code, "name": name, "mark": mark or "", "trump": trump_last and i == len(codes) - 1})
    drawn = set((marks or {}).values())
    legend = [{"mark": mark, "words": tr.t(words)} for mark, words in MARK_WORDS.items() if mark in drawn]
    return {"row": label, "cards": cards, "legend": legend}


def decision_view(d: Decision, tr: Translator) -> dict:
    lines = [line(costly_text(d, tr), "review-costly-line")] if is_costly(d) else []
    lines += [line(text, "review-alt") for text in decision_text(d, tr)]
    if d.exact:
        lines.append(line(tr.t("review.exact"), "review-note"))
    return {"decision": d.index, "costly": is_costly(d), "lines": lines}
