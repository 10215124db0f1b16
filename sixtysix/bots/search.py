"""Perfect-information search of one world, by game points.

Every value here is seen from the player on lead (negamax): ``gp * G`` plus a
small tie-break ``TB * (own points - opponent's points)``, where ``gp`` is the
game points the hand ends with (negative when the opponent scores them).

- :meth:`Searcher.strict` solves the strict phase (stock closed or empty)
  exactly: alpha-beta with a transposition table. The positions are small
  (at most 6 cards each), so this is cheap.
- :meth:`Searcher.open` searches while the stock is open, ``depth`` tricks
  deep, then scores the position with :func:`evaluate`; a line that reaches
  the empty stock within the horizon continues into the exact solver.

The search works on plain ints (hand masks, points), not on
:class:`sixtysix.Game`, which makes it a few times faster than the engine's
push/pop. Rules it relies on (RULES.md) and which make some choices
automatic:

- the player on lead with 66 or more declares at once: waiting can only give
  the opponent more points or tricks, so it never scores more; below 66 the
  search never declares (a false declaration is never better, and the bots
  never make one);
- a player leading the king or queen of a marriage they may announce
  announces it (20 or 40 points more never hurt);
- trick counts matter only as zero / non-zero (the 3-point cases, and the
  right to marry or exchange).

Nodes are counted; the search raises :class:`OutOfBudget` when a node cap or
the wall-time safety cap is hit (checked every 512 nodes), so the caller can
drop an unfinished world.
"""

from __future__ import annotations

import time

from ..actions import CLOSE, EXCHANGE
from ..cards import BEATS, PARTNER_BIT, POINTS, marriage_bonus, marriage_points, strict_answers, trump_nine
from ..game import FACE_DOWN, STOCK_START
from ..scoring import HALF_POINTS, WINNING_POINTS as WIN

G = 1000          # one game point
TB = 1            # tie-break weight of one card point of margin
INF = 10 * G

# The closing state ``cl``, from the side of the player on lead (an int: it is part of
# the transposition keys): OPEN, or who closed, plus NO_TRICK when the non-closer had
# no trick at closing (rule 3's snapshot).
OPEN, I_CLOSED, OPPONENT_CLOSED, NO_TRICK = 0, 1, 2, 3
SWAP_CL = (OPEN, OPPONENT_CLOSED, I_CLOSED, NO_TRICK, OPPONENT_CLOSED + NO_TRICK, I_CLOSED + NO_TRICK)


def closing_state(closed_by: int, leader: int, non_closer_tricks_at_close: int) -> int:
    """``cl`` of a game's position (``closed_by`` -1 when open) for the player on lead."""
    if closed_by < 0:
        return OPEN
    return (I_CLOSED if closed_by == leader else OPPONENT_CLOSED) + (NO_TRICK if non_closer_tricks_at_close == 0 else 0)


def closing_now(follower_has_trick: int) -> int:
    """``cl`` right after the player on lead closes."""
    return I_CLOSED if follower_has_trick else I_CLOSED + NO_TRICK

# cards of each suit-chunk value (6 bits) as card ints, per suit
_CHUNK = [[[s * 6 + r for r in range(6) if m >> r & 1] for m in range(64)] for s in range(4)]


def cards_of(mask: int) -> list[int]:
    c = _CHUNK
    return c[0][mask & 63] + c[1][mask >> 6 & 63] + c[2][mask >> 12 & 63] + c[3][mask >> 18 & 63]


class OutOfBudget(Exception):
    """The node cap or the wall-time cap was reached."""


class OutOfNodes(OutOfBudget):
    """The node cap was reached (deterministic: a shallower search may still fit)."""


class OutOfTime(OutOfBudget):
    """The wall-time safety cap was reached (stop searching)."""


def declare_value(pd: int, po: int, to: int, cl: int) -> int:
    """The declarer's value for a correct declaration (``pd`` >= 66)."""
    if cl == OPPONENT_CLOSED:
        g = 2
    elif cl == OPPONENT_CLOSED + NO_TRICK:
        g = 3
    else:
        g = 3 if not to else 2 if po < HALF_POINTS else 1
    return g * G + TB * (pd - po)


def last_trick_value(pw: int, po: int, to: int, cl: int) -> int:
    """The value for the winner of the last trick (``pw`` points, opponent ``po``)."""
    if pw >= WIN:
        return declare_value(pw, po, to, cl)
    if cl == OPEN:
        return G + TB * (pw - po)
    if cl == I_CLOSED:   # the closer did not reach 66: the closing failed
        return -2 * G + TB * (pw - po)
    if cl == I_CLOSED + NO_TRICK:
        return -3 * G + TB * (pw - po)
    return (3 if cl == OPPONENT_CLOSED + NO_TRICK else 2) * G + TB * (pw - po)


class Searcher:
    """Search of worlds that share a trump suit; transposition tables live as long
    as the searcher (one decision), so counts and results are reproducible."""

    def __init__(self, trump: int, evaluate, node_cap: int = 1 << 60, deadline: float | None = None,
                 exact_tail: bool = True, close_depth: int = 1):
        self.trump = trump
        self.count = 0
        self.node_cap = node_cap
        self.deadline = deadline
        self.evaluate = evaluate
        self.strict_tt: dict = {}
        self.open_tt: dict = {}
        self.stock: list[int] = []
        self.close_depth = close_depth   # open-phase plies (tricks from the root) where closing is searched
        self.exact_tail = exact_tail     # continue into the exact solver when the stock runs out

    def new_world(self, stock: list[int], node_cap: int) -> None:
        """Search another world: its stock (the game's ``stock`` list), a fresh open-phase
        table (its values depend on the stock; the strict table does not) and a node cap."""
        self.stock = stock
        self.open_tt = {}
        self.node_cap = node_cap

    def cap_nodes(self, node_cap: int) -> None:
        """Stop (:class:`OutOfNodes`) once the node count passes ``node_cap``."""
        self.node_cap = node_cap

    def tick(self):
        if self.count > self.node_cap:
            raise OutOfNodes("nodes")
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime("time")

    # --- the strict phase: exact ---------------------------------------------------------

    def strict(self, hl: int, hf: int, pl: int, pf: int, tl: int, tf: int, cl: int,
               alpha: int = -INF, beta: int = INF) -> int:
        """Exact value for the leader (``pl`` < 66) in the strict phase."""
        return self._strict(hl, hf, pl, pf, tl, tf, cl, alpha, beta)

    def _strict(self, hl, hf, pl, pf, tl, tf, cl, alpha, beta):
        self.count += 1
        if self.count & 511 == 0:
            self.tick()
        key = (hl, hf, pl, pf, tl, tf, cl)
        tt = self.strict_tt
        e = tt.get(key)
        first = -1
        if e is not None:
            lo, hi, first = e
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        a0, b0 = alpha, beta
        T = self.trump
        beats = BEATS[T]
        best = -INF
        bestc = -1
        leads = cards_of(hl)
        if first >= 0 and len(leads) > 1:
            leads.remove(first)
            leads.insert(0, first)
        strict = self._strict
        for c in leads:
            # cards.marriage_bonus, inlined: the call costs the exact solver 3-4 % of its time
            # (tests/test_bots_search.py checks that the two agree)
            plc = pl + marriage_points(c // 6, T) if tl and hl & PARTNER_BIT[c] else pl
            if plc >= WIN:   # (pl < 66: only a marriage gets here)
                v = declare_value(plc, pf, tf, cl)
                if v > best:
                    best, bestc = v, c
                if best >= beta:
                    break
                if best > alpha:
                    alpha = best
                continue
            hl2 = hl & ~(1 << c)
            fbest = INF
            pc = POINTS[c]
            wins = beats[c]
            for a in cards_of(strict_answers(hf, c, T)):
                hf2 = hf & ~(1 << a)
                pts = pc + POINTS[a]
                if wins >> a & 1:
                    pf2 = pf + pts
                    if pf2 >= WIN:
                        v = -declare_value(pf2, plc, tl, SWAP_CL[cl])
                    elif not hf2:
                        v = -last_trick_value(pf2, plc, tl, SWAP_CL[cl])
                    else:
                        lo = alpha if alpha > best else best
                        hi = beta if beta < fbest else fbest
                        v = -strict(hf2, hl2, pf2, plc, 1, tl, SWAP_CL[cl], -hi, -lo)
                else:
                    pl2 = plc + pts
                    if pl2 >= WIN:
                        v = declare_value(pl2, pf, tf, cl)
                    elif not hl2:
                        v = last_trick_value(pl2, pf, tf, cl)
                    else:
                        lo = alpha if alpha > best else best
                        hi = beta if beta < fbest else fbest
                        v = strict(hl2, hf2, pl2, pf, 1, tf, cl, lo, hi)
                if v < fbest:
                    fbest = v
                    if fbest <= alpha or fbest <= best:
                        break
            if fbest > best:
                best, bestc = fbest, c
                if best >= beta:
                    break
                if best > alpha:
                    alpha = best
        if best <= a0:
            tt[key] = (e[0] if e else -INF, best, bestc)
        elif best >= b0:
            tt[key] = (best, e[1] if e else INF, bestc)
        else:
            tt[key] = (best, best, bestc)
        return best

    # --- the open stock: depth-limited -----------------------------------------------------

    def open(self, hl: int, hf: int, pl: int, pf: int, tl: int, tf: int, d: int, tc: int,
             depth: int, ply: int = 0, alpha: int = -INF, beta: int = INF) -> int:
        """Value for the leader while the stock is open (``d`` cards drawn, ``tc``
        the trump card under it, ``self.stock`` the world's stock), searching
        ``depth`` tricks before evaluating."""
        self.count += 1
        if self.count & 511 == 0:
            self.tick()
        if depth <= 0:
            return self.evaluate(hl, hf, pl, pf, tl, tf, d, tc, self.trump)
        key = (hl, hf, pl, pf, tl, tf, d, tc, depth, ply < self.close_depth)
        tt = self.open_tt
        e = tt.get(key)
        first = -1
        if e is not None:
            lo, hi, first = e
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        a0, b0 = alpha, beta
        T = self.trump
        best = -INF
        bestc = -1
        nine = trump_nine(T)
        # exchange (then everything else, at the same node)
        if tl and hl >> nine & 1:
            v = self.open(hl ^ (1 << nine) ^ (1 << tc), hf, pl, pf, tl, tf, d, nine, depth, ply, alpha, beta)
            best, bestc = v, EXCHANGE
            if best > alpha:
                alpha = best
        if best < beta and ply < self.close_depth:
            v = self._strict(hl, hf, pl, pf, tl, tf, closing_now(tf), alpha, beta)
            if v > best:
                best, bestc = v, CLOSE
                if best > alpha:
                    alpha = best
        if best < beta:
            leads = order_leads(hl, T)
            if 0 <= first < EXCHANGE and first in leads:   # a card, not the exchange or the close
                leads.remove(first)
                leads.insert(0, first)
            for c in leads:
                v = self.open_lead(hl, hf, pl, pf, tl, tf, d, tc, depth, ply, c, alpha, beta)
                if v > best:
                    best, bestc = v, c
                    if best >= beta:
                        break
                    if best > alpha:
                        alpha = best
        if best <= a0:
            tt[key] = (e[0] if e else -INF, best, bestc)
        elif best >= b0:
            tt[key] = (best, e[1] if e else INF, bestc)
        else:
            tt[key] = (best, best, bestc)
        return best

    def open_lead(self, hl, hf, pl, pf, tl, tf, d, tc, depth, ply, c, alpha=-INF, beta=INF):
        """Value for the leader of leading ``c`` (announcing its marriage if it can)."""
        T = self.trump
        pl += marriage_bonus(hl, c, tl, T)
        if pl >= WIN:   # (pl < 66: only a marriage gets here)
            return declare_value(pl, pf, tf, OPEN)
        hl2 = hl & ~(1 << c)
        S = self.stock
        top = S[d]
        second = S[d + 1] if d + 1 < FACE_DOWN else tc
        d2 = d + 2
        fbest = INF
        pc = POINTS[c]
        wins = BEATS[T][c]
        for a in order_follows(hf, c, T):
            hf2 = hf & ~(1 << a)
            pts = pc + POINTS[a]
            if wins >> a & 1:
                pf2 = pf + pts
                hw, hlo = hf2 | (1 << top), hl2 | (1 << second)
                if pf2 >= WIN:
                    v = -declare_value(pf2, pl, tl, OPEN)
                else:
                    lo, hi = alpha, (beta if beta < fbest else fbest)
                    if d2 == STOCK_START:
                        if self.exact_tail:
                            v = -self._strict(hw, hlo, pf2, pl, 1, tl, OPEN, -hi, -lo)
                        else:
                            v = -self.evaluate(hw, hlo, pf2, pl, 1, tl, STOCK_START, tc, T)
                    else:
                        v = -self.open(hw, hlo, pf2, pl, 1, tl, d2, tc, depth - 1, ply + 1, -hi, -lo)
            else:
                pl2 = pl + pts
                hw, hlo = hl2 | (1 << top), hf2 | (1 << second)
                if pl2 >= WIN:
                    v = declare_value(pl2, pf, tf, OPEN)
                else:
                    lo, hi = alpha, (beta if beta < fbest else fbest)
                    if d2 == STOCK_START:
                        if self.exact_tail:
                            v = self._strict(hw, hlo, pl2, pf, 1, tf, OPEN, lo, hi)
                        else:
                            v = self.evaluate(hw, hlo, pl2, pf, 1, tf, STOCK_START, tc, T)
                    else:
                        v = self.open(hw, hlo, pl2, pf, 1, tf, d2, tc, depth - 1, ply + 1, lo, hi)
            if v < fbest:
                fbest = v
                if fbest <= alpha:
                    break
        return fbest

    def open_follow(self, hl, hf, pl, pf, tl, tf, d, tc, depth, ply, c, a, alpha=-INF, beta=INF):
        """Value for the *leader* of the trick ``c`` (already led, marriage counted in
        ``pl``) answered by ``a``."""
        T = self.trump
        S = self.stock
        top = S[d]
        second = S[d + 1] if d + 1 < FACE_DOWN else tc
        hl2, hf2 = hl & ~(1 << c), hf & ~(1 << a)
        pts = POINTS[c] + POINTS[a]
        d2 = d + 2
        if BEATS[T][c] >> a & 1:
            pf2 = pf + pts
            hw, hlo = hf2 | (1 << top), hl2 | (1 << second)
            if pf2 >= WIN:
                return -declare_value(pf2, pl, tl, OPEN)
            if d2 == STOCK_START:
                return -self._strict(hw, hlo, pf2, pl, 1, tl, OPEN, -beta, -alpha)
            return -self.open(hw, hlo, pf2, pl, 1, tl, d2, tc, depth - 1, ply + 1, -beta, -alpha)
        pl2 = pl + pts
        hw, hlo = hl2 | (1 << top), hf2 | (1 << second)
        if pl2 >= WIN:
            return declare_value(pl2, pf, tf, OPEN)
        if d2 == STOCK_START:
            return self._strict(hw, hlo, pl2, pf, 1, tf, OPEN, alpha, beta)
        return self.open(hw, hlo, pl2, pf, 1, tf, d2, tc, depth - 1, ply + 1, alpha, beta)

    def strict_follow(self, hl, hf, pl, pf, tl, tf, cl, c, a, alpha=-INF, beta=INF):
        """Strict phase: value for the leader of the trick ``c`` answered by ``a``."""
        T = self.trump
        hl2, hf2 = hl & ~(1 << c), hf & ~(1 << a)
        pts = POINTS[c] + POINTS[a]
        if BEATS[T][c] >> a & 1:
            pf2 = pf + pts
            if pf2 >= WIN:
                return -declare_value(pf2, pl, tl, SWAP_CL[cl])
            if not hf2:
                return -last_trick_value(pf2, pl, tl, SWAP_CL[cl])
            return -self._strict(hf2, hl2, pf2, pl, 1, tl, SWAP_CL[cl], -beta, -alpha)
        pl2 = pl + pts
        if pl2 >= WIN:
            return declare_value(pl2, pf, tf, cl)
        if not hl2:
            return last_trick_value(pl2, pf, tf, cl)
        return self._strict(hl2, hf2, pl2, pf, 1, tf, cl, alpha, beta)


# --- move ordering (cheap, static) -------------------------------------------------------------

# Sort keys as one int per card and trump, read with ``list.__getitem__`` (no
# lambda per comparison at every node), in the order of the tuples they encode.
_LEAD_KEY = [[(c // 6 == t) * 32 + 8 + (-(c % 6) if c % 6 >= 4 else c % 6) for c in range(24)] for t in range(4)]
_WIN_KEY = [[(a // 6 == t) * 1024 + POINTS[a] * 32 + a for a in range(24)] for t in range(4)]
_LOSE_KEY = [[(POINTS[a] + (12 if a // 6 == t else 0)) * 32 + a for a in range(24)] for t in range(4)]


def order_leads(hand: int, trump: int) -> list[int]:
    """Leads to try first: non-trump low cards, then high cards, trumps last."""
    cs = cards_of(hand)
    cs.sort(key=_LEAD_KEY[trump].__getitem__)
    return cs


def order_follows(hand: int, led: int, trump: int) -> list[int]:
    """Answers to try first: the cheapest card that wins (same suit first, then
    trumps), then throw-aways, lowest points first."""
    beats = BEATS[trump][led]
    win = []
    lose = []
    for a in cards_of(hand):
        if beats >> a & 1:
            win.append(a)
        else:
            lose.append(a)
    win.sort(key=_WIN_KEY[trump].__getitem__)
    lose.sort(key=_LOSE_KEY[trump].__getitem__)
    return win + lose
