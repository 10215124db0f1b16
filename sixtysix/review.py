"""A finished hand, reviewed: what each decision was worth, from the seat's own view.

For every decision a player made with a choice (:func:`decision_points`),
:func:`review_decision` values each legal alternative in expected game points
of the hand (+ won, - lost), computed by the hard bot's search from
``game.view(player)`` at that moment: never from the hidden cards, so a
strong player in that seat could have known it. Once the stock is closed or
empty every world is solved exactly; with one world left (the stock empty)
the values are exact.

The search is used through its public entry point only
(:class:`sixtysix.bots.pimc.SearchBot`: ``choose(view)`` and the values of its
whole-turn root moves in ``bot.last``), with two review settings:

- ``close_share=0``: a close is valued like any other move (the bot itself
  plays a close only when it wins in most worlds);
- a declaration is valued exactly from the view's points and tricks (the
  scoring rules), and the other moves are valued with "declare" left out of
  the legal list, so a missed declaration shows what the card played was worth.

An action the root moves do not value directly is valued by applying it and
valuing the position that follows for the same player (closing when no sampled
world wins by closing; a lone card beside "declare").

Deterministic: the values depend only on the view, the seed and the budget.

>>> from sixtysix import Game
>>> g = Game.new(seed=3); g.apply("declare")
>>> [d.chosen for d in review(g, g.dealer ^ 1)]
[]
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from . import scoring
from .game import STOCK_START, Game

#: Search nodes per decision: the hard bot's own budget.
REVIEW_BUDGET = 40_000
#: A decision that loses this much (game points) against the best is worth telling.
COSTLY = 0.25
#: The search's tie-break adds at most 1/1000 game point per card point; values are rounded to it.
DIGITS = 3


@dataclass
class Decision:
    """One decision of ``player``: ``values`` maps each legal action to its expected game points."""

    index: int                 # position of the action in the hand's action list
    player: int
    chosen: str
    values: dict = field(default_factory=dict)
    best: str | None = None
    #: How much the chosen action gave away against the best (>= 0), ``None`` if not valued.
    loss: float | None = None
    #: The stock was closed or empty: every world was solved to the end.
    exact: bool = False

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "Decision":
        return cls(**data)


def replay(deck, dealer: int, actions) -> Game:
    """The hand dealt from ``deck`` with ``actions`` (notation strings) applied."""
    g = Game.from_deck(list(deck), dealer)
    for a in actions:
        g.apply(a)
    return g


def decision_points(game: Game, player: int) -> list[int]:
    """Indexes in ``game.actions`` where ``player`` chose among two or more actions."""
    g = Game.from_deck(list(game.deck), game.dealer)
    out = []
    for i, (p, code) in enumerate(game.actions):
        if p == player and len(g.legal_codes()) > 1:
            out.append(i)
        g.push(code)
    return out


#: The search's tie-break: 1/1000 game point per card point of margin (sixtysix.bots.search).
TIE_BREAK = 0.001


def declaration_value(view) -> float:
    """The exact value for the player on lead of declaring now (rules 1-3), with the
    search's tie-break on the card-point margin so that it compares fairly."""
    me = view.player
    closed = view.closed_by if view.closed_by is not None else -1
    r = scoring.declaration(me, view.points, view.tricks, closed, view.non_closer_tricks_at_close or 0)
    gp = r.game_points if r.winner == me else -r.game_points
    return round(gp + TIE_BREAK * (view.points[me] - view.points[1 - me]), DIGITS)


def _atomic(label: str, legal: list[str]) -> str:
    """The first action of a whole-turn root move (``"exchange close KH"``, ``"QS"``...)."""
    words = label.split()
    if "exchange" in words:
        return "exchange"
    if "close" in words:
        return "close"
    card = words[-1]
    marry = f"marry:{card[1]}"
    return marry if card[0] in "KQ" and marry in legal else f"play:{card}"


def action_values(game: Game, seed=0, budget: int = REVIEW_BUDGET) -> dict[str, float]:
    """Each legal action of the player to move, valued from that player's view."""
    me = game.to_move
    view = game.view(me)
    legal = list(view.legal)
    values: dict[str, float] = {}
    if "declare" in legal:
        values["declare"] = declaration_value(view)
        legal.remove("declare")
    if len(legal) > 1:
        from dataclasses import replace  # here, not at the top: the page's main thread never loads the bots
        from .bots.config import MODEL
        from .bots.pimc import SearchBot

        bot = SearchBot(replace(MODEL, budget=budget, time_cap=1e9, close_share=0.0), seed=seed, name="review")
        view.legal = legal
        bot.choose(view)
        for label, v in ((bot.last or {}).get("values") or {}).items():
            a = _atomic(label, legal)
            values[a] = max(values.get(a, -99.0), round(v, DIGITS))
    for a in legal:
        if a not in values and (a in ("close", "exchange") or a.startswith("marry:") or len(legal) == 1):
            values[a] = _value_after(game, a, me, seed, budget)
    return values


def _value_after(game: Game, action: str, me: int, seed, budget: int) -> float | None:
    """The value of ``action`` as the best value of what ``me`` can do next (same view)."""
    g = game.copy()
    g.apply(action)
    while g.result is None and g.to_move != me:
        answers = g.legal_actions()
        # The stock run out, every card left is known (the opponent's are those
        # not seen): a forced answer (the last trick's card) is no secret.
        if g.drawn != STOCK_START or len(answers) != 1:
            return None  # the opponent answers: a value only the root search gives
        g.apply(answers[0])
    if g.result is not None:
        r = g.result
        gp = r.game_points if r.winner == me else -r.game_points
        return round(gp + TIE_BREAK * (g.points(me) - g.points(1 - me)), DIGITS)
    after = action_values(g, seed, budget)
    valued = [v for v in after.values() if v is not None]
    return max(valued) if valued else None


def review_decision(game: Game, index: int, seed=0, budget: int = REVIEW_BUDGET) -> Decision:
    """The decision at ``game.actions[index]``, valued from the mover's view at that moment."""
    player, code = game.actions[index]
    at = replay(game.deck, game.dealer, game.action_notations()[:index])
    chosen = game.action_notations()[index]
    values = action_values(at, seed, budget)
    valued = {a: v for a, v in values.items() if v is not None}
    best = max(valued, key=lambda a: (valued[a], a == chosen)) if valued else None
    loss = None
    if best is not None and chosen in valued:
        loss = round(max(0.0, valued[best] - valued[chosen]), DIGITS)
    exact = at.closed_by >= 0 or at.drawn == STOCK_START
    return Decision(index, player, chosen, values, best, loss, exact)


def review(game: Game, player: int, seed=0, budget: int = REVIEW_BUDGET) -> list[Decision]:
    """Every decision of ``player`` in ``game`` (the page asks for one at a time)."""
    return [review_decision(game, i, seed, budget) for i in decision_points(game, player)]


def costliest(decisions: list[Decision], limit: int = 3, threshold: float = COSTLY) -> list[Decision]:
    """The decisions that gave away the most, worst first (at least ``threshold`` each)."""
    lost = [d for d in decisions if d.loss is not None and d.loss >= threshold]
    return sorted(lost, key=lambda d: (-d.loss, d.index))[:limit]
