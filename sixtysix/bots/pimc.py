"""The search players: Perfect-Information Monte Carlo over sampled worlds.

For a decision the bot lists its *root moves*; on lead a root move is a whole
turn: [exchange] [close] then the card it leads (announcing the marriage if
that card is one), so the card led after closing or exchanging is the same in
every world (it is chosen once, under uncertainty, like the real decision).
It samples worlds that agree with the view (:mod:`.worlds`), scores every root
move in each world with the perfect-information search (:mod:`.rootmoves`
over :mod:`.search`), and
plays the first action of the root move with the best mean value: expected
game points, then card-point margin. Each world counts by its weight, the
likelihood of the opponent's recent play in it (:mod:`.inference`; all worlds
count the same with ``inference="uniform"``), and a close call (the best two
moves within ``close_margin``) gets up to ``extra_worlds`` more worlds. Once
the stock is empty the single world is the truth and the choice is exact.

Closing is where a determinized search fools itself: in each world the closer
plays as if it saw the opponent's cards, so closes look better than they are.
Two things keep it honest: the card led after closing is fixed across worlds
(above), and a close must win in at least ``close_share`` of the worlds
(docs/bots.md measures what that buys). With ``postpone`` a third does, in
the strict phase with the stock closed (closes included): my next card is
chosen once per thing I will have seen, not per world
(:func:`postponed_values`; an experiment, off in the levels).

The work is budgeted by a deterministic node count (``budget``): worlds are
searched whole until the budget is spent, so a choice depends only on the
view, the seed and the budget, never on machine load. ``time_cap`` is a
safety net (seconds of wall time) that stops the search early; it is never
reached in normal play.
"""

from __future__ import annotations

import time

from .. import cards
from ..actions import ACTIONS, DECLARE, EXCHANGE, MARRY, Action
from ..game import STOCK_START
from ..view import View
from . import inference as I
from . import worlds as W
from .config import MODEL, SearchConfig
from .rng import decision_rng
from .rootmoves import RootMove, closing_wins, root_moves, strict_lead, world_values
from .search import (G, INF, SWAP_CL, WIN, OutOfBudget, OutOfTime, Searcher, closing_now, closing_state,
                     declare_value)


class SearchBot:
    """PIMC + alpha-beta by game points (levels ``hard`` and ``medium``, and ``open``),
    set by a frozen :class:`.config.SearchConfig`."""

    name = "hard"

    def __init__(self, config: SearchConfig = MODEL, seed=None, name: str | None = None):
        self.config = config
        self.seed = seed
        self.evaluate = config.evaluate()
        if name:
            self.name = name
        self.last = None   # details of the last decision (for tools and tests)

    # --- entry points -------------------------------------------------------------------

    def choose(self, view) -> Action:
        view = View.from_dict(view)
        if not view.legal:
            raise ValueError("the bot was asked to move in a view with no legal action")
        try:
            k = W.infer(view)
        except W.InconsistentView:   # a view no deal can produce: still answer, legally and honestly
            legal = [Action.parse(a).code for a in view.legal]
            if DECLARE in legal and view.points[view.player] >= WIN:
                return ACTIONS[DECLARE]
            return ACTIONS[fallback(view, legal)]
        rng = decision_rng(self.seed, view)
        cfg = self.config
        found = W.worlds(k, cfg.max_worlds + cfg.extra_worlds, rng)
        if cfg.inference == "uniform":
            return self._decide(view, lambda: found)
        return self._decide(view, lambda: found, I.Weigher(view, cfg, self.evaluate, rng))

    def choose_open(self, game) -> Action:
        """The open-hand player: the same search given the true hidden cards (evaluation only)."""
        view = game.view(game.to_move)
        opp, stock = W.true_world(game, view.player)
        return self._decide(view, lambda: [(opp, stock)])

    # --- the decision -------------------------------------------------------------------

    def _decide(self, view: View, world_source, weigh=None) -> Action:
        legal = [Action.parse(a).code for a in view.legal]
        me = view.player
        self.last = None
        if len(legal) == 1:
            return ACTIONS[legal[0]]
        if DECLARE in legal and view.points[me] >= WIN:
            return ACTIONS[DECLARE]
        moves = root_moves(view, legal)
        if len(moves) == 1:
            return ACTIONS[moves[0].first]
        cfg = self.config
        start = time.perf_counter()
        trump = cards.suit_index(view.trump)
        deadline = None if cfg.time_cap is None else start + cfg.time_cap
        searcher = Searcher(trump, self.evaluate, deadline=deadline, exact_tail=cfg.exact_tail,
                            close_depth=cfg.close_depth)
        plain = [m for m in moves if not m.close]
        closing = [m for m in moves if m.close]
        depth = cfg.depth if STOCK_START - view.stock <= cfg.deep_until else 1
        # pass 1: the moves that do not close, and whether closing wins in each world
        done, per_world, close_wins = [], [], 0
        hard_cap = cfg.budget * 2 + cfg.extra_budget
        pending = list(world_source())
        wts = []   # the worlds' weights, as far as weighed (ints when uniform: exact sums)
        i = 0
        while i < len(pending):
            opp, stock = pending[i]
            if i == len(wts):
                wts.append(weigh(pending[i]) if weigh else 1)
            g = W.build(view, opp, stock)
            searcher.new_world(g.stock, hard_cap)
            try:
                vals = world_values(searcher, g, me, plain, depth)
                if closing:
                    close_wins += wts[i] * closing_wins(searcher, g, me, EXCHANGE in legal)
            except OutOfBudget as e:
                if isinstance(e, OutOfTime) or len(done) >= cfg.min_worlds or depth <= 1:
                    break
                depth -= 1   # too deep for the budget: start again shallower
                done, per_world, close_wins, i = [], [], 0, 0
                hard_cap = searcher.count + cfg.budget
                continue
            done.append((opp, stock))
            per_world.append(vals)
            i += 1
            if (searcher.count >= cfg.budget and len(done) >= cfg.min_worlds) or len(done) >= cfg.max_worlds:
                # enough, unless the best two moves are too close to call: then more worlds
                if len(done) >= len(pending) or searcher.count >= cfg.budget + cfg.extra_budget \
                        or not self._close_call(per_world, wts):
                    break
        if not done:
            return ACTIONS[fallback(view, legal)]
        n = len(done)
        mass = sum(wts[:n])
        if cfg.postpone and n > 1 and view.stock > 0 and view.closed_by is not None:
            per_world = self._postponed(searcher, view, done, wts, plain) or per_world
        # pass 2: closing is a candidate only if it wins in close_share of the worlds; then each
        # "close and lead c" is scored in (up to close_worlds of) the same worlds
        considered = list(plain)
        close_vals = []
        if closing and close_wins >= cfg.close_share * mass and close_wins > 0:
            spent = searcher.count
            searcher.cap_nodes(spent + 2 * cfg.budget)
            for opp, stock in done[:cfg.close_worlds]:
                g = W.build(view, opp, stock)
                try:
                    close_vals.append(world_values(searcher, g, me, closing, depth))
                except OutOfBudget:
                    break
                if searcher.count - spent >= cfg.budget and len(close_vals) >= cfg.min_worlds:
                    break
            if close_vals and cfg.postpone:
                close_vals = self._postponed(searcher, view, done[:len(close_vals)], wts, closing) or close_vals
            if close_vals:
                n = len(close_vals)
                mass = sum(wts[:n])
                considered += closing
        totals = []
        for j in range(len(plain)):
            totals.append(sum(wts[w] * per_world[w][j] for w in range(n)))
        for j in range(len(closing) if close_vals else 0):
            vs = [close_vals[w][j] for w in range(n)]
            ok = sum(wts[w] for w in range(n) if vs[w] > 0) >= cfg.close_share * mass
            totals.append(sum(wts[w] * vs[w] for w in range(n)) if ok else -INF * mass)
        bj = max(range(len(considered)), key=lambda j: (totals[j], -j))
        best = considered[bj]
        self.last = {"worlds": n, "nodes": searcher.count, "depth": depth,
                     "close_wins": close_wins / sum(wts[:len(done)]),
                     "effective_worlds": I.effective_worlds(wts[:n]),
                     "values": {m.label: totals[j] / mass / G for j, m in enumerate(considered)},
                     "choice": best.label, "seconds": time.perf_counter() - start}
        return ACTIONS[best.first]

    def _postponed(self, searcher, view, done, wts, moves):
        """:func:`postponed_values` of ``moves`` in the worlds ``done``, within one more
        budget of nodes; None if that does not suffice (then plain PIMC's values stand)."""
        searcher.cap_nodes(searcher.count + self.config.budget)
        try:
            return postponed_values(searcher, [W.build(view, o, st) for o, st in done], wts,
                                    view.player, moves)
        except OutOfBudget:
            return None

    def _close_call(self, per_world, wts) -> bool:
        """Whether the best two moves so far are within ``close_margin`` game points."""
        if not per_world or len(per_world[0]) < 2:
            return False
        mass = sum(wts[:len(per_world)])
        means = sorted((sum(w * vals[j] for w, vals in zip(wts, per_world)) / mass
                        for j in range(len(per_world[0]))), reverse=True)
        return means[0] - means[1] < self.config.close_margin * G


def postponed_values(s: Searcher, games, wts, me: int, moves: list[RootMove]) -> list[list[int]]:
    """Per world, the value for ``me`` of each root move in the strict phase (a close, or a
    lead or an answer with the stock closed), with my *next* decision postponed: chosen once
    for all the worlds that show what I will have seen by then, as in the real game, not per
    world as plain PIMC does (EPIMC: Arjonilla, Saffidine and Cazenave, 2024). The opponent
    still plays each world exactly, knowing how I will go on. ``games`` are the worlds (Games
    at the view's position), ``wts`` their weights.
    """
    out = [[0] * len(moves) for _ in games]
    for j, m in enumerate(moves):
        sums: dict = {}   # what I will have seen -> per next choice, the weighted sum of values
        plans = []        # per world: what the opponent can do, as (exact value | seen key, values)
        for w, g in enumerate(games):
            plan = _plan(s, g, me, m)
            for option in plan:
                for key, vals in option:
                    if key is not None:
                        acc = sums.setdefault(key, [0] * len(vals))
                        for k, v in enumerate(vals):
                            acc[k] += wts[w] * v
            plans.append(plan)
        pick = {key: max(range(len(acc)), key=lambda k: (acc[k], -k)) for key, acc in sums.items()}
        for w, plan in enumerate(plans):
            out[w][j] = min(min(vals if key is None else vals[pick[key]] for key, vals in option)
                            for option in plan)
    return out


def _plan(s: Searcher, g, me: int, m: RootMove) -> list:
    """The opponent's options after root move ``m`` in world ``g``, for :func:`postponed_values`:
    a list (the opponent picks one) of lists (the opponent picks one of the leads that follow)
    of ``(None, exact value)`` or ``(key, values of my choices)``; the key is what I will have
    seen at that choice."""
    T, opp = s.trump, 1 - me
    h, ho, p, po = g.hands[me], g.hands[opp], g.points(me), g.points(opp)
    t, to = int(g.tricks[me] > 0), int(g.tricks[opp] > 0)
    if g.led >= 0:   # I answer the opponent's card: one option, what follows the trick
        cl = closing_state(g.closed_by, g.leader, g.non_closer_tricks_at_close)   # the leader's
        c, f = g.led, m.card
        return [_my_choices_after_trick(s, ho | 1 << c, h, po, p, to, t, cl, c, f, me_led=False, seen=())]
    if m.exchange:
        h ^= (1 << cards.trump_nine(T)) ^ (1 << g.trump_card)
    cl = closing_now(to) if m.close else closing_state(g.closed_by, g.leader, g.non_closer_tricks_at_close)
    c = m.card
    if g.pending_marriage < 0:
        p += cards.marriage_bonus(h, c, t, T)
        if p >= WIN:
            return [[(None, declare_value(p, po, to, cl))]]
    return [_my_choices_after_trick(s, h, ho, p, po, t, to, cl, c, a, me_led=True, seen=(a,))
            for a in cards.cards_in(cards.strict_answers(ho, c, T))]


def _my_choices_after_trick(s: Searcher, hl, hf, pl, pf, tl, tf, cl, c, a, me_led: bool, seen: tuple) -> list:
    """The trick ``c`` (led from ``hl``, still in it) answered by ``a``, and my next choice in
    the strict phase: my lead if I win it, my answer to each lead of the opponent's if it does.
    Values are mine; ``cl`` is the leader's closing state; ``seen`` what the trick showed me."""
    leader_wins = not cards.BEATS[s.trump][c] >> a & 1
    hl2, hf2 = hl & ~(1 << c), hf & ~(1 << a)
    pts = cards.POINTS[c] + cards.POINTS[a]
    if leader_wins:
        hw, hx, pw, px, tx, clw = hl2, hf2, pl + pts, pf, tf, cl
    else:
        hw, hx, pw, px, tx, clw = hf2, hl2, pf + pts, pl, tl, SWAP_CL[cl]
    if pw >= WIN or not hw:   # the hand is over: nothing left to choose
        exact = s.strict_follow(hl, hf, pl, pf, tl, tf, cl, c, a)   # the leader's value
        return [(None, exact if me_led else -exact)]
    if leader_wins == me_led:   # I lead next
        return [(("lead", *seen), [strict_lead(s, hw, hx, pw, px, 1, tx, clw, c2) for c2 in cards.cards_in(hw)])]
    out = []   # the opponent leads next; I answer each of its leads
    for c2 in cards.cards_in(hw):
        pm = pw + cards.marriage_bonus(hw, c2, 1, s.trump)
        if pm >= WIN:
            out.append((None, -declare_value(pm, px, tx, clw)))
            continue
        answers = cards.cards_in(cards.strict_answers(hx, c2, s.trump))
        out.append((("answer", *seen, c2), [-s.strict_follow(hw, hx, pm, px, 1, tx, clw, c2, f) for f in answers]))
    return out


def fallback(view: View, legal: list[int]) -> int:
    """A legal non-declaring action when no world could be searched (never in normal play)."""
    plays = [c for c in legal if c < MARRY]
    return min(plays, key=lambda c: (cards.POINTS[c], c)) if plays else [c for c in legal if c != DECLARE][0]
